"""``gametable rules GAME [SECTION] [--ask QUESTION]``: the rules reference in the terminal.

The main CLI adds the command with :func:`register`.  Unknown games or sections end with a clear
message and exit status 2, never a traceback.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from gametable.rulebook.answer import answer
from gametable.rulebook.model import UnknownRulebook, UnknownSection, available, load
from gametable.rulebook.render import render_answer, render_hits, render_index, render_section
from gametable.rulebook.search import search


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {escape(message)}", highlight=False)
    return typer.Exit(2)


def rules_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="balzakken, keezbord or balam")],
    section: Annotated[
        str | None,
        typer.Argument(
            metavar="SECTION", help="a section id, title or statement id (BZ-041) to show in full"
        ),
    ] = None,
    ask: Annotated[
        str | None,
        typer.Option("--ask", "-a", help="a question; prints a short answer and its sections"),
    ] = None,
    top: Annotated[
        int,
        typer.Option("--top", "-k", min=1, help="with --sections: how many sections to show"),
    ] = 3,
    sections: Annotated[
        bool,
        typer.Option("--sections", help="with --ask: list the best sections instead of an answer"),
    ] = False,
) -> None:
    """Read a game's rules (in our own words): the sections, one section, or --ask a question
    (a short answer and the sections it rests on)."""
    console = Console()
    try:
        reference = load(game.lower())
    except UnknownRulebook:
        raise _fail(f"unknown game {game!r}; known games: {', '.join(available())}") from None
    if ask is not None:
        if section is not None:
            raise _fail("give either a SECTION or --ask, not both")
        if sections:
            console.print(render_hits(reference, ask, search(reference.game, ask, k=top)))
        else:
            console.print(render_answer(reference, answer(reference.game, ask)))
        return
    if section is None:
        console.print(render_index(reference))
        return
    try:
        found = reference.section(section)
    except UnknownSection as exc:
        raise _fail(str(exc)) from None
    console.print(render_section(reference, found))


def register(app: typer.Typer) -> None:
    """Add the ``rules`` command to ``app``."""
    app.command("rules")(rules_command)
