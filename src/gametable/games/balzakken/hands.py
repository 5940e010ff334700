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
from typing import Any, Final

from gametable.core.protocol import Action, Game
from gametable.core.rng import Rng
from gametable.core.statecopy import CopiedState
from gametable.games.balzakken.cards import SWINGER
from gametable.games.balzakken.scoring import (
    RoundKind,
)
from gametable.games.balzakken.views import RoundRecord

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

#: a move in plain sight, as :attr:`BalzakkenState._seen` notes it
Seen = tuple[int, int] | tuple[int, int, int] | tuple[int, int, list[int], list[int]]

#: NEXT_TO_MOVE[players][seat]: ``to_move`` after ``seat``'s turn, built once
NEXT_TO_MOVE: Final = tuple(tuple(((s + 1) % n,) for s in range(n)) for n in range(9))


class BalzakkenHands(CopiedState):
    """The cards of a game: hands, piles, cards in front, scores, and what each seat knows."""

    __slots__ = (
        "_columns",
        "_known",
        "_next_to_move",
        "_offered",
        "_rounds",
        "_seen",
        "dealer",
        "discard",
        "draw",
        "game",
        "hands",
        "in_front",
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

    # the protocol's attributes, declared here too so that a compiled build (mypyc) knows them
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    ply: int
    #: the seat to move, as the protocol's tuple (empty once the game is over); a plain
    #: attribute rather than a property, because every client reads it at every decision
    to_move: tuple[int, ...]

    def new_position(self) -> None:
        """A game's state before its first deal."""
        players, options = self.players, self.options
        #: ``to_move`` after each seat's turn at this table
        self._next_to_move: tuple[tuple[int, ...], ...] = NEXT_TO_MOVE[players]
        self.rng = Rng(self.seed)
        self.ply = 0
        self.round = 0
        self.scores: list[int] = [0] * players
        #: the finished rounds (see :attr:`history`), the last ones possibly still as the raw
        #: figures of :meth:`end_round`, written out as records only when someone reads them
        self._rounds: list[RoundRecord | RawRound] = []
        #: counts of notable events (see :meth:`event_counts`); a defaultdict, not a Counter,
        #: because a Counter's ``+= 1`` costs about three times as much
        self.stats: defaultdict[str, int] = defaultdict(int)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.in_front: list[list[int]] = [[] for _ in range(players)]
        #: what each observer knows of each hand (see :attr:`known`) as of the moves before
        #: :attr:`_seen`; None: as of the deal (nobody knows anything)
        self._known: list[list[list[int]]] | None = []
        #: what the others know of each seat's hand, as lists (see :meth:`index_knowledge`)
        self._columns: list[list[list[int]]] = []
        #: the moves in plain sight not yet written into :attr:`_known`, in order: ``(seat,
        #: card)`` for a card played openly, ``(seat, card, taken)`` for a card played openly
        #: and the discard pile's top taken in its place, ``(seat, target, seat_holds,
        #: target_holds)`` for The Swinger (see :meth:`catch_up_knowledge`)
        self._seen: list[Seen] = []
        self.to_move = (options["first_player"],)
        #: the legal actions last listed for the seat to move in this very position (dropped by
        #: every change), so that ``apply`` can trust those very action objects unchecked
        self._offered: tuple[Action, ...] = ()
        # the dealer of the first round sits to the right of the first player
        self.dealer: int = (options["first_player"] - 1) % players

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
        if self._seen or self._known is None:
            self.catch_up_knowledge()
        assert self._known is not None
        return self._known

    @known.setter
    def known(self, rows: list[list[list[int]]]) -> None:
        """Set every observer's knowledge (then :meth:`index_knowledge`)."""
        self._known = rows
        self._seen = []

    def catch_up_knowledge(self) -> None:
        """Write the moves in plain sight since :attr:`known` was last read into it.

        Moves change what others know only when someone looks (a view, a copy, a position,
        a Swinger), so a move only notes what was seen (:attr:`_seen`); this makes the same
        changes, in the same order, that making them at once would have made.
        """
        if self._known is None:  # as dealt: each seat's column is one list, shared by every
            public: list[list[int]] = [[] for _ in range(self.players)]  # observer but the seat
            known = []
            for o in range(self.players):
                row = public[:]
                row[o] = []  # a seat's own: always empty
                known.append(row)
            known.append(public)
            self._known = known
            self._columns = [[cells] for cells in public]
        seen = self._seen
        if seen:
            self._seen = []
            for move in seen:
                if len(move) == 4:
                    self.swap_knowledge(*move)
                    continue
                self.forget(move[0], move[1])
                if len(move) == 3:
                    self.reveal_taken(move[0], move[2])

    def swap_knowledge(
        self, seat: int, target: int, seat_holds: list[int], target_holds: list[int]
    ) -> None:
        """After ``seat`` played The Swinger on ``target`` (who now holds ``target_holds``, and
        ``seat`` ``seat_holds``): what everyone knew of each hand follows the hand, and each of
        the two knows the whole hand the other now holds."""
        self.forget(seat, SWINGER)
        known = self._known
        assert known is not None
        for row in known:
            row[seat], row[target] = row[target], row[seat]
        known[seat][target] = target_holds
        known[target][seat] = seat_holds
        known[seat][seat] = []
        known[target][target] = []
        self._columns[seat] = self.column_of(seat)
        self._columns[target] = self.column_of(target)

    def forget(self, seat: int, card: int) -> None:
        """``seat`` played ``card`` openly: nobody counts it in their hand any more."""
        for cards in self._columns[seat]:
            if card in cards:
                cards.remove(card)

    def reveal_taken(self, seat: int, card: int) -> None:
        """``seat`` took ``card`` from the discard pile in plain sight: everyone knows it is there."""
        for cards in self._columns[seat]:
            insort(cards, card)

    def column_of(self, seat: int) -> list[list[int]]:
        """The distinct lists of what the other observers (the public row too) know of
        ``seat``'s hand.

        Observers who know the same thing of a seat may share one list (every deal starts them
        so: each learns only what happens in plain sight until a Swinger tells two of them
        more).  A change of a seat's hand in plain sight is the same change to each observer's
        list but the seat's own, which stays empty (a seat knows its own hand), so it is made
        once per distinct list of this column.
        """
        column: list[list[int]] = []
        for o, row in enumerate(self.known):
            if o != seat:
                cells = row[seat]
                for other in column:
                    if other is cells:  # shared (by identity: equal lists may be distinct)
                        break
                else:
                    column.append(cells)
        return column

    def index_knowledge(self) -> None:
        """Index :attr:`known` by seat (:meth:`column_of`), after ``known`` was set as a whole."""
        self._columns = [self.column_of(p) for p in range(self.players)]

    # -- copying ----------------------------------------------------------------------------------
    def copy_position(self, source: BalzakkenHands) -> None:
        """Take everything but the header from ``source`` (lists copied)."""
        self._offered = ()
        self._next_to_move = source._next_to_move
        self.rng = Rng(source.rng.state)
        self.ply = source.ply
        self.round = source.round
        self.scores = source.scores[:]
        self._rounds = source._rounds  # append-only list of finished rounds; copied on write
        self.stats = source.stats.copy()
        self.hands = [h[:] for h in source.hands]
        self.draw = source.draw[:]
        self.discard = source.discard[:]
        self.in_front = [f[:] for f in source.in_front]
        # copy each list once, so that observers sharing one still share its copy
        known = source.known  # (brought up to date)
        copies = {id(cards): cards[:] for row in known for cards in row}
        self._known = [[copies[id(cards)] for cards in row] for row in known]
        self._seen = []
        self._columns = [[copies[id(cards)] for cards in column] for column in source._columns]
        self.to_move = source.to_move
        self.dealer = source.dealer
