"""Random playouts of full games: gametable's engines beside OpenSpiel's C++ games, in one run.

Each engine is driven by the same kind of Python loop (pick a uniformly random legal action,
apply it; OpenSpiel's chance nodes are sampled in the loop and not counted as decisions).  The
figures are decisions per second and games per second, and the ratio to the OpenSpiel reference:

    balzakken  vs crazy_eights   (floor 0.2x)
    keezbord   vs maedn          (floor 0.1x)
    balam      vs maedn          (floor 0.03x)

Usage: python bench/engines.py [--seconds S] [--players N] [--game NAME ...]
OpenSpiel comes from the ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import random
import time

import gametable

REFERENCE = {
    "balzakken": ("crazy_eights", 0.2),
    "keezbord": ("maedn", 0.1),
    "balam": ("maedn", 0.03),
}


def run_gametable(name: str, players: int, seconds: float) -> tuple[float, float, float]:
    game = gametable.load_game(name)
    rng = random.Random(0)
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, seed=seed)
        seed += 1
        while state.to_move:
            seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, decisions / max(games, 1)


def run_openspiel(name: str, players: int, seconds: float) -> tuple[float, float, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, {"players": players})
    rng = random.Random(0)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, decisions / max(games, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--players", type=int, default=None, help="default: each game's smallest count"
    )
    parser.add_argument("--game", action="append", default=None)
    args = parser.parse_args()
    names = args.game or [n for n in gametable.game_names() if n in REFERENCE]
    print(
        f"{'engine':<26}{'decisions/s':>14}{'games/s':>10}{'decisions/game':>16}{'ratio':>8}{'floor':>7}"
    )
    references: dict[str, tuple[float, float, float] | None] = {}
    for name in names:
        game = gametable.load_game(name)
        players = args.players or game.min_players
        ref_name, floor = REFERENCE.get(name, ("crazy_eights", 0.0))
        key = f"{ref_name} ({players}p)"
        if key not in references:
            references[key] = run_openspiel(ref_name, players, args.seconds)
            ref = references[key]
            if ref is None:
                print(
                    f"{'openspiel ' + key:<26}  (open_spiel not installed: pip install -e '.[bench]')"
                )
            else:
                print(f"{'openspiel ' + key:<26}{ref[0]:>14,.0f}{ref[1]:>10,.1f}{ref[2]:>16,.1f}")
        ours = run_gametable(name, players, args.seconds)
        ref = references[key]
        ratio = f"{ours[0] / ref[0]:.3f}x" if ref else "n/a"
        label = f"gametable {name} ({players}p)"
        print(
            f"{label:<26}{ours[0]:>14,.0f}{ours[1]:>10,.1f}{ours[2]:>16,.1f}{ratio:>8}{floor:>6}x"
        )


if __name__ == "__main__":
    main()
