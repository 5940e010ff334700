"""Playing over WebSockets: two seats, tokens, refusals with rule references, bots."""

from __future__ import annotations

import json

import pytest

from tests.server.conftest import Server, keep_playing


def two_seats(server: Server):
    t = server.create()
    a = server.connect(t["id"], t["seats"][0]["token"])
    b = server.connect(t["id"], t["seats"][1]["token"])
    return t, a, b


def test_two_seats_play_moves_and_both_see_them(server: Server) -> None:
    _t, a, b = two_seats(server)
    assert a.welcome["seat"] == 0 and b.welcome["seat"] == 1
    for n in range(1, 7):
        mover, other = (a, b) if n % 2 else (b, a)
        legal = mover.last["legal"]
        assert legal and not other.last["legal"]
        choice = keep_playing(legal)
        mover.send({"type": "act", "action": choice["notation"], "id": n})
        assert mover.until("accepted", id=n)["seq"] == n
        seen = other.at_seq(n)
        assert seen["log"][-1]["text"] == choice["text"]
        assert "notation" not in seen["log"][-1]  # another seat's notation: only its text
    assert a.last["seq"] == b.last["seq"] == 6
    a.close()
    b.close()


def test_wrong_token_is_refused_and_cannot_act(server: Server) -> None:
    t = server.create()
    c = server.connect(t["id"], "not-the-token")
    assert c.welcome["type"] == "error" and c.welcome["error"]["kind"] == "auth"
    c.close()
    spectator = server.connect(t["id"], None)
    assert spectator.welcome["seat"] is None and "hand" not in spectator.last["view"]
    spectator.send({"type": "act", "action": "balzak", "id": 1})
    assert spectator.until("refused", id=1)["error"]["kind"] == "spectator"
    spectator.close()


def test_unknown_tables_are_refused(server: Server) -> None:
    c = server.connect("no-such-table", None)
    assert c.welcome["type"] == "error" and c.welcome["error"]["kind"] == "unknown"
    c.close()


def test_out_of_turn_and_illegal_actions_cite_the_rule_and_change_nothing(server: Server) -> None:
    _t, a, b = two_seats(server)
    b.send({"type": "act", "action": "discard 3", "id": "x"})
    refused = b.until("refused", id="x")
    assert refused["error"]["kind"] == "illegal"
    assert refused["error"]["rule"]["section"] and refused["error"]["rule"]["id"]
    hand = a.last["view"]["hand"]
    missing = next(v for v in map(str, range(-1, 12)) if v not in hand)
    a.send({"type": "check", "action": f"swap {missing}", "id": 2})
    check = a.until("check", id=2)
    assert check["legal"] is False and check["error"]["rule"]["id"].startswith("playing-the-game")
    a.send({"type": "act", "action": "fly away", "id": 3})
    assert a.until("refused", id=3)["error"]["kind"] == "invalid"
    a.send({"type": "act", "code": 10**9, "id": 4})
    assert a.until("refused", id=4)["error"]["kind"] == "invalid"
    a.send("{not json")
    assert a.until("error")["error"]["kind"] == "bad_request"
    a.send(json.dumps({"type": "act", "action": "x" * 5000}))
    assert a.until("error")["error"]["kind"] == "too_large"
    a.send({"type": "teleport"})
    assert a.until("error")["error"]["kind"] == "bad_request"
    a.send({"type": "ping", "id": 9})
    assert a.until("pong", id=9)["seq"] == 0  # nothing changed
    first = a.last["legal"][0]
    a.send({"type": "act", "code": first["code"], "id": 5})  # the integer encoding works too
    assert a.until("accepted", id=5)["seq"] == 1
    assert b.at_seq(1)["log"][-1]["text"] == first["text"]
    a.close()
    b.close()


def test_a_gap_or_reconnect_gets_a_full_resync(server: Server) -> None:
    t, a, b = two_seats(server)
    a.send({"type": "act", "action": a.last["legal"][0]["notation"], "id": 1})
    a.until("accepted", id=1)
    b.close()
    b = server.connect(t["id"], t["seats"][1]["token"])
    assert b.last["type"] == "sync" and b.last["seq"] == 1 and len(b.last["log"]) == 1
    b.send({"type": "sync"})
    assert b.until("sync")["seq"] == 1
    a.close()
    b.close()


def test_bots_fill_empty_seats(server: Server) -> None:
    t = server.create(
        players=3,
        seats=[
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "heuristic"},
        ],
    )
    a = server.connect(t["id"], t["seats"][0]["token"])
    for n in range(3):
        legal = a.last["legal"]
        assert a.last["to_move"] == [0], a.last
        a.send(
            {
                "type": "act",
                "action": keep_playing(legal)["notation"],
                "id": n,
            }
        )
        a.until("accepted", id=n)
        a.at_seq(3 * n + 3)  # both bots answered
    assert [e["seat"] for e in a.last["log"]] == [2]
    a.close()


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_bots_can_think_in_worker_processes(tmp_path) -> None:
    srv = Server(tmp_path, extra=["--bot-processes", "1"]).start()
    try:
        t = srv.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
        a = srv.connect(t["id"], t["seats"][0]["token"])
        a.send(
            {
                "type": "act",
                "action": keep_playing(a.last["legal"])["notation"],
                "id": 1,
            }
        )
        assert a.at_seq(2, timeout=30)["log"][-1]["seat"] == 1
        a.close()
    finally:
        srv.stop()
