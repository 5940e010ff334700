"""Which engine the tests run: the one this environment picks (:mod:`gametable.compiled`).

The compiled modules where they are built, else pure Python (``GAMETABLE_PURE=1`` forces it);
the run's header says which.  A compiled module's ``__file__`` is its built file, not the source
that pytest collects its doctests from, so pytest is told that the module it finds is the right
one: the build is used only when it was made from exactly these sources.
"""

from __future__ import annotations

import os

import gametable.compiled

if gametable.compiled.engine().compiled:
    os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")


def pytest_report_header() -> str:
    return f"gametable engines: {gametable.compiled.engine()}"
