"""The server's background work, timed and kept for the capacity benchmark's timeline
(``gametable.server.timings``, ``GET /api/timings``); SQLite's checkpoints made apart from the
group commits (``checkpoint_interval``); the worker's heartbeat written in the group commit."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from gametable.server import timings
from gametable.server.cluster import Worker
from gametable.server.groupcommit import Writer
from gametable.server.schema import StoreError
from gametable.server.settings import Settings
from gametable.server.store import Store
from tests.server.conftest import Server
from tests.server.test_store import stored


def test_a_summary_counts_only_the_events_ended_after_its_moment() -> None:
    timings.record("test-kind", 0.5, 3, end=100.0)
    timings.record("test-kind", 0.25, 7, end=200.0)
    timings.record("test-kind", 0.125, 1, end=300.0)
    got = timings.summary(150.0)["test-kind"]
    assert got["events"] == 2
    assert got["count"] == 8 and got["count_max"] == 7
    assert got["seconds"] == 0.375 and got["max"] == 0.25
    assert timings.summary(300.0)["test-kind"]["events"] == 0
    assert timings.summary(0.0)["now"] > 0


def test_the_garbage_collectors_pauses_are_timed_once_per_collection() -> None:
    timings.time_collections()
    timings.time_collections()  # a second call adds no second clock
    since = time.monotonic()
    gc.collect()
    got = timings.summary(since)["gc"]
    assert got["events"] == 1 and got["count"] == 2  # one full collection: generation 2


def test_a_group_commit_records_its_commit_statements_queue_and_round_trip(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    since = time.monotonic()

    async def writes() -> None:
        writer = Writer(store, window=0.05)
        await asyncio.gather(*(writer.write("create_table", stored(f"t{i}")) for i in range(5)))
        writer.close()

    asyncio.run(writes())
    got = timings.summary(since)
    for kind in ("commit", "statements", "batch"):
        assert got[kind]["events"] == 1 and got[kind]["count"] == 5, kind
    assert got["queue"]["count_max"] == 5
    assert got["queue"]["max"] >= 0.04  # the first write waited for the window
    store.close()


def wal_frames(store: Store) -> int:
    """The frames in the WAL now (a checkpoint of nothing: ``PASSIVE`` copies what it can)."""
    with store.engine.connect() as conn:
        return int(conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()[1])


def fill(store: Store, tables: int, moves: int) -> None:
    """``moves`` rounds of one move per table, a commit per round."""
    for n in range(1, moves + 1):
        store.write(
            [
                ("append_move", (f"t{i}", n, 0, f"play {n}", "x" * 200, "playing", None, None))
                for i in range(tables)
            ]
        )


def test_with_a_checkpointer_no_commit_copies_the_wal_and_its_checkpoint_restarts_it(
    tmp_path: Path,
) -> None:
    """SQLite copies its WAL into the database inside the commit that finds it over 1,000
    pages; with ``checkpoint_interval`` the store's own thread does it (``Store.checkpoint``),
    the WAL then starts afresh at the next commit, and what was written reads back."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url, checkpoint_interval=3600)  # the thread is there, its turn never comes
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    store.write([("create_table", (stored(f"t{i}"),)) for i in range(300)])
    fill(store, 300, 40)
    # nothing was copied into the database file yet (SQLite would have, at 1,000 pages)
    db = tmp_path / "db.sqlite3"
    assert Path(f"{db}-wal").stat().st_size > 1000 * 4096
    before = db.stat().st_size
    assert before < 200 * 4096
    frames, copied = store.checkpoint()
    assert db.stat().st_size > before + 1000 * 4096 // 4
    assert frames == copied > 1000
    store.append_move("t0", 41, 0, "play 41", "x", "playing")  # from the WAL's beginning
    assert wal_frames(store) < 50
    assert len(store.load("t7").moves) == 40
    store.close()
    plain = Store(url)
    with plain.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
    plain.close()


@pytest.mark.parametrize(("synchronous", "level"), [(None, 2), ("full", 2), ("normal", 1)])
def test_the_store_s_connections_sync_as_sqlite_synchronous_says(
    tmp_path: Path, synchronous: str | None, level: int
) -> None:
    """``PRAGMA synchronous`` is FULL (2) by default, NORMAL (1) when asked, on the writes'
    connection as on the others; any other value is refused before the database is opened."""
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    store = Store(url) if synchronous is None else Store(url, synchronous=synchronous)
    store.write([("create_table", (stored("t0"),))])
    assert store._writer_conn is not None
    assert store._writer_conn.exec_driver_sql("PRAGMA synchronous").scalar() == level
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == level
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()
    with pytest.raises(StoreError, match="synchronous"):
        Store(f"sqlite:///{tmp_path / 'other.sqlite3'}", synchronous="off")
    assert not (tmp_path / "other.sqlite3").exists()


def recorded_soon(kind: str, since: float, field: str) -> int:
    """``field`` of the timings of ``kind`` since ``since``, once it is non-zero (a background
    thread's turn), or 0 after 10 s."""
    deadline = time.monotonic() + 10
    got = 0
    while got == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        got = timings.summary(since).get(kind, {field: 0})[field]
    return int(got)


def test_the_checkpointer_thread_runs_on_its_own_and_stops_with_the_store(tmp_path: Path) -> None:
    since = time.monotonic()
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}", checkpoint_interval=0.05)
    store.write([("create_table", (stored(f"t{i}"),)) for i in range(50)])
    fill(store, 50, 5)
    assert recorded_soon("checkpoint", since, "count") > 0
    thread = store._checkpointer
    assert thread is not None and thread.is_alive()
    store.close()
    assert not thread.is_alive()


@pytest.mark.parametrize(
    ("synchronous", "interval", "syncs"), [("normal", 0.05, True), ("full", 0.05, False)]
)
def test_under_normal_a_thread_syncs_the_wal_apart_from_the_commits(
    tmp_path: Path, synchronous: str, interval: float, syncs: bool
) -> None:
    """``wal_sync_interval``: under ``synchronous=normal`` (the commits do not sync the WAL) a
    thread of the store's own syncs it every interval, and stops with the store; under
    ``full`` every commit syncs it and there is no such thread."""
    since = time.monotonic()
    store = Store(
        f"sqlite:///{tmp_path / 'db.sqlite3'}", synchronous=synchronous, wal_sync_interval=interval
    )
    thread = store._wal_syncer
    assert (thread is not None) is syncs
    assert store.wal_sync_interval == (interval if syncs else 0.0)
    store.write([("create_table", (stored(f"t{i}"),)) for i in range(5)])
    fill(store, 5, 3)
    if thread is None:
        store.close()
        return
    assert recorded_soon("wal_sync", since, "events") > 0
    assert thread.is_alive()
    store.close()
    assert not thread.is_alive()


def test_sync_wal_syncs_the_file_s_log_and_nothing_without_one(tmp_path: Path) -> None:
    """``Store.sync_wal`` syncs the database file's WAL once it exists; an in-memory
    database has none to sync."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}", synchronous="normal")
    assert store._wal_syncer is None  # no interval given: the thread is not started
    assert store.wal_path == f"{tmp_path / 'db.sqlite3'}-wal"
    store.write([("create_table", (stored("t0"),))])
    assert Path(store.wal_path).exists()
    assert store.sync_wal() is True
    store.close()
    memory = Store("sqlite://", synchronous="normal", wal_sync_interval=1.0)
    assert memory.wal_path is None and memory._wal_syncer is None
    assert memory.sync_wal() is False
    memory.close()


def test_a_heartbeat_shares_the_moves_commit_and_a_taken_name_fails_it_alone(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    settings = Settings(data_dir=tmp_path, worker_name="w")

    async def run() -> tuple[bool, bool, int]:
        writer = Writer(store, window=0.05)
        worker = Worker(settings, store, writer)
        store.owner = None  # the moves here are not fenced by a lease: only the heartbeat
        await worker.start("http://127.0.0.1:1")
        await writer.write("create_table", stored("t1"))
        since = time.monotonic()
        beat, _ = await asyncio.gather(
            worker.beat(),
            writer.write("append_move", "t1", 1, 0, "discard 3", "x", "playing", None, None),
        )
        commits = timings.summary(since)["commit"]["events"]
        # another process takes the name: the heartbeat fails, the move beside it stands
        await asyncio.to_thread(store.register_worker, "w", "other", "http://127.0.0.1:2")
        lost, _ = await asyncio.gather(
            worker.beat(),
            writer.write("append_move", "t1", 2, 1, "discard 4", "y", "playing", None, None),
        )
        writer.close()
        return beat, lost, commits

    beat, lost, commits = asyncio.run(run())
    assert beat is True and lost is False
    assert commits == 1
    assert [m[1] for m in store.load("t1").moves] == ["discard 3", "discard 4"]
    assert store.heartbeat("w", "other") is True and store.heartbeat("w", "gone") is False
    store.close()


def test_the_timings_endpoint_shows_a_moves_commit_and_the_checkpoints_made_apart(
    tmp_path: Path,
) -> None:
    """``GET /api/timings``; with ``--set checkpoint_interval=...`` the server's own thread
    copies the WAL (its passes are shown) and the database reads back whole afterwards."""
    srv = Server(tmp_path, extra=["--set", "checkpoint_interval=0.05"])
    try:
        srv.start()
        first = httpx.get(srv.base + "/api/timings").json()
        table = srv.create()
        client = srv.connect(table["id"], table["seats"][0]["token"])
        client.send({"type": "act", "action": client.last["legal"][0]["notation"], "id": 1})
        client.until("accepted", id=1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            got = httpx.get(srv.base + "/api/timings", params={"since": first["now"]}).json()
            if got.get("checkpoint", {}).get("count"):
                break
            time.sleep(0.1)
        assert got["commit"]["events"] >= 2 and got["commit"]["max"] > 0  # table, move
        assert got["checkpoint"]["count"] >= 1  # frames copied
        assert got["now"] > first["now"]
    finally:
        srv.kill()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM gt_moves").scalar() == 1
    engine.dispose()
