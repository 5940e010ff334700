"""What a table tells its connections: each seat its own view and what it may do, at every move.

A move's ``update`` is made once per seat that someone is connected to (and once for all the
spectators), however many windows are open on it: a part said alike to every seat
(:meth:`Broadcaster.update_head`) and each seat's own part, with a patch to the view that seat
was sent at the move before when it can (:mod:`gametable.server.wire`), else the whole view.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import msgspec

from gametable.server.connection import encode
from gametable.server.offers import Offers
from gametable.server.tablecore import TableCore, TablePart
from gametable.server.wire import BEFORE, Memo, Prints, carried, patch_value

log = logging.getLogger("gametable.server")
_encode = msgspec.json.Encoder().encode


class Broadcaster(TablePart):
    """A table's messages to its connections (a part of :class:`~gametable.server.tables.Table`);
    the seats' legal lists are ``offers``'."""

    def __init__(self, table: TableCore, offers: Offers) -> None:
        self.attach(table)
        self.offers = offers
        #: per seat (None: spectators) the fingerprints of the view in its last ``update``, with
        #: that update's ``seq`` and ``takebacks``: the next update is a patch to it
        self.prints: dict[int | None, tuple[int, int, Prints]] = {}
        #: what the last broadcast's memo leaves the next one (:func:`~gametable.server.wire.carried`):
        #: the hashes of its views' parts, by the part's ``id`` (the part kept alive); a part the
        #: game hands again as the same object is then not encoded again
        self.carry: Memo = {}

    def message_for(
        self, seat: int | None, kind: str = "update", view: Any = None
    ) -> dict[str, Any]:
        """The message a seat gets: its own view only, plus what it may do now.

        ``kind="sync"`` carries the whole public log; an ``update`` only the newest entry.
        ``view``: what goes in ``view`` (default: the seat's view).  A move's updates are made
        by :meth:`update_text` (the same message, with a patch instead of the view when it can).
        """
        table = self.table
        state = table.state
        over = state.is_over
        entries = table.log if kind == "sync" else table.log[-1:]
        msg: dict[str, Any] = {
            "type": kind,
            "table": table.id,
            "game": table.game.name,
            "seat": seat,
            "seq": table.seq,
            "to_move": list(state.to_move),
            "over": over,
            "view": state.view(seat) if view is None else view,
            "legal": self.offers.legal_for(state, seat),
            "log": [e.for_seat(seat, over) for e in entries],
            "rematch": table.rematch_id,
            "take_back": table.may_take_back(seat),
            "takebacks": table.takebacks,
            "clock": None if table.timing is None else table.timing.to_json(),
        }
        outcome = state.outcome
        if outcome is not None:
            msg["outcome"] = outcome.to_json()
        return msg

    def info(self) -> dict[str, Any]:
        """What anyone with the table's id may know."""
        table = self.table
        connected = {c.seat for c in table.connections}
        return {
            "id": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "players": table.players,
            "options": table.options,
            "seats": [
                {**s.public(), "seat": i, "connected": i in connected}
                for i, s in enumerate(table.seats)
            ],
            "status": table.status,
            "clock": None if table.timing is None else table.timing.clock.to_json(),
            "seq": table.seq,
            "to_move": list(table.state.to_move),
            "rematch_of": table.rematch_of,
            "rematch_id": table.rematch_id,
            "created_at": table.created_at,
        }

    def update_head(self) -> bytes:
        """What a move's ``update`` says alike to every seat and the spectators (the table, the
        move's ``seq``, who moves next, the clock, the outcome...), as JSON text without its
        closing brace: made once per move, the seat's own part added to it (:meth:`update_text`)."""
        table = self.table
        state = table.state
        head: dict[str, Any] = {
            "type": "update",
            "table": table.id,
            "game": table.game.name,
            "seq": table.seq,
            "to_move": list(state.to_move),
            "over": state.is_over,
            "rematch": table.rematch_id,
            "takebacks": table.takebacks,
            "clock": None if table.timing is None else table.timing.to_json(),
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
        table = self.table
        try:
            base = self.prints.get(seat)
            if base is not None and base[0] == table.seq - 1 and base[1] == table.takebacks:
                prints = base[2]
            else:
                prints = Prints()
            self.prints[seat] = (table.seq, table.takebacks, prints)
            threshold = table.host.settings.patch_threshold
            if view is None:
                view = table.state.view(seat)
            whole, patch = prints.update(view, threshold, memo)
            own: dict[str, Any] = {"seat": seat}
            if patch is None:
                assert whole is not None
                own["view"] = msgspec.Raw(whole)
            else:
                own["patch"] = patch_value(patch)
            over = table.state.is_over
            own["legal"] = self.offers.legal_text(table.state, seat)
            own["log"] = [e.for_seat(seat, over) for e in table.log[-1:]]
            own["take_back"] = table.may_take_back(seat)
            if head is None:
                head = self.update_head()
            return (head + b"," + _encode(own)[1:]).decode()
        except Exception:  # a rules bug in view(): the move stands, tell the seat
            self.prints.pop(seat, None)
            log.exception("table %s: view for seat %s failed", table.id, seat)
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
        connections = list(self.table.connections)
        views: Mapping[int | None, Mapping[str, Any]] = {}
        if connections:
            try:
                views = self.table.state.views(dict.fromkeys(c.seat for c in connections))
            except Exception:  # a rules bug: each seat's view is tried (and told) alone
                log.exception("table %s: views failed", self.table.id)
        memo: Memo = {BEFORE: self.carry} if self.carry else {}
        head = None
        self.offers.clear()  # made again for this position by legal_text
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
