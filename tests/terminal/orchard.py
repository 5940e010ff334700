"""Orchard: a small game whose actions have steps of several levels, to drive the terminal's menus.

Two or three growers take turns; each makes three moves, then the game ends.  A move plants a
tree (apple, pear or plum) on a free plot 1..30, prunes a kind of tree one has planted, or rests.
A planted tree scores 2, a pruning 1.  Planting on a taken plot is refused (rule "Plots").

Steps: ``("plant", "apple", "plot 12")``, ``("prune", "pear")``, ``("rest",)``; so the menu's
first level offers plant/prune/rest, the plant level three trees, and a tree's level up to 30
plots (two pages of 20).  Notation: ``plant apple 12``, ``prune pear``, ``rest``.

It is not registered here (the other tests list the registered games): ``orchard_cli.py`` starts
``gametable`` with it registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gametable.core.errors import IllegalAction, InvalidAction
from gametable.core.protocol import Action, Game, Outcome, State
from gametable.core.rng import Rng
from gametable.core.rules import RuleRef

TURNS = RuleRef("orchard", "Turns")
PLOTS = RuleRef("orchard", "Plots")
TREES = ("apple", "pear", "plum")
PLOT_COUNT = 30
MOVES_EACH = 3


@dataclass(frozen=True, slots=True)
class Plant(Action):
    tree: str
    plot: int
    kind = "plant"

    def __str__(self) -> str:
        return f"plant {self.tree} {self.plot}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tree": self.tree, "plot": self.plot}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("plant", self.tree, f"plot {self.plot}")


@dataclass(frozen=True, slots=True)
class Prune(Action):
    tree: str
    kind = "prune"

    def __str__(self) -> str:
        return f"prune {self.tree}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tree": self.tree}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("prune", self.tree)


@dataclass(frozen=True, slots=True)
class Rest(Action):
    kind = "rest"

    def __str__(self) -> str:
        return "rest"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @property
    def steps(self) -> tuple[str, ...]:
        return ("rest",)


class OrchardState(State):
    def __init__(self, game: OrchardGame, players: int, seed: int) -> None:
        self.game, self.players, self.options, self.seed = game, players, {}, seed
        self.rng = Rng(seed)
        self.ply = 0
        self.plots: dict[int, tuple[int, str]] = {}  # plot -> (grower, tree)
        self.prunings = [0] * players

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.ply >= MOVES_EACH * self.players else (self.ply % self.players,)

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move:
            return None
        return Outcome.from_scores(self.scores(), reason="Every grower has made three moves.")

    def scores(self) -> list[int]:
        out = [self.prunings[s] for s in range(self.players)]
        for grower, _tree in self.plots.values():
            out[grower] += 2
        return out

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if not self.to_move or seat not in (None, self.to_move[0]):
            return []
        me = self.to_move[0]
        free = [p for p in range(1, PLOT_COUNT + 1) if p not in self.plots]
        out: list[Action] = [Plant(t, p) for t in TREES for p in free]
        mine = {tree for grower, tree in self.plots.values() if grower == me}
        out += [Prune(t) for t in TREES if t in mine]
        return [*out, Rest()]

    def check_action(self, action: Action, seat: int) -> None:
        if isinstance(action, Plant) and action.plot in self.plots:
            raise IllegalAction(f"plot {action.plot} already has a tree", PLOTS)
        super().check_action(action, seat)

    def _apply(self, action: Action, seat: int) -> None:
        if isinstance(action, Plant):
            self.plots[action.plot] = (seat, action.tree)
        elif isinstance(action, Prune):
            self.prunings[seat] += 1

    def describe(self, action: Action, seat: int | None = None) -> str:
        if isinstance(action, Plant):
            return f"seat {seat} plants an {action.tree} tree on plot {action.plot}"
        return f"seat {seat} {action}s"

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "to_move": list(self.to_move),
            "plots": {str(p): f"{t} ({g})" for p, (g, t) in sorted(self.plots.items())},
            "scores": self.scores(),
        }

    def resample(self, seat: int | None, rng: Any) -> State:
        return self.clone()

    def clone(self) -> State:
        new = OrchardState(self.game, self.players, self.seed)
        new.ply, new.plots, new.prunings = self.ply, dict(self.plots), list(self.prunings)
        new.rng = self.rng.clone()
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "orchard",
            "version": 1,
            "players": self.players,
            "seed": self.seed,
            "ply": self.ply,
            "plots": {str(p): list(v) for p, v in self.plots.items()},
            "prunings": self.prunings,
        }

    def encode_action(self, action: Action) -> int:
        if isinstance(action, Plant):
            return TREES.index(action.tree) * PLOT_COUNT + action.plot - 1
        if isinstance(action, Prune):
            return 3 * PLOT_COUNT + TREES.index(action.tree)
        return 3 * PLOT_COUNT + 3

    def decode_action(self, code: int) -> Action:
        if code < 3 * PLOT_COUNT:
            return Plant(TREES[code // PLOT_COUNT], code % PLOT_COUNT + 1)
        if code < 3 * PLOT_COUNT + 3:
            return Prune(TREES[code - 3 * PLOT_COUNT])
        return Rest()


class OrchardGame(Game):
    name = "orchard"
    title = "Orchard"
    version = 1
    player_counts = (2, 3)
    turn_rule = TURNS
    end_rule = TURNS
    has_hidden_information = False
    action_types = (Plant, Prune, Rest)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return OrchardState(self, players, seed)

    def parse_action(self, state: State, text: str) -> Action:
        words = text.split()
        try:
            if words == ["rest"]:
                return Rest()
            if len(words) == 2 and words[0] == "prune" and words[1] in TREES:
                return Prune(words[1])
            if len(words) == 3 and words[0] == "plant" and words[1] in TREES:
                plot = int(words[2])
                if 1 <= plot <= PLOT_COUNT:
                    return Plant(words[1], plot)
        except ValueError:
            pass
        raise InvalidAction(f"{text!r} is not an Orchard move (plant apple 12, prune pear, rest)")

    def _action_from_json(self, state: State, cls: type[Action], data: Mapping[str, Any]) -> Action:
        raise InvalidAction("not needed by the terminal tests")

    def _state_from_json(self, data: dict[str, Any]) -> State:
        state = OrchardState(self, data["players"], data["seed"])
        state.ply, state.prunings = data["ply"], data["prunings"]
        state.plots = {int(p): (v[0], v[1]) for p, v in data["plots"].items()}
        return state

    def num_distinct_actions(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 3 * PLOT_COUNT + 4

    def max_game_length(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        return MOVES_EACH * players
