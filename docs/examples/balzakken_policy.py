"""Learn a Balzakken policy from self-play data with the observation tensor, and play it
against random players.

    python docs/examples/balzakken_policy.py --games 300 --eval 1000 --players 2 --blind

The method is one step of policy iteration, fitted by least squares (numpy only):

1. **Self-play.** Random players play ``games`` games.  Every decision is kept as the actor's
   observation tensor (``features.layout(...).encode(view)``), the action's integer code
   (``state.encode_action``) and what the round cost the actor: the points it wrote down when
   the round was scored, less the mean of the other seats' points (lower is better).
2. **Fit.** For every action code, a ridge regression from the (standardised) tensor to that
   cost: an estimate of what playing the action here costs when random play follows.
3. **Play.** The policy picks the legal action with the lowest estimated cost.

The policy sees only the seat's view (through the tensor), like any bot.  ``evaluate`` seats it
against random players, alternating its seat, and counts the games it wins outright.  With
``--blind`` the same policy with its tensor weights set to zero plays the same games too: an
action prior that sees nothing, which shows what the tensor adds (against random players a good
prior alone wins often: random players call BALZAK! with any hand).
"""

from __future__ import annotations

import argparse
import copy
import random
from dataclasses import dataclass

import numpy as np

import gametable
from gametable.adapters import features
from gametable.adapters.features import Layout
from gametable.core.protocol import State

GAME = gametable.load_game("balzakken")


@dataclass
class Samples:
    """Decisions seen in self-play: tensors, action codes and the cost of each to its actor."""

    tensors: list[np.ndarray]
    actions: list[int]
    costs: list[float]


def round_costs(state: State) -> list[float]:
    """Per seat: its points in the round just scored, less the mean of the others' points."""
    points = state.view(None)["rounds"][-1]["points"]
    total, others = sum(points), len(points) - 1
    return [p - (total - p) / others for p in points]


def self_play(games: int, players: int, seed: int) -> Samples:
    """Random players play ``games`` games; every decision with its tensor and its cost."""
    layout = features.layout(GAME, players)
    rng = random.Random(seed)
    out = Samples([], [], [])
    for g in range(games):
        state = GAME.new_game(players, seed=seed * 100_003 + g)
        pending: list[tuple[np.ndarray, int, int]] = []  # this round's decisions
        scored = 0
        while not state.is_over:
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            pending.append((layout.encode(state.view(seat)), state.encode_action(action), seat))
            state.apply_unchecked(action, seat)
            rounds = len(state.view(None)["rounds"])
            if rounds > scored:  # the round was scored: its decisions get their cost
                scored, costs = rounds, round_costs(state)
                for tensor, code, actor in pending:
                    out.tensors.append(tensor)
                    out.actions.append(code)
                    out.costs.append(costs[actor])
                pending = []
    return out


class LinearPolicy:
    """Per action, a linear estimate of its cost from the tensor; plays the cheapest legal one."""

    def __init__(self, layout: Layout, samples: Samples, ridge: float = 10.0) -> None:
        x = np.stack(samples.tensors).astype(np.float64)
        self.layout = layout
        self.mean = x.mean(axis=0)
        self.scale = np.where(x.std(axis=0) > 0, x.std(axis=0), 1.0)
        z = self.standardise(x)
        y = np.asarray(samples.costs)
        self.baseline = float(y.mean())
        actions = np.asarray(samples.actions)
        n_actions = GAME.num_distinct_actions(layout.players)
        self.weights = np.zeros((n_actions, z.shape[1]))
        self.bias = np.full(n_actions, self.baseline)
        for a in np.unique(actions):
            rows = actions == a
            self.bias[a], self.weights[a] = fit_ridge(z[rows], y[rows] - self.baseline, ridge)
            self.bias[a] += self.baseline

    def blind(self) -> LinearPolicy:
        """The same policy with the tensor's weights set to zero: an action prior only."""
        other = copy.copy(self)
        other.weights = np.zeros_like(self.weights)
        return other

    def standardise(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / self.scale

    def costs(self, tensor: np.ndarray, codes: list[int]) -> np.ndarray:
        z = self.standardise(tensor.astype(np.float64))
        return self.bias[codes] + self.weights[codes] @ z

    def choose(self, state: State, seat: int) -> object:
        legal = state.legal_actions(seat)
        codes = [state.encode_action(a) for a in legal]
        tensor = self.layout.encode(state.view(seat))
        return legal[int(np.argmin(self.costs(tensor, codes)))]


def fit_ridge(z: np.ndarray, y: np.ndarray, ridge: float) -> tuple[float, np.ndarray]:
    """Least squares ``y ~ b + z @ w`` with ``ridge * |w|^2`` added (``b`` shrunk the same way)."""
    n, d = z.shape
    design = np.hstack([np.ones((n, 1)), z])
    gram = design.T @ design + ridge * np.eye(d + 1)
    solution = np.linalg.solve(gram, design.T @ y)
    return float(solution[0]), solution[1:]


def train(games: int, players: int, seed: int = 0) -> LinearPolicy:
    return LinearPolicy(features.layout(GAME, players), self_play(games, players, seed))


def evaluate(policy: LinearPolicy, games: int, players: int, seed: int = 1) -> tuple[int, int]:
    """(games the policy won outright, games played) against ``players - 1`` random players;
    the policy sits at seat ``g % players`` in game ``g``."""
    rng = random.Random(seed)
    wins = 0
    for g in range(games):
        state = GAME.new_game(players, seed=seed * 100_003 + g)
        mine = g % players
        while not state.is_over:
            seat = state.to_move[0]
            if seat == mine:
                action = policy.choose(state, seat)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply_unchecked(action, seat)
        assert state.outcome is not None
        wins += state.outcome.winners == (mine,)
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games to learn from")
    parser.add_argument("--eval", type=int, default=1000, help="games against random players")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--blind", action="store_true", help="also play the action prior alone")
    args = parser.parse_args()
    policy = train(args.games, args.players, args.seed)
    wins, games = evaluate(policy, args.eval, args.players, args.seed + 1)
    print(
        f"{args.players} players: the policy won {wins} of {games} games outright "
        f"({wins / games:.1%}; a random player wins about {1 / args.players:.0%})"
    )
    if args.blind:
        wins, games = evaluate(policy.blind(), args.eval, args.players, args.seed + 1)
        print(f"  without the tensor (action prior only): {wins} of {games} ({wins / games:.1%})")


if __name__ == "__main__":
    main()
