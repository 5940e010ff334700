"""What a server keeps of the games it has served: its live objects after each round of tables
played over sockets and left, and the objects that only the cycle collector could free.

The server freezes its heap every second (``gametable.server.memory``), so garbage caught in a
reference cycle stays in memory for good, and anything a table leaves behind adds up over a long
run.  This runs a server in this process (uvloop, as ``gametable serve``) with its collector
left alone, and players in another process (their objects are not counted): each round makes
tables of two people and of a person and a random bot (Balzakken, a spectator on each), plays
them over WebSockets with plain HTTP requests between, and waits until the tables have left
memory (``evict_after`` 1 s).  After each round it prints the live objects the collector tracks
and the objects in unreachable cycles; at the end, the types that grew from round 2 to the last.

    .venv/bin/python bench/leftovers.py --rounds 5 --tables 6
    .venv/bin/python bench/leftovers.py play PORT      # the players alone, on a server there
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx
import uvicorn
import uvloop
from websockets.asyncio.client import connect

from gametable.server import wire
from gametable.server.app import create_app
from gametable.server.run import server_config
from gametable.server.settings import Settings

#: moves the people of a table make at most (a game of first legal moves may go on for long)
MOVES = 80


async def play_table(port: int, seats: list[dict]) -> int:
    """Make a Balzakken table of ``seats`` and play it over sockets (each person's seat and a
    spectator) until it ends or its people made :data:`MOVES` moves; those moves' number."""
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient() as http:
        made = await http.post(
            f"{base}/api/tables", json={"game": "balzakken", "players": 2, "seats": seats}
        )
        table = made.json()
        moved: list[int] = []
        tokens = [s["token"] for s in table["seats"] if s.get("token")] + [None]
        await asyncio.gather(*(follow(port, table["id"], t, moved) for t in tokens))
        await http.get(f"{base}/api/tables/{table['id']}")
    return sum(moved)


async def follow(port: int, table: str, token: str | None, moved: list[int]) -> None:
    """One socket on ``table``: a seat that calls BALZAK! when it can and else plays its first
    legal move (each move noted in ``moved``), or a spectator (``token`` None); it ends when
    the game does or :data:`MOVES` moves were made."""
    follower = wire.Follower()
    async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while len(moved) < MOVES:
            try:
                frame = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue  # (another socket may have made the last move)
            for msg in map(follower.take, wire.messages(frame)):
                if msg.get("over"):
                    moved.extend([0] * MOVES)  # (the others end too)
                    return
                legal = msg.get("legal") or []
                if token is not None and legal and msg["type"] in ("sync", "update"):
                    move = next((x for x in legal if x["json"]["kind"] == "balzak"), legal[0])
                    moved.append(1)
                    act = {"type": "act", "action": move["notation"], "id": len(moved)}
                    await ws.send(json.dumps(act))


async def play(port: int, pairs: int) -> int:
    """``pairs`` times a table of two people and one of a person and a bot, played one after
    the other (:func:`play_table`); the people's moves."""
    moves = 0
    for _ in range(pairs):
        moves += await play_table(port, [{"kind": "human"}, {"kind": "human"}])
        moves += await play_table(port, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    return moves


def players(port: int, pairs: int) -> list[str]:
    """The command that runs :func:`play` in a process of its own."""
    return [sys.executable, __file__, "play", str(port), "--pairs", str(pairs)]


def cyclic_garbage() -> collections.Counter[str]:
    """The objects that only the cycle collector would free now, by type (then freed)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return collections.Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()  # (kept by the debug flag, they are still in their cycles)


async def rounds(data_dir: Path, count: int, pairs: int) -> None:
    settings = Settings(
        data_dir=data_dir,
        bot_delay=0,
        gc_freeze_interval=0,
        messages_per_second=10_000,
        message_burst=10_000,
        create_burst=100_000,
        evict_after=1,
        sweep_interval=1,
    )
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(server_config(create_app(settings), settings, "127.0.0.1"))
    serving = asyncio.create_task(server.serve(sockets=[listening]))
    while not server.started:
        await asyncio.sleep(0.05)
    censuses = []
    gc.disable()
    try:
        for n in range(1, count + 1):
            proc = await asyncio.create_subprocess_exec(
                *players(port, pairs), stdout=subprocess.PIPE
            )
            out, _ = await proc.communicate()
            await asyncio.sleep(4)  # the tables leave memory
            cycles = cyclic_garbage()
            census = collections.Counter(type(o).__name__ for o in gc.get_objects())
            censuses.append(census)
            print(
                f"round {n}: {2 * pairs} tables, {int(out)} moves of people; "
                f"{census.total():,} live objects, {cycles.total()} in unreachable cycles",
                flush=True,
            )
            if cycles:
                print("  in cycles:", ", ".join(f"{k} {v}" for k, v in cycles.most_common(8)))
    finally:
        gc.enable()
        server.should_exit = True
        await serving
    if len(censuses) >= 3:
        grown = censuses[-1].copy()
        grown.subtract(censuses[1])
        print(f"grown from round 2 to round {count} (the 10 types that grew most):")
        for name, n in grown.most_common(10):
            print(f"  {n:+6d} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("play", nargs="?", help="'play PORT': the players only")
    parser.add_argument("port", nargs="?", type=int)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=6, help="tables a round (even)")
    parser.add_argument("--pairs", type=int, default=1, help="with play: pairs of tables")
    args = parser.parse_args()
    if args.play == "play":
        print(asyncio.run(play(args.port, args.pairs)))
        return
    with tempfile.TemporaryDirectory() as folder:
        uvloop.run(rounds(Path(folder), args.rounds, max(1, args.tables // 2)))


if __name__ == "__main__":
    main()
