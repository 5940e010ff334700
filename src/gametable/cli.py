"""The ``gametable`` command.

``gametable games`` lists the games, ``gametable play GAME`` plays one in the terminal against bots,
``gametable saves`` lists the games saved as they were played, ``gametable replay FILE`` prints a
recorded game move by move.  Bad input, on the command line or in a command, ends with one
``error: ...`` line and exit status 2, never a traceback.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup
from typer.main import get_group

import gametable.compiled
from gametable.core.errors import GameError
from gametable.core.options import parse_option_pairs
from gametable.core.parts import part
from gametable.core.protocol import Game, State
from gametable.core.record import Record
from gametable.core.registry import game_names, load_game
from gametable.terminal import saves
from gametable.terminal.errors import CommandLineMistake, fail, print_error, print_usage_error
from gametable.terminal.gameoptions import GAME_OPTIONS, GameOption

if TYPE_CHECKING:
    from gametable.bots import Bot
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
    "db": LayerCommand(
        "gametable.server.dbcli",
        "Check a server's database for damage, or export every table that can be read.",
    ),
    "simulate": LayerCommand(
        "gametable.simulate.cli",
        "Play many games between bots and write one row per game (resumable: re-run to continue).",
    ),
    "report": LayerCommand(
        "gametable.simulate.cli",
        "Write a self-contained HTML balance report of a simulation (or a sweep of them).",
    ),
    "build-engines": LayerCommand(
        "gametable.compiled.build",
        "Compile the engines with mypyc (needs a C compiler and the 'compiled' extra);\n"
        "every command then runs them (GAMETABLE_PURE=1: the pure-Python ones).",
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
    help="Referee, play and study tabletop games (see 'gametable games').",
    cls=Commands,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def print_version(asked: bool) -> None:
    """``--version``: gametable's version and which engine runs (:mod:`gametable.compiled`)."""
    if asked:
        print(f"gametable {gametable.__version__}, engines: {gametable.compiled.engine()}")
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=print_version, is_eager=True, help="Print the version and engine."
        ),
    ] = False,
) -> None:
    """Referee, play and study tabletop games (see 'gametable games')."""


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and options."""
    from gametable.terminal.tables import FoldingTable

    rows = []
    for name in game_names():
        game = load_game(name)
        counts = ", ".join(str(n) for n in game.player_counts)
        opts = "\n".join(f"{o.name}={o.default!r}: {o.help}" for o in game.options)
        rows.append([name, game.title, counts, opts])
    headers = ["name", "title", "players", "options (default)"]
    Console().print(FoldingTable(headers, rows, title="gametable games"))


def game_options() -> tuple[tuple[Game, GameOption], ...]:
    """Every game's own options of ``play`` and ``replay`` (:mod:`gametable.terminal.gameoptions`),
    with the game that adds each."""
    found = []
    for name in game_names():
        game = load_game(name)
        found += [(game, option) for option in part(game, GAME_OPTIONS) or ()]
    return tuple(found)


Command = TypeVar("Command", bound=Callable[..., None])


def taking_game_options(command: Command) -> Command:
    """``command`` with every game's own options as keyword parameters, for Typer to parse and
    list in its help (``command`` takes them in its ``**given``)."""
    signature = inspect.signature(command, eval_str=True)
    own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    added = [
        inspect.Parameter(
            o.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=o.annotation
        )
        for _, o in game_options()
    ]
    command.__signature__ = signature.replace(parameters=[*own, *added])  # type: ignore[attr-defined]
    return command


#: a game's option used: the game, the option, and the game options it sets
Used = tuple[Game, GameOption, Mapping[str, Any]]


def use_game_options(given: Mapping[str, Any]) -> list[Used]:
    """Use each game's option given on the command line (a board file is registered under its
    name, so that a record naming it replays); what each one sets."""
    used = []
    for game, option in game_options():
        value = given.get(option.name)
        if value is None:
            continue
        try:
            used.append((game, option, option.use(value)))
        except ValueError as exc:
            raise fail(str(exc)) from None
    return used


def options_for(game: Game, used: list[Used], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with those the games' options given set for ``game`` (``--option`` wins);
    an option of another game is refused."""
    for owner, option, sets in used:
        if owner.name != game.name:
            raise fail(option.refusal)
        for key, value in sets.items():
            options.setdefault(key, value)
    return options


def default_bot() -> str:
    """The bot that fills empty seats when none is named: the heuristic one where it exists."""
    from gametable.bots import bot_names

    return "heuristic" if "heuristic" in bot_names() else "random"


#: ``play --scroll``
ScrollOption = Annotated[
    bool,
    typer.Option(
        "--scroll",
        help="print the game as scrolling lines, not one screen a decision "
        "(for screen readers and logs)",
    ),
]


@app.command("play")
@taking_game_options
def play_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="the game (see 'gametable games')")
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
    scroll: ScrollOption = False,
    **given: Any,
) -> None:
    """Play a game in the terminal: you against bots (or several humans at one screen).

    Each decision is one screen: board, log, menu, prompt (--scroll: plain lines).
    The game is saved as it goes (see 'gametable saves'); quit or Ctrl-C and resume it later.

    Examples:
      gametable play balzakken -p 3           you against two bots
      gametable play balam --seat 0 --seat 1  two people at one screen (hot seat)
      gametable play --load 2                 resume save 2
    """
    from gametable.terminal.prompt import at_terminal, make_ask
    from gametable.terminal.session import TerminalGame

    console = Console()
    folder = saves.saves_folder()
    used = use_game_options(given)
    try:
        new = functools.partial(new_record, game_name, players, seed, option or [], used)
        record, slot = record_to_play(load, folder, new)
        state = record.replay()
        humans, bots, labels = seated(record, state, seat or [], bot or [])
    except (GameError, ValueError) as exc:
        raise fail(str(exc)) from None

    ask = make_ask(console)
    session = TerminalGame(
        state, record, bots, console, ask, slot, labels, full_screen=at_terminal() and not scroll
    )
    seats = ", ".join(map(str, humans))
    intro = f"[bold]{state.game.title}[/bold], {state.players} players, seed {record.seed}."
    session.tell(Text.from_markup(f"{intro} Human seats: {seats}. Type 'help' for commands."))
    run_session(console, session, folder)


def record_to_play(
    load: str | None, folder: Path, new: Callable[[], Record]
) -> tuple[Record, saves.SaveSlot]:
    """The game ``--load`` names and the slot it is saved on in, else a ``new`` one."""
    if load is None:
        return new(), saves.SaveSlot(folder)
    path = saves.resolve_save(load, folder)
    return saves.load_saved(path), saves.SaveSlot.for_loaded(folder, path)


def run_session(console: Console, session: TerminalGame, folder: Path) -> None:
    """Play ``session`` to its end, or until it is stopped; say where the game is kept."""
    try:
        session.run()
    except (KeyboardInterrupt, EOFError):
        stopped(console, session, folder)
    else:
        if session.slot is not None and session.slot.path is not None:
            console.print(
                f"The game is kept in {session.slot.path}.",
                highlight=False,
                markup=False,
                soft_wrap=True,
            )


def new_record(
    game_name: str | None,
    players: int | None,
    seed: int | None,
    option: list[str],
    used: list[Used],
) -> Record:
    """The record of a new game of ``game_name`` (its fewest players unless ``players``), with
    the options given (``key=value``) and those the game's own options set."""
    if game_name is None:
        raise fail("name a game to play: " + ", ".join(game_names()))
    game = load_game(game_name)
    count = players if players is not None else game.min_players
    options = options_for(game, used, parse_option_pairs(option))
    return Record.start(game, count, seed=seed, options=options)


def seated(
    record: Record, state: State, seat: list[int], bot: list[str]
) -> tuple[list[int], dict[int, Bot], list[str]]:
    """The human seats, a bot for every other seat, and each seat's label: as ``--seat`` and
    ``--bot`` say, else as the saved game was played, else seat 0 against the default bot."""
    from gametable.bots import make_bot

    table = saved_table(record, state.players) if not (seat or bot) else None
    humans = sorted(set(seat if seat else [0])) if table is None else table[0]
    for s in humans:
        if not 0 <= s < state.players:
            raise fail(f"--seat {s} does not exist; seats are 0 to {state.players - 1}")
    specs = list(bot) if table is None else table[1]
    bots = {}
    labels = [saves.PERSON] * state.players
    for i, s in enumerate(s for s in range(state.players) if s not in humans):
        spec = specs[i] if i < len(specs) else (specs[-1] if specs else default_bot())
        bots[s] = make_bot(spec, seed=(record.seed + 1 + s) % (1 << 63))
        labels[s] = spec
    return humans, bots, labels


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
@taking_game_options
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
    **given: Any,
) -> None:
    """Print a recorded game move by move (or step through it with --step).

    A move that cannot be replayed is named: its number, seat, text and the rule refusing it.

    Examples:
      gametable replay 1                          the moves of save 1
      gametable replay game.json --step --seat 0  one screen a move, as seat 0 saw it
    """
    from gametable.terminal.prompt import at_terminal, make_ask
    from gametable.terminal.replay import Replay

    console = Console()
    use_game_options(given)
    try:
        record = saves.load_saved(saves.resolve_save(file))
        record.load_game()
        if seat is not None and not 0 <= seat < record.players:
            raise fail(f"--seat {seat} does not exist; seats are 0 to {record.players - 1}")
        console.print(
            f"[bold]{record.game}[/bold] v{record.version}, {record.players} players, "
            f"seed {record.seed}, {len(record.moves)} moves"
        )
        ask = make_ask(console) if step else None
        final = Replay(console, record, seat, ask, full_screen=at_terminal()).run()
    except GameError as exc:
        raise fail(str(exc)) from None
    except (EOFError, KeyboardInterrupt):  # end of input or Ctrl-C: stop stepping
        return
    if final is None:
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
