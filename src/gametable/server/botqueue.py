"""Who gets the next free bot worker: tables with people first, tables of bots only after.

The bot pool (:mod:`gametable.server.botpool`) has ``size`` workers.  A bot move of a table
where a person is seated or watching (``people``) takes the next free worker before any move of
a table of bots only, whatever the order they asked in; moves of the same kind take turns in the
order they asked.  Tables of bots only may hold at most ``background`` workers at once (the
pool's size less the workers kept for people, at least one), so that a table with people always
finds a worker within one short move of another table with people, never behind a long search
of a table nobody watches.

>>> import asyncio
>>> async def demo() -> list[str]:
...     slots, order, go = BotSlots(size=1, background=1), [], asyncio.Event()
...     async def move(name: str, people: bool) -> None:
...         async with slots.taken(people):
...             order.append(name)
...             await go.wait()
...     first = asyncio.create_task(move("first", False))
...     await asyncio.sleep(0)  # it holds the only worker
...     later = [asyncio.create_task(move(n, p)) for n, p in
...              (("bots 1", False), ("bots 2", False), ("people", True))]
...     await asyncio.sleep(0)  # they wait, in this order
...     go.set()
...     await asyncio.gather(first, *later)
...     return order
>>> asyncio.run(demo())
['first', 'people', 'bots 1', 'bots 2']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class BotSlots:
    """The pool's workers as slots handed out fairly (see the module's docstring)."""

    def __init__(self, size: int, background: int) -> None:
        if size < 1 or not 1 <= background <= size:
            raise ValueError(f"{size} slots with {background} for tables of bots only")
        self.size = size
        self.background = background
        #: slots held now: in all, and by tables of bots only
        self.busy = 0
        self.busy_background = 0
        self.waiting: dict[bool, deque[asyncio.Future[None]]] = {True: deque(), False: deque()}

    def free_for(self, people: bool) -> bool:
        """Whether a move of this kind may take a slot now (nobody ahead of it waits)."""
        if self.busy >= self.size or self.waiting[True]:
            return False
        return people or (self.busy_background < self.background and not self.waiting[False])

    @contextlib.asynccontextmanager
    async def taken(self, people: bool) -> AsyncIterator[None]:
        """Hold a slot for one move (waiting for one in turn)."""
        if self.free_for(people):
            self._take(people)
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting[people].append(waiter)
            try:
                await waiter  # the slot is taken for us before we are woken
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._give_back(people)  # woken and cancelled at once: pass it on
                else:  # (gone already if a wake-up passed over it since it was cancelled)
                    with contextlib.suppress(ValueError):
                        self.waiting[people].remove(waiter)
                raise
        try:
            yield
        finally:
            self._give_back(people)

    def _take(self, people: bool) -> None:
        self.busy += 1
        if not people:
            self.busy_background += 1

    def _give_back(self, people: bool) -> None:
        self.busy -= 1
        if not people:
            self.busy_background -= 1
        self._wake()

    def _wake(self) -> None:
        """Hand the free slots to those waiting: people first, then bots within their share."""
        while self.busy < self.size:
            queue = self.waiting[True]
            if not queue:
                if not self.waiting[False] or self.busy_background >= self.background:
                    return
                queue = self.waiting[False]
            waiter = queue.popleft()
            if not waiter.done():
                self._take(queue is self.waiting[True])
                waiter.set_result(None)

    @property
    def queued(self) -> tuple[int, int]:
        """Moves waiting now: (of tables with people, of tables of bots only)."""
        return len(self.waiting[True]), len(self.waiting[False])
