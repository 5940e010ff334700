"""The tables of a server: created, loaded lazily from the store, unloaded when quiet, expired
when idle, and rematched."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from typing import Any

from gametable.bots import check_bot_spec
from gametable.core.errors import GameError
from gametable.core.protocol import Game, State
from gametable.core.registry import game_names, load_game
from gametable.server.botpool import BotPool
from gametable.server.limits import Limits
from gametable.server.settings import Settings
from gametable.server.store import Store, StoredTable, Writer
from gametable.server.tables import LogEntry, Refused, SeatInfo, Table, hash_token, new_token

log = logging.getLogger("gametable.server")

#: text option values a remote client may send: short plain words, never a file path
SAFE_OPTION = re.compile(r"[A-Za-z0-9_+=:,-]{0,40}")
#: the bot that takes a seat whose stored spec this server no longer accepts
FALLBACK_BOT = "heuristic"


def discover_games() -> list[str]:
    """The registered games (every package under ``gametable.games``)."""
    return game_names()


class TableManager:
    """The tables of a server: created, loaded lazily from the store, expired when idle."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.games = discover_games()
        self.writer = Writer(store)
        self.limits = Limits(settings)
        self.bots = BotPool(settings.bot_processes, settings.bot_deadline, settings.bot_grace)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        #: tables in the database, counted when the server starts (``start``) and kept exact
        #: from then on: a creation takes its place before it awaits anything
        self.count = 0

    async def start(self) -> None:
        self.count = await asyncio.to_thread(self.store.count)

    def check_bot(self, spec: str) -> str:
        """``spec`` if this server lets such a bot sit in; ``ValueError`` says why not."""
        return check_bot_spec(
            spec,
            max_seconds=self.settings.bot_max_seconds,
            max_iterations=self.settings.bot_max_iterations,
        )

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any] | None,
        seat_specs: list[dict[str, Any]],
        rematch_of: Table | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table; the secret token of each human seat (shown once, stored hashed)."""
        for key, value in (options or {}).items():
            if isinstance(value, str) and not SAFE_OPTION.fullmatch(value):
                # text options may name files on the host (Balam's board): refuse any path
                raise Refused(
                    "invalid",
                    f"option {key!r}: {value!r} is not accepted here; "
                    "use one of the names the game offers",
                )
        try:
            game = load_game(game_name)
            state = game.new_game(players, options=options)
        except GameError as exc:
            raise Refused("invalid", str(exc)) from None
        except ValueError as exc:
            raise Refused("invalid", str(exc)) from None
        if len(seat_specs) != players:
            raise Refused("invalid", f"give exactly {players} seats, not {len(seat_specs)}")
        tokens: dict[int, str] = {}
        seats: list[SeatInfo] = []
        for i, spec in enumerate(seat_specs):
            name = spec.get("name")
            if name is not None and (not isinstance(name, str) or len(name) > 40):
                raise Refused("invalid", f"seat {i}: a name is text of at most 40 characters")
            name = " ".join(name.split()) or None if name else None
            if spec.get("kind") == "bot":
                try:
                    bot = self.check_bot(str(spec.get("bot") or "random"))
                except ValueError as exc:
                    raise Refused("invalid", f"seat {i}: {exc}") from None
                seats.append(SeatInfo("bot", bot=bot, name=name))
            elif spec.get("kind") == "human":
                if spec.get("token_hash"):  # a rematch keeps the seat's secret
                    seats.append(SeatInfo("human", token_hash=spec["token_hash"], name=name))
                else:
                    tokens[i] = new_token()
                    seats.append(SeatInfo("human", token_hash=hash_token(tokens[i]), name=name))
            else:
                raise Refused("invalid", f"seat {i}: kind must be 'human' or 'bot'")
        if self.count >= self.settings.max_tables:
            raise Refused("busy", "this server holds too many open tables; try later")
        self.count += 1  # taken now: creations awaiting their write count too
        try:
            return await self._create(game, state, players, seats, tokens, rematch_of)
        except BaseException:  # not made (failed or cancelled): its place is free again
            self.count -= 1
            raise

    async def _create(
        self,
        game: Game,
        state: State,
        players: int,
        seats: list[SeatInfo],
        tokens: dict[int, str],
        rematch_of: Table | None,
    ) -> tuple[Table, dict[int, str]]:
        now = time.time()
        table = Table(
            id=secrets.token_urlsafe(9),
            game=game,
            seed=state.seed,
            players=players,
            options=dict(state.options),
            seats=seats,
            state=state,
            manager=self,
            rematch_of=rematch_of.id if rematch_of else None,
            created_at=now,
        )
        await self.writer.write(
            "create_table",
            StoredTable(
                id=table.id,
                game=game.name,
                version=game.version,
                players=players,
                seed=state.seed,
                options=table.options,
                seats=[s.to_store() for s in seats],
                status="playing",
                rematch_of=table.rematch_of,
                rematch_id=None,
                created_at=now,
                updated_at=now,
                moves=[],
                joined_at=None,
            ),
        )
        self.tables[table.id] = table
        table.kick_bots()
        return table, tokens

    async def get(self, table_id: str) -> Table:
        """The table ``table_id``, replayed from the store if it is not in memory."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise Refused("unknown", "no such table")
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is None:
                    stored = await asyncio.to_thread(self.store.load, table_id)
                    if stored is None:
                        raise Refused("unknown", "no such table")
                    table = await asyncio.to_thread(self._rebuild, stored)
                    self.tables[table_id] = table
        finally:
            self._loading.pop(table_id, None)
        table.kick_bots()
        return table

    def _rebuild(self, stored: StoredTable) -> Table:
        game = load_game(stored.game)
        if game.version != stored.version:
            raise Refused(
                "gone",
                f"this table was played with {stored.game} version "
                f"{stored.version}; this server has version {game.version}",
            )
        state = game.new_game(stored.players, seed=stored.seed, options=stored.options)
        entries = []
        requests = stored.requests or {}
        for n, (seat, notation, text) in enumerate(stored.moves, start=1):
            state.apply(game.parse_action(state, notation), seat)
            entries.append(LogEntry(n, seat, notation, text, requests.get(n)))
        seats = [SeatInfo(**s) for s in stored.seats]
        for i, seat_info in enumerate(seats):
            if seat_info.kind == "bot":
                try:
                    self.check_bot(seat_info.bot or "random")
                except ValueError as exc:  # stored before this server's limits: never run it
                    log.warning(
                        "table %s seat %s: bot %r refused (%s); %s plays instead",
                        stored.id,
                        i,
                        seat_info.bot,
                        exc,
                        FALLBACK_BOT,
                    )
                    seat_info.bot = FALLBACK_BOT
        return Table(
            id=stored.id,
            game=game,
            seed=stored.seed,
            players=stored.players,
            options=stored.options,
            seats=seats,
            state=state,
            manager=self,
            log=entries,
            rematch_of=stored.rematch_of,
            rematch_id=stored.rematch_id,
            created_at=stored.created_at,
            joined_at=stored.joined_at,
        )

    async def rematch(self, table: Table, seat: int | None) -> Table:
        """A new game with the same seats (same secrets, same bots) once ``table`` is over."""
        if seat is None:
            raise Refused("spectator", "only a seated player can ask for a rematch")
        async with table.lock:
            if table.rematch_id:
                return await self.get(table.rematch_id)
            if not table.state.is_over:
                raise Refused("playing", "a rematch can start once this game is over")
            specs = [s.to_store() for s in table.seats]
            new, _ = await self.create(
                table.game.name, table.players, table.options, specs, rematch_of=table
            )
            await asyncio.to_thread(self.store.set_rematch, table.id, new.id)
            table.rematch_id = new.id
        table.announce({"type": "rematch", "table": table.id, "rematch": new.id})
        return new

    def evict_quiet_tables(self) -> list[str]:
        """Drop from memory the tables nobody watches and no bot plays (they reload on demand)."""
        cutoff = time.monotonic() - self.settings.evict_after
        quiet = [
            t
            for t in self.tables.values()
            if not t.connections
            and (t.bot_task is None or t.bot_task.done())
            and t.last_active <= cutoff
            and not t.lock.locked()
        ]
        for table in quiet:
            del self.tables[table.id]
        return [t.id for t in quiet]

    async def sweep(self) -> list[str]:
        """Forget the tables idle for longer than ``settings.idle_expiry`` and those nobody
        joined within ``settings.unjoined_expiry`` (deleted from the database); unload the quiet
        ones from memory.  The ids of the deleted tables."""
        self.evict_quiet_tables()
        busy = [t.id for t in self.tables.values() if t.connections]
        for table_id in busy:
            await asyncio.to_thread(self.store.touch, table_id)
        now = time.time()
        gone = await asyncio.to_thread(
            self.store.expire,
            now - self.settings.idle_expiry,
            now - self.settings.unjoined_expiry,
        )
        self.count = max(0, self.count - len(gone))
        for table_id in gone:
            table = self.tables.pop(table_id, None)
            if table is not None:
                table.close()
        return gone

    async def run_sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            try:
                await self.sweep()
            except Exception:
                log.exception("expiring idle tables failed")

    async def close(self) -> None:
        """Stop: bots killed at once, tables closed (their moves are already stored)."""
        self.bots.close()
        for table in self.tables.values():
            table.closed = True
            if table.bot_task is not None:
                table.bot_task.cancel()
        await self.bots.aclose()
