"""Text frames written to the socket at once, and messages taken as they arrive, without the
ASGI round of a message.

A move sends about four frames (each seat's update and the spectators'); sent the ASGI way,
each one wakes the connection's pump task, goes through Starlette's ``WebSocket.send``, the
exception middleware's wrapper and uvicorn's ``send`` (an ``await`` on its flow-control event)
before uvicorn's WebSocket protocol frames it and writes it to the transport.  In a py-spy
profile at thousands of tables, uvloop's own code (mostly those task wake-ups) takes a much
smaller share of the event loop's samples with frames written at once, and the loop's CPU a
move in the capacity benchmark (``bench/capacity.py``) is a few per cent lower.

:class:`DirectFrames` is uvicorn's ``websockets-sansio`` protocol with one addition: the ASGI
scope of each socket it serves carries, under ``extensions`` :data:`SEND_NOW`, a function that
frames a text and writes it to the transport at once, and says ``False`` (writing nothing)
whenever the ASGI way must be taken instead: before the handshake is complete, after a close,
once the client is gone, or while the transport's buffer is over its high-water mark (uvicorn's
flow control: then the ASGI ``send`` waits, the connection's queue fills, and a reader too far
behind is closed).  The frame is made here (a final, unmasked text frame: a byte of
opcode and a length), not by ``websockets``' protocol object (a frame object and its
serialisation per frame); its bytes are those uvicorn's own ``send`` writes (tested).

The other way, a socket's messages can go to an :class:`Inbox` (``extensions`` :data:`INBOX`
opens it) instead of uvicorn's queue of ASGI events, which Starlette's ``receive`` reads: one
``deque`` and a future to wake the reader, and reading paused only when 32 messages wait (uvicorn
pauses it after every message and resumes it when the app has read it).

It depends on uvicorn's protocol's attributes (``conn``, ``transport``, ``writable``,
``handshake_complete``, ``close_sent``, ``disconnected``, ``queue``, ``frames``,
``curr_msg_data_type``, ``read_paused``, ``send_receive_event_to_app``) and on
``websockets``' protocol's (``state``, ``writes``, ``extensions``); ``tests/server/test_frames.py`` checks them against
the versions installed.  Without uvicorn's ``websockets-sansio`` protocol
(no ``websockets`` package) the server keeps uvicorn's ``auto`` choice and every frame goes the
ASGI way.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import deque
from typing import Any

from starlette.websockets import WebSocketDisconnect

from gametable.server.limits import RateLimit

log = logging.getLogger("gametable.server")
#: one warning a minute per client about frames that are not UTF-8
BAD_TEXT_WARNINGS = RateLimit(per_second=1 / 60, burst=1, max_keys=10_000)

#: the key of the send-now function in an ASGI scope's ``extensions``
SEND_NOW = "gametable.send_now"
#: the key of the function that opens a socket's :class:`Inbox`
INBOX = "gametable.inbox"


class Inbox:
    """The messages of one socket, handed over by the protocol as they arrive, without the
    ASGI queue (each message there was a dict, a queue's future, a task's wake-up, Starlette's
    checks, and reading paused and resumed on the socket).  A text message is its text; a binary
    one is ``None``.  Reading from the socket pauses while :attr:`HIGH` messages wait, and goes
    on once fewer than :attr:`LOW` do.  :meth:`get` raises ``WebSocketDisconnect`` once the
    messages that came before the socket's end have been taken."""

    HIGH = 32
    LOW = 8

    def __init__(self, pause: Any, resume: Any) -> None:
        self.items: deque[str | None] = deque()
        self._pause, self._resume = pause, resume
        self.paused = False
        self.waiter: asyncio.Future[None] | None = None
        #: the socket's close code once it has ended
        self.end_code: int | None = None

    def put(self, text: str | None) -> None:
        self.items.append(text)
        if len(self.items) >= self.HIGH and not self.paused:
            self.paused = True
            self._pause()
        self._wake()

    def end(self, code: int) -> None:
        if self.end_code is None:
            self.end_code = code
        self._wake()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str | None:
        items = self.items
        while not items:
            if self.end_code is not None:
                raise WebSocketDisconnect(self.end_code)
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        item = items.popleft()
        if self.paused and len(items) < self.LOW:
            self.paused = False
            self._resume()
        return item


try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # pragma: no cover - uvicorn without websockets
    DirectFrames: type | None = None
else:
    from websockets.protocol import OPEN

    class _Events(asyncio.Queue):
        """uvicorn's queue of a socket's ASGI events, which also tells the socket's
        :class:`Inbox` (once open) that the socket ended."""

        def __init__(self, protocol: Any) -> None:
            super().__init__()
            self.protocol = weakref.ref(protocol)  # no cycle (see :func:`weak_method`)

        def put_nowait(self, item: Any) -> None:
            protocol = self.protocol()
            inbox = None if protocol is None else protocol.inbox
            if inbox is not None and item.get("type") == "websocket.disconnect":
                inbox.end(item.get("code", 1005))
            super().put_nowait(item)

    class DirectFrames(WebSocketsSansIOProtocol):  # type: ignore[no-redef]
        """uvicorn's ``websockets-sansio`` protocol, whose sockets' scopes can write a text
        frame at once (:meth:`send_now`) and take the messages that arrive as they arrive
        (:meth:`open_inbox`)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.inbox: Inbox | None = None
            self.queue = _Events(self)

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            extensions = self.scope.get("extensions")
            if extensions is not None:  # (the scope is made there; its task has not run yet)
                extensions[SEND_NOW] = weak_method(self.send_now, False)
                extensions[INBOX] = weak_method(self.open_inbox, None)

        def open_inbox(self) -> Inbox:
            """From now on, the socket's messages go to the :class:`Inbox` returned, not to
            the ASGI ``receive`` (what that had queued and not yet handed out goes first)."""
            inbox = Inbox(weak_method(self._pause_reading), weak_method(self._resume_reading))
            while not self.queue.empty():
                event = self.queue.get_nowait()
                if event["type"] == "websocket.receive":
                    inbox.put(event.get("text"))
                elif event["type"] == "websocket.disconnect":
                    inbox.end(event.get("code", 1005))
            self.inbox = inbox
            if self.read_paused and not inbox.paused:  # as uvicorn's receive would resume it
                self._resume_reading()
            return inbox

        def _pause_reading(self) -> None:
            if not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()

        def _resume_reading(self) -> None:
            if self.read_paused:
                self.read_paused = False
                self.transport.resume_reading()

        def send_receive_event_to_app(self) -> None:
            inbox = self.inbox
            if self.close_sent:  # (past its close, uvicorn drops messages)
                super().send_receive_event_to_app()
                return
            frames = self.frames
            data = frames[0] if len(frames) == 1 else b"".join(frames)
            if self.curr_msg_data_type != "text":
                if inbox is None:
                    super().send_receive_event_to_app()
                    return
                self.frames = []
                inbox.put(None)
                return
            try:
                text = data.decode()
            except UnicodeDecodeError:
                self.frames = []
                self.refuse_text()
                return
            if inbox is None:
                super().send_receive_event_to_app()
                return
            self.frames = []
            inbox.put(text)

        def refuse_text(self) -> None:
            """A text frame that is not UTF-8: the socket is closed with 1007, as uvicorn closes
            it, but with one short warning a minute per client instead of uvicorn's traceback
            at every such frame (which let any stranger flood the log)."""
            client = str(self.client[0]) if self.client else "unknown"
            if BAD_TEXT_WARNINGS.allow(client):
                log.warning(
                    "client %s sent a text frame that is not UTF-8; its socket is closed "
                    "(code 1007; said once a minute per client)",
                    client,
                )
            self.conn.send_close(1007, "text frames must be UTF-8")
            self.handle_parser_exception()

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


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn without httptools
    ParserLetGo: type | None = None
else:

    class ParserLetGo(HttpToolsProtocol):  # type: ignore[no-redef]
        """uvicorn's ``httptools`` protocol, which lets go of its parser once its connection
        is upgraded to a WebSocket.  The parser holds the protocol (its callbacks), the protocol
        holds the parser and the connection's transport; uvicorn breaks that cycle when a
        plain HTTP connection is lost, but an upgraded connection's HTTP protocol is never told,
        so each WebSocket left a cycle behind, which the server froze
        (:mod:`gametable.server.memory`) with the transport it held: about 30 objects kept
        for good for every socket ever served."""

        def handle_websocket_upgrade(self) -> None:
            super().handle_websocket_upgrade()
            self.parser = None  # type: ignore[assignment]  # (the WebSocket protocol reads now)


def weak_method(method: Any, gone: Any = None) -> Any:
    """``method`` (bound to a socket's protocol) without holding the protocol: it answers
    ``gone`` once the protocol is freed.  The protocol holds its scope, queue and inbox, which
    hold these functions: held strongly they made cycles, and a socket lives long enough for
    the server to freeze them (:mod:`gametable.server.memory`), so every closed socket's
    protocol, with its buffers, stayed in memory for good."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any) -> Any:
        bound = ref()
        return gone if bound is None else bound(*args)

    call.method = ref  # type: ignore[attr-defined]  # (the bound method, while it lives)
    return call


def text_frame(data: bytes) -> bytes:
    """A server's text frame of ``data`` (UTF-8), final and unmasked (RFC 6455, 5.2)."""
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


def inbox_of(scope: Any) -> Inbox | None:
    """The socket of ``scope``'s messages from now on (:class:`Inbox`), or ``None`` (another
    server, a test client: the ASGI ``receive`` then)."""
    extensions = scope.get("extensions") or {}
    opener = extensions.get(INBOX)
    return None if opener is None else opener()


def send_now_of(scope: Any) -> Any:
    """The send-now function of the socket of ``scope``, or ``None`` (another server, a test
    client)."""
    extensions = scope.get("extensions") or {}
    return extensions.get(SEND_NOW)
