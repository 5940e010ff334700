"""Side by side: this tree's compiled engines against those of another source tree, built.

``bench/ab.py`` compares pure-Python engines in one process; compiled engines cannot share a
process (their modules have the same names), so this runs ``bench/engines.py``'s fair loop in
two worker processes, one importing this tree and one importing ``--base-src`` (through
``PYTHONPATH``), taking turns in slices of CPU time, and prints the ratio tree/base of each
measurement's decisions per CPU second (median and range)::

    git archive main src | tar -x -C /tmp/base           # the tree to compare with
    PYTHONPATH=/tmp/base/src .venv/bin/gametable build-engines
    .venv/bin/python bench/ab_compiled.py --base-src /tmp/base/src --game balam

Both sides must have a build matching their sources (each worker says which engine it runs and
stops if it is not the compiled one).
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

import engines  # bench/engines.py, beside this script


def worker(game: str, players: int, src: str | None) -> engines.WorkerRunner:
    """A compiled worker over ``src`` (``None``: this tree)."""
    saved = os.environ.get("PYTHONPATH")
    if src is not None:
        os.environ["PYTHONPATH"] = src
    try:
        return engines.WorkerRunner(["gametable", game, str(players), "apply"], "compiled")
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-src", type=Path, required=True, help="the other tree's src")
    parser.add_argument("--game", default="balam")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--slice", type=float, default=0.25)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("game       p  base dec/s  tree dec/s  tree/base [range]")
    for players in args.players or [2, 4]:
        runners = [worker(args.game, players, str(args.base_src)), worker(args.game, players, None)]
        try:
            runs = engines.measure(runners, args.seconds, args.slice, args.repeat)
        finally:
            for runner in runners:
                runner.close()
        ratios = [tree.rate / base.rate for base, tree in runs]
        base_rate = statistics.median(base.rate for base, _ in runs)
        tree_rate = statistics.median(tree.rate for _, tree in runs)
        print(
            f"{args.game:<10} {players}  {base_rate:>10,.0f}  {tree_rate:>10,.0f}  "
            f"{statistics.median(ratios):.3f}x [{min(ratios):.3f}-{max(ratios):.3f}]",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
