"""Levels people choose from: ``easy``, ``normal`` and ``hard``, the same names in every game.

=========  =====================================================================================
``easy``   the game's rules of thumb, played by someone who sometimes overlooks options: on a
           slip (``slip``, default 35% of decisions with a choice) it sees only about half of
           its options (``notice``) and plays the rules-of-thumb choice among those.  Its
           mistakes are plausible moves (a pair not discarded, a BALZAK! not called, a hit not
           seen, a cheaper building), never random ones.
``normal`` the game's rules of thumb (:class:`~gametable.bots.heuristic.HeuristicBot`).
``hard``   the ISMCTS search (:class:`~gametable.bots.ismcts.ISMCTSBot`) with the settings
           the game declares for it (its ``levels`` part, :func:`level_settings`), within
           half a second of CPU per move; a game's settings may ask for one step of policy
           improvement over the rules of thumb instead (``search: improve``,
           :mod:`gametable.bots.improve`, or ``search: rollouts``,
           :mod:`gametable.bots.rollouts`).
=========  =====================================================================================

Each level is a registered bot name, so it is accepted wherever a bot spec is (``gametable play
--bot easy``, ``gametable arena GAME --bot hard --bot normal``, the lobby's list of bots) and
takes the underlying bot's parameters (``easy:slip=0.2``, ``hard:iterations=400``).

>>> from gametable import load_game
>>> state = load_game("keezbord").new_game(2, seed=3)
>>> seat = state.to_move[0]
>>> from gametable.bots import make_bot
>>> bots = [make_bot("easy", seed=1), make_bot("normal", seed=1), make_bot("hard:iterations=20", seed=1)]
>>> all(bot.act(state, seat) in state.legal_actions(seat) for bot in bots)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Unpack

from gametable.bots.base import SeatState
from gametable.bots.heuristic import HeuristicBot
from gametable.bots.improve import MAX_SAMPLES, ImproveBot
from gametable.bots.ismcts import LEAVES, ISMCTSBot, SearchSettings, check_count, check_number
from gametable.bots.parts import game_part
from gametable.bots.rollouts import RolloutBot
from gametable.core.parts import Kind
from gametable.core.protocol import Action, Game
from gametable.core.record import MAX_PLAYERS

LEVELS = ("easy", "normal", "hard")
#: a game's ``levels`` part: each level's settings by the level's name
LEVEL_SETTINGS: Kind[Mapping[str, Mapping[str, Any]]] = Kind("levels", Mapping)


class EasyBot(HeuristicBot):
    """The rules of thumb with human slips: on a fraction ``slip`` of its decisions it notices
    only a share ``notice`` of its options (at least one, never all) and picks among those."""

    name = "easy"

    def __init__(self, seed: int | None = None, slip: float = 0.35, notice: float = 0.5) -> None:
        super().__init__(seed)
        check_number("slip", slip, 0.0, 1.0)
        check_number("notice", notice, 0.0, 1.0, positive=True)
        self.slip = float(slip)
        self.notice = float(notice)
        #: slips draw from their own stream, so that between slips the bot plays exactly as
        #: the heuristic bot with the same seed
        self.slips = random.Random(None if seed is None else f"slips:{seed}")

    def choose(self, seat_state: SeatState) -> Action:
        legal = seat_state.legal_actions()
        if len(legal) > 1 and self.slips.random() < self.slip:
            size = min(len(legal) - 1, max(1, math.ceil(self.notice * len(legal))))
            picked = sorted(self.slips.sample(range(len(legal)), size))
            seen = [legal[i] for i in picked]
            if len(seen) == 1:
                return seen[0]
            seat_state = seat_state.showing(seen)
        return super().choose(seat_state)


class NormalBot(HeuristicBot):
    """The rules of thumb, under the level's name."""

    name = "normal"


def level_settings(game: Game | str, level: str) -> Mapping[str, Any]:
    """The settings of ``level`` that ``game`` declares (its ``levels`` part, a mapping from a
    level's name to its settings), or none: the bot's defaults."""
    declared = game_part(game, LEVEL_SETTINGS)
    return {} if declared is None else declared.get(level, {})


#: the ISMCTS parameters a level may set per game
TUNABLE = ("iterations", "rollout", "depth", "c", "anchor", "leaf", "settle", "draws")
#: rollouts a sample of the ``improve`` search costs, about (a decision's moves), to turn an
#: ``iterations`` budget given in the spec into samples
ROLLOUTS_PER_SAMPLE = 6
#: the settings of ``search: rollouts`` (:class:`~gametable.bots.rollouts.RolloutBot`)
ROLLOUT_SETTINGS = (
    "candidates",
    "plies",
    "least",
    "horizon",
    "margin",
    "z",
    "distinct",
    "policy",
    "ends",
)


class HardBot(ISMCTSBot):
    """ISMCTS with the settings the game declares (:func:`level_settings`); parameters given in
    the spec win.

    Where the game's settings say ``search: improve`` the bot plays the policy improvement
    search instead (:class:`~gametable.bots.improve.ImproveBot`, drawing from this bot's random
    stream, so ``hard`` and ``improve`` with the same seed and settings choose alike), with the
    game's ``samples`` and rollout ``budget`` (at most that many rollouts a move; none: no
    cap).  ``seat_budget``, a mapping from a player count to a budget, gives the budget at the
    counts it names (Balzakken: a longer round at more seats makes every rollout dearer); at
    the other counts ``budget`` holds.  Its counts and budgets must be positive integers
    (budgets at most :data:`~gametable.bots.improve.MAX_SAMPLES` times 64), else
    :class:`ValueError` when the bot takes the game's settings.  ``seat_leaf``, a mapping from
    a player count to a leaf (``heuristic`` or ``learned``), gives the leaf evaluation at the
    counts it names (Keezbord: the learned model at six seats, the hand-written evaluation at
    four; the ``improve`` search only); at the others ``leaf`` holds, and a spec's ``leaf``
    holds at every count.  A spec's ``iterations`` become
    ``iterations / 6`` samples (at least two) at every count, still within the budget of the
    count; its ``leaf``, ``draws`` and ``depth`` (rollout plies; none: to the end of the round)
    are kept, and a time budget (``seconds``, a server's cap) applies to it too.  The tree's
    own parameters (``c``, ``anchor``, ...) then mean nothing.

    Where they say ``search: rollouts`` the bot plays the paired rollouts of
    :class:`~gametable.bots.rollouts.RolloutBot` with the game's settings, again from this bot's
    random stream and under its time budget, unless the spec gives a tree setting
    (``hard:iterations=300``): then it is the tree search with the game's other settings.
    """

    name = "hard"

    def __init__(self, seed: int | None = None, **params: Unpack[SearchSettings]) -> None:
        super().__init__(seed, **params)
        self.given = set(params)
        self._untuned = {key: getattr(self, key) for key in TUNABLE}
        self._tuned: str | None = None
        #: the policy improvement search, in games whose settings ask for it
        self.improver: ImproveBot | RolloutBot | None = None
        #: its rollout budget at the player counts the game's settings name (``seat_budget``);
        #: ``budget_base`` (the game's ``budget``) at the others
        self.seat_budget: dict[int, int] = {}
        self.budget_base: int | None = None
        #: its leaf evaluation at the player counts the game's settings name (``seat_leaf``)
        self.seat_leaf: dict[int, str] = {}

    def choose(self, seat_state: SeatState) -> Action:
        if self._tuned != seat_state.game.name:
            self.tune(seat_state.game)
        if self.improver is None:
            return super().choose(seat_state)
        self.improver.seconds = self.seconds
        if isinstance(self.improver, ImproveBot) and self.seat_budget:
            self.improver.budget = self.seat_budget.get(seat_state.players, self.budget_base)
        if isinstance(self.improver, ImproveBot) and self.seat_leaf:
            self.improver.leaf = self.seat_leaf.get(seat_state.players, self.leaf)
        choice = self.improver.choose(seat_state)
        if isinstance(self.improver, ImproveBot):
            self.last_iterations = self.improver.last_rollouts
        else:
            self.last_iterations = self.improver.last_samples
        return choice

    def tune(self, game: Game | str) -> None:
        """Take the game's settings for every parameter the spec did not give (a budget set
        after the bot was made, e.g. a server's time cap, stays unless the game names one)."""
        if self._tuned is not None:
            for key, value in self._untuned.items():
                setattr(self, key, value)
        settings = dict(level_settings(game, "hard"))
        search = settings.pop("search", "ismcts")
        samples = settings.pop("samples", None)
        budget = settings.pop("budget", None)  # the improve search's rollouts a move
        seat_budget = seat_budgets(settings.pop("seat_budget", {}))
        seat_leaf = seat_leaves(settings.pop("seat_leaf", {}))
        rollouts = {k: settings.pop(k) for k in ROLLOUT_SETTINGS if k in settings}
        for key, value in settings.items():
            if key not in self.given:
                setattr(self, key, value)
        self.improver = None
        self.seat_budget = {}
        self.budget_base = None
        self.seat_leaf = {}
        if search == "improve":
            if "iterations" in self.given and self.iterations is not None:
                samples = max(2, self.iterations // ROLLOUTS_PER_SAMPLE)
            self.seat_budget = seat_budget
            self.budget_base = budget
            if "leaf" not in self.given:
                self.seat_leaf = seat_leaf
            self.improver = ImproveBot(
                samples=samples or 48,
                depth=self.depth or 0,
                leaf=self.leaf,
                draws=self.draws,
                budget=budget,
            )
            self.improver.rng = self.rng
        elif search == "rollouts" and not self.given & set(TUNABLE):
            self.improver = RolloutBot(**rollouts)
            self.improver.rng = self.rng
        self._tuned = game if isinstance(game, str) else game.name


def seat_budgets(given: object) -> dict[int, int]:
    """``seat_budget`` of a game's settings, checked: a mapping from player counts to rollout
    budgets, both positive integers (a budget at most ``MAX_SAMPLES * 64``, as ``budget``)."""
    if not isinstance(given, Mapping):
        raise ValueError(f"seat_budget must map player counts to budgets, not {given!r}")
    for players, budget in given.items():
        if players is None or budget is None:
            raise ValueError(f"seat_budget names counts and budgets, not {players!r}: {budget!r}")
        check_count("seat_budget's player count", players, 1, MAX_PLAYERS)
        check_count(f"seat_budget at {players} players", budget, 1, MAX_SAMPLES * 64)
    return dict(given)


def seat_leaves(given: object) -> dict[int, str]:
    """``seat_leaf`` of a game's settings, checked: a mapping from player counts (positive
    integers) to leaf evaluations (:data:`~gametable.bots.ismcts.LEAVES`)."""
    if not isinstance(given, Mapping):
        raise ValueError(f"seat_leaf must map player counts to leaves, not {given!r}")
    for players, leaf in given.items():
        if players is None:
            raise ValueError(f"seat_leaf names player counts, not {players!r}")
        check_count("seat_leaf's player count", players, 1, MAX_PLAYERS)
        if leaf not in LEAVES:
            raise ValueError(
                f"seat_leaf at {players} players must be one of {', '.join(LEAVES)}, not {leaf!r}"
            )
    return dict(given)
