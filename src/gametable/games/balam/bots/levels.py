"""Balam's settings of the bot levels (:mod:`gametable.bots.levels`): the game's ``levels`` part.

``hard`` plays the rules of thumb improved by paired rollouts to the end of the round
(``search: rollouts``, :mod:`gametable.bots.rollouts`), 600 playout plies a move; its candidates
and its own seat's playouts follow the rules of thumb with weights fitted by self-play
(``policy: tuned-own``, the game's ``tuned`` part, fitted by :mod:`.tune`), the other seats'
the plain ones.  A spec with a tree setting (``hard:iterations=300``) gets the ISMCTS search
with the distribution steps settled by the rules of thumb (``settle``), 600 iterations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LEVELS: Mapping[str, Mapping[str, Any]] = {
    "hard": {
        "search": "rollouts",
        "plies": 600,
        "least": 2,
        "policy": "tuned-own",
        "settle": True,
        "iterations": 600,
    },
}
