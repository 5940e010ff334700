"""Recent finished games (issue 17, lobby): ``GET /api/recent-games`` lists the finished
**public** tables (made with a seat open to anyone, so the lobby listed their ids already) with
public facts only; a table whose seats were all given by invite link is never listed."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from tests.server.conftest import Server

PUBLIC = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]
PRIVATE = [{"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}]


def play_out(server: Server, table_id: str, tokens: list[str], seed: int = 1) -> int:
    """Play the table's human seats to the end with random legal moves; the number of moves."""
    rng = random.Random(seed)
    clients = [server.connect(table_id, token) for token in tokens]
    try:
        seq = 0
        while True:
            for c in clients:
                c.at_seq(seq)
            if clients[0].last["over"] or seq > 2000:
                return seq
            choices = [
                (c, [x["notation"] for x in c.last["legal"] if x["notation"] != "balzak"])
                for c in clients
            ]
            mover, legal = next((c, legal) for c, legal in choices if legal)
            mover.send({"type": "act", "action": rng.choice(legal), "seq": seq, "id": f"m{seq}"})
            seq += 1
    finally:
        for c in clients:
            c.close()


def finished_public_game(server: Server, name: str = "Bob") -> tuple[dict[str, Any], int]:
    """A Keezbord table (short with random moves) made with seat 1 open, taken by ``name``,
    played to the end."""
    t = server.create("keezbord", seats=PUBLIC)
    joined = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json={"name": name}).json()
    moves = play_out(server, t["id"], [t["seats"][0]["token"], joined["token"]])
    return t, moves


def recent(server: Server, game: str | None = None) -> list[dict[str, Any]]:
    query = "" if game is None else f"?game={game}"
    r = httpx.get(f"{server.base}/api/recent-games{query}", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def wait_listed(server: Server, table_id: str, timeout: float = 15) -> list[dict[str, Any]]:
    """The list once it names ``table_id`` (lists are cached for a few seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        games = recent(server)
        if any(g["id"] == table_id for g in games) or time.monotonic() > deadline:
            return games
        time.sleep(0.5)


def test_a_finished_public_game_is_listed_and_private_or_playing_ones_are_not(
    server: Server,
) -> None:
    private = server.create("keezbord", seats=PRIVATE)
    play_out(server, private["id"], [s["token"] for s in private["seats"]], seed=2)
    playing = server.create(seats=PUBLIC)
    httpx.post(f"{server.base}/api/tables/{playing['id']}/join", json={})
    public, moves = finished_public_game(server)

    games = wait_listed(server, public["id"])
    ids = [g["id"] for g in games]
    assert public["id"] in ids
    assert private["id"] not in ids and playing["id"] not in ids
    entry = next(g for g in games if g["id"] == public["id"])
    assert entry["game"] == "keezbord" and entry["title"] and entry["players"] == 2
    assert entry["moves"] == moves and entry["replay"] == f"/t/{public['id']}/replay"
    assert [(s["seat"], s["kind"], s["name"]) for s in entry["seats"]] == [
        (0, "human", "Ann"),
        (1, "human", "Bob"),
    ]
    record = httpx.get(f"{server.base}/api/tables/{public['id']}/record").json()
    replay = httpx.get(f"{server.base}/api/tables/{public['id']}/replay").json()
    assert entry["outcome"] == replay["outcome"] and entry["outcome"]["winners"]
    assert entry["finished_at"] >= entry["created_at"]
    finished = [g["finished_at"] for g in games]
    assert finished == sorted(finished, reverse=True)  # newest first

    text = httpx.get(f"{server.base}/api/recent-games").text
    assert "token" not in text and "seed" not in text and "token_hash" not in text
    assert str(record["seed"]) not in text
    for seat in public["seats"] + private["seats"]:
        assert not seat["token"] or seat["token"] not in text
    assert all(g["game"] == "keezbord" for g in recent(server, "keezbord"))
    assert public["id"] not in [g["id"] for g in recent(server, "balzakken")]


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_table_stays_public_after_its_open_seats_are_taken(server: Server) -> None:
    """``listed`` is set when the table is made: the open seat taken later (``open_seats`` now
    0) does not hide it."""
    public, _moves = finished_public_game(server, "Eve")
    assert httpx.get(f"{server.base}/api/tables/{public['id']}").json()["seats"][1]["open"] is False
    assert public["id"] in [g["id"] for g in wait_listed(server, public["id"])]
