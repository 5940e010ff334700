"""Keezbord's one-line position text (like chess FEN): :func:`position_text` writes it,
:func:`parse_position_text` turns it into the JSON form that ``state_from_json`` loads.

See ``docs/rules/keezbord.md`` ("The one-line text form").
"""

from __future__ import annotations

from typing import Any

from gametable.core.errors import InvalidState
from gametable.games.keezbord.board import SEAT_LETTERS
from gametable.games.keezbord.cards import card_text
from gametable.games.keezbord.pawns import KeezbordPawns


def position_text(state: KeezbordPawns) -> str:
    """The position as one line of text (like chess FEN); see ``docs/rules/keezbord.md``.

    Fields, separated by spaces: pawns (seats split by ``/``, places by ``,``), hands (same
    shape, ``-`` for an empty hand), cards played this cycle (``-`` for none), dealer (a seat
    letter), cycle, deal, and the seat to move (``-`` when the game is over).  The deck's order,
    the options and the RNG are not part of it.
    """
    places = "/".join(",".join(str(p) for p in seat) for seat in state.pawn_places())
    hands = "/".join(",".join(card_text(c) for c in h) or "-" for h in state.hands)
    played = ",".join(card_text(c) for c in state.played) or "-"
    to_move = "-" if state.current is None else SEAT_LETTERS[state.current]
    return (
        f"{places} {hands} {played} {SEAT_LETTERS[state.dealer]} {state.cycle} {state.deal} "
        f"{to_move}"
    )


def parse_position_text(text: str) -> dict[str, Any]:
    """The JSON form (for ``state_from_json``) of a position written by :func:`position_text`.

    >>> parse_position_text("10,N,N,N/N,N,N,N 8/3 - a 1 1 a")["pawns"]
    [[10, 'N', 'N', 'N'], ['N', 'N', 'N', 'N']]
    """
    if not isinstance(text, str):
        raise InvalidState("a position text must be a string")
    fields = text.split()
    if len(fields) != 7:
        raise InvalidState(
            "a position text has 7 fields: pawns hands played dealer cycle deal "
            f"to_move; this one has {len(fields)}"
        )
    pawns_f, hands_f, played_f, dealer_f, cycle_f, deal_f, move_f = fields
    seats = pawns_f.split("/")
    players = len(seats)
    pawns = [seat.split(",") for seat in seats]
    hands = [[] if h == "-" else h.split(",") for h in hands_f.split("/")]
    if len(hands) != players:
        raise InvalidState(f"the pawns name {players} seats but the hands {len(hands)}")

    def seat(letter: str, where: str) -> int:
        if len(letter) != 1 or letter not in SEAT_LETTERS[:players]:
            raise InvalidState(
                f"{where} must be a seat letter a-{SEAT_LETTERS[players - 1]}, not {letter!r}"
            )
        return SEAT_LETTERS.index(letter)

    def number(value: str, where: str) -> int:
        if not value.isdigit():
            raise InvalidState(f"{where} must be a number, not {value!r}")
        return int(value)

    return {
        "game": "keezbord",
        "players": players,
        "pawns": [[int(p) if p.isdigit() else p for p in seat_places] for seat_places in pawns],
        "hands": hands,
        "played": [] if played_f == "-" else played_f.split(","),
        "dealer": seat(dealer_f, "the dealer"),
        "cycle": number(cycle_f, "the cycle"),
        "deal": number(deal_f, "the deal"),
        "to_move": None if move_f == "-" else seat(move_f, "the seat to move"),
    }
