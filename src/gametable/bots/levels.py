"""Levels people choose from: ``easy``, ``normal`` and ``hard``, the same names in every game.

=========  =====================================================================================
``easy``   the game's rules of thumb, played by someone who sometimes overlooks options: on a
           slip (``slip``, default 35% of decisions with a choice) it sees only about half of
           its options (``notice``) and plays the rules-of-thumb choice among those.  Its
           mistakes are plausible moves (a pair not discarded, a BALZAK! not called, a hit not
           seen, a cheaper building), never random ones.
``normal`` the game's rules of thumb (:class:`~gametable.bots.heuristic.HeuristicBot`).
``hard``   the ISMCTS search (:class:`~gametable.bots.ismcts.ISMCTSBot`) with the settings
           :data:`HARD` gives per game (Balzakken and Keezbord: the learned leaf evaluation),
           or, in the games of :data:`IMPROVED` (Balam), the rules of thumb improved by paired
           rollouts to the round's end (:class:`~gametable.bots.rollouts.RolloutBot`); within
           half a second of CPU per move.
=========  =====================================================================================

Each level is a registered bot name, so it is accepted wherever a bot spec is (``gametable play
--bot easy``, ``gametable arena GAME --bot hard --bot normal``, the lobby's list of bots) and
takes the underlying bot's parameters (``easy:slip=0.2``, ``hard:iterations=400``).

>>> from gametable import load_game
>>> state = load_game("keezbord").new_game(2, seed=3)
>>> seat = state.to_move[0]
>>> bots = [make_level(name, seed=1, **({"iterations": 20} if name == "hard" else {}))
...         for name in LEVELS]
>>> all(bot.act(state, seat) in state.legal_actions(seat) for bot in bots)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from gametable.bots.base import Bot, SeatState
from gametable.bots.heuristic import HeuristicBot
from gametable.bots.ismcts import ISMCTSBot, check_number
from gametable.bots.rollouts import RolloutBot
from gametable.core.protocol import Action

LEVELS = ("easy", "normal", "hard")


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


#: per game, the ISMCTS settings of ``hard`` that differ from the ``ismcts`` defaults (see
#: docs/bots.md for the runs behind them): in Balzakken and Keezbord the leaves are scored by
#: the evaluation fitted by self-play (:mod:`gametable.bots.learned`); Balzakken at 300
#: iterations (about 0.2 s of CPU a move) with weighted determinisation (``draws``), Keezbord at
#: 1000 iterations with random rollouts cut at 4 plies (about 0.15 s); in Balam 600 iterations
#: instead of 800 and the distribution steps settled by the rules of thumb (``settle``), so that
#: its slowest moves stay under half a second (the defaults took up to 0.6 s; mean 0.18 s
#: against 0.36 s, ``bench/bots.py --tables 3``)
HARD: Mapping[str, Mapping[str, Any]] = {
    "balzakken": {"leaf": "learned", "iterations": 300, "draws": 8},
    "keezbord": {"leaf": "learned", "iterations": 1000, "depth": 4},
    "balam": {"settle": True, "iterations": 600},
}


#: the ISMCTS parameters a level may set per game
TUNABLE = ("iterations", "rollout", "depth", "c", "anchor", "leaf", "settle", "draws")

#: per game, a ``hard`` that is not a tree search but the rules of thumb improved by paired
#: rollouts to the end of the round (:class:`~gametable.bots.rollouts.RolloutBot` with these
#: settings; docs/bots.md for the runs behind them).  A spec that gives an ISMCTS setting
#: (``hard:iterations=300``) still gets the tree search with :data:`HARD`'s settings.
IMPROVED: Mapping[str, Mapping[str, Any]] = {
    "balam": {"plies": 600, "least": 2},
}


class HardBot(ISMCTSBot):
    """ISMCTS with per-game settings (:data:`HARD`); parameters given in the spec win."""

    name = "hard"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        self.given = set(params)
        self._untuned = {key: getattr(self, key) for key in TUNABLE}
        self._tuned: str | None = None
        self._improver: tuple[str, RolloutBot] | None = None

    def choose(self, seat_state: SeatState) -> Action:
        game = seat_state.game.name
        improver = self.improver(game)
        if improver is not None:
            improver.seconds = self.seconds  # a server's cap, set after the bot was made
            return improver.choose(seat_state)
        if self._tuned != game:
            self.tune(game)
        return super().choose(seat_state)

    def improver(self, game: str) -> RolloutBot | None:
        """The rollout bot that plays ``game`` (:data:`IMPROVED`), unless the spec asked for
        the tree search by giving one of its settings; it draws from this bot's stream."""
        if game not in IMPROVED or self.given & set(TUNABLE):
            return None
        if self._improver is None or self._improver[0] != game:
            bot = RolloutBot(**IMPROVED[game])
            bot.rng = self.rng
            self._improver = (game, bot)
        return self._improver[1]

    def tune(self, game: str) -> None:
        """Take the game's settings for every parameter the spec did not give (a budget set
        after the bot was made, e.g. a server's time cap, stays unless the game names one)."""
        if self._tuned is not None:
            for key, value in self._untuned.items():
                setattr(self, key, value)
        for key, value in HARD.get(game, {}).items():
            if key not in self.given:
                setattr(self, key, value)
        self._tuned = game


_CLASSES: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_level(name: str, seed: int | None = None, **params: Any) -> Bot:
    """The bot of level ``name`` (one of :data:`LEVELS`)."""
    return _CLASSES[name](seed=seed, **params)
