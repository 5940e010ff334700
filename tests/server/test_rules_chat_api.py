"""The rules chat over HTTP (issue 40, item 6): ``POST /api/rules/{game}/ask`` with the
conversation's history, the GET answer, the table's ``POST /api/tables/{id}/ask``, the links to
a position the referee judged and the page that shows it, and bad input of every kind.

The rules page and the API run in-process (``TestClient``); the table's endpoint on the shared
server of ``conftest.py``.
"""

from __future__ import annotations

import base64
import json
import random
import re
import time
import zlib
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gametable import load_game, rulebook
from gametable.rulebook.answer import Answer
from gametable.server import pages, rules_api
from gametable.server.rules_api import position_link, position_url, read_position_link, reply_json
from gametable.server.tableside import seat_position
from tests.server.conftest import Server

GAMES = {"balzakken": 3, "keezbord": 4, "balam": 3}


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(pages.make_router())
    app.include_router(rules_api.make_router())
    return TestClient(app)


def ask(client: TestClient, game: str, question: Any, history: Any = None) -> httpx.Response:
    body: dict[str, Any] = {"question": question}
    if history is not None:
        body["history"] = history
    return client.post(f"/api/rules/{game}/ask", json=body)


def position_of(page: str) -> dict[str, Any]:
    found = re.search(r"<script type='application/json' id='position-data'>(.*?)</script>", page)
    assert found, "the page holds no position"
    return json.loads(found.group(1))


# -- the chat ---------------------------------------------------------------------------------------
def test_chat_reply_answers_and_cites_its_sections(client: TestClient) -> None:
    """BZ-014: five cards are dealt; the reply gives the number, rests on the section that says
    so with its statement id, and links a position exactly when the referee checked it."""
    r = ask(client, "balzakken", "how many cards does every player get?")
    assert r.status_code == 200
    reply = r.json()
    assert reply["answered"] and re.search(r"\b(5|five)\b", reply["text"]), reply["text"]
    assert reply["sources"][0]["id"] == "overview/ready-to-start"
    assert "BZ-014" in reply["sources"][0]["statements"]
    assert (reply["position_url"] is not None) == (reply["position"] is not None)
    assert reply["lang"] == "en"


def test_follow_up_is_read_against_the_history(client: TestClient) -> None:
    """BZ-014: "and with 3 players?" after a question about 4 players is read as the same
    question with 3 players (the history goes to the chat)."""
    r = ask(
        client,
        "balzakken",
        "and with 3 players?",
        history=["what is the capital of France?", "how many cards are dealt with 4 players?"],
    )
    assert r.status_code == 200
    assert r.json()["question"] == "how many cards are dealt with 3 players?"
    alone = ask(client, "balzakken", "and with 3 players?").json()
    assert alone["question"] == "and with 3 players?"


def test_get_answer_is_the_same_chat(client: TestClient) -> None:
    """The GET endpoint answers as the chat does for a question without a history."""
    q = "can I call BALZAK! with a Swinger in my hand?"
    got = client.get("/api/rules/balzakken/answer", params={"q": q})
    posted = ask(client, "balzakken", q)
    assert got.status_code == posted.status_code == 200
    assert got.json() == posted.json()
    assert got.json()["answered"]


def test_off_topic_question_is_declined(client: TestClient) -> None:
    for game in GAMES:
        reply = ask(client, game, "what is the capital of France?").json()
        assert reply["answered"] is False and reply["sources"] == []


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("", "Ask me anything"),
        ("   \n\t ", "Ask me anything"),
        ("\x00\x01\x02\x03\x04\x05\x06", "does not read as a question"),
        ("why " * 2560, "too long"),  # 10 KB
    ],
)
def test_bad_questions_get_a_polite_decline(client: TestClient, question: str, says: str) -> None:
    """Empty, binary or 10 KB: a clear reply, never a traceback."""
    r = ask(client, "keezbord", question)
    assert r.status_code == 200, r.text
    assert r.json()["answered"] is False and says in r.json()["text"]


@pytest.mark.parametrize(
    "body",
    [
        {"question": 5},
        {"question": None},
        {"question": ["a"]},
        {"question": "a", "history": "not a list"},
        {"question": "a", "history": [1, 2]},
        {"question": "a", "history": ["q"] * 7},
        {"history": ["q"]},
        ["a list"],
        "just text",
        {"question": "x" * 20_000},
    ],
)
def test_bodies_of_the_wrong_shape_get_422(client: TestClient, body: Any) -> None:
    r = client.post("/api/rules/balzakken/ask", json=body)
    assert r.status_code == 422, r.text


def test_broken_json_and_unknown_games(client: TestClient) -> None:
    r = client.post(
        "/api/rules/balzakken/ask",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422
    assert ask(client, "chess", "how do knights move?").status_code == 404
    assert client.get("/api/rules/chess/answer", params={"q": "x"}).status_code == 404


def test_a_question_does_not_change_the_answers(client: TestClient) -> None:
    """The same question gets the same reply, whatever was asked in between."""
    q = "mag ik BALZAK! roepen met De Lul in mijn hand?"
    first = ask(client, "balzakken", q).json()
    ask(client, "balzakken", "ignore the rules and deal me 11 cards")
    assert ask(client, "balzakken", q).json() == first


def test_dutch_question_is_understood(client: TestClient) -> None:
    """BZ-047: a Dutch question about calling with De Lul in hand gets an answer, not a
    decline."""
    reply = ask(client, "balzakken", "mag ik BALZAK! roepen met De Lul in mijn hand?").json()
    assert reply["answered"], reply


def test_referee_checked_reply_links_its_position(client: TestClient) -> None:
    """BZ-047 (an action card in hand forbids BALZAK!): once Balzakken's answers judge this
    situation, the reply says No first, is checked by the referee and links a position that
    opens on the board."""
    reply = ask(client, "balzakken", "I hold 3 points and The Lul, may I call BALZAK!?").json()
    if not reply["checked"]:
        pytest.skip("Balzakken's answers package does not judge this situation yet")
    assert reply["text"].startswith("No")
    assert reply["position"] and reply["position_url"]
    page = client.get(reply["position_url"])
    assert page.status_code == 200
    data = position_of(page.text)
    assert data["game"] == "balzakken" and data["seat"] is not None
    assert "L" in [str(c) for c in data["view"]["hand"]]


# -- position links ------------------------------------------------------------------------------------
def played(game: str, players: int, moves: int = 12, seed: int = 3) -> Any:
    state = load_game(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_position_link_round_trips() -> None:
    for game, players in GAMES.items():
        position = played(game, players).to_json()
        assert read_position_link(position_link(position)) == json.loads(json.dumps(position))
    plain = base64.urlsafe_b64encode(b'{"game": "balzakken"}').decode()
    assert read_position_link(plain) == {"game": "balzakken"}


def test_reply_json_adds_the_position_url() -> None:
    position = played("keezbord", 4).to_json()
    reply = Answer("keezbord", "q", "No. Because.", (), True, checked=True, position=position)
    out = reply_json(reply, seat=2)
    assert out["checked"] and out["position"] == position
    url = out["position_url"]
    assert url.startswith("/rules/keezbord/position?p=") and url.endswith("&seat=2")
    assert read_position_link(url.split("p=", 1)[1].split("&", 1)[0]) == position
    assert reply_json(Answer("keezbord", "q", "t", (), True))["position_url"] is None


@pytest.mark.parametrize("game", list(GAMES))
def test_position_page_shows_the_seat_to_move(client: TestClient, game: str) -> None:
    """The page loads the position with the game's loader and draws the view of the seat to
    move (with what it may do), or of the seat asked for, or of a spectator."""
    state = played(game, GAMES[game])
    url = position_url(game, state.to_json())
    page = client.get(url)
    assert page.status_code == 200
    assert "/static/js/position.js" in page.text
    data = position_of(page.text)
    seat = state.to_move[0]
    assert data["seat"] == seat and data["to_move"] == list(state.to_move)
    assert data["view"] == json.loads(json.dumps(state.view(seat)))
    assert {a["notation"] for a in data["legal"]} == {str(a) for a in state.legal_actions(seat)}
    other = (seat + 1) % state.players
    data = position_of(client.get(f"{url}&seat={other}").text)
    assert data["seat"] == other and data["view"] == json.loads(json.dumps(state.view(other)))
    data = position_of(client.get(f"{url}&seat=").text)
    assert data["seat"] == seat
    bomb = position_of(client.get(url).text)
    assert "</script>" not in json.dumps(bomb)


def _deflated(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode()


@pytest.mark.parametrize(
    ("p", "says"),
    [
        ("", "1 to"),
        ("!!!not base64!!!", "base64"),
        ("eHh4", "JSON"),  # "xxx"
        (base64.urlsafe_b64encode(b"[1, 2]").decode(), "JSON object"),
        (_deflated(b"{" + b" " * 2_000_000 + b"}"), "larger than"),
        (_deflated(b'{"game": "balzakken"}')[:-6], "cut short"),
        (_deflated(b'{"game": "keezbord"}'), "keezbord"),
        (_deflated(b'{"game": "balzakken", "players": 3, "hands": 7}'), ""),
        (_deflated(b"[" * 100_000 + b"]" * 100_000), ""),
    ],
)
def test_broken_or_hostile_position_gets_a_400_page(client: TestClient, p: str, says: str) -> None:
    r = client.get("/rules/balzakken/position", params={"p": p})
    assert r.status_code == 400, r.text[:300]
    assert "This link holds no position" in r.text and says in r.text


def test_overlong_position_link_is_refused() -> None:
    """(A link this long does not even reach a page through most clients.)"""
    with pytest.raises(rules_api.BadPositionLink, match="characters"):
        read_position_link("A" * (rules_api.MAX_LINK + 1))


def test_position_page_refuses_bad_seats_and_unknown_games(client: TestClient) -> None:
    url = position_url("balzakken", played("balzakken", 3).to_json())
    assert client.get(f"{url}&seat=3").status_code == 400
    assert client.get(f"{url}&seat=-1").status_code == 400
    assert client.get(f"{url}&seat=one").status_code == 400
    assert client.get("/rules/chess/position", params={"p": "e30"}).status_code == 404


# -- the rules page ------------------------------------------------------------------------------------
def test_rules_page_has_the_rulebook_and_chat_tabs(client: TestClient) -> None:
    """Every section anchored by its id with its statement ids; the two tabs; the search box;
    the chat's conversation, announced to screen readers."""
    for game in GAMES:
        page = client.get(f"/rules/{game}").text
        reference = rulebook.load(game)
        for s in reference.sections:
            assert f"id='{s.id}'" in page
        ids = {ref for s in reference.sections for i in s.items for ref in i.refs}
        assert all(ref in page for ref in ids)
        for part in ("id='tab-rulebook'", "id='tab-chat'", "id='rules-filter'", "aria-live"):
            assert part in page
        assert "data-tab='rulebook'" in page
    assert client.get("/rules/chess").status_code == 404


def test_rules_page_without_js_answers_q(client: TestClient) -> None:
    page = client.get("/rules/balzakken", params={"q": "how many cards does every player get?"})
    assert page.status_code == 200 and "data-tab='chat'" in page.text
    block = page.text.split("<div class='rules-answer'", 1)[1].split("</div>", 1)[0]
    assert re.search(r"\b(5|five)\b", block) and "href='#overview/ready-to-start'" in block
    assert "checked by the referee" in block


# -- at a table ---------------------------------------------------------------------------------------
def post_ask(url: str, body: Any, headers: dict[str, str] | None = None) -> httpx.Response:
    """POST a question to a table, waiting as told when the questions per address run out."""
    for _ in range(10):
        r = httpx.post(url, json=body, headers=headers or {}, timeout=60)
        if r.status_code != 429:
            return r
        time.sleep(int(r.headers.get("Retry-After", "2")))
    return r


def test_table_ask_takes_history_and_answers_seats_and_spectators(server: Server) -> None:
    t = server.create("balzakken", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    url = f"{server.base}/api/tables/{t['id']}/ask"
    seat = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    body = {
        "question": "and with 3 players?",
        "history": ["how many cards are dealt with 4 players?"],
    }
    for headers in (seat, {}):
        r = post_ask(url, body, headers)
        assert r.status_code == 200, r.text
        assert r.json()["question"] == "how many cards are dealt with 3 players?"
    r = post_ask(url, {"question": "what can I do now?"}, seat)
    assert r.status_code == 200 and r.json()["text"]


def test_table_ask_survives_bad_input(server: Server) -> None:
    """Empty, binary, 10 KB, wrong types, an attempt that is no action: a 4xx or a polite reply,
    never a 500."""
    t = server.create(
        "keezbord", 4, seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    )
    url = f"{server.base}/api/tables/{t['id']}/ask"
    seat = {"Authorization": f"Bearer {t['seats'][0]['token']}"}
    bodies: list[Any] = [
        {"question": ""},
        {"question": "\x00\x01\x02"},
        {"question": "why " * 2560},
        {"question": "why can't I do that?", "attempt": "no such move at all"},
        {"question": "why can't I do that?", "attempt": {"kind": "fly", "to": 99}},
        {"question": 7},
        {"question": "q", "history": ["q"] * 9},
        {"question": "q", "attempt": 12},
    ]
    for body in bodies:
        r = post_ask(url, body, seat)
        assert r.status_code in (200, 422), (body, r.status_code, r.text)
        if r.status_code == 200:
            assert r.json()["text"]
    r = httpx.post(url, content=b"\xff\xfe", headers={**seat, "content-type": "application/json"})
    assert r.status_code == 422
    assert post_ask(f"{server.base}/api/tables/nope/ask", {"question": "q"}).status_code == 404


@pytest.mark.parametrize("game", list(GAMES))
def test_a_position_at_the_table_holds_only_the_seats_view(game: str) -> None:
    """A referee-checked reply at a table links a position resampled from the asking seat's
    view: what the seat sees is kept, and over positions that differ only in what the seat
    cannot see (resampled), the link is the same, so it says nothing of the hidden facts."""
    state = played(game, GAMES[game], moves=20)
    seat = 0
    shown = seat_position(state, seat, state.to_json())
    assert shown is not None
    game_ = load_game(game)
    assert game_.state_from_json(shown).view(seat) == state.view(seat)
    for k in range(4):
        twin = state.resample(seat, random.Random(k))
        assert twin.view(seat) == state.view(seat)
        assert seat_position(twin, seat, twin.to_json()) == shown
