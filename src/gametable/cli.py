"""The ``gametable`` command.

``gametable games`` lists the games, ``gametable play GAME`` plays one in the terminal against bots,
``gametable saves`` lists the games saved as they were played, ``gametable replay FILE`` prints a
recorded game move by move.  Bad input, on the command line or in a command, ends with one
``error: ...`` line and exit status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from typer.core import TyperCommand, TyperGroup
from typer.main import get_group

from gametable.core.errors import GameError
from gametable.core.options import parse_option_pairs
from gametable.core.record import Record
from gametable.core.registry import game_names, load_game
from gametable.games.balam import register_board
from gametable.terminal import saves
from gametable.terminal.errors import CommandLineMistake, fail, print_error, print_usage_error

if TYPE_CHECKING:
    from gametable.terminal.session import TerminalGame


@dataclass(frozen=True)
class LayerCommand:
    """A command that lives beside the layer it drives (``module.register(app)`` adds it).

    Its module is imported only when the command runs (or its own help is asked for), so that
    ``gametable --help`` or ``gametable play`` never pay for the web server, the simulator or
    the rules search.  ``summary`` is what the list of commands shows; a test checks that it is
    the command's own first paragraph of help.
    """

    module: str
    summary: str


#: the layers' commands, in the order ``gametable --help`` lists them
LAYER_COMMANDS = {
    "rules": LayerCommand(
        "gametable.rulebook.cli",
        "Read a game's rules (in our own words): the sections, one section, or --ask a question\n"
        "(a short answer and the sections it rests on).",
    ),
    "arena": LayerCommand(
        "gametable.arena",
        "Bots play many games against each other; prints scores, 95% intervals and ratings.",
    ),
    "serve": LayerCommand(
        "gametable.server.cli",
        "Serve games to browsers: open http://HOST:PORT/ and share the invite links.",
    ),
    "simulate": LayerCommand(
        "gametable.simulate.cli",
        "Play many games between bots and write one row per game (resumable: re-run to continue).",
    ),
    "report": LayerCommand(
        "gametable.simulate.cli",
        "Write a self-contained HTML balance report of a simulation (or a sweep of them).",
    ),
}


def layer_command(name: str) -> TyperCommand:
    """The real command ``name`` of :data:`LAYER_COMMANDS`, its module imported now."""
    layer = typer.Typer()
    # imported by name on purpose: loading the layer only when its command runs is the point
    importlib.import_module(LAYER_COMMANDS[name].module).register(layer)
    command = get_group(layer).commands[name]
    assert isinstance(command, TyperCommand)
    return command


class Commands(TyperGroup):
    """The ``gametable`` commands; a mistake on the command line is reported like every other
    error (``error: ...``), not in Typer's box.  The layers' commands (:data:`LAYER_COMMANDS`)
    are loaded when they run."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *(n for n in LAYER_COMMANDS if n not in self.commands)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        if found is not None or cmd_name not in LAYER_COMMANDS:
            return found
        if self._listing:  # the list of commands needs only their summaries
            summary = LAYER_COMMANDS[cmd_name].summary
            return TyperCommand(cmd_name, help=summary)
        command = layer_command(cmd_name)
        self.add_command(command, cmd_name)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            status = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except CommandLineMistake as exc:
            if type(exc).__name__ != "NoArgsIsHelpError":  # (that one has shown the help)
                print_usage_error(exc)
            sys.exit(getattr(exc, "exit_code", 2))
        except typer.Abort:
            print_error("stopped")
            sys.exit(1)
        # without standalone mode, Typer returns the status of an explicit typer.Exit
        sys.exit(status if isinstance(status, int) else 0)


app = typer.Typer(
    name="gametable",
    help="Referee, play and study Balzakken, Keezbord and Balam.",
    cls=Commands,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and options."""
    table = Table(title="gametable games")
    table.add_column("name")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default)")
    for name in game_names():
        game = load_game(name)
        counts = ", ".join(str(n) for n in game.player_counts)
        opts = "\n".join(f"{o.name}={o.default!r}: {o.help}" for o in game.options)
        table.add_row(name, game.title, counts, opts)
    Console().print(table)


BoardFile = Annotated[
    Path | None,
    typer.Option(
        "--board-file",
        help="a Balam board file (TOML): playable as the option board=NAME, NAME being the "
        "file's name without .toml",
    ),
]


def use_board_file(path: Path | None) -> str | None:
    """Register a Balam board file under its name (records and options name boards, never
    files); the name, or None without a file."""
    if path is None:
        return None
    try:
        return register_board(path.stem, path)
    except ValueError as exc:
        raise fail(str(exc)) from None


def default_bot() -> str:
    """The bot that fills empty seats when none is named: the heuristic one where it exists."""
    from gametable.bots import bot_names

    return "heuristic" if "heuristic" in bot_names() else "random"


@app.command("play")
def play_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="balzakken, keezbord or balam")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of players")
    ] = None,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="a human seat (repeat for hot seat)")
    ] = None,
    bot: Annotated[
        list[str] | None, typer.Option("--bot", help="bot for the other seats, in order")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for a reproducible game")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value")
    ] = None,
    load: Annotated[
        str | None,
        typer.Option(
            "--load",
            metavar="N|FILE",
            help="resume a game: its number in 'gametable saves', or a file",
        ),
    ] = None,
    board_file: BoardFile = None,
) -> None:
    """Play a game in the terminal: you against bots (or several humans at one screen).

    The game is saved as it goes (see 'gametable saves'); quit or Ctrl-C and resume it later.
    """
    from gametable.bots import make_bot
    from gametable.terminal.prompt import make_ask
    from gametable.terminal.session import TerminalGame

    console = Console()
    folder = saves.saves_folder()
    board = use_board_file(board_file)
    try:
        if load is not None:
            path = saves.resolve_save(load, folder)
            record = Record.load(path)
            state = record.replay()
            game = state.game
            slot = saves.SaveSlot.for_loaded(folder, path)
        else:
            if game_name is None:
                raise fail("name a game to play: " + ", ".join(game_names()))
            game = load_game(game_name)
            count = players if players is not None else game.min_players
            options = parse_option_pairs(option or [])
            if board is not None:
                if game.name != "balam":
                    raise fail("--board-file gives a Balam board")
                options.setdefault("board", board)
            record = Record.start(game, count, seed=seed, options=options)
            state = record.replay()
            slot = saves.SaveSlot(folder)
        table = saved_table(record, state.players) if not (seat or bot) else None
        humans = sorted(set(seat if seat else [0])) if table is None else table[0]
        for s in humans:
            if not 0 <= s < state.players:
                raise fail(f"--seat {s} does not exist; seats are 0 to {state.players - 1}")
        specs = list(bot or []) if table is None else table[1]
        bots = {}
        labels = [saves.PERSON] * state.players
        for i, s in enumerate(s for s in range(state.players) if s not in humans):
            spec = specs[i] if i < len(specs) else (specs[-1] if specs else default_bot())
            bots[s] = make_bot(spec, seed=(record.seed + 1 + s) % (1 << 63))
            labels[s] = spec
    except (GameError, ValueError) as exc:
        raise fail(str(exc)) from None

    console.print(
        f"[bold]{game.title}[/bold], {state.players} players, seed {record.seed}. "
        f"Human seats: {', '.join(map(str, humans))}. Type 'help' for commands."
    )
    session = TerminalGame(state, record, bots, console, make_ask(console), slot, labels)
    try:
        session.run()
    except (KeyboardInterrupt, EOFError):
        stopped(console, session, folder)
    else:
        if slot.path is not None:
            console.print(
                f"The game is kept in {slot.path}.", highlight=False, markup=False, soft_wrap=True
            )


def saved_table(record: Record, players: int) -> tuple[list[int], list[str]] | None:
    """The human seats and the bots (in seat order) a saved game was played with, if it says."""
    seats = record.meta.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return None
    if not all(isinstance(label, str) for label in seats):
        return None
    humans = [s for s, label in enumerate(seats) if label == saves.PERSON]
    bots = [label for label in seats if label != saves.PERSON]
    return (humans, bots) if humans else None


def stopped(console: Console, session: TerminalGame, folder: Path) -> None:
    """Say where the game stopped is kept and how to go on with it."""
    path = session.autosave()
    if path is None:
        if session.record.moves:
            console.print("\nStopped. The game could not be saved.")
        else:
            console.print("\nStopped before the first move; there is nothing to save.")
        return
    number = saves.number_of(path, folder)
    again = str(number) if number is not None else str(path)
    console.print(
        f"\nStopped. The game is saved in {path}.\nResume it with: gametable play --load {again}",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )


@app.command("replay")
def replay_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="N|FILE",
            help="a save's number in 'gametable saves', or a record written by 'save' or the server",
        ),
    ],
    seat: Annotated[
        int | None, typer.Option(help="show the board as this seat saw it (default: spectator)")
    ] = None,
    step: Annotated[
        bool, typer.Option("--step", help="show the board after each move; Enter for the next")
    ] = False,
    board_file: BoardFile = None,
) -> None:
    """Print a recorded game move by move (or step through it with --step)."""
    from gametable.terminal.prompt import Candidate, make_ask
    from gametable.terminal.render import renderer_for

    console = Console()
    ask = make_ask(console) if step else None
    use_board_file(board_file)
    try:
        record = Record.load(saves.resolve_save(file))
        game = record.load_game()
        if seat is not None and not 0 <= seat < record.players:
            raise fail(f"--seat {seat} does not exist; seats are 0 to {record.players - 1}")
        renderer = renderer_for(game)
        console.print(
            f"[bold]{record.game}[/bold] v{record.version}, {record.players} players, "
            f"seed {record.seed}, {len(record.moves)} moves"
        )
        before = None
        description = ""
        for number, (state, move) in enumerate(record.states()):
            view = state.view(seat)
            if move is not None:
                console.print(
                    f"{number:>4}. {move[1]:<20} [dim]{description}[/dim]", highlight=False
                )
                summary = renderer.summary(before, view) if before is not None else None
                if summary is not None:
                    console.print(summary)
            if step:
                console.print(renderer.board(view))
                if number < len(record.moves) and ask is not None:
                    line = ask(
                        f"Move {number + 1} of {len(record.moves)}: Enter shows it, q stops. ",
                        [Candidate("q", "stop")],
                    )
                    if line.strip().casefold() in ("q", "quit"):
                        return
            before = view
            if number < len(record.moves):
                s, text = record.moves[number]
                description = state.describe(game.parse_action(state, text), s)
        final = state
    except GameError as exc:
        raise fail(str(exc)) from None
    except (EOFError, KeyboardInterrupt):  # end of input or Ctrl-C: stop stepping
        return
    if final.outcome is not None:
        console.print(f"[bold]Result:[/bold] {final.outcome.reason}")
        console.print(
            f"scores: {list(final.outcome.scores)}, winners: {list(final.outcome.winners)}"
        )
    else:
        console.print(
            f"The recorded game is not finished; resume it with: gametable play --load {file}",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )


@app.command("saves")
def saves_command() -> None:
    """List the saved games, oldest first: resume one with 'gametable play --load N'."""
    folder = saves.saves_folder()
    found = saves.list_saves(folder)
    console = Console()
    if not found:
        console.print(
            f"No saved games yet (they are kept in {folder}).", markup=False, soft_wrap=True
        )
        return
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name, justify in (
        ("#", "right"),
        ("game", "left"),
        ("players", "left"),
        ("saved", "left"),
        ("moves", "right"),
        ("to move", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for info in found:
        record = info.record
        if record is None:
            table.add_row(str(info.number), info.path.name, "", "", "", "cannot be read")
            continue
        table.add_row(
            str(info.number),
            record.game,
            saves.describe_seats(info.meta, record.players),
            saves.describe_time(info.meta, info.path),
            str(len(record.moves)),
            saves.describe_turn(info.meta),
        )
    console.print(table)
    console.print(
        f"Kept in {folder}. Resume one with: gametable play --load N",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )


def main() -> None:
    try:
        app()
    except GameError as exc:  # pragma: no cover - commands turn these into messages already
        Console(stderr=True).print(f"[red]error:[/red] {exc}")
        sys.exit(2)


if __name__ == "__main__":
    main()
