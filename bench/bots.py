"""ISMCTS iterations per second on every game, beside OpenSpiel's Python MCTS on the reference games.

    .venv/bin/python bench/bots.py [--iterations 300] [--positions 6] [--players 2]
        [--tables 1,2,3] [--spec ismcts]

Times are this process's CPU time (``time.process_time``), so a busy shared machine skews them
less than wall-clock would.  Three tables, in this order:

1. **Like for like.**  ISMCTS with the same rollout policy as OpenSpiel's ``mcts.MCTSBot`` with a
   ``RandomRolloutEvaluator`` (one uniformly random rollout to the end of the game per
   iteration, no solver) and the same budget (``--iterations`` per search, ``--players``
   players), without the anchor on the heuristic's move, beside OpenSpiel's bot on the
   reference game of ``bench/engines.py`` (crazy_eights for Balzakken, maedn for Keezbord and
   Balam; measured afresh beside each game), on a few positions of a seeded random playout of
   each.  Only these rows carry a ratio.  What still differs: ISMCTS draws a determinisation
   (``resample``) every iteration, which OpenSpiel's MCTS on the true state does not need;
   Balam keeps its progressive widening (the heuristic ranks a node's moves once); and a
   rollout costs what a game lasts, which differs from game to game.
2. **Not like for like: the defaults.**  ISMCTS as the bots play (the game's rollout policy cut
   at a depth cap, Balam none: the leaf is evaluated; the heuristic's anchor), same iterations
   and positions.  OpenSpiel has no counterpart, so these rows have no ratio: they must not be
   read against table 1's OpenSpiel figures.
3. **Default budget.**  The bot at its tuned iterations on positions of a game between
   heuristic bots, the positions a real opponent leads to: mean, 90th percentile and slowest
   CPU seconds per move (the target: under 2 seconds a move; ``--spec hard``: the ``hard``
   level, whose target is half a second).  ``--tables 3`` prints this table alone.

OpenSpiel is optional (the ``bench`` extra); without it table 1 prints ISMCTS alone with a note.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from engines import REFERENCES  # bench/engines.py, beside this script

import gametable
from gametable.bots import HardBot, make_bot
from gametable.bots.ismcts import ISMCTSBot

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:  # the reference is optional: ISMCTS figures still print
    pyspiel = None

LIKE_FOR_LIKE = {"rollout": "random", "depth": 0, "anchor": 0}


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


def default_move_times(
    name: str, players: int, count: int, spec: str = "ismcts"
) -> tuple[int, float, float, float]:
    """(most iterations, mean, 90th percentile and slowest CPU seconds) of a move of the bot
    ``spec`` (``ismcts`` at the default budget, ``hard``, ``rollouts``, ...; for a bot that
    plays out rather than iterates, the most playout plies a move used)."""
    times = []
    iterations = 0
    for i, state in enumerate(played_positions(name, players, count)):
        bot = make_bot(spec, seed=i)
        seat = state.to_move[0]
        start = time.process_time()
        bot.act(state, seat)
        times.append(time.process_time() - start)
        iterations = max(iterations, getattr(bot, "last_iterations", 0))
        improver = bot.improver if isinstance(bot, HardBot) else bot
        iterations = max(iterations, getattr(improver, "last_plies", 0))
    times.sort()
    return iterations, sum(times) / len(times), times[int(0.9 * (len(times) - 1))], times[-1]


def openspiel_rate(ref: str, players: int, iterations: int, count: int) -> float:
    """Iterations/s of OpenSpiel's ``mcts.MCTSBot`` (random rollouts to the end) on ``count``
    positions with a real choice along a seeded random playout of ``ref``."""
    game = pyspiel.load_game(ref, {"players": players})
    rng = random.Random(1)
    states: list[Any] = []  # pyspiel.State (OpenSpiel has no type stubs)
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


def players_for(game: gametable.Game, wanted: int) -> int:
    return wanted if wanted in game.player_counts else game.min_players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search")
    parser.add_argument("--positions", type=int, default=6, help="positions per game")
    parser.add_argument("--players", type=int, default=2, help="players (games that allow it)")
    parser.add_argument(
        "--tables", default="1,2,3", help="which tables to print (e.g. 3: the budget alone)"
    )
    parser.add_argument(
        "--spec", default="ismcts", help="the searching bot of table 3 (ismcts, hard, ...)"
    )
    parser.add_argument("--game", default=None, help="one game only (default: every game)")
    args = parser.parse_args()
    names = gametable.game_names() if args.game is None else [args.game]
    tables = {int(t) for t in args.tables.split(",")}
    if 1 in tables:
        like_for_like(names, args)
    if 2 in tables:
        defaults(names, args)
    if 3 in tables:
        budget(names, args)


def like_for_like(names: list[str], args: argparse.Namespace) -> None:
    print(
        f"1. like for like: random rollouts to the end, 1 per iteration, {args.iterations} "
        f"iterations per search, {args.positions} positions (CPU time)"
    )
    if pyspiel is None:
        print("   OpenSpiel is not installed (pip install -e '.[bench]'): ISMCTS rates only")
    print(
        f"{'game':<11}{'p':>2}  {'ISMCTS iter/s':>13}  {'OpenSpiel MCTS on':<20}{'iter/s':>8}  ratio"
    )
    for name in names:
        players = players_for(gametable.load_game(name), args.players)
        rate = ismcts_rate(name, players, LIKE_FOR_LIKE, args.iterations, args.positions)
        line = f"{name:<11}{players:>2}  {rate:>13,.0f}  "
        ref = REFERENCES[name].game if name in REFERENCES else None
        if pyspiel is not None and ref is not None:
            reference = openspiel_rate(ref, players, args.iterations, args.positions)
            line += f"{ref:<20}{reference:>8,.0f}  {rate / reference:.2f}x"
        print(line, flush=True)
    print()


def defaults(names: list[str], args: argparse.Namespace) -> None:
    print(
        "2. not like for like (no OpenSpiel counterpart, no ratio): ISMCTS defaults, the game's "
        "rollout policy cut at a depth cap (Balam: none, leaf evaluated), heuristic anchor"
    )
    print(f"{'game':<11}{'p':>2}  {'ISMCTS iter/s':>13}")
    for name in names:
        players = players_for(gametable.load_game(name), args.players)
        rate = ismcts_rate(name, players, {}, args.iterations, args.positions)
        print(f"{name:<11}{players:>2}  {rate:>13,.0f}", flush=True)
    print()


def budget(names: list[str], args: argparse.Namespace) -> None:
    print(
        f"3. {args.spec} at its budget, positions of a heuristic-vs-heuristic game "
        "(CPU seconds per move; iterations: the most a move used)"
    )
    print(
        f"{'game':<11}{'p':>2} {'iterations':>10} {'positions':>10} {'mean s':>8} "
        f"{'90% s':>8} {'slowest s':>10}"
    )
    for name in names:
        players = players_for(gametable.load_game(name), args.players)
        count = 4 * args.positions
        iterations, mean, p90, slowest = default_move_times(name, players, count, args.spec)
        print(
            f"{name:<11}{players:>2} {iterations:>10} {count:>10} {mean:>8.2f} {p90:>8.2f} "
            f"{slowest:>10.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
