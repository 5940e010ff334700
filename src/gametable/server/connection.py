"""One client's socket, with a bounded outgoing queue so a slow reader never holds up a table."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any


class Connection:
    """One client socket; messages go out through a bounded queue so a slow reader never holds
    up the table.  A reader that falls too far behind is disconnected (it resyncs on return)."""

    def __init__(
        self,
        send_text: Callable[[str], Any],
        seat: int | None,
        limit: int = 256,
        on_close: Callable[[], Any] | None = None,
    ) -> None:
        self.send_text = send_text
        self.on_close = on_close
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(limit)
        self.closed = asyncio.Event()
        self.task = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.send_text(text)
        except Exception:  # the socket went away
            pass
        finally:
            self.closed.set()
            if self.on_close is not None:
                with contextlib.suppress(Exception):
                    await self.on_close()

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        while True:
            try:
                self.queue.put_nowait(None)
                return
            except asyncio.QueueFull:
                self.queue.get_nowait()
