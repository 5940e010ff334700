"""Weighted determinisation (issue 21): imagined hands follow what the others' play suggests.

Balzakken players shed their highest cards, so the top of the discard pile bounds the hand of
the seat that threw it (but for the card it drew since).  The weight reads only the deciding
seat's view and the imagined state, so the bot stays fair (``test_fairness.py`` runs
``draws=4`` specs too).
"""

from __future__ import annotations

import random
from collections import Counter

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics.balzakken import plausibility, points, shed_bound
from gametable.bots.ismcts import ISMCTSBot
from gametable.core.protocol import State


def heuristic_positions(seeds: range, plies: int = 120) -> list[tuple[State, int]]:
    """Positions of 2-player games between the rules of thumb, with the seat to move."""
    game = gametable.load_game("balzakken")
    bot = make_bot("heuristic", seed=1)
    out = []
    for seed in seeds:
        state = game.new_game(2, seed=seed)
        while not state.is_over and state.ply < plies:
            seat = state.to_move[0]
            out.append((state.clone(), seat))
            state.apply(bot.act(state, seat), seat)
    return out


def test_shed_bound_reads_the_top_of_the_pile() -> None:
    """The round's first card and the action cards say nothing; a run of one value thrown
    together bounds the hand by the run's worth."""
    assert shed_bound(["3"]) is None
    assert shed_bound(["3", "S"]) is None and shed_bound(["3", "L"]) is None
    assert shed_bound(["3", "9"]) == 9
    assert shed_bound(["3", "4", "4"]) == 4 * 2 + 1.2


def test_the_real_hands_of_the_rules_of_thumb_are_plausible() -> None:
    """Against the rules of thumb the real state keeps its full weight (they do shed their
    highest cards), while the states drawn uniformly average clearly less: the weight tells
    the hands the others' play allows from those it does not."""
    real, drawn = [], []
    rng = random.Random(3)
    for state, seat in heuristic_positions(range(3)):
        weight = plausibility(state.view(seat), seat)
        if weight is None:
            continue
        real.append(weight(state))
        window = SeatState(state, seat)
        drawn.extend(weight(window.resample(rng.getrandbits(63))) for _ in range(10))
    assert len(real) > 100
    assert sum(real) / len(real) > 0.98
    assert sum(drawn) / len(drawn) < 0.85


def test_weighted_draws_keep_plausible_hands_more_often() -> None:
    """With ``draws=8`` the search's imagined hands of the last discarder hold fewer cards above
    its discard than uniform draws do, and the state kept is always a resample of the seat's
    window (the seat's own view unchanged)."""
    uniform_above = weighted_above = 0
    for state, seat in heuristic_positions(range(2)):
        view = state.view(seat)
        weight = plausibility(view, seat)
        bound = shed_bound(view["discard_pile"])
        if weight is None or bound is None:
            continue
        last = (seat - 1) % 2
        window = SeatState(state, seat)
        for draws in (1, 8):
            bot = ISMCTSBot(seed=5, draws=draws)
            bot.weight = weight if draws > 1 else None
            for _ in range(20):
                imagined = bot.determinise(window)
                assert imagined.view(seat) == view
                hand = Counter(imagined.view(last)["hand"])
                hand.subtract(Counter(view["known_cards"].get(str(last), ())))
                above = sum(n for card, n in hand.items() if n > 0 and points(card) > bound)
                if draws == 1:
                    uniform_above += above
                else:
                    weighted_above += above
    assert uniform_above > 0
    assert weighted_above < 0.8 * uniform_above


def test_weighted_search_decides_like_the_plain_one_when_nothing_is_suggested() -> None:
    """On the round's first turn (no discard yet) the weight is ``None`` and ``draws`` changes
    nothing: the same seed plays the same move."""
    game = gametable.load_game("balzakken")
    state = game.new_game(2, seed=11)
    seat = state.to_move[0]
    assert plausibility(state.view(seat), seat) is None
    plain = ISMCTSBot(seed=2, iterations=40).act(state, seat)
    weighted = ISMCTSBot(seed=2, iterations=40, draws=8).act(state, seat)
    assert plain == weighted
