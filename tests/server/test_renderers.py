"""Each game's web renderer is its own part, served at the URL the pages import."""

from __future__ import annotations

import ast
from pathlib import Path

import httpx
import pytest

import gametable.server
from gametable.core.parts import part_file
from gametable.core.registry import game_names, load_game
from gametable.server.renderers import renderer_source
from tests.server.conftest import Server

SERVER = Path(gametable.server.__file__).parent


@pytest.mark.parametrize("name", game_names())
def test_a_games_renderer_is_served_from_its_package(server: Server, name: str) -> None:
    found = part_file(load_game(name), "web")
    assert found is not None, f"{name} declares no web renderer"
    r = httpx.get(f"{server.base}/static/js/renderers/{name}.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.content == found.read_bytes()


def test_the_shared_renderer_is_served_and_others_are_not_found(server: Server) -> None:
    r = httpx.get(f"{server.base}/static/js/renderers/generic.js")
    assert r.status_code == 200 and b"export" in r.content
    assert httpx.get(f"{server.base}/static/js/renderers/chess.js").status_code == 404
    assert renderer_source("../util") is None  # a name, never a path


def test_the_server_names_no_game() -> None:
    """No file of the server is named after a game, and no code of it compares a text with a
    game's name or imports a game (docstrings and comments may give one as an example)."""
    names = set(game_names())
    for path in SERVER.rglob("*"):
        assert path.stem not in names, path
    for path in SERVER.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                modules += [a.name for a in node.names]
                assert not any(m.startswith("gametable.games") for m in modules), path
            if isinstance(node, ast.Compare):
                texts = [
                    c.value
                    for c in (node.left, *node.comparators)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)
                ]
                assert not names & set(texts), f"{path}:{node.lineno}"
