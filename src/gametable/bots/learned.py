"""Learned leaf evaluations: a logistic model per game and player count, fitted by self-play.

Where an ISMCTS rollout stops, the search needs a value per seat in [0, 1].  The hand-written
evaluations (:class:`~gametable.bots.heuristics.Heuristic` ``evaluate``) guess how much a lead
on the board is worth; a learned evaluation measures it: ``scripts/train_eval.py`` replays games
that the bots played against each other (``gametable simulate``), computes each position's
*features* below for both seats and fits the chance that the first seat wins (logistic
regression, scikit-learn).  The fitted weights ship as ``bots/data/<game>-<players>p.json``,
with the command that made them.

Features are differences between the two seats (``mine - theirs``: each game's ``standing``
lists one seat's numbers), so the model has no intercept and the two seats' values always sum
to one.  They are read from the imagined state's views (``state.view(seat)``: the seat's own
hand is part of its standing); the imagined state is drawn through the seat's window, so a
bot that uses the model still sees only what its seat may see.  Two-player games only: for more
seats there is no model and the search keeps the game's hand-written evaluation.

>>> import gametable
>>> state = gametable.load_game("keezbord").new_game(2, seed=3)
>>> values = learned_evaluation("keezbord", 2)(state)
>>> round(sum(values), 6), all(0.0 < v < 1.0 for v in values)
(1.0, True)
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from gametable.bots.heuristics import Evaluation
from gametable.bots.heuristics import balam as balam_rules
from gametable.bots.heuristics import keezbord as keezbord_rules
from gametable.core.protocol import State

#: one seat's numbers in a game (the model reads the difference between the two seats)
Standing = Callable[[State, int], list[float]]
#: every seat's numbers at once, where reading the board once for all seats is cheaper
Standings = Callable[[State], list[list[float]]]

# -- Keezbord -----------------------------------------------------------------------------------
KEEZ_NAMES = (
    "progress",  # steps its pawns on the track have come, in track lengths
    "home",  # pawns in their home spaces
    "nest",  # pawns still in the nest
    "on_start",  # pawns resting on their start space
    "threatened",  # pawns on the track an opposing pawn may reach with one card
    "board",  # the rules of thumb's value of its pawns, /100
    "remaining",  # steps its pawns still have to go to their home spaces, in track lengths
    "slowest",  # the same for its pawn furthest from home (all four must come home to win)
    "leave_cards",  # aces and kings in hand (they bring a pawn out)
    "sevens",  # sevens in hand
    "fours",  # fours in hand (a step back towards home)
    "jacks",  # jacks in hand (swap with an opposing pawn)
    "hand",  # cards in hand
    "to_move",  # 1 when this seat decides now
)


def keezbord_standing(state: State, seat: int) -> list[float]:
    view = state.view(seat)
    length = view["track_length"]
    pawns, progress = view["pawns"], view["progress"]
    progressed = home = nest = on_start = threatened = 0.0
    places = pawns[seat]
    goal = length + len(places)  # from the start space to the last home space, about
    remaining: list[float] = []
    occupied = [
        (place, owner)
        for owner, row in enumerate(pawns)
        if owner != seat
        for place in row
        if isinstance(place, int)
    ]
    for place, p in zip(places, progress[seat], strict=True):
        remaining.append(max(0, goal - (-1 if p is None else p)) / length)
        if p is None:
            nest += 1
        elif p >= length:
            home += 1
        else:
            progressed += p / length
            if p == 0:
                on_start += 1
            elif any(
                (place - space) % length in keezbord_rules.REACH
                or (space - place) % length == keezbord_rules.BACK
                for space, _ in occupied
            ):
                threatened += 1
    hand = view["hand"]
    return [
        progressed,
        home,
        nest,
        on_start,
        threatened,
        keezbord_rules.seat_values(view)[seat] / 100.0,
        sum(remaining),
        max(remaining),
        float(hand.count("A") + hand.count("K")),
        float(hand.count("7")),
        float(hand.count("4")),
        float(hand.count("J")),
        float(len(hand)),
        1.0 if seat in view["to_move"] else 0.0,
    ]


# -- Balzakken ----------------------------------------------------------------------------------
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
_BZ_POINTS = {**{str(v): v for v in range(-1, 12)}, "S": 0, "L": 10}


def balzakken_standing(state: State, seat: int) -> list[float]:
    view = state.view(seat)
    scores = view["scores"]
    late = max(scores) / 100.0
    hand = view["hand"]
    value = sum(_BZ_POINTS[c] for c in hand) / 10.0
    score = scores[seat] / 100.0
    return [
        score,
        score * late,
        value,
        value * late,
        float(len(hand)),
        float(hand.count("L")),
        float(hand.count("S")),
        float(len(view["known_cards"].get(str(seat), ()))),
        1.0 if seat in view["to_move"] else 0.0,
    ]


# -- Balam --------------------------------------------------------------------------------------
BALAM_NAMES = (
    "prestige",  # prestige points, /10
    "prestige_late",  # the same times the closeness to the end (1 / (1 + rounds left))
    "chest",  # riches on the king's sheet (the price still owed taken off), /10
    "chest_late",  # the same times the closeness to the end
    "carried",  # riches on his buildings, valued where they lie (heuristics.balam.read), /10
    "static",  # his buildings' worth beside their income (heuristics.balam.STATIC), /10
    "income",  # prestige a round his buildings should bring (heuristics.balam.income), /10
    "future",  # the same times the rounds left, /10
    "villages",  # villages
    "temples",  # temples
    "palaces",  # palaces
    "garrisons",  # garrisons
    "others",  # reserves, markets, observatories and courts
    "cities",  # sites he holds
    "to_move",  # 1 when this seat decides now
)
_BALAM_COUNTED = ("village", "temple", "palace", "garrison")


def balam_standings(state: State) -> list[list[float]]:
    """Every king's numbers, read once from the public view (a Balam king's hidden riches are
    none: everything the model reads lies on the table)."""
    view = state.view(None)
    table = balam_rules.read(view)
    rounds = table.rounds
    late = 1.0 / (1.0 + rounds)
    to_move = view["to_move"]
    out = []
    for seat, estate in enumerate(table.estates):
        kinds = [k for built in estate.sites.values() for k in built]
        counts = [float(kinds.count(k)) for k in _BALAM_COUNTED]
        chest = sum(estate.chest.values()) / 10.0
        prestige = estate.prestige / 10.0
        income = balam_rules.income(table, estate) / 10.0
        static = sum(balam_rules.STATIC.get(k, 0.2) for k in kinds) / 10.0
        out.append(
            [
                prestige,
                prestige * late,
                chest,
                chest * late,
                estate.carried / 10.0,
                static,
                income,
                income * rounds,
                *counts,
                float(len(kinds) - sum(counts)),
                float(len(estate.sites)),
                1.0 if seat in to_move else 0.0,
            ]
        )
    return out


def balam_standing(state: State, seat: int) -> list[float]:
    return balam_standings(state)[seat]


#: per game: the names of a seat's numbers and the function that reads them
STANDINGS: Mapping[str, tuple[tuple[str, ...], Standing]] = {
    "keezbord": (KEEZ_NAMES, keezbord_standing),
    "balzakken": (BZ_NAMES, balzakken_standing),
    "balam": (BALAM_NAMES, balam_standing),
}
#: games whose standings are read for all seats at once (one reading of the board)
ALL_STANDINGS: Mapping[str, Standings] = {"balam": balam_standings}


def features(state: State, seat: int) -> list[float]:
    """``seat``'s standing minus its opponent's, in a two-player ``state``."""
    game = state.game.name
    both = ALL_STANDINGS.get(game)
    if both is not None:
        table = both(state)
        mine, theirs = table[seat], table[1 - seat]
    else:
        _, standing = STANDINGS[game]
        mine = standing(state, seat)
        theirs = standing(state, 1 - seat)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


@dataclass(frozen=True)
class Model:
    """A logistic model: the chance that a seat wins is ``1 / (1 + exp(-w . x))``."""

    game: str
    players: int
    names: tuple[str, ...]
    weights: tuple[float, ...]
    meta: Mapping[str, Any]

    def win_chance(self, x: Sequence[float]) -> float:
        z = sum(w * v for w, v in zip(self.weights, x, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "features": dict(zip(self.names, self.weights, strict=True)),
            "meta": dict(self.meta),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Model:
        weights = data["features"]
        return cls(
            data["game"],
            int(data["players"]),
            tuple(weights),
            tuple(float(w) for w in weights.values()),
            data.get("meta", {}),
        )


def model_file(game: str, players: int) -> str:
    return f"{game}-{players}p.json"


@functools.lru_cache(maxsize=16)
def load_model(game: str, players: int) -> Model | None:
    """The fitted model shipped for ``game`` at ``players`` players, if there is one whose
    features are the ones this module computes."""
    if players != 2 or game not in STANDINGS:
        return None
    path = resources.files("gametable.bots") / "data" / model_file(game, players)
    if not path.is_file():
        return None
    model = Model.from_json(json.loads(path.read_text()))
    if model.names != STANDINGS[game][0]:
        return None  # fitted on other features: refit with scripts/train_eval.py
    return model


def learned_evaluation(game: str, players: int) -> Evaluation | None:
    """An evaluation (a value per seat, summing to one) from the shipped model, or ``None``."""
    model = load_model(game, players)
    if model is None:
        return None

    def evaluate(state: State) -> tuple[float, float]:
        chance = model.win_chance(features(state, 0))
        return (chance, 1.0 - chance)

    return evaluate


__all__ = [
    "STANDINGS",
    "Model",
    "features",
    "learned_evaluation",
    "load_model",
    "model_file",
]
