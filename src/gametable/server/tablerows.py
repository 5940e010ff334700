"""The tables' rows: the writes of a group commit that change them, and the store's reads of
them (a table as stored, the open tables of the lobby, the finished public ones).

A write for a table this worker does not hold the lease of writes nothing and raises
:class:`~gametable.server.schema.LeaseLost` (:func:`fenced`).
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.server.schema import (
    FinishedTable,
    LeaseLost,
    StoredTable,
    StoreError,
    chunks,
    moves_t,
    tables_t,
)


def insert_tables(conn: sa.Connection, creates: list[StoredTable]) -> None:
    """New tables, one statement for all."""
    if not creates:
        return
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


def mark_joined(conn: sa.Connection, joins: list[tuple[str, float]]) -> None:
    """Someone first came to each table ``(id, when)`` (never stamped twice)."""
    if not joins:
        return
    conn.execute(
        tables_t.update()
        .where(tables_t.c.id == sa.bindparam("tid"), tables_t.c.joined_at.is_(None))
        .values(joined_at=sa.bindparam("at")),
        [{"tid": tid, "at": at} for tid, at in joins],
    )


#: statements with a list of ids, made once: an ``IN`` of a list made afresh at each call leaves
#: a few SQLAlchemy objects in reference cycles, which the server's frozen collector keeps
#: (:mod:`gametable.server.memory`); an expanding parameter does not
STAMP = (
    tables_t.update()
    .where(tables_t.c.id.in_(sa.bindparam("ids", expanding=True)))
    .values(updated_at=sa.bindparam("at"))
)
DELETE_MOVES = moves_t.delete().where(moves_t.c.table_id.in_(sa.bindparam("ids", expanding=True)))
DELETE_TABLES = tables_t.delete().where(tables_t.c.id.in_(sa.bindparam("ids", expanding=True)))


def stamp_used(conn: sa.Connection, touches: list[tuple[list[str], float]]) -> None:
    """The sweep: every table someone is connected to marked as used at once."""
    for ids, at in touches:
        for chunk in chunks(ids):
            conn.execute(STAMP, {"ids": chunk, "at": at})


def fenced(
    conn: sa.Connection,
    owner: str | None,
    tid: str,
    values: dict[str, Any],
    moves: int | None = None,
    stamp: bool = True,
) -> None:
    """Update table ``tid`` only while ``owner`` holds its lease (``None``: no lease checked)
    and, given ``moves``, only if it has that many moves; :class:`LeaseLost` if not.
    ``stamp``: set ``updated_at`` too (not for the running clock, written with most moves of a
    table with a clock: the sweep stamps a table in play)."""
    where = [tables_t.c.id == tid]
    if owner is not None:
        where.append(tables_t.c.owner == owner)
    if moves is not None:
        where.append(tables_t.c.move_count == moves)
    if stamp:
        values = {**values, "updated_at": time.time()}
    done = conn.execute(tables_t.update().where(*where).values(**values))
    if done.rowcount != 1:
        raise LeaseLost("another worker holds this table now, or it changed meanwhile")


def running_clocks(ops: list[tuple[str, tuple]]) -> dict[str, Any]:
    """Each table's running clock as the last write of the batch left it (a move carries it, a
    seat going away or coming back sends it alone): written once, after the moves."""
    clocks: dict[str, Any] = {}
    for name, args in ops:
        if name == "clock":
            clocks[args[0]] = args[1]
        elif name == "append_move" and args[7] is not None:
            clocks[args[0]] = args[7]
    return clocks


def write_clocks(conn: sa.Connection, owner: str | None, clocks: dict[str, Any]) -> None:
    for tid, state in clocks.items():
        fenced(conn, owner, tid, {"clock_state": state}, stamp=False)


def write_seats(
    conn: sa.Connection, owner: str | None, seatings: list[tuple[str, list[Any], int]]
) -> None:
    """A stranger took an open seat: the table's seats and how many are still open."""
    for tid, seats, open_seats in seatings:
        fenced(conn, owner, tid, {"seats": seats, "open_seats": open_seats})


def take_moves_back(
    conn: sa.Connection, owner: str | None, takebacks: list[tuple[str, int, str]]
) -> None:
    """A seat took back its last move: the move deleted, the count and status set back."""
    for tid, n, status in takebacks:
        gone = conn.execute(moves_t.delete().where(moves_t.c.table_id == tid, moves_t.c.n == n))
        if gone.rowcount != 1:
            raise StoreError(f"table {tid} has no move {n} to take back")
        fenced(conn, owner, tid, {"move_count": n - 1, "status": status}, moves=n)


def stored_table(conn: sa.Connection, row: Any) -> StoredTable:
    """A table as stored, from its row in ``gt_tables``, with its moves."""
    rows = list(
        conn.execute(sa.select(moves_t).where(moves_t.c.table_id == row.id).order_by(moves_t.c.n))
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


class TableRows:
    """The store's writes of one table at a time and its reads of the tables (a part of
    :class:`~gametable.server.store.Store`, which holds the engine and commits the writes)."""

    engine: Engine
    owner: str | None = None

    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        raise NotImplementedError  # the store's group commit

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
                conn.execute(DELETE_MOVES, {"ids": ids})
                conn.execute(DELETE_TABLES, {"ids": ids})
        return ids

    def load(self, table_id: str) -> StoredTable | None:
        """The table as stored (no lease is taken: for reading only)."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).first()
            return None if row is None else stored_table(conn, row)

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

    def count(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(tables_t)).scalar_one()
