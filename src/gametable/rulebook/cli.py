"""``gametable rules``: the rules references and the rules chat in the terminal.

- ``gametable rules`` lists the games with a rules reference: gametable's own and the rulebooks
  added without a referee;
- ``gametable rules GAME`` prints the sections' index; at a terminal (or with ``--chat``) it then
  opens the chat: questions at an ``ask>`` prompt, answered by :func:`gametable.rulebook.chat.ask`
  with the conversation so far (so "and with 3 players?" follows the question before);
- ``gametable rules GAME SECTION`` shows a section; ``--ask QUESTION`` answers one question;
- ``gametable rules add FILE [--name NAME]`` keeps a text or Markdown rulebook as a game of its
  own (:mod:`gametable.rulebook.textbook`); ``gametable rules remove NAME`` deletes it.

The main CLI adds the command with :func:`register`.  Unknown games or sections, and files that
are no rulebook, end with a clear message and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from gametable.core.registry import game_names
from gametable.rulebook import textbook
from gametable.rulebook.chat import ask as chat_ask
from gametable.rulebook.model import (
    Reference,
    UnknownRulebook,
    UnknownSection,
    available,
    builtin,
    load,
)
from gametable.rulebook.render import (
    render_answer,
    render_games,
    render_hits,
    render_index,
    render_reply,
    render_section,
)
from gametable.rulebook.search import index as search_index
from gametable.rulebook.search import search

#: what leaves the chat loop (besides Ctrl-D and two empty lines in a row)
QUIT_WORDS = frozenset({"quit", "exit", "stop", "q", "stoppen"})
PROMPT = "ask> "


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {escape(message)}", highlight=False)
    return typer.Exit(2)


#: the arguments and options of ``gametable rules`` (see :func:`rules_command`)
GameArg = Annotated[
    str | None,
    typer.Argument(
        metavar="GAME",
        help="a game (`gametable rules` lists them), or a rulebook added; 'add' or "
        "'remove' to add or remove a rulebook",
    ),
]
SectionArg = Annotated[
    str | None,
    typer.Argument(
        metavar="SECTION",
        help="a section id, title or statement id (BZ-041) to show in full; after 'add' the "
        "rulebook FILE, after 'remove' its NAME",
    ),
]
AskOption = Annotated[
    str | None,
    typer.Option("--ask", "-a", help="a question; prints a short answer and its sections"),
]
TopOption = Annotated[
    int, typer.Option("--top", "-k", min=1, help="with --sections: how many sections to show")
]
SectionsOption = Annotated[
    bool,
    typer.Option("--sections", help="with --ask: list the best sections instead of an answer"),
]
ChatOption = Annotated[
    bool,
    typer.Option(
        "--chat",
        help="open the chat even when standard input is not a terminal (a question a line)",
    ),
]
NameOption = Annotated[
    str | None,
    typer.Option("--name", help="with add: the game name (else taken from the title)"),
]
ReplaceOption = Annotated[
    bool, typer.Option("--replace", help="with add: replace a rulebook of that name")
]


def rules_command(
    game: GameArg = None,
    section: SectionArg = None,
    ask: AskOption = None,
    top: TopOption = 3,
    sections: SectionsOption = False,
    chat: ChatOption = False,
    name: NameOption = None,
    replace: ReplaceOption = False,
) -> None:
    """Read a game's rules (in our own words): the sections, one section, or --ask a question
    (a short answer and the sections it rests on).

    Without a GAME, lists the games.  At a terminal, GAME alone opens a chat after the index
    (quit, exit, Ctrl-D or two empty lines leave).  `gametable rules add FILE` adds a rulebook
    of your own (text or Markdown, sections under headings), answered from its text;
    `gametable rules remove NAME` removes it."""
    console = Console()
    if game == "add":
        _add(console, section, name, replace=replace)
        return
    if game == "remove":
        _remove(console, section)
        return
    if name is not None or replace:
        raise _fail("--name and --replace go with `gametable rules add FILE`")
    if game is None:
        console.print(render_games([_reference(g) for g in available()]))
        return
    reference = _reference(game.lower())
    if ask is not None:
        if section is not None:
            raise _fail("give either a SECTION or --ask, not both")
        _ask_once(console, reference, ask, top if sections else None)
    elif section is None:
        _index_then_chat(console, reference, chat)
    else:
        _show_section(console, reference, section)


def _ask_once(console: Console, reference: Reference, question: str, top: int | None) -> None:
    """The short answer to ``question``, or with ``top`` its best sections instead."""
    if top is not None:
        console.print(render_hits(reference, question, search(reference.game, question, k=top)))
    else:
        console.print(render_answer(reference, chat_ask(reference.game, question)))


def _index_then_chat(console: Console, reference: Reference, chat: bool) -> None:
    """The sections' index, then the chat at a terminal (or with ``--chat``)."""
    console.print(render_index(reference))
    if sys.stdin.isatty():
        chat_loop(console, reference)
    elif chat:
        chat_loop(console, reference, read=_echoed)


def _show_section(console: Console, reference: Reference, section: str) -> None:
    try:
        found = reference.section(section)
    except UnknownSection as exc:
        raise _fail(str(exc)) from None
    console.print(render_section(reference, found))


def _reference(game: str) -> Reference:
    try:
        return load(game)
    except UnknownRulebook:
        raise _fail(f"unknown game {game!r}; known games: {', '.join(available())}") from None
    except textbook.BadRulebook as exc:  # a kept file damaged since it was added
        raise _fail(f"the rulebook of {game!r} cannot be read: {exc}") from None


# -- the chat loop -------------------------------------------------------------------------------


def chat_loop(
    console: Console, reference: Reference, read: Callable[[str], str] = input
) -> list[str]:
    """Answer questions read with ``read`` (a prompt ``ask>``) until ``quit``, ``exit``, two
    empty lines in a row, Ctrl-D or Ctrl-C; each reply is printed as the web's chat shows it.

    A follow-up is read against the questions before it (``chat.ask(..., history=...)``).
    Returns the conversation's questions, as the chat understood them.
    """
    console.print(
        f"[dim]Ask about the rules of {escape(reference.title)}, in English or Dutch; "
        "quit, exit or Ctrl-D leaves.[/dim]"
    )
    history: list[str] = []
    empty = 0
    while True:
        try:
            line = read(PROMPT)
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        text = line.strip()
        if text.lower() in QUIT_WORDS:
            break
        if not text:
            empty += 1
            if empty >= 2:
                break
            continue
        empty = 0
        reply = chat_ask(reference.game, text, history=history)
        console.print(render_reply(reference, reply))
        console.print()
        if reply.topic != "decline":
            history.append(reply.question or text)
    return history


def _echoed(prompt: str) -> str:
    """A line of a piped standard input, shown after the prompt as if it had been typed."""
    line = input(prompt)
    print(line)
    return line


# -- adding and removing rulebooks ---------------------------------------------------------------


def _add(console: Console, file: str | None, name: str | None, *, replace: bool) -> None:
    """``gametable rules add FILE``: read FILE as a rulebook and keep it (see the module doc)."""
    if file is None:
        raise _fail("give the rulebook's file: gametable rules add FILE [--name NAME]")
    path = Path(file)
    try:
        if path.stat().st_size > textbook.MAX_BYTES:
            size = path.stat().st_size / 1e6
            raise _fail(
                f"{file}: the file is {size:.1f} MB; a rulebook may be at most "
                f"{textbook.MAX_BYTES / 1e6:.0f} MB"
            )
        data = path.read_bytes()
    except IsADirectoryError:
        raise _fail(f"{file} is a folder: give a text or Markdown file") from None
    except OSError as exc:
        raise _fail(f"{file} cannot be read: {exc.strerror or exc}") from None
    try:
        text = textbook.decode(data)
        markdown = textbook.is_markdown(text, path.name)
        book = textbook.parse(text, markdown=markdown)
        wanted = (name or textbook.name_for(book.title)).strip().lower()
        if not wanted:
            raise textbook.BadRulebook("the title gives no name: give one with --name")
        mine = textbook.added(wanted)
        taken = set(builtin()) | set(game_names()) | set(available())
        if mine is not None and replace:
            taken.discard(wanted)
        elif mine is not None:
            raise textbook.BadRulebook(
                f"a rulebook named {wanted!r} is already added: pass --replace to replace it, "
                f"or `gametable rules remove {wanted}` first"
            )
        textbook.check_name(wanted, taken)
    except textbook.BadRulebook as exc:
        raise _fail(f"{file}: {exc}") from None
    if mine is not None:
        mine.unlink()
    kept = textbook.keep(text, wanted, markdown)
    search_index.cache_clear()  # a rulebook of this name may have been read before
    reference = load(wanted)
    console.print(
        f"Added [cyan]{escape(wanted)}[/cyan]: {escape(reference.title)}, "
        f"{len(reference)} sections, answered from its text (no referee).",
        highlight=False,
    )
    console.print(f"[dim]Kept in {escape(str(kept))}.[/dim]", highlight=False)
    console.print(
        f"[dim]`gametable rules {wanted}` reads it; "
        f'`gametable rules {wanted} --ask "QUESTION"` answers a question.[/dim]'
    )


def _remove(console: Console, name: str | None) -> None:
    """``gametable rules remove NAME``: delete a rulebook added with ``gametable rules add``."""
    if name is None:
        raise _fail("give the name of an added rulebook: gametable rules remove NAME")
    wanted = name.strip().lower()
    file = textbook.added(wanted)
    if file is None:
        if wanted in builtin() or wanted in available():
            raise _fail(f"{wanted!r} is not a rulebook added with `gametable rules add`")
        added = sorted(p.stem for p in _added_files())
        listed = ", ".join(added) if added else "none"
        raise _fail(f"no rulebook named {wanted!r} was added (added: {listed})")
    file.unlink()
    search_index.cache_clear()
    console.print(f"Removed the rulebook [cyan]{escape(wanted)}[/cyan].", highlight=False)


def _added_files() -> list[Path]:
    root = textbook.folder()
    if not root.is_dir():
        return []
    return [p for p in root.iterdir() if p.suffix in textbook.SUFFIXES]


def register(app: typer.Typer) -> None:
    """Add the ``rules`` command to ``app``."""
    app.command("rules")(rules_command)
