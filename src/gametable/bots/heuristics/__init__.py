"""A game's rules of thumb, found in its declaration.

A game declares its rules of thumb as its ``heuristic`` part (a :class:`Heuristic`, usually in
``games/<game>/bots/heuristic.py``) and, where it has weights fitted by self-play, a ``tuned``
part (a function that makes them).  The rules of thumb read a game through a seat's
:class:`~gametable.bots.base.SeatState` (the fields of its ``view()`` and of its legal actions,
``action.to_json()``, never the notation text) and the game's public door (``public.py``).
A game that declares none gets :data:`GENERIC`: a one-ply look-ahead over imagined states.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from gametable.bots.base import SeatState
from gametable.bots.parts import game_of, game_part
from gametable.core.parts import Kind
from gametable.core.protocol import Action, Game, State

#: a game's view type (its ``TypedDict``): what the rules of thumb of one game read
V = TypeVar("V", bound=Mapping[str, Any])

#: a policy chooses for the seat behind the window
Policy = Callable[[SeatState[V], random.Random], Action]

#: an evaluation of an unfinished (imagined) state: a value per seat in [0, 1], like ``returns``
Evaluation = Callable[[State], Sequence[float]]
#: the legal actions of ``seat`` in a (imagined) state, most promising first
Ranking = Callable[[State, int, Sequence[Action], random.Random], list[Action]]
#: whether a decision (its legal actions) is routine enough for the rules of thumb to settle
Settled = Callable[[Sequence[Action]], bool]
#: how plausible an imagined state is, in (0, 1], given what the seat saw the others do
Weight = Callable[[State], float]
#: a key that moves which play out alike share (Balam: builds of one kind on one site)
Likeness = Callable[[Action], Hashable]
#: from a seat's view (and its seat), the weight of the states imagined for it, or ``None`` when
#: its view suggests nothing about the hidden cards
Plausibility = Callable[[V, int], Weight | None]
#: the value of a public view for a seat (higher is better): what :func:`greedy` maximises
Score = Callable[[V, int], float]


@dataclass(frozen=True)
class Heuristic(Generic[V]):
    """What the bots know about one game.

    ``policy`` is the heuristic bot; ``evaluate`` scores an unfinished state where an ISMCTS
    rollout stops at its depth cap (``None``: every seat 0.5); ``iterations`` and ``depth`` are
    the ISMCTS defaults tuned to answer within about a second per move on a small machine;
    ``rollout`` says what an ISMCTS "heuristic" rollout plays: the ``"policy"`` itself, or
    ``"random"`` moves when the policy is too slow to play thousands of times per move, or
    ``"none"`` to evaluate where the tree ends.  ``rank`` (optional) orders a decision's legal
    actions best first; the ISMCTS bot then widens its tree progressively along that order, which
    is what makes a decision with hundreds of moves searchable.  ``settled`` (optional) tells
    routine decisions (Balam's distribution steps) that an ISMCTS bot with ``settle`` leaves to
    ``policy`` without searching, so its budget goes to the decisions that shape the game.
    ``plausibility`` (optional) reads in a seat's view what the others' play suggests about
    their hidden cards and weighs the states imagined for that seat (an ISMCTS bot with
    ``draws`` above 1 keeps the plausible ones more often); it must read nothing but the view it
    is given and the imagined state, so that the bot stays fair.  ``alike`` (optional) gives a
    move a key that the moves which play out alike share (Balam's builds of one building on one
    site, whatever the plots: the rules of thumb rank them equal); the rollout bot with
    ``distinct`` compares only one move of each key.
    """

    policy: Policy[V]
    evaluate: Evaluation | None = None
    iterations: int = 1000
    depth: int = 60
    rollout: str = "policy"
    rank: Ranking | None = None
    settled: Settled | None = None
    plausibility: Plausibility[V] | None = None
    alike: Likeness | None = None


def generic_policy(seat_state: SeatState, rng: random.Random) -> Action:
    """One ply of look-ahead on an imagined state: take a move that wins outright, avoid one that
    loses outright, otherwise choose uniformly."""
    legal = seat_state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    imagined = seat_state.resample(rng.getrandbits(64))
    best: list[Action] = []
    best_value = -1.0
    for action in legal:
        after = imagined.clone()
        after.apply(action, seat_state.seat)
        value = after.returns()[seat_state.seat] if after.is_over else 0.5
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def greedy(
    seat_state: SeatState[V],
    rng: random.Random,
    value: Score[V],
    bonus: Callable[[Action], float] | None = None,
    reveals: Callable[[Action], bool] | None = None,
) -> Action:
    """Try every legal action on one imagined state; keep the best by ``value(public view, seat)``.

    An action that ends the game is judged by its returns.  Imagining goes through
    ``seat_state.resample``; the value must read only the public view so that the choice does
    not depend on what the imagined hidden parts happen to be.  ``bonus(action)`` adds a
    rule of thumb that the board alone does not show.  An action for which ``reveals(action)`` is
    true (turning a face-down card) would show an imagined secret, so it is judged by the board
    as it stands, not by what the imagined card does.
    """
    legal = seat_state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = seat_state.seat
    imagined = seat_state.resample(rng.getrandbits(63))
    best: list[Action] = []
    best_score = -math.inf
    now: float | None = None
    for action in legal:
        if reveals is not None and reveals(action):
            if now is None:
                now = value(imagined.view(None), seat)
            score = now
        else:
            after = imagined.clone()
            after.apply(action, seat)
            if after.is_over:
                score = 1e9 * after.returns()[seat]
            else:
                score = value(after.view(None), seat)
        if bonus is not None:
            score += bonus(action)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def soft_rank(values: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's expected share of the others it beats (higher value is better), in [0, 1]."""
    n = len(values)
    if n < 2:
        return tuple(0.5 for _ in values)
    out = []
    for i, v in enumerate(values):
        beaten = sum(
            1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (u - v) / scale))))
            for j, u in enumerate(values)
            if j != i
        )
        out.append(beaten / (n - 1))
    return tuple(out)


#: any game: its views are read by no rule of thumb
GENERIC: Heuristic[Any] = Heuristic(policy=generic_policy, rollout="random")


#: the rules of thumb found for each game (a game's declaration does not change)
#: a game's rules of thumb, and the factory of its rules of thumb with fitted weights
HEURISTIC: Kind[Heuristic[Any]] = Kind("heuristic", Heuristic)
TUNED: Kind[Callable[[], Heuristic[Any]]] = Kind("tuned", accepts=callable)

_FOUND: dict[Game, Heuristic] = {}


def heuristic_for(game: Game | str) -> Heuristic:
    """The rules of thumb ``game`` (or the game of that name) declares, or :data:`GENERIC`."""
    found = game_of(game)
    if found is None:
        return GENERIC
    known = _FOUND.get(found)
    if known is None:
        known = _FOUND[found] = game_part(found, HEURISTIC) or GENERIC
    return known


def tuned_heuristic_for(game: Game | str) -> Heuristic:
    """The rules of thumb with weights fitted by self-play that ``game`` declares (its
    ``tuned`` part makes them), or the plain ones (:func:`heuristic_for`) for a game without
    fitted weights; :class:`ValueError` if the game's fitted weights do not load."""
    make = game_part(game, TUNED)
    return heuristic_for(game) if make is None else make()


def has_heuristic(game: Game | str) -> bool:
    """Whether ``game`` declares rules of thumb of its own."""
    return heuristic_for(game) is not GENERIC


__all__ = [
    "GENERIC",
    "HEURISTIC",
    "TUNED",
    "Evaluation",
    "Heuristic",
    "Likeness",
    "Plausibility",
    "Policy",
    "Ranking",
    "Score",
    "Settled",
    "Weight",
    "greedy",
    "has_heuristic",
    "heuristic_for",
    "soft_rank",
    "tuned_heuristic_for",
]
