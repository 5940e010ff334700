"""The shared protocol checks, run on Balam for 2, 3 and 4 players and on both boards."""

from __future__ import annotations

import pytest

from gametable.core.conformance import check_determinism, check_playout
from tests.balam.helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_promise(players):
    report = check_playout(GAME, players, seed=players, deep_every=3)
    assert report.over
    assert report.resamples_that_changed > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_within_the_declared_length(players):
    for seed in range(20, 24):
        report = check_playout(GAME, players, seed, deep_every=0)
        assert report.over
        assert report.decisions < GAME.max_game_length(players) // 4


def test_small_board_playout():
    report = check_playout(GAME, 2, seed=5, options={"board": "small"}, deep_every=4)
    assert report.over


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_same_game(players):
    check_determinism(GAME, players, seed=11, steps=400)


def test_all_enemies_market_control_playout():
    """The option ``market_control=all`` (BA-207) keeps every promise with 4 kings."""
    report = check_playout(GAME, 4, seed=6, options={"market_control": "all"}, deep_every=6)
    assert report.over
