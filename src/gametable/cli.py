"""The ``gametable`` command.

``gametable games`` lists the games, ``gametable play GAME`` plays one in the terminal against bots,
``gametable replay FILE`` prints a recorded game move by move.  Bad input ends with a clear message
and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from gametable.core.errors import GameError
from gametable.core.options import parse_option_pairs
from gametable.core.record import Record
from gametable.core.registry import game_names, load_game

app = typer.Typer(
    name="gametable",
    help="Referee, play and study Balzakken, Keezbord and Balam.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False)
    return typer.Exit(2)


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
    load: Annotated[Path | None, typer.Option("--load", help="resume a saved game")] = None,
) -> None:
    """Play a game in the terminal: you against bots (or several humans at one screen)."""
    from rich.prompt import Prompt

    from gametable.bots import make_bot
    from gametable.terminal.session import TerminalGame

    console = Console()
    try:
        if load is not None:
            record = Record.load(load)
            state = record.replay()
            game = state.game
        else:
            if game_name is None:
                raise fail("name a game to play: " + ", ".join(game_names()))
            game = load_game(game_name)
            count = players if players is not None else game.min_players
            record = Record.start(game, count, seed=seed, options=parse_option_pairs(option or []))
            state = record.replay()
        humans = sorted(set(seat if seat else [0]))
        for s in humans:
            if not 0 <= s < state.players:
                raise fail(f"--seat {s} does not exist; seats are 0 to {state.players - 1}")
        specs = list(bot or [])
        bots = {}
        for i, s in enumerate(s for s in range(state.players) if s not in humans):
            spec = specs[i] if i < len(specs) else (specs[-1] if specs else default_bot())
            bots[s] = make_bot(spec, seed=(record.seed + 1 + s) % (1 << 63))
    except (GameError, ValueError) as exc:
        raise fail(str(exc)) from None

    console.print(
        f"[bold]{game.title}[/bold], {state.players} players, seed {record.seed}. "
        f"Human seats: {', '.join(map(str, humans))}. Type 'help' for commands."
    )
    session = TerminalGame(
        state, record, bots, console, ask=lambda p: Prompt.ask(p, console=console)
    )
    try:
        session.run()
    except (KeyboardInterrupt, EOFError):
        path = Path("gametable-saved.json")
        record.save(path)
        console.print(
            f"\nStopped. The game so far is saved in {path}; "
            f"resume with: gametable play --load {path}",
            soft_wrap=True,
        )


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a record written by 'save' or the server")],
    seat: Annotated[
        int | None, typer.Option(help="show the board as this seat saw it (default: spectator)")
    ] = None,
    step: Annotated[
        bool, typer.Option("--step", help="show the board after each move; Enter for the next")
    ] = False,
) -> None:
    """Print a recorded game move by move (or step through it with --step)."""
    from rich.prompt import Prompt

    from gametable.terminal.render import renderer_for

    console = Console()
    try:
        record = Record.load(file)
        game = record.load_game()
        if seat is not None and not 0 <= seat < record.players:
            raise fail(f"--seat {seat} does not exist; seats are 0 to {record.players - 1}")
        renderer = renderer_for(game.name)
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
                if (
                    number < len(record.moves)
                    and Prompt.ask("Enter: next move, q: stop", default="") == "q"
                ):
                    return
            before = view
            if number < len(record.moves):
                s, text = record.moves[number]
                description = state.describe(game.parse_action(state, text), s)
        final = state
    except GameError as exc:
        raise fail(str(exc)) from None
    except EOFError:
        return
    if final.outcome is not None:
        console.print(f"[bold]Result:[/bold] {final.outcome.reason}")
        console.print(
            f"scores: {list(final.outcome.scores)}, winners: {list(final.outcome.winners)}"
        )
    else:
        console.print(
            "The recorded game is not finished; resume it with: gametable play --load FILE"
        )


def _register_layers() -> None:
    """Commands that live beside the layer they drive."""
    from gametable.arena import register as register_arena
    from gametable.rulebook.cli import register as register_rules
    from gametable.server.cli import register as register_serve
    from gametable.simulate.cli import register as register_simulate

    register_rules(app)
    register_arena(app)
    register_serve(app)
    register_simulate(app)


_register_layers()


def main() -> None:
    try:
        app()
    except GameError as exc:  # pragma: no cover - commands turn these into messages already
        Console(stderr=True).print(f"[red]error:[/red] {exc}")
        sys.exit(2)


if __name__ == "__main__":
    main()
