"""Balam's standings for the learned leaf evaluation (:mod:`gametable.bots.learned`): the
game's ``learned`` part.
"""

from __future__ import annotations

from importlib import resources

from gametable.bots.learned import Learned
from gametable.core.protocol import State
from gametable.games.balam.bots import table as balam_rules
from gametable.games.balam.bots.weights import STATIC
from gametable.games.balam.public import BalamView

BALAM_NAMES = (
    "prestige",  # prestige points, /10
    "prestige_late",  # the same times the closeness to the end (1 / (1 + rounds left))
    "chest",  # riches on the king's sheet (the price still owed taken off), /10
    "chest_late",  # the same times the closeness to the end
    "carried",  # riches on his buildings, valued where they lie (bots.table.read), /10
    "static",  # his buildings' worth beside their income (bots.weights.STATIC), /10
    "income",  # prestige a round his buildings should bring (bots.table.income), /10
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


def balam_standings(state: State[BalamView]) -> list[list[float]]:
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
        static = sum(STATIC.get(k, 0.2) for k in kinds) / 10.0
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


def balam_standing(state: State[BalamView], seat: int) -> list[float]:
    return balam_standings(state)[seat]


LEARNED = Learned(
    names=BALAM_NAMES,
    standing=balam_standing,
    standings=balam_standings,
    models=resources.files(__package__) / "data",
)
