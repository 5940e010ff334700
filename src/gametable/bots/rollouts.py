"""Policy improvement by rollouts: the rules of thumb, corrected where playing on says otherwise.

For a decision with a choice, the bot takes the rules of thumb's own move and the next best few
in the heuristic's order (``Heuristic.rank``), imagines the hidden parts a number of times
through the seat's window (``SeatState.resample``) and, in each imagined state, plays every
candidate and then the rules of thumb for every seat up to a *horizon*: the end of the round
(``horizon=0``; in Balam the round's end is when temples, palaces and reserves score) or a number
of plies.  Where the playout stops, the game's evaluation scores it (the returns if it is over).

Every candidate meets the same imagined states, the same dice and the same tie-breaks of the
playing policy (common random numbers), so the comparison is paired: a candidate replaces the
heuristic's move only when its mean gain over it exceeds ``margin`` plus ``z`` standard errors
of the paired differences.  This is Tesauro and Galperin's (1996) on-line policy improvement,
with the imagined states of perfect-information Monte Carlo (Ginsberg 2001); a playout policy
improved by one step is known to beat the policy itself.

The budget is counted in plies played (``plies``), not in time, so a seed replays the same
choices on any machine: samples are added while the plies of the last one still fit, at least
``least`` of them.  Routine decisions the game calls settled (``Heuristic.settled``: Balam's
distribution steps) are left to the rules of thumb.

>>> from gametable import load_game
>>> state = load_game("balam").new_game(2, seed=7)
>>> bot = RolloutBot(seed=1, plies=200)
>>> bot.act(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from gametable.bots.base import Bot, SeatState
from gametable.bots.heuristics import Heuristic, heuristic_for, tuned_heuristic_for
from gametable.bots.ismcts import MAX_SECONDS, ISMCTSBot, check_count, check_number
from gametable.core.protocol import Action, State
from gametable.core.rng import Rng

MAX_PLIES = 1_000_000
MAX_CANDIDATES = 64
MAX_HORIZON = 10_000
MAX_ENDS = 20
#: the rules of thumb a rollout bot plays (``policy``)
POLICIES = ("rules", "tuned", "tuned-own")


class RolloutBot(Bot):
    """The rules of thumb improved by paired rollouts (module docstring).

    ``candidates``: how many moves are compared (the heuristic's own and the next best in its
    order); ``plies``: the budget of playout plies a decision; ``least``: the fewest samples
    (imagined states) a decision takes whatever the budget; ``horizon``: 0 plays to the end of
    the round, N plays N plies; ``margin`` and ``z``: how much better, in mean reward and in
    standard errors of the paired differences, a move must be to replace the heuristic's.
    ``seconds`` (optional): no sample is begun after this many seconds of a decision, even
    below ``least`` (but one is always taken); a server sets it to cap a bot's time.
    ``distinct``: compare only one move of each kind the game calls alike
    (``Heuristic.alike``: in Balam, builds of one building on one site on other plots), so that
    the candidates are the heuristic's move and the next best *different* ones.
    ``policy``: ``"rules"`` plays the game's rules of thumb (``heuristic_for``); ``"tuned"``
    the rules of thumb with weights fitted by self-play (``tuned_heuristic_for``: a game's
    ``tuned`` part; the plain ones in a game without fitted weights) for the
    candidates and for every seat in the playouts; ``"tuned-own"`` the fitted ones for the
    candidates and for the deciding seat (and its partners) in the playouts, the plain ones for
    the other seats.
    ``ends`` (with ``horizon=0``): how many round ends a playout plays through before it is
    scored (1: the end of the round under way; 2: of the next one as well, ...).
    """

    name = "rollouts"

    def __init__(
        self,
        seed: int | None = None,
        candidates: int = 4,
        plies: int = 1200,
        least: int = 3,
        horizon: int = 0,
        margin: float = 0.01,
        z: float = 1.0,
        seconds: float | None = None,
        distinct: bool = False,
        policy: str = "rules",
        ends: int = 1,
    ) -> None:
        super().__init__(seed)
        check_count("candidates", candidates, 2, MAX_CANDIDATES)
        check_count("plies", plies, 1, MAX_PLIES)
        check_count("least", least, 1, MAX_PLIES)
        check_count("horizon", horizon, 0, MAX_HORIZON)
        check_count("ends", ends, 1, MAX_ENDS)
        check_number("margin", margin, 0.0, 1.0)
        check_number("z", z, 0.0, 10.0)
        check_number("seconds", seconds, 0.0, MAX_SECONDS, positive=True)
        if not isinstance(distinct, bool):
            raise ValueError(f"distinct must be true or false, not {distinct!r}")
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        self.policy = policy
        self.candidates = candidates
        self.plies = plies
        self.least = least
        self.horizon = horizon
        self.margin = float(margin)
        self.z = float(z)
        self.distinct = distinct
        self.ends = ends
        #: a cap on the wall-clock time of a decision (a server's), beside the ply budget
        self.seconds = seconds
        #: samples and plies the last decision used (for benchmarks)
        self.last_samples = 0
        self.last_plies = 0

    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        if not legal:
            raise ValueError(f"seat {seat_state.seat} has no action to choose now")
        self.last_samples = self.last_plies = 0
        if len(legal) == 1:
            return legal[0]
        game = seat_state.game
        plain = heuristic_for(game)
        heuristic = plain if self.policy == "rules" else tuned_heuristic_for(game)
        others = plain if self.policy == "tuned-own" else heuristic
        suggested = heuristic.policy(seat_state, random.Random(self.rng.getrandbits(64)))
        if heuristic.settled is not None and heuristic.settled(legal):
            return suggested
        moves = self.contenders(seat_state, heuristic, legal, suggested)
        if len(moves) < 2:
            return suggested
        gains = self.compare(seat_state, heuristic, moves, others)
        return self.pick(moves, gains)

    def contenders(
        self, seat_state: SeatState, heuristic: Heuristic, legal: list[Action], suggested: Action
    ) -> list[Action]:
        """The heuristic's move first, then the next best in its order (all of them, in the
        order given, when the game cannot rank its moves); with ``distinct``, none alike to
        one before it (``Heuristic.alike``)."""
        ordered: Sequence[Action] = legal
        if heuristic.rank is not None:
            imagined = seat_state.resample(self.rng.getrandbits(63))
            ordered = heuristic.rank(
                imagined, seat_state.seat, legal, random.Random(self.rng.getrandbits(64))
            )
        alike = heuristic.alike if self.distinct else None
        if alike is None:
            others = [a for a in ordered if a != suggested]
            return [suggested, *others[: self.candidates - 1]]
        moves = [suggested]
        keys = {alike(suggested)}
        for action in ordered:
            if len(moves) >= self.candidates:
                break
            key = alike(action)
            if key not in keys:
                keys.add(key)
                moves.append(action)
        return moves

    def compare(
        self,
        seat_state: SeatState,
        heuristic: Heuristic,
        moves: list[Action],
        others: Heuristic | None = None,
    ) -> list[list[float]]:
        """Per sample, each move's reward minus the heuristic move's (paired); the seats
        outside the deciding seat's team play ``others`` (default: ``heuristic``)."""
        seat = seat_state.seat
        teams = ISMCTSBot.team_of(seat_state)
        gains: list[list[float]] = []
        used = 0
        last = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while len(gains) < self.least or used + last <= self.plies:
            if gains and deadline is not None and time.perf_counter() >= deadline:
                break
            imagined = seat_state.resample(self.rng.getrandbits(63))
            chance = self.rng.getrandbits(64)
            tie_breaks = self.rng.getrandbits(64)
            rewards = []
            last = 0
            for move in moves:
                state = imagined.clone()
                state.rng = Rng(chance)
                state.apply(move, seat)
                played = self.play_on(
                    state, heuristic, random.Random(tie_breaks), others, teams[seat]
                )
                last += played
                rewards.append(self.reward(state, heuristic, teams[seat]))
            used += last
            gains.append([r - rewards[0] for r in rewards])
            if last == 0 and len(gains) >= self.least:
                break  # nothing is played after the moves: more samples would say the same
        self.last_samples = len(gains)
        self.last_plies = used
        return gains

    def play_on(
        self,
        state: State,
        heuristic: Heuristic,
        rng: random.Random,
        others: Heuristic | None = None,
        team: tuple[int, ...] = (),
    ) -> int:
        """The rules of thumb for every seat up to the horizon; the plies played.

        The end of the round (``horizon=0``) is where the game's routine closing steps
        (``Heuristic.settled``: Balam's distribution) give way to other decisions; for a game
        without such steps, where the view's ``round`` changes.  The playout stops at the
        ``ends``-th such end."""
        limit = self.horizon if self.horizon > 0 else MAX_HORIZON
        settled = heuristic.settled if self.horizon == 0 else None
        start = round_of(state) if self.horizon == 0 and settled is None else None
        closing = False
        ends = self.ends
        plies = 0
        while not state.is_over and plies < limit:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if settled is not None:
                if settled(legal):
                    closing = True
                elif closing:
                    ends -= 1
                    if ends <= 0:
                        break
                    closing = False
            elif start is not None and round_of(state) != start:
                ends -= 1
                if ends <= 0:
                    break
                start = round_of(state)
            window = SeatState(state, seat)
            playing = heuristic if others is None or seat in team else others
            action = legal[0] if len(legal) == 1 else playing.policy(window.showing(legal), rng)
            state.apply(action, seat)
            plies += 1
        return plies

    @staticmethod
    def reward(state: State, heuristic: Heuristic, team: tuple[int, ...]) -> float:
        if state.is_over:
            values: Sequence[float] = state.returns()
        elif heuristic.evaluate is not None:
            values = heuristic.evaluate(state)
        else:
            return 0.5
        return sum(values[s] for s in team) / len(team)

    def pick(self, moves: list[Action], gains: list[list[float]]) -> Action:
        """The move with the best mean gain over the heuristic's, if it is clearly better."""
        n = len(gains)
        best, best_mean = 0, 0.0
        for i in range(1, len(moves)):
            diffs = [g[i] for g in gains]
            mean = sum(diffs) / n
            spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.25
            if mean > self.margin + self.z * math.sqrt(spread / n) and mean > best_mean:
                best, best_mean = i, mean
        return moves[best]


def round_of(state: State) -> object:
    """The round the game is in (the view's ``round``; ``None`` for games without rounds)."""
    return state.view(None).get("round")
