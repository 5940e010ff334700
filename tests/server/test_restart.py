"""Kill the server mid-game (SIGKILL), start another on the same data: nothing is lost, turn
clocks included."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

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


@pytest.mark.parametrize(
    "extra",
    [
        [],
        pytest.param(["--set", "checkpoint_interval=0.05"], marks=pytest.mark.slow),
        pytest.param(["--set", "checkpoint_interval=0"], marks=pytest.mark.slow),
        pytest.param(["--set", "sqlite_synchronous=full"], marks=pytest.mark.slow),
    ],
    ids=["defaults", "checkpoints-often", "sqlite-checkpoints", "synchronous-full"],
)
def test_a_killed_server_resumes_every_table_and_link(tmp_path: Path, extra: list[str]) -> None:
    """With the default ``sqlite_synchronous=normal`` (the WAL not synced at each commit: a
    killed process's writes are still the operating system's, so nothing is lost; only a crash
    of the machine could lose them), also with the WAL copied into the database by the store's
    own thread every second (the default) and every 50 ms (the kill may come in the middle of
    one), with SQLite's own checkpoints in the commits, and with ``sqlite_synchronous=full``:
    every accepted move is there after the restart."""
    srv = Server(tmp_path, extra=extra)
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


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_killed_server_resumes_the_turn_clocks_from_the_store(tmp_path: Path) -> None:
    """Banks resume as they stood after the last move (the decision under way starts again at
    load), and a seat whose time ran out is still played by the bot (clocks.py)."""
    srv = Server(tmp_path)
    try:
        srv.start()
        bank = {"mode": "bank", "seconds": 600, "increment": 5}
        t = srv.create(clock=bank)
        seats = [srv.connect(t["id"], s["token"]) for s in t["seats"]]
        n = 0
        for think in (1.5, 0.2, 0.8):  # seconds each mover thinks
            mover = next(c for c in seats if c.last["legal"])
            time.sleep(think)
            n = play(mover, 1, n)
            for c in seats:
                c.at_seq(n)
        banks = seats[0].last["clock"]["banks"]
        assert len(set(banks)) == 2 and 600.0 not in banks  # spent and refilled, unequally
        deciding = seats[0].last["to_move"][0]

        short = srv.create(
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            clock={"mode": "bank", "seconds": 0.5},
        )
        ann = srv.connect(short["id"], short["seats"][0]["token"])
        assert ann.until("clock", timeout=30)["clock"]["away"] == [0]
        played = ann.until("update", timeout=60)  # the bot's move for seat 0 is stored
        assert played["log"][-1]["seat"] == 0 and played["clock"]["away"] == [0]
        srv.kill()

        srv.start()
        watcher = srv.connect(t["id"], None)  # a spectator: no seat comes back by watching
        clock = watcher.last["clock"]
        assert clock["banks"] == banks and clock["away"] == []
        left = clock["left"][str(deciding)]
        assert banks[deciding] - 60 < left <= banks[deciding]  # its decision began at load
        still_away = srv.connect(short["id"], None).last["clock"]
        assert still_away["away"] == [0] and still_away["banks"][0] == 0.0
    finally:
        srv.kill()  # never leave a server behind, even when the test fails
