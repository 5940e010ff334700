"""Observation tensors for researchers: every game's view as a documented float32 vector.

``layout(game, players)`` gives the :class:`Layout` of a game's tensor: named blocks (one-hot
hands, pawn planes, site ownership and buildings, riches, scores, phase...), each with its
shape, offset and meaning; ``print(layout)`` shows them.  ``layout.encode(view)`` fills a
vector from a seat's view (``state.view(seat)``), and ``layout.split(tensor)`` gives its blocks
back by name, shaped.  The OpenSpiel and PettingZoo adapters use these tensors; the layouts of
every game are documented in ``docs/observations.md``.

Each game writes its own layout, beside its rules: the ``features`` part of its declaration
(:mod:`gametable.core.parts`), a function ``(game, players, options) -> Layout`` built with
:class:`~gametable.adapters.features.layout.Builder`.  A game that declares none has no tensor.

>>> import gametable
>>> from gametable.adapters import features
>>> layout = features.layout("balzakken", 2)
>>> layout.size
185
>>> layout["hand"].shape, layout["hand"].axes[0][:4]
((15, 5), ('-1', '0', '1', '2'))
>>> state = gametable.load_game("balzakken").new_game(2, seed=1)
>>> state.view(0)["hand"]
['0', '1', '7', '7', '9']
>>> tensor = layout.encode(state.view(0))
>>> layout.split(tensor)["hand"].argmax(axis=1)  # how many of each card, -1 .. 11, S, L
array([0, 1, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0])

The tensor is a function of the view alone, so it shows a seat exactly what its view shows.
Each layout's ``not_encoded`` lists what of the view it leaves out (free text, history, facts
that never change within a layout); two views that differ in anything else get different
tensors (``tests/adapters/test_features.py`` checks it over random playouts).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

import gametable
from gametable.adapters.features.layout import DTYPE, Block, Layout
from gametable.core.parts import Kind, part
from gametable.core.protocol import Game

#: what a game's ``features`` part is: lays out its tensor for a player count and options
Build = Callable[[Game, int, Mapping[str, Any]], Layout[Any]]
FEATURES: Kind[Build] = Kind("features", accepts=callable)


def layout(game: str | Game, players: int, options: Mapping[str, Any] | None = None) -> Layout[Any]:
    """The tensor layout of ``game`` for ``players`` players and these ``options``."""
    g = gametable.load_game(game) if isinstance(game, str) else game
    resolved = g.resolve_options(options)
    g.check_players(players, resolved)
    return _layout(g, players, json.dumps(resolved, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _layout(game: Game, players: int, options: str) -> Layout[Any]:
    build = part(game, FEATURES)
    if build is None:
        raise NotImplementedError(f"no tensor layout is written for {game.name!r} yet")
    return build(game, players, json.loads(options))


__all__ = ["DTYPE", "Block", "Build", "Layout", "layout"]
