"""Closed sockets and played tables leave nothing for the cycle collector (issue 45, item 6).

The server freezes what is alive every second (:mod:`gametable.server.memory`), so an object
that becomes garbage inside a reference cycle stays in memory for good.  Such cycles were: a
socket's protocol with its queue, its inbox and its scope's functions; and the HTTP protocol of
an upgraded connection with its parser (and the transport it held).  Every socket the server
had served stayed in its memory."""

from __future__ import annotations

import asyncio
import collections
import gc
import json
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect

from gametable.server import wire
from gametable.server.app import create_app
from gametable.server.run import server_config
from gametable.server.settings import Settings

#: the server's objects of one socket
SOCKET_PARTS = (
    "DirectFrames",
    "ServerProtocol",
    "_Events",
    "Inbox",
    "ParserLetGo",
    "HttpRequestParser",
    "FlowControl",
)


@asynccontextmanager
async def serving(tmp_path: Path) -> AsyncIterator[int]:
    """A server in this process on a free port (yielded), its collector left to the test."""
    settings = Settings(
        data_dir=tmp_path,
        bot_delay=0,
        gc_freeze_interval=0,
        messages_per_second=10_000,  # (the players move at once)
        message_burst=10_000,
    )
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    server = uvicorn.Server(server_config(create_app(settings), settings, "127.0.0.1"))
    task = asyncio.create_task(server.serve(sockets=[listening]))
    while not server.started:
        await asyncio.sleep(0.05)
    try:
        yield listening.getsockname()[1]
    finally:
        server.should_exit = True
        await task


def cyclic_garbage() -> collections.Counter[str]:
    """The objects that only the cycle collector would free now, by type."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return collections.Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_closed_sockets_leave_no_reference_cycles(tmp_path: Path) -> None:
    async def scenario() -> collections.Counter[str]:
        async with serving(tmp_path) as port:
            async with httpx.AsyncClient() as http:
                made = await http.post(
                    f"http://127.0.0.1:{port}/api/tables",
                    json={"game": "balzakken", "players": 2},
                )
            table = made.json()
            gc.collect()
            gc.disable()
            try:
                for _ in range(10):
                    async with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}") as ws:
                        await ws.send(json.dumps({"type": "hello", "token": None}))
                        await ws.recv()
                await asyncio.sleep(0.3)  # the server's side of the last one ends too
                return cyclic_garbage()
            finally:
                gc.enable()

    found = asyncio.run(scenario())
    assert {name: found[name] for name in SOCKET_PARTS} == dict.fromkeys(SOCKET_PARTS, 0)


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


async def play_tables(port: int) -> int:
    """A table of two people and one of a person and a bot, played (:func:`play_table`)."""
    people = await play_table(port, [{"kind": "human"}, {"kind": "human"}])
    with_bot = await play_table(port, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    return people + with_bot


def test_played_tables_leave_nothing_for_the_cycle_collector(tmp_path: Path) -> None:
    """Whole games played over sockets, with a spectator, a bot and plain HTTP requests, leave
    no garbage that reference counting cannot free, so a server that freezes its heap keeps
    none of what it served.  The players are another process (their own objects are not
    counted), the server runs on uvloop as ``gametable serve`` does."""
    uvloop = pytest.importorskip("uvloop")

    async def scenario() -> tuple[collections.Counter[str], str]:
        async with serving(tmp_path) as port:
            gc.collect()
            gc.disable()
            try:
                players = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-c",
                    f"import asyncio; from tests.server.test_socket_memory import play_tables; "
                    f"print(asyncio.run(play_tables({port})))",
                    stdout=subprocess.PIPE,
                )
                out, _ = await asyncio.wait_for(players.communicate(), 300)
                await asyncio.sleep(0.5)  # the server's side of the last socket ends too
                return cyclic_garbage(), out.decode()
            finally:
                gc.enable()

    found, moves = uvloop.run(scenario())
    assert int(moves) > 20  # (the games were played)
    assert found == collections.Counter()
