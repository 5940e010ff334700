"""Balzakken's settings of the bot levels (:mod:`gametable.bots.levels`): the game's ``levels``
part.

``hard`` plays one step of policy improvement over the rules of thumb (``search: improve``,
:mod:`gametable.bots.improve`): 64 samples a move, the leaves scored by the evaluation fitted by
self-play (``leaf: learned``), the others' hidden cards drawn by weighted determinisation
(``draws``).  At three to six seats every playout is longer (more seats move in a round), so the
rollouts of a move are capped by player count (``seat_budget``), which keeps the slowest move
under half a second of CPU on a quiet core; at two players there is no cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LEVELS: Mapping[str, Mapping[str, Any]] = {
    "hard": {
        "search": "improve",
        "samples": 64,
        "seat_budget": {3: 480, 4: 400, 5: 280, 6: 260},
        "leaf": "learned",
        "draws": 8,
    },
}
