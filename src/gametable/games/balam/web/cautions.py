"""Which of a Balam king's legal moves are almost surely a mistake, and what each costs.

The web table asks before playing them (``docs/web.md``, "Confirmations"). In Balam that is
ending a turn that has done nothing: the king paid the turn's riches and has neither built nor
attacked, while he still could ("B - Turns": pay, then build, attack or pass); passing then
leaves the riches paid for nothing.

>>> from gametable import load_game
>>> state = load_game("balam").new_game(2, seed=1)
>>> seat = state.to_move[0]
>>> pay = next(a for a in state.legal_actions(seat) if a.kind == "pay")
>>> state.apply(pay, seat)
>>> legal = state.legal_actions(seat)
>>> [str(legal[i]) for i in cautions(state, seat, legal)]
['end']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gametable.core.protocol import Action, State

#: the kinds (JSON forms) of the moves that end a turn, and of those that make it worth its riches
END = "end"
DEEDS = frozenset({"build", "attack", "remove"})

WASTED = (
    "You paid this turn's riches and have neither built nor attacked: ending the turn now"
    " passes it, and the riches paid buys nothing. End the turn anyway?"
)


def cautions(state: State, seat: int, actions: Sequence[Action]) -> dict[int, str]:
    """Per index into ``actions`` (the seat's legal actions), the question to ask first."""
    kinds = [getattr(a, "kind", None) for a in actions]
    if END not in kinds or DEEDS.isdisjoint(kinds):
        return {}
    turn = state.view_parts(seat, ("turn",)).get("turn")
    if not isinstance(turn, Mapping) or turn["lock"] is not None or turn["attacked"]:
        return {}
    return {kinds.index(END): WASTED}


CAUTIONS = cautions
