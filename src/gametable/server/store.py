"""Durable storage of tables: each table is its match record plus metadata (SQLAlchemy Core).

What it stores, each in a module of its own: the schema (:mod:`~gametable.server.schema`), the
tables' rows (:mod:`~gametable.server.tablerows`), the moves (:mod:`~gametable.server.movewrites`)
and the leases and workers (:mod:`~gametable.server.leases`); SQLite's upkeep of its
write-ahead log is in :mod:`~gametable.server.sqlite`, the group commit that batches the writes
of every table in :mod:`~gametable.server.groupcommit`.  A move is committed before anyone
hears of it, so a table always replays from the database to exactly the state its players last
saw.  SQLite (WAL) by default, PostgreSQL or any other SQLAlchemy URL when given one.  A
:class:`Store` made alone syncs SQLite's WAL at every commit (``synchronous=FULL``); the server's
settings make it ``NORMAL`` with the WAL synced every second apart from the commits
(``sqlite_synchronous``, ``wal_sync_interval``).

Every method is synchronous and thread-safe; the server calls them through ``asyncio.to_thread``.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.server import leases, migrate, tablerows, timings
from gametable.server.leases import Leases
from gametable.server.movewrites import MoveStatements, write_moves
from gametable.server.schema import StoreError
from gametable.server.sqlite import SYNCHRONOUS, WalUpkeep
from gametable.server.tablerows import TableRows

#: the writes a batch may hold, in the order a batch makes them: new tables first, then all
#: the moves with one ``executemany`` each (a table has at most one move in flight, so the
#: order of moves between tables does not matter), then what else changed
WRITES = (
    "create_table",
    "append_move",
    "join",
    "touch",
    "clock",
    "seats",
    "take_back",
    "heartbeat",
    "release",
)


class Store(WalUpkeep, TableRows, Leases):
    """The tables of one server, in one database.

    ``owner``: the incarnation of this worker (:mod:`gametable.server.cluster`); a move is only
    written while that incarnation holds the table's lease
    (:class:`~gametable.server.schema.LeaseLost` otherwise).  ``None``: no lease is checked
    (tools and tests that use the store alone).
    """

    owner: str | None = None

    def __init__(
        self,
        url: str,
        checkpoint_interval: float = 0.0,
        synchronous: str = "full",
        wal_sync_interval: float = 0.0,
    ) -> None:
        """Open the database at ``url`` and bring its schema up to date; :class:`StoreError`
        (or :class:`~gametable.server.migrate.SchemaError`) says why it cannot be used.

        ``checkpoint_interval`` (SQLite only; 0: SQLite's own schedule): every this many
        seconds a thread of the store's own copies what the WAL holds into the database file
        (:meth:`checkpoint`), so that no group commit does it.

        ``synchronous`` (SQLite only): ``"full"`` (the default) syncs the WAL to the disk at
        every commit, so a committed move survives a power failure; ``"normal"`` syncs it only
        when SQLite checkpoints.  In WAL mode a commit under ``"normal"`` is still in the
        operating system's hands when the commit returns, so a ``kill -9`` of the process
        loses nothing either way; a power failure or a crash of the machine may lose the last
        commits (never corrupt the database).

        ``wal_sync_interval`` (SQLite under ``"normal"`` only; 0: none): every this many seconds
        a thread of the store's own syncs the WAL to the disk (:meth:`sync_wal`)."""
        if synchronous not in SYNCHRONOUS:
            raise StoreError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
        self.url = url
        self.synchronous = synchronous
        try:
            self.engine: Engine = sa.create_engine(url)
        except (sa.exc.ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use the database URL {url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            self._set_up_sqlite(checkpoint_interval, synchronous, wal_sync_interval)
        try:
            self.upgraded_from = migrate.upgrade(self.engine)
        except sa.exc.SQLAlchemyError as exc:
            self.engine.dispose()
            where = self.engine.url.render_as_string(hide_password=True)
            raise StoreError(f"cannot open the database {where}: {exc.__cause__ or exc}") from None
        except BaseException:
            self.engine.dispose()
            raise
        #: writes take turns (:meth:`write`) on one connection kept between batches
        self._writing = threading.Lock()
        self._writer_conn: sa.Connection | None = None
        #: the moves' statements compiled for this database and :attr:`owner` (made on first use)
        self._moves_plan: MoveStatements | None = None
        self._start_upkeep()

    def close(self) -> None:
        self._stop_upkeep()
        with self._writing:
            if self._writer_conn is not None:
                self._writer_conn.close()
                self._writer_conn = None
        self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------------
    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        """Run a batch of writes (``("create_table", args)``, ``("append_move", args)``,
        ``("join", (table_id, time))``, ``("clock", (table_id, clock_state))``,
        ``("heartbeat", (name, incarnation, time))``...) in one
        transaction, so many tables' moves share one commit; if the batch fails, each write is
        retried alone so that one bad write fails only itself.  The outcome of each write.

        Batches take turns on one connection kept open between them: taking a pooled
        connection and giving it back (with its reset) cost more CPU than the writes of a small
        batch.  A connection that failed is closed, and the next batch opens a fresh one."""
        with self._writing:
            try:
                self._commit(ops)
                return [None] * len(ops)
            except Exception:  # one bad write must not fail the batch: retried one by one below
                if len(ops) == 1:
                    raise
            results: list[BaseException | None] = []
            for op in ops:
                try:
                    self._commit([op])
                    results.append(None)
                except Exception as exc:  # returned to that write's caller, which reports it
                    results.append(exc)
            return results

    def _commit(self, ops: list[tuple[str, tuple]]) -> None:
        """One transaction on the kept connection (made if there is none); the caller holds
        ``_writing``."""
        conn, self._writer_conn = self._writer_conn or self.engine.connect(), None
        try:
            transaction = conn.begin()
            started = time.perf_counter()
            self._write_batch(conn, ops)
            written = time.perf_counter()
            transaction.commit()  # SQLite: the WAL's fsync (and a checkpoint, when it is due)
        except BaseException:
            conn.close()  # rolled back; possibly broken: not kept
            raise
        self._writer_conn = conn
        timings.record("statements", written - started, len(ops))
        timings.record("commit", time.perf_counter() - written, len(ops))

    def _write_batch(self, conn: sa.Connection, ops: list[tuple[str, tuple]]) -> None:
        """The writes of one transaction, by kind, in the order of :data:`WRITES`; a write of
        another kind fails the batch before anything is written."""
        kinds: dict[str, list[Any]] = {name: [] for name in WRITES}
        for name, args in ops:
            found = kinds.get(name)
            if found is None:
                raise ValueError(f"unknown write in {sorted({name for name, _ in ops})}")
            found.append(args)
        tablerows.insert_tables(conn, [args[0] for args in kinds["create_table"]])
        if kinds["append_move"]:
            write_moves(conn, self._moves(), kinds["append_move"])
        tablerows.mark_joined(conn, kinds["join"])
        tablerows.stamp_used(conn, kinds["touch"])
        tablerows.write_clocks(conn, self.owner, tablerows.running_clocks(ops))
        tablerows.write_seats(conn, self.owner, kinds["seats"])
        tablerows.take_moves_back(conn, self.owner, kinds["take_back"])
        leases.write_heartbeats(conn, kinds["heartbeat"])
        leases.release(conn, kinds["release"])

    def _moves(self) -> MoveStatements:
        """The moves' statements for this database and the current :attr:`owner`."""
        plan = self._moves_plan
        if plan is None or plan.owner != self.owner:
            plan = self._moves_plan = MoveStatements(self.engine.dialect, self.owner)
        return plan
