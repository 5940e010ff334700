"""The shared protocol checks on Keezbord, for every player count, plus the playout length."""

from __future__ import annotations

import random

import pytest

from gametable.core.conformance import check_determinism, check_playout
from tests.keezbord.helpers import GAME


@pytest.mark.parametrize("players", [2, 4, 6])
def test_conformance(players):
    report = check_playout(GAME, players, seed=players * 17, deep_every=3)
    assert report.over and report.resamples_that_changed > 0
    check_determinism(GAME, players, seed=5)


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
