"""What a table page offers beside play: ask the rules, the table chat, and replays.

- ``POST /api/tables/{id}/ask`` ``{"question": "...", "history": [...], "attempt": ...}``
  (``Authorization: Bearer <token>`` for a seat): the rules chat of the side panel
  (:func:`gametable.rulebook.chat.ask`).  A seat's question is answered from the position as that
  seat sees it ("can I ...", "why can't I ...", "what can I do", "what would I score now"), a
  general rules question with the general answer; a spectator's from the rules alone.
  ``history`` holds the conversation's earlier questions (as in ``POST /api/rules/{game}/ask``),
  ``attempt`` the action the seat just tried (its JSON form or notation), when the question is
  why it was refused.  A reply's ``position`` (and ``position_url``) is never the table's own
  state, which holds the other seats' secrets: it is a state resampled from the asking seat's
  view (everything hidden from it redrawn), shown as that seat sees it.
  :data:`ASK_BURST` questions per client address at once, then one every ``1 / ASK_PER_SECOND`` s.
- ``POST /api/tables/{id}/chat`` ``{"text": "..."}`` (a seat's token): one line, at most
  :data:`MAX_CHAT` characters, sent to every socket at the table as
  ``{"type": "chat", "seat": 0, "from": "Ann (seat 0)", "text": "..."}``.  Spectators read but do
  not write; each seat may send :data:`CHAT_BURST` lines at once, then one every
  ``1 / CHAT_PER_SECOND`` seconds.  Lines are not stored: who comes later does not see them.
  Clients show them as text (never as markup).
- ``GET /api/tables/{id}/replay?seat=0``: a finished game's every position as ``seat`` saw it
  (no ``seat``: the spectator's view), from the match record, for the replay page ``/t/{id}/replay``.
"""

from __future__ import annotations

import asyncio
import json
import unicodedata
import zlib
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from pydantic import BaseModel, Field

from gametable import rulebook
from gametable.core.errors import GameError
from gametable.core.protocol import Action, State
from gametable.core.record import Record
from gametable.core.rng import Rng
from gametable.rulebook import chat as rules_chat
from gametable.server.api import Lobby, http_error, record_json
from gametable.server.limits import RateLimit, client_of
from gametable.server.manager import TableManager
from gametable.server.refused import Refused
from gametable.server.rules_api import ChatQuestion, reply_json
from gametable.server.tables import Table

#: the longest chat line accepted (questions: :data:`gametable.server.rules_api.MAX_QUESTION`)
MAX_CHAT = 200
#: chat lines per seat: a burst, then this many a second
CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
#: rules questions per client address (an answer may take a search over the rulebook)
ASK_BURST = 5
ASK_PER_SECOND = 0.5


class TableQuestion(ChatQuestion):
    """A rules question asked at a table: the chat's, with the action the seat just tried."""

    attempt: str | dict[str, Any] | None = Field(None, description="the action just tried")


class ChatLine(BaseModel):
    text: str = Field(..., min_length=1, max_length=MAX_CHAT)


def clean_line(text: str) -> str:
    """One line of chat: control characters (line breaks included) become spaces, the ends are
    trimmed; ``""`` if nothing is left."""
    kept = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text)
    return " ".join(kept.split())


def attempt_of(state: State, attempt: str | dict[str, Any] | None) -> Action | str | None:
    """The action a seat says it just tried: its notation as sent (the chat reads it), or its
    JSON form read as an action; ``None`` for a form this game cannot read (the question is
    then answered without it)."""
    if attempt is None or isinstance(attempt, str):
        return attempt[:200] if isinstance(attempt, str) else None
    try:
        return state.game.action_from_json(state, attempt)
    except (GameError, NotImplementedError):
        return None


def seat_position(state: State, seat: int, judged: dict[str, Any]) -> dict[str, Any] | None:
    """The position a reply at the table may link to: the position the referee judged,
    resampled from ``seat``'s view of it (everything hidden from the seat redrawn), so that the
    link holds nothing of the other seats' hidden facts, whether the judged position is the
    table's own state or a situation built from the question.  The resampling is seeded by the
    seat's view alone: the same question on the same position gives the same link, and the
    link's redrawn cards say nothing about the real ones.  ``None`` when the judged position
    does not load."""
    try:
        judged_state = state.game.state_from_json(judged)
    except GameError:
        return None
    view = json.dumps(judged_state.view(seat), sort_keys=True, default=str)
    seed = zlib.crc32(view.encode()) * 64 + seat
    return judged_state.resample(seat, Rng(seed)).to_json()


def speaker(table: Table, seat: int) -> str:
    name = table.seats[seat].name
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def make_router(manager: TableManager) -> APIRouter:
    router = APIRouter(prefix="/api/tables", tags=["table"])
    lobby = Lobby(manager)
    _ask_route(router, lobby, RateLimit(ASK_PER_SECOND, ASK_BURST, max_keys=10_000))
    _chat_route(router, lobby, RateLimit(CHAT_PER_SECOND, CHAT_BURST, max_keys=10_000))
    _replay_route(router, lobby)
    return router


def _ask_route(router: APIRouter, lobby: Lobby, ask_rate: RateLimit) -> None:
    """Rules questions asked at the table."""
    table_of = lobby.table_or_404
    seat_of = lobby.seat_of

    @router.post("/{table_id}/ask")
    async def ask(
        table_id: str,
        body: TableQuestion,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Answer a rules question asked at the table (see the module docstring)."""
        client = client_of(request.scope)
        if not ask_rate.allow(client):
            raise http_error(
                Refused("rate", "many questions in a short time; wait a little"),
                ask_rate.retry_after(client),
            )
        table = await table_of(table_id)
        seat = seat_of(request, table, authorization)
        game = table.game.name
        if game not in rulebook.available():
            raise HTTPException(404, detail={"kind": "unknown", "message": "no rules here"})
        history = body.earlier()
        if seat is None:
            reply = await asyncio.to_thread(rules_chat.ask, game, body.question, history=history)
            return reply_json(reply)
        state = table.state.clone()  # the table plays on while the question is answered
        attempt = attempt_of(state, body.attempt)
        reply = await asyncio.to_thread(
            lambda: rules_chat.ask(
                game, body.question, history=history, state=state, seat=seat, attempt=attempt
            )
        )
        if reply.position is not None:  # (never the table's secrets: see seat_position)
            reply = replace(reply, position=seat_position(state, seat, reply.position))
        return reply_json(reply, seat)


def _chat_route(router: APIRouter, lobby: Lobby, chat_rate: RateLimit) -> None:
    """The table's chat."""
    table_of = lobby.table_or_404
    seat_of = lobby.seat_of

    @router.post("/{table_id}/chat", status_code=202)
    async def chat(
        table_id: str,
        body: ChatLine,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Say one line to the table (seats only)."""
        table = await table_of(table_id)
        seat = seat_of(request, table, authorization)
        if seat is None:
            raise http_error(Refused("spectator", "spectators read the chat but do not write"))
        text = clean_line(body.text)
        if not text:
            raise http_error(Refused("invalid", "say something"))
        if not chat_rate.allow(f"{table.id}:{seat}"):
            raise http_error(
                Refused("rate", "you are writing faster than the table can read; wait a little"),
                1 / CHAT_PER_SECOND,
            )
        table.announce({"type": "chat", "seat": seat, "from": speaker(table, seat), "text": text})
        return {"sent": True}


def _replay_route(router: APIRouter, lobby: Lobby) -> None:
    """A finished game's replay."""
    table_of = lobby.table_or_404

    @router.get("/{table_id}/replay")
    async def replay(
        table_id: str, seat: Annotated[int | None, Query(ge=0, le=16)] = None
    ) -> dict[str, Any]:
        """A finished game's positions as ``seat`` saw them (no ``seat``: a spectator), with the
        log: ``positions[k]`` is the view after ``k`` moves, ``moves[k-1]`` the move that led
        there.  Refused while the game is in progress."""
        table = await table_of(table_id)
        if not table.state.is_over:
            raise http_error(Refused("playing", "a game can be replayed once it is over"))
        if seat is not None and seat >= table.players:
            raise http_error(Refused("invalid", f"this table has seats 0 to {table.players - 1}"))
        record = Record.from_json(record_json(table))
        views = await asyncio.to_thread(
            # (a copy of each view now: the replay updates one state in place)
            lambda: [json.loads(json.dumps(state.view(seat))) for state, _move in record.states()]
        )
        return {
            "table": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "players": table.players,
            "seat": seat,
            "seats": [{**s.public(), "seat": i} for i, s in enumerate(table.seats)],
            "positions": views,
            "moves": [e.for_seat(seat, True) for e in table.log],
            "outcome": table.state.outcome.to_json() if table.state.outcome else None,
        }
