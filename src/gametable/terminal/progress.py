"""Progress of long work (many games): a Rich bar with the time left at a terminal, and a plain
line every few seconds when the output goes to a pipe or a file, so a log shows that work goes on.

It writes to standard error, so the results on standard output stay clean to pipe on.

>>> import io
>>> from rich.console import Console
>>> out = io.StringIO()
>>> ticks = iter([0.0, 4.0, 12.0, 13.0, 30.0])
>>> with progress("arena", 4, console=Console(file=out), clock=lambda: next(ticks)) as advance:
...     for _ in range(4):
...         advance(1)
>>> print(out.getvalue(), end="")
arena: 0/4 games
arena: 2/4 games in 12 s, about 12 s left
arena: 4/4 games in 30 s
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column

#: seconds between two plain progress lines
INTERVAL = 10.0


def duration(seconds: float) -> str:
    """``"42 s"``, ``"3 min 5 s"``, ``"1 h 2 min"``.

    >>> duration(3.4), duration(185), duration(3720)
    ('3 s', '3 min 5 s', '1 h 2 min')
    """
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s" if s % 60 else f"{s // 60} min"
    return f"{s // 3600} h {s % 3600 // 60} min"


class PlainProgress:
    """Progress as lines of text: at the start, then at most every ``interval`` seconds, and at
    the end.  ``done`` pieces may be done already (a resumed run); the time left is estimated
    from the pace of this run."""

    def __init__(
        self,
        console: Console,
        description: str,
        total: int,
        unit: str = "games",
        interval: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
        done: int = 0,
    ) -> None:
        self.console, self.description, self.total, self.unit = console, description, total, unit
        self.interval, self.clock = interval, clock
        self.done = self.first = done
        self.begun = clock()
        self.said = self.begun
        self.console.print(
            f"{description}: {done}/{total} {unit}", highlight=False, markup=False, soft_wrap=True
        )

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = self.clock()
        if self.done < self.total and now - self.said < self.interval:
            return
        self.said = now
        spent = now - self.begun
        line = f"{self.description}: {self.done}/{self.total} {self.unit} in {duration(spent)}"
        if self.first < self.done < self.total:
            pace = spent / (self.done - self.first)
            line += f", about {duration(pace * (self.total - self.done))} left"
        self.console.print(line, highlight=False, markup=False, soft_wrap=True)


@contextmanager
def progress(
    description: str,
    total: int,
    *,
    unit: str = "games",
    console: Console | None = None,
    interval: float = INTERVAL,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[Callable[[int], None]]:
    """Report the progress of ``total`` pieces of work; yields ``advance(n)``.

    At a terminal: a bar with done/total, time spent and time left.  Elsewhere: plain lines.
    """
    console = console or Console(stderr=True)
    if not console.is_terminal:
        yield PlainProgress(console, description, total, unit, interval, clock).advance
        return
    with Progress(
        TextColumn(
            "[progress.description]{task.description}",
            table_column=Column(no_wrap=True, overflow="ellipsis", max_width=32),
        ),
        BarColumn(bar_width=16),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TextColumn("spent,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)

        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance


__all__ = ["INTERVAL", "PlainProgress", "duration", "progress"]
