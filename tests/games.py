"""The games the suite runs over: every registered one, or the ones gametable ships.

An add-on game installed beside gametable (``examples/highcard``, found through the
``gametable.games`` entry point) joins every test that runs over all games; tests that hold a
table of facts per game (documented layouts, sample sizes, bot levels) run over the games
gametable ships, which are the ones those tables describe.
"""

from __future__ import annotations

import gametable
from gametable.core.parts import package_of


def shipped_games() -> list[str]:
    """The registered games whose package is one of gametable's own (``gametable.games.*``)."""
    return [
        name
        for name in gametable.game_names()
        if package_of(gametable.load_game(name)).startswith("gametable.games.")
    ]
