"""The leases and the workers: which worker of a database holds each table in memory, and the
live workers and where they are reached (:mod:`gametable.server.cluster`)."""

from __future__ import annotations

import time

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.server.schema import Claim, NameTaken, chunks, tables_t, workers_t
from gametable.server.tablerows import stored_table


def write_heartbeats(conn: sa.Connection, beats: list[tuple[str, str, float]]) -> None:
    """Workers' heartbeats, with the moves; :class:`NameTaken` for one whose name another
    process has taken since."""
    for name, incarnation, at in beats:
        done = conn.execute(
            workers_t.update()
            .where(workers_t.c.name == name, workers_t.c.incarnation == incarnation)
            .values(heartbeat_at=at)
        )
        if done.rowcount != 1:
            raise NameTaken(f"another process has taken the worker name {name!r}")


#: made once (an ``IN`` of a list made at each call leaves reference cycles: ``tablerows.STAMP``)
RELEASE = (
    tables_t.update()
    .where(
        tables_t.c.id.in_(sa.bindparam("ids", expanding=True)),
        tables_t.c.owner == sa.bindparam("was"),
    )
    .values(owner=sa.bindparam("to"))
)


def release(conn: sa.Connection, releases: list[tuple]) -> None:
    """Tables unloaded from memory, each ``(ids, owner)``: anyone may take them; or ``(ids,
    owner, to)``: handed to the incarnation ``to`` (the worker their clients come through)."""
    for ids, owner, *to in releases:
        for chunk in chunks(ids):
            conn.execute(RELEASE, {"ids": chunk, "was": owner, "to": to[0] if to else None})


class Leases:
    """The store's leases and workers (a part of :class:`~gametable.server.store.Store`)."""

    engine: Engine

    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        raise NotImplementedError  # the store's group commit

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
            before = conn.execute(
                sa.select(tables_t.c.owner).where(tables_t.c.id == table_id)
            ).scalar_one_or_none()
            taken = conn.execute(
                tables_t.update().where(tables_t.c.id == table_id, free).values(owner=owner)
            )
            if taken.rowcount == 1:
                row = conn.execute(sa.select(tables_t).where(tables_t.c.id == table_id)).one()
                previous = before if before != owner else None
                return Claim(stored=stored_table(conn, row), previous=previous)
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

    def worker_rows(self) -> list[tuple[str, str, float]]:
        """Every worker entered in the database: (name, incarnation, last heartbeat)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(workers_t.c.name, workers_t.c.incarnation, workers_t.c.heartbeat_at)
            )
            return [(r.name, r.incarnation, float(r.heartbeat_at)) for r in rows]

    def workers(self, lease_timeout: float) -> list[tuple[str, str]]:
        """The live workers: (name, address)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(workers_t.c.name, workers_t.c.address)
                .where(workers_t.c.heartbeat_at >= time.time() - lease_timeout)
                .order_by(workers_t.c.name)
            )
            return [(r.name, r.address) for r in rows]
