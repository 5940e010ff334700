"""The same store and restart guarantees on PostgreSQL, selected by a database URL.

Runs when ``GAMETABLE_TEST_POSTGRES`` holds a SQLAlchemy URL of an empty, disposable database
(``.ci/run`` starts a local PostgreSQL and sets it); skipped otherwise.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

import pytest

from gametable.server.store import Store, StoredTable
from tests.server.conftest import Server
from tests.server.test_restart import play

URL = os.environ.get("GAMETABLE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set GAMETABLE_TEST_POSTGRES to a PostgreSQL URL")


def test_a_batch_commits_together_and_a_bad_write_fails_alone_on_postgresql() -> None:
    store = Store(URL)
    now = time.time()
    ids = [uuid.uuid4().hex[:12] for _ in range(2)]
    tables = [
        StoredTable(
            i,
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
        for i in ids
    ]
    assert store.write([("create_table", (t,)) for t in tables]) == [None, None]
    results = store.write(
        [
            ("append_move", (ids[0], 1, 0, "discard 3", "seat 0 discards", "playing", None)),
            (
                "append_move",
                (ids[0], 1, 0, "swap 4", "the same move number again", "playing", None),
            ),
            ("append_move", (ids[1], 1, 0, "balzak", "seat 0 calls", "over", None)),
        ]
    )
    assert results[0] is None and isinstance(results[1], Exception) and results[2] is None
    assert store.load(ids[0]).moves == [(0, "discard 3", "seat 0 discards")]
    assert store.load(ids[0]).seed == 2**62 + 7
    assert store.load(ids[1]).status == "over"
    store.close()


def test_a_killed_server_on_postgresql_resumes_its_tables(tmp_path: Path) -> None:
    srv = Server(tmp_path, extra=["--database-url", URL])
    try:
        srv.start()
        table = srv.create()
        a = srv.connect(table["id"], table["seats"][0]["token"])
        b = srv.connect(table["id"], table["seats"][1]["token"])
        n = play(a, 1, 0)
        b.at_seq(n)
        n = play(b, 1, n)
        before = a.at_seq(n)["view"]
        srv.kill()
        assert not (tmp_path / "gametable.sqlite3").exists()
        srv.start()
        again = srv.connect(table["id"], table["seats"][0]["token"])
        assert again.last["seq"] == n and again.last["view"] == before
    finally:
        srv.kill()
