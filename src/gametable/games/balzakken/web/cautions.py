"""Which of a Balzakken seat's legal moves are almost surely a mistake, and what each costs.

The web table asks before playing them (``docs/web.md``, "Confirmations"). In Balzakken that is
BALZAK! called with more than 5 points in hand: "BALZAK! - End of a Round" scores such a call 25
for the caller and 0 for everyone else, whatever the other hands hold.

>>> from gametable import load_game
>>> state = load_game("balzakken").new_game(2, seed=3)
>>> seat = state.to_move[0]
>>> value = state.view_parts(seat, ("hand_value",))["hand_value"]
>>> said = cautions(state, seat, state.legal_actions(seat))
>>> list(said.values()) == ([] if value <= 5 else [over_call(value)])
True
"""

from __future__ import annotations

from collections.abc import Sequence

from gametable.core.protocol import Action, State
from gametable.games.balzakken.public import BALZAK_LIMIT, FALSE_PENALTY

#: the kind (JSON form) of the BALZAK! call
CALL = "balzak"


def over_call(value: int) -> str:
    """The question asked before calling BALZAK! with ``value`` points in hand."""
    return (
        f"You hold {value} points: a BALZAK! call with more than {BALZAK_LIMIT} points is false"
        f" and scores {FALSE_PENALTY} for you (0 for everyone else). Call anyway?"
    )


def cautions(state: State, seat: int, actions: Sequence[Action]) -> dict[int, str]:
    """Per index into ``actions`` (the seat's legal actions), the question to ask first."""
    out: dict[int, str] = {}
    for i, action in enumerate(actions):
        if getattr(action, "kind", None) != CALL:
            continue
        value = state.view_parts(seat, ("hand_value",))["hand_value"]
        if isinstance(value, int) and value > BALZAK_LIMIT:
            out[i] = over_call(value)
    return out


CAUTIONS = cautions
