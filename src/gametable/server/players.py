"""Players without accounts: a name and a key, seats at tables, and the ratings settled when a
game ends.

A player picks a name once and gets a **player key**: a long random secret (no e-mail, no
password), kept by the browser and shown as a link (``/me#key=...``: the key after ``#`` never
reaches a server) or a code to carry to another device.  The server stores only its SHA-256.
Replacing the key retires the old one, which from then on is refused as replaced; the seats the
player holds at games in progress are given keys derived from the new one.  Requests carry the
key in the ``X-Player-Key`` header, never in a URL, so it reaches no log.

**Seats.**  A player's seat key is derived from the player key and a random salt stored with
the seat (``gt_player_games.salt``): HMAC-SHA256(player key, ``seat:`` + salt).  So a player can
return to a game in progress from any device that holds the player key (``POST
/api/players/me/tables/{id}/seat`` derives it again), while the server stores, as for every
seat, only the seat key's hash.  A player holds at most one seat per table.

**Ratings** (:mod:`gametable.server.ratings`): when a table with a player seat is over (or
abandoned: it stood still for the ``abandon_after`` setting, waiting for a player), its end is
*settled* once: the places and the players' new ratings are written in one transaction
with the row that marks it settled (:meth:`PlayerRows.settle
<gametable.server.playerrows.PlayerRows.settle>`).  A background task of every server looks for
finished tables not settled yet (:meth:`Players.run`), so a server that stopped before or during
a settlement settles it after its restart, once.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from gametable.core.errors import GameError
from gametable.core.record import Record
from gametable.core.registry import load_game
from gametable.server.manager import TableManager
from gametable.server.playerrows import Player, PlayerRows, RatingConflict
from gametable.server.ratings import BotRatings, Rating, Seat, Settlement, settle
from gametable.server.refused import Refused
from gametable.server.schema import StoredTable
from gametable.server.seats import hash_token
from gametable.server.tables import Table

log = logging.getLogger("gametable.server")

#: the request header that carries a player key
KEY_HEADER = "X-Player-Key"
#: a player key: this prefix and 43 URL-safe characters (256 random bits)
KEY_PREFIX = "gtp-"
KEY_LENGTH = len(KEY_PREFIX) + 43
NAME_MAX = 40
#: characters a name may not hold besides control characters: markup
MARKUP = set("<>&")
#: how often (s) a server looks for finished tables to settle, and how many at a time
SETTLE_INTERVAL = 1.0
SETTLE_BATCH = 50
#: attempts at a settlement whose ratings another settlement changed meanwhile
SETTLE_ATTEMPTS = 5


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def new_id() -> str:
    return secrets.token_urlsafe(12)


def seat_token(key: str, salt: str) -> str:
    """The seat key of a player's seat: derived from the player key and the seat's salt."""
    digest = hmac.new(key.encode(), f"seat:{salt}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def check_key(key: str | None) -> str:
    """``key`` if it is shaped like a player key; :class:`Refused` (``auth``) if not."""
    if not key:
        raise Refused("auth", f"send your player key in the {KEY_HEADER} header")
    if len(key) != KEY_LENGTH or not key.startswith(KEY_PREFIX) or not key.isascii():
        raise Refused("auth", "this is not a player key")
    return key


def check_name(name: Any) -> str:
    """A player's name, its spaces tidied; :class:`Refused` (``invalid``) says what is wrong.

    >>> check_name("  Zoë   van Dijk ")
    'Zoë van Dijk'
    >>> check_name("<b>x</b>")
    Traceback (most recent call last):
    ...
    gametable.server.refused.Refused: a name may not hold <, > or &
    """
    if not isinstance(name, str):
        raise Refused("invalid", "a name is text")
    if len(name) > 4 * NAME_MAX:
        raise Refused("invalid", f"a name is at most {NAME_MAX} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused("invalid", "a name may not hold control or invisible characters")
    if MARKUP & set(name):
        raise Refused("invalid", "a name may not hold <, > or &")
    tidy = " ".join(name.split())
    if not tidy:
        raise Refused("invalid", "a name needs at least one letter")
    if len(tidy) > NAME_MAX:
        raise Refused("invalid", f"a name is at most {NAME_MAX} characters")
    return tidy


def left_seats(stored: StoredTable) -> set[int]:
    """The seats the stand-in bot was playing for when the game ended (the clock's away seats,
    as stored with the last move)."""
    away = (stored.clock_state or {}).get("away") or []
    return {s for s in away if isinstance(s, int) and 0 <= s < stored.players}


class Uncounted(Exception):
    """A game that ended without places to count (its message says why): it is settled
    without places or ratings, so that it is not tried again."""


def ending(stored: StoredTable, stale: bool) -> tuple[tuple[int, ...], set[int]]:
    """How a stored game ended, replayed from its record: each seat's place in the outcome, and
    the seats that left it (:func:`placings` puts them last).

    1. A finished game: the outcome's ranking; the seats the stand-in bot played at the end left.
    2. An abandoned game (``stale``: it stood still for ``abandon_after``): the human seats it
       was waiting for left; everyone else shares the first place.
    3. An abandoned game waiting only for bots (nobody to blame): :class:`Uncounted`.
    4. Any other game is not over: :class:`Refused` (``playing``).
    """
    record = Record(
        stored.game,
        stored.version,
        stored.players,
        stored.seed,
        stored.options,
        [(seat, notation) for seat, notation, _text in stored.moves],
    )
    state = record.replay()
    if state.outcome is not None and stored.status == "over":
        return state.outcome.ranking, left_seats(stored)
    if not stale:
        raise Refused("playing", "this game is not over: its ratings are updated when it ends")
    waiting = {s for s in state.to_move if stored.seats[s].get("kind") != "bot"}
    if not waiting:
        raise Uncounted("not counted: it was abandoned while a bot was to move")
    return tuple(1 for _ in range(stored.players)), waiting


class Players:
    """The players of a server: keys, seats, settlements (see the module's docstring)."""

    def __init__(self, manager: TableManager, bots: BotRatings | None = None) -> None:
        self.manager = manager
        self.rows = PlayerRows(manager.store.engine)
        self.bots = bots or BotRatings.packaged()
        #: one join or creation at a time per player (two browsers racing with one key)
        self._busy: dict[str, asyncio.Lock] = {}
        #: a test stops a settlement half-way with it (``PlayerRows.settle``'s ``crash``)
        self.crash: Callable[[str], None] | None = None
        manager.rematched.append(self.follow_rematch)

    # -- keys ------------------------------------------------------------------------------------
    async def create(self, name: Any) -> tuple[Player, str]:
        """A new player named ``name``, and its key (shown only now)."""
        tidy = check_name(name)
        key = new_key()
        player = await asyncio.to_thread(self.rows.create, new_id(), tidy, hash_token(key))
        return player, key

    async def player(self, key: str | None) -> Player:
        """The player whose key ``key`` is; :class:`Refused` (``auth``) if none."""
        return await asyncio.to_thread(self.rows.by_key, hash_token(check_key(key)))

    async def replace_key(self, key: str) -> tuple[Player, str, int]:
        """A new key for the player of ``key``, which is retired; the seats at games in progress
        get seat keys derived from the new one.  The player, its new key and how many seats
        were given new keys."""
        player = await self.player(key)
        async with self._lock(player.id):
            fresh = new_key()
            await asyncio.to_thread(
                self.rows.replace_key, player.id, hash_token(key), hash_token(fresh)
            )
            moved = await self._rekey_seats(player, fresh)
        return player, fresh, moved

    async def _rekey_seats(self, player: Player, key: str) -> int:
        """Give the player's seats at games in progress held by this worker the seat keys of
        the new player key (a game elsewhere keeps the old seat key until it ends)."""
        games = await asyncio.to_thread(self.rows.games, player.id, 500)
        moved = 0
        for row in games:
            if row["status"] != "playing":
                continue
            try:
                table = await self.manager.get(row["table_id"])
            except Exception:  # another worker holds it, or it is gone: its seat key stays
                log.info("table %s: the seat key stays (not held here)", row["table_id"])
                continue
            moved += await set_seat_key(table, row["seat"], seat_token(key, row["salt"]))
        return moved

    def _lock(self, player_id: str) -> asyncio.Lock:
        lock = self._busy.get(player_id)
        if lock is None:
            if len(self._busy) > 1000:
                self._busy = {k: v for k, v in self._busy.items() if v.locked()}
            lock = self._busy[player_id] = asyncio.Lock()
        return lock

    # -- seats -----------------------------------------------------------------------------------
    async def create_table(
        self,
        key: str,
        seat: int,
        game: str,
        players: int,
        options: Any,
        specs: list[dict[str, Any]],
        clock: Any,
    ) -> tuple[Table, dict[int, str]]:
        """A new table with the player of ``key`` at ``seat`` (a human seat of ``specs``)."""
        player = await self.player(key)
        if not 0 <= seat < len(specs) or specs[seat].get("kind", "human") != "human":
            raise Refused("invalid", f"seat {seat} is not a human seat of this table")
        salt = secrets.token_urlsafe(16)
        token = seat_token(key, salt)
        mine = {"kind": "human", "name": player.name, "token_hash": hash_token(token)}
        specs = [mine if i == seat else s for i, s in enumerate(specs)]
        table, tokens = await self.manager.create(game, players, options, specs, clock=clock)
        await asyncio.to_thread(self.rows.seat, table.id, seat, player.id, table.game.name, salt)
        return table, {**tokens, seat: token}

    async def join(self, key: str, table: Table, seat: int | None) -> tuple[int, str]:
        """The player of ``key`` takes an open seat of ``table`` (``seat``, or the first)."""
        player = await self.player(key)
        async with self._lock(player.id):
            if await asyncio.to_thread(self.rows.seat_at, player.id, table.id):
                raise Refused("taken", "you hold a seat at this table already")
            salt = secrets.token_urlsafe(16)
            taken, token = await table.claim_seat(seat, player.name, seat_token(key, salt))
            await asyncio.to_thread(
                self.rows.seat, table.id, taken, player.id, table.game.name, salt
            )
        return taken, token

    async def take_seat(self, key: str, table: Table, seat: int) -> str:
        """The player of ``key`` takes ``seat`` of ``table``, a human seat its invite link
        opened: the seat gets the player's name and a key derived from the player key (the
        invite link opens it no more); its new key.

        Refused: the game is over (``playing``), the seat is a player's already, or the player
        holds a seat at this table (``taken``).  Nothing is changed then.
        """
        player = await self.player(key)
        async with self._lock(player.id):
            held = await asyncio.to_thread(self.rows.seat_at, player.id, table.id)
            if held is not None:
                mine = "this seat is yours already" if held[0] == seat else "you hold a seat here"
                raise Refused("taken", mine)
            if seat in await asyncio.to_thread(self.rows.players_at, table.id):
                raise Refused("taken", "this seat is another player's")
            if table.state.is_over:
                raise Refused("playing", "this game is over; its seats stay as they were")
            salt = secrets.token_urlsafe(16)
            token = seat_token(key, salt)
            await asyncio.to_thread(
                self.rows.seat, table.id, seat, player.id, table.game.name, salt
            )
            try:
                if not await set_seat_key(table, seat, token, player.name):
                    raise Refused("gone", "this table has been closed")
            except BaseException:  # the seat was not given: the player does not hold it either
                await asyncio.to_thread(self.rows.unseat, table.id, seat, player.id)
                raise
        return token

    async def seat_key(self, key: str, table: Table) -> tuple[int, str]:
        """The player's seat at ``table`` and its key, derived again.  A seat still holding
        the key derived from a replaced player key (its table was held by another worker when
        the key was replaced) is given the new one now, while its game is in progress."""
        player = await self.player(key)
        found = await asyncio.to_thread(self.rows.seat_at, player.id, table.id)
        if found is None:
            raise Refused("unknown", "you hold no seat at this table")
        seat, token = found[0], seat_token(key, found[1])
        if table.seats[seat].token_hash != hash_token(token) and not table.state.is_over:
            await set_seat_key(table, seat, token)
        return seat, token

    async def follow_rematch(self, old: Table, new: Table) -> None:
        """A rematch keeps each seat's key, so a player's seat there is the player's too (same
        seat, same salt: the same seat key derived from the player key)."""
        await asyncio.to_thread(self.rows.follow, old.id, new.id)

    # -- settling --------------------------------------------------------------------------------
    async def settle(self, table_id: str) -> tuple[Settlement | None, dict[str, Any] | None]:
        """Settle ``table_id``'s end now, if it was not (:meth:`settle_now`, in a thread)."""
        return await asyncio.to_thread(self.settle_now, table_id)

    def settle_now(self, table_id: str) -> tuple[Settlement | None, dict[str, Any] | None]:
        """Write the places and ratings of the finished table ``table_id`` once: the
        settlement made now (``None`` if it was settled before) and the stored row that marks
        it settled.  :class:`Refused`: no such table or no player at it (``unknown``), not
        over (``playing``)."""
        already = self.rows.settled(table_id)
        if already is not None:  # asked again: nothing to replay
            return None, already
        holders = self.rows.players_at(table_id)
        stored = self.manager.store.load(table_id)
        if stored is None:
            raise Refused("unknown", "no such table")
        if not holders:
            raise Refused("unknown", "no player with a key sat at this table: nothing to rate")
        stale = stored.updated_at < time.time() - self.manager.settings.abandon_after
        try:
            game = load_game(stored.game)
            ranking, left = ending(stored, stale)
        except GameError as exc:  # another version of the game: its places cannot be told
            return self._uncounted(table_id, stored.game, holders, f"not counted: {exc}")
        except Uncounted as exc:
            return self._uncounted(table_id, stored.game, holders, str(exc))
        seats = stored_seats(stored, holders)
        teams = game.teams(stored.players, stored.options)

        def compute(ratings: Mapping[str, Rating]) -> Settlement:
            now = [
                Seat(s.player, s.bot, ratings.get(s.player or "")) if s.player else s for s in seats
            ]
            return settle(stored.game, now, ranking, left, teams, self.bots)

        for _attempt in range(SETTLE_ATTEMPTS):
            try:
                made = self.rows.settle(table_id, stored.game, holders, compute, self.crash)
                return made, self.rows.settled(table_id)
            except RatingConflict:
                continue
        raise Refused("busy", "the ratings are changing; try again in a moment")

    def _uncounted(
        self, table_id: str, game: str, holders: Mapping[int, str], note: str
    ) -> tuple[Settlement | None, dict[str, Any] | None]:
        """Settle ``table_id`` without places or ratings (``note`` says why), once."""
        nothing = Settlement((), frozenset(), {}, {}, note)
        try:
            made = self.rows.settle(table_id, game, holders, lambda _ratings: nothing)
        except RatingConflict:  # settled meanwhile by another worker
            made = None
        return made, self.rows.settled(table_id)

    async def settle_pending(self) -> int:
        """Settle every finished or abandoned table not settled yet; how many were settled."""
        done = 0
        before = time.time() - self.manager.settings.abandon_after
        for table_id in await asyncio.to_thread(self.rows.unsettled, SETTLE_BATCH, before):
            try:
                made, _row = await self.settle(table_id)
            except Refused as exc:
                log.warning("table %s: not settled: %s", table_id, exc.message)
                continue
            done += made is not None
        return done

    async def run(self) -> None:
        """Settle finished tables as they end (the background task of every server)."""
        while True:
            try:
                await self.settle_pending()
            except Exception:  # a database hiccup must not end the task: the next round retries
                log.exception("settling finished tables failed")
            await asyncio.sleep(SETTLE_INTERVAL)


def stored_seats(stored: StoredTable, holders: dict[int, str]) -> list[Seat]:
    """Each seat of a stored table as rating sees it (its player's rating filled in later)."""
    out = []
    for s, info in enumerate(stored.seats):
        if s in holders:
            out.append(Seat(player=holders[s]))
        elif info.get("kind") == "bot":
            out.append(Seat(bot=info.get("bot") or "normal"))
        else:
            out.append(Seat())
    return out


async def set_seat_key(table: Table, seat: int, token: str, name: str | None = None) -> bool:
    """Give ``seat`` of ``table`` the key ``token`` (and the name ``name``, if given), stored
    and fenced by the table's lease; ``False`` if the table was closed (nothing changed)."""
    async with table.lock:
        if table.closed:
            return False
        seats = list(table.seats)
        info = seats[seat].to_store() | {"token_hash": hash_token(token)}
        seats[seat] = type(seats[seat])(**(info if name is None else info | {"name": name}))
        open_seats = sum(1 for s in seats if s.open and s.token_hash is None)
        await table.persistence.write(
            "seats", [s.to_store() for s in seats], open_seats, moved="try again"
        )
        table.seats = seats
    if name is not None:
        table.announce({"type": "presence", "seats": table.info()["seats"]})
    return True
