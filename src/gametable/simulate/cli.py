"""The ``simulate`` and ``report`` commands, added to the ``gametable`` app by :func:`register`.

Examples::

    gametable simulate balzakken --players 3 --games 1000 --bot random --out runs/bz3
    gametable simulate balzakken -p 4 -g 500 --sweep swingers=0,4,8 --out runs/swingers
    gametable report runs/swingers
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape

from gametable.core.errors import GameError
from gametable.core.options import parse_option_pairs

if TYPE_CHECKING:
    from gametable.core.protocol import Game
    from gametable.simulate.backends import Backend
    from gametable.simulate.play import RunConfig


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False)
    return typer.Exit(2)


def parse_sweeps(sweeps: list[str]) -> list[dict[str, str]]:
    """``["a=1,2", "b=x,y"]`` -> every combination, as option dicts (text values).

    >>> parse_sweeps(["swingers=0,4"])
    [{'swingers': '0'}, {'swingers': '4'}]
    """
    axes = []
    for text in sweeps:
        key, sep, values = text.partition("=")
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not key.strip() or not items:
            raise ValueError(f"--sweep {text!r} is not of the form key=v1,v2,...")
        axes.append([(key.strip(), v) for v in items])
    return [dict(combo) for combo in itertools.product(*axes)]


def _dirname(point: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in point.items()).replace("/", "_")


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="a game from 'gametable games'")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="players per game")]
GamesOpt = Annotated[int, typer.Option("--games", "-g", help="games to play")]
BotOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--bot", "-b", help="bot spec per seat, in line-up order (repeat; rotates per game)"
    ),
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="game option key=value (repeat)")
]
SeedOpt = Annotated[int, typer.Option(help="run seed; game i's seed derives from it and i")]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="results directory (default: simulations/GAME-Np-seedS)"),
]
JobsOpt = Annotated[
    int | None, typer.Option("--jobs", "-j", help="worker processes (default: all cores)")
]
FormatOpt = Annotated[str, typer.Option("--format", help="parquet or csv")]
SweepOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--sweep",
        help="key=v1,v2,...: one batch per value, in subdirectories (key may be "
        "a game option or 'players')",
    ),
]
BackendOpt = Annotated[str, typer.Option(help="local (processes) or ray")]
AddressOpt = Annotated[
    str | None, typer.Option(help="Ray cluster address (default: start a local one)")
]
EvalEveryOpt = Annotated[
    int,
    typer.Option(
        "--eval-every",
        help="sample the heuristic evaluation every N decisions for drama and "
        "decisiveness (0: off, faster)",
    ),
]
NoMovesOpt = Annotated[
    bool, typer.Option("--no-moves", help="do not store each game's moves (smaller files)")
]


def simulate_command(
    game: GameArg,
    players: PlayersOpt = None,
    games: GamesOpt = 100,
    bot: BotOpt = None,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    out: OutOpt = None,
    jobs: JobsOpt = None,
    fmt: FormatOpt = "parquet",
    sweep: SweepOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    eval_every: EvalEveryOpt = 8,
    no_moves: NoMovesOpt = False,
) -> None:
    """Play many games between bots and write one row per game (resumable: re-run to continue)."""
    from gametable.core.registry import load_game
    from gametable.simulate.backends import make_backend

    console = Console()
    try:
        header = load_game(game)
        base_options = parse_option_pairs(option or [])
        points = parse_sweeps(sweep) if sweep else [{}]
        if fmt not in ("parquet", "csv"):
            raise ValueError(f"--format must be parquet or csv, not {fmt!r}")
        if games < 0:
            raise ValueError("--games cannot be negative")
        count = players or header.min_players
        root = out or Path("simulations") / f"{header.name}-{count}p-seed{seed}"
        configs = _configs(
            header,
            players,
            tuple(bot or ("random",)),
            seed,
            base_options,
            points,
            record_moves=not no_moves,
            eval_every=eval_every,
        )
        runs = [(root / name if sweep else root, config) for name, config in configs]
        if sweep:
            _write_sweep(root, sweep, [name for name, _ in configs])
        runner = make_backend(backend, jobs=jobs, address=address)
    except (GameError, ValueError) as exc:
        raise _fail(str(exc)) from None
    try:
        for path, config in runs:
            _run_one(console, config, games, path, fmt, jobs, runner)
    finally:
        runner.close()
    console.print(f"Report: gametable report {root}", soft_wrap=True)


def _configs(
    game: Game,
    players: int | None,
    bots: tuple[str, ...],
    seed: int,
    options: dict[str, str],
    points: list[dict[str, str]],
    *,
    record_moves: bool,
    eval_every: int,
) -> list[tuple[str, RunConfig]]:
    """The batch of each point of a sweep (``[{}]``: one batch), each with the name of its
    subdirectory.  A point sets game options, or ``players`` for the number of seats (else
    ``players``, else the game's fewest)."""
    from gametable.simulate.play import RunConfig

    out = []
    for point in points:
        opts = {k: v for k, v in point.items() if k != "players"}
        count = int(point["players"]) if "players" in point else players
        config = RunConfig.make(
            game.name,
            count or game.min_players,
            bots,
            seed,
            {**options, **opts},
            record_moves=record_moves,
            eval_every=eval_every,
        )
        out.append((_dirname(point), config))
    return out


def _write_sweep(root: Path, sweep: list[str], names: list[str]) -> None:
    """``root/sweep.json``: the sweep's axes and the subdirectories of its runs."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "sweep.json").write_text(json.dumps({"sweep": sweep, "runs": names}, indent=1) + "\n")


def _run_one(
    console: Console,
    config: RunConfig,
    games: int,
    path: Path,
    fmt: str,
    jobs: int | None,
    runner: Backend,
) -> None:
    """Play one batch; a stop says how to resume and exits with status 130."""
    from gametable.simulate.backends import RayUnavailable
    from gametable.simulate.play import GameFailed
    from gametable.simulate.runner import simulate

    try:
        summary = simulate(config, games, path, fmt=fmt, jobs=jobs, backend=runner, progress=True)
    except (RayUnavailable, GameFailed, ValueError) as exc:
        raise _fail(f"{exc} (the games already written are kept)") from None
    done = summary.skipped + summary.played
    if summary.interrupted:
        console.print(
            f"Stopped: {done} of {summary.total} games are written in {path}; "
            "run the same command again to continue.",
            soft_wrap=True,
        )
        raise typer.Exit(130)
    skipped = f" ({summary.skipped} already there)" if summary.skipped else ""
    console.print(f"{done} games in {path}{skipped}.", soft_wrap=True)


def report_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="a run or sweep directory")],
    out: Annotated[
        Path | None, typer.Option("--out", help="HTML file to write (default: DIR/report.html)")
    ] = None,
) -> None:
    """Write a self-contained HTML balance report of a simulation (or a sweep of them)."""
    from gametable.simulate.report import write_report

    warnings: list[str] = []
    try:
        path = write_report(directory, out, warnings)
    except (FileNotFoundError, ValueError, RuntimeError) as exc:
        raise _fail(str(exc)) from None
    for warning in warnings:
        Console(stderr=True).print(
            f"[yellow]warning:[/yellow] {escape(warning)}", highlight=False, soft_wrap=True
        )
    Console().print(f"Report written to {path}", soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``report`` to the ``gametable`` command."""
    app.command("simulate")(simulate_command)
    app.command("report")(report_command)


def main() -> None:  # ``python -m gametable.simulate`` until the main CLI registers the commands
    app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
    register(app)
    app()
