"""Kill the server mid-game (SIGKILL), start another on the same data: nothing is lost."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import Server


def play(client, count: int, start: int) -> int:
    n = start
    for _ in range(count):
        legal = [x for x in client.last["legal"] if x["notation"] != "balzak"] or client.last[
            "legal"
        ]
        n += 1
        client.send({"type": "act", "action": legal[0]["notation"], "id": n})
        client.until("accepted", id=n)
    return n


def test_a_killed_server_resumes_every_table_and_link(tmp_path: Path) -> None:
    srv = Server(tmp_path)
    try:
        srv.start()
        humans = srv.create()
        with_bot = srv.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
        a = srv.connect(humans["id"], humans["seats"][0]["token"])
        b = srv.connect(humans["id"], humans["seats"][1]["token"])
        n = 0
        for _ in range(3):
            n = play(a, 1, n)
            b.at_seq(n)
            n = play(b, 1, n)
            a.at_seq(n)
        before = [a.last["view"], b.last["view"]]
        h = srv.connect(with_bot["id"], with_bot["seats"][0]["token"])
        play(h, 1, 0)
        bot_before = h.at_seq(2)["view"]
        srv.kill()  # no shutdown handler, mid-game

        srv.start()
        a2 = srv.connect(humans["id"], humans["seats"][0]["token"])
        b2 = srv.connect(humans["id"], humans["seats"][1]["token"])
        assert a2.last["seq"] == b2.last["seq"] == n == 6
        assert [a2.last["view"], b2.last["view"]] == before
        assert len(a2.last["log"]) == 6
        n = play(a2, 1, n)
        assert b2.at_seq(n)["seq"] == 7
        wrong = srv.connect(humans["id"], with_bot["seats"][0]["token"])
        assert wrong.welcome["type"] == "error"
        h2 = srv.connect(with_bot["id"], with_bot["seats"][0]["token"])
        assert h2.last["view"] == bot_before and h2.last["seq"] == 2
        play(h2, 1, 2)
        assert h2.at_seq(4)["to_move"] == [0]  # the bot still plays after the restart
    finally:
        srv.kill()  # never leave a server behind, even when the test fails
