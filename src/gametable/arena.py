"""The arena: bots play many seeded games against each other, seats rotating, on the simulation's
runner (:mod:`gametable.simulate.backends`: this process, local processes or a Ray cluster).

The logic is pure functions (:func:`schedule`, :func:`run_matches`, :func:`run_arena`,
:func:`summarise`) so it is testable without the CLI; :func:`register` adds the ``arena`` command
to a Typer app.  Its statistics (Wilson intervals, Plackett-Luce ratings) are those of the
simulation report (:mod:`gametable.simulate.stats`).

Every deal is played once in every seat rotation of a line-up (duplicate play), so the luck of
the deal cancels.  Each line-up is one :class:`~gametable.simulate.play.RunConfig` whose
``deal_every`` is its number of distinct rotations; every line-up uses the same run seed, so its
``k``-th round of rotations plays the same deal as every other line-up's.  Results depend on the
seed only, never on the number of jobs or the backend.

>>> [(s.bots, s.games) for s in schedule("balzakken", ["easy", "normal", "hard"], 7, 2)]
[((0, 1), 3), ((0, 2), 2), ((1, 2), 2)]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from gametable.bots import convert_value, make_bot
from gametable.core.options import GivenOptions
from gametable.core.registry import load_game
from gametable.simulate.backends import Backend, InProcessBackend, default_jobs, make_backend
from gametable.simulate.play import RunConfig
from gametable.simulate.stats import Rating, rate_bots, wilson
from gametable.terminal.errors import fail
from gametable.terminal.progress import progress as progress_report
from gametable.terminal.render import WIDE, ByWidth
from gametable.terminal.tables import keyed_labels


# -- the schedule -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lineup:
    """One line-up: ``bots[p]`` (an index into the arena's specs) sits at line-up position ``p``;
    ``config`` plays its ``games`` games (game ``j`` turns the line-up by ``j`` seats)."""

    bots: tuple[int, ...]
    config: RunConfig
    games: int
    offset: int  # this line-up's place among the line-ups (to number matches across them)
    count: int  # how many line-ups the arena has

    @property
    def rotations(self) -> int:
        return self.config.deal_every

    def seats(self, local: int) -> tuple[int, ...]:
        """The bot in each seat of this line-up's game ``local`` (as
        :func:`gametable.simulate.play.seat_bots` seats the specs)."""
        n = len(self.bots)
        return tuple(self.bots[(s - local) % n] for s in range(n))

    def match_index(self, local: int) -> int:
        """The arena-wide number of this line-up's game ``local``: round after round, each round
        holding every line-up's rotations of one deal."""
        r = self.rotations
        return (local // r) * r * self.count + self.offset * r + local % r


def rotations(base: Sequence[int]) -> int:
    """How many distinct seatings turning ``base`` gives.

    >>> rotations((0, 1)), rotations((0, 1, 0, 1)), rotations((0, 0))
    (2, 2, 1)
    """
    return len({tuple(base[r:]) + tuple(base[:r]) for r in range(len(base))})


def bases(bots: int, players: int) -> list[tuple[int, ...]]:
    """The line-ups of bot indices, before rotation.

    With fewer bots than seats they fill the seats in turn (A B A B); with more, every
    combination of ``players`` bots gets its turn.

    >>> bases(2, 4), bases(3, 2)
    ([(0, 1, 0, 1)], [(0, 1), (0, 2), (1, 2)])
    """
    if bots <= players:
        return [tuple(i % bots for i in range(players))]
    return list(itertools.combinations(range(bots), players))


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every seat rotation of each line-up of bot indices, in the order they are played.

    >>> lineups(2, 2)
    [(0, 1), (1, 0)]
    >>> lineups(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    out: list[tuple[int, ...]] = []
    for base in bases(bots, players):
        n = len(base)
        out.extend(tuple(base[(s - k) % n] for s in range(n)) for k in range(rotations(base)))
    return out


def schedule(
    game: str,
    specs: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    options: GivenOptions | None = None,
) -> list[Lineup]:
    """The line-ups of an arena run and how many of the ``games`` each plays (rounds of one deal
    each, every line-up's rotations in turn; a last partial round goes to the first line-ups)."""
    g = load_game(game)
    found = bases(len(specs), players)
    limit = 2 * g.max_game_length(players, g.resolve_options(options))
    out = []
    for b, base in enumerate(found):
        r = rotations(base)
        per_round = r * len(found)
        full, rest = divmod(games, per_round)
        mine = full * r + min(r, max(0, rest - b * r))
        config = RunConfig.make(
            game,
            players,
            tuple(specs[i] for i in base),
            seed=seed,
            options=options,
            record_moves=False,
            eval_every=0,
            max_decisions=limit,
            deal_every=r,
            seat_stats=True,
        )
        out.append(Lineup(base, config, mine, b, len(found)))
    return [lu for lu in out if lu.games]


# -- playing ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchResult:
    index: int
    seats: tuple[int, ...]  # bot index per seat
    returns: tuple[float, ...]
    plies: int
    finished: bool
    think: tuple[float, ...]  # CPU seconds spent choosing, per seat
    moves: tuple[int, ...]  # decisions made, per seat
    deal: int = 0  # the game's seed (games of one round share it)


def result_of(lineup: Lineup, row: Mapping[str, Any]) -> MatchResult:
    """A simulated game's row (with ``seat_stats``) as an arena result."""
    local = int(row["game_index"])
    n = int(row["players"])
    return MatchResult(
        lineup.match_index(local),
        lineup.seats(local),
        tuple(float(row[f"return_{s}"]) for s in range(n)),
        int(row["decisions"]),
        not row["timeout"],
        tuple(float(row[f"cpu_{s}"]) for s in range(n)),
        tuple(int(row[f"moves_{s}"]) for s in range(n)),
        int(row["seed"]),
    )


def run_matches(
    plan: Sequence[Lineup],
    backend: Backend | None = None,
    progress: Callable[[MatchResult], None] | None = None,
    first: int = 0,
) -> list[MatchResult]:
    """Play every line-up's games on ``backend`` (default: in this process), one game per task;
    results in match order; ``first``: only the games of match index ``first`` on."""
    backend = backend or InProcessBackend()
    results: list[MatchResult] = []
    for lineup in plan:
        chunks = [(j, j + 1) for j in range(lineup.games) if lineup.match_index(j) >= first]
        if not chunks:
            continue
        for _start, _stop, rows in backend.run(lineup.config, chunks):
            for row in rows:
                results.append(result_of(lineup, row))
                if progress:
                    progress(results[-1])
    return sorted(results, key=lambda r: r.index)


# -- summary ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotStats:
    label: str
    games: int
    score: float  # mean return: 1 a win, 0 a loss, 0.5 a two-player draw (nan: no game)
    low: float
    high: float
    firsts: int  # games in which one of its seats placed first (shared places count)
    rating: Rating
    ms_per_move: float  # CPU milliseconds per decision


def labels_for(specs: Sequence[str]) -> list[str]:
    """Distinct labels for the bots, numbering repeated specs (``ismcts``, ``ismcts#2``)."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def bot_values(result: MatchResult) -> dict[int, float]:
    """Each bot's result in one game: the mean return of the seats it held."""
    mine: dict[int, list[float]] = {}
    for seat, b in enumerate(result.seats):
        mine.setdefault(b, []).append(result.returns[seat])
    return {b: sum(v) / len(v) for b, v in mine.items()}


def summarise(specs: Sequence[str], results: Sequence[MatchResult]) -> list[BotStats]:
    """Per bot: mean return with its Wilson 95% interval, first places, Plackett-Luce rating,
    CPU time per move."""
    n = len(specs)
    score = [0.0] * n
    games = [0] * n
    firsts = [0] * n
    think = [0.0] * n
    moves = [0] * n
    for r in results:
        for seat, b in enumerate(r.seats):
            think[b] += r.think[seat]
            moves[b] += r.moves[seat]
        best = max(r.returns)
        for b, v in bot_values(r).items():
            score[b] += v
            games[b] += 1
            held = [r.returns[s] for s, x in enumerate(r.seats) if x == b]
            firsts[b] += any(x == best for x in held) and r.finished
    ratings = rate_bots(n, (bot_values(r) for r in results))
    out = []
    for b, label in enumerate(labels_for(specs)):
        mean, lo, hi = wilson(score[b], games[b])
        ms = 1000 * think[b] / moves[b] if moves[b] else 0.0
        out.append(BotStats(label, games[b], mean, lo, hi, firsts[b], ratings[b], ms))
    return out


@dataclass(frozen=True)
class PairStats:
    """How bot ``first`` did against bot ``second`` in the games the two played alone together:
    ``first``'s mean result (1 a win, 0 a loss, 0.5 a two-player draw) with its Wilson 95%
    interval."""

    first: int
    second: int
    games: int
    score: float
    low: float
    high: float


def head_to_head(count: int, results: Sequence[MatchResult]) -> dict[tuple[int, int], PairStats]:
    """For every ordered pair of ``count`` bots, the first's score against the second over the
    games where these two were the only bots at the table (pairs that never met: no entry).

    >>> won = MatchResult(0, (0, 1), (1.0, 0.0), 10, True, (0.0, 0.0), (5, 5))
    >>> lost = MatchResult(1, (1, 0), (1.0, 0.0), 10, True, (0.0, 0.0), (5, 5))
    >>> pairs = head_to_head(2, [won, lost, won])
    >>> round(pairs[0, 1].score, 3), pairs[0, 1].games, round(pairs[1, 0].score, 3)
    (0.667, 3, 0.333)
    """
    total: dict[tuple[int, int], float] = {}
    games: dict[tuple[int, int], int] = {}
    for r in results:
        values = bot_values(r)
        if len(values) != 2:
            continue
        a, b = sorted(values)
        for x, y in ((a, b), (b, a)):
            total[x, y] = total.get((x, y), 0.0) + values[x]
            games[x, y] = games.get((x, y), 0) + 1
    out = {}
    for (x, y), n in games.items():
        if x < count and y < count:
            out[x, y] = PairStats(x, y, n, *wilson(total[x, y], n))
    return out


@dataclass
class ArenaReport:
    game: str
    players: int
    specs: list[str]
    results: list[MatchResult]
    stats: list[BotStats]

    @property
    def unfinished(self) -> int:
        return sum(not r.finished for r in self.results)

    @property
    def pairs(self) -> dict[tuple[int, int], PairStats]:
        return head_to_head(len(self.specs), self.results)


def default_players(game_name: str, bots: int) -> int:
    """Two seats when the game allows it, whatever the number of bots (with more bots than
    seats every pair meets, :func:`bases`), else the game's smallest table.  ``-p`` chooses
    another count: a 4-seat Keezbord table for three bots would seat one of them twice, on
    opposing teams, which nobody asking for "these three bots" means."""
    counts = sorted(load_game(game_name).player_counts)
    return 2 if 2 in counts else counts[0]


def describe_players(players: int, bots: int, chosen: bool) -> str:
    """The line the arena prints before it plays: how many seats a game has, whether that count
    was asked for (``-p``) or is the default, and how the bots fill the seats.

    >>> describe_players(2, 3, chosen=False)
    '2 players a game (the default; choose with -p): each pair of the 3 bots plays, every seat in turn'
    >>> describe_players(4, 2, chosen=True)
    '4 players a game (-p 4): the 2 bots fill the seats in turn, every seat in turn'
    """
    how = f"-p {players}" if chosen else "the default; choose with -p"
    if bots > players:
        group = "pair" if players == 2 else f"group of {players}"
        fill = f"each {group} of the {bots} bots plays"
    elif bots == 1:
        fill = "the bot plays itself"
    elif bots < players:
        fill = f"the {bots} bots fill the seats in turn"
    else:
        fill = f"the {bots} bots play"
    return f"{players} players a game ({how}): {fill}, every seat in turn"


def short_round(bots: int, players: int, games: int) -> str | None:
    """A warning when ``games`` is too few for every line-up to play (``--games`` counts the
    games in all, shared out in rounds of every line-up at every seating), else ``None``.

    >>> short_round(3, 2, 2)
    'note: a round of every pair at every seating is 6 games; with 2, some pairs play none'
    >>> short_round(3, 2, 6) is None, short_round(2, 2, 1) is None
    (True, True)
    """
    found = bases(bots, players)
    per_round = sum(rotations(base) for base in found)
    if len(found) < 2 or games >= per_round:
        return None
    group = "pair" if players == 2 else "line-up"
    return (
        f"note: a round of every {group} at every seating is {per_round} games; "
        f"with {games}, some {group}s play none"
    )


def check_arena(
    game: str,
    specs: Sequence[str],
    games: int,
    players: int | None,
    options: GivenOptions | None = None,
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
    options: GivenOptions | None = None,
    progress: Callable[[MatchResult], None] | None = None,
    backend: Backend | None = None,
    first: int = 0,
) -> ArenaReport:
    """Play an arena run on ``backend`` (default: ``jobs`` local processes; 1: this process);
    ``first``: only its games from that index on (to finish a stopped run: each game is played
    exactly as in the whole run)."""
    players = check_arena(game, specs, games, players, options)
    plan = schedule(game, specs, games, players, seed, options)
    if backend is None:
        backend = make_backend("local", jobs=jobs) if jobs > 1 else InProcessBackend()
    results = run_matches(plan, backend, progress, first)
    return ArenaReport(game, players, list(specs), results, summarise(specs, results))


# -- the command ------------------------------------------------------------------------------------
def report_table(report: ArenaReport, narrow: bool = False) -> Table:
    """The bots' scores, intervals and ratings; ``narrow``: for under 100 columns (intervals to
    two places, no box, long names as the keys of :func:`bot_key`)."""
    table = Table(title=f"{report.game}, {report.players} players, {len(report.results)} games")
    if narrow:
        table = Table(title=table.title, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for name, justify in (
        ("bot", "left"),
        ("games", "right"),
        ("score", "right"),
        ("95% CI", "right"),
        ("firsts", "right"),
        ("rating", "right"),
        ("rating 95%", "right"),
        ("CPU ms/move", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=narrow)  # type: ignore[arg-type]
    ranked = sorted(report.stats, key=lambda s: -s.rating.mu)
    shown = short_names(report) if narrow else {}
    for s in ranked:
        ci = f"{s.low:.2f}-{s.high:.2f}" if narrow else f"[{s.low:.3f}, {s.high:.3f}]"
        rating = f"{s.rating.low:.0f}-{s.rating.high:.0f}" if narrow else None
        table.add_row(
            shown.get(s.label, s.label),
            str(s.games),
            "-" if math.isnan(s.score) else f"{s.score:.3f}",
            ci,
            str(s.firsts),
            f"{s.rating.mu:.1f}",
            rating or f"[{s.rating.low:.1f}, {s.rating.high:.1f}]",
            f"{s.ms_per_move:.1f}",
        )
    return table


def short_names(report: ArenaReport) -> dict[str, str]:
    """Each bot's name in the narrow tables: in full, or its key (:func:`keyed_labels`)."""
    labels = labels_for(report.specs)
    return dict(zip(labels, keyed_labels(labels)[0], strict=True))


def pairs_table(report: ArenaReport, narrow: bool = False) -> Table | None:
    """Each bot's score against each other (row against column), when two bots or more met in
    pairs (two bots alone at the table); ``None`` otherwise.  ``narrow``: keys for long names,
    each cell's interval on a line of its own."""
    pairs = report.pairs
    if len(report.specs) < 2 or not pairs:
        return None
    labels = labels_for(report.specs)
    if narrow:
        labels = keyed_labels(labels)[0]
    table = Table(title="head to head: score of the row against the column [95% CI] (games)")
    table.add_column("bot", justify="left")
    for label in labels:
        table.add_column(label, justify="right")
    for a, label in enumerate(labels):
        cells = []
        for b in range(len(labels)):
            p = pairs.get((a, b))
            cells.append(
                "-"
                if p is None
                else f"{p.score:.3f} ({p.games})\n{p.low:.2f}-{p.high:.2f}"
                if narrow
                else f"{p.score:.3f} [{p.low:.3f}, {p.high:.3f}] ({p.games})"
            )
        table.add_row(label, *cells)
    return table


def parse_options(items: Sequence[str]) -> dict[str, object]:
    """``["copies=3", "fast=true"]`` -> ``{"copies": 3, "fast": True}``."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"game option {item!r} is not of the form name=value")
        out[key.strip()] = convert_value(value.strip())
    return out


GameArg = Annotated[str, typer.Argument(help="the game to play, e.g. balzakken")]
BotOpt = Annotated[
    list[str],
    typer.Option(
        "--bot",
        "-b",
        help="a bot spec, repeatable: easy, normal, hard, random, heuristic, "
        "ismcts:iterations=2000",
    ),
]
GamesOpt = Annotated[int, typer.Option("--games", "-n", help="games to play")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="seats per game (default: 2 if allowed)")
]
SeedOpt = Annotated[int, typer.Option("--seed", help="base seed; the same seed replays the run")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="processes (default: all cores)")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="game option name=value, repeatable")
]
BackendOpt = Annotated[str, typer.Option("--backend", help="local (processes here) or ray")]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster address (with --backend ray)")
]


def arena_command(
    game: GameArg,
    bot: BotOpt,
    games: GamesOpt = 100,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 0,
    option: OptionOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Bots play many games against each other; prints scores, 95% intervals and ratings."""
    console = Console()
    try:
        options = parse_options(option or [])
        game = load_game(game).name  # the game's own name, however it was typed
        n_players = check_arena(game, bot, games, players, options)
        runner = arena_runner(backend, jobs, games, address)
    except ValueError as exc:  # GameError and UnknownGame are ValueErrors
        raise fail(str(exc)) from None
    console.print(describe_players(n_players, len(bot), chosen=players is not None))
    if (note := short_round(len(bot), n_players, games)) is not None:
        console.print(note, style="yellow")
    label = f"{game}, {' vs '.join(bot)}"
    try:
        with progress_report(label, games) as advance:
            report = run_arena(
                game,
                bot,
                games,
                n_players,
                seed,
                options=options,
                progress=lambda _result: advance(1),
                backend=runner,
            )
    finally:
        runner.close()
    print_report(console, report)


def arena_runner(backend: str, jobs: int, games: int, address: str | None) -> Backend:
    """Where the games run: this process for one worker on the local backend, else ``backend``
    with ``jobs`` workers (0: all cores), never more than the games."""
    if jobs < 0:
        raise ValueError(f"--jobs must be 0 (all cores) or more, not {jobs}")
    workers = min(jobs or default_jobs(), games)
    if backend == "local" and workers == 1:
        return InProcessBackend()
    return make_backend(backend, jobs=workers, address=address)


def print_report(console: Console, report: ArenaReport) -> None:
    """The arena's tables, the games cut short, and how to read the figures."""
    console.print(ByWidth(report_table(report), report_table(report, narrow=True)))
    pairs, narrow_pairs = pairs_table(report), pairs_table(report, narrow=True)
    if pairs is not None and narrow_pairs is not None:
        console.print(ByWidth(pairs, narrow_pairs))
    key = keyed_labels(labels_for(report.specs))[1]
    if key is not None and console.width < WIDE:
        console.print(f"bots: {key}", highlight=False, markup=False)
    if report.unfinished:
        console.print(
            f"[yellow]{report.unfinished} game(s) hit the length limit and count as draws[/yellow]"
        )
    console.print(
        "score = mean return (win 1, loss 0, draws and middle places between); "
        "95% CI: Wilson; rating: Plackett-Luce (openskill), mean and 95% interval; "
        "time: CPU per decision."
    )


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to the Typer ``app``."""
    app.command("arena")(arena_command)
