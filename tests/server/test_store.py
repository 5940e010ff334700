"""The database layer: group commits, a failing write fails alone, any SQLAlchemy URL."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from gametable.server.store import Store, StoredTable
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
