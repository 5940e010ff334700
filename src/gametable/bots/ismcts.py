"""Information Set Monte Carlo Tree Search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration imagines the hidden parts through the seat's window (``SeatState.resample``: the
real state's secrets are never read), gives the imagined state a fresh chance stream, walks one
shared tree whose edges are (seat, action), expands one edge, plays out (random moves, or the
game's rules of thumb) up to a depth cap, and backs up a reward per seat: ``state.returns()`` at
the end of the game or the game's heuristic evaluation at the cap, averaged over each team
(``game.teams``) so partners share it.  Edges are chosen by UCB1 over their *availability*
count, since an edge exists only in the determinisations where it is legal.  Whoever must decide
in the imagined state acts (the first seat of ``to_move``); at the root it is always the bot's
own seat, even when that seat is not the one on turn (a defender, a simultaneous decision).

Where the game has a heuristic, its move is expanded first and kept unless the search finds a
move better by more than ``anchor`` plus one standard error: small budgets then play at least
about as well as the heuristic, and the search corrects it where the samples are clear (a risky
BALZAK!, a Swinger, a hit).  Default budgets and rollout depths are per game
(:class:`~gametable.bots.heuristics.Heuristic`).

A decision with more than ``WIDEN_ABOVE`` moves is widened progressively when the game's
heuristic can rank moves (``Heuristic.rank``): a node considers only its first ``2 + sqrt(visits)``
moves in that order (Coulom 2007; Chaslot et al. 2008), so a Balam build among several hundred
places is searched among the few that matter.

>>> from gametable import load_game
>>> state = load_game("balzakken").new_game(2, seed=7)
>>> bot = ISMCTSBot(seed=1, iterations=50)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TypedDict

from gametable.bots.base import Bot, SeatState
from gametable.bots.heuristics import (
    Evaluation,
    Heuristic,
    Ranking,
    Weight,
    has_heuristic,
    heuristic_for,
)
from gametable.bots.learned import learned_evaluation
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng

#: "heuristic": the game's choice of rollout (``Heuristic.rollout``); "policy": the game's rules of
#: thumb whatever the game's choice (a costlier rollout that plays like a person)
ROLLOUTS = ("random", "heuristic", "none", "policy")
#: what scores a state where a rollout stops: the game's hand-written evaluation, or the
#: evaluation fitted by self-play (:mod:`gametable.bots.learned`; the hand-written one where the
#: game has no fitted model at this number of players)
LEAVES = ("heuristic", "learned")
#: the largest budgets and parameters a spec may give (a server may allow less): beyond these a
#: search would not end in any useful time, or the parameter has no meaning (rewards lie in [0, 1])
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0
MAX_DEPTH = 100_000
MAX_C = 100.0
MAX_DRAWS = 64
#: decisions with more legal actions than this are widened progressively when the game's
#: heuristic can rank them
WIDEN_ABOVE = 8


def check_count(name: str, value: object, low: int, high: int) -> None:
    """``value`` is ``None`` or a whole number from ``low`` to ``high``."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a positive integer, not {value!r}")
    if not low <= value <= high:
        kind = "a positive integer" if low > 0 else "a non-negative integer"
        raise ValueError(f"{name} must be {kind} of at most {high}, not {value!r}")


def check_number(name: str, value: object, low: float, high: float, positive: bool = False) -> None:
    """``value`` is ``None`` or a finite number from ``low`` (excluded if ``positive``) to ``high``."""
    if value is None:
        return
    kind = "a positive number" if positive else "a non-negative number"
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value < low
        or (positive and value <= low)
    ):
        raise ValueError(f"{name} must be {kind}, not {value!r}")
    if value > high:
        raise ValueError(f"{name} must be {kind} of at most {high:g}, not {value!r}")


class SearchSettings(TypedDict, total=False):
    """The settings of :class:`ISMCTSBot` by name (those a bot spec or a level may give)."""

    iterations: int | None
    seconds: float | None
    rollout: str
    depth: int | None
    c: float
    anchor: float
    leaf: str
    settle: bool
    draws: int


class Node:
    __slots__ = ("avail", "children", "order", "seat", "squares", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here (its reward is summed in ``total``)
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0
        #: the decision's actions best first, when it is widened progressively
        self.order: dict[int, list[Action]] = {}  # by the seat deciding

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        if self.visits < 2:
            return 0.25
        mean = self.total / self.visits
        return max(0.0, self.squares / self.visits - mean * mean) / (self.visits - 1)


def leaf_evaluation(leaf: str, seat_state: SeatState, heuristic: Heuristic) -> Evaluation | None:
    """What scores a state where a playout stops: with ``leaf="learned"`` the evaluation fitted
    by self-play for this game and number of players, if there is one; else the game's
    hand-written evaluation (``None`` if it has none)."""
    if leaf == "learned":
        learned = learned_evaluation(seat_state.game, seat_state.players)
        if learned is not None:
            return learned
    return heuristic.evaluate


def weighted_determinisation(
    seat_state: SeatState, rng: random.Random, weight: Weight | None, draws: int
) -> State:
    """An imagined state: as ``resample`` draws it, or, with a weight, kept with its
    probability (rejection sampling, at most ``draws`` tries; else the most plausible)."""
    state = seat_state.resample(rng.getrandbits(63))
    if weight is None:
        return state
    best, best_weight = state, weight(state)
    if rng.random() < best_weight:
        return state
    for _ in range(draws - 1):
        state = seat_state.resample(rng.getrandbits(63))
        w = weight(state)
        if rng.random() < w:
            return state
        if w > best_weight:
            best, best_weight = state, w
    return best


class ISMCTSBot(Bot):
    """ISMCTS with a budget of ``iterations`` (default: tuned per game) and/or ``seconds``.

    ``rollout`` is ``"random"``, ``"heuristic"`` (the game's choice of rollout), ``"policy"``
    (the game's rules of thumb, even where the game chooses random rollouts) or ``"none"``
    (evaluate where the tree ends); ``depth`` caps the rollout plies (0: play to the end);
    ``c`` is the UCB exploration constant (rewards lie in [0, 1]).  ``anchor``: the
    search overrides the game's heuristic choice only when it finds a move whose mean reward is
    better by more than this (0: pure ISMCTS; games without a heuristic are never anchored).
    ``leaf`` (one of :data:`LEAVES`) says what scores a state where a rollout stops.
    ``settle``: routine decisions the game's heuristic names (``Heuristic.settled``: Balam's
    distribution steps) are played by the heuristic without a search.
    ``draws``: weighted determinisation.  With more than 1, an iteration draws up to this many
    imagined states and keeps each with the probability the game's heuristic gives it
    (``Heuristic.plausibility``: Balzakken, what the last discard says of the hand that threw
    it); when none is kept, the most plausible one.  1: every imagined state as it comes.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "heuristic",
        depth: int | None = None,
        c: float = 0.7,
        anchor: float = 0.03,
        leaf: str = "heuristic",
        settle: bool = False,
        draws: int = 1,
    ) -> None:
        super().__init__(seed)
        check_count("iterations", iterations, 1, MAX_ITERATIONS)
        check_number("seconds", seconds, 0.0, MAX_SECONDS, positive=True)
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        check_count("depth", depth, 0, MAX_DEPTH)
        check_number("c", c, 0.0, MAX_C)
        check_number("anchor", anchor, 0.0, 1.0)
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        self.leaf = leaf
        if not isinstance(settle, bool):
            raise ValueError(f"settle must be true or false, not {settle!r}")
        self.settle = settle
        check_count("draws", draws, 1, MAX_DRAWS)
        self.draws = draws
        self.anchor = float(anchor)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.depth = depth
        self.c = float(c)
        #: iterations run by the last call of :meth:`choose` (for benchmarks)
        self.last_iterations = 0
        self.evaluation: Evaluation | None = None
        #: the plausibility of the states imagined for this decision (``draws`` > 1)
        self.weight: Weight | None = None

    # -- the search ---------------------------------------------------------------------------------
    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        if not legal:
            raise ValueError(f"seat {seat_state.seat} has no action to choose now")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        heuristic = heuristic_for(seat_state.game)
        if self.settle and heuristic.settled is not None and heuristic.settled(legal):
            return heuristic.policy(seat_state, random.Random(self.rng.getrandbits(64)))
        iterations, seconds = self.budget(heuristic)
        depth = heuristic.depth if self.depth is None else self.depth
        teams = self.team_of(seat_state)
        self.evaluation = self.leaf_evaluation(seat_state, heuristic)
        self.weight = None
        if self.draws > 1 and heuristic.plausibility is not None:
            self.weight = heuristic.plausibility(seat_state.view(), seat_state.seat)
        root = Node(seat_state.seat)
        suggested = None
        if self.anchor > 0 and has_heuristic(seat_state.game):
            suggested = heuristic.policy(seat_state, random.Random(self.rng.getrandbits(64)))
            root.children[(seat_state.seat, suggested)] = Node(seat_state.seat)  # tried first
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            self.iterate(seat_state, root, heuristic, depth, teams)
            done += 1
        self.last_iterations = done
        choice = self.best(root, seat_state.seat, legal)
        if suggested is not None:
            choice = self.overrule(root, seat_state.seat, suggested, choice)
        return choice

    def overrule(self, root: Node, seat: int, suggested: Action, found: Action) -> Action:
        """The heuristic's move unless the search found one better by more than ``anchor`` plus
        one standard error of the difference (so a few noisy samples do not overrule it)."""
        mine = root.children.get((seat, suggested))
        best = root.children.get((seat, found))
        if mine is None or not mine.visits or best is None or not best.visits:
            return suggested if best is None or not best.visits else found
        error = math.sqrt(mine.variance_of_mean() + best.variance_of_mean())
        if best.mean() - mine.mean() > self.anchor + error:
            return found
        return suggested

    def leaf_evaluation(self, seat_state: SeatState, heuristic: Heuristic) -> Evaluation | None:
        """The evaluation of states where a rollout stops (see ``leaf``)."""
        return leaf_evaluation(self.leaf, seat_state, heuristic)

    def budget(self, heuristic: Heuristic) -> tuple[int | None, float | None]:
        if self.iterations is None and self.seconds is None:
            return heuristic.iterations, None
        return self.iterations, self.seconds

    @staticmethod
    def team_of(seat_state: SeatState) -> list[tuple[int, ...]]:
        """For each seat, the seats whose returns it shares (its team)."""
        teams = seat_state.game.teams(seat_state.players, seat_state.options)
        out: list[tuple[int, ...]] = [(s,) for s in range(seat_state.players)]
        for team in teams:
            for s in team:
                out[s] = tuple(team)
        return out

    def iterate(
        self,
        seat_state: SeatState,
        root: Node,
        heuristic: Heuristic,
        depth: int,
        teams: list[tuple[int, ...]],
    ) -> None:
        """One iteration: imagine a state, walk the tree and expand one edge, play out, back up."""
        state = self.determinise(seat_state)
        state.rng = Rng(self.rng.getrandbits(64))  # a fresh chance stream for this determinisation
        path = self.descend(state, seat_state.seat, root, heuristic.rank)
        rewards = self.playout(state, heuristic, depth)
        shared = [sum(rewards[s] for s in team) / len(team) for team in teams]
        root.visits += 1
        for n in path[1:]:
            reward = shared[n.seat]
            n.visits += 1
            n.total += reward
            n.squares += reward * reward

    def descend(self, state: State, seat: int, root: Node, rank: Ranking | None) -> list[Node]:
        """Selection and expansion: from ``root`` (``seat`` deciding), apply the selected edge
        at each node until one edge is expanded, the game ends, or the imagined state disagrees
        about who decides.  Returns the nodes walked through, ``root`` first."""
        node = root
        path = [root]
        while not state.is_over:
            legal = state.legal_actions(seat)
            if not legal:  # the imagined state disagrees about who decides: stop here
                break
            if rank is not None and len(legal) > WIDEN_ABOVE:
                legal = self.widened(node, state, seat, legal, rank)
            action, child = self.select(node, seat, legal)
            state.apply(action, seat)
            path.append(child)
            if child.visits == 0 or state.is_over:  # a new edge: the playout starts here
                break
            node = child
            seat = state.to_move[0]
        return path

    def select(self, node: Node, seat: int, legal: list[Action]) -> tuple[Action, Node]:
        """The edge to follow from ``node``: an untried one if any (a child made in advance
        first, else one at random, made here), else the best by UCB1 over availability.  Every
        legal edge tried so far counts one more availability."""
        untried = []
        preferred: Node | None = None  # a child made in advance (the heuristic's move at the root)
        preferred_action: Action | None = None
        best_child: Node | None = None
        best_key: Action | None = None
        best_score = -math.inf
        children = node.children
        c = self.c
        for action in legal:
            child = children.get((seat, action))
            if child is None or not child.visits:
                untried.append(action)
                if child is not None:
                    preferred, preferred_action = child, action
                continue
            child.avail += 1
            if not untried:
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, best_child, best_key = score, child, action
        if untried:
            if preferred is not None and preferred_action is not None:
                preferred.avail += 1
                return preferred_action, preferred
            rng = self.rng
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = children[(seat, action)] = Node(seat)
            child.avail += 1
            return action, child
        assert best_child is not None and best_key is not None
        return best_key, best_child

    def determinise(self, seat_state: SeatState) -> State:
        """An imagined state (:func:`weighted_determinisation` with this bot's weight)."""
        return weighted_determinisation(seat_state, self.rng, self.weight, self.draws)

    def widened(
        self, node: Node, state: State, seat: int, legal: list[Action], rank: Ranking
    ) -> list[Action]:
        """Progressive widening: the first ``2 + sqrt(visits)`` of the decision's actions in the
        heuristic's order (ranked once, on the first determinisation that reaches the node; an
        action only other determinisations allow joins at the end).  Children made in advance
        (the heuristic's own move at the root) come first."""
        order = node.order.get(seat)
        if order is None:
            ranked = rank(state, seat, legal, random.Random(self.rng.getrandbits(64)))
            first = [a for (s, a) in node.children if s == seat]
            order = node.order[seat] = first + [a for a in ranked if (seat, a) not in node.children]
        allowed = 2 + math.isqrt(node.visits)
        present = set(legal)
        out: list[Action] = []
        for action in order:  # (the first ``allowed`` legal ones: stop there)
            if action in present:
                out.append(action)
                if len(out) == allowed:
                    return out
        if len(out) < allowed:
            known = set(order)
            extra = [a for a in legal if a not in known]
            if extra:
                order.extend(extra)
                out.extend(extra[: allowed - len(out)])
        return out

    def playout(self, state: State, heuristic: Heuristic, depth: int) -> Sequence[float]:
        rng = self.rng
        plies = 0
        limit = depth if depth > 0 else 1 << 30
        game_says_none = self.rollout == "heuristic" and heuristic.rollout == "none"
        if self.rollout == "none" or game_says_none:
            limit = 0
        use_heuristic = self.rollout == "policy" or (
            self.rollout == "heuristic" and heuristic.rollout == "policy"
        )
        while not state.is_over and plies < limit:
            seat = state.to_move[0]
            if use_heuristic:
                action = heuristic.policy(SeatState(state, seat), rng)
            else:
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            state.apply(action, seat)
            plies += 1
        if state.is_over:
            return state.returns()
        if self.evaluation is None:
            return [0.5] * state.players
        return self.evaluation(state)

    @staticmethod
    def best(root: Node, seat: int, legal: list[Action]) -> Action:
        """The most visited of the root's legal actions (ties: the higher mean, then the first)."""

        def key(action: Action) -> tuple[int, float]:
            child = root.children.get((seat, action))
            if child is None or not child.visits:
                return (0, 0.0)
            return (child.visits, child.total / child.visits)

        return max(legal, key=key)
