"""Every terminal test saves its games in a temporary data folder, never in the real home."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(tmp_path / "data"))
