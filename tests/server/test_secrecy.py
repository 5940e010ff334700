"""A seat never learns more than its own view: every message of a whole game is checked."""

from __future__ import annotations

import json
import random
import sqlite3

import httpx
import pytest

from gametable import load_game
from gametable.core.record import Record
from tests.server.conftest import Server

# ("hands" is public in finished rounds' summaries, so the view comparison is the real check)
SECRET_KEYS = {"seed", "rng", "draw_pile", "known", "token", "token_hash"}
#: what a message says of the turn clock (public: the setting, banks, time left and the deadlines
#: on the server's wall clock, who is away)
CLOCK_KEYS = {"mode", "seconds", "increment", "banks", "left", "ends", "now", "away"}


def keys(obj) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys(v)}
    return set()


def as_sent(view: dict) -> dict:
    """A view as a socket receives it (JSON: a tuple in the view travels as an array)."""
    return json.loads(json.dumps(view))


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
                assert msg["view"] == as_sent(states[msg["seq"]].view(seat))
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


def test_open_seats_take_backs_and_chat_send_nothing_beyond_each_seats_view(
    server: Server,
) -> None:
    """The messages issue 17 added (an open seat taken: ``presence``; ``taken_back`` and the
    ``sync`` after it; ``chat``; the turn clock in every message) carry no secret, and every view sent, before and after each
    take-back, is exactly the seat's view of the position as it stood then."""
    game = load_game("balam")
    t = server.create(  # with a turn clock: every message carries it
        "balam",
        2,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "open"}],
        clock={"mode": "bank", "seconds": 3600, "increment": 5},
    )
    ann = server.connect(t["id"], t["seats"][0]["token"])
    spectator = server.connect(t["id"], None)
    joined = httpx.post(f"{server.base}/api/tables/{t['id']}/join", json={"name": "Bob"}).json()
    bob = server.connect(t["id"], joined["token"])
    seats = {0: ann, 1: bob}
    httpx.post(
        f"{server.base}/api/tables/{t['id']}/chat",
        json={"text": "hello <b>all</b>"},
        headers={"authorization": f"Bearer {joined['token']}"},
    )
    rng = random.Random(11)
    histories: list[list[tuple[int, str]]] = [[]]  # the moves standing, per take-back epoch
    n = takebacks = 0
    while len(histories[-1]) < 60 and not ann.last["over"]:
        seq = len(histories[-1])
        seat = rng.choice(ann.last["to_move"])  # (several seats decide at once at times)
        mover = seats[seat]
        mover.at_seq(seq)
        if mover.last["take_back"] and rng.random() < 0.4:
            n += 1
            mover.send({"type": "take_back", "id": n})
            assert mover.until("taken_back", id=n)["seq"] == seq - 1
            histories.append(histories[-1][:-1])
            takebacks += 1
            for c in (ann, bob, spectator):
                if c is not mover:  # (the mover had its sync before the answer)
                    c.until("sync", seq=seq - 1)
            continue
        choice = rng.choice(mover.last["legal"])
        n += 1
        mover.send({"type": "act", "action": choice["json"], "seq": seq, "id": n})
        assert mover.until("accepted", id=n)["seq"] == seq + 1
        histories[-1].append((seat, choice["notation"]))
        for c in (ann, bob, spectator):
            c.at_seq(seq + 1)
    assert takebacks >= 3, "the walk should take some moves back"
    db = sqlite3.connect(server.data_dir / "gametable.sqlite3")
    (seed,) = db.execute("SELECT seed FROM gt_tables WHERE id = ?", (t["id"],)).fetchone()
    db.close()

    def position(epoch: int, seq: int):
        state = game.new_game(2, seed=int(seed))
        for seat, notation in histories[epoch][:seq]:
            state.apply(notation, seat)
        return state

    checked = 0
    for client, seat in ((ann, 0), (bob, 1), (spectator, None)):
        epoch = 0
        for msg in client.messages:
            text = json.dumps(msg)
            assert joined["token"] not in text and t["seats"][0]["token"] not in text
            assert str(seed) not in text
            assert not keys(msg) & SECRET_KEYS, keys(msg) & SECRET_KEYS
            if msg["type"] == "taken_back" and msg.get("id") is None:
                epoch += 1
            elif msg["type"] in ("update", "sync"):
                want = as_sent(position(epoch, msg["seq"]).view(seat))
                assert msg["view"] == want, (seat, epoch)
                assert msg["take_back"] is False or msg["log"][-1]["seat"] == seat
                checked += 1
            elif msg["type"] == "chat":
                assert msg == {**msg, "seat": 1, "from": "Bob (seat 1)", "text": "hello <b>all</b>"}
            if msg["type"] in ("update", "sync"):
                assert set(msg["clock"]) == CLOCK_KEYS and msg["clock"]["away"] == []
    assert epoch == takebacks and checked > 60
    for c in (ann, bob, spectator):
        c.close()


def test_clock_messages_say_only_who_is_away_and_the_time_left(server: Server) -> None:
    """A seat's time runs out: the ``clock`` message every socket gets, and the updates the
    stand-in bot's moves bring, carry nothing beyond the clock and each seat's view."""
    t = server.create(clock={"mode": "move", "seconds": 0.5})
    ann = server.connect(t["id"], t["seats"][0]["token"])
    spectator = server.connect(t["id"], None)
    for client in (ann, spectator):
        ran_out = client.until("clock", timeout=30)
        assert set(ran_out) == {"type", "table", "clock"} and set(ran_out["clock"]) == CLOCK_KEYS
        assert ran_out["clock"]["away"]
        client.until("update", timeout=60)  # a stand-in's move
    for client, seat in ((ann, 0), (spectator, None)):
        for msg in client.messages:
            text = json.dumps(msg)
            assert all(s["token"] not in text for s in t["seats"])
            assert not keys(msg) & SECRET_KEYS, keys(msg) & SECRET_KEYS
            if msg["type"] in ("update", "sync"):
                assert msg["seat"] == seat and set(msg["clock"]) == CLOCK_KEYS
    ann.close()
    spectator.close()
