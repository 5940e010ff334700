"""The running account of a round, kept for the view's ``rounds`` (see ``docs/rules/balam.md``).

Per seat: prestige at the round's start, the riches its villages produced, the prestige won by
source, and the buildings it lost (wars and catastrophes).  Plain JSON-ready data.
"""

from __future__ import annotations

from typing import Any

#: where prestige comes from (``BalamState.add_prestige``'s ``source``)
PRESTIGE_SOURCES = ("ceremony", "cenote", "ball_game", "prosperous", "bonus")


def new_tally(prestige: list[int]) -> dict[str, Any]:
    n = len(prestige)
    return {
        "score_before": list(prestige),
        "production": [{} for _ in range(n)],
        "prestige": {src: [0] * n for src in PRESTIGE_SOURCES},
        "buildings_lost": [0] * n,
    }


def copy_tally(t: dict[str, Any]) -> dict[str, Any]:
    return {
        "score_before": t["score_before"][:],
        "production": [dict(d) for d in t["production"]],
        "prestige": {k: v[:] for k, v in t["prestige"].items()},
        "buildings_lost": t["buildings_lost"][:],
    }
