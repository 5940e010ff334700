"""The rules page's answer block and the rules chat over HTTP (server/rules_api.py):
``GET /api/rules/{game}/answer`` and ``POST /api/rules/{game}/ask``."""

from __future__ import annotations

import asyncio
import threading

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gametable import rulebook
from gametable.rulebook import chat
from gametable.server import rules_api
from gametable.server.pages import answer_html, rulebook_html


def _client() -> TestClient:
    app = FastAPI()
    app.include_router(rules_api.make_router())
    return TestClient(app)


def test_the_rules_page_shows_the_answer_and_links_its_sections():
    """Without JS, a question asked on the page (``?q=``) gets its answer above the rulebook's
    contents, linking the section and the statement it rests on (the Queen: KB-051)."""
    page = rulebook_html("keezbord", "what does the queen do?")
    block = page.split("<div class='rules-answer'", 1)[1].split("</div>", 1)[0]
    assert "12" in block and "href='#card-meanings'" in block and "KB-051" in block
    assert page.index("rules-answer") < page.index("<nav class='toc'")


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


def test_the_answer_endpoint_refuses_unknown_games_and_declines_empty_questions():
    """An unknown game is a 404; an empty question is the chat's to decline politely (a reply
    that answers nothing), never an error."""
    client = _client()
    assert client.get("/api/rules/chess/answer", params={"q": "castling"}).status_code == 404
    empty = client.get("/api/rules/balam/answer", params={"q": ""})
    assert empty.status_code == 200
    data = empty.json()
    assert data["answered"] is False and data["text"] and not data["sources"]
    assert client.get("/api/rules/balam/answer").status_code == 422


def test_the_chat_endpoint_reads_a_follow_up_against_the_history():
    """``POST /api/rules/{game}/ask`` sends the earlier questions along: "and with 3 players?"
    is read as the question before it with 3 players."""
    reply = _client().post(
        "/api/rules/keezbord/ask",
        json={"question": "and with 3 players?", "history": ["how many cards with 4 players?"]},
    )
    assert reply.status_code == 200
    assert "3 players" in reply.json()["question"]


def test_a_slow_answer_does_not_hold_up_other_requests(monkeypatch):
    """The answer runs in a worker thread: while one question is still being answered (the first
    one loads the embedding model), the event loop serves other requests."""
    release = threading.Event()

    def slow_answer(game: str, question: str, **_: object) -> rulebook.Answer:
        assert release.wait(5), "the other request never got through"
        return rulebook.Answer(game, question, "An answer.", (), answered=False)

    monkeypatch.setattr(chat, "ask", slow_answer)
    app = FastAPI()
    app.include_router(rules_api.make_router())

    async def ask_two() -> tuple[int, int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://table") as client:
            slow = asyncio.create_task(client.get("/api/rules/balam/answer", params={"q": "x"}))
            await asyncio.sleep(0.05)
            other = await asyncio.wait_for(
                client.get("/api/rules/chess/answer", params={"q": "x"}), 3
            )
            still_waiting = not slow.done()
            release.set()
            first = await asyncio.wait_for(slow, 5)
            assert still_waiting
            return first.status_code, other.status_code

    assert asyncio.run(ask_two()) == (200, 404)
