"""Learned leaf evaluations: a logistic model per game and player count, fitted by self-play.

Where an ISMCTS rollout stops, the search needs a value per seat in [0, 1].  The hand-written
evaluations (:class:`~gametable.bots.heuristics.Heuristic` ``evaluate``) guess how much a lead
on the board is worth; a learned evaluation measures it: ``scripts/train_eval.py`` replays games
that the bots played against each other (``gametable simulate``), computes each position's
*features* below for both seats and fits the chance that the first seat wins (logistic
regression, scikit-learn).  The fitted weights ship as ``bots/data/<game>-<players>p.json``,
with the command that made them.

At two players the features are differences between the two seats (``mine - theirs``: each
game's ``standing`` lists one seat's numbers), so the model has no intercept and the two seats'
values always sum to one.  At three or more players (:func:`many_features`, since 2026-12-01)
a seat's row is its standing minus the mean of the others' standings, a few numbers against
the best and the worst of the others where the game names them (Balzakken: the score sheet),
and a constant; the model fits the seat's *return* (1 first, 0 last, linear in the place
between: :attr:`~gametable.core.protocol.Outcome.returns`), so its value is the seat's expected
share of the table it beats, each seat valued on its own.  Every seat's row is computed the same
way from every seat's standing, so exchanging two seats exchanges their values.  Features are
read from the imagined state's views (``state.view(seat)``: the seat's own hand is part of its
standing); the imagined state is drawn through the seat's window, so a bot that uses the model
still sees only what its seat may see.  Where no model is fitted for a game and player count,
the search keeps the game's hand-written evaluation.

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
    return keezbord_view_standing(state.view(seat), seat)


def keezbord_view_standing(
    view: Mapping[str, Any], seat: int, board: Sequence[float] | None = None
) -> list[float]:
    """``seat``'s numbers from its own ``view``; ``board``: every seat's
    :func:`~gametable.bots.heuristics.keezbord.seat_values` if already read from the board."""
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
        (keezbord_rules.seat_values(view) if board is None else board)[seat] / 100.0,
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


def standings(state: State) -> list[list[float]]:
    """Every seat's standing in ``state`` (one reading of the board where the game has one)."""
    game = state.game.name
    every = ALL_STANDINGS.get(game)
    if every is not None:
        return every(state)
    _, standing = STANDINGS[game]
    return [standing(state, seat) for seat in range(state.players)]


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


# -- three or more seats ------------------------------------------------------------------------
#: per game, the standing's numbers also compared with the best and the worst of the others
#: (index in the standing, and whether less is better), at three or more seats
EXTREMES: Mapping[str, tuple[tuple[str, int, bool], ...]] = {
    # the score sheet decides the places: the gap to the leader (the lowest other score) and to
    # the last (the highest), and the same times the closeness to the end
    "balzakken": (("score", 0, True), ("score_late", 1, True)),
}


def many_names(
    game: str, extremes: Sequence[tuple[str, int, bool]] | None = None
) -> tuple[str, ...]:
    """The names of a seat's features at three or more seats: its standing against the others'
    mean, the extremes of :data:`EXTREMES` (or ``extremes``), the share of the others it is
    ahead of on the first of them, and a constant."""
    names, _ = STANDINGS[game]
    out = [f"{name}_vs_mean" for name in names]
    extremes = EXTREMES.get(game, ()) if extremes is None else extremes
    for name, _, _ in extremes:
        out.extend((f"{name}_vs_best", f"{name}_vs_worst"))
    if extremes:
        out.append("ahead")
    out.append("bias")
    return tuple(out)


def many_features(
    table: Sequence[Sequence[float]],
    game: str,
    extremes: Sequence[tuple[str, int, bool]] | None = None,
) -> list[list[float]]:
    """Every seat's features (:func:`many_names`) from every seat's standing (``table``): the
    same computation for each seat, so a permutation of the seats permutes the rows.  (A row of
    ``table`` may be a team's standing: :func:`team_features`.)"""
    n = len(table)
    extremes = EXTREMES.get(game, ()) if extremes is None else extremes
    rows = []
    for seat, mine in enumerate(table):
        others = [table[o] for o in range(n) if o != seat]
        row = [
            m - sum(col) / len(others)
            for m, col in zip(mine, zip(*others, strict=True), strict=True)
        ]
        for _, index, less in extremes:
            theirs = [o[index] for o in others]
            best, worst = (min(theirs), max(theirs)) if less else (max(theirs), min(theirs))
            row.extend((mine[index] - best, mine[index] - worst))
        if extremes:
            _, index, less = extremes[0]
            beaten = sum(
                0.5 if o[index] == mine[index] else float((o[index] > mine[index]) == less)
                for o in others
            )
            row.append(beaten / len(others) - 0.5)
        row.append(1.0)
        rows.append(row)
    return rows


# -- teams (Keezbord at four and six seats) -----------------------------------------------------
#: games played in teams of partners at more than two seats (Keezbord: two partners sitting
#: opposite, who share their team's place and return): there the model values a *team*, from
#: the team's standing (its partners' standings added up; the numbers of
#: :data:`TEAM_WORST` are the worse partner's instead) against the other teams' standings, as
#: :func:`many_features` reads a seat's against the other seats'; each partner gets its team's
#: row and value
TEAM_GAMES: frozenset[str] = frozenset({"keezbord"})
#: per team game, the numbers of a team's standing that are its worse partner's, not the sum
#: (Keezbord: a team wins when all its pawns are home, so its slowest pawn is the slower one)
TEAM_WORST: Mapping[str, tuple[str, ...]] = {"keezbord": ("slowest",)}
#: per team game, the team standing's numbers also compared with the best and the worst other
#: team (index in the standing, and whether less is better), as :data:`EXTREMES`
TEAM_EXTREMES: Mapping[str, tuple[tuple[str, int, bool], ...]] = {
    # the rules of thumb's reading of the board (the hand-written evaluation's lead is the gap
    # to the best other team) and the steps the team's pawns still have to go
    "keezbord": (("board", 5, False), ("remaining", 6, True)),
}


def keezbord_standings(state: State) -> list[list[float]]:
    """Every seat's :func:`keezbord_standing`, the board read once (a seat's view differs from
    another's only in the hand)."""
    seats = range(state.players)
    many = getattr(state, "views", None)
    views = many(seats) if many is not None else {s: state.view(s) for s in seats}
    board = keezbord_rules.seat_values(views[0])
    return [keezbord_view_standing(views[s], s, board) for s in seats]


#: games whose seat standings have a reading of the board shared by all seats, for the team path
_TEAM_STANDINGS: Mapping[str, Standings] = {"keezbord": keezbord_standings}


def team_standings(state: State) -> tuple[list[list[float]], list[tuple[int, ...]]]:
    """Every team's standing (:data:`TEAM_GAMES`) and its seats, in ``state``."""
    game = state.game.name
    every = _TEAM_STANDINGS.get(game)
    seats = every(state) if every is not None else standings(state)
    names, _ = STANDINGS[game]
    worst = {names.index(name) for name in TEAM_WORST.get(game, ())}
    teams = list(state.game.teams(state.players))
    table = []
    for team in teams:
        columns = zip(*(seats[s] for s in team), strict=True)
        table.append([max(c) if i in worst else sum(c) for i, c in enumerate(columns)])
    return table, teams


def team_features(state: State) -> list[list[float]]:
    """Every seat's features in a team game at more than two seats: its team's row of
    :func:`many_features` over the teams' standings (partners get the same row)."""
    game = state.game.name
    table, teams = team_standings(state)
    rows = many_features(table, game, TEAM_EXTREMES.get(game, ()))
    out: list[list[float]] = [[] for _ in range(state.players)]
    for row, team in zip(rows, teams, strict=True):
        for seat in team:
            out[seat] = row
    return out


def seat_features(state: State) -> list[list[float]]:
    """Every seat's features in ``state``: at two players :func:`features` (seat 0's, then seat
    1's), at more :func:`many_features`, in team games :func:`team_features`."""
    if state.players == 2:
        return [features(state, 0), features(state, 1)]
    if state.game.name in TEAM_GAMES:
        return team_features(state)
    return many_features(standings(state), state.game.name)


def feature_names(game: str, players: int) -> tuple[str, ...]:
    """The names of the features a model for ``game`` at ``players`` players reads."""
    if players == 2:
        return STANDINGS[game][0]
    if game in TEAM_GAMES:
        return many_names(game, TEAM_EXTREMES.get(game, ()))
    return many_names(game)


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
    if players < 2 or game not in STANDINGS:
        return None
    path = resources.files("gametable.bots") / "data" / model_file(game, players)
    if not path.is_file():
        return None
    model = Model.from_json(json.loads(path.read_text()))
    if model.players != players or model.names != feature_names(game, players):
        return None  # fitted on other features: refit with scripts/train_eval.py
    return model


def learned_evaluation(game: str, players: int) -> Evaluation | None:
    """An evaluation (a value per seat) from the shipped model, or ``None``.  At two players
    the two values sum to one; at more each is the seat's expected return."""
    model = load_model(game, players)
    if model is None:
        return None

    if players == 2:

        def evaluate(state: State) -> tuple[float, ...]:
            chance = model.win_chance(features(state, 0))
            return (chance, 1.0 - chance)

        return evaluate

    if game in TEAM_GAMES:

        def evaluate_teams(state: State) -> tuple[float, ...]:
            table, teams = team_standings(state)
            rows = many_features(table, game, TEAM_EXTREMES.get(game, ()))
            values = [0.0] * state.players
            for row, team in zip(rows, teams, strict=True):
                chance = model.win_chance(row)
                for seat in team:
                    values[seat] = chance
            return tuple(values)

        return evaluate_teams

    def evaluate_many(state: State) -> tuple[float, ...]:
        return tuple(model.win_chance(row) for row in many_features(standings(state), game))

    return evaluate_many


__all__ = [
    "EXTREMES",
    "STANDINGS",
    "TEAM_EXTREMES",
    "TEAM_GAMES",
    "TEAM_WORST",
    "Model",
    "feature_names",
    "features",
    "learned_evaluation",
    "load_model",
    "many_features",
    "many_names",
    "model_file",
    "seat_features",
    "standings",
    "team_features",
    "team_standings",
]
