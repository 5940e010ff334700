"""Open seats (issue 17, lobby): a seat the creator leaves open is listed in the lobby and given,
with its key, to the first stranger who takes it; only such seats, each once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.server.conftest import Server

OPEN_TWO = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]


def listed(server: Server, table_id: str) -> dict | None:
    tables = httpx.get(server.base + "/api/open-tables").json()
    return next((t for t in tables if t["id"] == table_id), None)


def test_an_open_seat_is_listed_and_taken_once_with_a_key_that_plays_it(server: Server) -> None:
    t = server.create(seats=OPEN_TWO)
    assert t["seats"][1]["token"] is None and t["seats"][1]["url"] is None
    entry = listed(server, t["id"])
    assert entry is not None and entry["open"] == [1] and entry["game"] == "balzakken"
    assert entry["seats"][0]["name"] == "Ann" and entry["seats"][1]["open"] is True
    assert "token" not in str(entry) and "seed" not in str(entry)

    r = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json={"name": " Bo  b "})
    assert r.status_code == 201, r.text
    joined = r.json()
    assert joined["seat"] == 1 and joined["url"].endswith(f"#seat=1&token={joined['token']}")
    info = httpx.get(f"{server.base}/api/tables/{t['id']}").json()
    assert info["seats"][1] == {**info["seats"][1], "name": "Bo b", "open": False}
    assert listed(server, t["id"]) is None  # (a join refreshes the list at once)

    again = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json={"seat": 1})
    assert again.status_code == 409 and again.json()["detail"]["kind"] == "taken"
    # the new key plays seat 1 (Balzakken: seat 0 begins; seat 1 sees its own hand)
    bob = server.connect(t["id"], joined["token"])
    assert bob.welcome["seat"] == 1
    bob.close()


def test_only_seats_marked_open_can_be_taken(server: Server) -> None:
    t = server.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    for body in ({}, {"seat": 0}, {"seat": 1}):
        r = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json=body)
        assert r.status_code == 409, (body, r.text)
    r = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json={"seat": 7})
    assert r.status_code == 422
    assert httpx.post(f"{server.base}/api/tables/nosuch/join", json={}).status_code == 404
    assert listed(server, t["id"]) is None


def test_many_strangers_at_once_get_the_open_seat_exactly_once(server: Server) -> None:
    t = server.create(players=3, seats=[{"kind": "human"}, {"kind": "open"}, {"kind": "open"}])
    url = f"{server.base}/api/tables/{t['id']}/join"
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(lambda _: httpx.post(url, json={}, timeout=20), range(12)))
    won = [a.json() for a in answers if a.status_code == 201]
    assert sorted(w["seat"] for w in won) == [1, 2]
    assert len({w["token"] for w in won}) == 2
    assert all(a.status_code == 409 for a in answers if a.status_code != 201)


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_the_seat_taken_survives_a_restart(tmp_path) -> None:
    srv = Server(tmp_path).start()
    try:
        t = srv.create(seats=OPEN_TWO)
        joined = httpx.post(f"{srv.base}/api/tables/{t['id']}/join", json={}).json()
        srv.kill()
        srv.start()
        c = srv.connect(t["id"], joined["token"])
        assert c.welcome["seat"] == 1
        c.close()
        r = httpx.post(f"{srv.base}/api/tables/{t['id']}/join", json={})
        assert r.status_code == 409
    finally:
        srv.kill()
