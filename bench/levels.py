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
the arena's summary, followed by A's mean return with its t interval beside Wilson, its excess
over the table's mean return and its first and last places beside their even share
(``gametable.simulate.stats.seat_returns``).  ``--first N`` plays only games N onwards of the
same run, each exactly as the whole run plays it, to finish a stopped run (the running score then
counts those alone).  The first line, ``# bench/levels.py ...``, names the run.
At more than two players the two bots fill the seats in turn (A B A B); with ``--alone`` A plays
one seat against B in all the others (``--players 4 --alone``: one A against three B, as
``gametable arena GAME -p 4 --bot A --bot B --bot B --bot B`` plays it).

Pooled figures of one or more runs' logs (a run and its ``--first`` continuation, or the runs
of several seeds with the same bots, game and player count):

    .venv/bin/python bench/levels.py --pool LOG [LOG ...]

reads the per-game lines, refuses a game met twice in the same run and logs of other games,
player counts or bots, and prints what ``seat_returns`` gives over all their games, with each
run's games and CPU time, and as a check the mean return's t interval over deals (the games of
one deal, played from every seat, are not independent).  A log whose first line does not name
the run (an older one) gets its game and seed (and the run's length) after a colon:
``out/old.log:game=balzakken,seed=23,games=100``.

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
import re
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import gametable
from gametable.arena import ArenaReport, MatchResult, bot_values, rotations, run_arena
from gametable.bots.levels import LEVELS
from gametable.simulate.stats import SeatReturns, seat_returns, t_interval, wilson


def describe(label: str, s: SeatReturns) -> str:
    """A bot's figures over a set of games, as the end of a run and ``--pool`` print them."""
    w, t, e = s.wilson, s.t, s.excess
    return (
        f"{label}: {s.games} games, mean return {w.rate:.3f}, Wilson [{w.low:.3f}, {w.high:.3f}], "
        f"t [{t.low:.3f}, {t.high:.3f}]\n"
        f"  its return minus the table's mean return ({s.table_mean:.3f}), game by game: "
        f"{e.rate:+.3f}, t [{e.low:+.3f}, {e.high:+.3f}]\n"
        f"  firsts {s.firsts} (even share {s.firsts_even:.1f}), "
        f"lasts {s.lasts} (even share {s.lasts_even:.1f})"
    )


def command(args: argparse.Namespace) -> str:
    """The run's command line with every setting that decides its games spelled out."""
    words = [args.game, args.a, args.b, "--players", args.players, "--games", args.games]
    words += ["--seed", args.seed] + ["--alone"] * args.alone
    words += ["--first", args.first] if args.first else []
    return "bench/levels.py " + shlex.join(str(w) for w in words)


def head_to_head(args: argparse.Namespace) -> None:
    print(f"# {command(args)}", flush=True)
    played: list[tuple[tuple[int, ...], tuple[float, ...]]] = []
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
        played.append((tuple(result.seats), tuple(result.returns)))
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
    print(describe(args.a, seat_returns(played)), flush=True)


LINE = re.compile(
    r"^game\s+(\d+) seats \(([\d, ]+)\) returns \(([^)]*)\)\s+(\S+): .* "
    r"CPU ms/move (\d+) / (\d+)\s*$"
)


class PoolError(ValueError):
    """Logs that cannot be pooled (with the reason)."""


@dataclass
class Log:
    """The games of one ``bench/levels.py`` head-to-head log."""

    path: str
    game: str | None = None
    seed: int | None = None
    bots: tuple[str, str] | None = None  # A and B, where the log names them
    games_of_run: int | None = None  # the whole run's --games, where named
    label: str = ""  # the first bot's spec, as the game lines print it
    games: dict[int, tuple[tuple[int, ...], tuple[float, ...]]] = field(default_factory=dict)
    ms: tuple[int, int] = (0, 0)  # the last line's CPU ms a move (A, B)


def read_log(spec: str) -> Log:
    """One log's games; ``spec`` is its path, optionally followed by ``:game=G,seed=S,games=N``
    for a log whose first line does not name its run (facts it names must agree)."""
    path, facts = spec, {}
    if not Path(spec).exists() and ":" in spec:
        path, _, given = spec.rpartition(":")
        for pair in given.split(","):
            key, sep, value = pair.partition("=")
            if not sep or key not in ("game", "seed", "games"):
                raise PoolError(
                    f"{spec}: after the colon give game=G,seed=S[,games=N], not {pair!r}"
                )
            facts[key] = value
    log = Log(path)
    for number, text in enumerate(Path(path).read_text().splitlines(), 1):
        if text.startswith("#") and "levels.py " in text:
            words = shlex.split(text.split("levels.py ", 1)[1])
            words = words[: words.index(">")] if ">" in words else words
            try:
                run = parser().parse_args(words)
            except SystemExit:
                raise PoolError(f"{path}:{number}: not a levels.py command: {text}") from None
            if run.table or not run.b:
                raise PoolError(f"{path}:{number}: not a head-to-head run: {text}")
            log.game, log.seed, log.bots = run.game, run.seed, (run.a, run.b)
            log.games_of_run = run.games
            continue
        m = LINE.match(text)
        if not m:
            continue
        index = int(m.group(1))
        seats = tuple(int(v) for v in m.group(2).split(","))
        returns = tuple(float(v) for v in m.group(3).split(","))
        if len(seats) != len(returns):
            raise PoolError(f"{path}:{number}: {len(seats)} seats but {len(returns)} returns")
        if log.label and m.group(4) != log.label:
            raise PoolError(f"{path}:{number}: bot {m.group(4)} after {log.label}")
        if index in log.games:
            raise PoolError(f"{path}:{number}: game {index} a second time in the same log")
        log.label = m.group(4)
        log.games[index] = (seats, returns)
        log.ms = (int(m.group(5)), int(m.group(6)))
    if "game" in facts:
        if log.game is not None and log.game != facts["game"]:
            raise PoolError(f"{path}: names its run's game {log.game}, not {facts['game']}")
        log.game = facts["game"]
    if "seed" in facts:
        if log.seed is not None and str(log.seed) != facts["seed"]:
            raise PoolError(f"{path}: names its run's seed {log.seed}, not {facts['seed']}")
        log.seed = int(facts["seed"])
    if "games" in facts:
        if log.games_of_run is not None and str(log.games_of_run) != facts["games"]:
            raise PoolError(
                f"{path}: names its run's games {log.games_of_run}, not {facts['games']}"
            )
        log.games_of_run = int(facts["games"])
    if not log.games:
        raise PoolError(f"{path}: no game lines")
    return log


def check_pool(logs: Sequence[Log]) -> None:
    """Refuse logs of other games, player counts or bots, logs whose game or seed is unknown and
    a game played twice in the same run (the same seed)."""
    for log in logs:
        if log.game is None or log.seed is None:
            raise PoolError(
                f"{log.path}: its run's game and seed are not named in it; "
                f"give them as {log.path}:game=G,seed=S"
            )
    first = logs[0]
    counts = {len(seats) for log in logs for seats, _ in log.games.values()}
    held = {seats.count(0) for log in logs for seats, _ in log.games.values()}
    if len(counts) > 1:
        raise PoolError(f"logs of different player counts: {sorted(counts)}")
    if len(held) > 1:
        raise PoolError(f"the first bot holds {sorted(held)} seats: runs with and without --alone")
    for log in logs[1:]:
        if log.game != first.game:
            raise PoolError(f"{log.path} is of {log.game}, {first.path} of {first.game}")
        if log.label != first.label:
            raise PoolError(f"{log.path} plays {log.label}, {first.path} {first.label}")
        if log.bots and first.bots and log.bots != first.bots:
            raise PoolError(f"{log.path} plays {log.bots}, {first.path} {first.bots}")
    seen: dict[tuple[int | None, int], str] = {}
    for log in logs:
        for index in log.games:
            if (log.seed, index) in seen:
                raise PoolError(
                    f"game {index} of seed {log.seed} is in {seen[log.seed, index]} and {log.path}"
                )
            seen[log.seed, index] = log.path


def spans(indices: Sequence[int]) -> str:
    """``0-82, 90-99`` for the sorted game indices given."""
    out: list[str] = []
    start = prev = indices[0]
    for i in [*indices[1:], None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if i is not None:
            start = prev = i
    return ", ".join(out)


def pool(specs: Sequence[str]) -> None:
    logs = [read_log(spec) for spec in specs]
    check_pool(logs)
    first = logs[0]
    players = len(next(iter(first.games.values()))[0])
    vs = f" against {first.bots[1]}" if first.bots else ""
    print(
        f"{first.game}, {players} players, {first.label}{vs}: {len(logs)} log{'s' * (len(logs) > 1)}"
    )
    seeds = sorted({log.seed for log in logs if log.seed is not None})
    for seed in seeds:
        mine = [log for log in logs if log.seed == seed]
        indices = sorted(i for log in mine for i in log.games)
        whole = {log.games_of_run for log in mine if log.games_of_run is not None}
        if len(whole) == 1:
            (n,) = whole
            state = "whole" if indices == list(range(n)) else f"PARTIAL, of {n}"
        else:
            state = "the run's length not named"
        ms = ", ".join(f"{log.path} {log.ms[0]} / {log.ms[1]}" for log in mine)
        print(
            f"  seed {seed}: {len(indices)} games ({spans(indices)}; {state}); "
            f"CPU ms/move at each log's end: {ms}"
        )
    games = [
        log.games[i]
        for seed in seeds
        for log in logs
        if log.seed == seed
        for i in sorted(log.games)
    ]
    print(describe(first.label, seat_returns(games)))
    print(by_deal(first.label, logs))


def by_deal(label: str, logs: Sequence[Log]) -> str:
    """The first bot's mean return over deals rather than games: a run plays each deal once from
    every seat rotation (``arena.rotations``: games ``k*r`` to ``k*r + r - 1``), and those games
    share the cards, so a deal's mean return is one sample, and their t interval is a check on
    the games' one (not the figure the pre-registered rule reads)."""
    deals: dict[tuple[int | None, int], list[float]] = {}
    for log in logs:
        for index, (seats, returns) in log.games.items():
            mine = [r for b, r in zip(seats, returns, strict=True) if b == 0]
            deal = index // rotations(seats)
            deals.setdefault((log.seed, deal), []).append(sum(mine) / len(mine))
    r = rotations(next(iter(logs[0].games.values()))[0])
    whole = sum(len(v) == r for v in deals.values())
    t = t_interval([sum(v) / len(v) for v in deals.values()])
    return (
        f"  by deal: {len(deals)} deals ({whole} whole, of {r} games), {label}'s mean return "
        f"{t.rate:.3f}, t [{t.low:.3f}, {t.high:.3f}] (a check, not the rule's figure)"
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


def parser() -> argparse.ArgumentParser:
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
        "(to finish a stopped run; pool the two logs with --pool)",
    )
    parser.add_argument(
        "--pool",
        nargs="+",
        metavar="LOG",
        help="print the pooled figures of these head-to-head logs (LOG:game=G,seed=S for a log "
        "that does not name its run); plays nothing",
    )
    return parser


def main() -> None:
    cli = parser()
    args = cli.parse_args()
    if args.pool:
        if args.game or args.table:
            cli.error("--pool reads logs: name no game, bots or --table")
        try:
            pool(args.pool)
        except PoolError as e:
            raise SystemExit(f"cannot pool: {e}") from None
        return
    if args.table:
        if args.a or args.b:
            cli.error("--table plays the levels: name no bots")
        args.games = args.games or 20
        table(args)
    else:
        if not (args.game and args.a and args.b):
            cli.error("name a game and two bot specs, or use --table")
        args.games = args.games or 200
        head_to_head(args)


if __name__ == "__main__":
    main()
