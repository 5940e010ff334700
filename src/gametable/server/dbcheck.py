"""A damaged database found and contained: the store's checks and its export of what is readable.

A disk, a file system or a careless copy can damage a database: a page overwritten, a file cut
short, a write-ahead log torn by a power cut.  The server must then say so, keep serving the
tables it can read, and lose no more than what is damaged:

- :func:`check_database` looks at the whole database when the server starts (SQLite's
  ``PRAGMA quick_check``; on other databases, every row of every table read once) and returns
  the problems found, which the server logs and ``GET /api/health`` shows (``degraded``);
- :func:`is_damage` tells an error of unreadable data from a passing one (a lock, a lost
  connection): a table whose rows cannot be read answers ``damaged`` (a JSON error), and the
  server goes on with the others;
- :func:`damaged_tables` reads every table's rows and moves and lists those that cannot be read
  (``gametable db check``), and :func:`export` writes every table it can read, one JSON line each
  (``gametable db export``), so that a new database can be made from them.

These work on a bare SQLAlchemy engine, not on a :class:`~gametable.server.store.Store`, whose
opening upgrades the schema and would refuse a database too damaged for that.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.core.errors import GameError
from gametable.core.record import Record
from gametable.server.schema import StoredTable, metadata, tables_t
from gametable.server.tablerows import stored_table

#: line breaks made spaces, so that a problem is one line of the log
ONE_LINE = str.maketrans({"\n": " ", "\r": " "})
#: problems :func:`check_database` reports at most (SQLite's check stops there too)
MAX_PROBLEMS = 20
#: after this many row ids in a row with no table, a scan by row id stops (SQLite)
SCAN_GAP = 1000


def reading_engine(url: str) -> Engine:
    """An engine that only reads ``url``, for looking at a damaged database.  On SQLite it
    also reads a file cut short (``writable_schema``: SQLite refuses to open a file shorter
    than its header says, unless told to; ``query_only`` keeps it from writing anything)."""
    engine = sa.create_engine(url)
    if engine.dialect.name == "sqlite":

        def read_only(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA query_only=ON")
            cursor.execute("PRAGMA writable_schema=ON")
            cursor.close()

        sa.event.listen(engine, "connect", read_only)
    return engine


def is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` says the data itself cannot be read (damage), not that the database is
    busy or away for a moment (which a retry may cure).

    SQLite says "database disk image is malformed" or "file is not a database" with a plain
    ``DatabaseError``; PostgreSQL's ``data_corrupted`` and ``index_corrupted`` come as an
    ``InternalError``.  A row that reads but holds what no table can hold (JSON that is not
    JSON, a seed that is not a number) is damage too."""
    if isinstance(exc, sa.exc.OperationalError | sa.exc.InterfaceError):
        return False  # locked, busy, the connection lost: not the data's fault
    if isinstance(exc, sa.exc.DatabaseError):
        return True
    return isinstance(exc, ValueError | KeyError | TypeError | UnicodeDecodeError)


def problem_of(exc: BaseException) -> str:
    """One line about a damage error (the driver's message, without SQLAlchemy's SQL echo)."""
    cause = exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc
    message = str(cause).translate(ONE_LINE)
    return f"{type(cause).__name__}: {message}"[:300]


def check_database(engine: Engine) -> list[str]:
    """The problems of the whole database (empty: none found); see the module's docstring."""
    try:
        if engine.dialect.name == "sqlite":
            return sqlite_check(engine)
        return read_everything(engine)
    except Exception as exc:  # the check itself could not run: that is the problem to report
        if not is_damage(exc):
            raise
        return [problem_of(exc)]


def sqlite_check(engine: Engine) -> list[str]:
    """SQLite's ``PRAGMA quick_check``: every page's structure, not the indexes' contents
    (a few seconds a gigabyte)."""
    with engine.connect() as conn:
        rows = conn.exec_driver_sql(f"PRAGMA quick_check({MAX_PROBLEMS})").fetchall()
    problems = [str(row[0]) for row in rows]
    return [] if problems == ["ok"] else problems


def read_everything(engine: Engine) -> list[str]:
    """Every row of every table of the schema read once (PostgreSQL checks each page it reads:
    a damaged one raises ``data_corrupted``)."""
    problems = []
    for table in metadata.sorted_tables:
        try:
            with engine.connect() as conn:
                result = conn.execution_options(stream_results=True).execute(sa.select(table))
                for _rows in result.partitions(1000):
                    pass
        except Exception as exc:  # reported per table, the others are still read
            if not is_damage(exc):
                raise
            problems.append(f"{table.name}: {problem_of(exc)}")
    return problems


@dataclass
class Damaged:
    """A table that cannot be read whole: its id (``None`` when not even that could be read,
    with the SQLite row id instead) and why."""

    id: str | None
    problem: str
    rowid: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rowid": self.rowid, "problem": self.problem}


def read_tables(engine: Engine) -> Iterator[StoredTable | Damaged]:
    """Every table of the database, each read whole (its row and its moves) or :class:`Damaged`.

    The ids are listed first; where even the list cannot be read (SQLite), the tables are
    looked up one row id at a time instead, so that a damaged page costs the tables on it and
    not the others."""
    keys: list[tuple[str | None, int | None]]
    try:
        with engine.connect() as conn:
            keys = [(row.id, None) for row in conn.execute(sa.select(tables_t.c.id))]
    except Exception as exc:  # the list is damaged: table by table below, where it can be
        if not is_damage(exc) or engine.dialect.name != "sqlite":
            raise
        keys = list(rowid_keys(engine))
    for table_id, rowid in keys:
        yield read_table(engine, table_id, rowid)


def rowid_keys(engine: Engine) -> Iterator[tuple[str | None, int]]:
    """(id, row id) of the tables found by row id, up to the largest row id when it can be read
    (else until :data:`SCAN_GAP` row ids in a row hold no readable table); the first row id of
    each run of unreadable ones gives (``None``, row id)."""
    query = sa.text("SELECT id FROM gt_tables WHERE rowid = :rowid")
    with engine.connect() as conn:
        try:
            last = conn.exec_driver_sql("SELECT max(rowid) FROM gt_tables").scalar()
        except Exception as exc:  # the end of the table is damaged too: scan until a gap
            if not is_damage(exc):
                raise
            last = None
        rowid, gap, unreadable = 0, 0, False
        while (rowid < last) if last is not None else (gap < SCAN_GAP):
            rowid += 1
            try:
                found = conn.execute(query, {"rowid": rowid}).first()
            except Exception as exc:  # this row's page is damaged: one entry per run
                if not is_damage(exc):
                    raise
                if not unreadable:
                    yield None, rowid
                unreadable, gap = True, gap + 1
                continue
            unreadable = False
            if found is None:
                gap += 1
            else:
                gap = 0
                yield str(found.id), rowid


def read_table(engine: Engine, table_id: str | None, rowid: int | None) -> StoredTable | Damaged:
    """One table read whole, or why it cannot be."""
    if table_id is None:
        return Damaged(None, "the rows from here on cannot be read", rowid)
    try:
        with engine.connect() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return Damaged(table_id, "listed, but its row cannot be found", rowid)
            return stored_table(conn, row)
    except Exception as exc:  # this table is damaged: said so, and the others are read
        if not is_damage(exc):
            raise
        return Damaged(table_id, problem_of(exc), rowid)


def damaged_tables(engine: Engine) -> tuple[int, list[Damaged]]:
    """How many tables read whole, and those that did not."""
    readable, damaged = 0, []
    for found in read_tables(engine):
        if isinstance(found, Damaged):
            damaged.append(found)
        else:
            readable += 1
    return readable, damaged


def exported(stored: StoredTable) -> dict[str, Any]:
    """A table as :func:`export` writes it: everything stored (``table``) and its match record
    (``record``: what ``gametable replay`` reads)."""
    record = Record(
        game=stored.game,
        version=stored.version,
        players=stored.players,
        seed=stored.seed,
        options=stored.options,
        moves=[(seat, notation) for seat, notation, _text in stored.moves],
        meta={"table": stored.id},
    )
    return {"table": dataclasses.asdict(stored), "record": record.to_json()}


def export(engine: Engine, out: IO[str]) -> tuple[int, list[Damaged]]:
    """Every readable table written to ``out``, one JSON line each (:func:`exported`); how many
    were written, and the tables that could not be read."""
    written, damaged = 0, []
    for found in read_tables(engine):
        if isinstance(found, Damaged):
            damaged.append(found)
            continue
        try:
            line = json.dumps(exported(found), sort_keys=True)
        except (GameError, TypeError, ValueError) as exc:  # stored values no record can hold
            damaged.append(Damaged(found.id, f"cannot be written out: {exc}"))
            continue
        out.write(line + "\n")
        written += 1
    return written, damaged
