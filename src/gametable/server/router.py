"""``gametable serve --workers N``: N workers and HAProxy in front of them, on one machine.

Each worker is a ``gametable serve`` process of its own on a loopback port, with the same
settings and a name of its own (``HOST/1``, ``HOST/2``...); they share the database (PostgreSQL,
or the SQLite file for a small machine) and hold each table in one of them
(:mod:`gametable.server.cluster`).  HAProxy (Debian: ``apt install haproxy``) listens on the public
port and sends every request about a table (``/ws/{table}``, ``/api/tables/{table}...``) to the
worker its id hashes to (consistent hashing, so a worker that goes away moves only its own
tables), everything else to any worker; it checks each worker's ``/api/health`` every second and
stops sending to one that does not answer.  :func:`haproxy_config` writes the configuration; a
deployment over several machines uses the same one with the machines' addresses
(``docs/deploy.md``).

The supervisor restarts a worker that dies (under the same name) and HAProxy if it dies, and
stops everything on SIGTERM or SIGINT.  A process that keeps dying (more than
:data:`MAX_RESTARTS` times in :data:`RESTART_WINDOW` seconds) cannot be kept up: the supervisor
then stops the others and exits with a non-zero status, so that the service manager
(``Restart=on-failure``) sees the failure.  The workers and HAProxy never outlive the
supervisor: each is told by the kernel when its parent dies (Linux's parent-death signal:
SIGTERM to a worker, which stops cleanly, SIGKILL to HAProxy, which frees the port at once), so
the same command can be run again at once after a ``kill -9`` of the supervisor.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import typer

from gametable.core.errors import GameError
from gametable.server.settings import Settings

#: seconds a worker may take to answer its first health check
START_TIMEOUT = 120.0
#: seconds between a worker's death and its restart
RESTART_DELAY = 1.0
#: restarts of one process within :data:`RESTART_WINDOW` seconds after which it is given up
MAX_RESTARTS = 5
RESTART_WINDOW = 60.0
#: ``prctl`` option: the signal a process gets when its parent dies (Linux)
PR_SET_PDEATHSIG = 1


def dies_with_parent(signum: int) -> Callable[[], None] | None:
    """A ``preexec_fn`` that has the kernel send ``signum`` to the child when the supervisor
    dies, however it dies (``None`` where there is no ``prctl``: not Linux)."""
    name = ctypes.util.find_library("c")
    if not sys.platform.startswith("linux") or name is None:
        return None
    libc = ctypes.CDLL(name, use_errno=True)
    parent = os.getpid()

    def set_signal() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signum)
        if os.getppid() != parent:  # the supervisor died before the signal was set
            os.kill(os.getpid(), signum)

    return set_signal


class RouterError(GameError):
    """The workers or their router could not be started."""


@dataclass(frozen=True)
class Backend:
    """One worker as the router sees it."""

    name: str
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"


def haproxy_config(host: str, port: int, backends: list[Backend], max_body: int = 65536) -> str:
    """An HAProxy configuration that routes each table to one worker (by hashing its id).

    >>> print(haproxy_config("127.0.0.1", 8000, [Backend("a", "127.0.0.1", 8001)]))
    ... # doctest: +ELLIPSIS
    global
    ...
        http-request set-var(txn.table) path,field(3,/) if { path_beg /ws/ }
    ...
        server a 127.0.0.1:8001
    ...
    """
    servers = "\n".join(
        f"    server {b.name.replace('/', '-')} {b.host}:{b.port}" for b in backends
    )
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return f"""\
global
    # maxconn: by default HAProxy takes what its open-file limit allows (a socket through it
    # holds two: the client's and the worker's); raise LimitNOFILE rather than set it here

defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h          # a socket may stay open (and quiet) for long
    timeout http-request 10s
    option forwardfor          # the workers' per-client limits see the client's address
    retries 3
    option redispatch 1        # a worker that refuses connections: try another at once
    retry-on conn-failure empty-response

frontend gametable
    bind {bind}
    # the table's id: /ws/ID and /api/tables/ID[/...]
    http-request set-var(txn.table) path,field(3,/) if {{ path_beg /ws/ }}
    http-request set-var(txn.table) path,field(4,/) if {{ path_beg /api/tables/ }}
    use_backend by_table if {{ var(txn.table) -m found }}
    default_backend any

backend by_table
    balance hash var(txn.table)
    hash-type consistent       # a worker going away moves only its own share of tables
    option httpchk GET /api/health
    default-server check inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
{servers}

backend any
    balance roundrobin
    option httpchk GET /api/health
    default-server check inter 1s fall 2 rise 2
{servers}
"""


#: where Debian and a source build put ``haproxy`` (``/usr/sbin`` is not on every user's PATH)
HAPROXY_PLACES = ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy")


def haproxy_path() -> str | None:
    """The ``haproxy`` program, if installed (on the PATH or in :data:`HAPROXY_PLACES`)."""
    return shutil.which("haproxy") or next(
        (p for p in HAPROXY_PLACES if os.access(p, os.X_OK)), None
    )


def find_haproxy() -> str:
    """The ``haproxy`` program; :class:`RouterError` says how to get it."""
    found = haproxy_path()
    if found is None:
        raise RouterError(
            "--workers needs HAProxy in front of the workers (Debian/Ubuntu: apt install "
            "haproxy); or run the workers yourself behind your proxy (docs/deploy.md)"
        )
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def settings_toml(settings: Settings) -> str:
    """``settings`` as a TOML file that :meth:`Settings.from_toml` reads back."""
    lines = []
    for name, value in settings.as_dict().items():
        if value is None:
            continue
        if isinstance(value, str | Path):
            text = str(value).replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{name} = "{text}"')
        else:
            lines.append(f"{name} = {value!r}")
    return "\n".join(lines) + "\n"


class Supervisor:
    """N workers and HAProxy, started, watched and stopped together."""

    def __init__(
        self, settings: Settings, workers: int, host: str, port: int, forwarded_allow_ips: str
    ) -> None:
        self.settings = settings
        self.host = host
        self.port = port
        self.trusted = ",".join(dict.fromkeys(["127.0.0.1", *forwarded_allow_ips.split(",")]))
        self.haproxy_path = find_haproxy()
        self.folder = Path(tempfile.mkdtemp(prefix="gametable-router-"))
        base = settings.worker_name or socket.gethostname() or "gametable"
        self.backends = [
            Backend(f"{base}/{i}", "127.0.0.1", free_port()) for i in range(1, workers + 1)
        ]
        self.procs: dict[Backend, subprocess.Popen] = {}
        self.haproxy: subprocess.Popen | None = None
        self.stopping = False
        self.restarts = Restarts()

    def worker_command(self, backend: Backend) -> list[str]:
        config = self.folder / "settings.toml"
        return [
            sys.executable,
            "-m",
            "gametable.server",
            "--host",
            backend.host,
            "--port",
            str(backend.port),
            "--config",
            str(config),
            "--set",
            f"worker_name={backend.name}",
            "--forwarded-allow-ips",
            self.trusted,
        ]

    def start_worker(self, backend: Backend) -> None:
        self.procs[backend] = subprocess.Popen(
            self.worker_command(backend),
            stdout=subprocess.DEVNULL,
            preexec_fn=dies_with_parent(signal.SIGTERM),  # (no threads here)
        )

    def start_haproxy(self) -> None:
        self.haproxy = subprocess.Popen(
            [self.haproxy_path, "-db", "-f", str(self.folder / "haproxy.cfg")],
            stdout=subprocess.DEVNULL,
            preexec_fn=dies_with_parent(signal.SIGKILL),  # (no threads here)
        )

    def healthy(self, backend: Backend) -> bool:
        try:
            with socket.create_connection((backend.host, backend.port), timeout=1) as sock:
                sock.sendall(b"GET /api/health HTTP/1.0\r\nHost: worker\r\n\r\n")
                return sock.recv(16).startswith(b"HTTP/1.1 200")
        except OSError:
            return False

    def start(self) -> None:
        """Every worker, then HAProxy; :class:`RouterError` if one does not come up."""
        (self.folder / "settings.toml").write_text(settings_toml(self.settings))
        (self.folder / "haproxy.cfg").write_text(
            haproxy_config(self.host, self.port, self.backends, self.settings.max_body)
        )
        first, *others = self.backends
        self.start_worker(first)  # the first one upgrades the database's schema alone
        self.wait_healthy([first])
        for backend in others:
            self.start_worker(backend)
        self.wait_healthy(others)
        self.start_haproxy()
        self.wait_listening()

    def wait_listening(self) -> None:
        """Until HAProxy listens; :class:`RouterError` if it does not within 10 s."""
        deadline = time.monotonic() + 10
        while not self.listening():
            if self.haproxy is None or self.haproxy.poll() is not None:
                raise RouterError(f"HAProxy did not start listening on {self.host}:{self.port}")
            if time.monotonic() > deadline:
                raise RouterError(f"HAProxy did not start listening on {self.host}:{self.port}")
            time.sleep(0.1)

    def wait_healthy(self, backends: list[Backend]) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        for backend in backends:
            while not self.healthy(backend):
                if self.procs[backend].poll() is not None:
                    raise RouterError(f"worker {backend.name} exited while starting")
                if time.monotonic() > deadline:
                    raise RouterError(f"worker {backend.name} did not start")
                time.sleep(0.2)

    def listening(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection((self.host, self.port), 1):
            return True
        return False

    def watch(self) -> None:
        """Until told to stop: restart the workers and HAProxy when they die;
        :class:`RouterError` when one keeps dying (see the module's docstring)."""
        while not self.stopping:
            time.sleep(0.5)
            if self.haproxy is not None and self.haproxy.poll() is not None:
                self.restarts.note("HAProxy", self.haproxy.returncode)
                self.start_haproxy()
                self.wait_listening()
            for backend, proc in list(self.procs.items()):
                if proc.poll() is not None and not self.stopping:
                    self.restarts.note(f"worker {backend.name}", proc.returncode)
                    time.sleep(RESTART_DELAY)
                    self.start_worker(backend)

    def stop(self) -> None:
        """SIGTERM to every process, SIGKILL to those still there after the shutdown time."""
        self.stopping = True
        procs = [p for p in [self.haproxy, *self.procs.values()] if p is not None]
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + self.settings.shutdown_timeout + 5
        for proc in procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Restarts:
    """When each process was restarted, to tell a process that keeps dying."""

    times: dict[str, list[float]] = field(default_factory=dict)

    def note(self, what: str, status: int | None) -> None:
        """``what`` ended with ``status`` and is about to be restarted; :class:`RouterError`
        if that would be its :data:`MAX_RESTARTS` + 1st restart in :data:`RESTART_WINDOW`."""
        now = time.monotonic()
        recent = [t for t in self.times.get(what, []) if now - t < RESTART_WINDOW] + [now]
        self.times[what] = recent
        if len(recent) > MAX_RESTARTS:
            raise RouterError(
                f"{what} ended {len(recent)} times in {RESTART_WINDOW:g} s (last status "
                f"{status}); it cannot be kept up, so everything stops"
            )
        typer.echo(f"{what} ended (status {status}); restarting", err=True)


def run(settings: Settings, workers: int, host: str, port: int, forwarded_allow_ips: str) -> None:
    """Serve with ``workers`` processes behind HAProxy on ``host:port`` until SIGTERM/SIGINT."""
    supervisor = Supervisor(settings, workers, host, port, forwarded_allow_ips)

    def stop(_signum: int, _frame: object) -> None:
        supervisor.stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        supervisor.start()
        typer.echo(
            f"gametable server on http://{host}:{port}/  ({workers} workers behind HAProxy; "
            "API docs: /docs)"
        )
        supervisor.watch()
    finally:
        supervisor.stop()
