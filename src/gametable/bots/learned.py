"""Learned leaf evaluations: a logistic model per game and player count, fitted by self-play.

Where an ISMCTS rollout stops, the search needs a value per seat in [0, 1].  The hand-written
evaluations (:class:`~gametable.bots.heuristics.Heuristic` ``evaluate``) guess how much a lead
on the board is worth; a learned evaluation measures it: ``scripts/train_eval.py`` replays games
that the bots played against each other (``gametable simulate``), computes each position's
*features* below for both seats and fits the chance that the first seat wins (logistic
regression, scikit-learn).  The fitted weights ship in the game's package as
``games/<game>/bots/data/<game>-<players>p.json``, with the command that made them.

At two players the features are differences between the two seats (``mine - theirs``: each
game's ``learned`` part, a :class:`Learned`, lists one seat's numbers), so the model has no
intercept and the two seats' values always sum to one. At three or more players
(:func:`many_features`) a seat's row is its standing minus the mean of the others' standings, a
few numbers against the best and the worst of the others where the game names them
(``Learned.extremes``), and a constant; the model fits the seat's *return* (1 first, 0 last,
linear in the place between: :attr:`~gametable.core.protocol.Outcome.returns`), so its value is
the seat's expected share of the table it beats, each seat valued on its own. Every seat's row
is computed the same way from every seat's standing, so exchanging two seats exchanges their
values. Features are read from the imagined state's views (``state.view(seat)``: the seat's own
hand is part of its standing); the imagined state is drawn through the seat's window, so a bot
that uses the model still sees only what its seat may see. Where no model is fitted for a game
and player count, or the game declares no ``learned`` part, the search keeps the game's hand-
written evaluation.

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
from importlib.resources.abc import Traversable
from typing import Any

from gametable.bots.heuristics import Evaluation
from gametable.bots.parts import game_of, game_part
from gametable.core.parts import Kind
from gametable.core.protocol import Game, State

#: one seat's numbers in a game (the model reads the difference between the two seats)
Standing = Callable[[State, int], list[float]]
#: every seat's numbers at once, where reading the board once for all seats is cheaper
Standings = Callable[[State], list[list[float]]]
#: numbers of a standing also compared with the best and the worst of the others, at three or
#: more seats: (name, index in the standing, whether less is better)
Extremes = tuple[tuple[str, int, bool], ...]


@dataclass(frozen=True)
class Teams:
    """How the model reads a game played in teams of partners at more than two seats (who share
    their team's place and return): it values a *team*, from the team's standing (its partners'
    standings added up; the numbers named in ``worst`` are the worse partner's instead) against
    the other teams' standings, as :func:`many_features` reads a seat's against the other
    seats'; each partner gets its team's row and value.  ``extremes`` as
    :attr:`Learned.extremes`, over the teams; ``standings`` reads every seat's standing at once
    for the team path (one reading of the board shared by all seats)."""

    worst: tuple[str, ...] = ()
    extremes: Extremes = ()
    standings: Standings | None = None


@dataclass(frozen=True)
class Learned:
    """A game's ``learned`` part: what the learned evaluation reads of a seat.

    ``names`` name the numbers of a seat's ``standing``; ``standings`` (optional) reads every
    seat's at once; ``extremes`` the numbers also compared with the best and the worst of the
    others at three or more seats; ``teams`` how a team game is read at more than two seats;
    ``models`` the folder of the fitted models (:func:`model_file`)."""

    names: tuple[str, ...]
    standing: Standing
    models: Traversable
    standings: Standings | None = None
    extremes: Extremes = ()
    teams: Teams | None = None


#: the kind of part a :class:`Learned` is
LEARNED: Kind[Learned] = Kind("learned", Learned)


def learned_of(game: Game | str) -> Learned:
    """``game``'s ``learned`` part; :class:`ValueError` for a game that declares none."""
    found = game_part(game, LEARNED)
    if found is None:
        raise ValueError(f"game {name_of(game)!r} has no learned evaluation")
    return found


def name_of(game: Game | str) -> str:
    return game if isinstance(game, str) else game.name


def _standings(learned: Learned, state: State) -> list[list[float]]:
    every = learned.standings
    if every is not None:
        return every(state)
    return [learned.standing(state, seat) for seat in range(state.players)]


def standings(state: State) -> list[list[float]]:
    """Every seat's standing in ``state`` (one reading of the board where the game has one)."""
    return _standings(learned_of(state.game), state)


def _features(learned: Learned, state: State, seat: int) -> list[float]:
    if learned.standings is not None:
        table = learned.standings(state)
        mine, theirs = table[seat], table[1 - seat]
    else:
        mine = learned.standing(state, seat)
        theirs = learned.standing(state, 1 - seat)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def features(state: State, seat: int) -> list[float]:
    """``seat``'s standing minus its opponent's, in a two-player ``state``."""
    return _features(learned_of(state.game), state, seat)


# -- three or more seats ------------------------------------------------------------------------
def many_names(game: Game | str, extremes: Extremes | None = None) -> tuple[str, ...]:
    """The names of a seat's features at three or more seats: its standing against the others'
    mean, the game's extremes (:attr:`Learned.extremes`, or ``extremes``), the share of the
    others it is ahead of on the first of them, and a constant."""
    learned = learned_of(game)
    out = [f"{name}_vs_mean" for name in learned.names]
    extremes = learned.extremes if extremes is None else extremes
    for name, _, _ in extremes:
        out.extend((f"{name}_vs_best", f"{name}_vs_worst"))
    if extremes:
        out.append("ahead")
    out.append("bias")
    return tuple(out)


def many_features(
    table: Sequence[Sequence[float]], game: Game | str, extremes: Extremes | None = None
) -> list[list[float]]:
    """Every seat's features (:func:`many_names`) from every seat's standing (``table``): the
    same computation for each seat, so a permutation of the seats permutes the rows.  (A row of
    ``table`` may be a team's standing: :func:`team_features`.)"""
    return _many_features(table, learned_of(game).extremes if extremes is None else extremes)


def _many_features(table: Sequence[Sequence[float]], extremes: Extremes) -> list[list[float]]:
    n = len(table)
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


# -- teams --------------------------------------------------------------------------------------
def plays_in_teams(game: Game | str) -> bool:
    """Whether ``game``'s model reads teams at more than two seats (:class:`Teams`)."""
    learned = game_part(game, LEARNED)
    return learned is not None and learned.teams is not None


def _team_standings(
    learned: Learned, state: State
) -> tuple[list[list[float]], list[tuple[int, ...]]]:
    teams_of = learned.teams or Teams()
    every = teams_of.standings
    seats = every(state) if every is not None else _standings(learned, state)
    worst = {learned.names.index(name) for name in teams_of.worst}
    teams = list(state.game.teams(state.players))
    table = []
    for team in teams:
        columns = zip(*(seats[s] for s in team), strict=True)
        table.append([max(c) if i in worst else sum(c) for i, c in enumerate(columns)])
    return table, teams


def team_standings(state: State) -> tuple[list[list[float]], list[tuple[int, ...]]]:
    """Every team's standing (:class:`Teams`) and its seats, in ``state``."""
    return _team_standings(learned_of(state.game), state)


def _team_extremes(learned: Learned) -> Extremes:
    return () if learned.teams is None else learned.teams.extremes


def team_features(state: State) -> list[list[float]]:
    """Every seat's features in a team game at more than two seats: its team's row of
    :func:`many_features` over the teams' standings (partners get the same row)."""
    learned = learned_of(state.game)
    table, teams = _team_standings(learned, state)
    rows = _many_features(table, _team_extremes(learned))
    out: list[list[float]] = [[] for _ in range(state.players)]
    for row, team in zip(rows, teams, strict=True):
        for seat in team:
            out[seat] = row
    return out


def seat_features(state: State) -> list[list[float]]:
    """Every seat's features in ``state``: at two players :func:`features` (seat 0's, then seat
    1's), at more :func:`many_features`, in team games :func:`team_features`."""
    learned = learned_of(state.game)
    if state.players == 2:
        return [_features(learned, state, 0), _features(learned, state, 1)]
    if learned.teams is not None:
        return team_features(state)
    return _many_features(_standings(learned, state), learned.extremes)


def feature_names(game: Game | str, players: int) -> tuple[str, ...]:
    """The names of the features a model for ``game`` at ``players`` players reads."""
    learned = learned_of(game)
    if players == 2:
        return learned.names
    if learned.teams is not None:
        return many_names(game, learned.teams.extremes)
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


def model_file(game: Game | str, players: int) -> str:
    """The name of the file of ``game``'s model at ``players`` players."""
    return f"{name_of(game)}-{players}p.json"


@functools.lru_cache(maxsize=16)
def load_model(game: Game | str, players: int) -> Model | None:
    """The fitted model shipped for ``game`` at ``players`` players, if there is one whose
    features are the ones this module computes."""
    found = game_of(game)
    learned = None if found is None else game_part(found, LEARNED)
    if players < 2 or learned is None:
        return None
    path = learned.models / model_file(game, players)
    if not path.is_file():
        return None
    model = Model.from_json(json.loads(path.read_text()))
    if model.players != players or model.names != feature_names(game, players):
        return None  # fitted on other features: refit with scripts/train_eval.py
    return model


def learned_evaluation(game: Game | str, players: int) -> Evaluation | None:
    """An evaluation (a value per seat) from the shipped model, or ``None``.  At two players
    the two values sum to one; at more each is the seat's expected return."""
    model = load_model(game, players)
    if model is None:
        return None
    learned = learned_of(game)

    if players == 2:

        def evaluate(state: State) -> tuple[float, ...]:
            chance = model.win_chance(_features(learned, state, 0))
            return (chance, 1.0 - chance)

        return evaluate

    if learned.teams is not None:
        team_extremes = learned.teams.extremes

        def evaluate_teams(state: State) -> tuple[float, ...]:
            table, teams = _team_standings(learned, state)
            rows = _many_features(table, team_extremes)
            values = [0.0] * state.players
            for row, team in zip(rows, teams, strict=True):
                chance = model.win_chance(row)
                for seat in team:
                    values[seat] = chance
            return tuple(values)

        return evaluate_teams

    extremes = learned.extremes

    def evaluate_many(state: State) -> tuple[float, ...]:
        rows = _many_features(_standings(learned, state), extremes)
        return tuple(model.win_chance(row) for row in rows)

    return evaluate_many


__all__ = [
    "Extremes",
    "Learned",
    "Model",
    "Standing",
    "Standings",
    "Teams",
    "feature_names",
    "features",
    "learned_evaluation",
    "learned_of",
    "load_model",
    "many_features",
    "many_names",
    "model_file",
    "plays_in_teams",
    "seat_features",
    "standings",
    "team_features",
    "team_standings",
]
