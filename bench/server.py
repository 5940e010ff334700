"""Benchmark the gametable server on loopback: N tables played at full speed by simulated clients.

Starts ``python -m gametable.server`` on a free loopback port with a fresh SQLite data dir (every
accepted move is committed with fsync before it is broadcast), then for each level of concurrency
plays Balzakken tables with two WebSocket seats each (set up before the clock starts), the seat
to move sending a random legal action as soon as it may.  Prints accepted moves per second and the latency from sending an action to the
other seat receiving its broadcast (p50, p99).

    .venv/bin/python bench/server.py                 # 1, 10 and 100 tables, 5 s each
    .venv/bin/python bench/server.py --tables 1 10 --seconds 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(data_dir: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gametable.server",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            data_dir,
            "--bot-delay",
            "0",
            # every simulated client comes from 127.0.0.1: lift the per-client limits
            "--set",
            "create_burst=1000000",
            "--set",
            "max_sockets_per_client=1000000",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=0.5).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def messages(frame: str | bytes) -> list[dict]:
    """The messages of a frame: one JSON object, or an array of them (sent together)."""
    data = json.loads(frame)
    return data if isinstance(data, list) else [data]


async def create_table(http: httpx.AsyncClient) -> dict:
    for attempt in range(5):
        try:
            r = await http.post("/api/tables", json={"game": "balzakken", "players": 2})
            return r.json()
        except httpx.TransportError:  # a kept-alive connection closed under us: try again
            await asyncio.sleep(0.05 * (attempt + 1))
    raise SystemExit("cannot create tables")


async def open_table(http: httpx.AsyncClient, base: str, stack: AsyncExitStack) -> list:
    """A new table with two seats connected: ``[[ws, last message], [ws, last message]]``."""
    t = await create_table(http)
    ws_base = base.replace("http", "ws")
    seats = []
    for seat in t["seats"]:
        ws = await stack.enter_async_context(
            connect(f"{ws_base}/ws/{t['id']}", max_size=2**24, compression=None)
        )
        await ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
        last: dict = {}
        while last.get("type") != "sync":
            for msg in messages(await ws.recv()):
                if msg["type"] == "sync":
                    last = msg
        seats.append([ws, last])
    return seats


async def play_tables(
    http: httpx.AsyncClient,
    base: str,
    ready: asyncio.Queue,
    go: asyncio.Event,
    window: list[float],
    latencies: list[float],
    rng: random.Random,
) -> int:
    """Open a table, wait for ``go``, then play (table after table) until ``window[1]``; the
    number of moves accepted."""
    moves = 0
    async with AsyncExitStack() as stack:
        seats = await open_table(http, base, stack)
        ready.put_nowait(1)
        await go.wait()
        while time.monotonic() < window[1]:
            if seats[0][1]["over"]:
                await stack.aclose()
                seats = await open_table(http, base, stack)
            mover = 0 if seats[0][1]["legal"] else 1
            other = 1 - mover
            seq = seats[mover][1]["seq"] + 1
            action = rng.choice(seats[mover][1]["legal"])["notation"]
            sent = time.perf_counter()
            await seats[mover][0].send(json.dumps({"type": "act", "action": action}))
            for who in (other, mover):
                while seats[who][1].get("seq", -1) < seq:
                    for msg in messages(await seats[who][0].recv()):
                        if msg["type"] in ("update", "sync"):
                            seats[who][1] = msg
                if who == other:
                    latencies.append(time.perf_counter() - sent)
            moves += 1
    return moves


async def level(base: str, tables: int, seconds: float) -> tuple[int, float, list[float]]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=32)
    go = asyncio.Event()
    window = [0.0, 0.0]
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        ready: asyncio.Queue = asyncio.Queue()
        players = [
            asyncio.create_task(
                play_tables(http, base, ready, go, window, latencies, random.Random(i))
            )
            for i in range(tables)
        ]
        for _ in range(tables):  # every table open and both seats connected before timing
            await ready.get()
        window[:] = [time.monotonic(), time.monotonic() + seconds]
        go.set()
        counts = await asyncio.gather(*players)
        return sum(counts), time.monotonic() - window[0], latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--seconds", type=float, default=5.0, help="play time per level")
    parser.add_argument(
        "--tmp", default=None, help="where the database goes (default: system temp)"
    )
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(dir=args.tmp) as data_dir:
        proc = start_server(data_dir, port)
        try:
            print(f"{'tables':>6} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
            for n in args.tables:
                moves, elapsed, lat = asyncio.run(level(base, n, args.seconds))
                lat.sort()
                p50 = statistics.median(lat) * 1000 if lat else float("nan")
                p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
                print(
                    f"{n:>6} {moves:>7} {moves / elapsed:>8.0f} {p50:>7.1f} {p99:>7.1f}", flush=True
                )
        finally:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
