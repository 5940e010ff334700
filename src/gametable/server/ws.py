"""Play over a WebSocket: ``/ws/{table_id}``.

Client to server (JSON objects, at most ``settings.max_message`` bytes):

- ``{"type": "hello", "token": "..."}`` first (no token: a spectator), within
  ``settings.hello_timeout`` seconds;
- ``{"type": "act", "action": "discard 7", "seq": 4, "id": "k3-1"}``: make a move.  ``action`` is
  notation, or the action's JSON form (``{"kind": "discard", ...}``, as sent in ``legal[].json``),
  or ``"code": 12`` (the integer encoding) instead.  ``seq`` (optional) is the ``seq`` of the
  position the player decided on: if the table has moved on, the move is refused as ``stale``.
  ``takebacks`` (optional) is the ``takebacks`` of that position's message: if a move has been
  taken back since, the move is refused as ``stale`` even when ``seq`` is the same again.
  ``id`` (optional, at most 64 characters) names the request: sending the same request again
  (same ``id``, ``seq`` and action: a retry after a lost connection, a double click) gets the first
  answer again, with ``"repeat": true``, and the move is not made twice.  Give every new move a
  new id (e.g. a random prefix per page load and a counter);
- ``{"type": "check", "action": "swap 3", "id": 2}``: would it be legal?  nothing changes;
- ``{"type": "take_back", "id": 5}``: take back my last move, if the game lets me (``take_back``
  is true in my latest ``sync``/``update``): every socket then gets ``taken_back`` (seat, the
  move's number and public text) and a ``sync`` with the position before it; I get
  ``{"type": "taken_back", "id": 5, "seq": ...}`` or ``refused`` saying why not;
- ``{"type": "back"}``: I am here (any message says so): at a table with a turn clock, a seat
  whose time ran out is played by a bot until its player says something;
- ``{"type": "sync"}``: send my whole view and log again; ``{"type": "rematch"}``;
  ``{"type": "ping"}``.

Server to client: ``welcome`` then ``sync`` (view, legal actions with ``describe`` texts, JSON
forms, steps and, for a move to confirm first, its ``caution``; whole public log), an ``update`` with the next ``seq`` after every accepted
action, ``accepted`` / ``refused`` (with the rule: section, id, explanation) answering ``act``,
``check`` answering ``check``, ``rematch`` when the next game starts, ``error`` for malformed input
(the socket stays open).  A client that sees a gap in ``seq`` asks for ``sync``.

Frames and views:

- A frame holds one message (a JSON object) or several sent together, as a JSON array of them
  in order (the ``welcome`` and the ``sync``; a move's ``update`` and the mover's ``accepted``).
- A ``sync`` always carries the whole ``view``.  An ``update`` carries either the whole
  ``view`` or, instead, a ``patch``: the changes from this seat's view of the move before
  (``seq - 1``, same ``takebacks``), as a list of ``["set", path, value]``,
  ``["append", path, items]`` (items added at the end of a list) and ``["del", path]``, a path
  being ``[key]`` or ``[key, key]`` (a key of the object under a top-level key).  Applied in
  order, they give exactly the view the seat would have been sent (views shorter than 2 KB are
  always sent whole).  A client without that view (a gap in ``seq``, or a different
  ``takebacks``) asks for ``sync``.  :mod:`gametable.server.wire` has the rules and a client's
  helpers (``messages``, ``apply_patch``, ``Follower``); the web client does the same in
  ``static/js/table.js`` (``applyPatch``).

Limits (``settings``): sockets per server, per client address, per seat and spectators per table;
wrong tokens per client address; messages per socket (a socket that keeps flooding is closed with
code 1008 and a reason, as is one that falls too far behind reading); a socket on which nothing
happens for ``socket_idle`` seconds is closed with code 4408.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from dataclasses import dataclass
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from gametable.core.record import MAX_NESTING, too_deeply_nested
from gametable.server.cluster import Elsewhere
from gametable.server.connection import POLICY, Connection, encode
from gametable.server.forward import HOP, Forwarder
from gametable.server.frames import inbox_of, send_now_of
from gametable.server.limits import RateLimit, client_of
from gametable.server.manager import TableManager
from gametable.server.refused import Refused
from gametable.server.tables import Table

log = logging.getLogger("gametable.server")

#: a worker's incarnation (``uuid4().hex``)
INCARNATION = re.compile(r"[0-9a-f]{32}")
#: close code when a socket said nothing in time (hello) or nothing happened on it (idle)
TIMEOUT = 4408
#: seconds a leaving socket has to take the messages still queued for it
CLOSE_WAIT = 5.0
#: refused messages in a row after which a flooding socket is closed
FLOOD_STRIKES = 20


def error(kind: str, message: str, id_: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": id_, "error": {"kind": kind, "message": message}}


def decode(text: str | None, limit: int) -> dict[str, Any]:
    """A client's message as a JSON object; :class:`Refused` (the socket stays) if it is not."""
    if text is None:
        raise Refused("bad_request", "send JSON text messages")
    if len(text) > limit:
        raise Refused("too_large", f"messages are limited to {limit} bytes")
    if too_deeply_nested(text):
        raise Refused("bad_request", f"a message may not nest more than {MAX_NESTING} deep")
    try:
        msg = json.loads(text)
    except ValueError:
        raise Refused("bad_request", "a message must be a JSON object") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise Refused("bad_request", 'a message must be a JSON object with a "type"')
    return msg


async def receive(ws: WebSocket, limit: int) -> dict[str, Any]:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return decode(message.get("text"), limit)


def forwarder_of(hop: str | None) -> str | None:
    """The incarnation of the worker that forwarded a socket (its ``X-Gametable-Hop``), if the
    header names one (anything else, e.g. a client's own header, counts as no forwarder)."""
    return hop if hop is not None and INCARNATION.fullmatch(hop) else None


def short_id(msg: dict[str, Any]) -> Any:
    id_ = msg.get("id")
    if isinstance(id_, bool) or not isinstance(id_, int | str) or len(str(id_)) > 64:
        return None
    return id_


async def handle(
    msg: dict[str, Any], table: Table, conn: Connection, manager: TableManager
) -> None:
    kind, id_, seat = msg["type"], short_id(msg), conn.seat
    table.returned(seat)  # a seat whose time ran out is back (the bot stops playing for it)
    if kind == "back":
        conn.send({"type": "back", "id": id_, "seat": seat})
    elif kind == "act":
        action = msg["code"] if "code" in msg else msg.get("action")
        conn.send(await table.request(seat, action, id_, msg.get("seq"), msg.get("takebacks")))
    elif kind == "check":
        action = msg["code"] if "code" in msg else msg.get("action")
        try:
            table.check(seat, action)
            conn.send({"type": "check", "id": id_, "action": action, "legal": True})
        except Refused as exc:
            conn.send(
                {
                    "type": "check",
                    "id": id_,
                    "action": action,
                    "legal": False,
                    "error": exc.to_json(),
                }
            )
    elif kind == "take_back":
        try:
            seq = await table.take_back(seat)
            conn.send({"type": "taken_back", "id": id_, "seq": seq})
        except Refused as exc:
            conn.send({"type": "refused", "id": id_, "error": exc.to_json()})
    elif kind == "sync":
        conn.send(table.message_for(seat, "sync"))
    elif kind == "rematch":
        try:
            new = await manager.rematch(table, seat)
            conn.send({"type": "rematch", "table": table.id, "rematch": new})
        except Refused as exc:
            conn.send({"type": "refused", "id": id_, "error": exc.to_json()})
    elif kind == "ping":
        conn.send({"type": "pong", "id": id_, "seq": table.seq})
    else:
        conn.send(error("bad_request", f"unknown message type {kind[:40]!r}", id_))


async def refuse(ws: WebSocket, exc: Refused, code: int) -> None:
    await ws.send_text(encode({"type": "error", "error": exc.to_json()}))
    await ws.close(code=code, reason=exc.message[:120])


async def play(ws: WebSocket, table_id: str, manager: TableManager, forwarder: Forwarder) -> None:
    """A socket's whole life: limits, the hello, then play at the table here, or forwarded to
    the worker that holds the table."""
    limits = manager.limits
    client = client_of(ws.scope)
    await ws.accept()
    why = limits.socket_refusal(client)
    if why is not None:
        await refuse(ws, Refused("busy", why), POLICY)
        return
    limits.sockets.add(client)
    try:
        opened = await open_seat(ws, table_id, manager, client)
        if isinstance(opened, Forward):
            await forwarder.socket(ws, opened.elsewhere.address, table_id, opened.hello)
        elif opened is not None:
            await serve(ws, *opened, manager)
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client left (RuntimeError: it left while we were still sending)
    finally:
        limits.sockets.remove(client)


@dataclass
class Forward:
    """A hello for a table that another worker holds: the socket goes there."""

    elsewhere: Elsewhere
    hello: dict[str, Any]


async def open_seat(
    ws: WebSocket, table_id: str, manager: TableManager, client: str
) -> tuple[Table, int | None] | Forward | None:
    """The hello: the table and the seat (``None``: a spectator), where to forward it if
    another worker holds the table, or ``None`` if refused."""
    settings, limits = manager.settings, manager.limits
    try:
        hello = await asyncio.wait_for(receive(ws, settings.max_message), settings.hello_timeout)
        if hello["type"] != "hello":
            raise Refused("bad_request", 'the first message must be {"type": "hello", ...}')
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise Refused("bad_request", "the token must be text")
        if token and not limits.may_try_token(client, table_id):
            raise Refused("rate", "too many wrong tokens for this table from your address; wait")
        try:
            table = await manager.get(table_id)
        except Elsewhere as elsewhere:
            return Forward(elsewhere, hello)
        try:
            seat = table.seat_for_token(token)
        except Refused:
            limits.wrong_token(client, table_id)
            raise
        crowd = sum(1 for c in table.connections if c.seat == seat)
        if seat is None and crowd >= settings.max_spectators:
            raise Refused("busy", "this table has as many spectators as it can take")
        if seat is not None and crowd >= settings.max_sockets_per_seat:
            raise Refused("busy", "this seat is open in too many windows; close one")
    except TimeoutError:
        await ws.close(code=TIMEOUT, reason="say hello first")
        return None
    except Refused as exc:
        code = {"unknown": 4404, "auth": 4403, "rate": POLICY, "busy": POLICY}.get(exc.kind, 4400)
        await refuse(ws, exc, code)
        return None
    table.join(seat)
    table.returned(seat)
    return table, seat


class IdleWatch:
    """Closes a socket on which nothing happened (no message either way, ``conn.last_active``)
    for ``idle`` seconds, with code 4408.  One timer per socket, set again only when it rings
    (for the moment the socket could next be idle), not a timeout around every message read."""

    def __init__(self, conn: Connection, idle: float) -> None:
        self.conn = conn
        self.idle = idle
        self.loop = asyncio.get_running_loop()
        self.timer = self.loop.call_later(idle, self.ring)

    def ring(self) -> None:
        quiet = time.monotonic() - self.conn.last_active
        if quiet >= self.idle:  # the pump ends and closes the socket: the read loop ends
            self.conn.close(TIMEOUT, f"nothing happened for {self.idle:g} s")
        else:
            self.timer = self.loop.call_later(self.idle - quiet, self.ring)

    def stop(self) -> None:
        self.timer.cancel()


def welcome(table: Table, conn: Connection, seat: int | None) -> None:
    """A new connection is told where it sits and what it sees, and the table who is here."""
    conn.send(
        {
            "type": "welcome",
            "table": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "seat": seat,
            "players": table.players,
            "seats": table.info()["seats"],
        }
    )
    conn.send(table.message_for(seat, "sync"))
    table.connections.add(conn)
    table.last_active = time.monotonic()
    table.announce({"type": "presence", "seats": table.info()["seats"]})


async def leave(table: Table, conn: Connection) -> None:
    """A connection has ended: closed (waited for, as the socket counts against the limits
    until it is), and the table told who is still here."""
    table.connections.discard(conn)
    table.last_active = time.monotonic()
    conn.close()
    try:
        await asyncio.wait_for(conn.closed.wait(), CLOSE_WAIT)
    except TimeoutError:
        conn.close(POLICY, "not reading")
    table.announce({"type": "presence", "seats": table.info()["seats"]})


async def serve(ws: WebSocket, table: Table, seat: int | None, manager: TableManager) -> None:
    """The socket's life at its table, from the welcome to the close."""
    settings = manager.settings

    async def close(code: int, reason: str) -> None:
        await ws.close(code=code, reason=reason)

    conn = Connection(ws.send_text, seat, on_close=close, send_now=send_now_of(ws.scope))
    conn.forwarded = forwarder_of(ws.headers.get(HOP))
    welcome(table, conn, seat)
    rate = RateLimit(settings.messages_per_second, settings.message_burst, max_keys=1)
    strikes = 0
    watchdog = IdleWatch(conn, settings.socket_idle)
    inbox = inbox_of(ws.scope)  # the messages without the ASGI round (server/frames.py)
    try:
        while not conn.closed.is_set():
            try:
                if inbox is None:
                    msg = await receive(ws, settings.max_message)
                else:
                    msg = decode(await inbox.get(), settings.max_message)
            except Refused as exc:
                conn.last_active = time.monotonic()
                conn.send({"type": "error", "error": exc.to_json()})
                continue
            conn.last_active = time.monotonic()
            # take turns: a message already buffered is received without a pause, so a burst
            # would otherwise hold the loop (every other table) and this socket's own replies
            # (dropped if the burst ends in a close) until it is all read
            await asyncio.sleep(0)
            if not rate.allow("socket"):
                strikes += 1
                if strikes > FLOOD_STRIKES:
                    conn.close(POLICY, "too many messages")
                    break
                limit = f"{settings.messages_per_second:g} a second"
                conn.send(error("rate", f"too many messages ({limit}); this one was not read"))
                continue
            strikes = 0
            try:
                await handle(msg, table, conn, manager)
            except Exception:  # a bug must not cost the player the connection
                log.exception("table %s: handling %r failed", table.id, msg.get("type"))
                conn.send(error("error", "the server failed on this message", short_id(msg)))
    finally:
        watchdog.stop()
        await leave(table, conn)
