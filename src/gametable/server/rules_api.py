"""The rules chat over HTTP, and the links that open a position the referee judged.

- ``POST /api/rules/{game}/ask`` ``{"question": "...", "history": ["earlier question", ...]}``:
  the chat's reply (:func:`gametable.rulebook.chat.ask`): ``history`` holds the conversation's
  earlier questions, oldest first (at most :data:`HISTORY` of them, each read up to
  :data:`MAX_HISTORY_ENTRY` characters), so that a follow-up such as "and with 3 players?" is read
  against the question before it.
- ``GET /api/rules/{game}/answer?q=...``: the same reply to one question without a history.

The reply is :meth:`gametable.rulebook.Answer.to_json`: ``text`` (the answer first, then the
reason), ``answered`` (``false`` for a decline; ``related`` then lists the closest sections),
``sources`` (the sections it rests on: ``id``, ``path``, ``statements``), ``checked`` (the
referee worked it out from a position), ``position`` (that position, in the game's JSON position
format) and ``lang``; plus ``position_url``, the page that shows the position on a board
(``/rules/{game}/position?p=...``, see :func:`position_link`), for a referee-checked reply.
Section ids are the anchors of the rules page ``/rules/{game}#<id>``.

Questions are answered in a worker thread: the first one loads the embedding model, which must
not hold up the tables' requests on the event loop.  A question that is no question (empty,
binary, a pasted page) gets a polite decline from the chat; a body of the wrong shape gets 422.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from gametable import rulebook
from gametable.core.record import MAX_NESTING, too_deeply_nested
from gametable.rulebook import chat

#: the longest question accepted over HTTP (the chat itself declines, politely, anything longer
#: than it reads; this bound only keeps a request's work small)
MAX_QUESTION = 12_000
#: the most earlier questions a request may carry, and the longest of them
HISTORY = chat.HISTORY
MAX_HISTORY_ENTRY = 1_000
#: the longest position link accepted (characters of ``p``) and the largest position it may
#: unpack to (bytes): a hostile link cannot make the server inflate a bomb
MAX_LINK = 64 * 1024
MAX_POSITION = 512 * 1024


class ChatQuestion(BaseModel):
    """A question of the rules chat, with the conversation's earlier questions."""

    model_config = ConfigDict(strict=True, extra="ignore")

    question: str = Field(..., max_length=MAX_QUESTION)
    history: list[str] = Field(default_factory=list, max_length=HISTORY)

    def earlier(self) -> list[str]:
        """The history, each entry cut to :data:`MAX_HISTORY_ENTRY` characters."""
        return [entry[:MAX_HISTORY_ENTRY] for entry in self.history]


class BadPositionLink(ValueError):
    """A position link that does not unpack to a position (bad base64, too big, not JSON)."""


def position_link(position: Mapping[str, Any]) -> str:
    """The ``p`` of a position link: the position's JSON, deflated, in URL-safe base64
    (without padding).  :func:`read_position_link` reads it back.

    >>> read_position_link(position_link({"game": "balzakken", "round": 1}))
    {'game': 'balzakken', 'round': 1}
    """
    text = json.dumps(position, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def read_position_link(p: str) -> dict[str, Any]:
    """The position a link's ``p`` holds: URL-safe base64 of its JSON, deflated or plain.

    Raises :class:`BadPositionLink` saying what is wrong."""
    if not p or len(p) > MAX_LINK:
        raise BadPositionLink(f"a position link holds 1 to {MAX_LINK} characters")
    try:
        raw = base64.urlsafe_b64decode(p + "=" * (-len(p) % 4))
    except (binascii.Error, ValueError):
        raise BadPositionLink("the link is not URL-safe base64") from None
    if raw.lstrip()[:1] not in (b"{", b"["):
        inflate = zlib.decompressobj()
        try:
            raw = inflate.decompress(raw, MAX_POSITION)
        except zlib.error:
            raise BadPositionLink("the link holds neither JSON nor deflated JSON") from None
        if inflate.unconsumed_tail:
            raise BadPositionLink(f"the position is larger than {MAX_POSITION} bytes")
        if not inflate.eof:
            raise BadPositionLink("the link is cut short (copy it whole)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadPositionLink("the link does not hold a JSON position") from None
    if too_deeply_nested(text):
        raise BadPositionLink(f"a position may not nest more than {MAX_NESTING} deep")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise BadPositionLink("the link does not hold a JSON position") from None
    if not isinstance(data, dict):
        raise BadPositionLink("a position is a JSON object")
    return data


def position_url(game: str, position: Mapping[str, Any], seat: int | None = None) -> str:
    """The page that shows ``position`` on ``game``'s board, as ``seat`` sees it (``None``: the
    page picks the seat to move)."""
    url = f"/rules/{quote(game)}/position?p={position_link(position)}"
    return url if seat is None else f"{url}&seat={seat}"


def reply_json(reply: rulebook.Answer, seat: int | None = None) -> dict[str, Any]:
    """``reply`` as JSON (:meth:`~gametable.rulebook.Answer.to_json`) with ``position_url``:
    the link to the position it judged (``None`` when it judged none)."""
    out = reply.to_json()
    position = reply.position
    out["position_url"] = position_url(reply.game, position, seat) if position else None
    return out


def known_game(game: str) -> None:
    """404 unless ``game`` has a rules reference."""
    if game not in rulebook.available():
        raise HTTPException(404, f"no rules reference for game {game!r}")


def make_router() -> APIRouter:
    router = APIRouter(tags=["rules"])

    @router.post("/api/rules/{game}/ask")
    async def rules_ask(game: str, body: ChatQuestion) -> dict[str, Any]:
        """The rules chat: answer ``question`` about ``game``, reading a follow-up against the
        ``history`` (see the module docstring)."""
        known_game(game)
        reply = await run_in_threadpool(
            lambda: chat.ask(game, body.question, history=body.earlier())
        )
        return reply_json(reply)

    @router.get("/api/rules/{game}/answer")
    async def rules_answer(
        game: str, q: str = Query(..., max_length=MAX_QUESTION)
    ) -> dict[str, Any]:
        """Answer one question about ``game``'s rules (the chat without a history)."""
        known_game(game)
        reply = await run_in_threadpool(chat.ask, game, q)
        return reply_json(reply)

    return router
