"""Building Keezbord positions by hand for the scenario tests (through the public API only).

Boards used in the tests: two players play on the 64-space board with starts at 0 (seat a) and
32 (seat b); four players have starts 0, 16, 32, 48; six players a 96-space board with starts
0, 16, 32, 48, 64, 80.  A seat's home entrance is the space just before its start (63 for seat
a): the next step forward from there is home space H1.
"""

from __future__ import annotations

from typing import Any

import gametable
from gametable import State

GAME = gametable.load_game("keezbord")
_UNSET: Any = object()


def position(
    players: int = 2,
    pawns: dict | None = None,
    hands: dict | None = None,
    to_move: Any = _UNSET,
    **extra: Any,
) -> State:
    """A position from seat-letter maps, e.g. ``pawns={"a": [5, "N", "N", "H1"]}``.

    Seats left out have all pawns in the nest and no cards.  ``to_move`` defaults to seat 0.
    """
    data: dict[str, Any] = {
        "game": "keezbord",
        "players": players,
        "pawns": pawns or {},
        "hands": hands or {},
        **extra,
    }
    data["to_move"] = 0 if to_move is _UNSET else to_move
    return GAME.state_from_json(data)


def legal(state: State, seat: int | None = None) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def pawns(state: State, seat: int) -> list:
    return state.view(None)["pawns"][seat]
