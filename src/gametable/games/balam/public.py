"""Balam's public door: the view's types and the facts of the game anyone may read.

Bots, renderers and answers outside the rules read these, never copies of them.

>>> KATUN_COUNTS["ball_game"], sum(KATUN_COUNTS.values())
(5, 72)
>>> dict(zip(KINDS, BASE_COST, strict=True))["temple"]
2
"""

from __future__ import annotations

from gametable.games.balam.board import BASE_COST, KINDS, RICHES, SPECIAL_COST, SUPPLY
from gametable.games.balam.katun import CATASTROPHE, CATASTROPHES, NAMES, TYPES
from gametable.games.balam.katun import RULEBOOK_COUNTS as KATUN_COUNTS
from gametable.games.balam.views import BalamView, KatunView, OutcomeView, SiteView

__all__ = [
    "BASE_COST",
    "CATASTROPHE",
    "CATASTROPHES",
    "KATUN_COUNTS",
    "KINDS",
    "NAMES",
    "RICHES",
    "SPECIAL_COST",
    "SUPPLY",
    "TYPES",
    "BalamView",
    "KatunView",
    "OutcomeView",
    "SiteView",
]
