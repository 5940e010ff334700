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

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the bot spec to time (hard, rollouts:plies=600, ...)")
    parser.add_argument("--game", default="balam")
    parser.add_argument("--seeds", default="1,2", help="the heuristic games' seeds")
    parser.add_argument("--every", type=int, default=3, help="time every N-th decision")
    args = parser.parse_args()
    heuristic = heuristic_for(args.game)
    bot = make_bot(args.spec, seed=1)
    times: list[tuple[float, str]] = []
    for seed in (int(s) for s in args.seeds.split(",")):
        state = gametable.load_game(args.game).new_game(2, seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            routine = heuristic.settled is not None and heuristic.settled(legal)
            if len(legal) > 1 and not routine:
                if seen % args.every == 0:
                    start = time.process_time()
                    bot.act(state, seat)
                    spent = time.process_time() - start
                    where = state.view(None).get("round")
                    times.append(
                        (spent, f"seed {seed} ply {state.ply} round {where} {legal[0].kind}")
                    )
                seen += 1
            action = legal[0] if len(legal) == 1 else heuristic.policy(SeatState(state, seat), rng)
            state.apply(action, seat)
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
