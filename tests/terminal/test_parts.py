"""The terminal finds a game's renderer in its declaration (its ``terminal`` part); a game that
declares none is drawn by the generic renderer, the table of its view's fields."""

from __future__ import annotations

import pytest

import gametable
from gametable.core.parts import part
from gametable.terminal.render import RENDERER, GameRenderer, renderer_for
from tests.terminal.orchard import OrchardGame


@pytest.mark.parametrize("name", gametable.game_names())
def test_the_renderer_is_the_games_declared_part(name: str) -> None:
    game = gametable.load_game(name)
    declared = part(game, RENDERER)
    assert isinstance(declared, GameRenderer)
    assert renderer_for(name) is declared and renderer_for(game) is declared


def test_a_game_that_declares_no_renderer_gets_the_generic_one() -> None:
    assert type(renderer_for(OrchardGame())) is GameRenderer
