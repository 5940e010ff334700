"""Balam rules of thumb: build an economy, feed the temples, avoid catastrophes, attack weak
neighbours.

The bot tries each legal action on an imagined copy of the table and keeps the one leaving the
public board best for it: prestige first; then riches in the king's hands (they build, and count
half a point at the end); buildings weighted by what they bring (villages produce, temples turn
riches into prestige, palaces collect taxes); riches already on their way to a temple counted at
the prestige they will bring, riches safely stored counted, riches about to be lost barely.
Catastrophes (``ward`` or ``suffer``) and wars are judged by what they leave standing, so the
cheaper way out wins, and an attack pays when it destroys more than it risks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, greedy, register_heuristic, soft_rank
from gametable.core.protocol import Action, State

PRESTIGE = 10.0
KING_RICHES = 6.0
BUILDING = {
    "village": 9.0,
    "temple": 8.0,
    "palace": 8.0,
    "market": 5.0,
    "garrison": 5.0,
    "reserve": 3.0,
    "observatory": 4.0,
    "court": 6.0,
}
SACRIFICE = {"maize": 1, "cacao": 2, "shell": 2, "jade": 2, "obsidian": 2, "prisoner": 3}
ON_PALACE = 5.0  # taxes: goes to the king
STORED = 3.0  # kept for later in a reserve, or obsidian on a garrison
LOOSE = 0.5  # riches left where it will be discarded at the end of the round


def standings(view: dict[str, Any]) -> list[float]:
    """How well each king stands on the public board."""
    players = view["players"]
    values = [
        PRESTIGE * k["prestige"] + KING_RICHES * sum(k["riches"].values()) for k in view["kings"]
    ]
    for site in view["sites"].values():
        owner = site["owner"]
        if owner is None or not 0 <= owner < players:
            continue
        temples: dict[int, int] = {}
        for i, plot in enumerate(site["plots"]):
            if not plot:
                continue
            kind, _, riches = plot.partition(":")
            values[owner] += BUILDING.get(kind, 2.0)
            if not riches:
                continue
            for r in riches.split(","):
                r = r.strip()
                if kind == "temple" and temples.get(i, 0) < 2:
                    temples[i] = temples.get(i, 0) + 1
                    values[owner] += PRESTIGE * SACRIFICE.get(r, 1)
                elif kind == "palace":
                    values[owner] += ON_PALACE
                elif kind == "reserve" or (kind == "garrison" and r == "obsidian"):
                    values[owner] += STORED  # kept to the next round; a garrison keeps only obsidian
                else:
                    values[owner] += LOOSE
    return values


def lead(view: dict[str, Any], seat: int) -> float:
    values = standings(view)
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def turns_katun(text: str) -> bool:
    return text.startswith("katun")


def choose(seat_state: SeatState, rng: random.Random) -> Action:
    return greedy(seat_state, rng, lead, reveals=turns_katun)


def evaluate(state: State) -> Sequence[float]:
    return soft_rank(standings(state.view(None)), scale=60.0)


register_heuristic(
    "balam", Heuristic(policy=choose, evaluate=evaluate, iterations=300, depth=1, rollout="random")
)
