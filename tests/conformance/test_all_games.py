"""The shared conformance suite over every registered game and every allowed player count.

A few seeds are checked deeply (JSON, views, leaks, notation, refusals, clones at many steps);
more seeds are played through quickly for termination and legality.
"""

from __future__ import annotations

import pytest

import gametable
from gametable.core.conformance import check_determinism, check_playout

CASES = [
    (name, n) for name in gametable.game_names() for n in gametable.load_game(name).player_counts
]


def _deep_every(game, players: int) -> int:
    """Check deeply often enough to cover many positions while keeping the suite fast."""
    length = min(game.max_game_length(players), 20000)
    return 1 if length <= 2000 else 2


# The quick loop checks seed 0 at regular intervals (every step for short games, every other
# step for long ones). The slow tests, which CI runs, add seed 1 checked at every single step and
# seed 2 at intervals.
SEEDS = [
    pytest.param(0, id="seed0"),
    pytest.param(1, id="seed1", marks=pytest.mark.slow),
    pytest.param(2, id="seed2", marks=pytest.mark.slow),
]


#: the deep playouts of the longest games run with the slow tests only: Balzakken at 5 to 8
#: seats, Keezbord at 6 and Balam at every count (12-22 s each on a 2-core machine); the
#: other tables stay in the quick loop, and so do Balam's own playouts (tests/balam)
SLOW_DEEP = {
    ("balam", 2),
    ("balam", 3),
    ("balam", 4),
    ("balzakken", 5),
    ("balzakken", 6),
    ("balzakken", 7),
    ("balzakken", 8),
    ("keezbord", 6),
}
DEEP_CASES = [
    pytest.param(name, n, marks=pytest.mark.slow) if (name, n) in SLOW_DEEP else (name, n)
    for name, n in CASES
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "players"), DEEP_CASES)
def test_random_playouts_keep_every_promise(name, players, seed):
    game = gametable.load_game(name)
    every = 1 if seed == 1 else _deep_every(game, players)
    report = check_playout(game, players, seed, deep_every=every)
    assert report.over
    if game.has_hidden_information:
        assert report.resamples_that_changed > 0, "resample never redrew anything"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_end_within_the_declared_length(name, players):
    game = gametable.load_game(name)
    for seed in range(100, 110):
        assert check_playout(game, players, seed, deep_every=0).over


@pytest.mark.parametrize(("name", "players"), CASES)
def test_same_seed_and_actions_give_the_same_game(name, players):
    game = gametable.load_game(name)
    for seed in (1, 2):
        check_determinism(game, players, seed)
