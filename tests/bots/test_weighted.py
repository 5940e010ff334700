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
from gametable.bots.ismcts import ISMCTSBot
from gametable.core.protocol import State
from gametable.games.balzakken.bots.heuristic import (
    plausibility,
    points,
    shed_bound,
    shed_weight,
)


def heuristic_positions(
    seeds: range, plies: int = 120, players: int = 2
) -> list[tuple[State, int]]:
    """Positions of games between the rules of thumb, with the seat to move."""
    game = gametable.load_game("balzakken")
    bot = make_bot("heuristic", seed=1)
    out = []
    for seed in seeds:
        state = game.new_game(players, seed=seed)
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


def hidden_points(state: State, seat: int, other: int) -> int:
    """The points of the cards ``other`` holds in ``state`` that ``seat`` does not know of."""
    hand = Counter(state.view(other)["hand"])
    hand.subtract(Counter(state.view(seat)["known_cards"].get(str(other), ())))
    return sum(points(card) * n for card, n in hand.items() if n > 0)


def test_at_two_players_only_the_last_discard_is_weighed() -> None:
    """At two players the weight is the last discarder's alone (``hard`` there chooses as it
    did before every seat's hand was weighed): the same value on the same imagined states."""
    rng = random.Random(5)
    compared = 0
    for state, seat in heuristic_positions(range(2)):
        view = state.view(seat)
        weight, shed = plausibility(view, seat), shed_weight(view, (seat - 1) % 2)
        assert (weight is None) == (shed is None)
        if weight is None or shed is None:
            continue
        for _ in range(3):
            imagined = SeatState(state, seat).resample(rng.getrandbits(63))
            assert weight(imagined) == shed(imagined)
            compared += 1
    assert compared > 50


def test_at_three_seats_and_more_every_other_hand_is_weighed() -> None:
    """At three, four and six seats the weighted draws (``draws=8``) imagine *each* other seat's
    unseen cards lower than uniform draws do, not only the last discarder's: players of the rules
    of thumb shed their high cards, so their hands are lower than the unseen mean (issue 21)."""
    for players in (3, 4, 6):
        uniform = Counter[int]()
        weighted = Counter[int]()
        for state, seat in heuristic_positions(range(2), plies=60, players=players)[::3]:
            weight = plausibility(state.view(seat), seat)
            if weight is None:
                continue
            window = SeatState(state, seat)
            for draws, totals in ((1, uniform), (8, weighted)):
                bot = ISMCTSBot(seed=5, draws=draws)
                bot.weight = weight if draws > 1 else None
                for _ in range(6):
                    imagined = bot.determinise(window)
                    for offset in range(1, players):
                        other = (seat + offset) % players
                        totals[offset] += hidden_points(imagined, seat, other)
        assert set(uniform) == set(range(1, players))
        for offset in range(1, players):  # the seat after the mover ... the last discarder
            assert weighted[offset] < 0.9 * uniform[offset], (players, offset)


def test_at_four_seats_the_real_hands_weigh_more_than_uniform_draws() -> None:
    """The real state of a four-seat game of the rules of thumb is on average clearly more
    plausible than states drawn uniformly through the seat's window."""
    real, drawn = [], []
    rng = random.Random(8)
    for state, seat in heuristic_positions(range(2), plies=80, players=4):
        weight = plausibility(state.view(seat), seat)
        if weight is None:
            continue
        real.append(weight(state))
        window = SeatState(state, seat)
        drawn.extend(weight(window.resample(rng.getrandbits(63))) for _ in range(5))
    assert len(real) > 50
    assert sum(real) / len(real) > 1.3 * sum(drawn) / len(drawn)


def test_weighted_draws_at_four_seats_are_reproducible() -> None:
    """The same seed imagines the same states and ``hard`` chooses the same move at four seats
    (the weight keeps no state between calls but the deck's mean, read from the seat's view)."""
    game = gametable.load_game("balzakken")
    state = game.new_game(4, seed=12)
    mover = random.Random(12)
    while state.ply < 14:
        seat = state.to_move[0]
        state.apply(mover.choice(state.legal_actions(seat)), seat)
    seat = state.to_move[0]
    window = SeatState(state, seat)
    weight = plausibility(window.view(), seat)
    assert weight is not None
    first, second = ISMCTSBot(seed=3, draws=8), ISMCTSBot(seed=3, draws=8)
    first.weight = second.weight = weight
    for _ in range(5):
        assert first.determinise(window) == second.determinise(window)
    bots = [make_bot("improve:samples=6,draws=8", seed=9) for _ in range(2)]
    assert bots[0].act(state, seat) == bots[1].act(state, seat)
