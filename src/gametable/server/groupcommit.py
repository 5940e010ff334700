"""Group commit: the writes of every table of a server, committed together by a thread of
their own (:class:`Writer`)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from typing import Any, Protocol

from gametable.server import timings


class Batches(Protocol):
    """What commits a batch of writes (:meth:`gametable.server.store.Store.write`)."""

    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]: ...


class Writer:
    """Group commit: writes from every table queue here and are committed together, one batch
    per transaction, by the writer's own thread.  ``await write(...)`` returns once the write
    is durable (or raises its error).

    ``window``: seconds a batch waits for more writes before it is committed (0: none; it is
    committed as soon as the one before is done).  Each commit costs the same CPU however many
    moves it carries (its ``fsync`` alone about 0.3 ms on a small machine), so a few milliseconds
    here make commits carry more moves when the server is busy, for as much latency.

    The thread takes the next batch as soon as it has committed one, whatever the event loop is
    doing meanwhile: when the batches went through ``asyncio.to_thread`` one after the other,
    the next could start only once the loop had got round to it, after the moves of the batch
    before had been answered and broadcast (tens of milliseconds at 5,000 tables), so a busy
    loop made every commit wait longer and every batch bigger.  The thread ends after
    :attr:`IDLE` seconds without a write (the next write starts another)."""

    #: seconds the thread waits for a write before it ends
    IDLE = 5.0

    def __init__(self, store: Batches, max_batch: int = 256, window: float = 0.0) -> None:
        self.store = store
        self.max_batch = max_batch
        self.window = window
        #: (name, args, future, when it was queued: ``time.monotonic()``); ``None``: end
        self._queue: queue.SimpleQueue[tuple[str, tuple, asyncio.Future, float] | None] = (
            queue.SimpleQueue()
        )
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    async def write(self, name: str, *args: Any) -> None:
        future = asyncio.get_running_loop().create_future()
        self._queue.put((name, args, future, time.monotonic()))
        with self._lock:  # (the thread looks at the queue under it before it ends)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="gametable-writer", daemon=True
                )
                self._thread.start()
        await future

    def _run(self) -> None:
        """The writer's thread: batch after batch, until it has waited :attr:`IDLE` seconds or
        :meth:`close` asked it to end."""
        pending = self._queue
        while True:
            try:
                first = pending.get(timeout=self.IDLE)
            except queue.Empty:
                first = None
            if first is None:  # idle, or closed
                with self._lock:
                    if pending.empty():
                        self._thread = None
                        return
                continue
            if self.window > 0 and pending.qsize() + 1 < self.max_batch:
                time.sleep(self.window)
            batch, closing = [first], False
            while len(batch) < self.max_batch:
                try:
                    item = pending.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    closing = True
                else:
                    batch.append(item)
            self._commit(batch, pending.qsize())
            if closing:
                pending.put(None)  # seen again once what came after it is committed

    def close(self, timeout: float = 10.0) -> None:
        """End the writer's thread once what is queued is committed (a later write starts
        another).  Without it the thread ends by itself after :attr:`IDLE` seconds, and until
        then it keeps the writer, its store and whatever refers to them alive."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout)

    def _commit(self, batch: list[tuple[str, tuple, asyncio.Future, float]], left: int) -> None:
        started = time.monotonic()
        # the queue: how long the batch's oldest write waited for its turn, and its depth
        timings.record("queue", started - batch[0][3], len(batch) + left, started)
        try:
            results = self.store.write([(n, a) for n, a, _, _ in batch])
        except Exception as exc:  # handed to every waiting move, whose caller reports it
            results = [exc] * len(batch)
        for loop in {future.get_loop() for _, _, future, _ in batch}:
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits there now
                loop.call_soon_threadsafe(self._settle, loop, batch, results, started)

    @staticmethod
    def _settle(
        loop: asyncio.AbstractEventLoop,
        batch: list[tuple[str, tuple, asyncio.Future, float]],
        results: list[BaseException | None],
        started: float,
    ) -> None:
        """On the event loop: each write of ``loop`` learns its outcome."""
        # the batch's round trip: the store's work and the hand-overs both ways
        timings.record("batch", time.monotonic() - started, len(batch))
        for (_, _, future, _), result in zip(batch, results, strict=True):
            if future.done() or future.get_loop() is not loop:
                continue
            if result is None:
                future.set_result(None)
            else:
                future.set_exception(result)
