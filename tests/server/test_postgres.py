"""The same store and restart guarantees on PostgreSQL, selected by a database URL.

Runs when ``GAMETABLE_TEST_POSTGRES`` holds a SQLAlchemy URL of an empty, disposable database
(``.ci/run`` starts a local PostgreSQL and sets it); skipped otherwise.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from gametable.server import migrate
from gametable.server.schema import StoredTable
from gametable.server.store import Store
from tests.server.conftest import Server
from tests.server.test_migrations import schema_differences
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
            ("append_move", (ids[0], 1, 0, "discard 3", "seat 0 discards", "playing", None, None)),
            (
                "append_move",
                (ids[0], 1, 0, "swap 4", "the same move number again", "playing", None, None),
            ),
            ("append_move", (ids[1], 1, 0, "balzak", "seat 0 calls", "over", None, None)),
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


@pytest.fixture
def fresh_schema() -> Iterator[str]:
    """A URL whose tables go to a new, empty PostgreSQL schema (dropped afterwards)."""
    assert URL is not None
    name = f"gt_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {name}"))
    sep = "&" if "?" in URL else "?"
    try:
        yield f"{URL}{sep}options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


def test_a_0_1_0_database_on_postgresql_is_upgraded(fresh_schema: str) -> None:
    engine = sa.create_engine(fresh_schema)
    cfg = migrate.config()
    with engine.begin() as conn:  # the 0.1.0 schema, without the version table it did not have
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, migrate.BASELINE)
        conn.execute(sa.text(f"DROP TABLE {migrate.VERSION_TABLE}"))
        conn.execute(
            sa.text(
                "INSERT INTO gt_tables VALUES ('old', 'balzakken', 1, 2, '7', '{}', '[]', "
                "'playing', 0, NULL, NULL, 100.0, 200.0)"
            )
        )
    engine.dispose()
    store = Store(fresh_schema)
    try:
        assert store.upgraded_from == migrate.BASELINE
        assert (
            store.load("old").joined_at == 100.0 and migrate.current(store.engine) == migrate.head()
        )
        assert schema_differences(store) == []
    finally:
        store.close()


def test_a_newer_database_on_postgresql_is_refused(fresh_schema: str) -> None:
    Store(fresh_schema).close()
    engine = sa.create_engine(fresh_schema)
    with engine.begin() as conn:
        conn.execute(sa.text(f"UPDATE {migrate.VERSION_TABLE} SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(migrate.SchemaError, match="written by a newer gametable"):
        Store(fresh_schema)
