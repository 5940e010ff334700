"""Several workers on one database (issue 24): each table is held by one worker at a time (a
lease in the database), HAProxy routes by the table's id, any worker forwards to the holder,
and a worker killed mid-game has its tables taken over with nothing accepted lost.

The workers share a SQLite file here (and PostgreSQL when ``GAMETABLE_TEST_POSTGRES`` is set, as
in CI).  The tests that need HAProxy are skipped where it is not installed (``.ci/run`` installs
Debian's package).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from gametable.server.router import Backend, haproxy_config, haproxy_path
from gametable.server.schema import LeaseLost, StoredTable, tables_t, workers_t
from gametable.server.store import Store
from tests.server.conftest import Messages, Server, free_port

HAPROXY = haproxy_path()
needs_haproxy = pytest.mark.skipif(
    HAPROXY is None, reason="HAProxy is not installed (Debian: apt install haproxy; .ci/run does)"
)
POSTGRES = os.environ.get("GAMETABLE_TEST_POSTGRES")
#: quick leases, so that a takeover happens within a few seconds (but not so quick that a live
#: worker on a busy machine, its heartbeat a second late, is taken for dead)
QUICK = ["--set", "heartbeat_interval=0.5", "--set", "lease_timeout=5"]


# -- the leases, in the store alone ----------------------------------------------------------------
def stored_table(table_id: str) -> StoredTable:
    now = time.time()
    return StoredTable(
        table_id, "balzakken", 1, 2, 7, {}, [{"kind": "human"}] * 2, "playing", None, None, now,
        now, [],
    )  # fmt: skip


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    if not POSTGRES:
        pytest.skip("set GAMETABLE_TEST_POSTGRES to a PostgreSQL URL")
    return POSTGRES


def test_one_worker_holds_a_table_and_another_takes_it_when_it_falls_silent(url: str) -> None:
    a, b = Store(url), Store(url)
    try:
        a.owner, b.owner = uuid.uuid4().hex, uuid.uuid4().hex
        a.register_worker(f"a-{a.owner[:6]}", a.owner, "http://a")
        b.register_worker(f"b-{b.owner[:6]}", b.owner, "http://b")
        table_id = uuid.uuid4().hex[:12]
        a.write([("create_table", (stored_table(table_id),))])

        assert a.claim(table_id, a.owner, 10).stored is not None
        held = b.claim(table_id, b.owner, 10)
        assert held.stored is None and held.address == "http://a"  # never a second copy
        assert b.claim("no-such-table", b.owner, 10).exists is False
        move = (table_id, 1, 0, "discard 3", "seat 0 discards", "playing", None, None)
        assert a.write([("append_move", move)]) == [None]

        with a.engine.begin() as conn:  # a falls silent (killed, frozen, cut off)
            conn.execute(
                workers_t.update().where(workers_t.c.incarnation == a.owner).values(heartbeat_at=0)
            )
        taken = b.claim(table_id, b.owner, 10)
        assert taken.stored is not None and taken.stored.moves == [
            (0, "discard 3", "seat 0 discards")
        ]
        late = (table_id, 2, 1, "discard 4", "seat 1 discards", "playing", None, None)
        with pytest.raises(LeaseLost):  # fenced: a's late write changes nothing
            a.write([("append_move", late)])
        assert b.write([("append_move", late)]) == [None]
        assert [m[1] for m in b.load(table_id).moves] == ["discard 3", "discard 4"]
        assert a.owned(a.owner) == set() and b.owned(b.owner) >= {table_id}

        b.retire_worker(f"b-{b.owner[:6]}", b.owner)  # a clean stop frees the table at once
        assert a.claim(table_id, a.owner, 10).stored is not None
    finally:
        a.close()
        b.close()


# -- workers and HAProxy on loopback -------------------------------------------------------------
class Router:
    """HAProxy on a free loopback port in front of ``servers``, with the shipped configuration."""

    def __init__(self, folder: Path, servers: list[Server]) -> None:
        assert HAPROXY is not None
        self.port = free_port()
        backends = [Backend(f"w{i}", "127.0.0.1", s.port) for i, s in enumerate(servers)]
        config = folder / f"haproxy-{self.port}.cfg"
        config.write_text(haproxy_config("127.0.0.1", self.port, backends))
        self.proc = subprocess.Popen([HAPROXY, "-db", "-f", str(config)], stdout=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "HAProxy did not start"
            time.sleep(0.1)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()


def worker_args(name: str, database: list[str]) -> list[str]:
    return [*database, "--set", f"worker_name={name}", *QUICK]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[list[Server], Router]]:
    database = ["--database-url", POSTGRES] if POSTGRES else []
    servers = [Server(tmp_path, extra=worker_args(f"w{i}", database)) for i in range(2)]
    router = None
    try:
        for server in servers:
            server.start()
        router = Router(tmp_path, servers)
        yield servers, router
    finally:
        if router is not None:
            router.stop()
        for server in servers:
            server.kill()


class Seat:
    """A socket at a table through one entry point (``base``: a worker or the router)."""

    def __init__(self, base: str, table_id: str, token: str | None) -> None:
        self.url = base.replace("http", "ws") + f"/ws/{table_id}"
        self.token = token
        self.last: dict[str, Any] = {}
        self.ws: Messages = self.open()

    def open(self, timeout: float = 30) -> Messages:
        """Connected and synced (retried while the table changes workers)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                ws = Messages(connect(self.url, max_size=2**24, open_timeout=10).__enter__())
                ws.send(json.dumps({"type": "hello", "token": self.token}))
                while True:
                    msg = json.loads(ws.recv(timeout=10))
                    if msg["type"] == "sync":
                        self.last = msg
                        return ws
                    assert msg["type"] in ("welcome", "presence"), msg
            except (ConnectionClosed, OSError, TimeoutError) as exc:
                if time.monotonic() > deadline:
                    raise AssertionError(f"could not reach {self.url}: {exc!r}") from exc
                time.sleep(0.3)

    def reconnect(self) -> None:
        self.ws.close()
        self.ws = self.open()

    def read_until(self, seq: int, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while self.last.get("seq", -1) < seq:
            msg = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if msg["type"] in ("update", "sync"):
                self.last = msg
        return self.last

    def move(self, rng: random.Random) -> dict[str, Any]:
        """A random legal move; the answer (``accepted`` or ``refused``)."""
        seq = self.last["seq"]
        action = rng.choice(self.last["legal"])["notation"]
        request = f"m{seq}"
        self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq, "id": request}))
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg["type"] in ("update", "sync"):
                self.last = msg
            elif msg.get("id") == request and msg["type"] in ("accepted", "refused"):
                return msg

    def close(self) -> None:
        self.ws.close()


def create(base: str, players: int = 2, game: str = "balzakken") -> dict[str, Any]:
    r = httpx.post(base + "/api/tables", json={"game": game, "players": players}, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


def play(seats: list[Seat], watchers: list[Seat], rng: random.Random, moves: int) -> int:
    """Up to ``moves`` moves (fewer if the game ends); every socket sees each one.  The seq."""
    for _ in range(moves):
        if seats[0].last["over"]:
            break
        mover = next(s for s in seats if s.last["legal"])
        answer = mover.move(rng)
        assert answer["type"] == "accepted", answer
        for sock in seats + watchers:
            sock.read_until(answer["seq"])
    return seats[0].last["seq"]


def in_memory(servers: list[Server]) -> list[int]:
    return [httpx.get(s.base + "/api/health").json()["tables_in_memory"] for s in servers]


@needs_haproxy
def test_two_workers_play_whole_games_through_either_entry_point(
    cluster: tuple[list[Server], Router],
) -> None:
    servers, router = cluster
    entries = [router.base, servers[0].base, servers[1].base]
    rng = random.Random(24)
    for k in range(3):  # each table opened through another entry point
        table = create(entries[k])
        tokens = [s["token"] for s in table["seats"]]
        seats = [Seat(entries[(k + i) % 3], table["id"], tokens[i]) for i in range(2)]
        watcher = Seat(entries[(k + 2) % 3], table["id"], None)
        seq = play(seats, [watcher], rng, 400)
        assert seats[0].last["over"] and watcher.last["over"] and watcher.last["seq"] == seq
        assert seats[0].last["view"] == seats[1].last["view"] or seats[0].last["seat"] == 0
        record = httpx.get(f"{entries[(k + 1) % 3]}/api/tables/{table['id']}/record").json()
        assert len(record["moves"]) == seq  # the whole game, asked through another entry
        for sock in [*seats, watcher]:
            sock.close()
    assert sum(in_memory(servers)) == 3  # each table in exactly one worker


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
@needs_haproxy
def test_a_worker_killed_mid_game_has_its_tables_taken_over_and_nothing_accepted_is_lost(
    cluster: tuple[list[Server], Router],
) -> None:
    servers, router = cluster
    rng = random.Random(7)
    tables = [create(router.base) for _ in range(4)]
    games = []
    for table in tables:
        seats = [Seat(router.base, table["id"], s["token"]) for s in table["seats"]]
        watcher = Seat(router.base, table["id"], None)
        games.append((seats, watcher, play(seats, [watcher], rng, 6)))
    held = in_memory(servers)
    victim = servers[held.index(max(held))]  # the worker holding most of them
    victim.kill()  # SIGKILL mid-game: no shutdown handler runs

    for seats, watcher, seq in games:
        before = [s.last["view"] for s in seats]
        for sock in [*seats, watcher]:
            sock.reconnect()  # routed to the survivor, which takes the table over
            assert sock.last["seq"] == seq  # every accepted move is still there
        assert [s.last["view"] for s in seats] == before
        if not seats[0].last["over"]:
            assert play(seats, [watcher], rng, 4) > seq  # and the game goes on
    survivor = servers[1 - servers.index(victim)]
    assert in_memory([survivor]) == [len(tables)]


@needs_haproxy
@pytest.mark.slow  # three processes started one after the other
def test_serve_with_two_workers_starts_them_behind_haproxy_and_stops_them(tmp_path: Path) -> None:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gametable.server",
        "--port",
        str(port),
        "--data-dir",
        str(tmp_path),
        "--workers",
        "2",
        *("--set", "create_burst=1000", "--set", "max_sockets_per_client=1000"),
    ]
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "WEB_CONCURRENCY": "2"},
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while "gametable server on" not in log.read_text():
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        names = {httpx.get(base + "/api/health").json()["worker"] for _ in range(6)}
        assert len(names) == 2  # requests without a table go to either worker
        table = create(base)
        seats = [Seat(base, table["id"], s["token"]) for s in table["seats"]]
        assert play(seats, [], random.Random(1), 5) == 5
        children = subprocess.run(
            ["pgrep", "-P", str(proc.pid)], capture_output=True, text=True
        ).stdout.split()
        assert len(children) == 3  # two workers and HAProxy
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        for pid in children:
            assert (
                not Path(f"/proc/{pid}").exists()
                or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]
            )
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_a_restarted_worker_takes_its_tables_back_at_once(tmp_path: Path) -> None:
    """A worker restarted under the same name replaces its earlier incarnation: its tables are
    free at once, not after ``lease_timeout``."""
    srv = Server(tmp_path, extra=["--set", "lease_timeout=600"])
    try:
        srv.start()
        table = srv.create()
        seat = Seat(srv.base, table["id"], table["seats"][0]["token"])
        seat.close()
        srv.kill()
        srv.start()
        started = time.monotonic()
        again = Seat(srv.base, table["id"], table["seats"][0]["token"])
        assert again.last["seq"] == 0 and time.monotonic() - started < 30
        engine = sa.create_engine(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
        with engine.connect() as conn:
            owner = conn.execute(
                sa.select(tables_t.c.owner).where(tables_t.c.id == table["id"])
            ).scalar_one()
            assert conn.execute(
                sa.select(workers_t.c.incarnation).where(workers_t.c.incarnation == owner)
            ).first()  # the lease names the live incarnation
        engine.dispose()
        again.close()
    finally:
        srv.kill()
