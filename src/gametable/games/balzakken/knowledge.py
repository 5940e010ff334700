"""What each seat knows of the others' hands in a Balzakken game.

``rows[o][p]`` is the multiset of cards observer ``o`` knows to be in seat ``p``'s hand, sorted
(row ``players`` is what everybody knows: cards taken from the discard pile in plain sight;
``rows[p][p]`` is empty, a seat knows its own hand); a Swinger tells both players the whole hand
the other now holds.

Observers who know the same thing of a seat share one list (every deal starts them so), and a
change in plain sight is made once per distinct list (:attr:`Knowledge.columns`).  Moves only
note what was seen (:attr:`Knowledge.seen`); the rows catch up when someone looks (a view, a
copy, a position, a Swinger), making the same changes in the same order.
"""

from __future__ import annotations

from bisect import insort

from gametable.games.balzakken.cards import SWINGER

#: a move in plain sight, as :attr:`Knowledge.seen` notes it: ``(seat, card)`` for a card played
#: openly, ``(seat, card, taken)`` for a card played openly and the discard pile's top taken in
#: its place, ``(seat, target, seat_holds, target_holds)`` for The Swinger
Seen = tuple[int, int] | tuple[int, int, int] | tuple[int, int, list[int], list[int]]


class Knowledge:
    """What every observer knows of every hand, with the moves in plain sight not yet written
    into it."""

    __slots__ = ("columns", "players", "rows", "seen")

    players: int
    #: ``rows[o][p]`` (see the module docstring) as of the moves before :attr:`seen`; ``None``:
    #: as of the deal (nobody knows anything)
    rows: list[list[list[int]]] | None
    #: per seat, the distinct lists of what the other observers know of its hand
    columns: list[list[list[int]]]
    #: the moves in plain sight not yet written into :attr:`rows`, in order
    seen: list[Seen]

    def __init__(self, players: int, rows: list[list[list[int]]] | None = None) -> None:
        """Knowledge at a deal (``rows`` None: nobody knows anything yet), or the given rows
        (then :meth:`index`)."""
        self.players = players
        self.rows = rows
        self.columns = []
        self.seen = []

    def current(self) -> list[list[list[int]]]:
        """The rows, brought up to date with the moves seen since they were last read."""
        if self.seen or self.rows is None:
            self.catch_up()
        assert self.rows is not None
        return self.rows

    def clone(self) -> Knowledge:
        """An independent copy (brought up to date first): each list copied once, so that
        observers sharing one still share its copy."""
        rows = self.current()
        copies = {id(cards): cards[:] for row in rows for cards in row}
        new = Knowledge(self.players, [[copies[id(cards)] for cards in row] for row in rows])
        new.columns = [[copies[id(cards)] for cards in column] for column in self.columns]
        return new

    def catch_up(self) -> None:
        """Write the moves in plain sight since the rows were last read into them."""
        if self.rows is None:  # as dealt: each seat's column is one list, shared by every
            public: list[list[int]] = [[] for _ in range(self.players)]  # observer but the seat
            known = []
            for o in range(self.players):
                row = public[:]
                row[o] = []  # a seat's own: always empty
                known.append(row)
            known.append(public)
            self.rows = known
            self.columns = [[cells] for cells in public]
        seen = self.seen
        if seen:
            self.seen = []
            for move in seen:
                if len(move) == 4:
                    self.swap(*move)
                    continue
                self.forget(move[0], move[1])
                if len(move) == 3:
                    self.reveal_taken(move[0], move[2])

    def swap(self, seat: int, target: int, seat_holds: list[int], target_holds: list[int]) -> None:
        """After ``seat`` played The Swinger on ``target`` (who now holds ``target_holds``, and
        ``seat`` ``seat_holds``): what everyone knew of each hand follows the hand, and each of
        the two knows the whole hand the other now holds."""
        self.forget(seat, SWINGER)
        known = self.rows
        assert known is not None
        for row in known:
            row[seat], row[target] = row[target], row[seat]
        known[seat][target] = target_holds
        known[target][seat] = seat_holds
        known[seat][seat] = []
        known[target][target] = []
        self.columns[seat] = self.column_of(seat)
        self.columns[target] = self.column_of(target)

    def forget(self, seat: int, card: int) -> None:
        """``seat`` played ``card`` openly: nobody counts it in their hand any more."""
        for cards in self.columns[seat]:
            if card in cards:
                cards.remove(card)

    def reveal_taken(self, seat: int, card: int) -> None:
        """``seat`` took ``card`` from the discard pile in plain sight: everyone knows it is there."""
        for cards in self.columns[seat]:
            insort(cards, card)

    def column_of(self, seat: int) -> list[list[int]]:
        """The distinct lists of what the other observers (the public row too) know of
        ``seat``'s hand.

        A change of a seat's hand in plain sight is the same change to each observer's list but
        the seat's own, which stays empty (a seat knows its own hand), so it is made once per
        distinct list of this column.
        """
        column: list[list[int]] = []
        for o, row in enumerate(self.current()):
            if o != seat:
                cells = row[seat]
                for other in column:
                    if other is cells:  # shared (by identity: equal lists may be distinct)
                        break
                else:
                    column.append(cells)
        return column

    def index(self) -> None:
        """Index the rows by seat (:meth:`column_of`), after they were set as a whole."""
        self.columns = [self.column_of(p) for p in range(self.players)]
