"""Tables go back to the worker the router sends their clients to.

With several workers behind a hashing router (:mod:`gametable.server.router`), a table belongs
where the router sends its clients.  Two things move a table away from there, and each worker
sends it back at its heartbeats (:meth:`Handback.due`; the manager closes the table's sockets
with 1012, so the clients reconnect, and hands its lease to that worker in the same write):

- **a worker came back.**  While a worker was dead, another took over its tables (the router
  sent their clients there); the restarted worker (the same name, a new incarnation) gets them
  back as soon as it is alive again.  Without this the survivor kept them for as long as their
  sockets stayed open, and the restarted worker only forwarded their requests to it;
- **every socket of a table comes from one other worker.**  The table was loaded here, but the
  router sends its clients to that worker, which forwards each of them here; seen so at two
  heartbeats in a row, the table goes to that worker.  A table with a socket of its own, or
  with sockets from several workers, stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gametable.server.tablecore import TableCore


@dataclass
class Handback:
    """Which tables this worker should hand to another, and to whom (see the module)."""

    #: the tables taken over from a dead worker: its name and the incarnation that died
    taken_from: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: tables all of whose sockets came from one other worker at the last heartbeat, and it
    forwarded_before: dict[str, str] = field(default_factory=dict)

    def took(self, table_id: str, name: str, incarnation: str) -> None:
        """This worker took ``table_id`` over from the dead ``incarnation`` of worker ``name``."""
        self.taken_from[table_id] = (name, incarnation)

    def due(
        self, tables: Mapping[str, TableCore], live: Mapping[str, str], me: str
    ) -> dict[str, str]:
        """The tables to hand over now, each with the incarnation to hand it to.  ``tables``:
        those in memory here; ``live``: the live workers' incarnations by name; ``me``: this
        worker's incarnation."""
        out: dict[str, str] = {}
        for table_id, (name, dead) in list(self.taken_from.items()):
            if table_id not in tables:
                del self.taken_from[table_id]
            elif (back := live.get(name)) is not None and back not in (dead, me):
                out[table_id] = back
        forwarded = {}
        for table_id, table in tables.items():
            sources = {conn.forwarded for conn in table.connections}
            if len(sources) == 1 and (source := sources.pop()) is not None and source != me:
                forwarded[table_id] = source
        for table_id, source in forwarded.items():
            if self.forwarded_before.get(table_id) == source:
                out.setdefault(table_id, source)
        out = {t: to for t, to in out.items() if not tables[t].lock.locked()}  # next time
        self.forwarded_before = {t: s for t, s in forwarded.items() if t not in out}
        for table_id in out:
            self.taken_from.pop(table_id, None)
        return out
