"""Simulation throughput: games per second per game with random bots, on 1 core and on all cores.

    .venv/bin/python bench/simulate.py [--games 400] [--jobs N] [--players N]

Each game is played by ``gametable.simulate`` exactly as ``gametable simulate`` does (moves
recorded, heuristic evaluations sampled for drama and decisiveness, shards written as Parquet),
once with one job (in this process) and once with a process per core.  The scaling ratio is
all-cores speed over one-core speed; it is bounded by the number of cores and by whatever else
the machine is running.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import tempfile
import time

from rich.console import Console
from rich.table import Table

import gametable
from gametable.simulate import RunConfig
from gametable.simulate.backends import default_jobs
from gametable.simulate.runner import simulate


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def measure(config: RunConfig, games: int, jobs: int) -> tuple[float, float]:
    """Games per wall-clock second, and CPU milliseconds per game (all processes)."""
    with tempfile.TemporaryDirectory() as out:
        start, cpu = time.perf_counter(), _cpu()
        summary = simulate(config, games, out, jobs=jobs)
        elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    assert summary.played == games
    return games / elapsed, 1000 * cpu / games


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def machine_scaling(jobs: int, n: int = 5_000_000) -> float:
    """The same pure-Python CPU loop, ``jobs`` times in a row and then in ``jobs`` processes:
    the best scaling this machine gives right now, to read the simulation's ratio against."""
    start = time.perf_counter()
    for _ in range(jobs):
        _spin(n)
    sequential = time.perf_counter() - start
    with multiprocessing.Pool(jobs) as pool:
        start = time.perf_counter()
        pool.map(_spin, [n] * jobs)
        parallel = time.perf_counter() - start
    return sequential / parallel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per measurement")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="'all cores' job count")
    parser.add_argument("--players", type=int, default=None, help="default: each game's minimum")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    console = Console()
    console.print(
        f"{args.games} games per measurement, random bots; all cores = {args.jobs} jobs "
        f"(os.cpu_count() = {os.cpu_count()}, load average {os.getloadavg()[0]:.1f})"
    )
    table = Table(title="gametable simulate: games per second")
    columns = ("game", "players", "1 core", f"{args.jobs} jobs", "scaling", "CPU ms/game 1 | N")
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in gametable.game_names():
        game = gametable.load_game(name)
        players = args.players if args.players in game.player_counts else game.min_players
        config = RunConfig.make(name, players, ("random",), seed=args.seed)
        one, cpu_one = measure(config, args.games, 1)
        many, cpu_many = measure(config, args.games, args.jobs)
        table.add_row(
            name,
            str(players),
            f"{one:.1f}",
            f"{many:.1f}",
            f"{many / one:.2f}x",
            f"{cpu_one:.1f} | {cpu_many:.1f}",
        )
    console.print(table)
    console.print(
        f"reference: a pure CPU loop scales {machine_scaling(args.jobs):.2f}x on {args.jobs} "
        "processes on this machine right now"
    )
    console.print(
        "games/s are wall-clock; CPU ms/game counts every process, so when the machine is "
        "shared the CPU figures show the cost of a game and of spreading it over processes."
    )


if __name__ == "__main__":
    main()
