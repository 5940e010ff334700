"""High Card rules of thumb: take a trick as cheaply as you can, else throw your lowest card.

Read from the seat's view (a :class:`HighCardView`) and the legal actions' JSON forms
(``{"kind": "play", "card": 7}``), never their notation; who takes a trick from the game's
public door (:func:`~gametable_highcard.public.trick_winner`).

>>> choose([3, 9, 12], [(0, 8)], seat=1, players=2)  # beat the 8 as cheaply as possible
9
>>> choose([3, 9, 12], [(0, 13)], seat=1, players=2)  # the 13 cannot be beaten: throw low
3
"""

from __future__ import annotations

import random

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic
from gametable.core.protocol import Action
from gametable_highcard.public import HighCardView, trick_winner


def choose(hand: list[int], trick: list[tuple[int, int]], seat: int, players: int) -> int:
    """The card to play from ``hand`` to ``trick`` (``(seat, card)`` pairs so far).

    1. Leading: the highest card (it takes the trick unless someone holds higher).
    2. Following: the lowest card that takes the trick, if there is one.
    3. Else the lowest card (a lost trick costs nothing more)."""
    if not trick:
        return max(hand)
    winning = [c for c in sorted(hand) if trick_winner([*trick, (seat, c)]) == seat]
    return winning[0] if winning else min(hand)


def policy(seat_state: SeatState[HighCardView], rng: random.Random) -> Action:
    legal = seat_state.legal_actions()
    view = seat_state.view()
    by_card = {a.to_json()["card"]: a for a in legal}
    trick = [(p["seat"], p["card"]) for p in view["trick"]]
    return by_card[choose(sorted(by_card), trick, seat_state.seat, view["players"])]


HEURISTIC = Heuristic(policy=policy, iterations=300, depth=20)
