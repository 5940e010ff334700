"""Keezbord's settings of the bot levels (:mod:`gametable.bots.levels`): the game's ``levels``
part.

``hard`` plays one step of policy improvement over the rules of thumb (``search: improve``,
:mod:`gametable.bots.improve`): 48 samples a move whose playouts are cut at 6 plies (Keezbord has
no short rounds) and scored by the evaluation fitted by self-play (``leaf: learned``), at most
320 rollouts a move.  At six seats a rollout costs 2-5 times as much, so a move takes at most 96
rollouts there (``seat_budget``).  At four seats the leaves are scored by the hand-written
evaluation (``seat_leaf``): the four-seat model is fitted but not screened in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LEVELS: Mapping[str, Mapping[str, Any]] = {
    "hard": {
        "search": "improve",
        "samples": 48,
        "depth": 6,
        "budget": 320,
        "seat_budget": {6: 96},
        "leaf": "learned",
        "seat_leaf": {4: "heuristic"},
        "draws": 8,
    },
}
