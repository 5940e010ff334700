"""The arena: bots play many seeded games against each other, seats rotating, in parallel.

The logic is pure functions (:func:`schedule`, :func:`play_match`, :func:`run_arena`,
:func:`wilson`, :func:`bradley_terry`, :func:`summarise`) so it is testable without the CLI;
:func:`register` adds the ``arena`` command to a Typer app.

Every deal is played once in every seat rotation of the same line-up (duplicate style), so luck of
the deal cancels; match ``i`` uses a game seed derived from ``(seed, i // rotations)`` and bot
seeds derived from that, so a run is reproducible whatever the number of jobs.

>>> lo, hi = wilson(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
"""

from __future__ import annotations

import itertools
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.console import Console

from gametable.bots import make_bot
from gametable.core.registry import load_game
from gametable.terminal.errors import fail
from gametable.terminal.progress import progress as progress_report

Z95 = 1.959963984540054


# -- statistics -------------------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (draws may count as half a success).

    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    wins: Mapping[tuple[int, int], float], count: int, *, prior: float = 0.5, rounds: int = 500
) -> list[float]:
    """Elo-scale ratings (mean 1500) fitted to pairwise results by the MM algorithm.

    ``wins[(i, j)]`` is how often ``i`` beat ``j`` (draws as halves).  ``prior`` adds that many
    virtual wins each way to every pair that met, so a clean sweep gives a finite rating.

    >>> r = bradley_terry({(0, 1): 75, (1, 0): 25}, 2)
    >>> round(r[0] - r[1])
    189
    """
    w = [[0.0] * count for _ in range(count)]
    met = [[False] * count for _ in range(count)]
    for (i, j), v in wins.items():
        w[i][j] += v
        met[i][j] = met[j][i] = True
    for i in range(count):
        for j in range(count):
            if i != j and met[i][j]:
                w[i][j] += prior
    strength = [1.0] * count
    for _ in range(rounds):
        new = []
        for i in range(count):
            won = sum(w[i])
            denom = sum(
                (w[i][j] + w[j][i]) / (strength[i] + strength[j])
                for j in range(count)
                if j != i and met[i][j]
            )
            new.append(won / denom if denom > 0 and won > 0 else strength[i])
        mean_log = sum(math.log(s) for s in new) / count
        strength = [s / math.exp(mean_log) for s in new]
    return [1500 + 400 * math.log10(s) for s in strength]


# -- the schedule -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    index: int
    game: str
    seats: tuple[int, ...]  # bot index per seat
    specs: tuple[str, ...]  # bot spec per seat
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchResult:
    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    plies: int
    finished: bool
    think: tuple[float, ...]  # seconds spent choosing, per seat
    moves: tuple[int, ...]  # decisions made, per seat


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every seat rotation of each line-up of bot indices.

    With fewer bots than seats they fill the seats in turn (A B A B); with more, every
    combination of ``players`` bots gets its turn.

    >>> lineups(2, 2)
    [(0, 1), (1, 0)]
    >>> lineups(2, 4)[:2]
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    if bots <= players:
        bases = [tuple(i % bots for i in range(players))]
    else:
        bases = list(itertools.combinations(range(bots), players))
    out = []
    for base in bases:
        seen = set()
        for r in range(players):
            rot = base[r:] + base[:r]
            if rot not in seen:
                seen.add(rot)
                out.append(rot)
    return out


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed from ``seed`` and labels (stable across runs and machines)."""
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(63)


def schedule(
    game: str,
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[Match]:
    """The ``games`` matches of an arena run: seat rotations of each line-up share a deal."""
    rotations = lineups(len(specs), players)
    out = []
    for i in range(games):
        seats = rotations[i % len(rotations)]
        deal = derive_seed(seed, "deal", i // len(rotations))
        out.append(Match(i, game, seats, tuple(specs[b] for b in seats), deal, dict(options or {})))
    return out


# -- playing ----------------------------------------------------------------------------------------
def play_match(match: Match) -> MatchResult:
    """Play one game to its end (or to twice the game's expected length: a draw)."""
    game = load_game(match.game)
    players = len(match.seats)
    state = game.new_game(players, seed=match.seed, options=match.options)
    bots = [
        make_bot(spec, seed=derive_seed(match.seed, "bot", s, match.seats[s]))
        for s, spec in enumerate(match.specs)
    ]
    think = [0.0] * players
    moves = [0] * players
    limit = 2 * game.max_game_length(players, match.options)
    while not state.is_over and state.ply < limit:
        seat = state.to_move[0]
        start = time.perf_counter()
        action = bots[seat].act(state, seat)
        think[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply(action, seat)
    finished = state.is_over
    returns = tuple(state.returns()) if finished else tuple(0.5 for _ in range(players))
    return MatchResult(
        match.index, match.seats, returns, state.ply, finished, tuple(think), tuple(moves)
    )


def run_matches(
    matches: Sequence[Match], jobs: int = 1, progress: Callable[[MatchResult], None] | None = None
) -> list[MatchResult]:
    """Play ``matches`` on ``jobs`` processes (1: in this process); results in match order."""
    results: list[MatchResult] = []
    if jobs <= 1:
        for m in matches:
            results.append(play_match(m))
            if progress:
                progress(results[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_match, m) for m in matches]
            for future in as_completed(futures):
                results.append(future.result())
                if progress:
                    progress(results[-1])
    return sorted(results, key=lambda r: r.index)


# -- summary ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotStats:
    label: str
    games: int
    score: float  # mean return: 1 a win, 0 a loss, 0.5 a two-player draw
    low: float
    high: float
    firsts: int  # games in which one of its seats placed first (shared places count)
    rating: float
    ms_per_move: float


def labels_for(specs: Sequence[str]) -> list[str]:
    """Distinct labels for the bots, numbering repeated specs (``ismcts``, ``ismcts#2``)."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def summarise(specs: Sequence[str], results: Sequence[MatchResult]) -> list[BotStats]:
    """Per bot: mean return with its Wilson 95% interval, first places, rating, think time."""
    n = len(specs)
    score = [0.0] * n
    games = [0] * n
    firsts = [0] * n
    think = [0.0] * n
    moves = [0] * n
    pair: dict[tuple[int, int], float] = {}
    for r in results:
        mine: dict[int, list[float]] = {}
        for seat, b in enumerate(r.seats):
            mine.setdefault(b, []).append(r.returns[seat])
            think[b] += r.think[seat]
            moves[b] += r.moves[seat]
        best = max(r.returns)
        value = {b: sum(v) / len(v) for b, v in mine.items()}
        for b, v in value.items():
            score[b] += v
            games[b] += 1
            firsts[b] += any(x == best for x in mine[b]) and r.finished
        for a, b in itertools.permutations(value, 2):
            if value[a] > value[b]:
                pair[(a, b)] = pair.get((a, b), 0.0) + 1.0
            elif value[a] == value[b]:
                pair[(a, b)] = pair.get((a, b), 0.0) + 0.5
    ratings = bradley_terry(pair, n) if n > 1 else [1500.0]
    out = []
    for b, label in enumerate(labels_for(specs)):
        lo, hi = wilson(score[b], games[b])
        mean = score[b] / games[b] if games[b] else 0.0
        ms = 1000 * think[b] / moves[b] if moves[b] else 0.0
        out.append(BotStats(label, games[b], mean, lo, hi, firsts[b], ratings[b], ms))
    return out


@dataclass
class ArenaReport:
    game: str
    players: int
    specs: list[str]
    results: list[MatchResult]
    stats: list[BotStats]
    seconds: float

    @property
    def unfinished(self) -> int:
        return sum(not r.finished for r in self.results)


def default_players(game_name: str, bots: int) -> int:
    """Two seats when the game allows it and at most two bots play, else the fewest that fit."""
    counts = sorted(load_game(game_name).player_counts)
    for n in counts:
        if n >= bots:
            return n
    return counts[-1]


def check_arena(
    game: str,
    specs: Sequence[str],
    games: int,
    players: int | None,
    options: Mapping[str, Any] | None = None,
) -> int:
    """Validate an arena request (``ValueError`` with a clear message); returns the player count."""
    g = load_game(game)  # UnknownGame (a ValueError) names the known games
    if not specs:
        raise ValueError("name at least one bot (--bot random --bot heuristic)")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a positive integer, not {games!r}")
    for spec in specs:
        make_bot(spec, seed=0)
    if players is None:
        players = default_players(game, len(specs))
    opts = g.resolve_options(options)
    g.check_players(players, opts)
    return players


def run_arena(
    game: str,
    specs: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[MatchResult], None] | None = None,
) -> ArenaReport:
    players = check_arena(game, specs, games, players, options)
    start = time.perf_counter()
    matches = schedule(game, specs, games, players, seed, options)
    results = run_matches(matches, jobs, progress)
    return ArenaReport(
        game, players, list(specs), results, summarise(specs, results), time.perf_counter() - start
    )


# -- the command ------------------------------------------------------------------------------------
def report_table(report: ArenaReport) -> Any:
    from rich.table import Table

    table = Table(
        title=f"{report.game}, {report.players} players, {len(report.results)} games "
        f"({report.seconds:.0f} s)"
    )
    for name, justify in (
        ("bot", "left"),
        ("games", "right"),
        ("score", "right"),
        ("95% CI", "right"),
        ("firsts", "right"),
        ("rating", "right"),
        ("ms/move", "right"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in sorted(report.stats, key=lambda s: -s.rating):
        table.add_row(
            s.label,
            str(s.games),
            f"{s.score:.3f}",
            f"[{s.low:.3f}, {s.high:.3f}]",
            str(s.firsts),
            f"{s.rating:.0f}",
            f"{s.ms_per_move:.1f}",
        )
    return table


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["copies=3", "fast=true"]`` -> ``{"copies": 3, "fast": True}``."""
    from gametable.bots import _convert

    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"game option {item!r} is not of the form name=value")
        out[key.strip()] = _convert(value.strip())
    return out


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to the Typer ``app``."""

    @app.command("arena")
    def arena(
        game: Annotated[str, typer.Argument(help="the game to play, e.g. balzakken")],
        bot: Annotated[
            list[str],
            typer.Option(
                "--bot",
                "-b",
                help="a bot spec, repeatable: random, heuristic, ismcts:iterations=2000",
            ),
        ],
        games: Annotated[int, typer.Option("--games", "-n", help="games to play")] = 100,
        players: Annotated[
            int | None,
            typer.Option("--players", "-p", help="seats per game (default: 2 if allowed)"),
        ] = None,
        seed: Annotated[
            int, typer.Option("--seed", help="base seed; the same seed replays the run")
        ] = 0,
        jobs: Annotated[
            int, typer.Option("--jobs", "-j", help="processes (default: all cores)")
        ] = 0,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", help="game option name=value, repeatable"),
        ] = None,
    ) -> None:
        """Bots play many games against each other; prints scores, 95% intervals and ratings."""
        console = Console()
        try:
            options = parse_options(option or [])
            game = load_game(game).name  # the game's own name, however it was typed
            n_players = check_arena(game, bot, games, players, options)
        except ValueError as exc:  # GameError and UnknownGame are ValueErrors
            raise fail(str(exc)) from None
        if jobs < 0:
            raise fail(f"--jobs must be 0 (all cores) or more, not {jobs}")
        workers = min(jobs or os.cpu_count() or 1, games)
        label = f"{game}, {' vs '.join(bot)}"
        with progress_report(label, games) as advance:
            report = run_arena(
                game,
                bot,
                games,
                n_players,
                seed,
                workers,
                options,
                progress=lambda _result: advance(1),
            )
        console.print(report_table(report))
        if report.unfinished:
            console.print(
                f"[yellow]{report.unfinished} game(s) hit the length limit and count "
                "as draws[/yellow]"
            )
        console.print(
            "score = mean return (win 1, loss 0, draws and middle places between); "
            "95% CI: Wilson; rating: Bradley-Terry on pairwise results, Elo scale."
        )
