"""``GET /api/rules/{game}/answer?q=...``: a rules question answered as JSON.

The reply is :meth:`gametable.rulebook.Answer.to_json`: ``text`` (one to three sentences in our
words), ``answered`` (``false`` when the rules do not answer it; ``related`` then lists the
closest sections), ``sources`` (the sections it rests on: ``id``, ``path``, ``statements``) and
``related``.  Section ids are the anchors of the rules page ``/rules/{game}#<id>``.  Questions
about a table in play go through :func:`gametable.rulebook.ingame.answer_in_game`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query
from starlette.concurrency import run_in_threadpool

from gametable import rulebook

#: the longest question accepted
MAX_QUESTION = 500


def make_router() -> APIRouter:
    router = APIRouter(tags=["rules"])

    @router.get("/api/rules/{game}/answer")
    async def rules_answer(
        game: str, q: str = Query(..., min_length=1, max_length=MAX_QUESTION)
    ) -> dict[str, Any]:
        """Answer a question about ``game``'s rules from gametable's rules reference."""
        if game not in rulebook.available():
            raise HTTPException(404, f"no rules reference for game {game!r}")
        # in a worker thread: the first question loads the embedding model (seconds of CPU),
        # which must not hold up every other table's requests on the event loop
        reply = await run_in_threadpool(rulebook.answer, game, q)
        return reply.to_json()

    return router
