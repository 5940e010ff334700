"""Balzakken's public door: the view's types and the facts of the game anyone may read.

Bots, renderers and answers outside the rules read these, never copies of them.

>>> POINTS[LUL], POINTS[SWINGER], BALZAK_LIMIT, FALSE_PENALTY, TASTY[69]
(10, 0, 5, 25, 50)
"""

from __future__ import annotations

from gametable.games.balzakken.cards import (
    ACTION_CARDS,
    ALL_CARDS,
    BALZAK_VALUES,
    LUL,
    NAMES,
    POINTS,
    SWINGER,
    card_text,
)
from gametable.games.balzakken.scoring import BALZAK_LIMIT, FALSE_PENALTY, GAME_END, TASTY
from gametable.games.balzakken.state import HAND_SIZE
from gametable.games.balzakken.views import BalzakkenView, OutcomeView, RoundRecord

__all__ = [
    "ACTION_CARDS",
    "ALL_CARDS",
    "BALZAK_LIMIT",
    "BALZAK_VALUES",
    "FALSE_PENALTY",
    "GAME_END",
    "HAND_SIZE",
    "LUL",
    "NAMES",
    "POINTS",
    "SWINGER",
    "TASTY",
    "BalzakkenView",
    "OutcomeView",
    "RoundRecord",
    "card_text",
]
