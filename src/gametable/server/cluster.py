"""Several workers on one database, each table held by exactly one of them at a time.

Every ``gametable serve`` process is a *worker*: it enters itself in ``gt_workers`` (its name, a
random *incarnation* id for this start, the address where the other workers reach it) and sends a
heartbeat every ``heartbeat_interval`` seconds.  A table is loaded into memory only by the worker
that holds its *lease*: ``gt_tables.owner`` names the holder's incarnation.  A worker takes a
lease (:meth:`~gametable.server.store.Store.claim`, one atomic statement) when the table is
wanted and nobody holds it, or its holder has sent no heartbeat for ``lease_timeout`` seconds
(killed, frozen, cut off).  A request for a table held by another live worker is forwarded to it
(:mod:`gametable.server.forward`); no worker ever loads a second copy.

A worker keeps its leases as long as it lives; it gives one back when it unloads the table
(nobody connected for ``evict_after`` seconds) and all of them when it stops cleanly.  A worker
restarted under the same name replaces its earlier incarnation, whose leases end at once.

Fencing: every move is written only if the writer still holds the lease (the same transaction
checks ``owner``), so a worker that was taken for dead and comes back can never write a move
over the new holder's; it learns so (:class:`~gametable.server.schema.LeaseLost`), forgets the
table and closes its sockets (the clients reconnect and reach the holder).  Each heartbeat also
compares the tables in memory with the leases held, and forgets any that were taken over.

A reverse proxy in front (``docs/deploy.md``: HAProxy, hashing the table id) sends the requests of
one table to one worker, so forwarding is the exception: after a worker dies, or for the tables
whose first request went elsewhere.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import time
import uuid
from collections.abc import Awaitable, Callable

from gametable.server.groupcommit import Writer
from gametable.server.schema import NameTaken
from gametable.server.settings import Settings
from gametable.server.store import Store

log = logging.getLogger("gametable.server")


class Elsewhere(Exception):
    """The table is held by another live worker, reachable at ``address``."""

    def __init__(self, table_id: str, address: str) -> None:
        super().__init__(f"table {table_id} is held by the worker at {address}")
        self.table_id = table_id
        self.address = address


def default_name() -> str:
    return socket.gethostname() or "gametable"


class Worker:
    """This process as a worker of the database: its identity, heartbeat and leases."""

    def __init__(self, settings: Settings, store: Store, writer: Writer | None = None) -> None:
        self.settings = settings
        self.store = store
        #: the server's group commit: the heartbeats share the moves' commits (None: each
        #: heartbeat is a commit of its own)
        self.writer = writer
        self.name = settings.worker_name or default_name()
        self.incarnation = uuid.uuid4().hex
        self.address = settings.advertise_url or "http://127.0.0.1"
        #: no other live worker shares the database (as of the last heartbeat)
        self.alone = True
        #: the live workers' incarnations by name, and the names of the incarnations seen
        #: (:meth:`count_peers`)
        self.live: dict[str, str] = {}
        self.known: dict[str, str] = {}
        store.owner = self.incarnation

    async def start(self, address: str | None = None) -> None:
        """Enter this worker in the database (``address``: where it listens, unless the
        settings say otherwise)."""
        if self.settings.advertise_url is None and address is not None:
            self.address = address
        before = await asyncio.to_thread(
            self.store.register_worker, self.name, self.incarnation, self.address
        )
        if before is not None:
            log.info("worker %s: replaces its earlier incarnation %s", self.name, before)
        await self.count_peers()

    async def count_peers(self) -> None:
        """Who else is alive: :attr:`alone`, :attr:`live` (each live worker's incarnation by
        name) and :attr:`known` (every incarnation seen, with its name, dead ones included)."""
        rows = await asyncio.to_thread(self.store.worker_rows)
        fresh = time.time() - self.settings.lease_timeout
        self.live = {name: incarnation for name, incarnation, at in rows if at >= fresh}
        self.alone = all(name == self.name for name in self.live)
        self.known.update((incarnation, name) for name, incarnation, _at in rows)
        if len(self.known) > 10_000:  # a long-lived worker among many restarts: the recent
            self.known = {i: n for n, i, _at in rows}

    async def beat(self) -> bool:
        """One heartbeat; ``False`` if another process has taken this worker's name.  Through
        the group commit when there is one: a heartbeat written on a connection of its own
        made the group commits wait for its commit (SQLite lets one connection write at a
        time) and cost an ``fsync`` of its own."""
        if self.writer is None:
            return await asyncio.to_thread(self.store.heartbeat, self.name, self.incarnation)
        try:
            await self.writer.write("heartbeat", self.name, self.incarnation, time.time())
        except NameTaken:
            return False
        return True

    async def run(
        self,
        held: Callable[[], set[str]],
        lose: Callable[[set[str]], None],
        after: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        """Heartbeats until cancelled.  After each, the tables in memory (``held()``) whose lease
        this worker no longer holds are given to ``lose``, then ``after()`` runs.  A worker
        whose name another process has taken stops (SIGTERM to itself)."""
        while True:
            await asyncio.sleep(self.settings.heartbeat_interval)
            try:
                alive = await self.beat()
                if not alive:
                    log.error(
                        "worker %s: another process has taken this worker's name; stopping",
                        self.name,
                    )
                    lose(held())
                    os.kill(os.getpid(), signal.SIGTERM)
                    return
                await self.count_peers()
                mine = held()
                if mine:
                    owned = await asyncio.to_thread(self.store.owned, self.incarnation)
                    lost = mine - owned
                    if lost:
                        lose(lost)
                if after is not None and not self.alone:
                    await after()
            except Exception:  # the database is away for a moment: try again at the next beat
                log.exception("worker %s: heartbeat failed", self.name)

    async def stop(self) -> None:
        """Give every lease back and leave the database's list of workers."""
        await asyncio.to_thread(self.store.retire_worker, self.name, self.incarnation)
