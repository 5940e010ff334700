"""Shared helpers for the bot tests: every registered game, and positions along a playout."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import gametable
from gametable.bots.levels import level_settings
from gametable.core.protocol import State

GAMES = gametable.game_names()
#: small budgets: the tests check behaviour, not strength
BOT_SPECS = (
    "random",
    "heuristic",
    "ismcts:iterations=12,depth=6",
    "easy",
    "normal",
    "hard:iterations=12",
    "ismcts:iterations=12,depth=2,leaf=learned",
    "ismcts:iterations=12,settle=true",
    "ismcts:iterations=12,depth=4,draws=4",
    "hard:iterations=12,draws=4",
    "improve:samples=2,depth=2,draws=4",
    "improve:samples=3,depth=3,budget=5",
    "ismcts:iterations=12,depth=3,rollout=policy",
    "rollouts:plies=30,least=1,horizon=6",
    "rollouts:plies=30,least=1,horizon=6,distinct=true",
    "rollouts:plies=30,least=1,horizon=6,policy=tuned",
)


@pytest.fixture(params=GAMES)
def game_name(request: pytest.FixtureRequest) -> str:
    return request.param


def positions(game_name: str, seed: int, every: int, limit: int) -> Iterator[State]:
    """States along a seeded random playout of the game at its fewest players."""
    game = gametable.load_game(game_name)
    state = game.new_game(game.min_players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.ply < limit:
        if state.ply % every == 0:
            yield state
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def set_hard(monkeypatch: pytest.MonkeyPatch, game: str, settings: Mapping[str, Any]) -> None:
    """``game`` declares ``settings`` for the ``hard`` level (its ``levels`` part), for one test."""
    module = importlib.import_module(f"gametable.games.{game}.bots.levels")
    monkeypatch.setattr(module, "LEVELS", {**module.LEVELS, "hard": settings})


def hard_of(game: str) -> Mapping[str, Any]:
    """The settings ``game`` declares for ``hard``."""
    return level_settings(game, "hard")
