"""ISMCTS iterations per second on every game, beside OpenSpiel's Python MCTS on crazy_eights.

    .venv/bin/python bench/bots.py [--iterations 300] [--positions 6] [--players 2]

For each registered game the bot searches a few positions taken along a seeded random playout,
once with the game's default rollouts (heuristic rollouts up to a depth cap; Balam: none, the
leaves are evaluated) and once with full random rollouts, the setting closest to OpenSpiel's ``mcts.MCTSBot`` with a ``RandomRolloutEvaluator``
(one rollout per simulation, no solver), which runs in the same process on OpenSpiel's C++
``crazy_eights`` (2 players).  OpenSpiel is optional (``pip install open_spiel``, the ``bench``
extra); without it the comparison is skipped with a note.  Times are this process's CPU time
(``time.process_time``), so a busy shared machine skews them less than wall-clock would.

A second table times the bot at its *default budget* (the iterations tuned per game) on
positions met in a game between heuristic bots, the positions a real opponent leads to: mean and
slowest CPU seconds per move (the target: under 2 seconds a move).
"""

from __future__ import annotations

import argparse
import random
import time

import gametable
from gametable.bots.ismcts import ISMCTSBot


def positions(name: str, players: int, count: int, seed: int = 1) -> list[gametable.State]:
    """``count`` states spread along a random playout (states with a real choice)."""
    game = gametable.load_game(name)
    rng = random.Random(seed)
    for attempt in range(20):
        state = game.new_game(players, seed=seed + attempt)
        found: list[gametable.State] = []
        while not state.is_over and len(found) < count:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.15:
                found.append(state.clone())
            state.apply(rng.choice(legal), seat)
        if len(found) == count:
            return found
    return found


def ismcts_rate(name: str, players: int, spec: dict, iterations: int, count: int) -> float:
    total_iterations = 0
    elapsed = 0.0
    for i, state in enumerate(positions(name, players, count)):
        bot = ISMCTSBot(seed=i, iterations=iterations, **spec)
        seat = state.to_move[0]
        start = time.process_time()
        bot.act(state, seat)
        elapsed += time.process_time() - start
        total_iterations += bot.last_iterations
    return total_iterations / elapsed if elapsed else 0.0


def played_positions(name: str, players: int, count: int, seed: int = 1) -> list[gametable.State]:
    """``count`` states with a real choice, spread along a game between heuristic bots."""
    from gametable.bots import make_bot

    game = gametable.load_game(name)
    state = game.new_game(players, seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(players)]
    found: list[gametable.State] = []
    while not state.is_over:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            found.append(state.clone())
        state.apply(bots[seat].act(state, seat), seat)
    step = max(1, len(found) // count)
    return found[::step][:count]


def default_move_times(name: str, players: int, count: int) -> tuple[float, float, float]:
    """(iterations, mean CPU seconds, slowest CPU seconds) of a move at the default budget."""
    times = []
    iterations = 0
    for i, state in enumerate(played_positions(name, players, count)):
        bot = ISMCTSBot(seed=i)
        seat = state.to_move[0]
        start = time.process_time()
        bot.act(state, seat)
        times.append(time.process_time() - start)
        iterations = max(iterations, bot.last_iterations)
    return iterations, sum(times) / len(times), max(times)


def openspiel_rate(iterations: int, count: int) -> float | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(1)
    states = []
    state = game.new_initial_state()
    while not state.is_terminal() and len(states) < count:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            states.append(state.clone())
        state.apply_action(rng.choice(legal))
    elapsed = 0.0
    for i, s in enumerate(states):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        bot = mcts.MCTSBot(
            game, 1.4, iterations, evaluator, solve=False, random_state=np.random.RandomState(i)
        )
        start = time.process_time()
        bot.step(s)
        elapsed += time.process_time() - start
    return iterations * len(states) / elapsed if elapsed else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search")
    parser.add_argument("--positions", type=int, default=6, help="positions per game")
    parser.add_argument("--players", type=int, default=2, help="players (games that allow it)")
    args = parser.parse_args()

    reference = openspiel_rate(args.iterations, args.positions)
    if reference is None:
        print(
            "OpenSpiel is not installed (pip install open_spiel, or the 'bench' extra): "
            "no reference figure, ISMCTS rates only."
        )
    else:
        print(
            f"OpenSpiel mcts.MCTSBot, crazy_eights (2 players, C++ game, Python search, "
            f"random rollouts): {reference:,.0f} iterations/s of CPU"
        )
    print(f"{'game':<11} {'setting':<42} {'iter/s':>9} {'vs OpenSpiel':>13}")
    settings = (
        ("defaults (game rollout policy, depth cap)", {}),
        ("random rollouts to the end", {"rollout": "random", "depth": 0}),
    )
    for name in gametable.game_names():
        game = gametable.load_game(name)
        players = args.players if args.players in game.player_counts else game.min_players
        for label, spec in settings:
            rate = ismcts_rate(name, players, spec, args.iterations, args.positions)
            ratio = f"{rate / reference:.2f}x" if reference else "-"
            print(f"{name:<11} {label:<42} {rate:>9,.0f} {ratio:>13}")

    print()
    print("default budget, positions of a heuristic-vs-heuristic game (CPU seconds per move)")
    print(f"{'game':<11} {'iterations':>10} {'positions':>10} {'mean s':>8} {'slowest s':>10}")
    for name in gametable.game_names():
        game = gametable.load_game(name)
        players = args.players if args.players in game.player_counts else game.min_players
        count = 4 * args.positions
        iterations, mean, slowest = default_move_times(name, players, count)
        print(f"{name:<11} {iterations:>10} {count:>10} {mean:>8.2f} {slowest:>10.2f}")


if __name__ == "__main__":
    main()
