"""The registry of games: each game package registers its :class:`Game` when imported.

Games are discovered on first use, in two places:

- the packages under :mod:`gametable.games` (the games that ship with gametable);
- every package named by the ``gametable.games`` entry-point group, so that a game installed on
  its own (``pip install -e examples/highcard``) is found like the others.  Its distribution
  declares, in its ``pyproject.toml``::

      [project.entry-points."gametable.games"]
      highcard = "gametable_highcard"

  and importing that package registers the game (it calls :func:`register`).

A game that fails to import is reported (a :class:`GameLoadWarning` naming the game, where it
was to come from and the error) and skipped: the other games stay playable.
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from importlib.metadata import EntryPoint, entry_points

from gametable.core.errors import UnknownGame
from gametable.core.protocol import Game

#: the entry-point group through which installed packages add games
ENTRY_POINT_GROUP = "gametable.games"

_GAMES: dict[str, Game] = {}
_discovered = False
#: the games that could not be loaded: where each was to come from -> what went wrong
_BROKEN: dict[str, str] = {}


class GameLoadWarning(RuntimeWarning):
    """A game package could not be imported; it is skipped."""


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a second game of the same name is an error)."""
    existing = _GAMES.get(game.name)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"a game named {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def _skip(where: str, exc: BaseException) -> None:
    """Report a game that could not be loaded and go on without it."""
    message = f"{type(exc).__name__}: {exc}"
    _BROKEN[where] = message
    warnings.warn(
        f"gametable skipped the game at {where}: {message}", GameLoadWarning, stacklevel=3
    )


def _load_entry_point(entry: EntryPoint) -> None:
    """Import the package an entry point names (it registers its game on import).

    Any error of the package's own code (a syntax error, a missing dependency, a name clash
    with a registered game) is caught on purpose: one broken add-on must not stop the others.
    """
    where = f"entry point {entry.name!r} = {entry.value!r}"
    try:
        loaded = entry.load()
    except Exception as exc:  # a third-party package's import may raise anything
        _skip(where, exc)
        return
    if isinstance(loaded, Game) and _GAMES.get(loaded.name) is not loaded:
        try:  # an entry point may also name the game object itself
            register(loaded)
        except ValueError as exc:  # another game already has its name
            _skip(where, exc)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import gametable.games as games_pkg

    for info in pkgutil.iter_modules(games_pkg.__path__):
        importlib.import_module(f"gametable.games.{info.name}")
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        _load_entry_point(entry)


def broken_games() -> dict[str, str]:
    """The game packages that could not be loaded (where each was to come from -> the error)."""
    _discover()
    return dict(_BROKEN)


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
