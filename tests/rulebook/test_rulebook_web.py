"""The rules page's answer block and ``GET /api/rules/{game}/answer`` (server/rules_api.py)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from gametable.server import rules_api
from gametable.server.pages import answer_html, rulebook_html


def _client() -> TestClient:
    app = FastAPI()
    app.include_router(rules_api.make_router())
    return TestClient(app)


def test_the_rules_page_shows_the_answer_and_links_its_sections():
    page = rulebook_html("keezbord", "what does the queen do?")
    block = page.split("<div class='rules-answer'", 1)[1].split("</div>", 1)[0]
    assert "12" in block and "href='#card-meanings'" in block and "KB-051" in block
    assert page.index("rules-answer") < page.index("<nav class='toc'>")


def test_the_rules_page_says_when_it_cannot_answer():
    block = answer_html("balam", "how do I castle in chess?")
    assert ("declined" in block and "do not answer" in block) or "Nothing in" in block


def test_the_answer_endpoint_returns_the_answer_as_json():
    reply = _client().get("/api/rules/balzakken/answer", params={"q": "how much is the Lul worth?"})
    assert reply.status_code == 200
    data = reply.json()
    assert data["answered"] is True and data["text"]
    assert data["sources"][0]["id"] == "card-types/action-card-2-the-lul"
    assert data["sources"][0]["statements"]


def test_the_answer_endpoint_refuses_unknown_games_and_empty_questions():
    client = _client()
    assert client.get("/api/rules/chess/answer", params={"q": "castling"}).status_code == 404
    assert client.get("/api/rules/balam/answer", params={"q": ""}).status_code == 422
