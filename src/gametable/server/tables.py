"""A table in play: the authoritative state of one game, its seats, connections and bots.

A :class:`Table` holds the live ``State`` (rebuilt from its record when loaded) and is the only
code that changes it: an action is checked on a clone, committed to the store, and only then made
current and pushed, with the table's sequence number (the number of moves made), to every
connection as that connection's own ``view(seat)``.  Bots choose in the server's bot pool
(worker processes with a hard deadline, :mod:`gametable.server.botpool`), so a slow bot never
blocks another table.

A move request may carry the ``seq`` its client saw and an ``id``: a request whose ``seq`` is not
the table's is refused as ``stale`` (the client decided on an old position), and a request that
repeats an earlier one of the same seat (same ``id``, ``seq`` and action) gets the first answer
again instead of acting twice, also after a restart (the id is stored with the move).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import msgspec

from gametable.core.errors import GameError, IllegalAction
from gametable.core.protocol import Action, Game, State
from gametable.server.clocks import STAND_IN, Timing
from gametable.server.connection import Connection, encode
from gametable.server.schema import LeaseLost
from gametable.server.wire import BEFORE, Memo, Prints, carried, patch_value

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


def undoable_move(game: Game, before: State, seat: int, action: Action, after: State) -> bool:
    """Whether the game lets ``seat`` take ``action`` back (asked once, when it is made).  A move
    that drew on chance (the RNG moved) is never taken back, whatever the game says: replaying
    it again would deal the same cards or roll the same dice, and the seat has seen them."""
    if before.rng != after.rng:
        return False
    try:
        return game.can_take_back(before, seat, action, after)
    except Exception:  # a rules bug in the answer must not refuse the move itself
        log.exception("%s: can_take_back failed on %s", game.name, action)
        return False


_encode = msgspec.json.Encoder().encode
#: answers to move requests remembered per seat (a resent request gets its first answer again)
REMEMBERED_REQUESTS = 64
#: action classes without a JSON form, and state classes without an integer encoding, as found
#: (asking again raises again: an exception per legal action per move costs more than the rest)
NO_JSON: set[type] = set()
NO_CODES: set[type] = set()


#: an empty legal list (:meth:`Table.legal_text`)
NO_LEGAL = msgspec.Raw(b"[]")
#: a move number later than any (:meth:`Table.forget`)
FOREVER = 1 << 62
#: a log entry's request id (read in C when the log is searched for one)
_request_of = attrgetter("request")


#: an action's notation, JSON form and steps, and the JSON text of its entry in a legal list
#: before its description (``{"notation":...,"text":``) and after its code (``,"json":...,
#: "steps":[...]}``)
Forms = tuple[str, Any, list[str], bytes, bytes]
#: per action, its forms (:func:`action_forms`), at most ``ACTION_FORMS`` of them (then
#: forgotten all at once and made again as they come)
_forms: dict[Action, Forms] = {}
ACTION_FORMS = 50_000
#: the same forms by the action object's ``id``, with the action (kept alive: its ``id`` names it
#: alone), for :meth:`Table.legal_text`: the games list the same action objects again and again
#: (Balam and Keezbord keep theirs in tables), and an ``id`` is hashed in C where a frozen
#: dataclass's ``__hash__`` runs Python code (about a fifth of a microsecond an action, three
#: times an entry); at most ``ACTION_FORMS`` of them, then forgotten all at once
_forms_by_id: dict[int, tuple[Action, Forms]] = {}


def action_forms(action: Action) -> Forms:
    """An action's notation, JSON form (``None`` if its game has none yet) and steps, and the
    JSON text of its legal entry around the parts that depend on the position (:data:`Forms`):
    they depend on the action alone (a frozen value), so each is made once per process, not at
    every move that offers it (Balam offers 30-40 actions a move, most of them again and
    again).  What is returned is shared: read it, do not change it."""
    try:
        known = _forms.get(action)
    except TypeError:  # an unhashable action: made every time
        known = None
        hashable = False
    else:
        hashable = True
    if known is not None:
        return known
    as_json = None
    if type(action) not in NO_JSON:
        try:
            as_json = action.to_json()
        except NotImplementedError:  # games still growing their JSON form
            NO_JSON.add(type(action))
    notation, steps = str(action), list(action.steps)
    head = b'{"notation":' + _encode(notation) + b',"text":'
    tail = b',"steps":' + _encode(steps) + b"}"
    if as_json is not None:
        tail = b',"json":' + _encode(as_json) + tail
    made = (notation, as_json, steps, head, tail)
    if hashable:
        if len(_forms) >= ACTION_FORMS:
            _forms.clear()
        _forms[action] = made
    return made


def _frozen(action: Action) -> bool:
    """Whether ``action`` is hashable (a frozen value, whose forms may be kept)."""
    try:
        hash(action)
    except TypeError:
        return False
    return True


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
    #: a human seat the creator left for anyone to take (no key yet; ``claim_seat`` gives one)
    open: bool = False

    def to_store(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "name": self.name,
            "open": self.open,
        }

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "open": self.open}


@dataclass(slots=True)  # one per move of every table in memory: no __dict__ each
class LogEntry:
    n: int
    seat: int
    notation: str
    text: str
    request: str | None = None  # the id the client gave its request
    #: the game lets its seat take this move back (``Game.can_take_back``) while it is the last
    undoable: bool = False

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
    joined_at: float | None = None
    #: per seat: request id -> (seq the client saw, action, the answer: its future while the
    #: request is in flight, then the answer itself, which takes less memory)
    answers: dict[int, OrderedDict[str, tuple[Any, Any, asyncio.Future | dict[str, Any]]]] = field(
        default_factory=dict
    )
    #: moves taken back so far (in memory): a bot's choice made before one is not played
    takebacks: int = 0
    #: per seat (None: spectators) the fingerprints of the view in its last ``update``, with
    #: that update's ``seq`` and ``takebacks``: the next update is a patch to it
    prints: dict[int | None, tuple[int, int, Prints]] = field(default_factory=dict)
    #: the turn clock, if the table has one (:mod:`gametable.server.clocks`)
    timing: Timing | None = None
    clock_task: asyncio.Task | None = None
    #: per seat, the newest move accepted here whose request is no longer in ``answers``
    #: (pushed out by newer ones): a request that is not there may still be in the log
    forgotten: dict[int, int] = field(default_factory=dict)
    #: the moves of the log that were loaded from the store (made before this process held
    #: the table: their requests are in the log only)
    loaded: int = -1
    #: per seat to move, what the last broadcast offered it (:meth:`legal_text`): the state it
    #: was offered in, and the actions' notations, objects and descriptions, in order
    offered: dict[int, tuple[State, list[str], list[Action], list[str]]] = field(
        default_factory=dict
    )
    #: what the last broadcast's memo leaves the next one (:func:`~gametable.server.wire.carried`):
    #: the hashes of its views' parts, by the part's ``id`` (the part kept alive); a part the
    #: game hands again as the same object is then not encoded again
    carry: Memo = field(default_factory=dict)

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
        """A table that belongs to no manager, for benchmarks and tests that drive
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
            manager=SimpleNamespace(settings=settings),  # type: ignore[arg-type]
        )

    def __post_init__(self) -> None:
        if self.loaded < 0:
            self.loaded = len(self.log)

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

    def join(self, seat: int | None) -> None:
        """Someone came to play (or, at a table of bots only, to watch): from now on the table
        is kept like any other, not expired as one nobody joined.  Stored in the background
        (with the next group commit): nobody waits for it."""
        if self.joined_at is not None:
            return
        if seat is None and any(s.kind == "human" for s in self.seats):
            return
        self.joined_at = time.time()
        task = asyncio.create_task(self.manager.writer.write("join", self.id, self.joined_at))
        task.add_done_callback(self._joined)

    def _joined(self, task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: storing that it was joined failed: %s", self.id, task.exception())

    async def claim_seat(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Give a stranger an open seat (``seat``, or the first open one): the seat and its new
        key.  Only seats the creator left open can be taken, each once: the claim is decided
        under the table's lock and stored (fenced by the lease) before anyone hears of it."""
        async with self.lock:
            if self.closed:
                raise Refused("gone", "this table has been closed")
            if self.state.is_over:
                raise Refused("playing", "this game is over; nobody can join it now")
            free = [i for i, s in enumerate(self.seats) if s.open and s.token_hash is None]
            if seat is None:
                if not free:
                    raise Refused("taken", "this table has no free seat left")
                seat = free[0]
            elif not 0 <= seat < self.players:
                raise Refused("invalid", f"this table has seats 0 to {self.players - 1}")
            elif seat not in free:
                raise Refused("taken", f"seat {seat} is not free for anyone to take")
            token = new_token()
            info = self.seats[seat]
            claimed = SeatInfo("human", token_hash=hash_token(token), name=name or info.name)
            seats = [claimed if i == seat else s for i, s in enumerate(self.seats)]
            try:
                await self.manager.writer.write(
                    "seats", self.id, [s.to_store() for s in seats], len(free) - 1
                )
            except LeaseLost:
                self.manager.lose({self.id})
                raise Refused(
                    "moved", "this table has moved to another server; try again"
                ) from None
            self.seats = seats
            self.last_active = time.monotonic()
        self.announce({"type": "presence", "seats": self.info()["seats"]})
        return seat, token

    # -- what each seat is told -------------------------------------------------------------------
    def legal_entries(self, seat: int | None) -> list[tuple[Forms, str, int | None]]:
        """What ``seat`` may do now, in the game's order: for each legal action its forms
        (:func:`action_forms`: notation, JSON form, steps and their encoded text), its
        description for ``seat`` and its integer code (``None``: the game has no integer
        encoding, or none for this action).  Empty when ``seat`` is not to move.  The one loop
        behind :meth:`legal_for` and :meth:`legal_text`."""
        if seat is None or seat not in self.state.to_move:
            return []
        state = self.state
        codes = type(state) not in NO_CODES
        out = []
        for action in state.legal_actions(seat):
            code = None
            if codes:
                try:
                    code = state.encode_action(action)
                except NotImplementedError:  # a game without an integer encoding
                    NO_CODES.add(type(state))
                    codes = False
                except ValueError:  # an action outside the encoding
                    pass
            out.append((action_forms(action), state.describe(action, seat), code))
        return out

    def legal_for(self, seat: int | None) -> list[dict[str, Any]]:
        """What ``seat`` may do now: each action's notation, description, integer code, JSON form
        (``json``, the contract's ``action.to_json()``) and ``steps`` (labels for menus)."""
        out = []
        for (notation, as_json, steps, _, _), text, code in self.legal_entries(seat):
            item: dict[str, Any] = {"notation": notation, "text": text}
            if code is not None:
                item["code"] = code
            if as_json is not None:
                item["json"] = as_json
            item["steps"] = steps
            out.append(item)
        return out

    def legal_text(self, seat: int | None) -> msgspec.Raw:
        """:meth:`legal_for` as JSON text (the same entries, keys and order), each entry
        assembled from its action's encoded forms (:func:`action_forms`) around its
        description and code, the only parts that depend on the position.

        What was offered is kept (:attr:`offered`, until the next broadcast): a move request
        naming one of these actions by its notation is then played with the very action object
        the game listed (the games apply those at once, without checking them again), and
        logged with the description made here."""
        state = self.state
        if seat is None or seat not in state.to_move:
            return NO_LEGAL
        actions = state.legal_actions(seat)
        if not actions:
            return NO_LEGAL
        describe = state.describe
        code_of = None if type(state) in NO_CODES else state.encode_action
        by_id = _forms_by_id
        pieces: list[bytes] = []
        notations: list[str] = []
        texts: list[str] = []
        for action, entry in zip(actions, map(by_id.get, map(id, actions)), strict=True):
            if entry is None:
                forms = action_forms(action)
                if _frozen(action):  # (an unhashable action's forms are made every time)
                    if len(by_id) >= ACTION_FORMS:
                        by_id.clear()
                    by_id[id(action)] = (action, forms)
            else:
                forms = entry[1]
            code = None
            if code_of is not None:
                try:
                    code = code_of(action)
                except NotImplementedError:  # a game without an integer encoding
                    NO_CODES.add(type(state))
                    code_of = None
                except ValueError:  # an action outside the encoding
                    pass
            text = describe(action, seat)
            if code is None:
                pieces.append(forms[3] + _encode(text) + forms[4])
            else:
                pieces.append(b'%b%b,"code":%d%b' % (forms[3], _encode(text), code, forms[4]))
            notations.append(forms[0])
            texts.append(text)
        if len(set(notations)) == len(notations):  # each notation names one action
            self.offered[seat] = (state, notations, actions, texts)
        return msgspec.Raw(b"[" + b",".join(pieces) + b"]")

    def from_offer(self, seat: int | None, action: Any) -> tuple[Action, str] | None:
        """The action object and description that the last broadcast offered ``seat`` under the
        notation ``action`` in this very position (:meth:`legal_text`), or ``None`` (another
        position, or not notation text, or not offered: the game parses it)."""
        if not isinstance(action, str) or seat is None:
            return None
        offer = self.offered.get(seat)
        if offer is None or offer[0] is not self.state:
            return None
        try:
            i = offer[1].index(action)
        except ValueError:
            return None
        return offer[2][i], offer[3][i]

    def message_for(
        self, seat: int | None, kind: str = "update", view: Any = None
    ) -> dict[str, Any]:
        """The message a seat gets: its own view only, plus what it may do now.

        ``kind="sync"`` carries the whole public log; an ``update`` only the newest entry.
        ``view``: what goes in ``view`` (default: the seat's view).  A move's updates are made
        by :meth:`update_text` (the same message, with a patch instead of the view when it can).
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
            "view": self.state.view(seat) if view is None else view,
            "legal": self.legal_for(seat),
            "log": [e.for_seat(seat, over) for e in entries],
            "rematch": self.rematch_id,
            "take_back": self.may_take_back(seat),
            "takebacks": self.takebacks,
            "clock": None if self.timing is None else self.timing.to_json(),
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
            "clock": None if self.timing is None else self.timing.clock.to_json(),
            "seq": self.seq,
            "to_move": list(self.state.to_move),
            "rematch_of": self.rematch_of,
            "rematch_id": self.rematch_id,
            "created_at": self.created_at,
        }

    def update_head(self) -> bytes:
        """What a move's ``update`` says alike to every seat and the spectators (the table, the
        move's ``seq``, who moves next, the clock, the outcome...), as JSON text without its
        closing brace: made once per move, the seat's own part added to it (:meth:`update_text`)."""
        state = self.state
        head: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "game": self.game.name,
            "seq": self.seq,
            "to_move": list(state.to_move),
            "over": state.is_over,
            "rematch": self.rematch_id,
            "takebacks": self.takebacks,
            "clock": None if self.timing is None else self.timing.to_json(),
        }
        outcome = state.outcome
        if outcome is not None:
            head["outcome"] = outcome.to_json()
        return _encode(head)[:-1]

    def update_text(
        self,
        seat: int | None,
        head: bytes | None = None,
        view: Mapping[str, Any] | None = None,
        memo: Memo | None = None,
    ) -> str:
        """The ``update`` message for ``seat`` as JSON text: with a ``patch`` to the seat's view
        of the move before when this table sent that view (:mod:`gametable.server.wire`), else
        with the whole ``view``; ``head``: :meth:`update_head`, if made already; ``view``: the
        seat's view, if made already (by ``State.views``, with ``memo`` the texts of the parts
        it shares with the other seats' views, encoded once for all)."""
        try:
            base = self.prints.get(seat)
            if base is not None and base[0] == self.seq - 1 and base[1] == self.takebacks:
                prints = base[2]
            else:
                prints = Prints()
            self.prints[seat] = (self.seq, self.takebacks, prints)
            threshold = self.manager.settings.patch_threshold
            if view is None:
                view = self.state.view(seat)
            whole, patch = prints.update(view, threshold, memo)
            own: dict[str, Any] = {"seat": seat}
            if patch is None:
                assert whole is not None
                own["view"] = msgspec.Raw(whole)
            else:
                own["patch"] = patch_value(patch)
            over = self.state.is_over
            own["legal"] = self.legal_text(seat)
            own["log"] = [e.for_seat(seat, over) for e in self.log[-1:]]
            own["take_back"] = self.may_take_back(seat)
            if head is None:
                head = self.update_head()
            return (head + b"," + _encode(own)[1:]).decode()
        except Exception:  # a rules bug in view(): the move stands, tell the seat
            self.prints.pop(seat, None)
            log.exception("table %s: view for seat %s failed", self.id, seat)
            return encode(
                {
                    "type": "error",
                    "error": {"kind": "error", "message": "the server could not draw your view"},
                }
            )

    def broadcast(self) -> None:
        """Every connection gets its seat's update (queued: nobody waits on a slow reader).  Each
        seat's text is made once, however many windows are open on it (and once for all
        spectators), and only for the seats someone is connected to; it is not kept after the
        broadcast (a table's texts grow with its game: hundreds of bytes more at every move).

        The seats' views are made together (``State.views``: a game builds their public part
        once) and the parts they share are encoded once (:data:`~gametable.server.wire.Memo`);
        a part the game hands again as the same object as at the move before (kept because it
        did not change) is not encoded again: its hash is carried from one broadcast to the next
        (:attr:`carry`)."""
        texts: dict[int | None, str] = {}
        connections = list(self.connections)
        views: Mapping[int | None, Mapping[str, Any]] = {}
        if connections:
            try:
                views = self.state.views(dict.fromkeys(c.seat for c in connections))
            except Exception:  # a rules bug: each seat's view is tried (and told) alone
                log.exception("table %s: views failed", self.id)
        memo: Memo = {BEFORE: self.carry} if self.carry else {}
        head = None
        self.offered.clear()  # made again for this position by legal_text
        for conn in connections:
            text = texts.get(conn.seat)
            if text is None:
                if head is None:
                    head = self.update_head()
                text = texts[conn.seat] = self.update_text(
                    conn.seat, head, views.get(conn.seat), memo
                )
            conn.send(text)
        self.carry = carried(memo)
        for seat in [s for s in self.prints if s not in texts]:  # nobody there to patch
            del self.prints[seat]

    def announce(self, message: dict[str, Any]) -> None:
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
            before = await asyncio.to_thread(self.manager.replay, self, self.log[:-1])
            status = "over" if before.is_over else "playing"
            try:
                await self.manager.writer.write("take_back", self.id, last.n, status)
            except LeaseLost:
                self.manager.lose({self.id})
                raise Refused(
                    "moved", "this table has moved to another server; nothing changed"
                ) from None
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
            offered = self.from_offer(seat, action)
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
        """Answer a client's move request: ``accepted`` (with the new ``seq``) or ``refused``.

        ``seen`` is the ``seq`` the client saw (``None``: not said), ``takebacks`` the number of
        moves taken back it had heard of (``None``: not said; a move taken back since makes the
        request ``stale`` even at the same ``seq``); ``request_id`` its id.  A
        request repeating one this seat made before (same id, ``seq`` and action) gets the first
        answer again, with ``"repeat": true``, and nothing is played twice.
        """
        if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
            return self.refusal(request_id, action, Refused("bad_request", "seq is an integer"))
        if takebacks is not None and (
            isinstance(takebacks, bool) or not isinstance(takebacks, int)
        ):
            return self.refusal(
                request_id, action, Refused("bad_request", "takebacks is an integer")
            )
        if seat is None or request_id is None:
            return await self.answer(seat, action, request_id, seen, takebacks)
        key = str(request_id)
        memory = self.answers.setdefault(seat, OrderedDict())
        known = memory.get(key)
        if known is not None and known[0] == seen and known[1] == action:
            first = known[2]
            if isinstance(first, asyncio.Future):  # still in flight: the same answer, when made
                return {**await asyncio.shield(first), "repeat": True}
            return {**first, "repeat": True}
        if known is not None or self.may_have_forgotten(seat):
            stored = self.stored_answer(seat, action, request_id, seen)
            if stored is not None:
                return stored
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        entry: tuple[Any, Any, asyncio.Future | dict[str, Any]] = (seen, action, future)
        memory[key] = entry
        memory.move_to_end(key)
        while len(memory) > REMEMBERED_REQUESTS:
            self.forget(seat, memory.popitem(last=False)[1][2])
        try:
            reply = await self.answer(seat, action, request_id, seen, takebacks)
        except BaseException:  # cancelled (the server is stopping): a repeat may try again
            memory.pop(key, None)
            future.set_result(self.refusal(request_id, action, Refused("error", "not answered")))
            raise
        future.set_result(reply)
        if reply.get("error", {}).get("kind") == "error":  # a failure to retry, not an answer
            memory.pop(key, None)
        elif memory.get(key) is entry:
            memory[key] = (seen, action, reply)
        return reply

    def may_have_forgotten(self, seat: int) -> bool:
        """Whether a move of ``seat`` that :meth:`stored_answer` would find (within its window
        of the log) may have a request id that ``answers`` no longer holds: one loaded from the
        store, or one pushed out of ``answers`` by newer requests.  When not, a request id that
        ``answers`` does not hold is new, and the log need not be searched (at every move)."""
        window_starts_after = max(0, len(self.log) - REMEMBERED_REQUESTS * self.players)
        return max(self.loaded, self.forgotten.get(seat, 0)) > window_starts_after

    def forget(self, seat: int, answer: asyncio.Future | dict[str, Any]) -> None:
        """``answer``, of a request of ``seat``, is no longer remembered in ``answers``."""
        if isinstance(answer, dict):
            if answer.get("type") != "accepted":
                return
            n = int(answer["seq"])
        else:  # still in flight (a flood of requests): it may yet be accepted, at any move
            n = FOREVER
        self.forgotten[seat] = max(n, self.forgotten.get(seat, 0))

    def stored_answer(
        self, seat: int, action: Any, request_id: int | str, seen: Any
    ) -> dict[str, Any] | None:
        """The answer to a request made before the table was loaded (its id is in the log)."""
        key = str(request_id)
        recent = self.log[-REMEMBERED_REQUESTS * self.players :]
        if key not in map(_request_of, recent):  # the usual case, at C speed: a new request
            return None
        for entry in reversed(recent):
            if entry.seat == seat and entry.request == key:
                same_seq = seen is None or seen == entry.n - 1
                same_action = not isinstance(action, str) or action == entry.notation
                if same_seq and same_action:
                    return {"type": "accepted", "id": request_id, "seq": entry.n, "repeat": True}
                return None
        return None

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
            return self.refusal(request_id, action, exc)
        return {"type": "accepted", "id": request_id, "seq": seq}

    @staticmethod
    def refusal(request_id: int | str | None, action: Any, exc: Refused) -> dict[str, Any]:
        return {
            "type": "refused",
            "id": request_id,
            "action": action,
            "legal": False,
            "error": exc.to_json(),
        }

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
            offered = self.from_offer(seat, action)
            trial, parsed = self.trial(seat, action, offered)
            assert seat is not None
            notation = str(parsed)
            text = offered[1] if offered is not None else self.state.describe(parsed, seat)
            n = self.seq + 1
            now = time.monotonic()
            clock_state = None
            if self.timing is not None:  # stored with the move: what a restart resumes from
                clock_state = (
                    self.timing.to_store() if by_bot else self.timing.stored_after_move(seat, now)
                )
            try:
                await self.manager.writer.write(
                    "append_move",
                    self.id,
                    n,
                    seat,
                    notation,
                    text,
                    "over" if trial.is_over else "playing",
                    None if request_id is None else str(request_id),
                    clock_state,
                )
            except LeaseLost:  # another worker took this table over: it lives there now
                self.manager.lose({self.id})
                raise Refused(
                    "moved", "this table has moved to another server; nothing changed"
                ) from None
            except Exception:  # not saved, so not made: the table stays as it was
                log.exception("table %s: saving move %s failed", self.id, n)
                raise Refused("error", "the move could not be saved; nothing changed") from None
            undoable = undoable_move(self.game, self.state, seat, parsed, trial)
            if self.timing is not None and not by_bot:
                self.timing.away.discard(seat)  # the player is here
                self.timing.moved(seat, now)
            self.state = trial
            self.log.append(
                LogEntry(
                    n,
                    seat,
                    notation,
                    text,
                    None if request_id is None else str(request_id),
                    undoable,
                )
            )
            self.last_active = time.monotonic()
            self.tick()
            self.broadcast()
        self.kick_bots()
        return n

    # -- the clock ----------------------------------------------------------------------------------
    def tick(self) -> None:
        """Start the clocks of the human seats deciding now, stop the others', and wake up at
        the first deadline (:mod:`gametable.server.clocks`).  Nothing without a clock."""
        timing = self.timing
        if timing is None or self.closed:
            return
        deciding = {
            s for s in self.state.to_move if self.seats[s].kind == "human" and s not in timing.away
        }
        timing.start(deciding)
        if self.clock_task is not None and not self.clock_task.done():
            self.clock_task.cancel()
        self.clock_task = None
        end = timing.next_deadline()
        if end is not None:
            self.clock_task = asyncio.create_task(self._ring(end))

    async def _ring(self, end: float) -> None:
        await asyncio.sleep(max(0.0, end - time.monotonic()))
        timing = self.timing
        if timing is None or self.closed:
            return
        late = timing.expired()
        self.clock_task = None
        if late:
            log.info("table %s: time ran out for seats %s; %s plays", self.id, late, STAND_IN)
            self.store_clock()
            self.announce({"type": "clock", "table": self.id, "clock": timing.to_json()})
            self.kick_bots()
        self.tick()

    def returned(self, seat: int | None) -> None:
        """``seat``'s player is at the table (it said something): it takes its seat back from
        the bot that played for it."""
        timing = self.timing
        if seat is None or timing is None or seat not in timing.away:
            return
        timing.away.discard(seat)
        self.store_clock()
        self.tick()
        self.announce({"type": "clock", "table": self.id, "clock": timing.to_json()})

    def store_clock(self) -> None:
        """Store the running clock (a seat went away or came back) in the background, with the
        next group commit: the seat's state is announced now, a restart resumes from what was
        stored (:mod:`gametable.server.clocks`)."""
        if self.timing is None:
            return
        task = asyncio.create_task(
            self.manager.writer.write("clock", self.id, self.timing.to_store())
        )
        task.add_done_callback(self._clock_stored)

    def _clock_stored(self, task: asyncio.Task) -> None:
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, LeaseLost):  # another worker holds the table: it keeps the clock
            self.manager.lose({self.id})
        elif exc is not None:
            log.error("table %s: storing the clock failed: %s", self.id, exc)

    # -- bots ---------------------------------------------------------------------------------------
    def bot_to_move(self) -> int | None:
        away = self.timing.away if self.timing is not None else ()
        for seat in self.state.to_move:
            if self.seats[seat].kind == "bot" or seat in away:
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
            ply, takebacks = self.seq, self.takebacks
            try:
                action = await self.bot_choice(seat)
                await self.act(seat, action, seen=ply, takebacks=takebacks, by_bot=True)
                failures = 0
            except Refused as exc:  # the table moved on meanwhile (several seats to move)
                if exc.kind == "stale":
                    continue  # it chooses again on the table as it is now
                failures += 1
                if failures > 3:
                    log.error("table %s: bot at seat %s keeps failing: %s", self.id, seat, exc)
                    return
            except Exception:  # a rules bug must not end the server's loop; the table waits
                log.exception("table %s: bot at seat %s failed", self.id, seat)
                return

    async def bot_choice(self, seat: int) -> str:
        """The bot's move from the bot pool; if the bot could not answer in time, the move its
        worker said first (the heuristic's) or, failing that, a random legal move."""
        snapshot = self.state.clone()
        away = self.timing is not None and seat in self.timing.away
        spec = STAND_IN if away else self.seats[seat].bot or "random"
        seed = bot_seed(self.seed, seat, snapshot.ply)
        job = {
            "game": self.game.name,
            "state": snapshot.to_json(),
            "seat": seat,
            "spec": spec,
            "seed": seed,
        }
        answer = await self.manager.bots.move(job)
        if answer.move is not None:
            return answer.move
        log.warning(
            "table %s: bot %s at seat %s: %s; playing %s",
            self.id,
            spec,
            seat,
            answer.problem,
            "the heuristic's move" if answer.provisional else "a random move",
        )
        if answer.provisional is not None:
            return answer.provisional
        return str(random.Random(seed).choice(snapshot.legal_actions(seat)))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Stop the table here: bots stopped, sockets closed.  By default it has expired (the
        clients are told so); with another ``code`` it lives on elsewhere and the clients
        reconnect."""
        self.closed = True
        if self.bot_task is not None:
            self.bot_task.cancel()
        if self.clock_task is not None:
            self.clock_task.cancel()
        for conn in list(self.connections):
            if code == 1000:
                conn.send(
                    {
                        "type": "error",
                        "error": {"kind": "gone", "message": "this table has expired"},
                    }
                )
            conn.close(code, reason)
