"""The durable writes of a busy server, alone: moves committed by the group commit
(:class:`~gametable.server.groupcommit.Writer`) while the event loop is kept busy, with a timeline.

No sockets, no games: ``--tables`` tables each make a move every ``--think`` seconds (uniform)
through ``Writer.write``, as ``Table.request`` does, while a stand-in for the rest of the server
keeps the event loop busy ``--busy`` of the time (pure Python in 10 ms slices: at 5,000 tables
the real loop was busy about 90% of the time).  So it shows what the commits cost as the database
grows, and how long a move waits for its commit, apart from the CPU the rest of a server takes.

Every 5 s a line: moves/s, the wait of a move for its commit (p50, p99, max: from
``Writer.write`` to its return), commits per second, writes per commit, the longest ``COMMIT``
(with the WAL's ``fsync``, and SQLite's checkpoint when it runs there), the longest time the
batch's statements took, the longest batch round trip through its thread, the checkpoints run
apart (their longest), the longest sync of the WAL by the store's own thread
(``wal_sync_interval``, under ``sqlite_synchronous=normal``), and the WAL's and the database's
sizes.

    nice -n 5 .venv/bin/python bench/commits.py --tables 2000 --seconds 120
    nice -n 5 .venv/bin/python bench/commits.py --tables 5000 --busy 0.9 --seconds 120
    .venv/bin/python bench/commits.py --tables 2000 --src /tmp/other-tree/src  # another tree

``--switch-interval`` sets ``sys.setswitchinterval`` (Python's default 0.005 s) for a run;
``--set`` passes server settings the store and writer read (``commit_window``,
``checkpoint_interval``, ``sqlite_synchronous``...).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import random
import sys
import tempfile
import time
from pathlib import Path

TICK = 5.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


async def busy_loop(share: float, stop: asyncio.Event) -> None:
    """Keep the event loop busy ``share`` of the time, in 10 ms slices of pure Python."""
    if share <= 0:
        return
    slice_ = 0.010
    while not stop.is_set():
        until = time.perf_counter() + slice_ * share
        n = 0
        while time.perf_counter() < until:
            n += 1
        await asyncio.sleep(slice_ * (1 - share))


async def run(args: argparse.Namespace, data_dir: str) -> None:
    from gametable.server import timings
    from gametable.server.cluster import Worker
    from gametable.server.groupcommit import Writer
    from gametable.server.schema import StoredTable
    from gametable.server.settings import Settings
    from gametable.server.store import Store

    settings = Settings(data_dir=Path(data_dir))
    for pair in args.set or []:
        name, _, value = pair.partition("=")
        kind = type(getattr(settings, name))
        settings = dataclasses.replace(settings, **{name: kind(value)})
    # the store as the server makes it (app.py), in older trees with what they had
    ways: list[dict[str, object]] = [
        {
            "checkpoint_interval": settings.checkpoint_interval,
            "synchronous": settings.sqlite_synchronous,
            "wal_sync_interval": getattr(settings, "wal_sync_interval", 0.0),
        },
        {  # a tree from before the WAL's syncing thread
            "checkpoint_interval": settings.checkpoint_interval,
            "synchronous": settings.sqlite_synchronous,
        },
        {},  # a tree from before the checkpointer or the setting
    ]
    for way in ways:
        try:
            store = Store(settings.url(), **way)
            break
        except (TypeError, AttributeError):
            continue
    writer = Writer(store, window=settings.commit_window)
    extra: list[asyncio.Task] = []
    try:  # the store's moves are fenced by its lease from now on
        worker = Worker(settings, store, writer)
    except TypeError:  # a tree from before the heartbeats went through the group commit
        worker = Worker(settings, store)
    await worker.start("http://127.0.0.1:1")
    now = time.time()
    ids = [f"t{i:07d}{random.Random(i).getrandbits(40):010x}" for i in range(args.tables)]
    seats = [{"kind": "human", "token_hash": "x" * 64, "name": None}] * 4
    for start in range(0, len(ids), 500):
        store.write(
            [
                (
                    "create_table",
                    (
                        StoredTable(
                            id=tid,
                            game="keezbord",
                            version=1,
                            players=4,
                            seed=12345678901234567,
                            options={},
                            seats=seats,
                            status="playing",
                            rematch_of=None,
                            rematch_id=None,
                            created_at=now,
                            updated_at=now,
                            moves=[],
                            owner=worker.incarnation,
                        ),
                    ),
                )
                for tid in ids[start : start + 500]
            ]
        )
    rounds = args.prefill // max(1, args.tables)
    filled = time.monotonic()
    for r in range(1, rounds + 1):  # the moves of earlier minutes, table after table
        for start in range(0, len(ids), 5000):
            store.write(
                [
                    (
                        "append_move",
                        (tid, r, r % 4, "play 5", "seat plays 5", "playing", None, None),
                    )
                    for tid in ids[start : start + 5000]
                ]
            )
    if rounds:  # both ways start with an empty WAL
        with store.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").all()
        print(
            f"# {rounds * len(ids)} moves written first in {time.monotonic() - filled:.0f} s",
            flush=True,
        )
    waits: list[float] = []
    errors: list[str] = []
    moves = 0
    stop = asyncio.Event()
    rng = random.Random(1)

    async def table(tid: str) -> None:
        nonlocal moves
        n = rounds
        await asyncio.sleep(rng.uniform(0, args.think[1]))
        while not stop.is_set():
            n += 1
            sent = time.perf_counter()
            write = writer.write(
                "append_move",
                tid,
                n,
                n % 4,
                f"play {n % 13} from {n % 64} to {(n * 7) % 64}",
                f"seat {n % 4} plays a {n % 13} and moves a pawn from {n % 64} to {(n * 7) % 64}",
                "playing",
                f"m{n}",
                None,
            )
            try:
                await write
            except Exception as exc:  # counted and shown: the figures of such a run are void
                errors.append(repr(exc))
                return
            waits.append(time.perf_counter() - sent)
            moves += 1
            await asyncio.sleep(rng.uniform(*args.think))

    async def heartbeats() -> None:
        """The worker's heartbeat, as ``cluster.Worker.run`` sends it."""
        while not stop.is_set():
            await asyncio.sleep(settings.heartbeat_interval)
            await worker.beat()

    tasks = [asyncio.create_task(table(tid)) for tid in ids]
    if args.heartbeats:
        tasks.append(asyncio.create_task(heartbeats()))
    tasks.append(asyncio.create_task(busy_loop(args.busy, stop)))
    print(
        f"# {args.tables} tables, think {args.think[0]:g}-{args.think[1]:g} s, loop busy "
        f"{args.busy:.0%}, switch interval {sys.getswitchinterval() * 1000:g} ms, settings "
        f"{args.set or []}",
        flush=True,
    )
    print(
        f"{'t s':>5} {'moves/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'cmt/s':>6} "
        f"{'w/cmt':>5} {'cmt max':>7} {'stm max':>7} {'thr max':>7} {'ckpt n':>6} "
        f"{'ckpt max':>8} {'sync max':>8} {'WAL MiB':>7} {'db MiB':>6}",
        flush=True,
    )
    since = time.monotonic()
    began = time.monotonic()
    every: list[float] = []
    none = {"events": 0, "count": 0, "max": 0.0}
    db = Path(data_dir) / "gametable.sqlite3"
    for tick in range(1, int(args.seconds / TICK) + 1):
        await asyncio.sleep(max(0.0, began + tick * TICK - time.monotonic()))
        got = timings.summary(since)
        since = got["now"]
        window, waits[:] = list(waits), []
        every += window
        commit = got.get("commit", none)
        ckpt = got.get("checkpoint", none)
        wal = Path(f"{db}-wal")
        print(
            f"{tick * TICK:>5.0f} {moves / TICK:>7.0f} {percentile(window, 0.5) * 1000:>7.1f} "
            f"{percentile(window, 0.99) * 1000:>7.1f} {max(window, default=0) * 1000:>7.1f} "
            f"{commit['events'] / TICK:>6.0f} {commit['count'] / max(1, commit['events']):>5.1f} "
            f"{commit['max'] * 1000:>7.1f} {got.get('statements', none)['max'] * 1000:>7.1f} "
            f"{got.get('batch', none)['max'] * 1000:>7.1f} {ckpt['events']:>6} "
            f"{ckpt['max'] * 1000:>8.1f} {got.get('wal_sync', none)['max'] * 1000:>8.1f} "
            f"{(wal.stat().st_size if wal.exists() else 0) / 2**20:>7.1f} "
            f"{db.stat().st_size / 2**20:>6.1f}",
            flush=True,
        )
        moves = 0
    stop.set()
    for task in tasks + extra:
        task.cancel()
    await asyncio.gather(*tasks, *extra, return_exceptions=True)
    print(
        f"# {len(every)} moves in {time.monotonic() - began:.0f} s: wait for the commit p50 "
        f"{percentile(every, 0.5) * 1000:.1f} p99 {percentile(every, 0.99) * 1000:.1f} max "
        f"{max(every, default=0) * 1000:.0f} ms; load average {os.getloadavg()[0]:.1f}; "
        f"{len(errors)} failed writes {errors[:2]}",
        flush=True,
    )
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, nargs=2, default=[2.0, 8.0])
    parser.add_argument("--busy", type=float, default=0.5, help="share of the loop kept busy")
    parser.add_argument("--switch-interval", type=float, default=None)
    parser.add_argument(
        "--prefill", type=int, default=0, help="moves written first (a database some minutes old)"
    )
    parser.add_argument(
        "--no-heartbeats",
        dest="heartbeats",
        action="store_false",
        help="without the worker's heartbeat (every heartbeat_interval, as a server sends it)",
    )
    parser.add_argument("--set", action="append", help="a server setting name=value")
    parser.add_argument("--src", default=None, help="import gametable from this source tree")
    parser.add_argument("--tmp", default=None, help="where the database goes")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(Path(args.src).resolve()))
    if args.switch_interval is not None:
        sys.setswitchinterval(args.switch_interval)
    with tempfile.TemporaryDirectory(dir=args.tmp) as data_dir:
        asyncio.run(run(args, data_dir))


if __name__ == "__main__":
    main()
