"""One client's socket, with a bounded outgoing queue so a slow reader never holds up a table."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

#: close code for a client that broke a limit (floods, falls too far behind)
POLICY = 1008

_encoder = msgspec.json.Encoder()
#: messages at most in one frame, and the length after which no more are added to it
BATCH = 64
BATCH_BYTES = 256 * 1024


def encode(message: Any) -> str:
    """``message`` as JSON text (msgspec: several times faster than ``json.dumps`` on views).

    >>> encode({"seat": 0, "to_move": (1, 2), "keys": {3: None}})
    '{"seat":0,"to_move":[1,2],"keys":{"3":null}}'
    """
    return _encoder.encode(message).decode()


class Connection:
    """One client socket; messages go out through a bounded queue, so a broadcast only queues
    (it never waits on a slow reader).  A frame holds one message, or a JSON array of the
    messages that were waiting together.  A reader that falls ``limit`` messages behind is closed
    with code 1008 (it resyncs when it reconnects).

    ``close(code, reason)`` ends the pump after the messages already queued, then calls
    ``on_close(code, reason)`` (which closes the socket itself).

    ``send_now``: a function that writes a frame to the socket at once, or says ``False``
    (:mod:`gametable.server.frames`).  With it, what is queued while the pump is idle goes out
    from one callback at the loop's next turn (so that messages queued together still share a
    frame), not through the pump task and ``send_text``; the pump takes over whenever
    ``send_now`` refuses (the socket's buffer full, the socket closing) and ends the connection.
    """

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[Any]],
        seat: int | None,
        limit: int = 256,
        on_close: Callable[[int, str], Awaitable[Any]] | None = None,
        send_now: Callable[[str], bool] | None = None,
    ) -> None:
        self.send_text = send_text
        self.send_now = send_now
        #: a :meth:`_flush` is scheduled
        self.flush_due = False
        self.on_close = on_close
        self.seat = seat
        #: the incarnation of the worker it came through (``None``: it came here directly),
        #: which the router sends this table's clients to
        #: (:meth:`~gametable.server.manager.TableManager.hand_back`)
        self.forwarded: str | None = None
        #: the texts waiting to be sent, then ``None`` to end (a deque and one future to wake
        #: the pump: an ``asyncio.Queue`` cost several calls per message and socket)
        self.pending: deque[str | None] = deque()
        self.limit = limit
        self.waiting: asyncio.Future[None] | None = None
        self.closed = asyncio.Event()
        self.close_code = 1000
        self.close_reason = ""
        #: monotonic time of the last message either way (for the idle timeout)
        self.last_active = time.monotonic()
        self.loop = asyncio.get_running_loop()
        self.task = self.loop.create_task(self._pump())

    async def _pump(self) -> None:
        """Send what is queued, in order; messages queued together go in one frame, as a JSON
        array (a move's ``update`` and the mover's ``accepted``: one frame, one system call)."""
        pending = self.pending
        loop = asyncio.get_running_loop()
        try:
            while True:
                while not pending:
                    self.waiting = loop.create_future()
                    try:
                        await self.waiting
                    finally:
                        self.waiting = None
                text = pending.popleft()
                if text is None:
                    break
                if not pending:
                    await self.send_text(text)
                else:
                    texts, end, size = [text], False, len(text)
                    while pending and len(texts) < BATCH and size < BATCH_BYTES:
                        more = pending.popleft()
                        if more is None:
                            end = True
                            break
                        texts.append(more)
                        size += len(more)
                    await self.send_text(texts[0] if len(texts) == 1 else f"[{','.join(texts)}]")
                    if end:
                        break
                self.last_active = time.monotonic()
        except Exception:  # the socket went away: nothing more can be sent on it
            pass
        finally:
            self.closed.set()
            if self.on_close is not None:
                with contextlib.suppress(Exception):  # it may be closed already
                    await self.on_close(self.close_code, self.close_reason)

    def _wake(self) -> None:
        waiting = self.waiting
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        if len(self.pending) >= self.limit:
            self.close(POLICY, "too far behind; reconnect to resync")
            return
        self.pending.append(text)
        if self.send_now is not None and self.waiting is not None:  # the pump is idle
            if not self.flush_due:
                self.flush_due = True
                self.loop.call_soon(self._flush)
        else:
            self._wake()

    def _flush(self) -> None:
        """Write what is queued with ``send_now``, in frames as the pump makes them, while the
        pump is idle; what ``send_now`` refuses, and the end, are left to the pump."""
        self.flush_due = False
        pending, send_now = self.pending, self.send_now
        assert send_now is not None
        sent = False
        while pending and self.waiting is not None:
            texts: list[str] = []
            size = 0
            while pending and len(texts) < BATCH and size < BATCH_BYTES:
                text = pending[0]
                if text is None:  # the end: the pump closes the socket
                    break
                pending.popleft()
                texts.append(text)
                size += len(text)
            if not texts:
                break
            if not send_now(texts[0] if len(texts) == 1 else f"[{','.join(texts)}]"):
                pending.extendleft(reversed(texts))  # back in front, in order, for the pump
                break
            sent = True
        if sent:
            self.last_active = time.monotonic()
        if pending:
            self._wake()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close after the queued messages; with another code than 1000, at once (what is
        queued is dropped: the pump may be stuck on a reader that does not read)."""
        if code != 1000:
            if self.close_code == 1000:
                self.close_code, self.close_reason = code, reason[:120]
            self.pending.clear()
            self.pending.append(None)
            self._wake()
            if not self.closed.is_set():
                self.task.cancel()
            return
        if len(self.pending) >= self.limit:  # full: the oldest message makes room for the end
            self.pending.popleft()
        self.pending.append(None)
        self._wake()
