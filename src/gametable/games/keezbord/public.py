"""Keezbord's public door: the view's types and the facts of the game anyone may read.

Bots, renderers and answers outside the rules read these, never copies of them.

>>> FORWARD_STEPS[QUEEN], PAWNS, DEAL_SIZES
(12, 4, (5, 4, 4))
"""

from __future__ import annotations

from gametable.games.keezbord.board import HOME, NEST, PAWNS, SEAT_LETTERS, SECTION
from gametable.games.keezbord.cards import (
    ACE,
    DEAL_SIZES,
    FORWARD_STEPS,
    FOUR,
    NAMES,
    QUEEN,
    RANK_TEXT,
    RANKS,
)
from gametable.games.keezbord.views import KeezbordView, OutcomeView

__all__ = [
    "ACE",
    "DEAL_SIZES",
    "FORWARD_STEPS",
    "FOUR",
    "HOME",
    "NAMES",
    "NEST",
    "PAWNS",
    "QUEEN",
    "RANKS",
    "RANK_TEXT",
    "SEAT_LETTERS",
    "SECTION",
    "KeezbordView",
    "OutcomeView",
]
