"""Several workers fail safely (issue 45, item 5): ``gametable serve --workers 2`` with each of
its processes killed in turn (a worker, HAProxy, the supervisor itself), and no acknowledged move
lost.  The documented recovery holds: a dead worker is restarted and takes its tables back, a
dead HAProxy is restarted, the workers and HAProxy never outlive the supervisor, and the same
command works again at once after a ``kill -9`` of it.  The database URL comes from the
environment, never the command line.  On PostgreSQL when ``GAMETABLE_TEST_POSTGRES`` is set
(``.ci/run``), else on SQLite; skipped without HAProxy."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from gametable.server.router import RESTART_WINDOW, Restarts, RouterError
from gametable.server.schema import tables_t, workers_t
from tests.server.conftest import free_port
from tests.server.test_cluster import POSTGRES, QUICK, Seat, create, needs_haproxy, play

pytestmark = [pytest.mark.slow, needs_haproxy]


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in found.split()]


def cmdline(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


class Cluster:
    """``gametable serve --workers 2`` on a free port, its output in ``log``."""

    def __init__(self, folder: Path, url: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.url = url
        self.log = folder / "serve.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "gametable.server", "--port", str(self.port)]
        command += ["--workers", "2", *QUICK, "--set", "create_burst=1000"]
        command += ["--set", "max_sockets_per_client=1000"]
        with self.log.open("a") as out:
            self.proc = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "GAMETABLE_DATABASE_URL": self.url},
            )
        deadline = time.monotonic() + 180
        while self.log.read_text().count("gametable server on") < self.starts + 1:
            assert self.proc.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.2)
        self.starts += 1
        self.wait_for_both_workers(deadline)

    def wait_for_both_workers(self, deadline: float) -> None:
        """Until the router sends requests to both workers: it marks a worker up only after
        two health checks a second apart, so right after the start one may still be out, and
        every new table would go to the other."""
        seen: set[str] = set()
        while len(seen) < 2:
            assert time.monotonic() < deadline, (seen, self.log.read_text())
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=5) as reply:
                    seen.add(json.loads(reply.read())["worker"])
            except OSError:
                pass  # the router between a worker's restart and its checks
            time.sleep(0.1)

    starts = 0

    def processes(self) -> tuple[list[int], int]:
        """The workers' pids and HAProxy's."""
        assert self.proc is not None
        kids = children(self.proc.pid)
        haproxy = [p for p in kids if b"haproxy" in cmdline(p)]
        return [p for p in kids if p not in haproxy], haproxy[0]

    def holders(self, table_ids: list[str]) -> dict[str, str | None]:
        """The name of the worker holding each table (``None``: nobody)."""
        engine = sa.create_engine(self.url)
        try:
            with engine.connect() as conn:
                rows = conn.execute(
                    sa.select(tables_t.c.id, workers_t.c.name)
                    .select_from(
                        tables_t.outerjoin(workers_t, workers_t.c.incarnation == tables_t.c.owner)
                    )
                    .where(tables_t.c.id.in_(table_ids))
                )
                return {r.id: r.name for r in rows}
        finally:
            engine.dispose()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    url = POSTGRES or f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    cluster = Cluster(tmp_path, url)
    try:
        yield cluster
    finally:
        if cluster.proc is not None and cluster.proc.poll() is None:
            workers, haproxy = cluster.processes()
            cluster.proc.kill()
            for pid in [*workers, haproxy]:
                os.kill(pid, signal.SIGKILL) if alive(pid) else None
            cluster.proc.wait()


def reconnect_all(games: list[tuple[list[Seat], int]]) -> None:
    """Every seat back (retrying while its table changes workers), at its table's last
    acknowledged move."""
    for seats, seq in games:
        for seat in seats:
            seat.reconnect()
            assert seat.last["seq"] == seq, "an acknowledged move was lost"


def play_on(
    games: list[tuple[list[Seat], int]], rng: random.Random
) -> list[tuple[list[Seat], int]]:
    return [(seats, play(seats, [], rng, 3)) for seats, _seq in games]


def wait_for(check: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the recovery did not happen in time"
        time.sleep(0.5)


def test_each_process_of_a_cluster_killed_in_turn_loses_no_acknowledged_move(
    cluster: Cluster,
) -> None:
    cluster.start()
    workers, haproxy = cluster.processes()
    for pid in [cluster.proc.pid, *workers, haproxy]:  # type: ignore[union-attr]
        assert cluster.url.encode() not in cmdline(pid)
    rng = random.Random(45)
    tables = [create(cluster.base) for _ in range(8)]
    ids = [t["id"] for t in tables]
    games = [([Seat(cluster.base, t["id"], s["token"]) for s in t["seats"]], 0) for t in tables]
    games = play_on(games, rng)
    before = cluster.holders(ids)
    assert len(set(before.values())) == 2, before  # both workers hold tables

    # a worker: its tables taken over at once, then given back to it once it is restarted
    victim_name = next(iter(before.values()))
    victim = next(p for p in workers if f"worker_name={victim_name}".encode() in cmdline(p))
    os.kill(victim, signal.SIGKILL)
    reconnect_all(games)  # through the survivor, which takes the victim's tables over
    survivor = next(n for n in before.values() if n != victim_name)
    # each table is the survivor's, or already handed back to its own worker when the supervisor
    # restarted the victim before this look (under load the restart can win that race)
    now = cluster.holders(ids)
    assert all(now[t] in (survivor, before[t]) for t in ids), (before, now)
    wait_for(lambda: "ended (status -9); restarting" in cluster.log.read_text())
    wait_for(lambda: cluster.holders(ids) == before)  # handed back, each to its worker
    reconnect_all(games)
    games = play_on(games, rng)
    assert cluster.holders(ids) == before

    # HAProxy: restarted by the supervisor
    _workers, haproxy = cluster.processes()
    os.kill(haproxy, signal.SIGKILL)
    wait_for(lambda: "HAProxy ended" in cluster.log.read_text())
    reconnect_all(games)
    games = play_on(games, rng)

    # the supervisor: its workers and HAProxy go with it, and the same command works at once
    workers, haproxy = cluster.processes()
    cluster.proc.kill()  # type: ignore[union-attr]
    cluster.proc.wait()  # type: ignore[union-attr]
    wait_for(lambda: not any(alive(p) for p in [*workers, haproxy]), timeout=30)
    cluster.start()
    reconnect_all(games)
    games = play_on(games, rng)
    for seats, _seq in games:
        for seat in seats:
            seat.close()

    cluster.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
    assert cluster.proc.wait(60) == 0  # type: ignore[union-attr]
    assert "Traceback" not in cluster.log.read_text()


def test_a_process_that_keeps_dying_stops_the_supervisor_with_an_error() -> None:
    restarts = Restarts()
    for _ in range(5):
        restarts.note("worker w/1", -9)
    with pytest.raises(RouterError, match="cannot be kept up"):
        restarts.note("worker w/1", -9)
    restarts.times["HAProxy"] = [time.monotonic() - RESTART_WINDOW - 1] * 9
    restarts.note("HAProxy", 1)  # long ago: not counted


def test_the_supervisor_exits_non_zero_when_it_cannot_keep_haproxy_up(tmp_path: Path) -> None:
    """HAProxy that cannot listen (its port taken by someone else once it died) cannot be
    kept up: the supervisor stops its workers and exits with an error, not 0."""
    cluster = Cluster(tmp_path, f"sqlite:///{tmp_path / 'shared.sqlite3'}")
    cluster.start()
    workers, haproxy = cluster.processes()
    os.kill(haproxy, signal.SIGKILL)
    squatter = socket.socket()  # the port taken by another program before HAProxy comes back
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    for _ in range(100):
        try:
            squatter.bind(("127.0.0.1", cluster.port))
            break
        except OSError:
            time.sleep(0.02)
    squatter.listen()
    try:
        assert cluster.proc is not None
        assert cluster.proc.wait(60) != 0
        assert "cannot be kept up" in cluster.log.read_text() or "HAProxy did not" in (
            cluster.log.read_text()
        )
        wait_for(lambda: not any(alive(p) for p in workers), timeout=30)
    finally:
        squatter.close()
