"""Taking a move back at the table (issue 17, undo): only the seat's own last move, only where
the game allows it; the record keeps only what stands, also after a restart."""

from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import Client, Server


def legal_of(client: Client, kind: str) -> dict:
    return next(a for a in client.last["legal"] if a.get("json", {}).get("kind") == kind)


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_balam_payment_is_taken_back_and_the_record_forgets_it(tmp_path) -> None:
    srv = Server(tmp_path).start()
    try:
        t = srv.create("balam", 2, seats=[{"kind": "human"}, {"kind": "human"}])
        ann = srv.connect(t["id"], t["seats"][0]["token"])
        bob = srv.connect(t["id"], t["seats"][1]["token"])
        watcher = srv.connect(t["id"], None)
        assert ann.last["take_back"] is False  # nothing played yet
        pay = legal_of(ann, "pay")
        ann.send({"type": "act", "action": pay["json"], "seq": 0, "id": "p1"})
        assert ann.until("accepted", id="p1")["seq"] == 1
        assert ann.at_seq(1)["take_back"] is True
        assert bob.at_seq(1)["take_back"] is False and watcher.at_seq(1)["take_back"] is False

        bob.send({"type": "take_back", "id": "b"})  # not bob's move
        assert bob.until("refused", id="b")["error"]["kind"] == "not_undoable"
        watcher.send({"type": "take_back", "id": "w"})
        assert watcher.until("refused", id="w")["error"]["kind"] == "spectator"

        ann.send({"type": "take_back", "id": "u1"})
        assert ann.until("taken_back", id="u1")["seq"] == 0  # after the news and the sync
        for c in (bob, watcher):
            c.until("sync", seq=0)
        for c in (ann, bob, watcher):
            (note,) = [m for m in c.messages if m["type"] == "taken_back" and m.get("n") == 1]
            assert note["seat"] == 0 and note["text"] and "token" not in str(note)
            assert c.last["type"] == "sync" and c.last["seq"] == 0 and c.last["log"] == []
            assert c.last["take_back"] is False
        assert legal_of(ann, "pay") == pay  # the position before the payment, the same choices
        assert httpx.get(f"{srv.base}/api/tables/{t['id']}").json()["seq"] == 0

        # a second move made at seq 0 after the take-back is a new move 1
        katun = legal_of(ann, "katun")
        ann.send({"type": "act", "action": katun["json"], "seq": 0, "id": "k1"})
        assert ann.until("accepted", id="k1")["seq"] == 1
        assert ann.at_seq(1)["take_back"] is False  # a Katun card was turned: it stands
        ann.send({"type": "take_back", "id": "u2"})
        refusal = ann.until("refused", id="u2")["error"]
        assert refusal["kind"] == "not_undoable" and "Balam" in refusal["message"]
        for c in (ann, bob, watcher):
            c.close()
        srv.kill()
        srv.start()
        log = httpx.get(f"{srv.base}/api/tables/{t['id']}/log").json()
        assert [m["n"] for m in log["moves"]] == [1]
        ann = srv.connect(t["id"], t["seats"][0]["token"])
        assert ann.last["log"][0]["notation"] == katun["notation"]
        ann.close()
    finally:
        srv.kill()


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_after_a_restart_the_last_move_may_still_be_taken_back(tmp_path) -> None:
    srv = Server(tmp_path).start()
    try:
        t = srv.create("balam", 2, seats=[{"kind": "human"}, {"kind": "human"}])
        ann = srv.connect(t["id"], t["seats"][0]["token"])
        ann.send({"type": "act", "action": legal_of(ann, "pay")["json"], "seq": 0, "id": 1})
        ann.until("accepted", id=1)
        ann.close()
        srv.kill()
        srv.start()
        ann = srv.connect(t["id"], t["seats"][0]["token"])
        assert ann.last["seq"] == 1 and ann.last["take_back"] is True
        ann.send({"type": "take_back", "id": 2})
        assert ann.until("taken_back", id=2)["seq"] == 0
        ann.close()
    finally:
        srv.kill()


def test_balzakken_moves_are_never_offered_for_taking_back(server: Server) -> None:
    t = server.create()
    ann = server.connect(t["id"], t["seats"][0]["token"])
    action = next(a for a in ann.last["legal"] if a["json"]["kind"] == "discard")
    ann.send({"type": "act", "action": action["json"], "seq": 0, "id": 1})
    ann.until("accepted", id=1)
    assert ann.at_seq(1)["take_back"] is False
    ann.send({"type": "take_back", "id": 2})
    assert ann.until("refused", id=2)["error"]["kind"] == "not_undoable"
    ann.close()


def test_a_bot_plays_on_after_a_take_back(server: Server) -> None:
    """A Balam payment taken back, then the turn ended: the bot's turn comes and it plays."""
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    ann = server.connect(t["id"], t["seats"][0]["token"])
    ann.send({"type": "act", "action": legal_of(ann, "pay")["json"], "seq": 0, "id": 1})
    ann.until("accepted", id=1)
    ann.send({"type": "take_back", "id": 2})
    ann.until("taken_back", id=2)
    assert ann.last["type"] == "sync" and ann.last["seq"] == 0
    ann.send({"type": "act", "action": legal_of(ann, "katun")["json"], "seq": 0, "id": 3})
    ann.until("accepted", id=3)
    n = 3
    while not any(e["seat"] == 1 for e in ann.last["log"]):  # (Ann may have a card's choice)
        if ann.last["legal"]:
            n += 1
            ann.send({"type": "act", "action": ann.last["legal"][0]["json"], "id": n})
            ann.until("accepted", id=n)
        else:
            ann.at_seq(ann.last["seq"] + 1, timeout=60)
    assert any(e["seat"] == 1 for e in ann.last["log"])
    ann.close()


def test_a_move_decided_before_a_take_back_is_stale_even_at_the_same_seq(server: Server) -> None:
    t = server.create("balam", 2, seats=[{"kind": "human"}, {"kind": "human"}])
    ann = server.connect(t["id"], t["seats"][0]["token"])
    pay = legal_of(ann, "pay")["json"]
    assert ann.last["takebacks"] == 0
    ann.send({"type": "act", "action": pay, "seq": 0, "takebacks": 0, "id": 1})
    ann.until("accepted", id=1)
    ann.send({"type": "take_back", "id": 2})
    ann.until("taken_back", id=2)
    assert ann.last["seq"] == 0 and ann.last["takebacks"] == 1
    ann.send({"type": "act", "action": pay, "seq": 0, "takebacks": 0, "id": 3})
    assert ann.until("refused", id=3)["error"]["kind"] == "stale"
    ann.send({"type": "act", "action": pay, "seq": 0, "takebacks": 1, "id": 4})
    assert ann.until("accepted", id=4)["seq"] == 1
    ann.close()
