"""Where the bots find a game's parts: in its declaration (:mod:`gametable.core.parts`).

A game names its bots' parts once (``heuristic``, ``tuned``, ``levels``, ``learned``); the
bots ask for them by the game or its registered name and never name a game themselves.  A game
that declares no part of a kind, or a name no game is registered under, gets ``None``: the
bots then play the generic way.

>>> from gametable.bots.heuristics import HEURISTIC
>>> game_part("keezbord", HEURISTIC).iterations
300
>>> game_part("no-such-game", HEURISTIC) is None
True
"""

from __future__ import annotations

from typing import TypeVar

from gametable.core.errors import UnknownGame
from gametable.core.parts import Kind, part
from gametable.core.protocol import Game
from gametable.core.registry import load_game


def game_of(game: Game | str) -> Game | None:
    """``game`` itself, or the game registered under that name (``None``: none is)."""
    if not isinstance(game, str):
        return game
    try:
        return load_game(game)
    except UnknownGame:
        return None


T = TypeVar("T")


def game_part(game: Game | str, kind: Kind[T]) -> T | None:
    """``game``'s bots' part of ``kind`` (see :data:`gametable.core.parts.KINDS`), or ``None``
    where the game declares none."""
    found = game_of(game)
    return None if found is None else part(found, kind)
