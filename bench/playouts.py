"""The cost of the rules of thumb played on (Balam's ``hard``), and whether two trees choose alike.

    nice -n 10 .venv/bin/python bench/playouts.py [--spec rollouts:plies=600,least=2]
        [--game balam] [--seeds 1,2] [--every 3] [--games 1,2,3]
        [--src TREE --src TREE ...] [--repeat 3]

One measurement: play the heuristic games of ``--seeds`` at 2 players and, at every ``every``-th
decision with a choice that the game does not call routine (as ``bench/decisions.py``), let the
bot ``--spec`` decide (a fresh bot seeded 1 for each decision, so every decision is timed on the
same footing); then play whole games between heuristic bots (``--games``: their seeds, the bots
seeded by the game's seed and the seat).  It prints the CPU seconds of the decisions
(``time.process_time``), the playout plies they played, the CPU milliseconds a ply, the CPU
seconds of the heuristic games, and an md5 of every choice made (the bot's and the heuristic
games' moves): two trees that print the same digests made the same choices.

With ``--src`` (two or more source trees, each a folder holding the ``gametable`` package, e.g.
``src`` or ``/tmp/gt-base/src``), each measurement runs in a subprocess importing that tree, the
trees taking turns (the order rotating each repeat) ``--repeat`` times; then a table of the
median CPU figures of each tree and their ratios to the first tree's, the per-repeat ratios'
range, and whether the digests agree.  Taking turns on one machine in one run makes the ratios
fair even when the machine is loaded; the absolute figures are not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path


def measure(args: argparse.Namespace) -> dict[str, object]:
    from decisions import heuristic_decisions  # bench/decisions.py, beside this script

    import gametable
    from gametable.bots import make_bot
    from gametable.bots.base import SeatState
    from gametable.bots.heuristics import heuristic_for

    game = gametable.load_game(args.game)
    heuristic = heuristic_for(args.game)
    seeds = [int(s) for s in args.seeds.split(",")]
    decisions = [
        (state.clone(), seat)
        for _seed, state, seat in heuristic_decisions(args.game, seeds, args.every)
    ]
    digest = hashlib.md5()
    plies = 0
    start = time.process_time()
    for state, seat in decisions:
        bot = make_bot(args.spec, seed=1)
        digest.update(str(bot.act(state, seat)).encode())
        plies += getattr(bot, "last_plies", 0)
    bot_seconds = time.process_time() - start
    games = hashlib.md5()
    moves = 0
    start = time.process_time()
    for seed in (int(s) for s in args.games.split(",")):
        state = game.new_game(2, seed=seed)
        rngs = [random.Random(seed * 10 + s) for s in range(2)]
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            action = (
                legal[0]
                if len(legal) == 1
                else heuristic.policy(SeatState(state, seat), rngs[seat])
            )
            games.update(str(action).encode())
            state.apply(action, seat)
            moves += 1
    game_seconds = time.process_time() - start
    return {
        "tree": str(Path(gametable.__file__).resolve().parent.parent),
        "decisions": len(decisions),
        "bot_seconds": bot_seconds,
        "plies": plies,
        "ms_per_ply": 1000 * bot_seconds / max(1, plies),
        "bot_digest": digest.hexdigest(),
        "game_moves": moves,
        "game_seconds": game_seconds,
        "game_digest": games.hexdigest(),
    }


def compare(args: argparse.Namespace) -> None:
    trees = [str(Path(t).resolve()) for t in args.src]
    runs: dict[str, list[dict[str, object]]] = {t: [] for t in trees}
    # the child gets every option but the trees
    child: list[str] = []
    skip = False
    for a in sys.argv[1:]:
        if skip:
            skip = False
            continue
        if a == "--src":
            skip = True
            continue
        if a.startswith("--src="):
            continue
        child.append(a)
    for r in range(args.repeat):
        order = trees[r % len(trees) :] + trees[: r % len(trees)]
        for tree in order:
            env = dict(os.environ, PYTHONPATH=tree)
            out = subprocess.run(
                [sys.executable, __file__, *child, "--json"],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            if result["tree"] != tree:
                raise SystemExit(f"{tree}: the child imported gametable from {result['tree']}")
            runs[tree].append(result)
            print(
                f"repeat {r} {tree}: bot {result['bot_seconds']:.2f} s, "
                f"{result['ms_per_ply']:.4f} ms/ply; games {result['game_seconds']:.2f} s",
                flush=True,
            )
    first = runs[trees[0]]
    print(
        f"\n{args.spec} on {args.game}, {first[0]['decisions']} decisions "
        f"(seeds {args.seeds}, every {args.every}), {first[0]['plies']} plies in the first tree; "
        f"heuristic games {args.games} ({first[0]['game_moves']} moves); "
        f"{args.repeat} repeats, medians (speed-up: the first tree's CPU over this one's, median "
        "[range] over the repeats)"
    )
    print(
        "| Tree | Bot CPU s | ms/ply | Speed-up | Heuristic games CPU s | Speed-up | Same choices |"
    )
    print("|---|---|---|---|---|---|---|")
    for tree in trees:
        mine = runs[tree]
        bot = [float(m["bot_seconds"]) for m in mine]  # type: ignore[arg-type]
        ply = [float(m["ms_per_ply"]) for m in mine]  # type: ignore[arg-type]
        games = [float(m["game_seconds"]) for m in mine]  # type: ignore[arg-type]
        bot_speed = [float(f["bot_seconds"]) / b for f, b in zip(first, bot, strict=True)]  # type: ignore[arg-type]
        game_speed = [float(f["game_seconds"]) / g for f, g in zip(first, games, strict=True)]  # type: ignore[arg-type]
        same = all(
            m["bot_digest"] == first[0]["bot_digest"]
            and m["game_digest"] == first[0]["game_digest"]
            and m["plies"] == first[0]["plies"]
            for m in mine
        )
        print(
            f"| {tree} | {statistics.median(bot):.2f} | {statistics.median(ply):.4f} "
            f"| {statistics.median(bot_speed):.2f}x [{min(bot_speed):.2f}, {max(bot_speed):.2f}] "
            f"| {statistics.median(games):.2f} "
            f"| {statistics.median(game_speed):.2f}x [{min(game_speed):.2f}, "
            f"{max(game_speed):.2f}] | {'yes' if same else 'NO'} |"
        )
    for tree in trees:
        print(f"{tree}: bot {runs[tree][0]['bot_digest']} games {runs[tree][0]['game_digest']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="rollouts:plies=600,least=2")
    parser.add_argument("--game", default="balam")
    parser.add_argument("--seeds", default="1,2", help="the seeds of the games decided in")
    parser.add_argument("--every", type=int, default=3, help="decide every N-th decision")
    parser.add_argument("--games", default="1,2,3", help="seeds of heuristic-only games")
    parser.add_argument("--src", action="append", default=[], help="a source tree to compare")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="one measurement, as JSON")
    args = parser.parse_args()
    if args.src:
        if len(args.src) < 2:
            parser.error("--src needs two trees or more")
        compare(args)
        return
    result = measure(args)
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
