"""Keezbord's standings for the learned leaf evaluation (:mod:`gametable.bots.learned`): the
game's ``learned`` part.  At four and six seats the model values teams of partners.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from gametable.bots.learned import Learned, Teams
from gametable.core.protocol import State
from gametable.games.keezbord.bots import heuristic as keezbord_rules
from gametable.games.keezbord.public import KeezbordView

KEEZ_NAMES = (
    "progress",  # steps its pawns on the track have come, in track lengths
    "home",  # pawns in their home spaces
    "nest",  # pawns still in the nest
    "on_start",  # pawns resting on their start space
    "threatened",  # pawns on the track an opposing pawn may reach with one card
    "board",  # the rules of thumb's value of its pawns, /100
    "remaining",  # steps its pawns still have to go to their home spaces, in track lengths
    "slowest",  # the same for its pawn furthest from home (all four must come home to win)
    "leave_cards",  # aces and kings in hand (they bring a pawn out)
    "sevens",  # sevens in hand
    "fours",  # fours in hand (a step back towards home)
    "jacks",  # jacks in hand (swap with an opposing pawn)
    "hand",  # cards in hand
    "to_move",  # 1 when this seat decides now
)


def keezbord_standing(state: State[KeezbordView], seat: int) -> list[float]:
    return keezbord_view_standing(state.view(seat), seat)


def keezbord_view_standing(
    view: KeezbordView, seat: int, board: Sequence[float] | None = None
) -> list[float]:
    """``seat``'s numbers from its own ``view``; ``board``: every seat's
    :func:`~gametable.games.keezbord.bots.heuristic.seat_values` if already read from the board."""
    length = view["track_length"]
    pawns, progress = view["pawns"], view["progress"]
    progressed = home = nest = on_start = threatened = 0.0
    places = pawns[seat]
    goal = length + len(places)  # from the start space to the last home space, about
    remaining: list[float] = []
    occupied = [
        (place, owner)
        for owner, row in enumerate(pawns)
        if owner != seat
        for place in row
        if isinstance(place, int)
    ]
    for place, p in zip(places, progress[seat], strict=True):
        remaining.append(max(0, goal - (-1 if p is None else p)) / length)
        if p is None:
            nest += 1
        elif p >= length:
            home += 1
        else:
            progressed += p / length
            if p == 0:
                on_start += 1
            elif isinstance(place, int) and any(
                (place - space) % length in keezbord_rules.REACH
                or (space - place) % length == keezbord_rules.BACK
                for space, _ in occupied
            ):
                threatened += 1
    hand = view["hand"]
    return [
        progressed,
        home,
        nest,
        on_start,
        threatened,
        (keezbord_rules.seat_values(view) if board is None else board)[seat] / 100.0,
        sum(remaining),
        max(remaining),
        float(hand.count("A") + hand.count("K")),
        float(hand.count("7")),
        float(hand.count("4")),
        float(hand.count("J")),
        float(len(hand)),
        1.0 if seat in view["to_move"] else 0.0,
    ]


def keezbord_standings(state: State[KeezbordView]) -> list[list[float]]:
    """Every seat's :func:`keezbord_standing`, the board read once (a seat's view differs from
    another's only in the hand)."""
    seats = range(state.players)
    views = state.views(seats)
    board = keezbord_rules.seat_values(views[0])
    return [keezbord_view_standing(views[s], s, board) for s in seats]


LEARNED = Learned(
    names=KEEZ_NAMES,
    standing=keezbord_standing,
    models=resources.files(__package__) / "data",
    # a team wins when all its pawns are home, so its slowest pawn is the slower partner's;
    # a team is compared with the others on the rules of thumb's reading of the board (the
    # hand-written evaluation's lead is the gap to the best other team) and on the steps its
    # pawns still have to go
    teams=Teams(
        worst=("slowest",),
        extremes=(("board", 5, False), ("remaining", 6, True)),
        standings=keezbord_standings,
    ),
)
