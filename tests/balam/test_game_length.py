"""Balam-specific checks the shared conformance suite (tests/conformance) does not make:
the small board plays through, and games end far inside the declared maximum length."""

from __future__ import annotations

import pytest

from gametable.core.conformance import check_playout
from tests.balam.helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_well_within_max_game_length(players):
    for seed in range(20, 24):
        report = check_playout(GAME, players, seed, deep_every=0)
        assert report.over
        assert report.decisions < GAME.max_game_length(players) // 4


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_small_board_keeps_every_promise():
    """The small board (the 'Size of the board' option) through the shared checks."""
    report = check_playout(GAME, 2, seed=5, options={"board": "small"}, deep_every=4)
    assert report.over


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_all_enemies_market_control_keeps_every_promise():
    """The option ``market_control=all`` (BA-207) through the shared checks, with 4 kings."""
    report = check_playout(GAME, 4, seed=6, options={"market_control": "all"}, deep_every=6)
    assert report.over
