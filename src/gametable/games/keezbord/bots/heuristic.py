"""Keezbord rules of thumb: get pawns out, hit opponents, guard the start, use the 7 and the Jack
well, help the partner.

The bot tries each legal action on an imagined copy of the table (the pawns' moves do not depend
on hidden cards) and keeps the one whose resulting board a decent player likes best: pawns out
of the nest and far along, pawns home, opponents' pawns sent back, own pawns not left just in
front of an opponent, a pawn resting on its start space (it cannot be passed or hit there), and
all of it counted for the whole team, so moving the partner's pawns (once one's own are home)
and sparing them is natural. Reads only the fields of ``view()``, a :class:`KeezbordView` (never
the notation of actions): ``pawns`` (where each pawn stands: a track space is an integer),
``progress`` (how far each has come from its start), ``track_length``, ``teams`` and
``players``. Handing in needs no rule of thumb: it is legal only when it is the only legal
action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, greedy
from gametable.core.protocol import Action, State
from gametable.games.keezbord.public import FORWARD_STEPS, FOUR, KeezbordView

OUT = 10.0  # a pawn on the board is worth this plus its progress
HOME_BONUS = 12.0  # a pawn home is safe for ever
START_GUARD = 3.0  # resting on its own start space: cannot be passed or hit
#: forward steps of single cards (a 7 also in parts)
REACH = tuple(sorted(set(FORWARD_STEPS.values())))
BACK = FOUR  # the Four moves a pawn four steps back


def seat_values(view: KeezbordView) -> list[float]:
    """How well each seat's pawns stand (before counting its team)."""
    length = view["track_length"]
    pawns = view["pawns"]
    occupied: list[tuple[int, int]] = []  # (space, owner) of pawns on the track
    for owner, places in enumerate(pawns):
        for place in places:
            if isinstance(place, int):
                occupied.append((place, owner))
    values = []
    for owner, (places, progresses) in enumerate(zip(pawns, view["progress"], strict=True)):
        total = 0.0
        for place, p in zip(places, progresses, strict=True):
            if p is None:  # in the nest
                continue
            if p >= length:  # home
                total += OUT + length + HOME_BONUS + (p - length)
                continue
            worth = OUT + p
            total += worth
            if p == 0:
                total += START_GUARD
                continue
            if not isinstance(place, int):  # on the track (as it is whenever 0 < p < length)
                continue
            threats = 0
            for space, other in occupied:
                if other == owner:
                    continue
                gap = (place - space) % length
                if gap in REACH or (space - place) % length == BACK:
                    threats += 1
            if threats:
                total -= worth * min(0.6, 0.12 * threats)
        values.append(total)
    return values


def team_scores(view: KeezbordView) -> list[float]:
    """Per seat: its team's standing minus the best opposing team's."""
    values = seat_values(view)
    teams = view["teams"]
    team_value = [sum(values[s] for s in team) for team in teams]
    team_of = {s: i for i, team in enumerate(teams) for s in team}
    out = []
    for s in range(view["players"]):
        mine = team_value[team_of[s]]
        theirs = max(v for i, v in enumerate(team_value) if i != team_of[s])
        out.append(mine - theirs)
    return out


def my_team_score(view: KeezbordView, seat: int) -> float:
    return team_scores(view)[seat]


def choose(seat_state: SeatState[KeezbordView], rng: random.Random) -> Action:
    return greedy(seat_state, rng, my_team_score)


def evaluate(state: State[KeezbordView]) -> Sequence[float]:
    """Team standings turned into values in [0, 1] (0.5 when level)."""
    scores = team_scores(state.view(None))
    return [min(1.0, max(0.0, 0.5 + s / 200.0)) for s in scores]


HEURISTIC = Heuristic(policy=choose, evaluate=evaluate, iterations=300, depth=12, rollout="random")
