"""Play over a WebSocket: ``/ws/{table_id}``.

Client to server (JSON objects, at most ``settings.max_message`` bytes):

- ``{"type": "hello", "token": "..."}`` first (no token: a spectator);
- ``{"type": "act", "action": "discard 7", "id": 1}`` (or ``"code": 12``, the integer encoding);
- ``{"type": "check", "action": "swap 3", "id": 2}``: would it be legal?  nothing changes;
- ``{"type": "sync"}``: send my whole view and log again; ``{"type": "rematch"}``;
  ``{"type": "ping"}``.

Server to client: ``welcome`` then ``sync`` (view, legal actions with ``describe`` texts, whole
public log), an ``update`` with the next ``seq`` after every accepted action, ``accepted`` /
``refused`` (with the rule: section, id, explanation) answering ``act``, ``check`` answering
``check``, ``rematch`` when the next game starts, ``error`` for malformed input.  A client that
sees a gap in ``seq`` asks for ``sync``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from gametable.server.connection import Connection
from gametable.server.manager import TableManager
from gametable.server.tables import Refused, Table

log = logging.getLogger("gametable.server")

#: seconds a new connection has to say hello
HELLO_TIMEOUT = 30.0


def error(kind: str, message: str, id_: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": id_, "error": {"kind": kind, "message": message}}


def decode(text: str | None, limit: int) -> dict[str, Any]:
    if text is None:
        raise Refused("bad_request", "send JSON text messages")
    if len(text) > limit:
        raise Refused("too_large", f"messages are limited to {limit} bytes")
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


def short_id(msg: dict[str, Any]) -> Any:
    id_ = msg.get("id")
    return id_ if isinstance(id_, int | str) and len(str(id_)) <= 64 else None


async def handle(
    msg: dict[str, Any], table: Table, conn: Connection, manager: TableManager
) -> None:
    kind, id_, seat = msg["type"], short_id(msg), conn.seat
    if kind in ("act", "check"):
        action = msg["code"] if "code" in msg else msg.get("action")
        try:
            if kind == "check":
                table.check(seat, action)
                conn.send({"type": "check", "id": id_, "action": action, "legal": True})
            else:
                seq = await table.act(seat, action)
                conn.send({"type": "accepted", "id": id_, "seq": seq})
        except Refused as exc:
            reply = "check" if kind == "check" else "refused"
            conn.send(
                {"type": reply, "id": id_, "action": action, "legal": False, "error": exc.to_json()}
            )
    elif kind == "sync":
        conn.send(table.message_for(seat, "sync"))
    elif kind == "rematch":
        try:
            new = await manager.rematch(table, seat)
            conn.send({"type": "rematch", "table": table.id, "rematch": new.id})
        except Refused as exc:
            conn.send({"type": "refused", "id": id_, "error": exc.to_json()})
    elif kind == "ping":
        conn.send({"type": "pong", "id": id_, "seq": table.seq})
    else:
        conn.send(error("bad_request", f"unknown message type {kind[:40]!r}", id_))


async def play(ws: WebSocket, table_id: str, manager: TableManager) -> None:
    await ws.accept()
    limit = manager.settings.max_message
    try:
        hello = await asyncio.wait_for(receive(ws, limit), HELLO_TIMEOUT)
        if hello["type"] != "hello":
            raise Refused("bad_request", 'the first message must be {"type": "hello", ...}')
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise Refused("bad_request", "the token must be text")
        table = await manager.get(table_id)
        seat = table.seat_for_token(token)
    except TimeoutError:
        await ws.close(code=4408)
        return
    except Refused as exc:
        await ws.send_text(json.dumps({"type": "error", "error": exc.to_json()}))
        await ws.close(code=4404 if exc.kind == "unknown" else 4403 if exc.kind == "auth" else 4400)
        return
    except WebSocketDisconnect:
        return
    conn = Connection(ws.send_text, seat, on_close=ws.close)
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
    try:
        while not conn.closed.is_set():
            try:
                msg = await receive(ws, limit)
            except Refused as exc:
                conn.send({"type": "error", "error": exc.to_json()})
                continue
            try:
                await handle(msg, table, conn, manager)
            except Exception:  # a bug must not cost the player the connection
                log.exception("table %s: handling %r failed", table.id, msg.get("type"))
                conn.send(error("error", "the server failed on this message", short_id(msg)))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.connections.discard(conn)
        table.last_active = time.monotonic()
        conn.close()
        table.announce({"type": "presence", "seats": table.info()["seats"]})
