"""A table in play: the authoritative state of one game, its seats, connections and bots.

A :class:`Table` holds the live ``State`` (rebuilt from its record when loaded) and is the only
code that changes it: an action is checked on a clone, committed to the store, and only then made
current and pushed, with the table's sequence number (the number of moves made), to every
connection as that connection's own ``view(seat)``.

A table is its facts (:class:`~gametable.server.tablecore.TableCore`) and a few named parts, each
in a module of its own: its seats and their keys (:mod:`~gametable.server.seats`), the offers of
its legal lists (:mod:`~gametable.server.offers`), the memory of its move requests
(:mod:`~gametable.server.repeats`), its writes (:mod:`~gametable.server.persistence`), its
broadcasts (:mod:`~gametable.server.broadcast`), its turn clock
(:mod:`~gametable.server.turnclock`) and its bots' turns (:mod:`~gametable.server.botturns`).
This module plays a move, takes one back and seats a stranger, with the parts; the server that
holds the table (:class:`~gametable.server.manager.TableManager`) is above it, reached only
through :class:`~gametable.server.tablecore.TableHost`.

A move request may carry the ``seq`` its client saw and an ``id``: a request whose ``seq`` is not
the table's is refused as ``stale`` (the client decided on an old position), and a request that
repeats an earlier one of the same seat (same ``id``, ``seq`` and action) gets the first answer
again instead of acting twice, also after a restart (the id is stored with the move).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import msgspec

from gametable.core.errors import GameError
from gametable.core.protocol import Action, Game, State
from gametable.server import seats as seating
from gametable.server.botturns import BotTurns, bot_to_move
from gametable.server.broadcast import Broadcaster
from gametable.server.offers import Forms, Offers
from gametable.server.persistence import Persistence
from gametable.server.record import LogEntry, replay, undoable_move
from gametable.server.refused import Refused
from gametable.server.repeats import RequestMemory, refusal
from gametable.server.tablecore import TableCore, weakly
from gametable.server.turnclock import TurnClock
from gametable.server.wire import Memo

log = logging.getLogger("gametable.server")


@dataclass(eq=False)
class Table(TableCore):
    """A table in play (see the module's docstring); its parts are made with it."""

    offers: Offers = field(init=False, repr=False)
    persistence: Persistence = field(init=False, repr=False)
    broadcaster: Broadcaster = field(init=False, repr=False)
    requests: RequestMemory = field(init=False, repr=False)
    clock: TurnClock = field(init=False, repr=False)
    bot_turns: BotTurns = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.offers = Offers()
        self.persistence = Persistence(self)
        self.broadcaster = Broadcaster(self, self.offers)
        self.requests = RequestMemory(self, weakly(self.answer))
        self.clock = TurnClock(self, self.persistence, weakly(self.kick_bots))
        self.bot_turns = BotTurns(self, weakly(self._play_bot))

    @classmethod
    def apart(
        cls,
        game: Game,
        players: int,
        seed: int,
        state: State | None = None,
        *,
        patch_threshold: int = 2048,
        id: str = "apart",
    ) -> Table:
        """A table that belongs to no server, for benchmarks and tests that drive
        :meth:`broadcast` and the legal lists directly: no store, no bots, no clock (only the
        ``patch_threshold`` setting is read).  ``state`` defaults to the seeded new game."""
        settings = SimpleNamespace(patch_threshold=patch_threshold)
        return cls(
            id=id,
            game=game,
            seed=seed,
            players=players,
            options={},
            seats=[],
            state=state if state is not None else game.new_game(players, seed=seed),
            host=SimpleNamespace(settings=settings),
        )

    # -- seats --------------------------------------------------------------------------------------
    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose secret is ``token`` (``None`` for no token); :class:`Refused` if none."""
        return seating.seat_for_token(self.seats, token)

    def join(self, seat: int | None) -> None:
        """Someone came to play (or, at a table of bots only, to watch): from now on the table
        is kept like any other, not expired as one nobody joined.  Stored in the background
        (with the next group commit): nobody waits for it."""
        if self.joined_at is not None:
            return
        if seat is None and any(s.kind == "human" for s in self.seats):
            return
        self.joined_at = time.time()
        self.persistence.in_background("join", self.joined_at, what="that it was joined")

    async def claim_seat(
        self, seat: int | None, name: str | None, token: str | None = None
    ) -> tuple[int, str]:
        """Give a stranger an open seat (``seat``, or the first open one): the seat and its new
        key (``token`` if given).  Only seats the creator left open can be taken, each once: the claim is decided
        under the table's lock and stored (fenced by the lease) before anyone hears of it."""
        async with self.lock:
            if self.closed:
                raise Refused("gone", "this table has been closed")
            if self.state.is_over:
                raise Refused("playing", "this game is over; nobody can join it now")
            seat, token, seats = seating.claim(self.seats, seat, name, token)
            still_open = len(seating.free_seats(seats))
            stored = [s.to_store() for s in seats]
            await self.persistence.write("seats", stored, still_open, moved="try again")
            self.seats = seats
            self.last_active = time.monotonic()
        self.announce({"type": "presence", "seats": self.info()["seats"]})
        return seat, token

    # -- what each seat is told (the offers and the broadcaster) ------------------------------------
    def legal_entries(self, seat: int | None) -> list[tuple[Forms, str, int | None]]:
        return self.offers.legal_entries(self.state, seat)

    def legal_for(self, seat: int | None) -> list[dict[str, Any]]:
        return self.offers.legal_for(self.state, seat)

    def legal_text(self, seat: int | None) -> msgspec.Raw:
        return self.offers.legal_text(self.state, seat)

    def from_offer(self, seat: int | None, action: Any) -> tuple[Action, str] | None:
        return self.offers.from_offer(self.state, seat, action)

    def message_for(
        self, seat: int | None, kind: str = "update", view: Any = None
    ) -> dict[str, Any]:
        return self.broadcaster.message_for(seat, kind, view)

    def info(self) -> dict[str, Any]:
        return self.broadcaster.info()

    def update_text(
        self,
        seat: int | None,
        head: bytes | None = None,
        view: Mapping[str, Any] | None = None,
        memo: Memo | None = None,
    ) -> str:
        return self.broadcaster.update_text(seat, head, view, memo)

    def broadcast(self) -> None:
        self.broadcaster.broadcast()

    # -- taking a move back ---------------------------------------------------------------------
    async def take_back(self, seat: int | None) -> int:
        """Take back ``seat``'s last move: the state is rebuilt by replaying the record without
        it, the move is deleted from the store (the record keeps only what stands), and every
        connection gets its seat's view again (``sync``).  The new sequence number."""
        if seat is None:
            raise Refused("spectator", "spectators cannot take moves back")
        async with self.lock:
            if self.closed:
                raise Refused("gone", "this table has been closed")
            if not self.may_take_back(seat):
                raise Refused("not_undoable", self.why_not_take_back(seat))
            last = self.log[-1]
            entries = self.log[:-1]
            before = await asyncio.to_thread(
                replay, self.game, self.players, self.seed, self.options, entries
            )
            status = "over" if before.is_over else "playing"
            try:
                await self.persistence.write("take_back", last.n, status, moved="nothing changed")
            except Refused:
                raise
            except Exception:  # not deleted, so not taken back: the table stays as it was
                log.exception("table %s: taking back move %s failed", self.id, last.n)
                raise Refused(
                    "error", "the move could not be taken back; nothing changed"
                ) from None
            self.state = before
            self.log.pop()
            self.takebacks += 1
            self.last_active = time.monotonic()
            self.tick()
            self.announce(
                {
                    "type": "taken_back",
                    "table": self.id,
                    "seat": seat,
                    "n": last.n,
                    "text": last.text,
                }
            )
            for conn in list(self.connections):
                conn.send(self.message_for(conn.seat, "sync"))
        self.kick_bots()
        return self.seq

    def why_not_take_back(self, seat: int) -> str:
        if not self.log:
            return "no move has been made yet"
        if self.state.is_over:
            return "the game is over"
        if self.log[-1].seat != seat:
            return "only the last move can be taken back, by the seat that made it"
        return (
            f"{self.game.title} does not let this move be taken back (something hidden came "
            "out of it, or the turn has passed); see the rules' notes"
        )

    # -- acting -----------------------------------------------------------------------------------
    def parse(self, state: State, action: Any) -> Action:
        """``action`` as notation text, an integer code or its JSON form (``{"kind": ...}``)."""
        if isinstance(action, Action):
            return action
        if isinstance(action, dict):
            try:
                return self.game.action_from_json(state, action)
            except GameError as exc:
                raise Refused.from_game_error(exc) from None
            except NotImplementedError:
                raise Refused(
                    "invalid", f"{self.game.title} does not read actions as JSON yet; send notation"
                ) from None
        if isinstance(action, bool):
            raise Refused("invalid", "an action is notation text or an integer code")
        if isinstance(action, int):
            try:
                return state.decode_action(action)
            except (ValueError, IndexError, GameError) as exc:
                raise Refused("invalid", f"action code {action} is not an action: {exc}") from None
        if isinstance(action, str):
            if len(action) > 200:
                raise Refused("invalid", "action text is too long")
            try:
                return self.game.parse_action(state, action)
            except GameError as exc:
                raise Refused.from_game_error(exc) from None
        raise Refused("invalid", "an action is notation text, an integer code or a JSON object")

    def trial(
        self, seat: int | None, action: Any, offered: tuple[Action, str] | None = None
    ) -> tuple[State, Action]:
        """The state after ``seat`` plays ``action``, on a clone; :class:`Refused` says why not.
        ``offered``: :meth:`from_offer`'s answer for ``action``, if asked already."""
        if seat is None:
            raise Refused("spectator", "spectators cannot act")
        if self.closed:
            raise Refused("gone", "this table has been closed")
        trial = self.state.clone()
        if offered is None:
            offered = self.offers.from_offer(self.state, seat, action)
        parsed = offered[0] if offered is not None else self.parse(trial, action)
        try:
            trial.apply(parsed, seat)
        except GameError as exc:
            raise Refused.from_game_error(exc) from None
        except Exception as exc:  # a game bug must not take the table down
            log.exception("table %s: %s by seat %s crashed the rules", self.id, parsed, seat)
            raise Refused("error", f"the rules engine failed on this action: {exc}") from None
        return trial, parsed

    def check(self, seat: int | None, action: Any) -> None:
        self.trial(seat, action)

    async def request(
        self,
        seat: int | None,
        action: Any,
        request_id: int | str | None = None,
        seen: Any = None,
        takebacks: Any = None,
    ) -> dict[str, Any]:
        """A client's move request answered (:meth:`RequestMemory.request`)."""
        return await self.requests.request(seat, action, request_id, seen, takebacks)

    async def answer(
        self,
        seat: int | None,
        action: Any,
        request_id: int | str | None,
        seen: int | None,
        takebacks: int | None = None,
    ) -> dict[str, Any]:
        try:
            seq = await self.act(
                seat, action, seen=seen, request_id=request_id, takebacks=takebacks
            )
        except Refused as exc:
            return refusal(request_id, action, exc)
        return {"type": "accepted", "id": request_id, "seq": seq}

    async def act(
        self,
        seat: int | None,
        action: Any,
        seen: int | None = None,
        request_id: int | str | None = None,
        takebacks: int | None = None,
        by_bot: bool = False,
    ) -> int:
        """Apply, commit, then broadcast; the new sequence number.  ``seen``: the client's
        ``seq``, refused as ``stale`` if the table has moved on since; ``takebacks``: the number
        of moves taken back when the move was chosen (a bot's), refused as ``stale`` if a move
        has been taken back since (the table may be at the same ``seq`` in another position)."""
        async with self.lock:
            self._check_fresh(seat, seen, takebacks, by_bot)
            offered = self.from_offer(seat, action)
            trial, parsed = self.trial(seat, action, offered)
            assert seat is not None
            notation = str(parsed)
            text = offered[1] if offered is not None else self.state.describe(parsed, seat)
            request = None if request_id is None else str(request_id)
            entry = LogEntry(self.seq + 1, seat, notation, text, request)
            now = time.monotonic()
            await self._save(entry, trial, now, by_bot)
            entry.undoable = undoable_move(self.game, self.state, seat, parsed, trial)
            if self.timing is not None and not by_bot:
                self.timing.away.discard(seat)  # the player is here
                self.timing.moved(seat, now)
            self.state = trial
            self.log.append(entry)
            self.last_active = time.monotonic()
            self.tick()
            self.broadcast()
        self.kick_bots()
        return entry.n

    def _check_fresh(
        self, seat: int | None, seen: int | None, takebacks: int | None, by_bot: bool
    ) -> None:
        """:class:`Refused` (``stale``) for a move chosen on another position than the table's:

        1. no move has been taken back since it was chosen (``takebacks``);
        2. a bot plays only while its seat is a bot's (its player is not back);
        3. the table is still at the move the client saw (``seen``).
        """
        if takebacks is not None and takebacks != self.takebacks:
            raise Refused("stale", "a move was taken back meanwhile; your move was not made")
        if by_bot and seat is not None and self.bot_to_move() != seat:
            raise Refused("stale", "the seat's player is back; the bot does not play for it")
        if seen is not None and seen != self.seq:
            raise Refused(
                "stale",
                f"the table has moved on since you decided (you saw move {seen}, "
                f"it is at move {self.seq}); your move was not made",
            )

    async def _save(self, entry: LogEntry, after: State, now: float, by_bot: bool) -> None:
        """Store the move of ``entry`` (leading to ``after``) with the running clock after it
        (what a restart resumes from); :class:`Refused` if it could not be: then it is not
        made, and the table stays as it was."""
        clock_state = None
        timing = self.timing
        if timing is not None:
            clock_state = timing.to_store() if by_bot else timing.stored_after_move(entry.seat, now)
        status = "over" if after.is_over else "playing"
        try:
            await self.persistence.write(
                "append_move",
                entry.n,
                entry.seat,
                entry.notation,
                entry.text,
                status,
                entry.request,
                clock_state,
                moved="nothing changed",
            )
        except Refused:
            raise
        except Exception:  # not saved, so not made: the table stays as it was
            log.exception("table %s: saving move %s failed", self.id, entry.n)
            raise Refused("error", "the move could not be saved; nothing changed") from None

    # -- the clock and the bots ---------------------------------------------------------------------
    def tick(self) -> None:
        self.clock.tick()

    def returned(self, seat: int | None) -> None:
        self.clock.returned(seat)

    def bot_to_move(self) -> int | None:
        return bot_to_move(self)

    def kick_bots(self) -> None:
        self.bot_turns.kick()

    async def _play_bot(self, seat: int, action: Any, seen: int, takebacks: int) -> int:
        return await self.act(seat, action, seen=seen, takebacks=takebacks, by_bot=True)

    def busy(self) -> bool:
        """Whether a bot is choosing or a clock is running here."""
        return any(t is not None and not t.done() for t in (self.bot_turns.task, self.clock.task))

    def stop(self) -> None:
        """Stop the bots and the clock."""
        self.closed = True
        self.bot_turns.stop()
        self.clock.stop()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop the table here: bots stopped, sockets closed.  By default it has expired (the
        clients are told so); with another ``code`` it lives on elsewhere and the clients
        reconnect."""
        self.stop()
        for conn in list(self.connections):
            if code == 1000:
                conn.send(
                    {
                        "type": "error",
                        "error": {"kind": "gone", "message": "this table has expired"},
                    }
                )
            conn.close(code, reason)
