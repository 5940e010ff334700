"""The declared shape of a Keezbord ``view(seat)``: what a seat (or a spectator) may know.

``Keezbord.view_schema(players)`` derives a strict JSON Schema from these ``TypedDict`` classes
(their docstrings and field descriptions become the schema's descriptions), narrowed to the
player count; the conformance suite checks every view against it.  The board's geometry is
described in :mod:`~gametable.games.keezbord.board` and ``docs/rules/keezbord.md``.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from msgspec import Meta

from gametable.games.keezbord.board import PlaceText
from gametable.games.keezbord.cards import CardText

Place = Annotated[
    PlaceText,
    Meta(
        description='"N": in its nest; an integer: on that track space (0 is seat a\'s start, '
        'numbered clockwise); "H1".."H4": in its owner\'s home (H1 is the entrance, H4 the '
        "deepest space)"
    ),
]
Seat = Annotated[int, Meta(ge=0, le=5, description="a seat: 0 is seat a, 1 seat b, ...")]


class OutcomeView(TypedDict):
    """How the game ended (present once it is over)."""

    scores: Annotated[
        list[float], Meta(description="per seat: the pawns its team has brought home")
    ]
    ranking: Annotated[list[int], Meta(description="per seat: its place, 1 the best")]
    winners: Annotated[list[Seat], Meta(description="the seats placed first")]
    reason: Annotated[str, Meta(description="a sentence for people")]


class KeezbordView(TypedDict):
    """What one seat of a Keezbord game may know (``seat`` null: a spectator, who sees no hand).

    Everything is public except the cards in the other hands and the order of the deck.
    """

    game: Literal["keezbord"]
    seat: Annotated[Seat | None, Meta(description="whose view this is; null for a spectator")]
    players: Annotated[int, Meta(description="2, 4 or 6")]
    teams: Annotated[
        list[list[Seat]],
        Meta(description="the partnerships (partners sit opposite); one seat each with 2 players"),
    ]
    track_length: Annotated[int, Meta(description="track spaces: 64 for 2 or 4 players, 96 for 6")]
    starts: Annotated[
        list[int],
        Meta(description="per seat: its start space; its home entrance is the space just before"),
    ]
    dealer: Annotated[Seat, Meta(description="the seat that deals this cycle")]
    cycle: Annotated[int, Meta(ge=1, description="deal cycles so far (the pack is reshuffled)")]
    deal: Annotated[
        int, Meta(ge=1, le=3, description="the deal within the cycle: 5, then 4, then 4 cards")
    ]
    ply: Annotated[int, Meta(ge=0, description="decisions made so far")]
    to_move: Annotated[
        list[Seat], Meta(description="the seat to move (one), or empty once the game is over")
    ]
    pawns: Annotated[
        list[list[Place]],
        Meta(description="per seat, its four pawns in order (pawn a1 first): where each stands"),
    ]
    progress: Annotated[
        list[list[int | None]],
        Meta(
            description="per seat, its four pawns: how far each has come from its own start "
            "(null in the nest; 0 to track_length - 1 on the track; track_length + 0..3 in "
            "home spaces H1..H4)"
        ),
    ]
    plays_for: Annotated[
        list[Seat],
        Meta(
            description="per seat: whose pawns it moves (its partner's once its own are all home)"
        ),
    ]
    hand_sizes: Annotated[list[int], Meta(description="per seat: the cards it holds")]
    deck_size: Annotated[int, Meta(ge=0, description="cards not yet dealt this cycle")]
    played: Annotated[
        list[CardText],
        Meta(description="cards played or handed in this cycle, oldest first (all face up)"),
    ]
    deal_played: Annotated[
        list[CardText],
        Meta(description="the end of played: the cards played or handed in during this deal"),
    ]
    handed_in: Annotated[
        list[Seat], Meta(description="seats that handed in their cards during this deal")
    ]
    is_over: bool
    hand: NotRequired[
        Annotated[
            list[CardText], Meta(description="this seat's own cards, sorted (absent: spectator)")
        ]
    ]
    outcome: NotRequired[OutcomeView]
