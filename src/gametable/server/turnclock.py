"""A table's turn clock at work: started for the seats deciding, ringing at the first deadline.

The clock's arithmetic (banks, deadlines, who is away) is :mod:`gametable.server.clocks`; here it
runs on a table.  When a seat's time runs out, the seat is away and a bot plays for it
(:data:`~gametable.server.clocks.STAND_IN`) until its player says something again.  The running
clock is stored with every move, and on its own (in the background) whenever a seat goes away
or comes back, so that a restart resumes from it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from gametable.server.clocks import STAND_IN
from gametable.server.persistence import Persistence
from gametable.server.tablecore import TableCore, TablePart

log = logging.getLogger("gametable.server")


class TurnClock(TablePart):
    """A table's clock (a part of :class:`~gametable.server.tables.Table`); ``on_timeout`` is
    called when a seat's time has run out (its stand-in bot is to play)."""

    def __init__(
        self, table: TableCore, persistence: Persistence, on_timeout: Callable[[], None]
    ) -> None:
        self.attach(table)
        self.persistence = persistence
        self.on_timeout = on_timeout
        #: the wake-up at the next deadline
        self.task: asyncio.Task | None = None

    def tick(self) -> None:
        """Start the clocks of the human seats deciding now, stop the others', and wake up at
        the first deadline.  Nothing without a clock."""
        table = self.table
        timing = table.timing
        if timing is None or table.closed:
            return
        deciding = {
            s
            for s in table.state.to_move
            if table.seats[s].kind == "human" and s not in timing.away
        }
        timing.start(deciding)
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        end = timing.next_deadline()
        if end is not None:
            self.task = asyncio.create_task(self._ring(end))

    async def _ring(self, end: float) -> None:
        await asyncio.sleep(max(0.0, end - time.monotonic()))
        table = self.table
        timing = table.timing
        if timing is None or table.closed:
            return
        late = timing.expired()
        self.task = None
        if late:
            log.info("table %s: time ran out for seats %s; %s plays", table.id, late, STAND_IN)
            self.store()
            table.announce({"type": "clock", "table": table.id, "clock": timing.to_json()})
            self.on_timeout()
        self.tick()

    def returned(self, seat: int | None) -> None:
        """``seat``'s player is at the table (it said something): it takes its seat back from
        the bot that played for it."""
        table = self.table
        timing = table.timing
        if seat is None or timing is None or seat not in timing.away:
            return
        timing.away.discard(seat)
        self.store()
        self.tick()
        table.announce({"type": "clock", "table": table.id, "clock": timing.to_json()})

    def store(self) -> None:
        """Store the running clock (a seat went away or came back) in the background, with the
        next group commit: the seat's state is announced now, a restart resumes from what was
        stored."""
        timing = self.table.timing
        if timing is not None:
            self.persistence.in_background("clock", timing.to_store(), what="the clock")

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
