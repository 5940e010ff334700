"""The declared shape of a Balzakken view: what ``state.view(seat)`` returns, field by field.

``Balzakken.view_schema(players)`` derives a strict JSON Schema from these ``TypedDict`` classes
(their docstrings and field comments become its descriptions), so a client can be written from
the schema alone.  Cards are always their text: ``"-1"`` .. ``"11"`` for the Balzakken (their
value is their points), ``"S"`` for The Swinger and ``"L"`` for The Lul.  Seats are integers
``0 .. players-1``, clockwise.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from msgspec import Meta

from gametable.games.balzakken.cards import CardText
from gametable.games.balzakken.scoring import RoundKind

#: a card as its text
Card = Annotated[
    CardText,
    Meta(
        description='A card: a Balzak "-1".."11" (worth its value), "S" The Swinger (worth 0 '
        'if still in hand when the round is scored) or "L" The Lul (worth 10 in hand).'
    ),
]
#: marks a seat number (``view_schema`` narrows it to the table's seats)
SEAT_MARK = "x-seat"
#: marks a list with one entry per seat (``view_schema`` fixes its length)
PER_SEAT_MARK = "x-per-seat"
_PER_SEAT = Meta(extra_json_schema={PER_SEAT_MARK: True})

Seat = Annotated[
    int,
    Meta(
        ge=0,
        le=7,
        description="A seat number, 0-based, clockwise.",
        extra_json_schema={SEAT_MARK: True},
    ),
]
Points = Annotated[int, Meta(ge=0, description="Points on the score sheet (never negative).")]


class RoundRecord(TypedDict):
    """A finished round, as written on the score sheet when someone called BALZAK!.

    Every list but ``tasty`` holds one entry per seat.
    """

    round: Annotated[int, Meta(ge=1, description="The round's number, from 1.")]
    caller: Annotated[Seat, Meta(description="The seat that called BALZAK!.")]
    kind: Annotated[
        RoundKind,
        Meta(
            description='"good": the caller had 5 points or fewer and every other hand more; '
            '"false": some other hand had as few points or fewer; "overcall": the caller had '
            "more than 5 points."
        ),
    ]
    hands: Annotated[
        list[list[Card]],
        Meta(description="Each seat's hand, shown when the round was scored."),
        _PER_SEAT,
    ]
    in_front: Annotated[
        list[list[Card]],
        Meta(description="The action cards that lay in front of each seat in that round."),
        _PER_SEAT,
    ]
    values: Annotated[
        list[int],
        Meta(description="Each hand's points (a Lul 10, a Swinger 0; may be below 0)."),
        _PER_SEAT,
    ]
    points: Annotated[
        list[Points], Meta(description="Points each seat wrote down this round."), _PER_SEAT
    ]
    before: Annotated[
        list[Points], Meta(description="Each seat's total before this round."), _PER_SEAT
    ]
    totals: Annotated[
        list[Points],
        Meta(description="Each seat's total after this round (tasty positions applied)."),
        _PER_SEAT,
    ]
    tasty: Annotated[
        list[Seat],
        Meta(description="Seats whose total landed on exactly 69 or 99 and dropped to 50 or 75."),
    ]


class OutcomeView(TypedDict):
    """How the game ended (present once it is over)."""

    scores: Annotated[
        list[float], Meta(description="Final score-sheet totals, per seat."), _PER_SEAT
    ]
    ranking: Annotated[
        list[int],
        Meta(description="Each seat's place, 1 best (fewest points); tied seats share a place."),
        _PER_SEAT,
    ]
    winners: Annotated[list[Seat], Meta(description="The seats in first place.")]
    reason: Annotated[str, Meta(description="A sentence saying why the game ended.")]


class BalzakkenView(TypedDict):
    """What one seat (or a spectator, seat null) may know of a Balzakken game.

    A seat sees its own hand; of the other hands only their sizes and the cards it knows to be
    in them (``known_cards``).  The draw pile's order is hidden from everyone.
    """

    game: Annotated[Literal["balzakken"], Meta(description="The game: always balzakken.")]
    seat: Annotated[
        Seat | None, Meta(description="Whose view this is; null for a spectator (no hand).")
    ]
    players: Annotated[int, Meta(ge=2, le=8, description="Number of players.")]
    round: Annotated[int, Meta(ge=1, description="The round being played (or last played).")]
    dealer: Annotated[Seat, Meta(description="The seat that dealt this round.")]
    to_move: Annotated[
        list[Seat], Meta(description="The seat whose turn it is; empty once the game is over.")
    ]
    hand_sizes: Annotated[list[int], Meta(description="How many cards each seat holds."), _PER_SEAT]
    known_cards: Annotated[
        dict[str, list[Card]],
        Meta(
            description="Cards this seat knows to be in other seats' hands, by seat number as "
            "text (only seats of which something is known): cards taken from the discard pile "
            "in plain sight, and a whole hand given away with The Swinger."
        ),
    ]
    discard_pile: Annotated[
        list[Card], Meta(description="The discard pile, bottom first: its top card is last.")
    ]
    draw_pile_size: Annotated[int, Meta(ge=0, description="Cards left in the draw pile.")]
    in_front: Annotated[
        list[list[Card]],
        Meta(description="Per seat, the action cards played in front of it this round."),
        _PER_SEAT,
    ]
    scores: Annotated[list[Points], Meta(description="Score-sheet totals per seat."), _PER_SEAT]
    rounds: Annotated[list[RoundRecord], Meta(description="The finished rounds, in order.")]
    is_over: Annotated[bool, Meta(description="True once someone has reached 100 points.")]
    hand: NotRequired[
        Annotated[
            list[Card], Meta(description="This seat's own hand, sorted (not for spectators).")
        ]
    ]
    hand_value: NotRequired[
        Annotated[int, Meta(description="The points of this seat's hand if scored now.")]
    ]
    outcome: NotRequired[
        Annotated[OutcomeView, Meta(description="How the game ended; only once it is over.")]
    ]


def narrow_to_table(node: Any, players: int) -> None:
    """Fit a derived schema to a table of ``players``: seat numbers run to ``players - 1`` and
    per-seat lists hold exactly ``players`` entries (the marks are removed)."""
    if isinstance(node, dict):
        if node.pop(SEAT_MARK, False):
            node["maximum"] = players - 1
        if node.pop(PER_SEAT_MARK, False):
            node["minItems"] = node["maxItems"] = players
        for value in node.values():
            narrow_to_table(value, players)
    elif isinstance(node, list):
        for value in node:
            narrow_to_table(value, players)


__all__ = ["BalzakkenView", "Card", "OutcomeView", "RoundRecord", "narrow_to_table"]
