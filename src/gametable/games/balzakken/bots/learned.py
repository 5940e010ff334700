"""Balzakken's standings for the learned leaf evaluation (:mod:`gametable.bots.learned`): the
game's ``learned`` part.
"""

from __future__ import annotations

from importlib import resources

from gametable.bots.learned import Learned
from gametable.core.protocol import State
from gametable.games.balzakken.bots.heuristic import LUL, SWINGER, points
from gametable.games.balzakken.public import BalzakkenView

BZ_NAMES = (
    "score",  # points on the score sheet, /100 (fewer is better)
    "score_late",  # the same times the leader's closeness to the end (highest score / 100)
    "hand_value",  # points in hand, /10
    "hand_late",  # the same times the closeness to the end
    "hand_size",  # cards in hand
    "luls",  # Luls in hand
    "swingers",  # Swingers in hand
    "known",  # of its cards, how many the others have seen
    "to_move",  # 1 when this seat decides now
)


def balzakken_standing(state: State[BalzakkenView], seat: int) -> list[float]:
    view = state.view(seat)
    scores = view["scores"]
    late = max(scores) / 100.0
    hand = view["hand"]
    value = sum(points(c) for c in hand) / 10.0
    score = scores[seat] / 100.0
    return [
        score,
        score * late,
        value,
        value * late,
        float(len(hand)),
        float(hand.count(LUL)),
        float(hand.count(SWINGER)),
        float(len(view["known_cards"].get(str(seat), ()))),
        1.0 if seat in view["to_move"] else 0.0,
    ]


LEARNED = Learned(
    names=BZ_NAMES,
    standing=balzakken_standing,
    models=resources.files(__package__) / "data",
    # at three seats and more the score sheet decides the places: the gap to the leader (the
    # lowest other score) and to the last (the highest), and the same times the closeness to
    # the end
    extremes=(("score", 0, True), ("score_late", 1, True)),
)
