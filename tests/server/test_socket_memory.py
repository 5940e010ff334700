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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect

from gametable.server.app import create_app
from gametable.server.run import server_config
from gametable.server.settings import Settings
from tests.bench_scripts import load_bench

#: the players of whole games (``bench/leftovers.py``) and its count of cyclic garbage
leftovers = load_bench("leftovers")

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
async def serving(tmp_path: Path, **changed: float) -> AsyncIterator[int]:
    """A server in this process on a free port (yielded), its collector left to the test;
    ``changed``: settings."""
    settings = Settings(
        **changed,
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
                return leftovers.cyclic_garbage()
            finally:
                gc.enable()

    found = asyncio.run(scenario())
    assert {name: found[name] for name in SOCKET_PARTS} == dict.fromkeys(SOCKET_PARTS, 0)


def test_played_tables_leave_nothing_for_the_cycle_collector(tmp_path: Path) -> None:
    """Whole games played over sockets, with a spectator, a bot and plain HTTP requests, then
    unloaded from memory by the sweep, leave no garbage that reference counting cannot free,
    so a server that freezes its heap keeps none of what it served.  The players (``bench/leftovers.py``) are another process (their
    own objects are not counted); the server runs on uvloop, as ``gametable serve`` does."""
    uvloop = pytest.importorskip("uvloop")

    async def scenario() -> tuple[collections.Counter[str], str]:
        async with serving(tmp_path, evict_after=1, sweep_interval=0.5) as port:
            gc.collect()
            gc.disable()
            try:
                players = await asyncio.create_subprocess_exec(
                    *leftovers.players(port, 1), stdout=subprocess.PIPE
                )
                out, _ = await asyncio.wait_for(players.communicate(), 300)
                await asyncio.sleep(2.5)  # the last sockets end, the tables leave memory
                return leftovers.cyclic_garbage(), out.decode()
            finally:
                gc.enable()

    found, moves = uvloop.run(scenario())
    assert int(moves) > 20  # (the games were played)
    assert found == collections.Counter()
