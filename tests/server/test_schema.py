"""``GET /api/games/{name}/schema`` (the typed contract, issue 15): a seat's view as JSON Schema
and the kinds of the game's actions.  Tried on the kernel's tiny game, which implements the whole
contract; the real games answer 501 until they declare their views."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from fastapi.testclient import TestClient

from gametable.core import registry
from gametable.server.app import create_app
from gametable.server.settings import Settings
from tests.core.tinygame import TinyGame


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    registry.game_names()  # discover the real games first
    monkeypatch.setitem(registry._GAMES, "tiny", TinyGame())
    with TestClient(create_app(Settings(data_dir=tmp_path))) as c:
        yield c


def test_the_schema_of_a_view_and_the_action_kinds(client: TestClient) -> None:
    r = client.get("/api/games/tiny/schema")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["players"] == 2 and body["action_kinds"] == ["choice"]
    assert body["view"] == TinyGame().view_schema(2)
    view = TinyGame().new_game(2, seed=1).view(0)
    jsonschema.validate(view, body["view"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**view, "secret": 1}, body["view"])
    assert client.get("/api/games/tiny/schema?players=3").json()["players"] == 3


def test_bad_requests_for_a_schema(client: TestClient) -> None:
    assert client.get("/api/games/chess/schema").status_code == 404
    r = client.get("/api/games/tiny/schema?players=5")
    assert r.status_code == 422 and "players" in r.text
    assert client.get("/api/games/tiny/schema?players=zero").status_code == 422


def test_every_real_game_answers_with_its_schema_or_says_it_has_none_yet(
    client: TestClient,
) -> None:
    for name in ("balzakken", "keezbord", "balam"):
        r = client.get(f"/api/games/{name}/schema")
        assert r.status_code in (200, 501), r.text
        if r.status_code == 200:
            view = registry.load_game(name).new_game(2, seed=1).view(0)
            jsonschema.validate(view, r.json()["view"])
            assert r.json()["action_kinds"]
