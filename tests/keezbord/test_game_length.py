"""Keezbord-specific checks the shared conformance suite (tests/conformance) does not make:
random games end far inside the declared maximum length, with one winner alone and two in teams."""

from __future__ import annotations

import random

import pytest

from tests.keezbord.helpers import GAME


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_end_well_within_max_game_length(players):
    bound = GAME.max_game_length(players)
    for seed in range(5):
        state = GAME.new_game(players, seed=seed)
        rng = random.Random(seed)
        while state.to_move:
            state.apply(rng.choice(state.legal_actions()))
        assert state.ply < bound / 2
        assert len(state.outcome.winners) == (1 if players == 2 else 2)
