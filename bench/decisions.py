"""CPU time of a bot on the real decisions of a game between heuristic bots, slowest first.

    nice -n 15 .venv/bin/python bench/decisions.py SPEC [--game balam] [--seeds 1,2] [--every 3]

Plays each seeded game between heuristic bots at 2 players and, at every ``every``-th decision
with a choice that the game does not call routine (``Heuristic.settled``: Balam's distribution
steps), lets the bot ``SPEC`` decide, timing it with ``time.process_time`` (this process's CPU,
so a busy machine skews it less than wall-clock would).  Prints the count, mean, 90th
percentile and slowest seconds, and the five slowest decisions with their round and kind: the
late decisions of a round, whose playouts are the longest, are where a ply budget is tested.
``bench/bots.py --tables 3`` times positions in the same way but fewer of them.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.core.protocol import State


def heuristic_decisions(
    game_name: str, seeds: list[int], every: int
) -> Iterator[tuple[int, State, int]]:
    """Along each seeded game between heuristic bots at 2 players, every ``every``-th decision
    with a choice that the game does not call routine: (the game's seed, the live state, the
    seat to decide).
    The caller must not change the state (clone it to keep it); the game goes on after."""
    game = gametable.load_game(game_name)
    heuristic = heuristic_for(game_name)
    for seed in seeds:
        state = game.new_game(2, seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            routine = heuristic.settled is not None and heuristic.settled(legal)
            if len(legal) > 1 and not routine:
                if seen % every == 0:
                    yield seed, state, seat
                seen += 1
            action = legal[0] if len(legal) == 1 else heuristic.policy(SeatState(state, seat), rng)
            state.apply(action, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the bot spec to time (hard, rollouts:plies=600, ...)")
    parser.add_argument("--game", default="balam")
    parser.add_argument("--seeds", default="1,2", help="the heuristic games' seeds")
    parser.add_argument("--every", type=int, default=3, help="time every N-th decision")
    args = parser.parse_args()
    bot = make_bot(args.spec, seed=1)
    times: list[tuple[float, str]] = []
    seeds = [int(s) for s in args.seeds.split(",")]
    for seed, state, seat in heuristic_decisions(args.game, seeds, args.every):
        start = time.process_time()
        bot.act(state, seat)
        spent = time.process_time() - start
        where = state.view(None).get("round")
        kind = state.legal_actions(seat)[0].kind
        times.append((spent, f"seed {seed} ply {state.ply} round {where} {kind}"))
    spent = sorted(t for t, _ in times)
    n = len(spent)
    print(
        f"{args.spec} on {args.game}: {n} decisions, mean {sum(spent) / n:.3f} s, "
        f"90% {spent[int(0.9 * (n - 1))]:.3f} s, slowest {spent[-1]:.3f} s"
    )
    for t, what in sorted(times, reverse=True)[:5]:
        print(f"  {t:.3f} s  {what}")


if __name__ == "__main__":
    main()
