"""Move generation and the rule checks agree: over every integer code, exactly the listed legal
actions pass ``check_action`` (``is_legal``), and a refused one leaves the state untouched."""

from __future__ import annotations

import random

import pytest

from tests.keezbord.helpers import GAME


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, None),
        (4, None),
        (6, None),
        (4, {"seven_hits_passed": True}),
    ],
)
def test_legal_actions_are_exactly_the_actions_that_pass_the_checks(players, options):
    state = GAME.new_game(players, seed=players, options=options)
    rng = random.Random(players)
    codes = range(GAME.num_distinct_actions(players))
    checked = 0
    while state.to_move and checked < 12:
        if state.ply % 9 == 4:
            checked += 1
            listed = set(state.legal_actions())
            passing = set()
            for code in codes:
                try:
                    action = state.decode_action(code)
                except ValueError:
                    continue
                if state.is_legal(action):
                    passing.add(action)
            assert passing == listed, state.to_text()
        state.apply(rng.choice(state.legal_actions()))
