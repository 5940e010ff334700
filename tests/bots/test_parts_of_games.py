"""The bots find a game's parts in its declaration (issue 41): the shared bots layer names no
game, a game's bots' parts read only its public door and the bots layer, and a game with no
parts plays the generic way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gametable
from gametable.bots import make_bot
from gametable.bots.heuristics import GENERIC, has_heuristic, heuristic_for, tuned_heuristic_for
from gametable.bots.learned import learned_evaluation, load_model
from gametable.bots.levels import level_settings
from gametable.core.parts import declared
from tests.core.tinygame import TinyGame
from tests.games import shipped_games

SRC = Path(gametable.__file__).parent
GAMES = gametable.game_names()


def code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_the_shared_bots_layer_names_no_game() -> None:
    found = []
    for path in sorted((SRC / "bots").rglob("*")):
        relative = path.relative_to(SRC).as_posix()
        if any(game in path.name for game in GAMES):
            found.append(f"{relative}: named after a game")
        if path.suffix == ".py":
            found += [
                f"{relative}:{line}: {text!r}"
                for line, text in code_strings(path)
                if any(game in text.lower() for game in GAMES)
            ]
            tree = ast.parse(path.read_text())
            found += [
                f"{relative}:{node.lineno}: imports {node.module}"
                for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("gametable.games")
            ]
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_a_games_bots_read_only_its_public_door(game: str) -> None:
    """Beside the bots layer and core, a game's bots' parts import their own package's
    ``bots`` modules and its public door (``public.py``), never its engine's modules."""
    allowed = (f"gametable.games.{game}.bots", f"gametable.games.{game}.public")
    found = []
    for path in sorted((SRC / "games" / game / "bots").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
                if node.module == f"gametable.games.{game}":
                    modules = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            found += [
                f"{path.name}:{node.lineno}: {module}"
                for module in modules
                if module.startswith("gametable.games") and not module.startswith(allowed)
            ]
    assert found == []


@pytest.mark.parametrize("game", shipped_games())
def test_every_shipped_game_declares_its_bots_parts(game: str) -> None:
    loaded = gametable.load_game(game)
    for kind in ("heuristic", "levels", "learned"):
        assert declared(loaded, kind), kind
    assert has_heuristic(game) and heuristic_for(loaded) is heuristic_for(game)
    assert level_settings(game, "hard")
    assert load_model(game, 2) is not None


def test_a_game_with_no_parts_plays_the_generic_way() -> None:
    tiny = TinyGame()
    assert heuristic_for(tiny) is GENERIC and tuned_heuristic_for(tiny) is GENERIC
    assert not has_heuristic(tiny) and not has_heuristic("no-such-game")
    assert level_settings(tiny, "hard") == {}
    assert learned_evaluation(tiny, 2) is None
    state = tiny.new_game(3, seed=1)
    for spec in ("heuristic", "easy", "normal", "hard:iterations=12", "rollouts:plies=10"):
        seat = state.to_move[0]
        assert make_bot(spec, seed=1).act(state, seat) in state.legal_actions(seat)
