"""The heuristic bot: a game's rules of thumb (see :mod:`gametable.bots.heuristics`)."""

from __future__ import annotations

from gametable.bots.base import Bot, SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.core.protocol import Action


class HeuristicBot(Bot):
    """Plays the rules of thumb registered for the game, or a one-ply look-ahead for others."""

    name = "heuristic"

    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        if not legal:
            raise ValueError(f"seat {seat_state.seat} has no action to choose now")
        if len(legal) == 1:
            return legal[0]
        return heuristic_for(seat_state.game).policy(seat_state, self.rng)
