"""A seat never learns more than its own view: every message of a whole game is checked."""

from __future__ import annotations

import random

import httpx
import pytest

from gametable.core.record import Record
from tests.server.conftest import Server

# ("hands" is public in finished rounds' summaries, so the view comparison is the real check)
SECRET_KEYS = {"seed", "rng", "draw_pile", "known", "token", "token_hash"}


def keys(obj) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys(v)}
    return set()


@pytest.mark.parametrize("bots", [0, 1], ids=["two-humans", "two-humans-and-a-bot"])
def test_every_message_of_a_whole_game_is_exactly_the_seats_view(server: Server, bots: int) -> None:
    players = 2 + bots
    seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "random"}] * bots
    t = server.create(
        players=players, seats=seats, options={"copies": 2 + bots, "luls": 2, "swingers": 2}
    )
    humans = [server.connect(t["id"], s["token"]) for s in t["seats"] if s["token"]]
    spectator = server.connect(t["id"], None)
    rng = random.Random(5)
    n = 0
    while not humans[0].last["over"]:
        movers = [c for c in humans if c.last["legal"]]
        if not movers:  # a bot is thinking: wait for its move
            humans[0].at_seq(humans[0].last["seq"] + 1)
            for c in humans:
                c.at_seq(humans[0].last["seq"])
            continue
        (mover,) = movers
        choice = rng.choice(mover.last["legal"])
        n += 1
        mover.send({"type": "act", "action": choice["notation"], "id": n})
        seq = mover.until("accepted", id=n)["seq"]
        for c in humans:
            c.at_seq(seq)
        assert seq < 4000, "the game should have ended"
    final = humans[0].last["seq"]
    spectator.at_seq(final)
    record = httpx.get(f"{server.base}/api/tables/{t['id']}/record").json()
    assert len(record["moves"]) == final
    states = [s.clone() for s, _ in Record.from_json(record).states()]
    checked = 0
    for client, seat in ((humans[0], 0), (humans[1], 1), (spectator, None)):
        for msg in client.messages:
            if msg["type"] in ("update", "sync"):
                assert msg["view"] == states[msg["seq"]].view(seat)
                assert not keys(msg) & SECRET_KEYS, keys(msg) & SECRET_KEYS
                if seat is None or seat not in msg["to_move"]:
                    assert msg["legal"] == []
                checked += 1
            else:
                assert str(record["seed"]) not in str(msg)
    assert checked >= 3 * final
    log = httpx.get(f"{server.base}/api/tables/{t['id']}/log").json()
    assert log["over"] and log["record"]["seed"] == record["seed"]
    for c in (*humans, spectator):
        c.close()


def test_seed_is_never_sent_while_playing(server: Server) -> None:
    t = server.create()
    a = server.connect(t["id"], t["seats"][0]["token"])
    texts = [
        str(a.messages),
        httpx.get(f"{server.base}/api/tables/{t['id']}").text,
        httpx.get(f"{server.base}/api/tables/{t['id']}/log").text,
    ]
    assert all("seed" not in text for text in texts)
    a.close()
