"""The levels against each other, game by game, with a line per game so a long run shows its
figures as it goes (and a stopped run keeps them).

    nice -n 10 .venv/bin/python bench/levels.py GAME A B [--games N] [--seed S] [--players P]

``A`` and ``B`` are bot specs (``hard``, ``normal``, ``easy``, ``ismcts:iterations=300``, ...).
Every deal is played from every seat (duplicate play, as in ``gametable arena``); the figures
are A's mean return with its 95% Wilson interval and each bot's CPU milliseconds per move
(``time.process_time`` in the process that plays, so a busy shared machine skews them less than
wall-clock would).  The same command with the same seed replays the same games; the last line is
the arena's summary.
"""

from __future__ import annotations

import argparse

from gametable.arena import MatchResult, bot_values, run_arena
from gametable.simulate.stats import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    total = [0.0]
    cpu = [0.0, 0.0]
    moves = [0, 0]
    done = [0]

    def line(result: MatchResult) -> None:
        done[0] += 1
        total[0] += bot_values(result)[0]
        for seat, b in enumerate(result.seats):
            cpu[b] += result.think[seat]
            moves[b] += result.moves[seat]
        rate, low, high = wilson(total[0], done[0])
        ms = [1000 * c / m if m else 0.0 for c, m in zip(cpu, moves, strict=True)]
        print(
            f"game {result.index:4d} seats {result.seats} returns {result.returns}  "
            f"{args.a}: {rate:.3f} [{low:.3f}, {high:.3f}] after {done[0]}  "
            f"CPU ms/move {ms[0]:.0f} / {ms[1]:.0f}",
            flush=True,
        )

    report = run_arena(
        args.game, [args.a, args.b], args.games, args.players, args.seed, jobs=1, progress=line
    )
    for s in report.stats:
        print(
            f"{s.label}: {s.games} games, score {s.score:.3f} [{s.low:.3f}, {s.high:.3f}], "
            f"rating {s.rating.mu:.1f} [{s.rating.low:.1f}, {s.rating.high:.1f}], "
            f"CPU {s.ms_per_move:.0f} ms/move"
        )


if __name__ == "__main__":
    main()
