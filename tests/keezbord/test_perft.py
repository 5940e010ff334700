"""Exact numbers of legal actions from fixed positions (like chess perft), so that any change in
move generation shows.  ``perft.json`` holds the positions: two counted by hand, the rest
snapshots of seeded random games kept as a regression record.  perft 2 counts the legal actions
after each legal action (a deal in between is drawn from the position's own RNG)."""

from __future__ import annotations

import json
import pathlib

import pytest

from tests.keezbord.helpers import GAME

CASES = json.loads((pathlib.Path(__file__).parent / "perft.json").read_text())


def perft(state, depth: int) -> int:
    if depth == 0 or not state.to_move:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft(case):
    state = GAME.state_from_json(case["position"])
    for depth, expected in case["perft"].items():
        assert perft(state, int(depth)) == expected
