"""Durable storage of tables: each table is its match record plus metadata (SQLAlchemy Core).

Two tables: ``gt_tables`` (game, version, players, seed, options, seats, status, times) and
``gt_moves`` (one row per accepted action: seat, notation, the public ``describe`` text and the
client's request id).  The schema is made and upgraded by Alembic (:mod:`gametable.server.migrate`);
the definitions below describe the newest revision and must agree with ``migrations/versions``.  A move is
committed before anyone hears of it, so a table always replays from the database to exactly
the state its players last saw.  SQLite (WAL) by default, PostgreSQL or any other SQLAlchemy URL
when given one.  A :class:`Store` made alone syncs SQLite's WAL at every commit
(``synchronous=FULL``); the server's settings make it ``NORMAL`` with the WAL synced every
second apart from the commits (``sqlite_synchronous``, ``wal_sync_interval``).

Every method is synchronous and thread-safe; the server calls them through ``asyncio.to_thread``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.core.errors import GameError
from gametable.server import migrate, timings

log = logging.getLogger("gametable.server")


class StoreError(GameError):
    """A database that cannot be opened (bad URL, no driver, unreachable, refused schema)."""


#: ids per ``IN (...)`` list in one statement
CHUNK = 500


def chunks(ids: list[str]) -> list[list[str]]:
    return [ids[i : i + CHUNK] for i in range(0, len(ids), CHUNK)]


metadata = sa.MetaData()

tables_t = sa.Table(
    "gt_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    # a seed is a 63-bit integer; kept as text so every backend stores it exactly
    sa.Column("seed", sa.String(24), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("move_count", sa.Integer, nullable=False, default=0),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False, index=True),
    #: when a player (or, at a table of bots only, a spectator) first connected; None: never
    sa.Column("joined_at", sa.Float, nullable=True),
    #: the lease: the incarnation of the worker that holds the table in memory (None: nobody)
    sa.Column("owner", sa.String(32), nullable=True),
    #: seats still waiting for a stranger to take them (the lobby lists tables with one)
    sa.Column("open_seats", sa.Integer, nullable=False, server_default=sa.text("0")),
    #: the turn clock (``gametable.server.clocks.Clock.to_json``); None: no clock
    sa.Column("clock", sa.JSON, nullable=True),
    #: the running clock (``Timing.to_store``: banks after the last move, who is away)
    sa.Column("clock_state", sa.JSON, nullable=True),
    #: public: made with a seat open to anyone (listed in the lobby, so its id was public); it
    #: stays true when the seats are taken, and only such tables are listed once finished
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
)

sa.Index("ix_gt_tables_unjoined", tables_t.c.joined_at, tables_t.c.created_at)
sa.Index("ix_gt_tables_owner", tables_t.c.owner)
sa.Index("ix_gt_tables_open", tables_t.c.open_seats, tables_t.c.status)
sa.Index("ix_gt_tables_listed", tables_t.c.listed, tables_t.c.status)

workers_t = sa.Table(
    "gt_workers",
    metadata,
    #: a worker's name (``settings.worker_name``); a restarted worker takes its row back
    sa.Column("name", sa.String(128), primary_key=True),
    #: a random id per process start: the leases name it, so a restart ends the old ones at once
    sa.Column("incarnation", sa.String(32), nullable=False),
    #: where the other workers reach it (``settings.advertise_url``)
    sa.Column("address", sa.String(256), nullable=False),
    sa.Column("heartbeat_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
)

moves_t = sa.Table(
    "gt_moves",
    metadata,
    sa.Column(
        "table_id",
        sa.String(32),
        sa.ForeignKey("gt_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    #: the id the client gave the move's request (a resent request gets the same answer)
    sa.Column("request", sa.String(64), nullable=True),
)


@dataclass
class StoredTable:
    id: str
    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    rematch_of: str | None
    rematch_id: str | None
    created_at: float
    updated_at: float
    moves: list[tuple[int, str, str]]  # (seat, notation, public text)
    joined_at: float | None = None
    requests: dict[int, str] | None = None  # move number -> the client's request id
    owner: str | None = None  # the incarnation holding its lease
    open_seats: int = 0  # seats a stranger may still take
    clock: dict[str, Any] | None = None  # the turn clock, if any
    clock_state: dict[str, Any] | None = None  # its banks and away seats (Timing.to_store)
    listed: bool = False  # made with a seat open to anyone: public (its id was listed)


@dataclass
class FinishedTable:
    """A finished public table as :meth:`Store.recent_finished` lists it: public facts only (no
    seed, no moves; ``move_count`` as ``GET /api/tables/{id}`` tells it)."""

    id: str
    game: str
    version: int
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    created_at: float
    finished_at: float  # when its last move was made
    move_count: int


@dataclass
class Claim:
    """What :meth:`Store.claim` found: the table, now ours (``stored``), or the address of the
    live worker that holds it (``address``); ``exists`` is false if there is no such table."""

    stored: StoredTable | None = None
    address: str | None = None
    exists: bool = True


class NameTaken(StoreError):
    """A heartbeat of a worker whose name another process has taken since (a newer
    incarnation): nothing was written, and this worker must stop."""


class LeaseLost(StoreError):
    """A write for a table whose lease another worker has taken (this worker was taken for
    dead): nothing was written, and this worker must forget the table."""


#: SQLite's ``synchronous`` levels a store may run with (the ``sqlite_synchronous`` setting)
SYNCHRONOUS = ("full", "normal")


def _sqlite_pragmas(
    dbapi_connection: Any, _record: Any, autocheckpoint: bool = True, synchronous: str = "full"
) -> None:
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


class DriverStatement:
    """A statement of the moves' hot path, compiled once for one database's driver and run with
    ``exec_driver_sql``.  SQLAlchemy's work for each execution of a statement (its cache key, the
    parameters' processing, the result's set-up) cost about 0.2 ms of CPU per one-move commit,
    as much as SQLite's own commit with its ``fsync``.  For plain columns only (strings and
    numbers, which no driver converts): no column type's bind processing is applied."""

    def __init__(
        self, stmt: sa.Insert | sa.Update, dialect: sa.Dialect, keys: list[str] | None = None
    ):
        compiled = stmt.compile(dialect=dialect, column_keys=keys)
        self.sql = compiled.string
        #: the parameters' names in order for a positional driver (SQLite's ``?``); ``None``
        #: for a driver that takes them by name (psycopg's ``%(name)s``)
        self.order = tuple(compiled.positiontup or ()) if compiled.positional else None

    def run(self, conn: sa.Connection, rows: list[dict[str, Any]]) -> int:
        """Execute once per row (one ``executemany``); the rows changed in all."""
        if self.order is None:
            return conn.exec_driver_sql(self.sql, rows).rowcount
        order = self.order
        return conn.exec_driver_sql(self.sql, [tuple(r[k] for k in order) for r in rows]).rowcount


class MoveStatements:
    """The statements of an accepted move, for one database and one lease holder (``owner``):
    the move's row, and its table's move count (with the status and ``updated_at`` when the
    game ends), only while ``owner`` holds the table's lease (``None``: no lease checked).

    On SQLite a batch's moves and move counts go as a few statements of many rows each
    (:class:`SqliteRows`), not one execution per move: see there why."""

    def __init__(self, dialect: sa.Dialect, owner: str | None) -> None:
        self.owner = owner
        keys = ["table_id", "n", "seat", "notation", "text", "at", "request"]
        self.insert = DriverStatement(moves_t.insert(), dialect, keys)
        fenced = tables_t.update().where(tables_t.c.id == sa.bindparam("tid"))
        if owner is not None:
            fenced = fenced.where(tables_t.c.owner == sa.bindparam("lease"))
        self.count = DriverStatement(fenced.values(move_count=sa.bindparam("n")), dialect)
        ending = fenced.values(
            move_count=sa.bindparam("n"), status=sa.bindparam("st"), updated_at=sa.bindparam("at")
        )
        self.end = DriverStatement(ending, dialect)
        self.rows = SqliteRows(self.insert, owner) if dialect.name == "sqlite" else None


class SqliteRows:
    """SQLite: a batch's moves in one ``INSERT ... VALUES (...), (...), ...`` and their tables'
    move counts in one ``UPDATE ... FROM (VALUES ...)``, in pieces of a power of two rows (so
    that the driver's statement cache holds a few shapes, not one per batch size).

    Why: Python's ``sqlite3`` lets go of the interpreter's lock around every step of a
    statement, and an ``executemany`` steps once per row.  The writer's thread must take the
    lock back after each of them, and while the event loop is busy (thousands of tables) it gets
    it only when the loop lets go, at the latest after ``sys.getswitchinterval()`` (5 ms by
    default): a batch of 100 moves took 100-400 ms (``stm max`` in ``bench/capacity.py`` at
    5,000 tables), and every move in it waited that long to be answered.  One statement of many
    rows steps once."""

    #: the largest piece, in rows (7 parameters a row: well under SQLite's 32,766)
    LARGEST = 256

    def __init__(self, insert: DriverStatement, owner: str | None) -> None:
        head, _, group = insert.sql.partition(" VALUES ")
        if not group or insert.order is None:
            raise ValueError(f"not a one-row positional insert: {insert.sql!r}")
        self.order = insert.order
        self._insert_head, self._insert_group = head + " VALUES ", group
        self.owner = owner
        t = tables_t.name
        self._update_head = f"UPDATE {t} SET move_count = v.column2 FROM (VALUES "
        self._update_tail = f") AS v WHERE {t}.id = v.column1" + (
            f" AND {t}.owner = ?" if owner is not None else ""
        )
        self._sql: dict[tuple[str, int], str] = {}

    @classmethod
    def pieces(cls, count: int) -> list[int]:
        """``count`` rows as pieces of a power of two rows each, largest first."""
        out = [cls.LARGEST] * (count // cls.LARGEST)
        rest = count % cls.LARGEST
        size = cls.LARGEST
        while rest:
            size //= 2
            if rest >= size:
                out.append(size)
                rest -= size
        return out

    def _statement(self, kind: str, rows: int) -> str:
        sql = self._sql.get((kind, rows))
        if sql is None:
            if kind == "insert":
                sql = self._insert_head + ", ".join([self._insert_group] * rows)
            else:
                values = ", ".join(["(?, ?)"] * rows)
                sql = self._update_head + values + self._update_tail
            self._sql[kind, rows] = sql
        return sql

    def insert(self, conn: sa.Connection, rows: list[dict[str, Any]]) -> int:
        """Insert the moves (dicts keyed like :attr:`MoveStatements.insert`); the rows inserted."""
        order = self.order
        return self._run(conn, "insert", [tuple(r[k] for k in order) for r in rows], ())

    def count(self, conn: sa.Connection, moves: list[tuple[str, int]]) -> int:
        """Set each ``(table id, move count)``'s table's count, where the lease is ours; the
        tables changed.  Each table at most once (a table has one move in flight at a time)."""
        return self._run(conn, "count", moves, () if self.owner is None else (self.owner,))

    def _run(self, conn: sa.Connection, kind: str, rows: list[tuple], tail: tuple) -> int:
        """``rows`` in pieces (:meth:`pieces`), one statement each, ``tail`` after each
        piece's parameters; the rows changed in all."""
        done, start = 0, 0
        for size in self.pieces(len(rows)):
            flat = [v for row in rows[start : start + size] for v in row]
            done += conn.exec_driver_sql(self._statement(kind, size), (*flat, *tail)).rowcount
            start += size
        return done


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

    def __init__(self, store: Store, max_batch: int = 256, window: float = 0.0) -> None:
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


class Store:
    """The tables of one server, in one database.

    ``owner``: the incarnation of this worker (:mod:`gametable.server.cluster`); a move is only
    written while that incarnation holds the table's lease (:class:`LeaseLost` otherwise).
    ``None``: no lease is checked (tools and tests that use the store alone).
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
        (:meth:`checkpoint`), instead of SQLite doing it inside whichever commit finds the WAL
        over 1,000 pages.  That commit (one of the group commits, which every move waits for)
        then wrote the pages back and ``fsync``-ed the database file before it returned; apart,
        the commits only append to the WAL and ``fsync`` it, as before, so a commit is as durable
        as before: what is in the WAL is in the database.

        ``synchronous`` (SQLite only): ``"full"`` (the default) syncs the WAL to the disk at
        every commit, so a committed move survives a power failure; ``"normal"`` syncs it only
        when SQLite checkpoints.  In WAL mode a commit under ``"normal"`` is still in the
        operating system's hands when the commit returns, so a ``kill -9`` of the process
        loses nothing either way; a power failure or a crash of the machine may lose the last
        commits (never corrupt the database).

        ``wal_sync_interval`` (SQLite under ``"normal"`` only; 0: none): every this many seconds
        a thread of the store's own syncs the WAL to the disk (:meth:`sync_wal`), apart from the
        commits, so that a power failure loses at most about the last interval's commits rather
        than whatever the operating system had not yet written back (tens of seconds)."""
        if synchronous not in SYNCHRONOUS:
            raise StoreError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
        self.url = url
        self.synchronous = synchronous
        try:
            self.engine: Engine = sa.create_engine(url)
        except (sa.exc.ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use the database URL {url!r}: {exc}") from None
        self.checkpoint_interval = 0.0
        self.wal_sync_interval = 0.0
        #: the WAL's path (SQLite on a file only), what :meth:`sync_wal` syncs
        self.wal_path: str | None = None
        if self.engine.dialect.name == "sqlite":
            self.checkpoint_interval = checkpoint_interval
            database = self.engine.url.database
            if database and database != ":memory:" and not database.startswith("file:"):
                self.wal_path = database + "-wal"
                if synchronous == "normal":
                    self.wal_sync_interval = wal_sync_interval
            auto = checkpoint_interval <= 0

            def pragmas(dbapi_connection: Any, record: Any) -> None:
                _sqlite_pragmas(
                    dbapi_connection, record, autocheckpoint=auto, synchronous=synchronous
                )

            sa.event.listen(self.engine, "connect", pragmas)
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
        self._stopping = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.checkpoint_interval > 0:
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="gametable-checkpoints", daemon=True
            )
            self._checkpointer.start()
        self._wal_syncer: threading.Thread | None = None
        if self.wal_sync_interval > 0:
            self._wal_syncer = threading.Thread(
                target=self._wal_syncs, name="gametable-wal-sync", daemon=True
            )
            self._wal_syncer.start()

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
        file's pages a checkpoint wrote), and commits arriving meanwhile may wait behind it: the
        quiet 2,000-table run of 2026-12-02 saw one such stall of a second, right after the
        tables were made; after it, syncs of up to 0.57 s left the commits under 40 ms
        (docs/deploy.md)."""
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
        second copies only a few pages): at 5,000 tables the second pass otherwise held the
        commits for up to 440 ms on this project's test machine (``thr`` against ``ckpt`` in
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

    def close(self) -> None:
        self._stopping.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        if self._wal_syncer is not None:
            self._wal_syncer.join(10)
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
        """New tables first, then all the moves with one ``executemany`` each (a table has at
        most one move in flight, so the order of moves between tables does not matter)."""
        creates = [args[0] for name, args in ops if name == "create_table"]
        moves = [args for name, args in ops if name == "append_move"]
        joins = [args for name, args in ops if name == "join"]
        touches = [args for name, args in ops if name == "touch"]
        releases = [args for name, args in ops if name == "release"]
        seatings = [args for name, args in ops if name == "seats"]
        takebacks = [args for name, args in ops if name == "take_back"]
        beats = [args for name, args in ops if name == "heartbeat"]
        # each table's running clock as the last write of the batch left it (a move carries it,
        # a seat going away or coming back sends it alone): written once, after the moves
        clocks: dict[str, Any] = {}
        for name, args in ops:
            if name == "clock":
                clocks[args[0]] = args[1]
            elif name == "append_move" and args[7] is not None:
                clocks[args[0]] = args[7]
        known = len(creates) + len(moves) + len(joins) + len(touches) + len(releases)
        clock_ops = sum(1 for name, _ in ops if name == "clock")
        if known + len(seatings) + len(takebacks) + len(beats) + clock_ops != len(ops):
            raise ValueError(f"unknown write in {sorted({name for name, _ in ops})}")
        if creates:
            conn.execute(
                tables_t.insert(),
                [
                    {
                        "id": t.id,
                        "game": t.game,
                        "version": t.version,
                        "players": t.players,
                        "seed": str(t.seed),
                        "options": t.options,
                        "seats": t.seats,
                        "status": t.status,
                        "move_count": 0,
                        "rematch_of": t.rematch_of,
                        "rematch_id": None,
                        "created_at": t.created_at,
                        "updated_at": t.updated_at,
                        "joined_at": t.joined_at,
                        "owner": t.owner,
                        "open_seats": t.open_seats,
                        "clock": t.clock,
                        "clock_state": t.clock_state,
                        "listed": t.listed,
                    }
                    for t in creates
                ],
            )
        if moves:
            self._write_moves(conn, moves)
        if joins:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == sa.bindparam("tid"), tables_t.c.joined_at.is_(None))
                .values(joined_at=sa.bindparam("at")),
                [{"tid": tid, "at": at} for tid, at in joins],
            )
        for ids, at in touches:  # the sweep: every table someone is connected to, at once
            for chunk in chunks(ids):
                conn.execute(
                    tables_t.update().where(tables_t.c.id.in_(chunk)).values(updated_at=at)
                )
        for tid, state in clocks.items():
            self._fenced(conn, tid, {"clock_state": state}, stamp=False)
        for tid, seats, open_seats in seatings:  # a stranger took an open seat
            self._fenced(conn, tid, {"seats": seats, "open_seats": open_seats})
        for tid, n, status in takebacks:  # a seat took back its last move
            gone = conn.execute(moves_t.delete().where(moves_t.c.table_id == tid, moves_t.c.n == n))
            if gone.rowcount != 1:
                raise StoreError(f"table {tid} has no move {n} to take back")
            self._fenced(conn, tid, {"move_count": n - 1, "status": status}, moves=n)
        for name, incarnation, at in beats:  # a worker's heartbeat, with the moves
            done = conn.execute(
                workers_t.update()
                .where(workers_t.c.name == name, workers_t.c.incarnation == incarnation)
                .values(heartbeat_at=at)
            )
            if done.rowcount != 1:
                raise NameTaken(f"another process has taken the worker name {name!r}")
        for ids, owner in releases:  # tables unloaded from memory: anyone may take them
            for chunk in chunks(ids):
                conn.execute(
                    tables_t.update()
                    .where(tables_t.c.id.in_(chunk), tables_t.c.owner == owner)
                    .values(owner=None)
                )

    def _write_moves(self, conn: sa.Connection, moves: list[tuple]) -> None:
        """Insert the moves, and set each one's table's move count (no index holds it); the
        status and ``updated_at`` (both indexed) only when the game ends: a table in play is
        stamped by the sweep.  :class:`LeaseLost` if this worker no longer holds one of the
        tables (each ``(table_id, n, seat, notation, text, status, request, clock)``)."""
        plan = self._moves_plan
        if plan is None or plan.owner != self.owner:
            plan = self._moves_plan = MoveStatements(self.engine.dialect, self.owner)
        now = time.time()
        rows = [
            {
                "table_id": tid,
                "n": n,
                "seat": seat,
                "notation": notation,
                "text": text,
                "at": now,
                "request": request,
            }
            for tid, n, seat, notation, text, _status, request, _clock in moves
        ]
        playing = [(tid, n) for tid, n, _, _, _, status, *_ in moves if status == "playing"]
        lease = {} if self.owner is None else {"lease": self.owner}
        ending = [
            {"tid": tid, "n": n, "st": st, "at": now, **lease}
            for tid, n, _, _, _, st, *_ in moves
            if st != "playing"
        ]
        many = plan.rows
        if many is not None and len({tid for tid, _ in playing}) == len(playing):
            many.insert(conn, rows)
            done = many.count(conn, playing) if playing else 0
        else:
            plan.insert.run(conn, rows)
            counts = [{"tid": tid, "n": n, **lease} for tid, n in playing]
            done = plan.count.run(conn, counts) if counts else 0
        done += plan.end.run(conn, ending) if ending else 0
        if done != len(moves):
            raise LeaseLost("another worker holds this table now")

    def _fenced(
        self,
        conn: sa.Connection,
        tid: str,
        values: dict[str, Any],
        moves: int | None = None,
        stamp: bool = True,
    ) -> None:
        """Update table ``tid`` only while this worker holds its lease (and, given ``moves``,
        only if it has that many moves); :class:`LeaseLost` if it does not.  ``stamp``: set
        ``updated_at`` too (not for the running clock, written with most moves of a table
        with a clock: the sweep stamps a table in play)."""
        where = [tables_t.c.id == tid]
        if self.owner is not None:
            where.append(tables_t.c.owner == self.owner)
        if moves is not None:
            where.append(tables_t.c.move_count == moves)
        if stamp:
            values = {**values, "updated_at": time.time()}
        done = conn.execute(tables_t.update().where(*where).values(**values))
        if done.rowcount != 1:
            raise LeaseLost("another worker holds this table now, or it changed meanwhile")

    def create_table(self, table: StoredTable) -> None:
        self.write([("create_table", (table,))])

    def append_move(
        self,
        table_id: str,
        n: int,
        seat: int,
        notation: str,
        text: str,
        status: str,
        request: str | None = None,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Commit move number ``n`` (1-based); a second move ``n`` is refused by the key.
        ``clock_state``: the table's running clock after the move (``None``: no clock)."""
        self.write(
            [("append_move", (table_id, n, seat, notation, text, status, request, clock_state))]
        )

    def set_clock_state(self, table_id: str, clock_state: dict[str, Any]) -> None:
        """Store the table's running clock (a seat went away or came back)."""
        self.write([("clock", (table_id, clock_state))])

    def take_back(self, table_id: str, n: int, status: str = "playing") -> None:
        """Delete move ``n``, the table's last (a seat took it back): the record keeps only what
        stands."""
        self.write([("take_back", (table_id, n, status))])

    def set_seats(self, table_id: str, seats: list[dict[str, Any]], open_seats: int) -> None:
        """Store the table's seats (a stranger took an open one)."""
        self.write([("seats", (table_id, seats, open_seats))])

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(rematch_id=rematch_id, updated_at=time.time())
            )

    def touch(self, table_ids: list[str]) -> None:
        """Mark ``table_ids`` as used now (one transaction, one commit)."""
        self.write([("touch", (table_ids, time.time()))])

    def expire(self, older_than: float, unjoined_before: float | None = None) -> list[str]:
        """Delete the tables untouched since ``older_than`` (a UNIX time), and those nobody
        joined that were made before ``unjoined_before``; their ids."""
        stale = tables_t.c.updated_at < older_than
        if unjoined_before is not None:
            stale = sa.or_(
                stale,
                sa.and_(tables_t.c.joined_at.is_(None), tables_t.c.created_at < unjoined_before),
            )
        with self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(sa.select(tables_t.c.id).where(stale))]
            if ids:
                conn.execute(moves_t.delete().where(moves_t.c.table_id.in_(ids)))
                conn.execute(tables_t.delete().where(tables_t.c.id.in_(ids)))
        return ids

    # -- reading ----------------------------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        """The table as stored (no lease is taken: for reading only)."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            return None if row is None else self._stored(conn, row)

    def _stored(self, conn: sa.Connection, row: Any) -> StoredTable:
        rows = list(
            conn.execute(
                sa.select(moves_t).where(moves_t.c.table_id == row.id).order_by(moves_t.c.n)
            )
        )
        moves = [(m.seat, m.notation, m.text) for m in rows]
        requests = {m.n: m.request for m in rows if m.request is not None}
        return StoredTable(
            id=row.id,
            game=row.game,
            version=row.version,
            players=row.players,
            seed=int(row.seed),
            options=dict(row.options),
            seats=list(row.seats),
            status=row.status,
            rematch_of=row.rematch_of,
            rematch_id=row.rematch_id,
            created_at=row.created_at,
            updated_at=row.updated_at,
            moves=moves,
            joined_at=row.joined_at,
            requests=requests,
            owner=row.owner,
            open_seats=row.open_seats,
            clock=row.clock,
            clock_state=row.clock_state,
            listed=row.listed,
        )

    def open_tables(self, limit: int) -> list[StoredTable]:
        """The newest ``limit`` tables in play with a seat a stranger may take (moves not
        read: ``moves`` is empty, the number of moves made is not told)."""
        query = (
            sa.select(tables_t)
            .where(tables_t.c.open_seats > 0, tables_t.c.status == "playing")
            .order_by(tables_t.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                StoredTable(
                    id=r.id,
                    game=r.game,
                    version=r.version,
                    players=r.players,
                    seed=0,  # never read from the database for a list anyone may see
                    options=dict(r.options),
                    seats=list(r.seats),
                    status=r.status,
                    rematch_of=r.rematch_of,
                    rematch_id=r.rematch_id,
                    created_at=r.created_at,
                    updated_at=r.updated_at,
                    moves=[],
                    open_seats=r.open_seats,
                    clock=r.clock,
                )
                for r in conn.execute(query)
            ]

    def recent_finished(self, limit: int) -> list[FinishedTable]:
        """The ``limit`` finished public tables (``listed``: made with a seat open to anyone)
        whose last move is newest, newest first.  A private table is never read here."""
        finished_at = (
            sa.select(sa.func.max(moves_t.c.at))
            .where(moves_t.c.table_id == tables_t.c.id)
            .scalar_subquery()
            .label("finished_at")
        )
        query = (
            sa.select(
                tables_t.c.id,
                tables_t.c.game,
                tables_t.c.version,
                tables_t.c.players,
                tables_t.c.options,
                tables_t.c.seats,
                tables_t.c.created_at,
                tables_t.c.updated_at,
                tables_t.c.move_count,
                finished_at,
            )
            .where(tables_t.c.listed.is_(True), tables_t.c.status == "over")
            .order_by(sa.desc("finished_at"))
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                FinishedTable(
                    id=r.id,
                    game=r.game,
                    version=r.version,
                    players=r.players,
                    options=dict(r.options),
                    seats=list(r.seats),
                    created_at=r.created_at,
                    finished_at=r.updated_at if r.finished_at is None else r.finished_at,
                    move_count=r.move_count,
                )
                for r in conn.execute(query)
            ]

    # -- leases (several workers on one database: gametable.server.cluster) ---------------------
    def claim(self, table_id: str, owner: str, lease_timeout: float) -> Claim:
        """Take the lease of ``table_id`` for the incarnation ``owner`` and read the table, if
        nobody holds it or its holder has not sent a heartbeat for ``lease_timeout`` seconds; else
        the address of the live worker that holds it.  One statement decides, so two workers
        claiming at once never both get it."""
        live = sa.select(workers_t.c.incarnation).where(
            workers_t.c.heartbeat_at >= time.time() - lease_timeout
        )
        free = sa.or_(
            tables_t.c.owner.is_(None), tables_t.c.owner == owner, tables_t.c.owner.not_in(live)
        )
        with self.engine.begin() as conn:
            taken = conn.execute(
                tables_t.update().where(tables_t.c.id == table_id, free).values(owner=owner)
            )
            if taken.rowcount == 1:
                row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).one()
                return Claim(stored=self._stored(conn, row))
            holder = conn.execute(
                sa.select(tables_t.c.id, workers_t.c.address)
                .select_from(
                    tables_t.outerjoin(workers_t, workers_t.c.incarnation == tables_t.c.owner)
                )
                .where(tables_t.c.id == table_id)
            ).first()
        if holder is None:
            return Claim(exists=False)
        return Claim(address=holder.address)  # None: its holder stopped just now

    def register_worker(self, name: str, incarnation: str, address: str) -> str | None:
        """Enter this worker under ``name`` (replacing an earlier incarnation of that name, whose
        leases thereby end); the earlier incarnation, if any."""
        now = time.time()
        with self.engine.begin() as conn:
            before = conn.execute(
                sa.select(workers_t.c.incarnation).where(workers_t.c.name == name)
            ).scalar_one_or_none()
            conn.execute(workers_t.delete().where(workers_t.c.name == name))
            conn.execute(
                workers_t.insert().values(
                    name=name,
                    incarnation=incarnation,
                    address=address,
                    heartbeat_at=now,
                    started_at=now,
                )
            )
        return before

    def heartbeat(self, name: str, incarnation: str) -> bool:
        """Say this worker is alive; ``False`` if another process has taken its name since.
        A write like the moves (``("heartbeat", (name, incarnation, time))``), on the writes'
        connection: a server sends it through its :class:`Writer`, in a group commit."""
        try:
            self.write([("heartbeat", (name, incarnation, time.time()))])
        except NameTaken:
            return False
        return True

    def owned(self, owner: str) -> set[str]:
        """The tables whose lease ``owner`` holds."""
        with self.engine.connect() as conn:
            return set(conn.scalars(sa.select(tables_t.c.id).where(tables_t.c.owner == owner)))

    def retire_worker(self, name: str, incarnation: str) -> None:
        """A worker stopping cleanly: its tables are free at once, its row is gone."""
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update().where(tables_t.c.owner == incarnation).values(owner=None)
            )
            conn.execute(
                workers_t.delete().where(
                    workers_t.c.name == name, workers_t.c.incarnation == incarnation
                )
            )

    def workers(self, lease_timeout: float) -> list[tuple[str, str]]:
        """The live workers: (name, address)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(workers_t.c.name, workers_t.c.address)
                .where(workers_t.c.heartbeat_at >= time.time() - lease_timeout)
                .order_by(workers_t.c.name)
            )
            return [(r.name, r.address) for r in rows]

    def count(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(tables_t)).scalar_one()
