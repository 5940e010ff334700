"""A Balzakken position: hands, piles, cards in front, scores, and what each seat knows of
the others' hands.

Hands are sorted lists of card ints; piles are lists with the top card last.  ``known[o][p]`` is
the multiset of cards observer ``o`` knows to be in seat ``p``'s hand (row ``players`` is what
everybody knows: cards taken from the discard pile in plain sight); a Swinger tells both players
the whole hand the other now holds.  The game's state (:mod:`~gametable.games.balzakken.state`)
is this position with the protocol, the four actions and the flow of a round above it.
"""

from __future__ import annotations

from bisect import insort
from collections import defaultdict
from typing import Any, ClassVar, Final, Self

from gametable.core.protocol import Action, State
from gametable.core.statefields import Copy, Field, create_fields, declare, field
from gametable.games.balzakken.knowledge import Knowledge
from gametable.games.balzakken.scoring import (
    RoundKind,
)
from gametable.games.balzakken.views import BalzakkenView, RoundRecord

#: before the tasty positions (see :func:`round_record`)
RawRound = tuple[
    int,
    int,
    RoundKind,
    list[list[int]],
    list[list[int]],
    list[int],
    tuple[int, ...],
    list[int],
    list[int],
    list[int],
]

#: NEXT_TO_MOVE[players][seat]: ``to_move`` after ``seat``'s turn, built once
NEXT_TO_MOVE: Final = tuple(tuple(((s + 1) % n,) for s in range(n)) for n in range(9))

#: every field of a Balzakken game, declared once: how it is made and copied (the attributes
#: of :class:`BalzakkenHands` and its ``clone`` are written out from these).  The game writes
#: its position with a codec of its own (``to_json`` and
#: :mod:`~gametable.games.balzakken.positions`), so no field names a JSON path here.
FIELDS: Final = declare(
    _next_to_move=field(factory=lambda s: NEXT_TO_MOVE[s.players]),
    round=field(0),
    scores=field(factory=lambda s: [0] * s.players, copy=Copy.SHALLOW),
    _rounds=field(factory=lambda s: []),
    stats=field(factory=lambda s: defaultdict(int), copy=Copy.SHALLOW),
    hands=field(factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS),
    draw=field(factory=lambda s: [], copy=Copy.SHALLOW),
    discard=field(factory=lambda s: [], copy=Copy.SHALLOW),
    in_front=field(factory=lambda s: [[] for _ in range(s.players)], copy=Copy.ROWS),
    knowledge=field(factory=lambda s: Knowledge(s.players), copy=Copy.CLONE),
    to_move=field(factory=lambda s: (s.options["first_player"],)),
    _offered=field(()),
    # the dealer of the first round sits to the right of the first player
    dealer=field(factory=lambda s: (s.options["first_player"] - 1) % s.players),
)


class BalzakkenHands(State[BalzakkenView]):
    """The cards of a game: hands, piles, cards in front, scores, and what each seat knows (the
    fields declared in :data:`FIELDS`, written out as typed attributes with their ``clone``)."""

    __slots__ = (
        "_next_to_move",
        "_offered",
        "_rounds",
        "dealer",
        "discard",
        "draw",
        "game",
        "hands",
        "in_front",
        "knowledge",
        "options",
        "players",
        "ply",
        "rng",
        "round",
        "scores",
        "seed",
        "stats",
        "to_move",
    )

    _fields_: ClassVar[tuple[Field, ...]] = FIELDS

    #: ``to_move`` after each seat's turn at this table
    _next_to_move: tuple[tuple[int, ...], ...]
    round: int
    scores: list[int]
    #: the finished rounds (see :attr:`history`), the last ones possibly still as the raw
    #: figures of :meth:`end_round`, written out as records only when someone reads them
    #: (append-only: replaced, never changed in place, so clones share it)
    _rounds: list[RoundRecord | RawRound]
    #: counts of notable events (see :meth:`event_counts`); a defaultdict, not a Counter,
    #: because a Counter's ``+= 1`` costs about three times as much
    stats: defaultdict[str, int]
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    in_front: list[list[int]]
    #: what each observer knows of each hand (see :attr:`known`)
    knowledge: Knowledge
    #: the seat to move, as the protocol's tuple (empty once the game is over); a plain
    #: attribute rather than a property, because every client reads it at every decision
    to_move: tuple[int, ...]
    #: the legal actions last listed for the seat to move in this very position (dropped by
    #: every change), so that ``apply`` can trust those very action objects unchecked (shared
    #: by clones: the same position)
    _offered: tuple[Action, ...]
    dealer: int

    @classmethod
    def create(cls, **given: Any) -> Self:
        """A game's state before its first deal: the fields ``given`` (the header) or else
        their defaults, in declaration order."""
        state = cls.__new__(cls)  # (a compiled base class refuses object.__new__)
        create_fields(state, given)
        return state

    def clone(self) -> Self:
        """An independent copy, each field copied as :data:`FIELDS` declares (written out:
        ``tests/balzakken/test_balzakken_fields.py`` checks these lines against the
        declarations)."""
        new = type(self).__new__(type(self))
        new.game = self.game
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.clone()
        new.ply = self.ply
        new._next_to_move = self._next_to_move
        new.round = self.round
        new.scores = self.scores.copy()
        new._rounds = self._rounds
        new.stats = self.stats.copy()
        new.hands = [row.copy() for row in self.hands]
        new.draw = self.draw.copy()
        new.discard = self.discard.copy()
        new.in_front = [row.copy() for row in self.in_front]
        new.knowledge = self.knowledge.clone()
        new.to_move = self.to_move
        new._offered = self._offered
        new.dealer = self.dealer
        return new

    @property
    def current(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        return self.to_move[0] if self.to_move else None

    @current.setter
    def current(self, seat: int | None) -> None:
        self.to_move = () if seat is None else (seat,)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_cards(self, seat: int, count: int) -> None:
        """Draw ``count`` cards from the draw pile, reshuffling it when it runs out.

        "What If... > The draw pile runs out?": every card of the discard pile but its top is
        shuffled into a new draw pile (action cards in front of players stay out).  When even
        that leaves nothing to draw, the draw is skipped.
        """
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw:
                self.reshuffle()
                if not self.draw:
                    self.stats["skipped_draws"] += 1
                    return
            insort(hand, self.draw.pop())

    def reshuffle(self) -> None:
        if len(self.discard) <= 1:
            return
        cards = self.discard[:-1]
        del self.discard[:-1]
        self.rng.shuffle(cards)
        self.draw = cards
        self.stats["reshuffles"] += 1

    # -- knowledge of other hands -----------------------------------------------------------------
    @property
    def known(self) -> list[list[list[int]]]:
        """``known[o][p]``: the cards observer ``o`` knows to be in seat ``p``'s hand, sorted
        (row ``players``: what everybody knows; ``known[p][p]`` is empty)."""
        return self.knowledge.current()

    @known.setter
    def known(self, rows: list[list[list[int]]]) -> None:
        """Set every observer's knowledge (then :meth:`index_knowledge`)."""
        self.knowledge = Knowledge(self.players, rows)

    def index_knowledge(self) -> None:
        """Index :attr:`known` by seat, after ``known`` was set as a whole."""
        self.knowledge.index()
