"""The adapters find a game's tensor layout in its declaration (its ``features`` part)."""

from __future__ import annotations

import pytest

import gametable
from gametable.adapters import features
from gametable.adapters.features import FEATURES
from gametable.core.parts import part
from tests.terminal.orchard import OrchardGame


@pytest.mark.parametrize("name", gametable.game_names())
def test_the_layout_is_built_by_the_games_declared_part(name: str) -> None:
    game = gametable.load_game(name)
    build = part(game, FEATURES)
    assert build is not None
    players = game.min_players
    built = build(game, players, game.resolve_options(None))
    assert features.layout(name, players).blocks == built.blocks
    assert features.layout(game, players) is features.layout(name, players)


def test_a_game_that_declares_no_layout_has_no_tensor() -> None:
    with pytest.raises(NotImplementedError, match="no tensor layout is written for 'orchard'"):
        features.layout(OrchardGame(), 2)
