"""Issue 16's reproductions, printed as findings: ``python tests/adversarial/attack_report.py``.

It starts ``python -m gametable.server`` (default settings) from whatever ``gametable`` this Python
imports, so the same script measures an older release too: unpack one
(``git archive 9cda56b src | tar -x -C /tmp/old``) and run with ``PYTHONPATH=/tmp/old/src``.
The tests beside it assert the same behaviour; this prints the figures for a report.
"""

from __future__ import annotations

import json
import logging
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.adversarial.conftest import Attacker, closed_with, recv_json, until
from tests.server.conftest import Server

DEEP = "[" * 1000 + "]" * 1000


def say(finding: str, result: Any) -> None:
    print(f"{finding}: {result}", flush=True)


def deep_json(srv: Server) -> None:
    a = Attacker(srv)
    ws = a.socket("x", DEEP)
    try:
        reply = recv_json(ws, 5)
        say("deep JSON as the hello", f"{reply['error']['kind']}, then closed {closed_with(ws)}")
    except ConnectionClosed as exc:
        say("deep JSON as the hello", f"closed {exc.rcvd.code if exc.rcvd else 1006}")
    table = a.create().json()
    ws = a.socket(table["id"], {"type": "hello", "token": table["seats"][0]["token"]})
    until(ws, "sync")
    ws.send(DEEP)
    try:
        error = until(ws, "error", 5)["error"]["kind"]
        ws.send(json.dumps({"type": "ping", "id": 1}))
        until(ws, "pong", 5, id=1)
        say("deep JSON in play", f"error {error}, socket kept")
    except ConnectionClosed as exc:
        say("deep JSON in play", f"socket closed {exc.rcvd.code if exc.rcvd else 1006}")


def resent_moves(srv: Server) -> None:
    """Balam's "pay maize" can often be paid twice running: send it twice with one id."""
    a = Attacker(srv)
    table = a.create(game="balam").json()
    seats = [a.socket(table["id"], {"type": "hello", "token": s["token"]}) for s in table["seats"]]
    views = [until(ws, "sync") for ws in seats]
    rng = random.Random(1)
    sent = doubled = 0
    for n in range(60):
        m = 0 if views[0]["legal"] else 1
        seq = views[m]["seq"]
        legal = [x["notation"] for x in views[m]["legal"]]
        move = "pay maize" if "pay maize" in legal else rng.choice(legal)
        request = json.dumps({"type": "act", "action": move, "id": f"m{n}", "seq": seq})
        seats[m].send(request)
        if move == "pay maize":
            seats[m].send(request)
            sent += 1
        time.sleep(0.2)
        for i in (0, 1):
            seats[i].send(json.dumps({"type": "sync"}))
            views[i] = until(seats[i], "sync")
        doubled += views[0]["seq"] == seq + 2
        if views[0]["over"]:
            break
    say("Balam 'pay maize' sent twice with one id", f"{sent} times, made twice {doubled} times")


def sockets(srv: Server) -> None:
    a = Attacker(srv)
    table = a.create().json()
    opened = refused = 0
    for _ in range(300):
        try:
            ws = a.socket(table["id"], {"type": "hello"})
            if recv_json(ws, 5)["type"] == "welcome":
                opened += 1
            else:
                refused += 1
        except (ConnectionClosed, OSError, TimeoutError):
            refused += 1
    health = httpx.get(srv.base + "/api/health", timeout=10).status_code
    say(
        "300 spectator sockets from one address",
        f"{opened} open, {refused} refused; health {health}",
    )
    flood = Attacker(srv)
    table = flood.create().json()
    ws = flood.socket(table["id"], {"type": "hello", "token": table["seats"][0]["token"]})
    until(ws, "sync")
    try:
        for i in range(2000):
            ws.send(json.dumps({"type": "ping", "id": i}))
        say("2,000 pings sent without reading", f"closed with {closed_with(ws, 15)}")
    except ConnectionClosed as exc:  # closed while we were still sending
        rcvd = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else 1006
        say("2,000 pings sent without reading", f"closed with {rcvd}")
    except TimeoutError:
        say("2,000 pings sent without reading", "still open")


def bodies_and_floods(srv: Server) -> None:
    body = b'{"game": "balzakken", "players": 2, "options": {"x": "' + b"a" * 100_000_000 + b'"}}'
    r = httpx.post(
        srv.base + "/api/tables",
        content=body,
        headers={"content-type": "application/json"},
        timeout=120,
    )
    say("a 100 MB POST /api/tables", r.status_code)
    a = Attacker(srv)
    start = time.monotonic()
    codes: dict[int, int] = {}
    for _ in range(300):
        code = a.create().status_code
        codes[code] = codes.get(code, 0) + 1
    say("300 table creations from one address", f"{codes} in {time.monotonic() - start:.1f} s")


def heavy_bots(srv: Server) -> None:
    a = Attacker(srv)
    for spec in ("ismcts:seconds=inf", "ismcts:iterations=1000000000000", "ismcts:c=nan"):
        r = a.create(seats=[{"kind": "bot", "bot": spec}, {"kind": "human"}])
        say(f"a table with bot {spec}", r.status_code)
    # six tables of the heaviest bot the server takes (the six 'seconds=inf' ones)
    heavy = "ismcts:seconds=inf"
    r = a.create(seats=[{"kind": "bot", "bot": heavy}, {"kind": "human"}])
    if r.status_code != 201:
        heavy = "ismcts:seconds=5"  # the largest budget the server allows
    for _ in range(6):
        try:
            a.http.post(
                "/api/tables",
                json={
                    "game": "balzakken",
                    "players": 2,
                    "seats": [{"kind": "bot", "bot": heavy}, {}],
                },
                timeout=5,
            )
        except httpx.HTTPError:
            break
    time.sleep(1.5)
    player = Attacker(srv)
    start = time.monotonic()
    try:
        table = player.http.post(
            "/api/tables", json={"game": "balzakken", "players": 2}, timeout=20
        ).json()
        created = f"{time.monotonic() - start:.2f} s"
        ws = player.socket(table["id"], {"type": "hello", "token": table["seats"][0]["token"]})
        sync = until(ws, "sync", 20)
        start = time.monotonic()
        ws.send(json.dumps({"type": "act", "action": sync["legal"][0]["notation"], "id": 1}))
        until(ws, "accepted", 20, id=1)
        moved = f"{time.monotonic() - start:.2f} s"
    except (httpx.HTTPError, TimeoutError) as exc:
        created = created if "created" in locals() else f"> 20 s ({type(exc).__name__})"
        moved = f"> 20 s ({type(exc).__name__})"
    say(f"beside six '{heavy}' tables: a new table / a move", f"{created} / {moved}")
    assert srv.proc is not None
    start = time.monotonic()
    srv.proc.send_signal(signal.SIGTERM)
    try:
        srv.proc.wait(20)
        say("SIGTERM while bots think", f"gone in {time.monotonic() - start:.2f} s")
    except subprocess.TimeoutExpired:
        say("SIGTERM while bots think", "still running after 20 s")


def main() -> None:
    logging.disable(logging.CRITICAL)  # the client library's complaints about dropped sockets
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(Path(tmp), limits=[]).start()
        try:
            for attack in (deep_json, resent_moves, sockets, bodies_and_floods, heavy_bots):
                attack(srv)
        finally:
            srv.kill()


if __name__ == "__main__":
    main()
