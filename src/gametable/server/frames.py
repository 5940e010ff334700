"""Text frames written to the socket at once, without the ASGI round of a message.

A move sends about four frames (each seat's update and the spectators'); sent the ASGI way,
each one wakes the connection's pump task, goes through Starlette's ``WebSocket.send``, the
exception middleware's wrapper and uvicorn's ``send`` (an ``await`` on its flow-control event)
before uvicorn's WebSocket protocol frames it and writes it to the transport.  At 5,000 tables
that plumbing was a tenth of the event loop's CPU (a py-spy profile, ``docs/deploy.md``,
2026-12-02).

:class:`DirectFrames` is uvicorn's ``websockets-sansio`` protocol with one addition: the ASGI
scope of each socket it serves carries, under ``extensions`` :data:`SEND_NOW`, a function that
frames a text and writes it to the transport at once, and says ``False`` (writing nothing)
whenever the ASGI way must be taken instead: before the handshake is complete, after a close,
once the client is gone, or while the transport's buffer is over its high-water mark (uvicorn's
flow control: then the ASGI ``send`` waits, the connection's queue fills, and a reader too far
behind is closed as before).  The frame is made here (a final, unmasked text frame: a byte of
opcode and a length), not by ``websockets``' protocol object, whose frame objects and
serialisation cost as much again; its bytes are those uvicorn's own ``send`` writes (tested).

It depends on uvicorn's protocol's attributes (``conn``, ``transport``, ``writable``,
``handshake_complete``, ``close_sent``, ``disconnected``) and on ``websockets``' protocol's
(``state``, ``writes``, ``extensions``); ``tests/server/test_frames.py`` checks them against
the versions installed.  Without uvicorn's ``websockets-sansio`` protocol
(no ``websockets`` package) the server keeps uvicorn's ``auto`` choice and every frame goes the
ASGI way.
"""

from __future__ import annotations

from typing import Any

#: the key of the send-now function in an ASGI scope's ``extensions``
SEND_NOW = "gametable.send_now"

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # pragma: no cover - uvicorn without websockets
    DirectFrames: type | None = None
else:
    from websockets.protocol import OPEN

    class DirectFrames(WebSocketsSansIOProtocol):  # type: ignore[no-redef]
        """uvicorn's ``websockets-sansio`` protocol, whose sockets' scopes can write a text
        frame at once (:meth:`send_now`)."""

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            extensions = self.scope.get("extensions")
            if extensions is not None:  # (the scope is made there; its task has not run yet)
                extensions[SEND_NOW] = self.send_now  # type: ignore[assignment]

        def send_now(self, text: str) -> bool:
            """Frame ``text`` and write it to the transport now, if the socket can take it now;
            ``False``: nothing was written (the caller sends it the ASGI way)."""
            if (
                not self.handshake_complete
                or self.close_sent
                or self.disconnected
                or self.initial_response is not None
                or not self.writable.is_set()
                or self.transport.is_closing()
            ):
                return False
            conn = self.conn
            if conn.state is not OPEN or conn.writes or conn.extensions:
                return False  # closing, something else queued first, or frames compressed
            self.transport.write(text_frame(text.encode()))
            return True


def text_frame(data: bytes) -> bytes:
    """A server's text frame of ``data`` (UTF-8), final and unmasked (RFC 6455, 5.2)."""
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


def send_now_of(scope: Any) -> Any:
    """The send-now function of the socket of ``scope``, or ``None`` (another server, a test
    client)."""
    extensions = scope.get("extensions") or {}
    return extensions.get(SEND_NOW)
