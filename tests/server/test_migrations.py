"""Schema migrations (issue 16, "beyond the fixes"): ``gametable serve`` upgrades a database made
by an older release on start, and refuses one made by a newer release.

``fixtures/release-0.1.0.sqlite3`` was written by the 0.1.0 server (before the schema had a
version table; ``fixtures/make_release_db.py`` made it): three tables, one with four moves, one
with a bot.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import httpx
import sqlalchemy as sa
import typer
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from typer.testing import CliRunner

from gametable.core.registry import load_game
from gametable.server import migrate
from gametable.server.cli import register
from gametable.server.schema import StoredTable, metadata
from gametable.server.store import Store
from tests.server.conftest import Server, keep_playing

FIXTURES = Path(__file__).parent / "fixtures"


def release_tables() -> dict[str, list[str]]:
    lines = (FIXTURES / "release-0.1.0.txt").read_text().splitlines()[1:]
    return {line.split()[0]: line.split()[1:] for line in lines}


def old_database(tmp_path: Path) -> Path:
    path = tmp_path / "gametable.sqlite3"
    shutil.copy(FIXTURES / "release-0.1.0.sqlite3", path)
    return path


def test_a_0_1_0_database_is_upgraded_on_start_and_its_tables_play_on(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    tables = release_tables()
    srv = Server(tmp_path, extra=["--idle-hours", "80000"]).start()
    try:
        played_id, token0, token1 = tables["played"]
        info = httpx.get(f"{srv.base}/api/tables/{played_id}").json()
        assert info["seq"] == 4 and info["game"] == "balzakken"
        if load_game("balzakken").version != 1:  # the rules changed since: said, not replayed
            assert httpx.get(f"{srv.base}/api/tables/{played_id}").status_code == 410
            return
        seats = [srv.connect(played_id, token0), srv.connect(played_id, token1)]
        assert [c.last["seq"] for c in seats] == [4, 4] and len(seats[0].last["log"]) == 4
        mover = next(c for c in seats if c.last["legal"])
        action = keep_playing(mover.last["legal"])["notation"]
        mover.send({"type": "act", "action": action, "seq": 4, "id": "after-upgrade"})
        assert mover.until("accepted", id="after-upgrade")["seq"] == 5
        bots_id, human = tables["bots"]
        with_bot = srv.connect(bots_id, human)
        action = with_bot.last["legal"][0]["notation"]
        with_bot.send({"type": "act", "action": action, "id": 1})
        assert with_bot.at_seq(2, timeout=30)["log"][-1]["seat"] == 1  # the bot answered
        assert httpx.get(f"{srv.base}/api/tables/{tables['fresh'][0]}").status_code == 200
        for c in (*seats, with_bot):
            c.close()
    finally:
        srv.kill()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM gt_schema_version").fetchall() == [
            (migrate.head(),)
        ]
        joined = db.execute("SELECT joined_at = created_at FROM gt_tables").fetchall()
        assert joined == [(1,)] * 3  # old tables count as joined: none expires sooner


def test_a_database_from_a_newer_gametable_is_refused(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE gt_schema_version SET version_num = '0099'"))
    store.close()
    app = typer.Typer()
    app.command("other")(lambda: None)
    register(app)
    result = CliRunner().invoke(app, ["serve", "--data-dir", str(tmp_path), "--port", "0"])
    assert result.exit_code == 2 and "gametable server on" not in result.output
    assert "schema revision '0099', written by a newer gametable" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def schema_differences(store: Store) -> list:
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"version_table": migrate.VERSION_TABLE})
        return [
            d
            for d in compare_metadata(context, metadata)
            if not (d[0] == "remove_table" and d[1].name == migrate.VERSION_TABLE)
        ]


def test_the_migrations_build_exactly_the_schema_the_store_uses(tmp_path: Path) -> None:
    fresh = Store(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    upgraded = Store(f"sqlite:///{old_database(tmp_path)}")
    try:
        assert fresh.upgraded_from == "empty" and upgraded.upgraded_from == migrate.BASELINE
        assert schema_differences(fresh) == [] and schema_differences(upgraded) == []
        again = Store(upgraded.url)
        assert again.upgraded_from == migrate.head()  # nothing left to do
        again.close()
        assert upgraded.load(release_tables()["played"][0]).moves[0][0] == 0
        assert json.dumps(upgraded.load(release_tables()["bots"][0]).seats)
    finally:
        fresh.close()
        upgraded.close()


def test_downgrades_keep_every_move_and_upgrade_back_to_the_same_schema(tmp_path: Path) -> None:
    """Each downgrade drops its columns in place (SQLite 3.35+ and PostgreSQL drop a column),
    never by copying ``gt_tables``: dropping the old copy would cascade to ``gt_moves``."""
    store = Store(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
    try:
        played_at = 1.0
        store.create_table(
            StoredTable(
                id="t1",
                game="balzakken",
                version=1,
                players=2,
                seed=7,
                options={},
                seats=[{"kind": "human"}, {"kind": "human"}],
                status="playing",
                rematch_of=None,
                rematch_id=None,
                created_at=played_at,
                updated_at=played_at,
                moves=[],
                clock={"mode": "bank", "seconds": 60.0, "increment": 0.0},
                clock_state={"banks": [50.0, 60.0], "away": [1]},
            )
        )
        store.append_move("t1", 1, 0, "discard 3", "seat 0 discards", "playing")
        store.append_move("t1", 2, 1, "discard 4", "seat 1 discards", "playing")
        cfg = migrate.config()
        for target in ("0005", "0004", "0003", "0002", migrate.BASELINE):
            with store.engine.begin() as conn:
                cfg.attributes["connection"] = conn
                command.downgrade(cfg, target)
            with store.engine.connect() as conn:
                moves = conn.execute(sa.text("SELECT n FROM gt_moves ORDER BY n")).all()
                assert [m[0] for m in moves] == [1, 2], f"moves lost going down to {target}"
        with sqlite3.connect(tmp_path / "gametable.sqlite3") as db:
            columns = [row[1] for row in db.execute("PRAGMA table_info(gt_tables)")]
        assert "clock_state" not in columns and "open_seats" not in columns
        assert "listed" not in columns
        assert "joined_at" not in columns and "owner" not in columns
    finally:
        store.close()
    again = Store(store.url)
    try:
        assert again.upgraded_from == migrate.BASELINE and schema_differences(again) == []
        assert [m[1] for m in again.load("t1").moves] == ["discard 3", "discard 4"]
    finally:
        again.close()


def test_tables_with_an_open_seat_before_0006_become_listed(tmp_path: Path) -> None:
    """0006 adds ``listed`` (public: made with a seat open to anyone); a table stored before it
    is listed if a seat of its is still open, and every move stays."""
    store = Store(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
    try:
        for tid, open_seats in (("open", 1), ("private", 0)):
            store.create_table(
                StoredTable(
                    id=tid,
                    game="balzakken",
                    version=1,
                    players=2,
                    seed=7,
                    options={},
                    seats=[{"kind": "human"}, {"kind": "human", "open": open_seats > 0}],
                    status="playing",
                    rematch_of=None,
                    rematch_id=None,
                    created_at=1.0,
                    updated_at=1.0,
                    moves=[],
                    open_seats=open_seats,
                    listed=open_seats > 0,
                )
            )
            store.append_move(tid, 1, 0, "discard 3", "seat 0 discards", "playing")
        cfg = migrate.config()
        with store.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0005")
    finally:
        store.close()
    again = Store(store.url)
    try:
        assert again.upgraded_from == "0005" and schema_differences(again) == []
        assert again.load("open").listed is True and again.load("private").listed is False
        assert [again.load(t).moves for t in ("open", "private")] == [
            [(0, "discard 3", "seat 0 discards")]
        ] * 2
    finally:
        again.close()
