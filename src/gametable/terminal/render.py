"""Rendering a seat's view in the terminal, per game, with a generic fallback.

Renderers take only a ``view`` dict (what one seat may know), never a state.  Each game module in
this package registers a :class:`GameRenderer` under the game's name.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


class GameRenderer:
    """How one game looks in the terminal."""

    def board(self, view: dict[str, Any]) -> RenderableType:
        return generic_board(view)

    def summary(self, before: dict[str, Any], after: dict[str, Any]) -> RenderableType | None:
        """Something to show when a round (or the game) ended between two views, else None."""
        return None

    def confirm(self, view: dict[str, Any], action_text: str) -> str | None:
        """A question to ask before a legal but probably unwanted action, else None."""
        return None

    #: a few lines on how a turn works, shown by ``help`` (the full rules: ``gametable rules``)
    help: str = ""


_RENDERERS: dict[str, GameRenderer] = {}


def register_renderer(name: str, renderer: GameRenderer) -> None:
    _RENDERERS[name] = renderer


def renderer_for(name: str) -> GameRenderer:
    _load_builtin()
    return _RENDERERS.get(name, GameRenderer())


def _load_builtin() -> None:
    import importlib
    import pkgutil

    import gametable.terminal as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("game_"):
            importlib.import_module(f"gametable.terminal.{info.name}")


def generic_board(view: dict[str, Any]) -> RenderableType:
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
