"""What the server's background work costs, kept for a while so that a benchmark can line latency
spikes up with it: the group commits, SQLite's WAL checkpoints, the garbage collector's pauses and
the minute sweep.

Each kind of event keeps its last :data:`KEPT` occurrences as ``(end, seconds, count)``
(``end``: ``time.monotonic()`` when it ended; ``count``: what it carried, e.g. the writes of a
commit or the generation of a collection).  :func:`summary` sums the events that ended after a
given moment; ``GET /api/timings?since=T`` serves it (``bench/capacity.py`` reads it every 5 s).
Recording is a ``deque.append`` (thread-safe), so the commit threads record their own events.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from typing import Any

#: events kept per kind (a busy server makes about 200 commits a second)
KEPT = 8192

#: kind -> its last events: (end, seconds, count)
events: dict[str, deque[tuple[float, float, int]]] = {}


def record(kind: str, seconds: float, count: int = 1, end: float | None = None) -> None:
    """Note one event of ``kind`` that took ``seconds`` and ended at ``end`` (default: now)."""
    kept = events.get(kind)
    if kept is None:
        kept = events.setdefault(kind, deque(maxlen=KEPT))
    kept.append((time.monotonic() if end is None else end, seconds, count))


def summary(since: float) -> dict[str, Any]:
    """Per kind, the events that ended after ``since`` (a ``time.monotonic()`` value): how many,
    the sum of their counts and the largest, and their seconds in all, at the 99th percentile and at most;
    ``now`` is the moment the summary was made (the next call's ``since``)."""
    now = time.monotonic()
    out: dict[str, Any] = {"now": now}
    for kind, kept in list(events.items()):
        recent = [e for e in list(kept) if e[0] > since]
        seconds = sorted(e[1] for e in recent)
        out[kind] = {
            "events": len(recent),
            "count": sum(e[2] for e in recent),
            "count_max": max((e[2] for e in recent), default=0),
            "seconds": sum(seconds),
            "p99": seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))] if seconds else 0.0,
            "max": seconds[-1] if seconds else 0.0,
        }
    return out


class _GcClock:
    """Times every collection of the garbage collector (``gc.callbacks``) as kind ``gc``."""

    def __init__(self) -> None:
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            record("gc", time.perf_counter() - self.started, int(info.get("generation", 0)))


_gc_clock = _GcClock()


def time_collections() -> None:
    """Record the garbage collector's pauses (once per process; calling again does nothing)."""
    if _gc_clock not in gc.callbacks:
        gc.callbacks.append(_gc_clock)
