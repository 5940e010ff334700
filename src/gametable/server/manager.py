"""The tables of a server: created, loaded lazily from the store, unloaded when quiet, expired
when idle, and rematched.

A table is in memory only while this worker holds its lease (:mod:`gametable.server.cluster`):
:meth:`TableManager.get` takes the lease before loading, and raises
:class:`~gametable.server.cluster.Elsewhere` for a table another live worker holds (the API and
the socket then forward the request there).  A new table stays in memory if this worker is alone
on its database or a bot has to move at once; otherwise it waits in the database for its first
visitor, whose worker (the one the proxy hashes its id to) takes it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from gametable.bots import check_bot_spec
from gametable.core.errors import GameError
from gametable.core.protocol import Game, State
from gametable.core.registry import game_names, load_game
from gametable.server import dbcheck, timings
from gametable.server.botpool import BotPool
from gametable.server.clocks import Clock, ClockError, Timing
from gametable.server.cluster import Elsewhere, Worker
from gametable.server.groupcommit import Writer
from gametable.server.handback import Handback
from gametable.server.limits import Limits
from gametable.server.record import rebuild
from gametable.server.refused import Refused
from gametable.server.schema import StoredTable
from gametable.server.seats import SeatInfo, hash_token, new_token
from gametable.server.settings import Settings
from gametable.server.store import Store
from gametable.server.tables import Table

log = logging.getLogger("gametable.server")

#: text option values a remote client may send: short plain words, never a file path
SAFE_OPTION = re.compile(r"[A-Za-z0-9_+=:,-]{0,40}")
#: the bot that takes a seat whose stored spec this server no longer accepts
FALLBACK_BOT = "heuristic"
#: the bot of a seat made with ``kind: bot`` and no spec: the ``normal`` level (the rules of
#: thumb), as the lobby and the terminal fill seats
DEFAULT_BOT = "normal"


def discover_games() -> list[str]:
    """The registered games (every package under ``gametable.games``)."""
    return game_names()


#: tables stamped as used per write by the sweep (:meth:`TableManager.stamp_used`)
STAMP_PIECE = 500


class TableManager:
    """The tables of a server: created, loaded lazily from the store, expired when idle."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.games = discover_games()
        self.writer = Writer(store, window=settings.commit_window)
        self.limits = Limits(settings)
        self.bots = BotPool(
            settings.bot_processes,
            settings.bot_deadline,
            settings.bot_grace,
            reserved=settings.bot_reserved,
        )
        self.worker = Worker(settings, store, self.writer)
        self.tables: dict[str, Table] = {}
        #: problems of the database found at the start or since (:mod:`~.dbcheck`), and the
        #: tables found damaged, with the problem
        self.damage: list[str] = []
        self.damaged: dict[str, str] = {}
        #: the tables of bots only each client opened (:meth:`check_bot_tables`)
        self.bot_tables: dict[str, set[str]] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        #: tables whose lease is being given back (not to be claimed again until it is)
        self._releasing: dict[str, asyncio.Event] = {}
        #: the tables that belong elsewhere (:meth:`hand_back`)
        self.handback = Handback()
        #: tables in the database, counted when the server starts (``start``) and at every
        #: sweep, kept exact in between: a creation takes its place before it awaits anything
        self.count = 0
        self._creating = 0
        #: creations begun since the server started (the sweep's recount is made only when
        #: none began while it counted)
        self._begun = 0
        #: when the tables in use were last stamped (``stamp_used``; monotonic)
        self._stamped = time.monotonic()
        #: told of each rematch made (old table, new table): the players' seats follow it
        self.rematched: list[Callable[[Table, Table], Awaitable[None]]] = []

    async def start(self, address: str | None = None) -> None:
        """Check the database, count the tables and enter this worker in the database
        (``address``: where the other workers reach it).  Damage found is logged and kept in
        :attr:`damage` (``GET /api/health`` says ``degraded``); the server serves what it can
        read."""
        self.damage = await asyncio.to_thread(dbcheck.check_database, self.store.engine)
        for problem in self.damage:
            log.error("the database is damaged: %s", problem)
        if self.damage:
            log.error(
                "the database is damaged (above): tables on the damaged pages answer "
                "'damaged'; 'gametable db check' lists them, 'gametable db export' saves the rest"
            )
        try:
            self.count = await asyncio.to_thread(self.store.count)
        except Exception as exc:  # the count cannot be read: start anyway, with the others
            if not dbcheck.is_damage(exc):
                raise
            self.note_damage(None, exc)
            self.count = 0
        await self.worker.start(address)

    def note_takeover(self, table_id: str, previous: str | None) -> None:
        """Remember whom a table was taken over from, to give it back when that worker is back
        (:mod:`~gametable.server.handback`)."""
        name = self.worker.known.get(previous) if previous is not None else None
        if previous is not None and name is not None and name != self.worker.name:
            self.handback.took(table_id, name, previous)

    def note_damage(self, table_id: str | None, exc: BaseException) -> Refused:
        """Remember (and log once) that ``table_id`` (``None``: the database as a whole)
        cannot be read; the refusal its requests get."""
        problem = dbcheck.problem_of(exc)
        if table_id is None:
            if problem not in self.damage:
                log.error("the database is damaged: %s", problem)
                self.damage.append(problem)
        elif table_id not in self.damaged:
            log.error("table %s is damaged in the database: %s", table_id, problem)
            self.damaged[table_id] = problem
        return Refused(
            "damaged",
            "this table is damaged in the server's database and cannot be loaded; the "
            "server's operator has been told (the other tables are not affected)",
        )

    async def run_worker(self) -> None:
        """Heartbeats; tables taken over by another worker meanwhile are forgotten, and those
        whose clients all come through other workers are handed back (:meth:`hand_back`)."""
        await self.worker.run(lambda: set(self.tables), self.lose, self.hand_back)

    async def hand_back(self) -> list[str]:
        """Hand the tables that belong elsewhere to the worker the router sends their clients
        to (:mod:`~gametable.server.handback`): their sockets closed with 1012 (the clients
        reconnect), their leases handed over in one write per worker."""
        due = self.handback.due(self.tables, self.worker.live, self.worker.incarnation)
        by_worker: dict[str, list[str]] = {}
        for table_id, to in due.items():
            self.tables.pop(table_id).close(1012, "this table moved to another server; reconnect")
            by_worker.setdefault(to, []).append(table_id)
        for to, ids in by_worker.items():
            await self.release(ids, to)
        if due:
            log.info("handed %d tables to the workers their clients come through", len(due))
        return list(due)

    def lose(self, table_ids: set[str]) -> None:
        """Forget tables whose lease another worker has taken: their sockets are closed with
        1012 (the clients reconnect and reach the holder)."""
        for table_id in table_ids:
            table = self.tables.pop(table_id, None)
            if table is not None:
                log.warning("table %s: taken over by another worker; forgotten here", table_id)
                table.close(code=1012, reason="this table moved to another server; reconnect")

    def check_bot(self, spec: str) -> str:
        """``spec`` if this server lets such a bot sit in; ``ValueError`` says why not."""
        settings = self.settings
        return check_bot_spec(
            spec,
            max_seconds=settings.bot_max_seconds,
            max_iterations=settings.bot_max_iterations,
            limits={
                "samples": settings.bot_max_samples,
                "budget": settings.bot_max_samples,
                "plies": settings.bot_max_plies,
            },
        )

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any] | None,
        seat_specs: list[dict[str, Any]],
        rematch_of: Table | None = None,
        clock: dict[str, Any] | None = None,
        client: str | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table; the secret token of each human seat (shown once, stored hashed).
        ``clock``: the turn clock (:class:`~gametable.server.clocks.Clock`), or none.
        ``client``: who asks (a table of bots only counts against its
        ``max_bot_tables_per_client``)."""
        try:
            timing_clock = Clock.from_json(clock)
        except ClockError as exc:
            raise Refused("invalid", str(exc)) from None
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
        seats, tokens = self.make_seats(seat_specs)
        bots_only = client is not None and all(s.kind == "bot" for s in seats)
        if bots_only:
            self.check_bot_tables(str(client))
        if self.count >= self.settings.max_tables:
            raise Refused("busy", "this server holds too many open tables; try later")
        self.count += 1  # taken now: creations awaiting their write count too
        self._creating += 1
        self._begun += 1
        try:
            made = await self._create(game, state, players, seats, tokens, rematch_of, timing_clock)
            if bots_only:
                self.bot_tables.setdefault(str(client), set()).add(made[0].id)
            return made
        except BaseException:  # not made (failed or cancelled): its place is free again
            self.count -= 1
            raise
        finally:
            self._creating -= 1

    def check_bot_tables(self, client: str) -> None:
        """:class:`Refused` if ``client`` already has its share of tables of bots only running
        here (``max_bot_tables_per_client``); the tables that ended or left are forgotten."""
        running = self.running_bot_tables(client)
        limit = self.settings.max_bot_tables_per_client
        if len(running) >= limit:
            raise Refused(
                "rate",
                f"you have {len(running)} tables of bots only playing here, the most this "
                f"server allows at once ({limit}); watch one or wait for one to end",
            )

    def running_bot_tables(self, client: str) -> set[str]:
        """The tables of bots only that ``client`` opened and that still play here."""
        running = {
            table_id
            for table_id in self.bot_tables.pop(client, ())
            if (table := self.tables.get(table_id)) is not None
            and not table.closed
            and not table.state.is_over
        }
        if running:
            self.bot_tables[client] = running
        return running

    def make_seats(self, seat_specs: list[dict[str, Any]]) -> tuple[list[SeatInfo], dict[int, str]]:
        """The seats of a new table from their specs, and the secret token of each human seat
        given one now; :class:`Refused` for a spec this server does not take."""
        tokens: dict[int, str] = {}
        seats: list[SeatInfo] = []
        for i, spec in enumerate(seat_specs):
            name = spec.get("name")
            if name is not None and (not isinstance(name, str) or len(name) > 40):
                raise Refused("invalid", f"seat {i}: a name is text of at most 40 characters")
            if spec.get("kind") == "bot":
                try:
                    bot = self.check_bot(str(spec.get("bot") or DEFAULT_BOT))
                except ValueError as exc:
                    raise Refused("invalid", f"seat {i}: {exc}") from None
                seats.append(SeatInfo("bot", bot=bot, name=name))
            elif spec.get("kind") == "open" or (
                spec.get("kind") == "human" and spec.get("open") and not spec.get("token_hash")
            ):  # anyone may take it (the lobby lists it); its key is made when it is taken
                seats.append(SeatInfo("human", name=name, open=True))
            elif spec.get("kind") == "human":
                if spec.get("token_hash"):  # a rematch keeps the seat's secret
                    seats.append(SeatInfo("human", token_hash=spec["token_hash"], name=name))
                else:
                    tokens[i] = new_token()
                    seats.append(SeatInfo("human", token_hash=hash_token(tokens[i]), name=name))
            else:
                raise Refused("invalid", f"seat {i}: kind must be 'human', 'open' or 'bot'")
        return seats, tokens

    async def _create(
        self,
        game: Game,
        state: State,
        players: int,
        seats: list[SeatInfo],
        tokens: dict[int, str],
        rematch_of: Table | None,
        clock: Clock | None,
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
            host=self,
            rematch_of=rematch_of.id if rematch_of else None,
            created_at=now,
            timing=None if clock is None else Timing(clock, players),
        )
        # kept here if a bot moves first (this worker plays it) or no other worker shares the
        # database; else it waits there for its first visitor, whose worker takes it
        keep = self.worker.alone or table.bot_to_move() is not None
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
                owner=self.worker.incarnation if keep else None,
                open_seats=sum(1 for s in seats if s.open),
                listed=any(s.open for s in seats),
                clock=None if clock is None else clock.to_json(),
                clock_state=None if table.timing is None else table.timing.to_store(),
            ),
        )
        if keep:
            self.tables[table.id] = table
            table.tick()
            table.kick_bots()
        return table, tokens

    async def get(self, table_id: str) -> Table:
        """The table ``table_id``: in memory, or replayed from the store once this worker holds
        its lease.  :class:`~gametable.server.cluster.Elsewhere` if another live worker holds it;
        :class:`Refused` (``unknown``) if there is no such table."""
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
                    table = await self._claim(table_id)
                    self.tables[table_id] = table
            if table.timing is not None and table.clock.task is None:
                table.tick()
        finally:
            self._loading.pop(table_id, None)
        table.kick_bots()
        return table

    async def _claim(self, table_id: str) -> Table:
        """:meth:`_take` the table; a table whose rows cannot be read is refused as
        ``damaged`` (noted for the health check), not an error of the server."""
        try:
            return await self._take(table_id)
        except (Refused, Elsewhere):
            raise
        except Exception as exc:  # damage is refused below; anything else is a bug: raised
            if not dbcheck.is_damage(exc) and not isinstance(exc, GameError):
                raise
            raise self.note_damage(table_id, exc) from None

    async def _take(self, table_id: str) -> Table:
        releasing = self._releasing.get(table_id)
        if releasing is not None:  # given back a moment ago: let that finish first
            await releasing.wait()
        for _attempt in range(3):
            claim = await asyncio.to_thread(
                self.store.claim, table_id, self.worker.incarnation, self.settings.lease_timeout
            )
            if not claim.exists:
                raise Refused("unknown", "no such table")
            if claim.stored is not None:
                table = await asyncio.to_thread(self._rebuild, claim.stored)
                self.note_takeover(table_id, claim.previous)
                return table
            if claim.address is not None:
                raise Elsewhere(table_id, claim.address)
            # its holder stopped between the two statements: claim again
        raise Refused("busy", "this table is changing servers; try again in a moment")

    def _rebuild(self, stored: StoredTable) -> Table:
        game = load_game(stored.game)
        if game.version != stored.version:
            raise Refused(
                "gone",
                f"this table was played with {stored.game} version "
                f"{stored.version}; this server has version {game.version}",
            )
        state, entries = rebuild(
            game, stored.players, stored.seed, stored.options, stored.moves, stored.requests or {}
        )
        seats = [SeatInfo(**s) for s in stored.seats]
        try:
            clock = Clock.from_json(stored.clock)
        except ClockError as exc:  # stored by a server with other bounds: played without
            log.warning("table %s: clock %r refused (%s); no clock", stored.id, stored.clock, exc)
            clock = None
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
            host=self,
            log=entries,
            rematch_of=stored.rematch_of,
            rematch_id=stored.rematch_id,
            created_at=stored.created_at,
            joined_at=stored.joined_at,
            timing=None
            if clock is None
            else Timing.restored(clock, stored.players, stored.clock_state),
        )

    async def rematch(self, table: Table, seat: int | None) -> str:
        """A new game with the same seats (same secrets, same bots) once ``table`` is over; its
        id (the same one for every seat that asks)."""
        if seat is None:
            raise Refused("spectator", "only a seated player can ask for a rematch")
        async with table.lock:
            if table.rematch_id:
                return table.rematch_id
            if not table.state.is_over:
                raise Refused("playing", "a rematch can start once this game is over")
            specs = [s.to_store() for s in table.seats]
            clock = None if table.timing is None else table.timing.clock.to_json()
            new, _ = await self.create(
                table.game.name, table.players, table.options, specs, rematch_of=table, clock=clock
            )
            await asyncio.to_thread(self.store.set_rematch, table.id, new.id)
            table.rematch_id = new.id
            for follow in self.rematched:
                await follow(table, new)
        table.announce({"type": "rematch", "table": table.id, "rematch": new.id})
        return new.id

    async def evict_quiet_tables(self) -> list[str]:
        """Drop from memory the tables nobody watches and no bot plays, and give their leases
        back (they reload on demand, on whichever worker wants them next)."""
        cutoff = time.monotonic() - self.settings.evict_after
        quiet = [
            t
            for t in self.tables.values()
            if not t.connections
            and not t.busy()
            and t.last_active <= cutoff
            and not t.lock.locked()
        ]
        if not quiet:
            return []
        for table in quiet:
            del self.tables[table.id]
        return await self.release([t.id for t in quiet])

    async def release(self, ids: list[str], to: str | None = None) -> list[str]:
        """Give back the leases of tables just dropped from memory, or hand them to the
        incarnation ``to`` (not claimed again here until that is written)."""
        done = asyncio.Event()
        for table_id in ids:
            self._releasing[table_id] = done
        try:
            extra = () if to is None else (to,)
            await self.writer.write("release", ids, self.worker.incarnation, *extra)
        finally:
            for table_id in ids:
                if self._releasing.get(table_id) is done:
                    del self._releasing[table_id]
            done.set()
        return ids

    async def sweep(self) -> list[str]:
        """Forget the tables idle for longer than ``settings.idle_expiry`` and those nobody
        joined within ``settings.unjoined_expiry`` (deleted from the database); unload the quiet
        ones from memory; mark the tables someone is connected to as used (one write for all).
        The ids of the deleted tables.

        A move does not stamp its table's ``updated_at`` (an indexed column: rewriting it at
        every move cost the group commits more than the move itself), so the sweep stamps the
        tables someone is connected to and those that moved since the last sweep: a table's
        stamp is at most ``sweep_interval`` late, against an ``idle_expiry`` of days."""
        await self.stamp_used()
        await self.evict_quiet_tables()
        now = time.time()
        gone = await asyncio.to_thread(
            self.store.expire,
            now - self.settings.idle_expiry,
            now - self.settings.unjoined_expiry,
        )
        for table_id in gone:
            table = self.tables.pop(table_id, None)
            if table is not None:
                table.close()
        self.count = max(0, self.count - len(gone))
        for client in list(self.bot_tables):
            self.running_bot_tables(client)  # clients whose tables of bots ended are forgotten
        await self.recount()
        return gone

    async def recount(self) -> None:
        """Count the tables in the database again (other workers of the database create and
        delete tables too), unless a creation of this worker's is under way: one whose write
        lands while the count is read would be counted twice or not at all (the count said
        503 below the cap, or let one table too many in). Then the count kept since stays,
        and the next sweep recounts."""
        if self._creating:
            return
        begun = self._begun
        counted = await asyncio.to_thread(self.store.count)
        if self._creating == 0 and self._begun == begun:
            self.count = counted

    async def stamp_used(self) -> None:
        """Mark as used now the tables someone is connected to and those active since the last
        stamp: :data:`STAMP_PIECE` tables a write, one write after the other, each in a group
        commit with the moves of that moment.  (All of them in one write held up the moves of
        its commit for 100-300 ms at 5,000 tables: ``sweep`` in ``bench/capacity.py``.)"""
        since, self._stamped = self._stamped, time.monotonic()
        used = [t.id for t in self.tables.values() if t.connections or t.last_active > since]
        now = time.time()
        for start in range(0, len(used), STAMP_PIECE):
            await self.writer.write("touch", used[start : start + STAMP_PIECE], now)

    async def run_sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            started = time.monotonic()
            try:
                await self.sweep()
                timings.record("sweep", time.monotonic() - started, len(self.tables))
            except Exception:  # one failed sweep (a database hiccup) must not end the sweeper
                log.exception("expiring idle tables failed")

    async def close(self) -> None:
        """Stop: bots killed at once, tables closed (their moves are already stored), leases
        given back (another worker may take the tables at once)."""
        self.bots.close()
        for table in self.tables.values():
            table.stop()
        await self.bots.aclose()
        try:  # the moves since the last sweep stamp their tables
            await self.stamp_used()
        except Exception:  # the database is gone: the stamps are at most a sweep late
            log.exception("stamping the tables in use failed")
        try:
            await self.worker.stop()
        except Exception:  # the database is gone: the leases end by themselves (lease_timeout)
            log.exception("worker %s: giving the leases back failed", self.worker.name)
        await asyncio.to_thread(self.writer.close)  # its thread ends with the server
