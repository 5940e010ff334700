"""Server CPU per WebSocket frame for each of uvicorn's event loops and WebSocket protocols.

Starts uvicorn (httptools for HTTP) on loopback with a bare ASGI app that answers every text
frame with one ``--size``-byte text frame, opens ``--sockets`` sockets, and times ``--rounds``
rounds in which every socket sends one frame and waits for its answer.  Prints the server's CPU
time (from ``/proc``, user + system) per round: one frame received and one sent, the system calls
included.  The stacks run in turn, the order reversed every other repeat, because the machine is
noisy.  This is the plumbing alone: gametable's own work per move is not in it.

    .venv/bin/python bench/ws_stack.py                       # sansio, websockets, wsproto on uvloop
    .venv/bin/python bench/ws_stack.py --ws websockets-sansio --loop uvloop asyncio

``wsproto`` is not a dependency of gametable: ``pip install wsproto`` to measure it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys

import websockets

SERVER = r"""
import sys, uvicorn
PAYLOAD = "x" * int(sys.argv[3])
async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            else:
                await send({"type": "lifespan.shutdown.complete"})
                return
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": PAYLOAD})
uvicorn.run(app, port=int(sys.argv[2]), ws=sys.argv[1], loop=sys.argv[4], http="httptools",
            ws_per_message_deflate=False, ws_ping_interval=None, log_level="error")
"""


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def measure(pid: int, port: int, sockets: int, rounds: int) -> float:
    """Server CPU microseconds per round (one frame in, one frame out)."""
    url = f"ws://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            conns = [await websockets.connect(url, compression=None) for _ in range(sockets)]
            break
        except OSError:
            await asyncio.sleep(0.1)
    else:
        raise SystemExit(f"no server on port {port}")

    async def one(conn: websockets.ClientConnection) -> None:
        await conn.send("m")
        await conn.recv()

    for _ in range(20):  # warm up
        await asyncio.gather(*(one(c) for c in conns))
    before = cpu_seconds(pid)
    for _ in range(rounds):
        await asyncio.gather(*(one(c) for c in conns))
    spent = cpu_seconds(pid) - before
    for conn in conns:
        await conn.close()
    return spent / (sockets * rounds) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ws", nargs="+", default=["websockets-sansio", "websockets", "wsproto"])
    parser.add_argument("--loop", nargs="+", default=["uvloop"])
    parser.add_argument("--size", type=int, default=2000, help="bytes per frame sent")
    parser.add_argument("--sockets", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    stacks = [(ws, loop) for ws in args.ws for loop in args.loop]
    results: dict[tuple[str, str], list[float]] = {s: [] for s in stacks}
    for repeat in range(args.repeats):
        for ws, loop in stacks if repeat % 2 == 0 else stacks[::-1]:
            port = free_port()
            command = [sys.executable, "-W", "ignore", "-c", SERVER, ws, str(port)]
            server = subprocess.Popen([*command, str(args.size), loop])
            try:
                us = asyncio.run(measure(server.pid, port, args.sockets, args.rounds))
            finally:
                server.terminate()
                server.wait()
            results[(ws, loop)].append(us)
            print(f"{ws:18} {loop:8} {us:6.1f} us of server CPU per round", flush=True)
    print("# median per round (one frame in, one out):")
    for (ws, loop), values in results.items():
        print(f"{ws:18} {loop:8} {statistics.median(values):6.1f} us")


if __name__ == "__main__":
    main()
