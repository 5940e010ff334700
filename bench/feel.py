"""What users feel: simulations and the bots' search, pure-Python engines beside compiled ones.

    .venv/bin/python bench/feel.py [--games 200] [--jobs 2] [--iterations 300] [--positions 6]
                                   [--repeat 3] [--game NAME ...]

Per game, two figures with each engine:

- ``simulate games/s``: ``gametable simulate`` as a user runs it (random bots, moves recorded,
  the heuristic evaluation sampled every 8 decisions, Parquet shards), ``--games`` games on
  ``--jobs`` worker processes (default: both cores), games per wall-clock second;
- ``ISMCTS iter/s``: the search of the ``hard`` bot's kind (``ISMCTSBot`` with its default
  settings: heuristic rollouts, learned leaf evaluation), iterations per CPU second over
  ``--positions`` positions of a random game, ``--iterations`` per search.

Each measurement runs in a fresh process whose environment picks the engine: ``GAMETABLE_PURE=1``
for pure Python, unset for the compiled engines (``gametable build-engines``; the run stops if
they are not built or are stale).  Pure and compiled take turns, the order alternating, for
``--repeat`` rounds; the table shows the medians, and the ratio compiled/pure is the median of
the per-round ratios.  The simulator's figures are wall-clock on both cores: other work on the
machine lowers both columns, so read the ratio, measured side by side, not the rates.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import gametable
import gametable.compiled
from bots import ismcts_rate  # bench/bots.py, beside this script
from gametable.simulate import RunConfig
from gametable.simulate.runner import simulate

ENGINES = {"pure": "1", "compiled": "0"}


def worker(what: list[str]) -> None:
    """``--worker simulate GAME GAMES JOBS`` or ``--worker ismcts GAME ITERATIONS POSITIONS``:
    print one JSON line with the engine and the rate."""
    kind, name = what[0], what[1]
    game = gametable.load_game(name)
    if kind == "simulate":
        games, jobs = int(what[2]), int(what[3])
        config = RunConfig.make(name, game.min_players, ("random",), seed=1)
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            summary = simulate(config, games, out, jobs=jobs)
            rate = summary.played / (time.perf_counter() - start)
    else:
        rate = ismcts_rate(name, game.min_players, {}, int(what[2]), int(what[3]))
    print(json.dumps({"engine": str(gametable.compiled.engine()), "rate": rate}))


def measure(what: list[str], engine: str) -> tuple[str, float]:
    """One measurement in a fresh process running ``engine``: (its engine line, the rate)."""
    run = subprocess.run(
        [sys.executable, __file__, "--worker", *what],
        env=dict(os.environ, GAMETABLE_PURE=ENGINES[engine]),
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent,
    )
    data = json.loads(run.stdout.strip().splitlines()[-1])
    return data["engine"], float(data["rate"])


def side_by_side(what: list[str], repeat: int) -> tuple[float, float, float, float, float]:
    """Pure and compiled, alternating: median rates, median ratio and its range."""
    rates: dict[str, list[float]] = {"pure": [], "compiled": []}
    for turn in range(repeat):
        order = ("pure", "compiled") if turn % 2 == 0 else ("compiled", "pure")
        for engine in order:
            line, rate = measure(what, engine)
            if engine == "compiled" and not line.startswith("compiled"):
                raise SystemExit(f"the compiled engines do not run: {line}")
            rates[engine].append(rate)
    ratios = [c / p for c, p in zip(rates["compiled"], rates["pure"], strict=True)]
    return (
        statistics.median(rates["pure"]),
        statistics.median(rates["compiled"]),
        statistics.median(ratios),
        min(ratios),
        max(ratios),
    )


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        worker(sys.argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per simulate run")
    parser.add_argument("--jobs", type=int, default=2, help="simulate's worker processes")
    parser.add_argument("--iterations", type=int, default=300, help="ISMCTS iterations a search")
    parser.add_argument("--positions", type=int, default=6, help="ISMCTS searches")
    parser.add_argument("--repeat", type=int, default=3, help="rounds of pure and compiled")
    parser.add_argument("--game", action="append", default=None, help="repeatable; default: all")
    args = parser.parse_args()
    names = args.game or gametable.game_names()
    print(
        f"simulate: {args.games} games on {args.jobs} processes (wall clock); ISMCTS: "
        f"{args.iterations} iterations x {args.positions} searches (CPU time); {args.repeat} "
        f"rounds, pure and compiled alternating, each in a fresh process; load average "
        f"{os.getloadavg()[0]:.1f} at the start"
    )
    print(
        f"{'game':<10} {'measure':<18} {'pure':>10} {'compiled':>10} {'compiled/pure':>14} [range]"
    )
    for name in names:
        jobs = [
            ("simulate games/s", ["simulate", name, str(args.games), str(args.jobs)]),
            ("ISMCTS iter/s", ["ismcts", name, str(args.iterations), str(args.positions)]),
        ]
        for label, what in jobs:
            pure, fast, ratio, low, high = side_by_side(what, args.repeat)
            print(
                f"{name:<10} {label:<18} {pure:>10,.1f} {fast:>10,.1f} {ratio:>13.2f}x "
                f"[{low:.2f}-{high:.2f}]",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
