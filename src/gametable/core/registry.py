"""The registry of games: each game package registers its :class:`Game` when imported.

Game packages live under :mod:`gametable.games`; they are discovered on first use, so adding a game
is adding a package that calls :func:`register`.
"""

from __future__ import annotations

import importlib
import pkgutil

from gametable.core.errors import UnknownGame
from gametable.core.protocol import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a second game of the same name is an error)."""
    existing = _GAMES.get(game.name)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"a game named {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import gametable.games as games_pkg

    for info in pkgutil.iter_modules(games_pkg.__path__):
        importlib.import_module(f"gametable.games.{info.name}")


def game_names() -> list[str]:
    """Sorted names of every registered game."""
    _discover()
    return sorted(_GAMES)


def load_game(name: str) -> Game:
    """The registered game called ``name`` (in any case: ``Balzakken`` is ``balzakken``);
    :class:`UnknownGame` lists the known names."""
    _discover()
    try:
        return _GAMES[name] if name in _GAMES else _GAMES[name.strip().casefold()]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r}; known games: {known}") from None
