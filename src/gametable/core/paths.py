"""gametable's data folder: saves, added rulebooks and whatever else a user keeps.

It is ``$GAMETABLE_DATA_DIR`` when that variable is set (tests point it at a temporary folder),
else the platform's data folder for gametable (``~/.local/share/gametable`` on Linux, through
:mod:`platformdirs`).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: the environment variable that moves the data folder
DATA_DIR_VARIABLE = "GAMETABLE_DATA_DIR"


def data_folder() -> Path:
    """gametable's data folder (not created here)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("gametable", appauthor=False))
