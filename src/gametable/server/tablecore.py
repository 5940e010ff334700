"""The facts of a table in play that its parts share, and what a table asks of the server
that holds it.

A :class:`~gametable.server.tables.Table` is these facts (its game and seed, its seats, the live
state and its log, who is connected, its turn clock) and a few named parts that work on them:
its seats' keys (:mod:`~gametable.server.seats`), the offers of its legal lists
(:mod:`~gametable.server.offers`), the memory of its move requests
(:mod:`~gametable.server.repeats`), what it writes (:mod:`~gametable.server.persistence`), its
broadcasts (:mod:`~gametable.server.broadcast`), its turn clock
(:mod:`~gametable.server.turnclock`) and its bots' turns (:mod:`~gametable.server.botturns`).
The parts import this module and never the table, nor the manager: the server that holds a
table reaches it from above, and the table reaches the server only through :class:`TableHost`.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Protocol, TypeVar

from gametable.core.protocol import Game, State
from gametable.server.botpool import BotPool
from gametable.server.clocks import Timing
from gametable.server.connection import Connection, encode
from gametable.server.groupcommit import Writer
from gametable.server.record import LogEntry
from gametable.server.seats import SeatInfo
from gametable.server.settings import Settings

P = ParamSpec("P")
R = TypeVar("R")


class TableHost(Protocol):
    """What a table asks of the server that holds it (the
    :class:`~gametable.server.manager.TableManager`): its settings, the group commit its writes
    go to, the bot pool its bots choose in, and to be forgotten when another worker has taken
    it over."""

    settings: Settings
    writer: Writer
    bots: BotPool

    def lose(self, table_ids: set[str]) -> None: ...


@dataclass(eq=False)
class TableCore:
    """The facts of a table in play (see the module's docstring)."""

    id: str
    game: Game
    seed: int
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    state: State
    host: TableHost
    log: list[LogEntry] = field(default_factory=list)
    rematch_of: str | None = None
    rematch_id: str | None = None
    created_at: float = 0.0
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    last_active: float = field(default_factory=time.monotonic)
    joined_at: float | None = None
    #: moves taken back so far (in memory): a bot's choice made before one is not played
    takebacks: int = 0
    #: the turn clock, if the table has one (:mod:`gametable.server.clocks`)
    timing: Timing | None = None

    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        return "over" if self.state.is_over else "playing"

    def announce(self, message: dict[str, Any]) -> None:
        """The same message to every connection."""
        text = encode(message)
        for conn in list(self.connections):
            conn.send(text)

    def may_take_back(self, seat: int | None) -> bool:
        """Whether ``seat`` may take its last move back now: the table's last move is its own
        (no other seat has acted since) and the game lets it (``Game.can_take_back``, asked
        when the move was made)."""
        if seat is None or not self.log or self.state.is_over:
            return False
        last = self.log[-1]
        return last.seat == seat and last.undoable


class TablePart:
    """A part of a table, which holds its table weakly.

    A table holds its parts and each part its table: held strongly, that is a reference cycle,
    which only the cycle collector reclaims, and the server moves everything alive out of the
    collector's sight every second (:mod:`gametable.server.memory`).  Every table unloaded or
    expired then stayed in memory for good, with its state and log: the server's memory grew
    with the tables it had ever held.  Held weakly, a table is freed by reference counting as
    soon as nobody holds it; a part's task that uses it (``table = self.table``) holds it while
    it runs."""

    _table: weakref.ref[TableCore]

    def attach(self, table: TableCore) -> None:
        self._table = weakref.ref(table)

    @property
    def table(self) -> TableCore:
        table = self._table()
        if table is None:  # only a task that outlived its table's last holder gets here
            raise ReferenceError("this table is gone")
        return table


def weakly(method: Callable[P, R]) -> Callable[P, R]:
    """A bound method of a table, given to one of its parts without holding the table
    (see :class:`TablePart`)."""
    ref = weakref.WeakMethod(method)

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        bound = ref()
        if bound is None:
            raise ReferenceError("this table is gone")
        return bound(*args, **kwargs)

    return call
