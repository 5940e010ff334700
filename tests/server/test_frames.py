"""Text frames written to the socket at once (``server/frames.py``): the server's WebSocket
protocol is uvicorn's ``websockets-sansio`` one with a send-now function in each socket's
scope, which writes the bytes uvicorn's own ``send`` would, and refuses whenever the ASGI way
must be taken (flow control, a closing socket)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
import uvicorn
import websockets
from fastapi import FastAPI
from starlette.websockets import WebSocketDisconnect
from websockets.frames import Frame, Opcode

from gametable.server.frames import (
    SEND_NOW,
    DirectFrames,
    Inbox,
    inbox_of,
    send_now_of,
    text_frame,
)
from gametable.server.run import server_config
from gametable.server.settings import Settings

pytestmark = pytest.mark.skipif(DirectFrames is None, reason="uvicorn without websockets-sansio")


def test_the_server_serves_sockets_with_frames_written_at_once() -> None:
    config = server_config(FastAPI(), Settings(), "127.0.0.1")
    config.load()
    assert config.ws_protocol_class is DirectFrames


def serve(app: Any, deflate: bool = False) -> tuple[uvicorn.Server, socket.socket]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        app,
        ws=DirectFrames,  # type: ignore[arg-type]
        ws_per_message_deflate=deflate,
        log_level="warning",
        lifespan="off",
    )
    return uvicorn.Server(config), sock


async def client_talks(app: Any, client: Any) -> None:
    """Serve ``app`` on a free port while ``client(ws)`` talks to it, then stop."""
    server, sock = serve(app)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    port = sock.getsockname()[1]
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/") as ws:
            await client(ws)
        await asyncio.sleep(0.2)
    finally:
        server.should_exit = True
        await task


async def client_reads(app: Any, frames: int, deflate: bool = False) -> list[str]:
    """Serve ``app`` on a free port; a client reads ``frames`` frames, then closes."""
    server, sock = serve(app, deflate)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    port = sock.getsockname()[1]
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/", max_size=None) as ws:
            got = [await asyncio.wait_for(ws.recv(), 5) for _ in range(frames)]
        await asyncio.sleep(0.1)
    finally:
        server.should_exit = True
        await task
    return [str(g) for g in got]


def test_frames_written_at_once_arrive_as_uvicorn_would_send_them_in_order() -> None:
    """Texts written at once and texts sent the ASGI way arrive in the order they were given,
    each as the text frame it was (a large one included); while the transport is over its
    high-water mark, and once the socket is closing, the send-now function writes nothing."""
    seen: dict[str, Any] = {}
    big = "x" * 100_000

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        assert scope["type"] == "websocket"
        await receive()  # connect
        seen["before accept"] = send_now_of(scope)("too early")
        await send({"type": "websocket.accept"})
        now = send_now_of(scope)
        seen["writes"] = [now("one"), now("two")]
        await send({"type": "websocket.send", "text": "three"})
        seen["writes"].append(now(big))
        protocol = now.method().__self__  # held weakly by the send-now function
        protocol.pause_writing()
        seen["paused"] = now("never sent")
        protocol.resume_writing()
        seen["writes"].append(now("four"))
        await receive()  # the client's close
        seen["closing"] = now("too late")

    got = asyncio.run(client_reads(app, 5))
    assert got == ["one", "two", "three", big, "four"]
    assert seen["before accept"] is False
    assert seen["writes"] == [True, True, True, True]
    assert seen["paused"] is False
    assert seen["closing"] is False


def test_compressed_sockets_are_never_written_at_once() -> None:
    """With per-message deflate agreed, a frame must be compressed by the protocol: the
    send-now function refuses, and the ASGI way sends it."""
    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        seen["now"] = send_now_of(scope)("one")
        await send({"type": "websocket.send", "text": "two"})
        await receive()

    assert asyncio.run(client_reads(app, 1, deflate=True)) == ["two"]
    assert seen["now"] is False


def test_a_scope_from_another_server_has_no_send_now() -> None:
    assert send_now_of({"type": "websocket", "extensions": {"websocket.http.response": {}}}) is None
    assert send_now_of({"type": "websocket"}) is None
    assert SEND_NOW.startswith("gametable.")


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70_000])
def test_a_text_frame_is_made_as_websockets_makes_it(size: int) -> None:
    data = ("é" * size).encode()[:size]
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


async def read_to_the_end(scope: dict[str, Any], got: list[str | None]) -> tuple[list, int]:
    """Open the socket's inbox and take its messages (after ``got``) until it ends; the
    messages and the close code."""
    inbox = inbox_of(scope)
    assert inbox is not None
    try:
        while True:
            got.append(await inbox.get())
    except WebSocketDisconnect as end:
        return got, end.code


def test_an_inbox_takes_every_message_in_order_then_says_the_socket_ended() -> None:
    """Messages queued by uvicorn before the inbox opened come first, then those that arrive
    after; a binary message is ``None``; once the client has closed, the inbox hands out what
    it holds and then raises ``WebSocketDisconnect`` with the client's code."""
    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        first = await receive()  # the ASGI way, as the hello is read
        await send({"type": "websocket.send", "text": "go"})
        await asyncio.sleep(0.2)  # "two" and "three" wait in uvicorn's queue meanwhile
        seen["got"], seen["code"] = await read_to_the_end(scope, [first["text"]])

    async def client(ws: Any) -> None:
        await ws.send("one")
        await ws.recv()
        await ws.send("two")
        await ws.send("three")
        await asyncio.sleep(0.4)  # the inbox is open by now
        await ws.send(b"\x00\x01")
        await ws.send("four")
        await ws.close(code=4001)

    asyncio.run(client_talks(app, client))
    assert seen["got"] == ["one", "two", "three", None, "four"]
    assert seen["code"] == 4001


def test_an_inbox_stops_reading_the_socket_while_many_messages_wait() -> None:
    paused: list[bool] = []
    inbox = Inbox(lambda: paused.append(True), lambda: paused.append(False))

    async def take(n: int) -> list[str | None]:
        return [await inbox.get() for _ in range(n)]

    for i in range(Inbox.HIGH - 1):
        inbox.put(str(i))
    assert paused == []
    inbox.put("full")
    assert paused == [True]
    asyncio.run(take(Inbox.HIGH - Inbox.LOW))  # down to LOW waiting: still paused
    assert paused == [True]
    asyncio.run(take(1))
    assert paused == [True, False]


def test_a_text_that_is_not_utf8_closes_the_socket_as_uvicorn_does() -> None:
    """Through the inbox as without it: an invalid UTF-8 text frame closes the socket with 1007
    (uvicorn logs it), and the inbox then says the socket ended."""
    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        seen["got"], seen["code"] = await read_to_the_end(scope, [])

    async def client(ws: Any) -> None:
        await ws.send("fine")
        await asyncio.sleep(0.1)
        ws.protocol.send_frame(Frame(Opcode.TEXT, b"\xff\xfe"))
        ws.transport.write(b"".join(ws.protocol.data_to_send()))
        await asyncio.sleep(0.3)
        seen["client"] = ws.close_code

    asyncio.run(client_talks(app, client))
    assert seen["got"] == ["fine"]
    assert seen["client"] == 1007
    assert seen["code"] == 1007
