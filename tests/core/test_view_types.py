"""Each game's state declares the type of its views (``State[ViewT]``): the same ``TypedDict``
its game declares as ``view_type`` (whose schema the server serves), so that the game's parts
type-check against the views they read."""

from __future__ import annotations

import typing

import pytest

import gametable
from gametable.core.protocol import State

SHIPPED = ("balam", "balzakken", "keezbord")


def declared_view(cls: type) -> object:
    """The view type a state class gives :class:`State` (``None``: none declared)."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is State:
                return typing.get_args(base)[0]
    return None


@pytest.mark.parametrize("name", SHIPPED)
def test_a_state_declares_the_view_its_game_serves(name: str) -> None:
    game = gametable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    assert declared_view(type(state)) is game.view_type


def test_a_state_that_declares_a_view_declares_its_games() -> None:
    for name in gametable.game_names():
        game = gametable.load_game(name)
        view = declared_view(type(game.new_game(game.min_players, seed=1)))
        assert view is None or view is game.view_type, name
