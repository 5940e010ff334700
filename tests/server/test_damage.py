"""A damaged database found and contained (issue 45, item 2): damaged pages, a file cut short and
a torn write-ahead log.  The store's check finds the damage, each damaged table answers a JSON
``damaged`` error while the others play on, ``/api/health`` says ``degraded``, and
``gametable db check`` / ``gametable db export`` list the damaged tables and save the rest."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from gametable.core.record import Record
from gametable.core.registry import load_game
from gametable.server import dbcheck
from gametable.server.schema import StoredTable
from gametable.server.seats import hash_token
from gametable.server.store import Store
from tests.server.conftest import Server

POSTGRES = os.environ.get("GAMETABLE_TEST_POSTGRES")
#: tables in the test database, and moves each
TABLES, MOVES = 250, 12


def token(i: int) -> str:
    return f"token-of-table-{i}"


def fill(path: Path, tables: int = TABLES, store: Store | None = None) -> list[str]:
    """A database of ``tables`` Balzakken tables of ``MOVES`` real moves each (seat 0's token
    is :func:`token`); their ids."""
    game, rng = load_game("balzakken"), random.Random(5)
    store = store or Store(f"sqlite:///{path}")
    ids = []
    for i in range(tables):
        state, now, table_id = game.new_game(2, seed=i), time.time(), f"table{i:04d}"
        seats = [{"kind": "human", "token_hash": hash_token(token(i))}, {"kind": "human"}]
        store.create_table(
            StoredTable(
                table_id,
                "balzakken",
                game.version,
                2,
                i,
                {},
                seats,
                "playing",
                None,
                None,
                now,
                now,
                [],
            )
        )
        for n in range(1, MOVES + 1):
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(action, seat)
            store.append_move(table_id, n, seat, str(action), f"move {n}", "playing")
        ids.append(table_id)
    return ids


def close(store: Store) -> None:
    store.checkpoint()
    store.close()


def overwrite_middle(path: Path, size: int = 8192) -> None:
    """``size`` bytes of noise over the middle of the file, from a page's start."""
    data = bytearray(path.read_bytes())
    start = (len(data) // 2) // 4096 * 4096
    data[start : start + size] = random.Random(1).randbytes(size)
    path.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A database with 8 KB overwritten in its middle (a copy per test that changes it)."""
    path = tmp_path_factory.mktemp("damaged") / "gametable.sqlite3"
    store = Store(f"sqlite:///{path}")
    ids = fill(path, store=store)
    close(store)
    overwrite_middle(path)
    return path, ids


def engine_of(path: Path) -> sa.Engine:
    return sa.create_engine(f"sqlite:///{path}")


def test_the_check_finds_damaged_pages_and_the_export_keeps_every_readable_table(
    damaged: tuple[Path, list[str]], tmp_path: Path
) -> None:
    path, ids = damaged
    engine = engine_of(path)
    assert dbcheck.check_database(engine), "quick_check found nothing"
    readable, bad = dbcheck.damaged_tables(engine)
    assert bad and readable, (readable, bad)  # some tables lost, not all
    assert readable + len(bad) >= len(ids) - 5  # at most a few rows unfindable at all
    out = tmp_path / "saved.jsonl"
    with out.open("w") as stream:
        written, not_written = dbcheck.export(engine, stream)
    assert written == readable and len(not_written) == len(bad)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == written
    for line in lines:  # every exported record replays to its stored moves
        record = Record.from_json(line["record"])
        assert len(record.moves) == MOVES and record.replay().ply >= MOVES
    engine.dispose()


def test_a_damaged_table_answers_damaged_and_the_others_play_on(
    damaged: tuple[Path, list[str]], tmp_path: Path
) -> None:
    path, ids = damaged
    shutil.copy(path, tmp_path / "gametable.sqlite3")
    server = Server(tmp_path).start()
    try:
        health = httpx.get(f"{server.base}/api/health").json()
        assert health["status"] == "degraded" and not health["ok"] and health["damage"]
        answers: dict[int, list[str]] = {}
        with httpx.Client(base_url=server.base, timeout=30) as http:
            for table_id in ids:
                r = http.get(f"/api/tables/{table_id}")
                assert r.headers["content-type"] == "application/json", r.text
                kind = r.json()["detail"]["kind"] if r.status_code != 200 else "ok"
                answers.setdefault(r.status_code, []).append(kind)
                if r.status_code == 200:
                    good = table_id
            assert set(answers) == {200, 500} and set(answers[500]) == {"damaged"}, answers
            health = http.get("/api/health").json()
            assert len(health["damaged_tables"]) == len(answers[500])
            for path in ("/api/open-tables", "/api/games"):  # the lobby answers JSON either way
                r = http.get(path)
                assert r.headers["content-type"] == "application/json", (path, r.text)
        i = ids.index(good)
        player = server.connect(good, token(i))
        assert player.welcome["type"] == "welcome" and player.last["seq"] == MOVES
        player.close()
        bad = health["damaged_tables"][0]
        ws = server.connect(bad, None)
        assert ws.welcome["type"] == "error" and ws.welcome["error"]["kind"] == "damaged"
        log = Path(server.log.name).read_text()
        assert "Traceback" not in log and "is damaged in the database" in log
    finally:
        server.kill()


def gametable(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "gametable.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_db_check_and_export_on_a_file_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "gametable.sqlite3"
    store = Store(f"sqlite:///{path}")
    ids = fill(path, tables=120, store=store)
    close(store)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) * 2 // 3 // 4096 * 4096])
    checked = gametable("db", "check", "--data-dir", str(tmp_path))
    assert checked.returncode == 1, checked.stderr
    assert "damaged" in checked.stdout and "Traceback" not in checked.stderr
    out = tmp_path / "saved.jsonl"
    exported = gametable("db", "export", "--data-dir", str(tmp_path), "--out", str(out))
    assert exported.returncode == 1, exported.stderr
    saved = [json.loads(line)["table"]["id"] for line in out.read_text().splitlines()]
    assert 0 < len(saved) < len(ids) and set(saved) <= set(ids)
    assert f"{len(saved)} tables exported" in exported.stderr


def test_a_torn_write_ahead_log_loses_only_the_torn_commit(tmp_path: Path) -> None:
    """A power cut in the middle of a commit leaves a log whose last frame is cut short:
    SQLite ignores that commit, and everything committed before it reads whole."""
    live = tmp_path / "live"
    live.mkdir()
    store = Store(f"sqlite:///{live / 'gametable.sqlite3'}")
    # few enough commits that SQLite never checkpoints: the log's end is the last commit
    ids = fill(live / "gametable.sqlite3", tables=10, store=store)
    # copied while the store is open, as a crash leaves them: the moves are in the log
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("gametable.sqlite3", "gametable.sqlite3-wal"):
        shutil.copy(live / name, copy / name)
    store.close()
    wal = copy / "gametable.sqlite3-wal"
    assert wal.stat().st_size > 50_000
    with wal.open("r+b") as f:
        f.truncate(wal.stat().st_size - 1000)  # the last frame torn
    engine = engine_of(copy / "gametable.sqlite3")
    assert dbcheck.check_database(engine) == []
    readable, bad = dbcheck.damaged_tables(engine)
    assert bad == [] and readable == len(ids)
    engine.dispose()
    server = Server(copy).start()
    try:
        assert httpx.get(f"{server.base}/api/health").json()["status"] == "ok"
        seqs = [httpx.get(f"{server.base}/api/tables/{t}").json()["seq"] for t in ids]
        assert seqs[:-1] == [MOVES] * (len(ids) - 1) and seqs[-1] == MOVES - 1
    finally:
        server.kill()


@pytest.mark.skipif(not POSTGRES, reason="set GAMETABLE_TEST_POSTGRES to a PostgreSQL URL")
def test_the_check_reads_every_row_on_postgresql() -> None:
    """PostgreSQL has no quick_check: every row of every table is read (a damaged page raises
    ``data_corrupted`` there); a whole database reads without a problem, table by table."""
    store = Store(POSTGRES)
    try:
        store.create_table(
            StoredTable(
                "pgcheck1",
                "balzakken",
                1,
                2,
                3,
                {},
                [{"kind": "human"}] * 2,
                "playing",
                None,
                None,
                time.time(),
                time.time(),
                [],
            )
        )
        assert dbcheck.check_database(store.engine) == []
        readable, bad = dbcheck.damaged_tables(store.engine)
        assert readable >= 1 and bad == []
    finally:
        with store.engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM gt_tables WHERE id = 'pgcheck1'"))
        store.close()
