"""The moves' hot path: an accepted move's row and its table's move count, written in a group
commit with the statements compiled once per database (:class:`MoveStatements`), and on SQLite
a batch's rows in a few statements of many rows each (:class:`SqliteRows`)."""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from gametable.server.schema import LeaseLost, moves_t, tables_t


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


def write_moves(conn: sa.Connection, plan: MoveStatements, moves: list[tuple[Any, ...]]) -> None:
    """Insert the moves, and set each one's table's move count (no index holds it); the
    status and ``updated_at`` (both indexed) only when the game ends: a table in play is
    stamped by the sweep.  :class:`~gametable.server.schema.LeaseLost` if ``plan.owner`` no
    longer holds one of the tables (each ``(table_id, n, seat, notation, text, status,
    request, clock)``)."""
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
    lease = {} if plan.owner is None else {"lease": plan.owner}
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
