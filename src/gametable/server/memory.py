"""Keep Python's garbage collector from pausing every table at once.

A server holds thousands of game states, each of a thousand or more small objects, and replaces
one of them at every move.  CPython frees those by reference counting (game states hold no
reference cycles); its cycle collector would still scan the whole heap now and then, and a full
scan of a few million objects stops the event loop for most of a second.  So the server moves
what is alive into the collector's permanent generation (``gc.freeze()``) once it has started
and then every ``gc_freeze_interval`` seconds (default 1): the collector then only ever looks at
what was made since the last freeze.

Why every second and not every few: the collector starts a young collection when 20,000 more
container objects were made than freed (:data:`YOUNG_THRESHOLD`), and ``gc.freeze()`` starts
that count again from zero.  A move makes a new game state and frees the old one (a few hundred
objects each way: no count), and leaves a few objects more behind (its log entry, the answer
remembered for a repeat).  At thousands of busy tables that count, left for several seconds,
reaches 20,000, and the young collection then scans *every object made since the last freeze*,
the new game states of thousands of moves included, although reference counting would free
them all.  Frozen every second, the count reaches it rarely, and a collection scans a second's
worth of new objects at most.

What this costs: objects that were frozen and later become unreachable *only through a reference
cycle* are not reclaimed until the next full collection, which runs (with the heap unfrozen) every
``gc_full_interval`` seconds (0: never).  So what the server serves must not leave such cycles
behind: game states hold none, a table's parts hold it weakly
(:class:`~gametable.server.tablecore.TablePart`), a socket's protocol is held weakly by its
queue, inbox and scope's functions, and an upgraded connection's HTTP protocol lets go of its
parser (:mod:`~gametable.server.frames`).  ``tests/server/test_socket_memory.py`` plays whole
games over sockets and finds nothing left for the cycle collector.  The server's RSS grows with
what the tables keep (``docs/capacity.md``), not with frozen garbage; ``bench/capacity.py``
shows the RSS over time.

The young generation is also collected less often (:data:`YOUNG_THRESHOLD` allocations instead of
Python's 700): every move makes a few thousand short-lived containers (views, messages, legal
lists) that reference counting frees anyway, and at 700 the young collections spend a share of
the server's CPU scanning objects about to be freed.  The measured pauses and shares, and how
they were measured: ``bench/results/capacity.md``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("gametable.server")

#: allocations of container objects (less deallocations) between two young collections
YOUNG_THRESHOLD = 20_000


def tune() -> None:
    """Collect the young generation every :data:`YOUNG_THRESHOLD` allocations (the older
    generations' thresholds stay Python's)."""
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def freeze() -> None:
    """Collect what is garbage now, then freeze everything alive (see the module's docstring)."""
    gc.collect()
    gc.freeze()


async def keep_frozen(interval: float, full_interval: float) -> None:
    """Freeze new survivors every ``interval`` seconds; every ``full_interval`` seconds (0:
    never) unfreeze and run a full collection first, logging how long it took."""
    if interval <= 0:
        return
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(interval)
        if full_interval > 0 and time.monotonic() - last_full >= full_interval:
            started = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            last_full = time.monotonic()
            log.info(
                "full garbage collection: %d unreachable objects in %.0f ms",
                found,
                (time.perf_counter() - started) * 1000,
            )
        else:
            gc.freeze()
