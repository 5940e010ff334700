"""Players with a name and a key over real HTTP on loopback (:mod:`gametable.server.playerapi`):
making one, bad names and keys refused, tables as a player, returning from another device, two
browsers racing with one key, a key replaced, the page by link, the ladder, settling a game, and
keys kept out of URLs and the server's log."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import Server

#: a short Keezbord: the game ends after two decisions (one each)
SHORT = {"game": "keezbord", "players": 2, "options": {"max_turns": 2}}
NORMAL = {"kind": "bot", "bot": "normal"}
#: seconds a bot's move may take on a loaded machine (the first starts the bots' processes)
BOT_WAIT = 120.0
POSTGRES = os.environ.get("GAMETABLE_TEST_POSTGRES")


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(
        tmp_path_factory.mktemp("players"), extra=["--set", "ladder_min_games=2"]
    ).start()
    yield server
    server.kill()


def new_player(srv: Server, name: str) -> tuple[str, str]:
    r = httpx.post(f"{srv.base}/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["key"]


def as_player(key: str) -> dict[str, str]:
    return {"X-Player-Key": key}


def table_vs_bot(srv: Server, key: str, bot: str = "normal") -> dict[str, Any]:
    r = httpx.post(
        f"{srv.base}/api/players/me/tables",
        headers=as_player(key),
        json={**SHORT, "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]},
    )
    assert r.status_code == 201, r.text
    return r.json()


def play_out(srv: Server, table_id: str, token: str) -> None:
    """Play the seat of ``token`` to the end of the game (the bot plays the other)."""
    client = srv.connect(table_id, token)
    try:
        assert client.welcome["type"] == "welcome" and client.welcome["seat"] == 0
        while not client.last["over"]:
            legal = client.last["legal"]
            if legal:
                seq = client.last["seq"]
                client.send({"type": "act", "action": legal[0]["json"], "seq": seq})
                client.at_seq(seq + 1, timeout=BOT_WAIT)
            else:
                client.next(timeout=BOT_WAIT)
    finally:
        client.close()


def settled_page(srv: Server, key: str, table_id: str, timeout: float = 60) -> dict[str, Any]:
    """The player's page once the server has settled ``table_id`` by itself."""
    deadline = time.monotonic() + timeout
    while True:
        me = httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).json()
        found = [g for g in me["finished"] if g["table"] == table_id and g["settled_at"]]
        if found or time.monotonic() > deadline:
            return me
        time.sleep(0.2)


#: the tables a refused request about players must leave as they were
CHANGED = ("gt_tables", "gt_players", "gt_player_keys", "gt_player_games", "gt_ratings")


def count(srv: Server, sql: str) -> int:
    with sqlite3.connect(Path(srv.data_dir) / "gametable.sqlite3") as db:
        return db.execute(sql).fetchone()[0]


def test_a_player_gets_a_key_once_and_a_page(srv: Server) -> None:
    r = httpx.post(f"{srv.base}/api/players", json={"name": "  Zoë   de Wit "})
    body = r.json()
    assert r.status_code == 201 and body["name"] == "Zoë de Wit"
    assert body["key"].startswith("gtp-") and len(body["key"]) == 47
    assert body["page"] == f"/p/{body['id']}"
    me = httpx.get(f"{srv.base}/api/players/me", headers=as_player(body["key"])).json()
    assert me["name"] == "Zoë de Wit" and me["listed"] is False
    assert me["ratings"] == [] and me["finished"] == [] and me["playing"] == []
    assert httpx.get(f"{srv.base}{body['page']}").status_code == 200  # the page (HTML)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("x" * 10_000, "at most 40"),
        ("y" * 41, "at most 40"),
        ("Ann\x00", "control"),
        ("Ann\u202eevil", "control or invisible"),
        ("<script>alert(1)</script>", "<, > or &"),
        ("   ", "at least one letter"),
    ],
)
def test_bad_names_are_refused_and_make_no_player(srv: Server, name: str, why: str) -> None:
    before = count(srv, "SELECT count(*) FROM gt_players")
    r = httpx.post(f"{srv.base}/api/players", json={"name": name})
    assert r.status_code == 422 and why in r.json()["detail"]["message"]
    assert count(srv, "SELECT count(*) FROM gt_players") == before


def test_a_name_is_one_players_whatever_its_case(srv: Server) -> None:
    new_player(srv, "Casey")
    r = httpx.post(f"{srv.base}/api/players", json={"name": "CASEY"})
    assert r.status_code == 409 and "taken" in r.json()["detail"]["message"]


@pytest.mark.parametrize(
    ("key", "why"),
    [
        (None, "X-Player-Key"),
        ("gtp-short", "not a player key"),
        ("gtp-" + "A" * 43, "not known"),
    ],
)
def test_forged_or_missing_keys_are_refused(srv: Server, key: str | None, why: str) -> None:
    headers = {} if key is None else as_player(key)
    before = [count(srv, f"SELECT count(*) FROM {t}") for t in CHANGED]
    for method, path in (
        ("GET", "/api/players/me"),
        ("POST", "/api/players/me/key"),
        ("POST", "/api/players/me/tables"),
    ):
        body = SHORT if path.endswith("tables") else None
        r = httpx.request(method, f"{srv.base}{path}", headers=headers, json=body)
        assert r.status_code == 403 and why in r.json()["detail"]["message"], (path, r.text)
    assert [count(srv, f"SELECT count(*) FROM {t}") for t in CHANGED] == before


def test_a_players_seat_carries_its_name_and_opens_from_another_device(srv: Server) -> None:
    _, key = new_player(srv, "Robin")
    made = table_vs_bot(srv, key)
    mine = made["seats"][0]
    assert mine["name"] == "Robin" and mine["token"]
    info = httpx.get(f"{srv.base}/api/tables/{made['id']}").json()
    assert info["seats"][0]["name"] == "Robin"
    # another device with the same key: the seat's key derived again
    r = httpx.post(f"{srv.base}/api/players/me/tables/{made['id']}/seat", headers=as_player(key))
    assert r.status_code == 200 and r.json()["token"] == mine["token"] and r.json()["seat"] == 0
    assert "#seat=0&token=" in r.json()["url"]
    client = srv.connect(made["id"], r.json()["token"])
    assert client.welcome["seat"] == 0
    client.close()
    me = httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).json()
    assert [g["table"] for g in me["playing"]] == [made["id"]]
    _, other = new_player(srv, "Sam")
    r = httpx.post(f"{srv.base}/api/players/me/tables/{made['id']}/seat", headers=as_player(other))
    assert r.status_code == 404 and "no seat" in r.json()["detail"]["message"]


def test_a_player_seat_must_be_a_human_seat(srv: Server) -> None:
    _, key = new_player(srv, "Quinn")
    before = count(srv, "SELECT count(*) FROM gt_tables")
    r = httpx.post(
        f"{srv.base}/api/players/me/tables",
        headers=as_player(key),
        json={**SHORT, "seat": 1, "seats": [{"kind": "human"}, {"kind": "bot"}]},
    )
    assert r.status_code == 422 and "not a human seat" in r.json()["detail"]["message"]
    assert count(srv, "SELECT count(*) FROM gt_tables") == before


def test_two_browsers_racing_to_join_with_one_key_get_one_seat(srv: Server) -> None:
    made = srv.create(
        game="keezbord", players=4, seats=[{"kind": "human"}] + [{"kind": "open"}] * 3
    )
    _, key = new_player(srv, "Racer")
    answers: list[httpx.Response] = []
    start = threading.Barrier(3)

    def join() -> None:
        start.wait()
        answers.append(
            httpx.post(
                f"{srv.base}/api/players/me/tables/{made['id']}/join",
                headers=as_player(key),
                json={},
            )
        )

    threads = [threading.Thread(target=join) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [201, 409, 409], [a.text for a in answers]
    assert all("already" in a.json()["detail"]["message"] for a in answers if a.status_code == 409)
    info = httpx.get(f"{srv.base}/api/tables/{made['id']}").json()
    assert [s["name"] for s in info["seats"]].count("Racer") == 1
    assert [s["open"] for s in info["seats"]].count(True) == 2
    assert count(srv, f"SELECT count(*) FROM gt_player_games WHERE table_id = '{made['id']}'") == 1


def test_a_finished_game_is_settled_once_and_listed_with_its_replay(srv: Server) -> None:
    player_id, key = new_player(srv, "Finisher")
    made = table_vs_bot(srv, key)
    r = httpx.post(f"{srv.base}/api/tables/{made['id']}/settle")
    assert r.status_code == 409 and "not over" in r.json()["detail"]["message"]
    assert (
        count(srv, f"SELECT count(*) FROM gt_settled_tables WHERE table_id = '{made['id']}'") == 0
    )
    play_out(srv, made["id"], made["seats"][0]["token"])
    me = settled_page(srv, key, made["id"])
    (game,) = me["finished"]
    assert game["place"] in (1, 2) and game["left"] is False and game["status"] == "over"
    assert game["replay"] == f"/t/{made['id']}/replay" and game["rating_after"]["sigma"] < 8.3
    places = [s["place"] for s in game["seats"]]  # everyone's place: the whole result
    assert places[0] == game["place"] and places[1] in (1, 2) and min(places) == 1
    assert game["shared"] == (places[0] == places[1])
    (rating,) = me["ratings"]
    assert rating["game"] == "keezbord" and rating["games"] == 1 and rating["standing"]
    again = httpx.post(f"{srv.base}/api/tables/{made['id']}/settle").json()
    assert again["already"] is True and again["rated"] is True
    assert count(srv, f"SELECT games FROM gt_ratings WHERE player_id = '{player_id}'") == 1


def test_a_replaced_key_is_retired_and_the_seats_in_play_follow_the_new_one(srv: Server) -> None:
    _, old = new_player(srv, "Leaky")
    made = table_vs_bot(srv, old)
    old_seat = made["seats"][0]["token"]
    r = httpx.post(f"{srv.base}/api/players/me/key", headers=as_player(old))
    assert r.status_code == 200 and r.json()["seats_rekeyed"] == 1
    new = r.json()["key"]
    for path in ("/api/players/me", "/api/players/me/key"):
        r = httpx.request(
            "GET" if path.endswith("me") else "POST", f"{srv.base}{path}", headers=as_player(old)
        )
        assert r.status_code == 403 and "replaced" in r.json()["detail"]["message"]
    assert httpx.get(f"{srv.base}/api/players/me", headers=as_player(new)).json()["name"] == "Leaky"
    stale = srv.connect(made["id"], old_seat)
    assert stale.welcome["type"] == "error"  # the old seat key opens nothing now
    stale.close()
    before = [count(srv, f"SELECT count(*) FROM {t}") for t in CHANGED]
    open_table = srv.create(game="keezbord", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    for path, body in (  # the retired key used again anywhere: refused, nothing made
        ("/api/players/me/tables", SHORT),
        (f"/api/players/me/tables/{open_table['id']}/join", {}),
        (f"/api/players/me/tables/{made['id']}/seat", None),
    ):
        r = httpx.post(f"{srv.base}{path}", headers=as_player(old), json=body)
        assert r.status_code == 403 and "replaced" in r.json()["detail"]["message"], path
    assert [count(srv, f"SELECT count(*) FROM {t}") for t in CHANGED][1:] == before[1:]
    assert httpx.get(f"{srv.base}/api/tables/{open_table['id']}").json()["seats"][1]["open"]
    seat = httpx.post(
        f"{srv.base}/api/players/me/tables/{made['id']}/seat", headers=as_player(new)
    ).json()
    fresh = srv.connect(made["id"], seat["token"])
    assert fresh.welcome["seat"] == 0
    fresh.close()


def test_the_page_by_link_hides_games_in_progress_and_the_ladder_names_only_who_opted_in(
    srv: Server,
) -> None:
    shy_id, shy = new_player(srv, "Shy")
    proud_id, proud = new_player(srv, "Proud")
    for key in (shy, shy, proud, proud):
        made = table_vs_bot(srv, key)
        play_out(srv, made["id"], made["seats"][0]["token"])
        settled_page(srv, key, made["id"])
    table_vs_bot(srv, shy)  # in progress
    page = httpx.get(f"{srv.base}/api/players/{shy_id}").json()
    assert page["name"] == "Shy" and len(page["finished"]) == 2
    assert "playing" not in page and "listed" not in page
    r = httpx.patch(f"{srv.base}/api/players/me", headers=as_player(proud), json={"listed": True})
    assert r.status_code == 200 and r.json()["listed"] is True
    ladder = httpx.get(f"{srv.base}/api/ladder/keezbord").json()
    assert ladder["min_games"] == 2
    people = [row for row in ladder["rows"] if row["kind"] == "player"]
    assert {row["name"] for row in people} >= {"Proud", None}
    assert "Shy" not in str(ladder) and shy_id not in str(ladder)
    assert any(row["page"] == f"/p/{proud_id}" for row in people)
    bots = {row["name"] for row in ladder["rows"] if row["kind"] == "bot"}
    assert bots == {"bot easy", "bot normal", "bot hard"}
    assert all(row["low"] < row["mu"] < row["high"] for row in ladder["rows"])
    assert [row["mu"] for row in ladder["rows"]] == sorted(
        (r["mu"] for r in ladder["rows"]), reverse=True
    )
    mine = httpx.get(f"{srv.base}/api/ladder/keezbord", headers=as_player(shy)).json()["rows"]
    (you,) = [row for row in mine if row.get("you")]  # a player finds itself, still unnamed
    assert you["name"] is None and you["page"] is None and you["games"] == 2
    forged = httpx.get(f"{srv.base}/api/ladder/keezbord", headers=as_player("gtp-" + "B" * 43))
    assert forged.status_code == 403
    assert httpx.get(f"{srv.base}/api/ladder/chess").status_code == 404
    assert httpx.get(f"{srv.base}/api/players/nobody").status_code == 404


def test_a_rename_is_checked_like_a_new_name(srv: Server) -> None:
    _, key = new_player(srv, "Renamer")
    new_player(srv, "Taken")
    for name, code in (("<b>", 422), ("taken", 409), ("Renamed", 200)):
        r = httpx.patch(f"{srv.base}/api/players/me", headers=as_player(key), json={"name": name})
        assert r.status_code == code, r.text
    assert (
        httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).json()["name"] == "Renamed"
    )


def test_player_keys_never_reach_urls_records_or_the_log(srv: Server) -> None:
    player_id, key = new_player(srv, "Secretive")
    made = table_vs_bot(srv, key)
    play_out(srv, made["id"], made["seats"][0]["token"])
    settled_page(srv, key, made["id"])
    seen = [
        httpx.get(f"{srv.base}/api/players/{player_id}").text,
        httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).text,
        httpx.get(f"{srv.base}/api/tables/{made['id']}").text,
        httpx.get(f"{srv.base}/api/tables/{made['id']}/record").text,
        httpx.get(f"{srv.base}/api/ladder/keezbord").text,
        str(made),
    ]
    assert not any(key in text for text in seen)
    assert "key_hash" not in seen[0] and "salt" not in seen[0] and "token" not in seen[0]
    logged = "".join(p.read_text() for p in Path(srv.data_dir).glob("server-*.log"))
    assert key not in logged and made["seats"][0]["token"] not in logged
    with sqlite3.connect(Path(srv.data_dir) / "gametable.sqlite3") as db:
        dump = "\n".join(db.iterdump())
    assert key not in dump and made["seats"][0]["token"] not in dump


def test_a_rematch_keeps_the_players_seat(srv: Server) -> None:
    _, key = new_player(srv, "Again")
    made = table_vs_bot(srv, key)
    token = made["seats"][0]["token"]
    play_out(srv, made["id"], token)
    r = httpx.post(
        f"{srv.base}/api/tables/{made['id']}/rematch", headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 201, r.text
    rematch = r.json()["id"]
    me = httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).json()
    assert [g["table"] for g in me["playing"]] == [rematch]
    seat = httpx.post(
        f"{srv.base}/api/players/me/tables/{rematch}/seat", headers=as_player(key)
    ).json()
    assert seat["seat"] == 0 and seat["token"] == token  # the rematch keeps the seat's key


@pytest.mark.slow  # CI runs it (-m ''): two server starts
def test_a_game_that_ended_as_the_server_was_killed_is_settled_once_after_the_restart(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path).start()
    try:
        player_id, key = new_player(server, "Crashy")
        made = table_vs_bot(server, key)
        play_out(server, made["id"], made["seats"][0]["token"])
        server.kill()  # at once: the settlement may or may not have been written
        server.start()
        me = settled_page(server, key, made["id"])
        assert [g["table"] for g in me["finished"]] == [made["id"]]
        assert me["ratings"][0]["games"] == 1
        again = httpx.post(f"{server.base}/api/tables/{made['id']}/settle").json()
        assert again["already"] is True
        assert count(server, f"SELECT games FROM gt_ratings WHERE player_id = '{player_id}'") == 1
    finally:
        server.kill()


def test_a_player_joins_and_returns_to_a_table_another_worker_holds(tmp_path: Path) -> None:
    """The player key is passed on with a request forwarded to the table's worker."""
    database = ["--database-url", POSTGRES] if POSTGRES else []
    # the default leases: a loaded machine must not pass the table to the other worker
    holder, other = (
        Server(tmp_path, extra=[*database, "--set", f"worker_name=w{i}"]) for i in range(2)
    )
    try:
        holder.start()
        other.start()
        made = holder.create(
            game="keezbord", players=2, seats=[{"kind": "human"}, {"kind": "open"}]
        )
        _, key = new_player(other, f"Roamer {uuid.uuid4().hex[:6]}")
        r = httpx.post(
            f"{other.base}/api/players/me/tables/{made['id']}/join",
            headers=as_player(key),
            json={},
            timeout=30,
        )
        assert r.status_code == 201 and r.json()["seat"] == 1, r.text
        r = httpx.post(
            f"{other.base}/api/players/me/tables/{made['id']}/seat",
            headers=as_player(key),
            timeout=30,
        )
        assert r.status_code == 200 and r.json()["seat"] == 1, r.text
        client_token = r.json()["token"]
        client = other.connect(made["id"], client_token)
        assert client.welcome["seat"] == 1  # the socket is passed on to the holder too
        client.close()
        info = httpx.get(f"{other.base}/api/tables/{made['id']}").json()
        assert info["seats"][1]["name"].startswith("Roamer")
        # the key replaced where the table is not held: returning to the seat re-keys it there
        r = httpx.post(f"{other.base}/api/players/me/key", headers=as_player(key), timeout=30)
        assert r.status_code == 200, r.text  # seats_rekeyed: 0, unless the table moved
        old_seat, key = client_token, r.json()["key"]
        r = httpx.post(
            f"{other.base}/api/players/me/tables/{made['id']}/seat",
            headers=as_player(key),
            timeout=30,
        )
        assert r.status_code == 200 and r.json()["token"] != old_seat, r.text
        welcome = other.connect(made["id"], r.json()["token"]).welcome
        assert welcome.get("seat") == 1, welcome
        assert other.connect(made["id"], old_seat).welcome["type"] == "error"
    finally:
        holder.kill()
        other.kill()


def claim(srv: Server, key: str, table_id: str, seat_key: str | None) -> httpx.Response:
    headers = as_player(key) | ({"Authorization": f"Bearer {seat_key}"} if seat_key else {})
    return httpx.post(f"{srv.base}/api/players/me/tables/{table_id}/claim", headers=headers)


def test_an_invited_seat_is_taken_as_a_player_and_its_invite_link_retires(srv: Server) -> None:
    made = srv.create(game="balam", players=3, seats=[{"kind": "human"}] * 3)
    host, invite, third = (s["token"] for s in made["seats"])
    _, key = new_player(srv, "Invitee")
    r = claim(srv, key, made["id"], invite)
    assert r.status_code == 200 and r.json()["seat"] == 1, r.text
    token = r.json()["token"]
    assert token != invite and f"#seat=1&token={token}" in r.json()["url"]
    info = httpx.get(f"{srv.base}/api/tables/{made['id']}").json()
    assert info["seats"][1]["name"] == "Invitee"
    stale = srv.connect(made["id"], invite)
    assert stale.welcome["type"] == "error"  # the invite link opens the seat no more
    stale.close()
    again = httpx.post(
        f"{srv.base}/api/players/me/tables/{made['id']}/seat", headers=as_player(key)
    ).json()
    assert again["token"] == token  # derived from the player key: any of its devices return
    me = httpx.get(f"{srv.base}/api/players/me", headers=as_player(key)).json()
    assert [(g["table"], g["seat"]) for g in me["playing"]] == [(made["id"], 1)]
    rows = f"SELECT count(*) FROM gt_player_games WHERE table_id = '{made['id']}'"
    _, other = new_player(srv, "Gatecrasher")
    for who, seat_key, code, why in (
        (key, token, 409, "yours already"),
        (key, third, 409, "you hold a seat here"),
        (other, token, 409, "another player's"),
        (other, None, 403, "key of the seat"),
        (other, "not-a-seat-key", 403, "does not belong"),
    ):
        r = claim(srv, who, made["id"], seat_key)
        assert r.status_code == code and why in r.json()["detail"]["message"], (why, r.text)
    assert count(srv, rows) == 1
    assert httpx.get(f"{srv.base}/api/tables/{made['id']}").json()["seats"] == info["seats"]
    assert srv.connect(made["id"], host).welcome["seat"] == 0  # the other seats keep their keys


def test_the_seat_of_a_finished_game_cannot_be_taken(srv: Server) -> None:
    made = srv.create(
        game="keezbord",
        players=2,
        options={"max_turns": 2},
        seats=[{"kind": "human"}, {"kind": "bot"}],
    )
    play_out(srv, made["id"], made["seats"][0]["token"])
    _, key = new_player(srv, "Latecomer")
    r = claim(srv, key, made["id"], made["seats"][0]["token"])
    assert r.status_code == 409 and "over" in r.json()["detail"]["message"]
    assert count(srv, f"SELECT count(*) FROM gt_player_games WHERE table_id = '{made['id']}'") == 0


def test_a_seat_key_is_no_player_key_and_a_player_key_opens_no_seat(srv: Server) -> None:
    _, key = new_player(srv, "Mixer")
    made = table_vs_bot(srv, key)
    seat_key = made["seats"][0]["token"]
    r = httpx.get(f"{srv.base}/api/players/me", headers=as_player(seat_key))
    assert r.status_code == 403 and "not a player key" in r.json()["detail"]["message"]
    wrong = srv.connect(made["id"], key)
    assert wrong.welcome["type"] == "error"
    wrong.close()


def test_a_table_without_a_player_has_nothing_to_settle(srv: Server) -> None:
    made = srv.create(
        game="keezbord", players=2, options={"max_turns": 2}, seats=[{"kind": "human"}, NORMAL]
    )
    play_out(srv, made["id"], made["seats"][0]["token"])
    r = httpx.post(f"{srv.base}/api/tables/{made['id']}/settle")
    assert r.status_code == 404 and "no player" in r.json()["detail"]["message"]
    assert (
        count(srv, f"SELECT count(*) FROM gt_settled_tables WHERE table_id = '{made['id']}'") == 0
    )
