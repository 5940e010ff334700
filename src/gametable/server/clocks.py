"""Turn clocks: optional per table, a time per move or a bank per player.

A table made with ``"clock": {"mode": "move", "seconds": 60}`` gives each decision 60 seconds;
``{"mode": "bank", "seconds": 600, "increment": 5}`` gives each human seat 600 seconds for the
whole game, the time it spends deciding is taken from it, and each move made adds ``increment``.
When a seat's time runs out (its player thinking too long, or gone), the seat is *away*: a bot
(:data:`STAND_IN`, the heuristic) plays for it until the player comes back, which is any message
from one of its sockets (a new connection, a move, or ``{"type": "back"}``).  A player who comes
back with an empty bank gets :data:`RETURN_SECONDS` (at most the bank's size) for each decision
until the bank refills by increments.

The running clock (:class:`Timing`) is stored with the table (:meth:`Timing.to_store`, the
``gt_tables.clock_state`` column): each seat's bank as it stood after the table's last move, and
who is away, written with every move and whenever a seat goes away or comes back.  A restarted
server (or another worker taking the table over) resumes from that (:meth:`Timing.restored`):
banks as they were at the last move, the away seats still played by the bot, and the time of
the decisions under way when the server stopped starts again when the table is loaded.  That
last part is fair on purpose: the seconds a player thought while the server was down, or while
its page could not reach it, are not taken from its bank.

Everything here is public: who is away and how much time each seat has.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from gametable.core.errors import GameError

#: the bot that plays for a seat whose time ran out
STAND_IN = "heuristic"
#: seconds per decision for a player back at the table with an empty bank
RETURN_SECONDS = 30.0
#: the shortest and longest clock allowed (seconds)
MIN_SECONDS = 0.2
MAX_SECONDS = 7 * 24 * 3600.0


class ClockError(GameError):
    """A clock setting that is not one (unknown mode, time out of bounds)."""


def seconds_of(name: str, value: Any) -> float:
    """``value`` as a number of seconds within bounds; :class:`ClockError` if it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ClockError(f"clock {name} is a number of seconds")
    if not math.isfinite(value) or value < 0 or value > MAX_SECONDS:
        raise ClockError(f"clock {name} must lie between 0 and {MAX_SECONDS:g} seconds")
    return float(value)


@dataclass(frozen=True)
class Clock:
    """A table's clock setting (stored with the table)."""

    mode: str  # "move" or "bank"
    seconds: float
    increment: float = 0.0

    @classmethod
    def from_json(cls, data: Any) -> Clock | None:
        """The clock in ``data`` (``None``: no clock); :class:`ClockError` says what is wrong."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ClockError('a clock is {"mode": "move" | "bank", "seconds": ...}')
        unknown = set(data) - {"mode", "seconds", "increment"}
        if unknown:
            raise ClockError(f"unknown clock fields: {', '.join(sorted(unknown))}")
        mode = data.get("mode")
        if mode not in ("move", "bank"):
            raise ClockError("clock mode is 'move' (time per move) or 'bank' (per player)")
        seconds = seconds_of("seconds", data.get("seconds"))
        increment = seconds_of("increment", data.get("increment", 0.0))
        if seconds < MIN_SECONDS:
            raise ClockError(f"a clock gives at least {MIN_SECONDS:g} seconds")
        return cls(mode, seconds, increment)

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "seconds": self.seconds, "increment": self.increment}


@dataclass
class Timing:
    """A running clock: each seat's bank, when the current decisions began, who is away."""

    clock: Clock
    players: int
    banks: list[float] = field(default_factory=list)
    started: dict[int, float] = field(default_factory=dict)  # seat -> monotonic start
    away: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.banks:
            self.banks = [self.clock.seconds] * self.players

    def to_store(self) -> dict[str, Any]:
        """What survives a restart: each seat's bank (as after the last move) and who is away."""
        return {"banks": list(self.banks), "away": sorted(self.away)}

    @classmethod
    def restored(cls, clock: Clock, players: int, stored: Any) -> Timing:
        """The clock of a table loaded from the store: ``stored`` (:meth:`to_store`) gives the
        banks and the away seats; the decisions under way start now.  A missing or malformed
        ``stored`` (a table from before clocks were stored) gives full banks, nobody away."""
        timing = cls(clock, players)
        if not isinstance(stored, dict):
            return timing
        banks = stored.get("banks")
        if (
            isinstance(banks, list)
            and len(banks) == players
            and all(
                isinstance(b, int | float) and not isinstance(b, bool) and math.isfinite(b)
                for b in banks
            )
        ):
            timing.banks = [min(max(0.0, float(b)), MAX_SECONDS) for b in banks]
        away = stored.get("away")
        if isinstance(away, list):
            timing.away = {
                s
                for s in away
                if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
            }
        return timing

    def allowance(self, seat: int) -> float:
        """Seconds ``seat`` has for the decision it starts now."""
        if self.clock.mode == "move":
            return self.clock.seconds
        bank = self.banks[seat]
        return bank if bank > 0 else min(RETURN_SECONDS, self.clock.seconds)

    def start(self, deciding: set[int], now: float | None = None) -> None:
        """The seats in ``deciding`` (humans present or not, not away) decide now: each one's
        time runs from its first moment of deciding; the others' stops."""
        now = time.monotonic() if now is None else now
        for seat in list(self.started):
            if seat not in deciding:
                del self.started[seat]
        for seat in deciding:
            self.started.setdefault(seat, now)

    def moved(self, seat: int, now: float | None = None) -> None:
        """``seat`` made a move: its thinking time is taken from its bank (bank mode)."""
        now = time.monotonic() if now is None else now
        self.banks[seat] = self.bank_after_move(seat, now)
        self.started.pop(seat, None)

    def bank_after_move(self, seat: int, now: float) -> float:
        """``seat``'s bank if it moves at ``now`` (nothing changes): less its thinking time, plus
        the increment (bank mode)."""
        began = self.started.get(seat)
        bank = self.banks[seat]
        if self.clock.mode != "bank" or began is None:
            return bank
        used = now - began if bank > 0 else 0.0  # back from away with an empty bank: a free move
        return max(0.0, bank - used) + self.clock.increment

    def stored_after_move(self, seat: int, now: float) -> dict[str, Any]:
        """:meth:`to_store` as it will be once ``seat``'s player moves at ``now`` (written with
        the move, before the move changes anything here)."""
        banks = list(self.banks)
        banks[seat] = self.bank_after_move(seat, now)
        return {"banks": banks, "away": sorted(self.away - {seat})}

    def deadline(self, seat: int) -> float | None:
        began = self.started.get(seat)
        return None if began is None else began + self.allowance(seat)

    def expired(self, now: float | None = None) -> list[int]:
        """Seats whose time ran out by ``now`` (they become away)."""
        now = time.monotonic() if now is None else now
        out = []
        for seat in list(self.started):
            end = self.deadline(seat)
            if end is not None and end <= now:
                out.append(seat)
        for seat in out:
            del self.started[seat]
            self.away.add(seat)
            if self.clock.mode == "bank":
                self.banks[seat] = 0.0
        return out

    def next_deadline(self) -> float | None:
        ends = [d for s in self.started if (d := self.deadline(s)) is not None]
        return min(ends) if ends else None

    def to_json(self, now: float | None = None) -> dict[str, Any]:
        """What every seat may know of the clock: the setting, each seat's bank (bank mode),
        the seconds left to the seats deciding now and their deadlines (``ends``, seconds since
        the epoch on the server's clock, beside its ``now``), who is away."""
        now = time.monotonic() if now is None else now
        wall = time.time()
        left, ends = {}, {}
        for seat in self.started:
            end = self.deadline(seat)
            if end is not None:
                left[str(seat)] = round(max(0.0, end - now), 1)
                # the deadline on the wall clock, which every browser counts down to alike
                ends[str(seat)] = round(wall + end - now, 3)
        return {
            **self.clock.to_json(),
            "banks": [round(b, 1) for b in self.banks] if self.clock.mode == "bank" else None,
            "left": left,
            "ends": ends,
            "now": round(wall, 3),
            "away": sorted(self.away),
        }
