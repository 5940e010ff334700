"""Keep Python's garbage collector from pausing every table at once.

A server holds thousands of game states, each of a thousand or more small objects, and replaces
one of them at every move.  CPython frees those by reference counting (game states hold no
reference cycles); its cycle collector would still scan the whole heap now and then, and a full
scan of a few million objects stops the event loop for most of a second (886 ms measured at 2,000
tables).  So the server moves what is alive into the collector's permanent generation
(``gc.freeze()``) once it has started and then every ``gc_freeze_interval`` seconds: the collector
then only ever looks at what was made since the last freeze, a few seconds' worth.

What this costs: objects that were frozen and later become unreachable *only through a reference
cycle* are not reclaimed until the next full collection, which runs (with the heap unfrozen) every
``gc_full_interval`` seconds (0: never).  Game states and tables are freed by reference counting
as before; the cycles come from closed sockets' protocol objects (a few KB per closed socket).
``bench/capacity.py`` shows the server's RSS over time.

The young generation is also collected less often (:data:`YOUNG_THRESHOLD` allocations instead of
Python's 700): every move makes a few thousand short-lived containers (views, messages, legal
lists) that reference counting frees anyway: at 700, young collections took 7% of the server's CPU in
a profile at 400 tables, mostly scanning objects about to be freed.
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
