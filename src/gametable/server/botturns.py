"""A table's bots at work: the seats a bot plays (or stands in for, while its player is away)
choose in the server's bot pool and play when it is their turn.

Bots choose in the bot pool (worker processes with a hard deadline,
:mod:`gametable.server.botpool`), so a slow bot never blocks another table.  A bot's seed for a
decision is reproducible across restarts and reveals nothing of the table's seed
(:func:`bot_seed`).  A bot's move goes through the table like a player's, with the ``seq`` and
the number of moves taken back it chose at: if the table has moved on meanwhile, it chooses
again on the table as it is now.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from gametable.server.clocks import STAND_IN
from gametable.server.refused import Refused
from gametable.server.tablecore import TableCore, TablePart

log = logging.getLogger("gametable.server")

#: how a bot's move is played: (seat, action, seen, takebacks) -> the new ``seq``
Play = Callable[[int, Any, int, int], Awaitable[int]]
#: failures in a row (other than the table moving on) after which a table's bots give up
MAX_FAILURES = 3


def bot_seed(table_seed: int, seat: int, ply: int) -> int:
    """A bot's seed for one decision: reproducible across restarts, and reveals nothing of the
    table's seed (one-way hash)."""
    digest = hashlib.sha256(f"bot:{table_seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_to_move(table: TableCore) -> int | None:
    """The first seat to move that a bot plays: a bot's seat, or one whose player is away."""
    away = table.timing.away if table.timing is not None else ()
    for seat in table.state.to_move:
        if table.seats[seat].kind == "bot" or seat in away:
            return seat
    return None


def has_people(table: TableCore) -> bool:
    """Whether a person sits at ``table`` (a human seat, even one a bot stands in for) or
    watches it (any connection): its bots' moves go before those of tables of bots only."""
    return bool(table.connections) or any(s.kind != "bot" for s in table.seats)


class BotTurns(TablePart):
    """A table's bots (a part of :class:`~gametable.server.tables.Table`); ``play`` plays a
    bot's move as the table plays any."""

    def __init__(self, table: TableCore, play: Play) -> None:
        self.attach(table)
        self.play = play
        #: the bots' loop, while a bot is to move
        self.task: asyncio.Task | None = None

    def kick(self) -> None:
        """Start the bots' loop if a bot is to move and it is not running."""
        if self.table.closed or bot_to_move(self.table) is None:
            return
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        table = self.table
        failures = 0
        while not table.closed and (seat := bot_to_move(table)) is not None:
            if table.host.settings.bot_delay > 0:
                await asyncio.sleep(table.host.settings.bot_delay)
            ply, takebacks = table.seq, table.takebacks
            try:
                action = await self.choice(seat)
                await self.play(seat, action, ply, takebacks)
                failures = 0
            except Refused as exc:  # the table moved on meanwhile (several seats to move)
                if exc.kind == "stale":
                    continue  # it chooses again on the table as it is now
                failures += 1
                if failures > MAX_FAILURES:
                    log.error("table %s: bot at seat %s keeps failing: %s", table.id, seat, exc)
                    return
            except Exception:  # a rules bug must not end the server's loop; the table waits
                log.exception("table %s: bot at seat %s failed", table.id, seat)
                return

    async def choice(self, seat: int) -> str:
        """The bot's move from the bot pool; if the bot could not answer in time, the move its
        worker said first (the heuristic's) or, failing that, a random legal move."""
        table = self.table
        snapshot = table.state.clone()
        away = table.timing is not None and seat in table.timing.away
        spec = STAND_IN if away else table.seats[seat].bot or "random"
        seed = bot_seed(table.seed, seat, snapshot.ply)
        job = {
            "game": table.game.name,
            "state": snapshot.to_json(),
            "seat": seat,
            "spec": spec,
            "seed": seed,
        }
        answer = await table.host.bots.move(job, people=has_people(table))
        if answer.move is not None:
            return answer.move
        log.warning(
            "table %s: bot %s at seat %s: %s; playing %s",
            table.id,
            spec,
            seat,
            answer.problem,
            "the heuristic's move" if answer.provisional else "a random move",
        )
        if answer.provisional is not None:
            return answer.provisional
        return str(random.Random(seed).choice(snapshot.legal_actions(seat)))

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
