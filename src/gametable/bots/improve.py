"""Flat Monte Carlo policy improvement over the game's rules of thumb (the ``improve`` bot).

For each legal move the bot imagines the hidden cards ``samples`` times through its seat's window
(``SeatState.resample``, weighted by what the others' play suggests when ``draws`` > 1, as the
ISMCTS bot does), plays the move, lets every seat follow the rules of thumb to the end of the
round (or ``depth`` plies), and scores what it reaches: the game's returns when it is over, else
the leaf evaluation (``leaf``: the one fitted by self-play, or the hand-written one).  All moves
are tried on the *same* imagined states with the same chance stream and the same rules-of-thumb
random choices (common random numbers), so their differences are measured pairwise, with much
less noise than their separate means.  The heuristic's own move is kept unless another beats it
by more than ``margin`` plus one standard error of the paired difference.

This is the "rollout algorithm" of Tesauro and Galperin (1996) and of Bertsekas's policy
improvement: one step of policy iteration, which cannot do worse than its base policy when the
estimates are exact, and which in card games with a decent base policy usually beats it clearly.
With ``successive=true`` (the default) moves that fall clearly behind after a quarter, then a
half of the samples are dropped, so the budget goes to the moves still in contention.

>>> from gametable import load_game
>>> state = load_game("balzakken").new_game(2, seed=7)
>>> bot = ImproveBot(seed=1, samples=4)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from gametable.bots.base import Bot, SeatState
from gametable.bots.heuristics import Evaluation, Heuristic, Weight, heuristic_for
from gametable.bots.ismcts import (
    LEAVES,
    MAX_DEPTH,
    MAX_DRAWS,
    MAX_SECONDS,
    WIDEN_ABOVE,
    check_count,
    check_number,
    leaf_evaluation,
    weighted_determinisation,
)
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng

#: at most this many samples per move (a spec may not ask for a search that never ends)
MAX_SAMPLES = 100_000
#: a rollout "to the end of the round" stops here at the latest (a round that drags on)
ROUND_CAP = 60
#: after these shares of the samples, moves clearly behind the best are dropped
CHECKPOINTS = (0.25, 0.5)
#: "clearly behind": the paired difference to the best exceeds this many standard errors
DROP_SE = 2.5


class ImproveBot(Bot):
    """One step of policy improvement over the rules of thumb (see the module docstring).

    ``samples``: imagined states per move; ``depth``: rollout plies (0: to the end of the round,
    at most :data:`ROUND_CAP`; the end of a round is where the public view's ``round`` changes);
    ``leaf``: ``"learned"`` or ``"heuristic"``; ``draws``: weighted determinisation as in
    :class:`~gametable.bots.ismcts.ISMCTSBot`; ``margin``: what another move must gain over the
    heuristic's own, beyond one standard error, to be played; ``successive``: drop moves clearly
    behind at the checkpoints; ``budget``: at most this many rollouts a move (none: no cap), so
    that a decision with many moves takes fewer samples instead of more time; ``seconds``: a
    time budget besides ``samples`` (a server's cap).  Whatever the caps, at least two samples
    are taken.
    """

    name = "improve"

    def __init__(
        self,
        seed: int | None = None,
        samples: int = 48,
        depth: int = 0,
        leaf: str = "learned",
        draws: int = 8,
        margin: float = 0.0,
        successive: bool = True,
        budget: int | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(seed)
        check_count("samples", samples, 1, MAX_SAMPLES)
        check_count("depth", depth, 0, MAX_DEPTH)
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        check_count("draws", draws, 1, MAX_DRAWS)
        check_number("margin", margin, 0.0, 1.0)
        check_count("budget", budget, 1, MAX_SAMPLES * 64)
        check_number("seconds", seconds, 0.0, MAX_SECONDS, positive=True)
        if not isinstance(successive, bool):
            raise ValueError(f"successive must be true or false, not {successive!r}")
        self.samples = samples
        self.depth = depth
        self.leaf = leaf
        self.draws = draws
        self.margin = float(margin)
        self.successive = successive
        self.budget = budget
        self.seconds = seconds
        #: rollouts played by the last call of :meth:`choose` (for benchmarks)
        self.last_rollouts = 0

    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        if not legal:
            raise ValueError(f"seat {seat_state.seat} has no action to choose now")
        self.last_rollouts = 0
        if len(legal) == 1:
            return legal[0]
        heuristic = heuristic_for(seat_state.game)
        suggested = heuristic.policy(seat_state, random.Random(self.rng.getrandbits(64)))
        evaluation = self.leaf_evaluation(seat_state, heuristic)
        weight = None
        if self.draws > 1 and heuristic.plausibility is not None:
            weight = heuristic.plausibility(seat_state.view(), seat_state.seat)
        seat = seat_state.seat
        alive = [suggested] + [a for a in self.candidates(seat_state, heuristic) if a != suggested]
        values: dict[Action, list[float]] = {a: [] for a in alive}
        checkpoints = {max(2, math.ceil(share * self.samples)) for share in CHECKPOINTS}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for k in range(self.samples):
            if k >= 2 and deadline is not None and time.perf_counter() > deadline:
                break
            if k >= 2 and self.budget is not None and self.last_rollouts + len(alive) > self.budget:
                break
            imagined = self.determinise(seat_state, weight)
            chance = self.rng.getrandbits(64)
            choices = self.rng.getrandbits(64)
            start = imagined.view(None).get("round")
            for action in alive:
                state = imagined.clone()
                state.rng = Rng(chance)
                state.apply(action, seat)
                reached = self.rollout(state, heuristic, evaluation, start, random.Random(choices))
                values[action].append(reached[seat])
            self.last_rollouts += len(alive)
            if self.successive and k + 1 in checkpoints and len(alive) > 2:
                alive = self.contenders(alive, values, suggested)
        return self.pick(alive, values, suggested)

    def candidates(self, seat_state: SeatState, heuristic: Heuristic) -> list[Action]:
        """The moves to try: all legal ones, or, above :data:`WIDEN_ABOVE` moves when the
        game's heuristic ranks them (Balam's builds), the first :data:`WIDEN_ABOVE` in its order
        on one imagined state."""
        legal = seat_state.legal_actions()
        if heuristic.rank is None or len(legal) <= WIDEN_ABOVE:
            return legal
        imagined = seat_state.resample(self.rng.getrandbits(63))
        ranked = heuristic.rank(
            imagined, seat_state.seat, legal, random.Random(self.rng.getrandbits(64))
        )
        return ranked[:WIDEN_ABOVE]

    def contenders(
        self, alive: list[Action], values: dict[Action, list[float]], suggested: Action
    ) -> list[Action]:
        """The moves still in contention: the heuristic's own, and every move whose paired
        difference to the best so far is within :data:`DROP_SE` standard errors."""
        best = max(alive, key=lambda a: sum(values[a]))
        kept = []
        for action in alive:
            if action in (best, suggested):
                kept.append(action)
                continue
            mean, error = paired(values[action], values[best])
            if mean + DROP_SE * error >= 0:
                kept.append(action)
        return kept

    def pick(
        self, alive: list[Action], values: dict[Action, list[float]], suggested: Action
    ) -> Action:
        """The best mean among the moves tried to the end, unless it does not beat the
        heuristic's own by more than ``margin`` plus one standard error (paired)."""
        best = max(alive, key=lambda a: sum(values[a]))
        if best == suggested:
            return suggested
        gain, error = paired(values[best], values[suggested])
        return best if gain > self.margin + error else suggested

    def leaf_evaluation(self, seat_state: SeatState, heuristic: Heuristic) -> Evaluation | None:
        return leaf_evaluation(self.leaf, seat_state, heuristic)

    def determinise(self, seat_state: SeatState, weight: Weight | None) -> State:
        """An imagined state; with a weight, kept with its probability (at most ``draws``
        tries, else the most plausible), as the ISMCTS bot draws them."""
        return weighted_determinisation(seat_state, self.rng, weight, self.draws)

    def rollout(
        self,
        state: State,
        heuristic: Heuristic,
        evaluation: Evaluation | None,
        start: object,
        rng: random.Random,
    ) -> Sequence[float]:
        """Every seat plays the rules of thumb to the end of the round ``start`` (or ``depth``
        plies)."""
        limit = self.depth if self.depth > 0 else ROUND_CAP
        to_round_end = self.depth == 0
        plies = 0
        while not state.is_over and plies < limit:
            if to_round_end and state.view(None).get("round") != start:
                break
            seat = state.to_move[0]
            state.apply(heuristic.policy(SeatState(state, seat), rng), seat)
            plies += 1
        if state.is_over:
            return state.returns()
        if evaluation is None:
            return [0.5] * state.players
        return evaluation(state)


def paired(mine: Sequence[float], theirs: Sequence[float]) -> tuple[float, float]:
    """Mean of the differences ``mine - theirs`` over the samples both have, and its standard
    error (0.5 when there are fewer than two samples)."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=False)]
    n = len(diffs)
    if n == 0:
        return 0.0, 0.5
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.5
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = ["ImproveBot", "paired"]
