"""The simulate package needs its extra (pyarrow, matplotlib): without it, say so and skip."""

from __future__ import annotations

import importlib.util

import pytest

MISSING = [m for m in ("pyarrow", "matplotlib") if importlib.util.find_spec(m) is None]


def pytest_collection_modifyitems(config, items):
    if not MISSING:
        return
    skip = pytest.mark.skip(reason=f"needs {', '.join(MISSING)}: pip install 'gametable[simulate]'")
    for item in items:
        if "tests/simulate/" in str(item.path).replace("\\", "/"):
            item.add_marker(skip)
