"""What a table writes: through its server's group commit, fenced by the table's lease.

A write for a table whose lease another worker has taken writes nothing
(:class:`~gametable.server.schema.LeaseLost`): the table then lives on that worker, and this one
forgets it (``TableHost.lose``) and tells the client to try again there.  A write nobody waits
for (that a player joined, the running clock) goes in the background, with the next group
commit.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from gametable.server.refused import Refused
from gametable.server.schema import LeaseLost
from gametable.server.tablecore import TableCore, TablePart

log = logging.getLogger("gametable.server")


class Persistence(TablePart):
    """A table's writes (a part of :class:`~gametable.server.tables.Table`)."""

    def __init__(self, table: TableCore) -> None:
        self.attach(table)

    async def write(self, name: str, *args: Any, moved: str) -> None:
        """Write ``name`` for this table (its id first, then ``args``) and wait until it is
        durable; :class:`Refused` (``moved``, with ``moved`` after the reason) if another
        worker holds the table now.  Other failures are the caller's to report."""
        table = self.table
        try:
            await table.host.writer.write(name, table.id, *args)
        except LeaseLost:  # another worker took this table over: it lives there now
            table.host.lose({table.id})
            raise Refused("moved", f"this table has moved to another server; {moved}") from None

    def in_background(self, name: str, *args: Any, what: str) -> None:
        """Write ``name`` for this table with the next group commit, nobody waiting for it;
        ``what``: what it stores, for the log if it fails."""
        table = self.table
        task = asyncio.create_task(table.host.writer.write(name, table.id, *args))

        def done(task: asyncio.Task) -> None:
            if task.cancelled():
                return
            exc = task.exception()
            if isinstance(exc, LeaseLost):  # another worker holds the table: it writes now
                table.host.lose({table.id})
            elif exc is not None:
                log.error("table %s: storing %s failed: %s", table.id, what, exc)

        task.add_done_callback(done)
