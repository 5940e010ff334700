"""SQLite's side of a store: the connection's settings, and the write-ahead log kept small and
synced by threads of the store's own, apart from the commits.

A store on SQLite runs in WAL mode.  By default SQLite checkpoints inside whichever commit finds
the WAL over 1,000 pages, and that commit (one of the group commits, which every move waits for)
then writes the pages back and syncs the database file before it returns; with a
``checkpoint_interval`` a thread of the store's own checkpoints instead (:meth:`WalUpkeep.checkpoint`),
and the commits only append to the WAL and sync it, as before: a commit is as durable as before.
Under ``synchronous=NORMAL`` a ``wal_sync_interval`` has another thread sync the WAL to the disk
(:meth:`WalUpkeep.sync_wal`), so that a power failure loses at most about the last interval's
commits.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.server import timings

log = logging.getLogger("gametable.server")

#: SQLite's ``synchronous`` levels a store may run with (the ``sqlite_synchronous`` setting)
SYNCHRONOUS = ("full", "normal")


def sqlite_pragmas(
    dbapi_connection: Any, _record: Any, autocheckpoint: bool = True, synchronous: str = "full"
) -> None:
    """Set up a new SQLite connection: WAL, ``synchronous``, foreign keys, a busy timeout, and
    no checkpoints of SQLite's own when the store makes them (``autocheckpoint=False``)."""
    if synchronous not in SYNCHRONOUS:  # never pasted into SQL unchecked
        raise ValueError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    if not autocheckpoint:  # the store's checkpointer thread does it (Store.checkpoint)
        cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class WalUpkeep:
    """The checkpointer and the WAL's syncer of a store (a part of
    :class:`~gametable.server.store.Store`, which holds the engine and the commits' lock)."""

    engine: Engine
    #: the commits take turns under it (a checkpoint's second pass holds them)
    _writing: threading.Lock
    checkpoint_interval: float = 0.0
    wal_sync_interval: float = 0.0
    #: the WAL's path (SQLite on a file only), what :meth:`sync_wal` syncs
    wal_path: str | None = None
    _checkpointer: threading.Thread | None = None
    _wal_syncer: threading.Thread | None = None

    def _set_up_sqlite(
        self, checkpoint_interval: float, synchronous: str, wal_sync_interval: float
    ) -> None:
        """The settings of every connection, and the intervals of the threads, for SQLite."""
        self.checkpoint_interval = checkpoint_interval
        database = self.engine.url.database
        if database and database != ":memory:" and not database.startswith("file:"):
            self.wal_path = database + "-wal"
            if synchronous == "normal":
                self.wal_sync_interval = wal_sync_interval
        auto = checkpoint_interval <= 0

        def pragmas(dbapi_connection: Any, record: Any) -> None:
            sqlite_pragmas(dbapi_connection, record, autocheckpoint=auto, synchronous=synchronous)

        sa.event.listen(self.engine, "connect", pragmas)

    def _start_upkeep(self) -> None:
        """Start the threads the intervals ask for."""
        self._stopping = threading.Event()
        if self.checkpoint_interval > 0:
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="gametable-checkpoints", daemon=True
            )
            self._checkpointer.start()
        if self.wal_sync_interval > 0:
            self._wal_syncer = threading.Thread(
                target=self._wal_syncs, name="gametable-wal-sync", daemon=True
            )
            self._wal_syncer.start()

    def _stop_upkeep(self) -> None:
        self._stopping.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        if self._wal_syncer is not None:
            self._wal_syncer.join(10)

    def _wal_syncs(self) -> None:
        """The WAL's syncing thread: :meth:`sync_wal` every :attr:`wal_sync_interval`."""
        while not self._stopping.wait(self.wal_sync_interval):
            try:
                self.sync_wal()
            except OSError:  # the next turn tries again; the commits themselves are unaffected
                log.exception("syncing the write-ahead log failed")

    def sync_wal(self) -> bool:
        """Sync SQLite's write-ahead log to the disk (``fdatasync``, as SQLite's own commits do
        on Linux, on a descriptor of its own, which holds no lock of SQLite's: the commits go on
        meanwhile); whether there was one to sync.  Recorded in ``timings`` (kind ``wal_sync``).
        On ext4 a sync may wait for other dirty data of the file system too (the database
        file's pages a checkpoint wrote), and commits arriving meanwhile may wait behind it."""
        if self.wal_path is None:
            return False
        started = time.perf_counter()
        try:
            fd = os.open(self.wal_path, os.O_RDONLY)
        except FileNotFoundError:  # no connection has written yet
            return False
        try:
            os.fdatasync(fd)
        finally:
            os.close(fd)
        timings.record("wal_sync", time.perf_counter() - started)
        return True

    def _checkpoints(self) -> None:
        """The checkpointer thread: :meth:`checkpoint` every :attr:`checkpoint_interval`."""
        while not self._stopping.wait(self.checkpoint_interval):
            try:
                self.checkpoint()
            except Exception:  # a failed checkpoint loses nothing: the WAL keeps it all
                log.exception("checkpointing the database failed")

    def checkpoint(self) -> tuple[int, int]:
        """Copy the pages the WAL holds into the database file (SQLite's ``PASSIVE``
        checkpoint, on a connection of its own); the frames in the WAL and those copied, after
        the last pass.  Two passes: the first while commits go on (appending to the WAL), which
        copies the bulk; the second with the commits held (``_writing``) for the few frames
        they added meanwhile, so that the WAL is all copied when the next commit starts, which
        then writes it afresh from its beginning (without it, a WAL written to all the time
        would only grow).  Each pass is recorded (``timings``, kind ``checkpoint``, with the
        frames it found copied).

        Between the passes the WAL is synced to the disk (``fdatasync``) with the commits going
        on, so that the sync of the WAL that SQLite makes in the second pass, before it copies,
        finds little left to write (the first pass ended with the database file synced, and the
        second copies only a few pages): else, at thousands of tables, the second pass holds
        the commits for hundreds of milliseconds (``thr`` against ``ckpt`` in
        ``bench/capacity.py``).  (Not the database file: closing a descriptor of it would drop
        the locks SQLite's connections of this process hold on it.)"""
        if self.engine.dialect.name != "sqlite":
            return (0, 0)
        with self.engine.connect() as conn:
            frames, copied = self._checkpoint_pass(conn)
            if frames == 0:
                return frames, copied  # nothing written since the WAL started afresh
            self.sync_wal()
            with self._writing:  # no commit under way: what was added since is copied too
                frames, copied = self._checkpoint_pass(conn)
        return frames, copied

    @staticmethod
    def _checkpoint_pass(conn: sa.Connection) -> tuple[int, int]:
        started = time.perf_counter()
        row = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        _busy, frames, copied = (int(x) for x in row)
        timings.record("checkpoint", time.perf_counter() - started, copied)
        return frames, copied
