"""The lobby API over real HTTP on loopback."""

from __future__ import annotations

import httpx

from tests.server.conftest import Server


def test_games_lists_balzakken_with_options_and_bots(server: Server) -> None:
    games = {g["name"]: g for g in httpx.get(server.base + "/api/games").json()}
    assert "balzakken" in games
    assert 2 in games["balzakken"]["player_counts"]
    assert "random" in games["balzakken"]["bots"]
    assert {o["name"] for o in games["balzakken"]["options"]} >= {"copies", "luls"}


def test_create_table_gives_one_secret_link_per_human_seat(server: Server) -> None:
    t = server.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    human, bot = t["seats"]
    assert human["token"] and human["url"].endswith(f"/t/{t['id']}#seat=0&token={human['token']}")
    assert bot["kind"] == "bot" and bot["token"] is None and bot["url"] is None
    assert t["spectator_url"].endswith(f"/t/{t['id']}")
    info = httpx.get(f"{server.base}/api/tables/{t['id']}").json()
    text = str(info)
    assert human["token"] not in text and "token_hash" not in text and "seed" not in text
    assert info["status"] == "playing" and info["to_move"] == [0]


def test_seats_may_have_names(server: Server) -> None:
    t = server.create(seats=[{"kind": "human", "name": "  Ann  "}, {"kind": "bot", "name": "Bob"}])
    info = httpx.get(f"{server.base}/api/tables/{t['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob"]
    r = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "balzakken",
            "players": 2,
            "seats": [{"kind": "human", "name": "x" * 41}] * 2,
        },
    )
    assert r.status_code == 422


def test_bad_requests_are_refused_clearly(server: Server) -> None:
    post = lambda body: httpx.post(server.base + "/api/tables", json=body)  # noqa: E731
    r = post({"game": "chess", "players": 2})
    assert r.status_code == 422 and "unknown game" in r.json()["detail"]["message"]
    r = post({"game": "balzakken", "players": 9})
    assert r.status_code == 422 and "players" in r.json()["detail"]["message"]
    r = post({"game": "balzakken", "players": 2, "options": {"nonsense": 1}})
    assert r.status_code == 422 and "nonsense" in r.json()["detail"]["message"]
    r = post({"game": "balzakken", "players": 2, "seats": [{"kind": "bot", "bot": "oracle"}] * 2})
    assert r.status_code == 422 and "oracle" in r.json()["detail"]["message"]
    r = httpx.post(
        server.base + "/api/tables",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422
    assert httpx.get(server.base + "/api/tables/nope").status_code == 404


def test_text_options_cannot_name_files_on_the_server(server: Server) -> None:
    r = httpx.post(
        server.base + "/api/tables",
        json={"game": "balzakken", "players": 2, "options": {"copies": "../../etc/passwd"}},
    )
    assert r.status_code == 422
    assert "not accepted here" in r.json()["detail"]["message"]


def test_record_is_withheld_while_playing_and_log_needs_a_valid_token(server: Server) -> None:
    t = server.create()
    tid = t["id"]
    assert httpx.get(f"{server.base}/api/tables/{tid}/record").status_code == 409
    r = httpx.get(f"{server.base}/api/tables/{tid}/log", headers={"Authorization": "Bearer nope"})
    assert r.status_code == 403
    r = httpx.get(
        f"{server.base}/api/tables/{tid}/log",
        headers={"Authorization": f"Bearer {t['seats'][1]['token']}"},
    )
    assert r.status_code == 200
    body = r.json()
    assert body["seat"] == 1 and "record" not in body and "seed" not in str(body)


def test_openapi_documents_the_lobby(server: Server) -> None:
    spec = httpx.get(server.base + "/openapi.json").json()
    assert "/api/tables" in spec["paths"] and "/api/tables/{table_id}/rematch" in spec["paths"]
    assert httpx.get(server.base + "/docs").status_code == 200


def test_pages_are_served(server: Server) -> None:
    assert "New table" in httpx.get(server.base + "/").text
    assert "table.js" in httpx.get(server.base + "/t/anything").text
    rules = httpx.get(server.base + "/rules/balzakken")
    assert rules.status_code == 200 and "playing-the-game/important" in rules.text
    assert httpx.get(server.base + "/rules/chess").status_code == 404


def test_the_rules_page_of_every_game_answers_a_search(server: Server) -> None:
    page = httpx.get(
        server.base + "/rules/balzakken",
        params={"q": "can I call BALZAK! with a Swinger in my hand?"},
    )
    assert page.status_code == 200
    answers = page.text.split("<div class='rules-answer'", 1)[1].split("</div>", 1)[0]
    assert "Rests on:" in answers
    assert (
        "href='#card-types/action-card-1-the-swinger'" in answers
        or "href='#playing-the-game/important'" in answers
    )
    for game in ("keezbord", "balam"):
        assert "rule-section" in httpx.get(server.base + f"/rules/{game}").text
