"""A table in play: the authoritative state of one game, its seats, connections and bots.

A :class:`Table` holds the live ``State`` (rebuilt from its record when loaded) and is the only
code that changes it: an action is checked on a clone, committed to the store, and only then made
current and pushed, with the table's sequence number (the number of moves made), to every
connection as that connection's own ``view(seat)``.  Bots choose on a clone in a worker thread
(or process), so a slow bot never blocks another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gametable.bots import make_bot
from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, Game, State
from gametable.core.registry import load_game
from gametable.server.connection import Connection

if TYPE_CHECKING:
    from gametable.server.manager import TableManager

log = logging.getLogger("gametable.server")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def bot_seed(table_seed: int, seat: int, ply: int) -> int:
    """A bot's seed for one decision: reproducible across restarts, and reveals nothing of the
    table's seed (one-way hash)."""
    digest = hashlib.sha256(f"bot:{table_seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_move(game: str, state_json: dict[str, Any], seat: int, spec: str, seed: int) -> str:
    """In a worker process: the notation of the move the bot ``spec`` makes for ``seat``."""
    state = load_game(game).state_from_json(state_json)
    return str(make_bot(spec, seed=seed).act(state, seat))


class Refused(Exception):
    """An action or request the table will not take; ``to_json`` is sent to the client."""

    def __init__(self, kind: str, message: str, rule: Any = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.rule = rule

    @classmethod
    def from_game_error(cls, exc: GameError) -> Refused:
        if isinstance(exc, IllegalAction):
            return cls("illegal", exc.explanation, exc.rule)
        return cls("invalid", str(exc))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule.to_json()
        return out


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None

    def to_store(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "name": self.name,
        }

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name}


@dataclass
class LogEntry:
    n: int
    seat: int
    notation: str
    text: str

    def for_seat(self, seat: int | None, over: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.n, "seat": self.seat, "text": self.text}
        if over or seat == self.seat:
            out["notation"] = self.notation
        return out


@dataclass
class Table:
    id: str
    game: Game
    seed: int
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    state: State
    manager: TableManager
    log: list[LogEntry] = field(default_factory=list)
    rematch_of: str | None = None
    rematch_id: str | None = None
    created_at: float = 0.0
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task | None = None
    closed: bool = False
    last_active: float = field(default_factory=time.monotonic)

    # -- identity -----------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.log)

    @property
    def status(self) -> str:
        return "over" if self.state.is_over else "playing"

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose secret is ``token`` (``None`` for no token); :class:`Refused` if none."""
        if not token:
            return None
        digest = hash_token(token)
        for seat, info in enumerate(self.seats):
            if info.token_hash and hmac.compare_digest(info.token_hash, digest):
                return seat
        raise Refused("auth", "this token does not belong to any seat of this table")

    # -- what each seat is told -------------------------------------------------------------------
    def legal_for(self, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or seat not in self.state.to_move:
            return []
        state = self.state
        out = []
        for action in state.legal_actions(seat):
            item: dict[str, Any] = {"notation": str(action), "text": state.describe(action, seat)}
            with contextlib.suppress(ValueError, NotImplementedError):
                item["code"] = state.encode_action(action)
            out.append(item)
        return out

    def message_for(self, seat: int | None, kind: str = "update") -> dict[str, Any]:
        """The message a seat gets: its own view only, plus what it may do now.

        ``kind="sync"`` carries the whole public log; an ``update`` only the newest entry.
        """
        over = self.state.is_over
        entries = self.log if kind == "sync" else self.log[-1:]
        msg: dict[str, Any] = {
            "type": kind,
            "table": self.id,
            "game": self.game.name,
            "seat": seat,
            "seq": self.seq,
            "to_move": list(self.state.to_move),
            "over": over,
            "view": self.state.view(seat),
            "legal": self.legal_for(seat),
            "log": [e.for_seat(seat, over) for e in entries],
            "rematch": self.rematch_id,
        }
        outcome = self.state.outcome
        if outcome is not None:
            msg["outcome"] = outcome.to_json()
        return msg

    def info(self) -> dict[str, Any]:
        """What anyone with the table's id may know."""
        connected = {c.seat for c in self.connections}
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "seats": [
                {**s.public(), "seat": i, "connected": i in connected}
                for i, s in enumerate(self.seats)
            ],
            "status": self.status,
            "seq": self.seq,
            "to_move": list(self.state.to_move),
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "created_at": self.created_at,
        }

    def broadcast(self) -> None:
        cache: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in cache:
                try:
                    cache[conn.seat] = json.dumps(self.message_for(conn.seat))
                except Exception:  # a rules bug in view(): the move stands, tell the seat
                    log.exception("table %s: view for seat %s failed", self.id, conn.seat)
                    cache[conn.seat] = json.dumps(
                        {
                            "type": "error",
                            "error": {
                                "kind": "error",
                                "message": "the server could not draw your view",
                            },
                        }
                    )
            conn.send(cache[conn.seat])

    def announce(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        for conn in list(self.connections):
            conn.send(text)

    # -- acting -----------------------------------------------------------------------------------
    def parse(self, state: State, action: Any) -> Action:
        if isinstance(action, Action):
            return action
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
        raise Refused("invalid", "an action is notation text or an integer code")

    def trial(self, seat: int | None, action: Any) -> tuple[State, Action]:
        """The state after ``seat`` plays ``action``, on a clone; :class:`Refused` says why not."""
        if seat is None:
            raise Refused("spectator", "spectators cannot act")
        if self.closed:
            raise Refused("gone", "this table has been closed")
        trial = self.state.clone()
        parsed = self.parse(trial, action)
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

    async def act(self, seat: int | None, action: Any) -> int:
        """Apply, commit, then broadcast; the new sequence number."""
        async with self.lock:
            trial, parsed = self.trial(seat, action)
            assert seat is not None
            notation = str(parsed)
            text = self.state.describe(parsed, seat)
            n = self.seq + 1
            try:
                await self.manager.writer.write(
                    "append_move",
                    self.id,
                    n,
                    seat,
                    notation,
                    text,
                    "over" if trial.is_over else "playing",
                )
            except Exception:  # not saved, so not made: the table stays as it was
                log.exception("table %s: saving move %s failed", self.id, n)
                raise Refused("error", "the move could not be saved; nothing changed") from None
            self.state = trial
            self.log.append(LogEntry(n, seat, notation, text))
            self.last_active = time.monotonic()
            self.broadcast()
        self.kick_bots()
        return n

    # -- bots ---------------------------------------------------------------------------------------
    def bot_to_move(self) -> int | None:
        for seat in self.state.to_move:
            if self.seats[seat].kind == "bot":
                return seat
        return None

    def kick_bots(self) -> None:
        if self.closed or self.bot_to_move() is None:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        failures = 0
        while not self.closed and (seat := self.bot_to_move()) is not None:
            if self.manager.settings.bot_delay > 0:
                await asyncio.sleep(self.manager.settings.bot_delay)
            snapshot = self.state.clone()
            spec = self.seats[seat].bot or "random"
            seed = bot_seed(self.seed, seat, snapshot.ply)
            try:
                pool = self.manager.bot_pool
                if pool is None:  # a worker thread: the event loop keeps serving other tables
                    action: Any = await asyncio.to_thread(
                        make_bot(spec, seed=seed).act, snapshot, seat
                    )
                else:  # a worker process: heavy bots do not even share the GIL with the loop
                    action = await asyncio.get_running_loop().run_in_executor(
                        pool, bot_move, self.game.name, snapshot.to_json(), seat, spec, seed
                    )
                await self.act(seat, action)
                failures = 0
            except Refused as exc:  # the table moved on meanwhile (several seats to move)
                failures += 1
                if failures > 3:
                    log.error("table %s: bot at seat %s keeps failing: %s", self.id, seat, exc)
                    return
            except Exception:
                log.exception("table %s: bot at seat %s failed", self.id, seat)
                return

    def close(self) -> None:
        self.closed = True
        if self.bot_task is not None:
            self.bot_task.cancel()
        for conn in list(self.connections):
            conn.send(
                {"type": "error", "error": {"kind": "gone", "message": "this table has expired"}}
            )
            conn.close()
