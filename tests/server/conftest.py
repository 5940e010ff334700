"""A real server on loopback: ``python -m gametable.server`` in a subprocess, on a free port."""

from __future__ import annotations

import collections
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gametable.server import wire

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: seconds a server may take to start (a busy shared machine is slow to import it all: at a load
#: average of 20 on 2 cores, a start took 124 s)
START_TIMEOUT = 240.0
#: the tests open many tables and sockets from one address: lift the per-client limits (the
#: adversarial tests start servers with the real ones)
RELAXED = [
    "--set",
    "create_burst=100000",
    "--set",
    "auth_burst=100000",
    "--set",
    "max_sockets_per_client=100000",
    "--set",
    "max_bot_tables_per_client=100000",
]


def keep_playing(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A Balzakken move from a ``legal`` list that does not call BALZAK!, unless calling it is
    the only move left (then it is that): tests that play on pick their moves with it."""
    return next((x for x in legal if x["json"]["kind"] != "balzak"), legal[0])


class Server:
    """One server process; ``kill()`` ends it abruptly, ``start()`` again on the same data.

    ``limits``: the ``--set`` options about per-client limits (default: :data:`RELAXED`).
    """

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        extra: list[str] | None = None,
        limits: list[str] | None = None,
    ):
        self.data_dir = data_dir
        self.port = port or free_port()
        self.extra = extra or []
        self.limits = RELAXED if limits is None else limits
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.log = open(self.data_dir / f"server-{time.time_ns()}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gametable.server",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--data-dir",
                str(self.data_dir),
                "--bot-delay",
                "0",
                *self.limits,
                *self.extra,
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {Path(self.log.name).read_text()}")
            try:
                if httpx.get(self.base + "/api/health", timeout=0.5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()  # never leave a server behind
        raise RuntimeError(f"server did not start in {START_TIMEOUT:g} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, like a crash or a power cut of the process."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        """SIGTERM: a clean shutdown (worker processes stopped, database closed)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None

    def create(
        self,
        game: str = "balzakken",
        players: int = 2,
        seats: list | None = None,
        options: dict | None = None,
        clock: dict | None = None,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "players": players, "options": options or {}}
        if seats is not None:
            body["seats"] = seats
        if clock is not None:
            body["clock"] = clock
        r = httpx.post(self.base + "/api/tables", json=body, timeout=10)
        assert r.status_code == 201, r.text
        return r.json()

    def connect(self, table_id: str, token: str | None) -> Client:
        return Client(self, table_id, token)


class Messages:
    """A client socket read one message at a time, as the protocol's clients do
    (:mod:`gametable.server.wire`): a frame holding several messages (a JSON array) is split,
    and an ``update`` with a ``patch`` is given its whole ``view`` (a patch this socket cannot
    apply fails the test).  ``recv`` returns each message's JSON text; the rest is the socket's."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.waiting: collections.deque[dict[str, Any]] = collections.deque()
        self.follower = wire.Follower()
        #: every frame received, as sent
        self.frames: list[str] = []

    def recv(self, timeout: float | None = None) -> str:
        while not self.waiting:
            frame = self.ws.recv(timeout=timeout)
            self.frames.append(frame)
            self.waiting.extend(wire.messages(frame))
        try:
            return json.dumps(self.follower.take(self.waiting.popleft()))
        except wire.Gap as exc:
            raise AssertionError(
                f"the server sent a patch this socket cannot apply: {exc}"
            ) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ws, name)


class Client:
    """A seat (or spectator) on a WebSocket; remembers every message it received."""

    def __init__(self, server: Server, table_id: str, token: str | None) -> None:
        self._connection = ws_client.connect(f"{server.ws_base}/ws/{table_id}", max_size=2**24)
        self.ws = Messages(self._connection.__enter__())
        self.messages: list[dict[str, Any]] = []
        # A client-side token bucket a little under the server's default per-socket limit
        # (20 a second, bursts of 100), so a test walking a long game at machine speed is
        # paced like a fast player instead of being refused with ``rate`` errors.
        self._tokens, self._refilled = 80.0, time.monotonic()
        self.send({"type": "hello", "token": token})
        self.welcome = self.next()
        self.last: dict[str, Any] | None = None
        if self.welcome["type"] == "welcome":
            self.last = self.until("sync")

    def send(self, msg: dict[str, Any] | str) -> None:
        now = time.monotonic()
        self._tokens = min(80.0, self._tokens + (now - self._refilled) * 15.0)
        self._refilled = now
        if self._tokens < 1:
            time.sleep((1 - self._tokens) / 15.0)
            self._tokens, self._refilled = 1.0, time.monotonic()
        self._tokens -= 1
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def next(self, timeout: float = 10) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        if msg["type"] in ("sync", "update"):
            self.last = msg
        return msg

    def until(self, kind: str, timeout: float = 10, **fields: Any) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.next(max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                return msg

    def at_seq(self, seq: int, timeout: float = 30) -> dict[str, Any]:
        """Read until this client's latest view is at ``seq``."""
        deadline = time.monotonic() + timeout
        while self.last is None or self.last["seq"] < seq:
            self.next(max(0.01, deadline - time.monotonic()))
        return self.last

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server")).start()
    yield srv
    srv.kill()


#: the pages of the tests of other things show the other seats' moves at the fast pace (the
#: table's "moves" setting, kept in localStorage), so that tests playing many moves stay quick
FAST = "try { localStorage.setItem('gametable:pace', 'fast'); } catch (e) {}"


class FastPages:
    """A browser whose new pages and contexts show the other seats' moves at the fast pace."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.add_init_script(FAST)
        return context

    def new_page(self, **options):
        context = self.new_context(**options)
        page = context.new_page()
        page.on("close", lambda _: context.close())  # (as the browser's own new_page does)
        return page

    def __getattr__(self, name: str):
        return getattr(self._browser, name)
