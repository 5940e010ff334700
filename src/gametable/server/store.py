"""Durable storage of tables: each table is its match record plus metadata (SQLAlchemy Core).

Two tables: ``gt_tables`` (game, version, players, seed, options, seats, status, times) and
``gt_moves`` (one row per accepted action: seat, notation, the public ``describe`` text and the
client's request id).  The schema is made and upgraded by Alembic (:mod:`gametable.server.migrate`);
the definitions below describe the newest revision and must agree with ``migrations/versions``.  A move is
committed before anyone hears of it, so a table always replays from the database to exactly
the state its players last saw.  SQLite (WAL, ``synchronous=FULL``) by default, PostgreSQL or any
other SQLAlchemy URL when given one.

Every method is synchronous and thread-safe; the server calls them through ``asyncio.to_thread``.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.core.errors import GameError
from gametable.server import migrate


class StoreError(GameError):
    """A database that cannot be opened (bad URL, no driver, unreachable, refused schema)."""


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
)

sa.Index("ix_gt_tables_unjoined", tables_t.c.joined_at, tables_t.c.created_at)

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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Writer:
    """Group commit: writes from every table queue here and are committed together, one batch
    per transaction, by one worker thread at a time.  ``await write(...)`` returns once the write
    is durable (or raises its error)."""

    def __init__(self, store: Store, max_batch: int = 256) -> None:
        self.store = store
        self.max_batch = max_batch
        self.pending: list[tuple[str, tuple, asyncio.Future]] = []
        self.task: asyncio.Task | None = None

    async def write(self, name: str, *args: Any) -> None:
        future = asyncio.get_running_loop().create_future()
        self.pending.append((name, args, future))
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())
        await future

    async def _drain(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[: self.max_batch], self.pending[self.max_batch :]
            try:
                results = await asyncio.to_thread(self.store.write, [(n, a) for n, a, _ in batch])
            except Exception as exc:
                results = [exc] * len(batch)
            for (_, _, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)


class Store:
    """The tables of one server, in one database."""

    def __init__(self, url: str) -> None:
        """Open the database at ``url`` and bring its schema up to date; :class:`StoreError`
        (or :class:`~gametable.server.migrate.SchemaError`) says why it cannot be used."""
        self.url = url
        try:
            self.engine: Engine = sa.create_engine(url)
        except (sa.exc.ArgumentError, ImportError) as exc:
            raise StoreError(f"cannot use the database URL {url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            self.upgraded_from = migrate.upgrade(self.engine)
        except sa.exc.SQLAlchemyError as exc:
            self.engine.dispose()
            where = self.engine.url.render_as_string(hide_password=True)
            raise StoreError(f"cannot open the database {where}: {exc.__cause__ or exc}") from None
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------------
    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        """Run a batch of writes (``("create_table", args)``, ``("append_move", args)``,
        ``("join", (table_id, time))``) in one
        transaction, so many tables' moves share one commit; if the batch fails, each write is
        retried alone so that one bad write fails only itself.  The outcome of each write."""
        try:
            with self.engine.begin() as conn:
                self._write_batch(conn, ops)
            return [None] * len(ops)
        except Exception:
            if len(ops) == 1:
                raise
        results: list[BaseException | None] = []
        for op in ops:
            try:
                self.write([op])
                results.append(None)
            except Exception as exc:
                results.append(exc)
        return results

    def _write_batch(self, conn: sa.Connection, ops: list[tuple[str, tuple]]) -> None:
        """New tables first, then all the moves with one ``executemany`` each (a table has at
        most one move in flight, so the order of moves between tables does not matter)."""
        creates = [args[0] for name, args in ops if name == "create_table"]
        moves = [args for name, args in ops if name == "append_move"]
        joins = [args for name, args in ops if name == "join"]
        if len(creates) + len(moves) + len(joins) != len(ops):
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
                    }
                    for t in creates
                ],
            )
        if moves:
            now = time.time()
            conn.execute(
                moves_t.insert(),
                [
                    {
                        "table_id": tid,
                        "n": n,
                        "seat": seat,
                        "notation": notation,
                        "text": text,
                        "at": now,
                        "request": request,
                    }
                    for tid, n, seat, notation, text, _status, request in moves
                ],
            )
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == sa.bindparam("tid"))
                .values(move_count=sa.bindparam("n"), status=sa.bindparam("st"), updated_at=now),
                [{"tid": tid, "n": n, "st": status} for tid, n, _, _, _, status, _ in moves],
            )
        if joins:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == sa.bindparam("tid"), tables_t.c.joined_at.is_(None))
                .values(joined_at=sa.bindparam("at")),
                [{"tid": tid, "at": at} for tid, at in joins],
            )

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
    ) -> None:
        """Commit move number ``n`` (1-based); a second move ``n`` is refused by the key."""
        self.write([("append_move", (table_id, n, seat, notation, text, status, request))])

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(rematch_id=rematch_id, updated_at=time.time())
            )

    def touch(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update().where(tables_t.c.id == table_id).values(updated_at=time.time())
            )

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
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            rows = list(
                conn.execute(
                    sa.select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.n)
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
        )

    def count(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(tables_t)).scalar_one()
