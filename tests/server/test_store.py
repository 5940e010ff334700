"""The database layer: group commits, a failing write fails alone, any SQLAlchemy URL."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from gametable.server.groupcommit import Writer
from gametable.server.movewrites import SqliteRows
from gametable.server.schema import LeaseLost, StoredTable, tables_t
from gametable.server.store import Store
from tests.server.conftest import Server


def stored(table_id: str) -> StoredTable:
    now = time.time()
    return StoredTable(
        table_id,
        "balzakken",
        1,
        2,
        2**62 + 7,
        {"copies": 4},
        [{"kind": "human"}],
        "playing",
        None,
        None,
        now,
        now,
        [],
    )


def test_a_batch_commits_together_and_a_bad_write_fails_alone(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    results = store.write(
        [
            ("create_table", (stored("t1"),)),
            ("create_table", (stored("t2"),)),
            ("append_move", ("t1", 1, 0, "discard 3", "seat 0 discards", "playing", "r1", None)),
        ]
    )
    assert results == [None, None, None]
    results = store.write(
        [
            (
                "append_move",
                ("t1", 1, 0, "swap 4", "again move 1", "playing", None, None),
            ),  # same n
            ("append_move", ("t2", 1, 0, "balzak", "seat 0 calls", "over", None, None)),
        ]
    )
    assert isinstance(results[0], Exception) and results[1] is None
    t1, t2 = store.load("t1"), store.load("t2")
    assert t1.moves == [(0, "discard 3", "seat 0 discards")] and t1.seed == 2**62 + 7
    assert t1.requests == {1: "r1"}
    assert t2.status == "over" and t2.moves == [(0, "balzak", "seat 0 calls")]
    assert store.load("nope") is None
    store.close()


def test_writes_from_many_threads_take_turns_on_the_kept_connection(tmp_path: Path) -> None:
    """Batches share one connection kept between them (no pool round trip per batch); writes
    from several threads at once all commit, each move exactly once."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.write([("create_table", (stored(f"t{i}"),)) for i in range(4)])

    def play(i: int) -> list[BaseException | None]:
        return [
            r
            for n in range(1, 26)
            for r in store.write(
                [("append_move", (f"t{i}", n, 0, f"m{n}", "text", "playing", None, None))]
            )
        ]

    with ThreadPoolExecutor(4) as pool:
        outcomes = [r for rs in pool.map(play, range(4)) for r in rs]
    assert outcomes == [None] * 100
    assert [len(store.load(f"t{i}").moves) for i in range(4)] == [25] * 4
    store.close()


def test_a_broken_writer_connection_is_replaced(tmp_path: Path) -> None:
    """A batch whose connection fails is not committed, that connection is dropped, and the
    next batch commits on a fresh one."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.write([("create_table", (stored("t1"),))])
    kept = store._writer_conn
    assert kept is not None
    kept.connection.dbapi_connection.close()  # the database went away under it
    move = ("append_move", ("t1", 1, 0, "discard 3", "seat 0 discards", "playing", None, None))
    with pytest.raises(Exception, match=r"(?i)closed"):  # whatever the driver calls it
        store.write([move])
    assert store._writer_conn is None
    assert store.write([move]) == [None]
    assert store.load("t1").moves == [(0, "discard 3", "seat 0 discards")]
    store.close()


def test_the_server_takes_a_database_url(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    srv = Server(tmp_path, extra=["--database-url", url]).start()
    try:
        t = srv.create()
        assert (tmp_path / "elsewhere.sqlite3").exists()
        assert not (tmp_path / "gametable.sqlite3").exists()
        assert httpx.get(f"{srv.base}/api/tables/{t['id']}").status_code == 200
    finally:
        srv.kill()


class CountingStore:
    """A store that only counts its batches."""

    def __init__(self) -> None:
        self.batches: list[int] = []

    def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
        self.batches.append(len(ops))
        return [None] * len(ops)


def test_writes_within_the_commit_window_share_one_commit() -> None:
    """A batch waits ``window`` seconds for more writes; each write still returns only once its
    batch is committed."""

    async def staggered(window: float) -> list[int]:
        store = CountingStore()
        writer = Writer(store, window=window)  # type: ignore[arg-type]

        async def later(delay: float) -> None:
            await asyncio.sleep(delay)
            await writer.write("join", "t", delay)

        await asyncio.gather(later(0), later(0.02), later(0.04))
        writer.close()
        assert sum(store.batches) == 3
        return store.batches

    assert asyncio.run(staggered(0.2)) == [3]
    assert len(asyncio.run(staggered(0))) > 1


def test_moves_written_by_the_compiled_statements_read_back_whole(tmp_path: Path) -> None:
    """The moves' insert and move count go straight to the driver (``MoveStatements``): every
    field reads back, a game's end sets its status and ``updated_at``, a move in play leaves
    ``updated_at`` to the sweep, and a table whose lease another worker holds refuses the move
    and keeps nothing of it."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.write([("create_table", (stored("t1"),)), ("create_table", (stored("t2"),))])
    created = store.load("t1").updated_at
    store.append_move("t1", 1, 0, "discard 3", "seat 0 discards", "playing", "r1")
    store.append_move("t2", 1, 1, "swap 4", "seat 1 swaps", "playing", None)
    assert store.load("t1").updated_at == created
    store.write(
        [
            ("append_move", ("t1", 2, 1, "balzak", "seat 1 calls", "over", "r2", None)),
            ("append_move", ("t2", 2, 0, "discard 5", "seat 0 discards", "playing", "q", None)),
        ]
    )
    t1, t2 = store.load("t1"), store.load("t2")
    assert t1.moves == [(0, "discard 3", "seat 0 discards"), (1, "balzak", "seat 1 calls")]
    assert t1.requests == {1: "r1", 2: "r2"}
    assert t1.status == "over" and t1.updated_at > created
    assert t2.moves == [(1, "swap 4", "seat 1 swaps"), (0, "discard 5", "seat 0 discards")]
    assert t2.requests == {2: "q"} and t2.status == "playing"
    store.owner = "worker-b"  # t2's lease is nobody's: this worker does not hold it
    with pytest.raises(LeaseLost):
        store.append_move("t2", 3, 1, "discard 6", "seat 1 discards", "playing")
    assert len(store.load("t2").moves) == 2
    store.close()


def test_a_sqlite_batch_writes_its_moves_in_a_few_statements_not_one_per_move(
    tmp_path: Path,
) -> None:
    """On SQLite a batch's moves go as a few statements of many rows (``SqliteRows``): the
    writer's thread lets go of the interpreter's lock at every statement step, and waits for it
    again behind a busy event loop.  300 moves of 300 tables: pieces of 256, 32, 8 and 4 rows,
    so four inserts and four count updates; every move and count reads back, and a batch with a
    table whose lease is held elsewhere fails that move alone."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    ids = [f"t{i}" for i in range(300)]
    store.write([("create_table", (stored(t),)) for t in ids])
    statements: list[str] = []
    sa.event.listen(
        store.engine,
        "before_cursor_execute",
        lambda conn, cursor, sql, *rest: statements.append(sql),
    )
    moves = [
        (t, 1, i % 2, "discard 3", f"move of {t}", "playing", None, None) for i, t in enumerate(ids)
    ]
    assert store.write([("append_move", m) for m in moves]) == [None] * 300
    inserts = [s for s in statements if s.startswith("INSERT INTO gt_moves")]
    counts = [s for s in statements if s.startswith("UPDATE gt_tables")]
    assert [s.count("(?, ?, ?, ?, ?, ?, ?)") for s in inserts] == [256, 32, 8, 4]
    assert [s.count("(?, ?)") for s in counts] == [256, 32, 8, 4]
    for t in ("t0", "t255", "t299"):
        loaded = store.load(t)
        assert loaded is not None
        assert loaded.moves == [(int(t[1:]) % 2, "discard 3", f"move of {t}")]
    with store.engine.connect() as conn:
        counts_read = conn.execute(sa.select(tables_t.c.move_count)).scalars().all()
    assert counts_read == [1] * 300
    store.owner = "worker-b"  # holds no lease: every table refuses
    with store.engine.begin() as conn:
        conn.execute(tables_t.update().where(tables_t.c.id == "t7").values(owner="worker-b"))
    again = [(t, 2, 0, "swap 4", "again", "playing", None, None) for t in ("t6", "t7", "t8")]
    results = store.write([("append_move", m) for m in again])
    assert [type(r) for r in results] == [LeaseLost, type(None), LeaseLost]
    assert [len(getattr(store.load(t), "moves", [])) for t in ("t6", "t7", "t8")] == [1, 2, 1]
    store.close()


@pytest.mark.parametrize("count", [0, 1, 5, 255, 256, 257, 700])
def test_a_batch_is_cut_in_pieces_of_powers_of_two_that_add_up(count: int) -> None:
    pieces = SqliteRows.pieces(count)
    assert sum(pieces) == count
    assert pieces == sorted(pieces, reverse=True)
    assert all(p & (p - 1) == 0 and 0 < p <= SqliteRows.LARGEST for p in pieces)
    assert len(set(pieces) - {SqliteRows.LARGEST}) == len(pieces) - pieces.count(SqliteRows.LARGEST)


def test_the_next_batch_is_committed_while_the_event_loop_is_busy() -> None:
    """The group commits run on the writer's own thread: the batch after a batch starts as soon
    as that one is committed, even while the event loop is busy with something else (it used to
    wait for the loop to get round to it, behind the broadcasts of the batch before)."""

    class SlowStore:
        def __init__(self) -> None:
            self.started: list[tuple[list[tuple[str, tuple]], float]] = []

        def write(self, ops: list[tuple[str, tuple]]) -> list[BaseException | None]:
            self.started.append((ops, time.monotonic()))
            time.sleep(0.05)
            return [None] * len(ops)

    store = SlowStore()

    async def scenario() -> float:
        writer = Writer(store)  # type: ignore[arg-type]
        first = asyncio.create_task(writer.write("join", "a", 0))
        await asyncio.sleep(0.01)  # the first batch is being committed
        second = asyncio.create_task(writer.write("join", "b", 0))
        await asyncio.sleep(0)  # the second write is queued
        time.sleep(0.3)  # the loop is busy (every table's broadcasts, say)
        busy_until = time.monotonic()
        await asyncio.gather(first, second)
        writer.close()
        return busy_until

    busy_until = asyncio.run(scenario())
    assert [ops for ops, _ in store.started] == [[("join", ("a", 0))], [("join", ("b", 0))]]
    assert store.started[1][1] < busy_until


def test_a_closed_writer_commits_what_was_queued_and_its_thread_ends() -> None:
    """``Writer.close`` (the server's end): what was queued is committed, the thread ends at
    once rather than after ``IDLE`` seconds (it keeps the store alive until then), and a later
    write starts another."""
    store = CountingStore()

    async def scenario() -> tuple[bool, bool]:
        writer = Writer(store, window=0.05)  # type: ignore[arg-type]
        writes = [asyncio.create_task(writer.write("join", "t", i)) for i in range(3)]
        await asyncio.sleep(0.01)  # the thread has the first and waits out the window
        thread = writer._thread
        assert thread is not None
        await asyncio.to_thread(writer.close, 2.0)
        await asyncio.gather(*writes)
        ended = not thread.is_alive() and writer._thread is None
        await writer.write("join", "t", 3)
        again = writer._thread is not None
        writer.close()
        return ended, again

    ended, again = asyncio.run(scenario())
    assert ended and again
    assert sum(store.batches) == 4
