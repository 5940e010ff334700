"""Running a batch: pick the games still to play, hand chunks to a backend, write shards.

>>> import shutil, tempfile
>>> config = RunConfig.make("balzakken", 3, seed=1)
>>> out = tempfile.mkdtemp()
>>> simulate(config, 4, out, jobs=1).played
4
>>> simulate(config, 4, out, jobs=1).played   # everything is already there
0
>>> [row["game_index"] for row in load_results(out)]
[0, 1, 2, 3]
>>> shutil.rmtree(out)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from gametable.simulate.backends import Backend, LocalBackend, default_jobs
from gametable.simulate.play import RunConfig
from gametable.simulate.store import RunStore
from gametable.terminal.progress import PlainProgress


@dataclass(frozen=True)
class RunSummary:
    total: int
    skipped: int
    played: int
    interrupted: bool = False


def chunk_size(games: int, jobs: int) -> int:
    """Enough chunks to keep every job busy and a stop cheap, few enough to keep files few."""
    return max(1, min(100, math.ceil(games / (32 * max(1, jobs)))))


def simulate(
    config: RunConfig,
    games: int,
    out: str | Path,
    *,
    fmt: str = "parquet",
    jobs: int | None = None,
    backend: Backend | None = None,
    chunk: int | None = None,
    progress: bool = False,
    on_shard: Callable[[int, int], None] | None = None,
) -> RunSummary:
    """Play games ``0..games-1`` of ``config`` into ``out``, skipping those already written.

    ``backend`` defaults to local processes (``jobs`` of them, default: every core).  Ctrl-C
    stops the run and keeps every shard written so far; the summary says it was interrupted.
    ``on_shard(start, stop)`` is called after each shard is written.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    store = RunStore(out)
    store.open(config, fmt, games)
    jobs = jobs or default_jobs()
    chunks = store.todo(games, chunk or chunk_size(games, jobs))
    remaining = sum(b - a for a, b in chunks)
    skipped = games - remaining
    backend = backend or LocalBackend(jobs)
    played = 0
    bar = _Bar(config, games, skipped) if progress else None
    results = backend.run(config, chunks)
    try:
        for start, stop, rows in results:
            store.write_shard(start, stop, rows, fmt)
            played += stop - start
            if bar is not None:
                bar.advance(stop - start)
            if on_shard is not None:
                on_shard(start, stop)
    except KeyboardInterrupt:
        return RunSummary(games, skipped, played, interrupted=True)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        if bar is not None:
            bar.stop()
    return RunSummary(games, skipped, played)


def load_results(out: str | Path) -> list[dict[str, Any]]:
    """Every row written in the run directory ``out``, by game index."""
    store = RunStore(out)
    if not store.exists():
        raise FileNotFoundError(f"{out} is not a simulation run (no run.json)")
    return store.read_rows()


class _Bar:
    """A Rich progress bar: games done of the total, games per second and time left (plain
    lines every few seconds when the output is not a terminal)."""

    def __init__(self, config: RunConfig, total: int, done: int) -> None:
        label = f"{config.game} {config.players}p"
        console = Console()
        self.plain = (
            None if console.is_terminal else PlainProgress(console, label, total, done=done)
        )
        if self.plain is not None:
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
        )
        self.task = self.progress.add_task(label, total=total, completed=done, rate="")
        self.progress.start()

    def advance(self, n: int) -> None:
        if self.plain is not None:
            self.plain.advance(n)
            return
        self.progress.advance(self.task, n)
        speed = self.progress.tasks[self.task].speed
        if speed:
            self.progress.update(self.task, rate=f"{speed:7.1f} games/s")

    def stop(self) -> None:
        if self.plain is None:
            self.progress.stop()
