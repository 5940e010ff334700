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
from gametable.server.limits import RateLimit, client_of

log = logging.getLogger("gametable.server")

#: the header that marks a request forwarded by a worker
HOP = "x-gametable-hop"
#: headers of a client's request passed on to the holder
PASSED = ("authorization", "x-player-key", "content-type", "accept", "user-agent")
#: headers of the holder's answer passed back
RETURNED = ("content-type", "retry-after")
#: close code: the table's worker is not reachable now; try again
TRY_AGAIN = 1013
#: close codes that say how a socket ended but may not be sent in a close frame (RFC 6455, 7.4.1)
UNSENDABLE = (1005, 1006, 1015)
#: seconds to reach the holder
CONNECT_TIMEOUT = 10.0


#: one warning a minute per holder that does not answer (not one per socket it held)
HOLDER_WARNINGS = RateLimit(per_second=1 / 60, burst=1, max_keys=1000)


def holder_lost(address: str, what: str, exc: BaseException) -> None:
    """Say (once a minute per holder) that the worker at ``address`` could not be reached or
    went away: one line, no traceback (a worker's death is an event, not a bug here)."""
    if HOLDER_WARNINGS.allow(address):
        log.warning(
            "the worker at %s does not answer (%s: %s); its clients are told to try again "
            "(said once a minute per worker)",
            address,
            what,
            type(exc).__name__,
        )


def unavailable(message: str) -> JSONResponse:
    return JSONResponse(
        {"detail": {"kind": "busy", "message": message}},
        status_code=503,
        headers={"Retry-After": "2"},
    )


class Forwarder:
    """Passes requests on to other workers (one HTTP connection pool for all of them)."""

    def __init__(self, max_message: int, hop: str = "1") -> None:
        self.max_message = max_message
        #: what the forwarded requests' ``X-Gametable-Hop`` says: this worker's incarnation, so
        #: that the holder knows whom the router sends the table's clients to
        self.hop = hop
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
        headers[HOP] = self.hop
        try:
            answer = await self.http.request(
                request.method,
                address.rstrip("/") + request.url.path,
                params=request.url.query,
                content=await request.body(),
                headers=headers,
            )
        except httpx.HTTPError as exc:
            holder_lost(address, f"forwarding {request.url.path}", exc)
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
                additional_headers={"X-Forwarded-For": client_of(ws.scope), HOP: self.hop},
                max_size=None,
                compression=None,
                open_timeout=CONNECT_TIMEOUT,
                ping_interval=None,
            )
        except (OSError, TimeoutError, InvalidHandshake) as exc:
            holder_lost(address, f"a socket of table {table_id}", exc)
            await close(ws, TRY_AGAIN, "the server of this table does not answer; try again")
            return
        try:
            async with upstream:
                await upstream.send(encode(hello))
                await pump(ws, upstream)
        except (ConnectionClosed, OSError, TimeoutError) as exc:  # the holder went away
            holder_lost(address, f"a socket of table {table_id}", exc)
            await close(ws, TRY_AGAIN, "the server of this table went away; try again")


async def pump(ws: WebSocket, upstream: ClientConnection) -> None:
    """Messages both ways until one side ends; the other is closed with its code.
    ``ConnectionClosed`` if the holder went away without closing (killed, cut off): its code
    (1006) may not be passed on, and the caller tells the client to try again."""

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
        if code is None or code in UNSENDABLE:  # the holder went away without a close
            raise ConnectionClosed(None, None)
        return code, upstream.close_reason or ""

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
    if downward.done() and not downward.cancelled():
        if isinstance(lost := downward.exception(), ConnectionClosed):
            raise lost  # the holder went away (the caller says so and closes with 1013)
        if lost is None:
            code, reason = downward.result()
            await close(ws, code, reason)
    elif (
        upward.done()
        and not upward.cancelled()
        and isinstance(lost := upward.exception(), ConnectionClosed)
    ):
        raise lost


async def close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(RuntimeError):  # the client has gone already
        await ws.close(code=code, reason=reason[:120])
