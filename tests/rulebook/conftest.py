"""The rulebook tests see only the rulebooks gametable ships: the data folder, where a user's
added rulebooks live (``gametable rules add``), points at an empty temporary folder while these
tests are collected and run (a test that adds rulebooks points it elsewhere itself)."""

from __future__ import annotations

import os
import tempfile

from gametable.core.paths import DATA_DIR_VARIABLE

os.environ[DATA_DIR_VARIABLE] = tempfile.mkdtemp(prefix="gametable-rulebook-tests-")
