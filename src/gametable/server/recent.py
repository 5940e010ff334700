"""The lobby's recent finished games (``GET /api/recent-games``, issue 17).

Only **public** tables are listed: those made with at least one seat open to anyone
(``gt_tables.listed``).  Such a table was listed among the open tables while it waited for a
stranger, so its id was public from the start, and anyone holding the id may already watch it,
read its public facts and, once it is over, its record and replay.  A table whose creator handed
out every seat by invite link stays private: its id is never listed here.

Each entry holds public facts only: the game, the seats' names and kinds (bot or human), how the
game ended (``Outcome``, as a spectator hears it at the end), when its last move was made and the
replay page.  No seed, no key, no notation.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import Any

from gametable.core.errors import GameError
from gametable.core.record import Record
from gametable.core.registry import load_game
from gametable.server.manager import TableManager
from gametable.server.schema import FinishedTable
from gametable.server.store import Store

#: the most finished games listed, and how long (s) a list is reused
RECENT_SHOWN = 20
RECENT_FRESH = 5.0
#: outcomes remembered (a finished game's outcome never changes)
OUTCOMES_KEPT = 512
#: the most game names (and "all") whose lists are cached at once
LISTS_KEPT = 64


def stored_outcome(store: Store, table_id: str) -> dict[str, Any] | None:
    """How the stored game ``table_id`` ended, replayed from its record; ``None`` if it cannot
    be replayed (a game this server no longer has, or another version of it)."""
    stored = store.load(table_id)
    if stored is None:
        return None
    record = Record(
        stored.game,
        stored.version,
        stored.players,
        stored.seed,
        stored.options,
        [(seat, notation) for seat, notation, _text in stored.moves],
    )
    try:
        outcome = record.replay().outcome
    except GameError:  # RecordError, UnknownGame: listed without its outcome
        return None
    return None if outcome is None else outcome.to_json()


def title_of(game: str) -> str:
    try:
        return load_game(game).title
    except GameError:  # a game this server no longer has: listed by its name
        return game


def finished_json(table: FinishedTable, outcome: dict[str, Any] | None) -> dict[str, Any]:
    """What the lobby says of a finished public table."""
    seats = [
        {"seat": i, "kind": s.get("kind"), "bot": s.get("bot"), "name": s.get("name")}
        for i, s in enumerate(table.seats)
    ]
    return {
        "id": table.id,
        "game": table.game,
        "title": title_of(table.game),
        "players": table.players,
        "options": table.options,
        "seats": seats,
        "moves": table.move_count,
        "outcome": outcome,
        "created_at": table.created_at,
        "finished_at": table.finished_at,
        "replay": f"/t/{table.id}/replay",
    }


class RecentGames:
    """The list, cached per game name for :data:`RECENT_FRESH` seconds; each game's outcome is
    replayed once (from memory if this worker holds the table) and remembered."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.lists: dict[str | None, tuple[float, list[dict[str, Any]]]] = {}
        self.outcomes: OrderedDict[tuple[str, int], dict[str, Any] | None] = OrderedDict()
        self.lock = asyncio.Lock()

    async def listing(self, game: str | None) -> list[dict[str, Any]]:
        now = time.monotonic()
        cached = self.lists.get(game)
        if cached is not None and now - cached[0] <= RECENT_FRESH:
            return cached[1]
        async with self.lock:  # one reader at a time refreshes; the others reuse its list
            cached = self.lists.get(game)
            if cached is not None and time.monotonic() - cached[0] <= RECENT_FRESH:
                return cached[1]
            # read more than shown when filtering by game, like the open tables
            wanted = RECENT_SHOWN if game is None else RECENT_SHOWN * 5
            stored = await asyncio.to_thread(self.manager.store.recent_finished, wanted)
            chosen = [t for t in stored if game in (None, t.game)][:RECENT_SHOWN]
            listing = [finished_json(t, await self.outcome(t)) for t in chosen]
            if len(self.lists) >= LISTS_KEPT:  # a client trying many game names
                self.lists.clear()
            self.lists[game] = (time.monotonic(), listing)
            return listing

    async def outcome(self, table: FinishedTable) -> dict[str, Any] | None:
        key = (table.id, table.move_count)
        if key in self.outcomes:
            return self.outcomes[key]
        held = self.manager.tables.get(table.id)
        if held is not None and held.seq == table.move_count and held.state.outcome is not None:
            outcome: dict[str, Any] | None = held.state.outcome.to_json()
        else:
            outcome = await asyncio.to_thread(stored_outcome, self.manager.store, table.id)
        self.outcomes[key] = outcome
        while len(self.outcomes) > OUTCOMES_KEPT:
            self.outcomes.popitem(last=False)
        return outcome
