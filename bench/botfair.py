"""Bot replies at tables with a person while tables of bots only search as hard as allowed.

Starts a server (``gametable serve``, default bot pool and ``bot_delay``) on a free loopback
port with a fresh SQLite data directory, opens ``--bot-tables`` tables of bots only (default 30
Balam tables of two ``ismcts:iterations=20000`` bots, nobody watching, from one client: the
per-client cap is lifted so that the scheduler alone keeps them in their place), then
``--people`` tables of a person and a bot (default 20, Balam, the bot ``--bot``, default
``random``).  Each person moves a random legal move ``--think`` seconds (uniform) after its
turn comes.  A *reply* is the time from the update that leaves the person with nothing to do
(the bot is to move) to the next update of that table: the bot's pause (``bot_delay``, 0.8 s by
default) included.  Prints the replies' count, p50, p95 and longest, and the moves the tables of
bots only made meanwhile.

    .venv/bin/python bench/botfair.py                        # 30 searching tables beside 20
    .venv/bin/python bench/botfair.py --src /tmp/gt-main/src  # another tree (before and after)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from gametable.server import wire

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(args: argparse.Namespace, data_dir: str, port: int) -> subprocess.Popen:
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = args.src
    settings = ["create_burst=1000"]
    if not args.src:  # a tree from before the cap has no such setting
        settings.append(f"max_bot_tables_per_client={args.bot_tables}")
    command = [sys.executable, "-m", "gametable.server", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data-dir", data_dir]
    for setting in settings + (args.set or []):
        command += ["--set", setting]
    log = open(Path(data_dir) / "server.log", "w")  # noqa: SIM115 (the server's lifetime)
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit((Path(data_dir) / "server.log").read_text())
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def open_table(base: str, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    r.raise_for_status()
    return dict(r.json())


async def person(
    url: str,
    token: str,
    think: tuple[float, float],
    until: float,
    replies: list[float],
    unanswered: list[float],
) -> None:
    """One person at a table with a bot, until ``until`` (monotonic) or the game's end; a
    reply still awaited then goes to ``unanswered`` (how long it had been awaited)."""
    rng = random.Random(token)
    follower = wire.Follower()
    async with connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        waiting_since: float | None = None
        seq = -1
        while time.monotonic() < until:
            try:
                frame = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
            except TimeoutError:
                break
            for raw in wire.messages(frame):
                msg = follower.take(raw)
                if msg.get("type") not in ("sync", "update") or msg["seq"] <= seq:
                    continue
                now, seq = time.monotonic(), msg["seq"]
                if waiting_since is not None:
                    replies.append(now - waiting_since)
                    waiting_since = None
                if msg.get("over"):
                    return
                legal = msg.get("legal") or []
                if not legal:
                    waiting_since = now  # the bot is to move
                    continue
                await asyncio.sleep(rng.uniform(*think))
                move = rng.choice(legal)["notation"]
                await ws.send(json.dumps({"type": "act", "action": move, "seq": seq, "id": seq}))
        if waiting_since is not None:
            unanswered.append(time.monotonic() - waiting_since)


def table_moves(base: str, table_ids: list[str]) -> int:
    return sum(
        int(httpx.get(f"{base}/api/tables/{t}", timeout=30).json().get("seq", 0)) for t in table_ids
    )


async def run(args: argparse.Namespace, base: str) -> None:
    searching = [{"kind": "bot", "bot": args.search}] * 2
    bot_ids = [open_table(base, args.game, searching)["id"] for _ in range(args.bot_tables)]
    await asyncio.sleep(args.warm)  # the bots' searches fill the pool
    before = table_moves(base, bot_ids)
    replies: list[float] = []
    unanswered: list[float] = []
    until = time.monotonic() + args.seconds
    people = []
    for _ in range(args.people):
        made = open_table(base, args.game, [{"kind": "human"}, {"kind": "bot", "bot": args.bot}])
        ws_url = base.replace("http", "ws") + f"/ws/{made['id']}"
        people.append(
            person(ws_url, made["seats"][0]["token"], args.think, until, replies, unanswered)
        )
    await asyncio.gather(*people)
    searched = table_moves(base, bot_ids) - before
    report(args, replies, unanswered, searched)


def report(
    args: argparse.Namespace, replies: list[float], unanswered: list[float], searched: int
) -> None:
    print(
        f"{args.bot_tables} tables of bots only ({args.search}) beside {args.people} tables of "
        f"a person and a {args.bot} bot, {args.seconds:g} s:"
    )
    if unanswered:
        print(
            f"  replies still awaited at the end: {len(unanswered)}, "
            f"the longest awaited for {max(unanswered):.1f} s"
        )
    if not replies:
        print("  no replies measured")
        return
    replies.sort()
    p95 = replies[min(len(replies) - 1, int(0.95 * len(replies)))]
    print(
        f"  bot replies at the tables with a person: {len(replies)}, "
        f"p50 {statistics.median(replies):.2f} s, p95 {p95:.2f} s, longest {replies[-1]:.2f} s"
    )
    print(
        f"  over 5 s: {sum(r > 5 for r in replies)}; moves of the tables of bots only: {searched}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-tables", type=int, default=30)
    parser.add_argument("--people", type=int, default=20)
    parser.add_argument("--game", default="balam")
    parser.add_argument("--search", default="ismcts:iterations=20000")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--think", type=float, nargs=2, default=[0.5, 2.0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--warm", type=float, default=5.0, help="seconds before the people come")
    parser.add_argument("--port", type=int, default=18450, help="the server's port")
    parser.add_argument("--src", default=None, help="run the server from this source tree")
    parser.add_argument("--set", action="append", help="a server setting name=value")
    args = parser.parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        server = start_server(args, data_dir, port)
        try:
            asyncio.run(run(args, f"http://127.0.0.1:{port}"))
        finally:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
