"""Rendering a seat's view in the terminal, per game, with a generic fallback.

Renderers take only a ``view`` (what one seat may know), never a state.  A game's renderer lives
in its own package: the ``terminal`` part of its declaration (:mod:`gametable.core.parts`), a
:class:`GameRenderer` typed with the game's view (``GameRenderer[BalamView]``).  A game that
declares none is drawn by the generic renderer, a table of its view's fields.

Each renderer has two layouts of the same facts: :meth:`GameRenderer.board`, the full one with
headers and legends, and :meth:`GameRenderer.compact`, the same facts in fewer lines and at most 80
columns (legends move to ``help``).  :func:`fitted_board` picks the full layout when it fits the
screen with room left for a menu, else the compact one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from gametable.core.parts import Kind, part
from gametable.core.protocol import Action, Game
from gametable.core.registry import load_game
from gametable.terminal.menu import PAGE_SIZE, Entry, StepMenu

#: a game's view type (its ``TypedDict``)
V = TypeVar("V", bound=Mapping[str, Any])


class GameRenderer(Generic[V]):
    """How one game looks in the terminal."""

    def board(self, view: V) -> RenderableType:
        return generic_board(view)

    def compact(self, view: V) -> RenderableType:
        """The same facts as :meth:`board` for a small screen (80x24): fewer lines, no legends."""
        return self.board(view)

    #: the narrowest screen the full board is drawn for
    full_width: int = 80

    def summary(self, before: V, after: V) -> RenderableType | None:
        """Something to show when a round (or the game) ended between two views, else None."""
        return None

    def confirm(self, view: V, action: Action) -> str | None:
        """A question to ask before a legal but probably unwanted action, else None.

        Renderers read the action's kind and fields, never its notation text."""
        return None

    #: a few lines on how a turn works, shown by ``help`` (the full rules: ``gametable rules``)
    help: str = ""


#: a game's ``terminal`` part
RENDERER: Kind[GameRenderer[Any]] = Kind("terminal", GameRenderer)


def renderer_for(game: str | Game) -> GameRenderer[Any]:
    """The renderer ``game`` declares (its ``terminal`` part), or the generic one."""
    found = part(load_game(game) if isinstance(game, str) else game, RENDERER)
    return GameRenderer() if found is None else found


def generic_board(view: Mapping[str, Any]) -> RenderableType:
    """Any game's view as a two-column table of its fields."""
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for key, value in view.items():
        if key == "game" or value in ([], {}, None):
            continue
        text = value if isinstance(value, str) else json.dumps(value, separators=(", ", ": "))
        if len(text) > 300:
            text = text[:297] + "..."
        table.add_row(key, Text(text))
    return Group(table)


#: a part of a board: drawn from the view, as one renderable, several, or nothing
Part = Callable[[V], RenderableType | list[RenderableType] | None]


def board_of_parts(view: V, parts: Sequence[tuple[Part[V], tuple[str, ...]]]) -> RenderableType:
    """A board drawn part by part, each with the view keys it shows: a part whose fields are
    missing or not as declared (an older or hand-made view) is drawn as the generic table of
    those keys, and the other parts as usual."""
    out: list[RenderableType] = []
    for draw, keys in parts:
        got: RenderableType | list[RenderableType] | None
        try:
            got = draw(view)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            got = generic_board({k: view.get(k) for k in keys})
        if isinstance(got, list):
            out.extend(got)
        elif got is not None:
            out.append(got)
    return Group(*out)


#: from this many columns on, tables and summaries are drawn in their wide layout
WIDE = 100


class ByWidth:
    """``wide`` where there are at least ``wide_from`` columns, else ``narrow`` (the same facts
    folded: shorter headings, a key).  Chosen when drawn, so one summary suits any screen.

    >>> from rich.console import Console
    >>> choice = ByWidth("a wide table", "a narrow one")
    >>> Console(width=120).print(choice); Console(width=80).print(choice)
    a wide table
    a narrow one
    """

    def __init__(self, wide: RenderableType, narrow: RenderableType, wide_from: int = WIDE) -> None:
        self.wide, self.narrow, self.wide_from = wide, narrow, wide_from

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide if options.max_width >= self.wide_from else self.narrow


def height_of(console: Console, thing: RenderableType) -> int:
    """How many lines ``thing`` takes on ``console``."""
    return len(console.render_lines(thing, console.options, pad=False))


def fitted_board(
    renderer: GameRenderer[V], view: V, console: Console, room: int
) -> tuple[RenderableType, bool]:
    """The full board if the screen is wide enough and it leaves ``room`` lines below it, else
    the compact one; and whether it is the full one."""
    if console.width >= renderer.full_width:
        full = renderer.board(view)
        if height_of(console, full) + room <= console.height:
            return full, True
    return renderer.compact(view), False


# -- the menu of a decision ---------------------------------------------------------------------------
#: fewer entries than this a page are never shown, however little room the board leaves
MIN_PAGE = 6
#: the most columns a page of short labels is laid out in
MAX_COLUMNS = 4
#: lines a menu needs at least below the board: heading, two rows of entries, hint, prompt
MENU_ROOM = 5
#: below this many lines the menu drops its hint line (``help`` says the same)
HINT_ROWS = 5


def fit_menu(menu: StepMenu, width: int, rows: int) -> int:
    """Choose how many entries a page of ``menu`` shows so that it fits ``rows`` lines of
    ``width`` columns; returns the number of columns to lay them out in.

    One entry a line, with its note, when the level fits (or cannot gain from columns); else
    short labels side by side, without notes.
    """
    entries = menu.entries()
    rows = max(1, rows)
    one = max(MIN_PAGE, min(PAGE_SIZE, rows))
    if len(entries) <= rows:
        menu.set_page_size(one)
        return 1
    cell = max(len(e.label) for e in entries) + len(str(len(entries))) + 3
    columns = max(1, min(MAX_COLUMNS, (width + 2) // (cell + 2)))
    if columns == 1:
        menu.set_page_size(one)
        return 1
    many = min(PAGE_SIZE, len(entries), max(MIN_PAGE, rows * columns))
    menu.set_page_size(many)
    return min(columns, -(-many // rows))


def menu_heading(menu: StepMenu) -> Text:
    """``build › village: 30 choices, page 1 of 2``."""
    text = Text()
    if menu.path:
        text.append(" › ".join(menu.path), style="bold")
        text.append(": ")
    count = len(menu.entries())
    text.append(f"{count} choice{'s' if count != 1 else ''}")
    if menu.page_count() > 1:
        text.append(f", page {menu.page_number()} of {menu.page_count()}")
    return text


def menu_hint(menu: StepMenu) -> Text:
    """What can be typed here, in one short line."""
    parts = ["a number, first letters or a whole move"]
    if menu.depth:
        parts.append("back")
    if menu.page_count() > 1:
        if menu.page_number() < menu.page_count():
            parts.append("next")
        if menu.page_number() > 1:
            parts.append("prev")
    parts.append("help")
    return Text(" · ".join(parts), style="dim")


def menu_page(
    menu: StepMenu,
    note: Callable[[Entry], str],
    width: int,
    columns: int = 1,
    entries: list[Entry] | None = None,
) -> RenderableType:
    """The page shown (or ``entries``): one entry a line with its note cut to ``width``, or
    labels alone in ``columns``."""
    shown = menu.page() if entries is None else entries
    numbers = max((len(str(e.number)) for e in shown), default=1)
    labels = max((len(e.label) for e in shown), default=1)

    def cell(e: Entry) -> Text:
        return Text.assemble((f"{e.number:>{numbers + 1}} ", "cyan"), (e.label, "bold"))

    if columns <= 1:
        lines = []
        for e in shown:
            line = cell(e)
            words = note(e)
            if words:
                line.pad_right(labels - len(e.label) + 2)
                line.append(words, style="dim")
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
        return Group(*lines)
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column(no_wrap=True, min_width=numbers + 2 + labels)
    rows = -(-len(shown) // columns)
    for r in range(rows):
        grid.add_row(
            *(
                cell(shown[c * rows + r]) if c * rows + r < len(shown) else ""
                for c in range(columns)
            )
        )
    return grid


def menu_screen(
    menu: StepMenu, note: Callable[[Entry], str], width: int, rows: int
) -> RenderableType:
    """A level of a decision's menu fitted to ``rows`` lines: heading, page, hint (the hint only
    when there is room for it)."""
    if rows < HINT_ROWS:
        columns = fit_menu(menu, width, rows - 1)
        heading = menu_heading(menu)
        heading.append(" · help", style="dim")
        return Group(heading, menu_page(menu, note, width, columns))
    columns = fit_menu(menu, width, rows - 2)
    return Group(menu_heading(menu), menu_page(menu, note, width, columns), menu_hint(menu))
