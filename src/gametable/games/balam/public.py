"""Balam's public door: the view's types and the facts of the game anyone may read.

Bots, renderers and answers outside the rules read these, never copies of them.

>>> KATUN_COUNTS["ball_game"], sum(KATUN_COUNTS.values())
(5, 72)
>>> dict(zip(KINDS, BASE_COST, strict=True))["temple"]
2
"""

from __future__ import annotations

from gametable.games.balam.board import (
    BASE_COST,
    KINDS,
    RICHES,
    SPECIAL_COST,
    SUPPLY,
    register_board,
)
from gametable.games.balam.boardview import BoardSiteView
from gametable.games.balam.katun import (
    BALL_PLACE,
    CATASTROPHE,
    CATASTROPHES,
    ECLIPSE_WINDOW,
    NAMES,
    PROSPEROUS_PLACE,
    TYPES,
    deck_places,
)
from gametable.games.balam.katun import RULEBOOK_COUNTS as KATUN_COUNTS
from gametable.games.balam.rounds import RoundView
from gametable.games.balam.scoring import CENOTE_FACTOR, CEREMONY
from gametable.games.balam.views import (
    BalamView,
    CardView,
    FallenView,
    KatunView,
    LastWarView,
    OptionsView,
    OutcomeView,
    PlotView,
    SiteView,
)

__all__ = [
    "BALL_PLACE",
    "BASE_COST",
    "CATASTROPHE",
    "CATASTROPHES",
    "CENOTE_FACTOR",
    "CEREMONY",
    "ECLIPSE_WINDOW",
    "KATUN_COUNTS",
    "KINDS",
    "NAMES",
    "PROSPEROUS_PLACE",
    "RICHES",
    "SPECIAL_COST",
    "SUPPLY",
    "TYPES",
    "BalamView",
    "BoardSiteView",
    "CardView",
    "FallenView",
    "KatunView",
    "LastWarView",
    "OptionsView",
    "OutcomeView",
    "PlotView",
    "RoundView",
    "SiteView",
    "deck_places",
    "register_board",
]
