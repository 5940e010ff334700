"""How well the states the search imagines foresee a Balzakken BALZAK! call (issue 21).

    nice -n 10 .venv/bin/python bench/calls.py [--players 4] [--games 30] [--samples 24]
    nice -n 10 .venv/bin/python bench/calls.py --fit [--seed 2000]

Plays games of the rules of thumb (``normal`` in every seat, seeds 1000, 1001, ...).  At every
decision where the seat to move may call BALZAK! with 5 points or fewer in hand, it compares
the real chance that the call is false (some other hand equal or lower: the caller writes 25)
with that chance in ``--samples`` imagined states drawn through the seat's window exactly as
``hard`` draws them (weighted determinisation, ``draws=8``), and the lowest other hand, real and
imagined.  A search that imagines the others' hands too high calls too early and too often.
Cheap: the rules of thumb only, a few seconds of CPU.

``--fit`` is how the weight of the others' hidden cards at three seats and more was set (see
``plausibility`` in ``gametable.games.balzakken.bots.heuristic``): on other games (seeds 2000, ...)
it prints, at each count, the share of the unseen mean that the cards the rules of thumb hold
unseen are worth (``HAND_SHARE``), and the imagined false-call chance for several values of
``HAND_BETA``, to be set where it meets the real one.  ``--beta`` measures with another value.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.bots.ismcts import weighted_determinisation
from gametable.core.protocol import State
from gametable.games.balzakken.actions import CallBalzak
from gametable.games.balzakken.bots import heuristic as rules
from gametable.games.balzakken.bots.heuristic import points, unseen_mean

#: the most points a call may hold without being an overcall
CALL_LIMIT = 5
#: imagined states are drawn as ``hard`` draws them (``draws`` of its settings in Balzakken)
DRAWS = 8


def hand_value(state: State, seat: int) -> int:
    return sum(points(card) for card in state.view(seat)["hand"])


def lowest_other(state: State, seat: int) -> int:
    return min(hand_value(state, o) for o in range(state.players) if o != seat)


def measure(players: int, games: int, samples: int, seed: int = 1000) -> dict[str, float]:
    """Decisions counted, and the mean real and imagined false-call chance and lowest other
    hand at them."""
    game = gametable.load_game("balzakken")
    heuristic = heuristic_for("balzakken")
    assert heuristic.plausibility is not None
    rng = random.Random(seed)
    totals = {"decisions": 0.0, "real_false": 0.0, "imagined_false": 0.0}
    totals |= {"real_lowest": 0.0, "imagined_lowest": 0.0, "hidden": 0.0, "unseen": 0.0}
    for g in range(games):
        state = game.new_game(players, seed=seed + g)
        bots = [make_bot("normal", seed=10 * g + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            mine = hand_value(state, seat)
            callable_ = any(isinstance(a, CallBalzak) for a in state.legal_actions(seat))
            if callable_ and mine <= CALL_LIMIT and state.view(seat)["hand"]:
                window = SeatState(state, seat)
                weight = heuristic.plausibility(window.view(), seat)
                lowest = [
                    lowest_other(weighted_determinisation(window, rng, weight, DRAWS), seat)
                    for _ in range(samples)
                ]
                real = lowest_other(state, seat)
                totals["decisions"] += 1
                totals["real_false"] += real <= mine
                totals["imagined_false"] += sum(low <= mine for low in lowest) / samples
                totals["real_lowest"] += real
                totals["imagined_lowest"] += sum(lowest) / samples
                hidden, unseen = hidden_points(state, seat)
                totals["hidden"] += hidden
                totals["unseen"] += unseen
            state.apply(bots[seat].act(state, seat), seat)
    n = max(1.0, totals["decisions"])
    out = {k: (v if k == "decisions" else v / n) for k, v in totals.items()}
    out["share"] = totals["hidden"] / max(1e-9, totals["unseen"])
    return out


def hidden_points(state: State, seat: int) -> tuple[float, float]:
    """The points of the cards the other seats hold unseen by ``seat``, and what as many cards
    at the unseen mean would be worth."""
    view = state.view(seat)
    mean = unseen_mean(view, state.options)
    hidden = unseen = 0.0
    for other in range(state.players):
        if other == seat:
            continue
        hand = Counter(state.view(other)["hand"])
        hand.subtract(Counter(view["known_cards"].get(str(other), ())))
        for card, n in hand.items():
            if n > 0:
                hidden += n * points(card)
                unseen += n * mean
    return hidden, unseen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument(
        "--seed", type=int, default=None, help="first game's seed (1000; --fit 2000)"
    )
    parser.add_argument("--beta", type=float, default=None, help="HAND_BETA to measure with")
    parser.add_argument(
        "--fit", action="store_true", help="HAND_BETA 0, 0.15, 0.3, 0.6, 1.2 in turn"
    )
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else (2000 if args.fit else 1000)
    betas = [0.0, 0.15, 0.3, 0.6, 1.2] if args.fit else [args.beta]
    print(
        "| Seats | HAND_BETA | Decisions | False call: real | imagined "
        "| Lowest other hand: real | imagined | Hidden share |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for players in args.players:
        for beta in betas:
            if beta is not None:
                rules.HAND_BETA = beta
            m = measure(players, args.games, args.samples, seed)
            print(
                f"| {players} | {rules.HAND_BETA:g} | {m['decisions']:.0f} | {m['real_false']:.3f} "
                f"| {m['imagined_false']:.3f} | {m['real_lowest']:.1f} "
                f"| {m['imagined_lowest']:.1f} | {m['share']:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
