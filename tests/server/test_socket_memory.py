"""A closed socket is freed by reference counting (issue 45, item 6): a socket's protocol, its
queue, its inbox and its scope's functions held each other, a cycle that the server froze while
the socket lived (:mod:`gametable.server.memory`), so every closed socket stayed in memory."""

from __future__ import annotations

import asyncio
import collections
import gc
import json
import socket
from pathlib import Path

import httpx
import uvicorn
from websockets.asyncio.client import connect

from gametable.server.app import create_app
from gametable.server.run import server_config
from gametable.server.settings import Settings

#: the server's objects of one socket
SOCKET_PARTS = ("DirectFrames", "ServerProtocol", "_Events", "Inbox")


def test_closed_sockets_leave_no_reference_cycles(tmp_path: Path) -> None:
    async def scenario() -> collections.Counter[str]:
        settings = Settings(data_dir=tmp_path, bot_delay=0, gc_freeze_interval=0)
        app = create_app(settings)
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        port = listening.getsockname()[1]
        server = uvicorn.Server(server_config(app, settings, "127.0.0.1"))
        serving = asyncio.create_task(server.serve(sockets=[listening]))
        while not server.started:
            await asyncio.sleep(0.05)
        async with httpx.AsyncClient() as http:
            made = await http.post(
                f"http://127.0.0.1:{port}/api/tables", json={"game": "balzakken", "players": 2}
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
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            found = collections.Counter(type(o).__name__ for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            server.should_exit = True
            await serving
        return found

    found = asyncio.run(scenario())
    assert {name: found[name] for name in SOCKET_PARTS} == dict.fromkeys(SOCKET_PARTS, 0)
