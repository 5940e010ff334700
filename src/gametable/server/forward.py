"""Forwarding a request to the worker that holds its table (:mod:`gametable.server.cluster`).

A worker asked about a table that another live worker holds passes the request on: an API
request is sent there and its answer returned as it came; a socket is opened there after the
hello, and messages are pumped both ways until either side closes (the close code and reason
are passed on).  The forwarded request says who the client is (``X-Forwarded-For``: the holder
must trust this worker's address, ``--forwarded-allow-ips``) and carries ``X-Gametable-Hop`` so
that it is never forwarded twice: a holder that has lost the table meanwhile answers 503 (a
socket: 1013, try again), and the client comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import httpx
from fastapi import WebSocket
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from gametable.server.connection import encode
from gametable.server.limits import client_of

log = logging.getLogger("gametable.server")

#: the header that marks a request forwarded by a worker
HOP = "x-gametable-hop"
#: headers of a client's request passed on to the holder
PASSED = ("authorization", "x-player-key", "content-type", "accept", "user-agent")
#: headers of the holder's answer passed back
RETURNED = ("content-type", "retry-after")
#: close code: the table's worker is not reachable now; try again
TRY_AGAIN = 1013
#: seconds to reach the holder
CONNECT_TIMEOUT = 10.0


def unavailable(message: str) -> JSONResponse:
    return JSONResponse(
        {"detail": {"kind": "busy", "message": message}},
        status_code=503,
        headers={"Retry-After": "2"},
    )


class Forwarder:
    """Passes requests on to other workers (one HTTP connection pool for all of them)."""

    def __init__(self, max_message: int) -> None:
        self.max_message = max_message
        self.http = httpx.AsyncClient(
            timeout=httpx.Timeout(30.0, connect=CONNECT_TIMEOUT),
            limits=httpx.Limits(max_connections=256, max_keepalive_connections=64),
        )

    async def aclose(self) -> None:
        await self.http.aclose()

    async def request(self, request: Request, address: str) -> Response:
        """``request`` answered by the worker at ``address``."""
        if request.headers.get(HOP):
            return unavailable("this table is changing servers; try again in a moment")
        headers = {k: v for k in PASSED if (v := request.headers.get(k)) is not None}
        headers["x-forwarded-for"] = client_of(request.scope)
        headers[HOP] = "1"
        try:
            answer = await self.http.request(
                request.method,
                address.rstrip("/") + request.url.path,
                params=request.url.query,
                content=await request.body(),
                headers=headers,
            )
        except httpx.HTTPError as exc:
            log.warning("forwarding %s to %s failed: %s", request.url.path, address, exc)
            return unavailable("the server of this table does not answer; try again shortly")
        return Response(
            answer.content,
            status_code=answer.status_code,
            headers={k: v for k in RETURNED if (v := answer.headers.get(k)) is not None},
        )

    async def socket(self, ws: WebSocket, address: str, table_id: str, hello: dict) -> None:
        """Serve the (accepted) socket ``ws`` from the worker at ``address``: the hello is
        sent there, then every message either way, until one side closes."""
        if ws.headers.get(HOP):
            await close(ws, TRY_AGAIN, "this table is changing servers; try again")
            return
        url = address.rstrip("/").replace("http", "ws", 1) + f"/ws/{table_id}"
        try:
            upstream = await connect(
                url,
                additional_headers={"X-Forwarded-For": client_of(ws.scope), HOP: "1"},
                max_size=None,
                compression=None,
                open_timeout=CONNECT_TIMEOUT,
                ping_interval=None,
            )
        except (OSError, TimeoutError, InvalidHandshake) as exc:
            log.warning("forwarding a socket of table %s to %s failed: %s", table_id, address, exc)
            await close(ws, TRY_AGAIN, "the server of this table does not answer; try again")
            return
        async with upstream:
            await upstream.send(encode(hello))
            await pump(ws, upstream)


async def pump(ws: WebSocket, upstream: ClientConnection) -> None:
    """Messages both ways until one side ends; the other is closed with its code."""

    async def down() -> tuple[int, str]:
        try:
            async for message in upstream:
                if isinstance(message, str):
                    await ws.send_text(message)
                else:
                    await ws.send_bytes(message)
        except ConnectionClosed:
            pass
        code = upstream.close_code
        return (code, upstream.close_reason or "") if code else (1011, "lost its server")

    async def up() -> None:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    downward = asyncio.create_task(down())
    upward = asyncio.create_task(up())
    try:
        await asyncio.wait({downward, upward}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        upward.cancel()
        if upward.done() and not upward.cancelled():
            upward.exception()  # the client went away: nothing to do with it
        if not downward.done():  # the client left: tell the holder
            downward.cancel()
            with contextlib.suppress(ConnectionClosed):
                await upstream.close()
    if downward.done() and not downward.cancelled() and downward.exception() is None:
        code, reason = downward.result()
        await close(ws, code, reason)


async def close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(RuntimeError):  # the client has gone already
        await ws.close(code=code, reason=reason[:120])
