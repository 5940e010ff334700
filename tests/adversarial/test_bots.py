"""Heavy bots (issue 16, item 1): six tables of bots thinking as long as the server allows must
not slow anyone else, and the server stops within a few seconds whatever its bots are doing.

Before: six ``ismcts:seconds=inf`` tables made every move and every table creation hang for more
than 20 s (``/api/health`` still answered), and SIGTERM did not stop the process within 20 s.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

from tests.adversarial.conftest import Attacker, until
from tests.server.conftest import Server


def children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out.update(int(c) for c in text)
    return out


def listening_inode(port: int) -> str:
    """The inode of the socket listening on ``port`` (from /proc/net/tcp)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(f":{port:04X}") and fields[3] == "0A":  # 0A: LISTEN
            return fields[9]
    raise AssertionError(f"nothing listens on {port}")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def test_busy_bots_stall_nobody_and_sigterm_stops_the_server_at_once(tmp_path: Path) -> None:
    srv = Server(tmp_path, extra=["--bot-processes", "2"]).start()
    try:
        assert srv.proc is not None
        heavy = Attacker(srv)
        for _ in range(6):  # the largest budget this server allows (5 s a move), six times
            r = heavy.create(seats=[{"kind": "bot", "bot": "ismcts:seconds=5"}, {"kind": "human"}])
            assert r.status_code == 201, r.text
        time.sleep(1.5)  # both workers are deep in a search now
        player = Attacker(srv)
        start = time.monotonic()
        table = player.create().json()
        created = time.monotonic() - start
        ws = player.socket(table["id"], {"type": "hello", "token": table["seats"][0]["token"]})
        sync = until(ws, "sync")
        start = time.monotonic()
        ws.send(json.dumps({"type": "act", "action": sync["legal"][0]["notation"], "id": 1}))
        assert until(ws, "accepted", id=1)["seq"] == 1
        moved = time.monotonic() - start
        print(f"with 6 heavy bot tables: creation {created:.2f} s, move {moved:.2f} s")
        assert created < 3.0 and moved < 3.0, (created, moved)  # it was more than 20 s
        workers = children(srv.proc.pid)
        assert len(workers) == 2  # the bounded pool
        listener = f"socket:[{listening_inode(srv.port)}]"
        for w in workers:  # no worker holds the port (it kept it busy after a crash)
            fds = Path(f"/proc/{w}/fd")
            assert listener not in {os.readlink(fds / fd) for fd in os.listdir(fds)}
        ws.close()

        start = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        srv.proc.wait(10)
        stopped = time.monotonic() - start
        print(f"SIGTERM to exit: {stopped:.2f} s")
        assert stopped < 5.0, stopped
        deadline = time.monotonic() + 3
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(w) for w in workers)  # no bot left thinking
        heavy.close()
        player.close()
    finally:
        srv.kill()
