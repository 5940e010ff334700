"""Recorded playthroughs: whole seeded games (uniform random play) replayed from their records must
reach the same final position and outcome, so any change in deals, moves or flow shows."""

from __future__ import annotations

import pathlib

import pytest

from gametable import Record

FILES = sorted((pathlib.Path(__file__).parent / "playthroughs").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_replays_exactly(path):
    record = Record.load(path)
    state = record.replay()
    assert state.is_over
    assert state.to_text() == record.meta["final_position"]
    assert state.outcome.to_json() == record.meta["outcome"]
