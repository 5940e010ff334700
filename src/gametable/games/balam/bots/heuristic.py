"""Balam rules of thumb: build an economy, feed the temples, avoid catastrophes, attack weak
neighbours.

Everything is measured in prestige points.  A king's *worth* (:func:`worth`) is his prestige, the
riches on his sheet (half a point at the end, and they build), the riches his Mayas are carrying
to temples, palaces and reserves, and the income his buildings should bring in the rounds that
are left: villages produce, temples turn two riches a round into prestige, palaces bring two to
the king's sheet.  Production nobody can use yet, and temple room nobody fills yet, still count
a little, since the next building will use them: that is what makes the first village or the
first temple worth its price.  The number of rounds left is estimated from the ball games still
to come among the cards not yet turned.  Three rules of thumb only a :class:`Policy` with other
:class:`Weights` counts (``normal`` leaves them out or as they were): the ball games still to
come for a king whose courts lead (``ball``), riches on the sheet worth more while rounds are
left (``tempo``: they pay for the turns and buildings that bring income), and the worth of a
prisoner an attack takes (``captive``).

Each decision is scored by the lead it leaves (the king's worth minus the best other's):

* a build is scored from its fields (the building added, its price paid);
* paying the turn's riches is scored by the best thing the payment allows (build or attack),
  tried on an imagined copy of the table;
* turning a Katun card is scored by what the card is worth to this king on average over the
  cards he has not seen (catastrophes cost what warding them off, or suffering them, costs);
* an attack by the expected battle: success points and obsidian against the defence, buildings
  destroyed, prisoners taken, garrisons lost to skulls;
* every other choice (a Katun choice, a catastrophe, a war's losses, a distribution move) by
  trying it on an imagined copy and reading the public board; of a war's or a catastrophe's
  losses otherwise alike, the one that keeps room for a palace or temple (two touching empty
  plots: buildings never move) is preferred.

:func:`action_scores` ranks every legal action this way: the ISMCTS bot expands moves in that
order (progressive widening), and :func:`evaluate` scores its leaves with the same worth.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from gametable.bots.base import SeatState
from gametable.bots.heuristics import Heuristic, soft_rank
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng
from gametable.games.balam.bots.katun import katun_value
from gametable.games.balam.bots.table import (
    PARTS,
    Table,
    held_value,
    lead,
    lead_of,
    parts_of,
    read,
    with_building,
    worth,
    worths,
)
from gametable.games.balam.bots.wars import attack_gain
from gametable.games.balam.bots.weights import DEFAULT_WEIGHTS, Weights
from gametable.games.balam.public import BalamView


class Builds:
    """What building a kind on a site adds to a king's worth (the plot makes no difference)."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.estate = table.estates[seat]
        self.base = worth(table, self.estate)
        self.known: dict[tuple[str, str], float] = {}

    def gain(self, action: dict[str, Any]) -> float:
        """``action``: a build's JSON form."""
        key = (action["building"], action["site"])
        out = self.known.get(key)
        if out is None:
            built = with_building(self.estate, key[1], key[0])
            out = self.known[key] = worth(self.table, built) - self.base
        return out


def best_follow_up(table: Table, seat: int, actions: Sequence[Action]) -> float:
    best = 0.0  # ``end``: the riches is spent for nothing
    builds = Builds(table, seat)
    for action in actions:
        if action.kind == "build":
            best = max(best, builds.gain(action.to_json()))
        elif action.kind == "attack":
            best = max(best, attack_score(table, seat, action.to_json()))
    return best


def attack_score(table: Table, seat: int, action: dict[str, Any]) -> float:
    """``action``: an attack's JSON form."""
    return attack_gain(
        table, seat, action["source"], action["target"], action["garrisons"], action["obsidian"]
    )


def building_at(view: BalamView, site: str, plot: int) -> tuple[str, str]:
    """(kind of the building covering ``plot`` of ``site``, the riches on that plot or "")."""
    covering = view["sites"][site]["plots"][plot]
    if covering is None:
        return "", ""
    return covering["building"], covering["riches"] or ""


def touching_plots(plots: int) -> list[tuple[int, int]]:
    """The pairs of plots a palace or temple can cover on a site of ``plots`` plots (they lie in
    a row; a 4-plot site is a 2 x 2 square, so plot 3 also touches plot 0: docs/rules/balam.md,
    "Plots of a site")."""
    pairs = [(p, p + 1) for p in range(plots - 1)]
    return [*pairs, (3, 0)] if plots == 4 else pairs


def palace_room(view: BalamView, seat: int) -> int:
    """How many places for a palace or temple (two touching empty plots) the king's cities
    offer."""
    room = 0
    for site in view["sites"].values():
        if site["owner"] != seat:
            continue
        empty = [p is None for p in site["plots"]]
        room += sum(1 for p, q in touching_plots(len(empty)) if empty[p] and empty[q])
    return room


def move_gain(view: BalamView, action: Action, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """A distribution move: the riches is worth what it is worth where it lands."""
    move = action.to_json()
    kind, riches = building_at(view, move["site"], move["plot"])
    landing = building_at(view, move["to_site"], move["to_plot"])[0]
    return held_value(landing, riches, weights) - held_value(kind, riches, weights)


def action_scores(
    view: BalamView,
    seat: int,
    legal: Sequence[Action],
    imagine: Callable[[], State],
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[float]:
    """Each legal action's score: the lead it should leave this king (higher is better)."""
    table = read(view, weights)
    values = worths(table)
    now = lead_of(values, seat)
    phase = view["phase"]
    imagined: State | None = None
    builds = Builds(table, seat)
    scores = []
    for action in legal:
        head = action.kind
        if head == "katun":
            score = now + katun_value(table, seat, action.to_json()["slot"])
        elif head == "build":
            score = now + builds.gain(action.to_json())
        elif head == "attack":
            score = now + attack_score(table, seat, action.to_json())
        elif head == "end" or (head == "done" and phase == "distribution"):
            score = now
        elif head == "move":
            score = now + move_gain(view, action, weights)
        elif head == "remove":
            score = now - 5.0
        elif head == "pay" and phase == "cost":  # a building's price: the most plentiful riches
            riches = action.to_json()["riches"]
            score = now - weights.riches + 0.01 * table.estates[seat].chest.get(riches, 0)
        elif head == "pay" and phase == "turn":  # the turn's riches: what it allows
            if imagined is None:
                imagined = imagine()
            after = imagined.clone()
            after.apply(action, seat)
            later = read(parts_of(after, None), weights)
            score = lead_of(worths(later), seat) + best_follow_up(
                later, seat, after.legal_actions(seat)
            )
        else:
            if imagined is None:
                imagined = imagine()
            after = imagined.clone()
            after.apply(action, seat)
            if after.is_over:
                score = 1e6 * (after.returns()[seat] - 0.5)
            else:
                seen = parts_of(after, None)
                score = lead(seen, seat, weights)
                if head == "lose":  # of buildings alike, keep room for a palace or temple
                    score += weights.palace_room * palace_room(seen, seat)
        scores.append(score)
    return scores


def choose(
    seat_state: SeatState[BalamView], rng: random.Random, weights: Weights = DEFAULT_WEIGHTS
) -> Action:
    legal = seat_state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scores = action_scores(
        cast(BalamView, seat_state.view_parts(PARTS)),
        seat_state.seat,
        legal,
        lambda: seat_state.resample(rng.getrandbits(63)),
        weights,
    )
    top = max(scores)
    best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def rank(
    state: State,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[Action]:
    """The legal actions, best first (for the ISMCTS bot's progressive widening)."""

    def imagine() -> State:
        copy = state.clone()
        copy.rng = Rng(rng.getrandbits(64))  # not the dice this iteration is about to roll
        return copy

    scores = action_scores(parts_of(state, seat), seat, legal, imagine, weights)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    return [legal[i] for i in order]


def evaluate(state: State, weights: Weights = DEFAULT_WEIGHTS) -> Sequence[float]:
    return soft_rank(worths(read(parts_of(state, None), weights)), scale=4.0)


DISTRIBUTING = frozenset({"move", "done"})


def distributing(legal: Sequence[Action]) -> bool:
    """A distribution step ("6 - DISTRIBUTION"): the choices are to move a riches, or to be
    done distributing."""
    return all(action.kind in DISTRIBUTING for action in legal)  # ``kind``: as in the JSON form


def alike(action: Action) -> Hashable:
    """Builds of one building on one site share a key, whatever their plots (the rules of thumb
    score them alike: :class:`Builds`); every other move is its own key."""
    if action.kind == "build":
        move = action.to_json()
        return ("build", move["building"], move["site"])
    return action


@dataclass(frozen=True)
class Policy:
    """The rules of thumb playing with a set of :class:`Weights` (the defaults: ``normal``'s)."""

    weights: Weights = DEFAULT_WEIGHTS

    def choose(self, seat_state: SeatState[BalamView], rng: random.Random) -> Action:
        return choose(seat_state, rng, self.weights)

    def rank(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> list[Action]:
        return rank(state, seat, legal, rng, self.weights)

    def evaluate(self, state: State) -> Sequence[float]:
        return evaluate(state, self.weights)

    def heuristic(self) -> Heuristic:
        """These rules of thumb in the form the bots take (as the registered one, with these
        weights)."""
        if self.weights is DEFAULT_WEIGHTS:
            return HEURISTIC
        return Heuristic(
            policy=self.choose,
            evaluate=self.evaluate,
            iterations=HEURISTIC.iterations,
            depth=HEURISTIC.depth,
            rollout=HEURISTIC.rollout,
            rank=self.rank,
            settled=distributing,
            alike=alike,
        )


HEURISTIC = Heuristic(
    policy=choose,
    evaluate=evaluate,
    iterations=800,
    depth=0,
    rollout="none",
    rank=rank,
    settled=distributing,
    alike=alike,
)
