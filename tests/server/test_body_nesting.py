"""A request body nested deeper than any JSON gametable reads is refused with a JSON 400 before
it is parsed (``server/limits.py``), at every POST endpoint; ordinary bodies go through."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from gametable.server.app import create_app
from gametable.server.settings import Settings


def test_a_deeply_nested_body_gets_a_json_400_naming_the_limit(tmp_path: Path) -> None:
    deep = b"[" * 30_000 + b"]" * 30_000  # within the body limit
    with TestClient(create_app(Settings(data_dir=tmp_path))) as client:
        for path in ("/api/tables", "/api/rules/balzakken/ask", "/api/players"):
            r = client.post(path, content=deep, headers={"content-type": "application/json"})
            assert r.status_code == 400, (path, r.text[:200])
            assert r.json()["detail"] == {
                "kind": "bad_request",
                "message": "request bodies may not nest more than 100 deep",
            }
        asked = client.post("/api/rules/balzakken/ask", json={"question": "how many cards?"})
        assert asked.status_code == 200 and asked.json()["text"]
