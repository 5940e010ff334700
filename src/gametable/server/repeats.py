"""A table's memory of move requests: a request sent again gets its first answer again.

A move request may carry an ``id``: a request that repeats an earlier one of the same seat
(same ``id``, ``seq`` and action) gets the first answer again, with ``"repeat": true``, instead
of acting twice.  The last :data:`REMEMBERED_REQUESTS` requests of each seat are remembered in
memory; an older one, or one made before the table was loaded here, is found in the log (the id
is stored with the move), so a resent request is answered alike after a restart too.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from operator import attrgetter
from typing import Any

from gametable.server.refused import Refused
from gametable.server.tablecore import TableCore, TablePart

#: answers to move requests remembered per seat (a resent request gets its first answer again)
REMEMBERED_REQUESTS = 64
#: a move number later than any (:meth:`RequestMemory.forget`)
FOREVER = 1 << 62
#: a log entry's request id (read in C when the log is searched for one)
_request_of = attrgetter("request")

#: what answers a request the first time: (seat, action, request id, seen, takebacks) -> answer
Answer = Callable[[int | None, Any, int | str | None, int | None, int | None], Awaitable[dict]]
#: per request id: the seq the client saw, the action, and the answer (its future while the
#: request is in flight, then the answer itself, which takes less memory)
Remembered = tuple[Any, Any, "asyncio.Future[dict[str, Any]] | dict[str, Any]"]


def refusal(request_id: int | str | None, action: Any, exc: Refused) -> dict[str, Any]:
    """The answer that refuses a request."""
    return {
        "type": "refused",
        "id": request_id,
        "action": action,
        "legal": False,
        "error": exc.to_json(),
    }


def malformed(seen: Any, takebacks: Any) -> str | None:
    """What is wrong with a request's ``seq`` or ``takebacks`` (each an integer, or absent)."""
    if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
        return "seq is an integer"
    if takebacks is not None and (isinstance(takebacks, bool) or not isinstance(takebacks, int)):
        return "takebacks is an integer"
    return None


class RequestMemory(TablePart):
    """The move requests of a table's seats and their answers (a part of
    :class:`~gametable.server.tables.Table`); ``answer`` answers a request the first time."""

    def __init__(self, table: TableCore, answer: Answer) -> None:
        self.attach(table)
        self.answer = answer
        #: per seat: request id -> what it asked and its answer (:data:`Remembered`)
        self.answers: dict[int, OrderedDict[str, Remembered]] = {}
        #: per seat, the newest move accepted here whose request is no longer in ``answers``
        #: (pushed out by newer ones): a request that is not there may still be in the log
        self.forgotten: dict[int, int] = {}
        #: the moves of the log that were loaded from the store (made before this process held
        #: the table: their requests are in the log only)
        self.loaded = len(table.log)

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
        request ``stale`` even at the same ``seq``); ``request_id`` its id.  A request repeating
        one this seat made before (same id, ``seq`` and action) gets the first answer again,
        with ``"repeat": true``, and nothing is played twice.
        """
        bad = malformed(seen, takebacks)
        if bad is not None:
            return refusal(request_id, action, Refused("bad_request", bad))
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
        return await self._first(seat, action, request_id, seen, takebacks)

    async def _first(
        self, seat: int, action: Any, request_id: int | str, seen: Any, takebacks: Any
    ) -> dict[str, Any]:
        """Answer a request met for the first time, remembered while and after it is made."""
        key = str(request_id)
        memory = self.answers[seat]
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        entry: Remembered = (seen, action, future)
        memory[key] = entry
        memory.move_to_end(key)
        while len(memory) > REMEMBERED_REQUESTS:
            self.forget(seat, memory.popitem(last=False)[1][2])
        try:
            reply = await self.answer(seat, action, request_id, seen, takebacks)
        except BaseException:  # cancelled (the server is stopping): a repeat may try again
            memory.pop(key, None)
            future.set_result(refusal(request_id, action, Refused("error", "not answered")))
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
        table = self.table
        window_starts_after = max(0, len(table.log) - REMEMBERED_REQUESTS * table.players)
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
        recent = self.table.log[-REMEMBERED_REQUESTS * self.table.players :]
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
