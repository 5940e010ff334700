"""Each game is one package: nothing outside ``gametable/games/<game>/`` is named after a game,
imports a game's package or compares a value with a game's name; shared layers find a game's
parts through its declaration (``gametable.core.parts``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gametable
from tests.games import shipped_games

SRC = Path(gametable.__file__).parent
GAMES = shipped_games()


def shared_files() -> list[Path]:
    """Every file of the package outside ``games/`` (code, pages, scripts, data)."""
    return [p for p in SRC.rglob("*") if p.is_file() and "games" not in p.relative_to(SRC).parts]


def test_no_shared_file_is_named_after_a_game() -> None:
    named = [
        str(p.relative_to(SRC))
        for p in shared_files()
        if any(game in p.name.lower() for game in GAMES)
    ]
    assert named == []


def code_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The string constants of a module that are neither docstrings nor OpenAPI examples."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    examples = {  # OpenAPI examples: Field(..., examples=["balzakken"])
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword) and node.arg == "examples"
        for inner in ast.walk(node.value)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings | examples
    ]


@pytest.mark.parametrize(
    "path", sorted(p for p in shared_files() if p.suffix == ".py"), ids=lambda p: p.name
)
def test_no_shared_module_names_or_imports_a_game(path: Path) -> None:
    """No game's name as a value in code (examples in docstrings and OpenAPI examples aside) and
    no import of a game's package."""
    tree = ast.parse(path.read_text())
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for line, text in code_strings(tree)
        if text.lower() in GAMES
    ]
    for node in ast.walk(tree):
        module = ""
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
        elif isinstance(node, ast.Import):
            module = " ".join(alias.name for alias in node.names)
        if any(f"gametable.games.{game}" in module for game in GAMES):
            found.append(f"{path.relative_to(SRC)}:{node.lineno}: imports {module}")
    assert found == []
