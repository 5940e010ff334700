"""The levels against each other, game by game, with a line per game so a long run shows its
figures as it goes (and a stopped run keeps them).

Head to head (two bot specs, one game):

    nice -n 10 .venv/bin/python bench/levels.py GAME A B [--games N] [--seed S] [--players P]

``A`` and ``B`` are bot specs (``hard``, ``normal``, ``easy``, ``ismcts:iterations=300``, ...).
Every deal is played from every seat (duplicate play, as in ``gametable arena``); the figures
are A's mean return (1 first, 0 last, linear between: 0.5 is the even share at any number of
players) with its 95% Wilson interval, A's first places (shared ones count) and each bot's CPU
milliseconds per move
(``time.process_time`` in the process that plays, so a busy shared machine skews them less than
wall-clock would).  The same command with the same seed replays the same games; the last line is
the arena's summary.  ``--first N`` plays only games N onwards of the same run, each exactly as
the whole run plays it, to finish a stopped run (the running score then counts those alone).
At more than two players the two bots fill the seats in turn (A B A B); with ``--alone`` A plays
one seat against B in all the others (``--players 4 --alone``: one A against three B, as
``gametable arena GAME -p 4 --bot A --bot B --bot B --bot B`` plays it).

The table of the levels (every game at 2 players, ``easy``, ``normal`` and ``hard`` in turn):

    nice -n 10 .venv/bin/python bench/levels.py --table [--games N] [--seed S] [--jobs J]

plays, in each game, ``N`` games (duplicate deals) for each of the three pairs of levels, as
``gametable arena GAME -p 2 --bot easy --bot normal --bot hard --games 3N`` does, and prints as
Markdown each level's score against each other level (Wilson 95% interval, games), its
Plackett-Luce rating over all the game's games (``openskill``, mean and 95% interval) and its
CPU milliseconds per move.
"""

from __future__ import annotations

import argparse
import time

import gametable
from gametable.arena import ArenaReport, MatchResult, bot_values, run_arena
from gametable.bots.levels import LEVELS
from gametable.simulate.stats import wilson


def head_to_head(args: argparse.Namespace) -> None:
    total = [0.0]
    cpu = [0.0, 0.0]
    moves = [0, 0]
    done = [0]
    firsts = [0]
    specs = [args.a, args.b]
    if args.alone:
        specs = [args.a] + [args.b] * (args.players - 1)

    def line(result: MatchResult) -> None:
        done[0] += 1
        total[0] += bot_values(result)[0]
        best = max(result.returns)
        firsts[0] += any(
            b == 0 and result.returns[seat] == best for seat, b in enumerate(result.seats)
        )
        for seat, b in enumerate(result.seats):
            cpu[min(b, 1)] += result.think[seat]
            moves[min(b, 1)] += result.moves[seat]
        rate, low, high = wilson(total[0], done[0])
        ms = [1000 * c / m if m else 0.0 for c, m in zip(cpu, moves, strict=True)]
        print(
            f"game {result.index:4d} seats {result.seats} returns {result.returns}  "
            f"{args.a}: {rate:.3f} [{low:.3f}, {high:.3f}] after {done[0]}, "
            f"{firsts[0]} firsts  CPU ms/move {ms[0]:.0f} / {ms[1]:.0f}",
            flush=True,
        )

    report = run_arena(
        args.game,
        specs,
        args.games,
        args.players,
        args.seed,
        jobs=args.jobs,
        progress=line,
        first=args.first,
    )
    if args.first:
        print(f"(games {args.first} to {args.games - 1} only: the summary counts those alone)")
    for s in report.stats:
        print(
            f"{s.label}: {s.games} games, score {s.score:.3f} [{s.low:.3f}, {s.high:.3f}], "
            f"rating {s.rating.mu:.1f} [{s.rating.low:.1f}, {s.rating.high:.1f}], "
            f"CPU {s.ms_per_move:.0f} ms/move"
        )


def markdown(report: ArenaReport, seconds: float) -> str:
    """One game's table: a row per level, its score against each other level, its rating and
    its CPU time per move."""
    pairs = report.pairs
    head = "| Level | " + " | ".join(f"vs {s}" for s in report.specs)
    head += " | Rating [95%] | CPU ms/move |"
    lines = [
        f"**{report.game}** (2 players, {len(report.results)} games, "
        f"{seconds / 60:.1f} min of bots' CPU)",
        "",
        head,
        "|---" * (len(report.specs) + 3) + "|",
    ]
    for a, stats in enumerate(report.stats):
        cells = []
        for b in range(len(report.specs)):
            p = pairs.get((a, b))
            cells.append(
                "" if p is None else f"{p.score:.3f} [{p.low:.3f}, {p.high:.3f}] ({p.games})"
            )
        rating = f"{stats.rating.mu:.1f} [{stats.rating.low:.1f}, {stats.rating.high:.1f}]"
        lines.append(
            f"| {stats.label} | " + " | ".join(cells) + f" | {rating} | {stats.ms_per_move:.0f} |"
        )
    return "\n".join(lines)


def table(args: argparse.Namespace) -> None:
    pairs = len(LEVELS) * (len(LEVELS) - 1) // 2
    games = [args.game] if args.game else gametable.game_names()
    for game in games:
        start = time.perf_counter()

        def line(result: MatchResult, game: str = game) -> None:
            names = " vs ".join(LEVELS[b] for b in result.seats)
            print(f"  {game} game {result.index:4d}: {names} {result.returns}", flush=True)

        report = run_arena(
            game, list(LEVELS), pairs * args.games, 2, args.seed, jobs=args.jobs, progress=line
        )
        cpu = sum(sum(r.think) for r in report.results)
        print()
        print(markdown(report, cpu))
        print(f"\n(wall clock {time.perf_counter() - start:.0f} s)\n", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="the game (with --table: only this one)")
    parser.add_argument("a", nargs="?", help="the first bot spec")
    parser.add_argument("b", nargs="?", help="the second bot spec")
    parser.add_argument("--table", action="store_true", help="the levels in every game")
    parser.add_argument(
        "--games", type=int, default=None, help="games (with --table: per pair of levels)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="local processes (1: this one)")
    parser.add_argument(
        "--alone",
        action="store_true",
        help="head to head at 3+ players: A in one seat and B in all the others (by default "
        "the two fill the seats in turn, A B A B)",
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="head to head: play only games FIRST.. of the run, each as the whole run plays it "
        "(to finish a stopped run; join the two logs' lines)",
    )
    args = parser.parse_args()
    if args.table:
        if args.a or args.b:
            parser.error("--table plays the levels: name no bots")
        args.games = args.games or 20
        table(args)
    else:
        if not (args.game and args.a and args.b):
            parser.error("name a game and two bot specs, or use --table")
        args.games = args.games or 200
        head_to_head(args)


if __name__ == "__main__":
    main()
