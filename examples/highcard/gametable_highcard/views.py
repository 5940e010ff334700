"""The declared shape of a High Card view: what ``state.view(seat)`` returns, field by field.

``HighCard.view_schema(players)`` derives a strict JSON Schema from these ``TypedDict``
classes.  Cards are integers ``1 .. cards``; seats are integers ``0 .. players-1``, clockwise.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from msgspec import Meta

Card = Annotated[int, Meta(ge=1, le=99, description="A card: its number, higher beats lower.")]
Seat = Annotated[int, Meta(ge=0, le=3, description="A seat number, 0-based, clockwise.")]


class Played(TypedDict):
    """A card on the table and the seat that played it."""

    seat: Seat
    card: Card


class TrickRecord(TypedDict):
    """A finished trick, face up for everyone."""

    leader: Annotated[Seat, Meta(description="The seat that led the trick.")]
    cards: Annotated[list[Played], Meta(description="The cards in the order they were played.")]
    winner: Annotated[Seat, Meta(description="The seat whose card was highest.")]


class OutcomeView(TypedDict):
    """How the game ended (present once it is over)."""

    scores: Annotated[list[float], Meta(description="Tricks taken, per seat.")]
    ranking: Annotated[list[int], Meta(description="Each seat's place, 1 best.")]
    winners: Annotated[list[Seat], Meta(description="The seats in first place.")]
    reason: Annotated[str, Meta(description="A sentence saying how the game ended.")]


class HighCardView(TypedDict):
    """What one seat (or a spectator, seat null) may know of a High Card game.

    A seat sees its own hand and how many cards each other seat holds; the cards left undealt
    are never shown.  Every card played is face up.
    """

    game: Annotated[Literal["highcard"], Meta(description="The game: always highcard.")]
    seat: Annotated[Seat | None, Meta(description="Whose view this is; null for a spectator.")]
    players: Annotated[int, Meta(ge=2, le=4, description="Number of players.")]
    cards: Annotated[int, Meta(ge=2, description="Cards in the deck, numbered 1 .. cards.")]
    to_move: Annotated[list[Seat], Meta(description="The seat to play; empty once over.")]
    leader: Annotated[Seat, Meta(description="The seat that leads (led) the current trick.")]
    trick: Annotated[list[Played], Meta(description="The current trick's cards, in order.")]
    hand_sizes: Annotated[list[int], Meta(description="How many cards each seat holds.")]
    tricks: Annotated[list[int], Meta(description="Tricks taken so far, per seat.")]
    history: Annotated[list[TrickRecord], Meta(description="The finished tricks, in order.")]
    is_over: Annotated[bool, Meta(description="True once every hand is played out.")]
    hand: NotRequired[Annotated[list[Card], Meta(description="This seat's hand, sorted.")]]
    outcome: NotRequired[Annotated[OutcomeView, Meta(description="Only once it is over.")]]
