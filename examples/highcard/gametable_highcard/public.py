"""High Card's public door: the view's types and the facts anyone may read.

Bots, renderers and answers read these, never copies of them.

>>> DECK_SIZE, HAND_SIZE, deck(5)
(13, 3, [1, 2, 3, 4, 5])
"""

from __future__ import annotations

from gametable_highcard import rules
from gametable_highcard.state import DECK_SIZE, HAND_SIZE, trick_winner
from gametable_highcard.views import HighCardView, OutcomeView, Played, TrickRecord


def deck(cards: int = DECK_SIZE) -> list[int]:
    """The cards of a deck of ``cards``: one of each number from 1."""
    return list(range(1, cards + 1))


__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "HighCardView",
    "OutcomeView",
    "Played",
    "TrickRecord",
    "deck",
    "rules",
    "trick_winner",
]
