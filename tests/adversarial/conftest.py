"""Attacks on a real server process on loopback (issue 16), bounded in time.

Each attacker comes from its own loopback address (127.0.0.2, 127.0.0.3, ...: Linux routes the
whole 127/8 to the loopback interface), so per-client limits can be tested one attacker at a
time, on one server, without the attacks spoiling each other.
"""

from __future__ import annotations

import itertools
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.conftest import Messages, Server

_addresses = itertools.count(2)


def new_address() -> str:
    """A loopback address no other attacker of this test run has used."""
    n = next(_addresses)
    return f"127.0.{n // 250}.{n % 250 + 2}"


class Attacker:
    """HTTP and WebSocket clients that all come from one loopback address."""

    def __init__(self, server: Server, address: str | None = None) -> None:
        self.server = server
        self.address = address or new_address()
        self.http = httpx.Client(
            base_url=server.base,
            transport=httpx.HTTPTransport(local_address=self.address),
            timeout=20,
        )

    def create(self, **body: Any) -> httpx.Response:
        body = {"game": "balzakken", "players": 2, **body}
        return self.http.post("/api/tables", json=body)

    def socket(self, table_id: str, hello: dict[str, Any] | str | None = None) -> Messages:
        """A WebSocket to ``table_id`` from this address; says ``hello`` if given."""
        sock = socket.socket()
        sock.bind((self.address, 0))
        sock.connect(("127.0.0.1", self.server.port))
        # entered by hand: the socket lives as long as the test wants, not for one block
        # close_timeout: a socket that stopped reading (on purpose) is not waited on at the end
        ws = Messages(
            connect(
                f"{self.server.ws_base}/ws/{table_id}",
                sock=sock,
                max_size=2**24,
                close_timeout=0.5,
            ).__enter__()
        )
        if hello is not None:
            ws.send(hello if isinstance(hello, str) else json.dumps(hello))
        return ws

    def close(self) -> None:
        self.http.close()


def closed_with(ws: Messages, timeout: float = 10) -> tuple[int, str]:
    """Read until the server closes ``ws``; its close code and reason."""
    deadline = time.monotonic() + timeout
    try:
        while True:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed as exc:
        assert exc.rcvd is not None, "closed without a close frame"
        return exc.rcvd.code, exc.rcvd.reason


def recv_json(ws: Messages, timeout: float = 10) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))


def until(ws: Messages, kind: str, timeout: float = 10, **fields: Any) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = recv_json(ws, max(0.01, deadline - time.monotonic()))
        if msg.get("type") == kind and all(msg.get(k) == v for k, v in fields.items()):
            return msg


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


#: the hardened server's settings: the defaults, with shorter timeouts so the tests are quick
STRICT = [
    "--set",
    "hello_timeout=1",
    "--set",
    "socket_idle=4",
    "--set",
    "max_spectators=8",
    "--set",
    "max_sockets_per_client=16",
    "--set",
    "bot_max_seconds=2",
    "--set",
    "bot_deadline=1",
    "--set",
    "bot_grace=1",
]


@pytest.fixture(scope="session")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the real per-client limits (see :data:`STRICT` for what is shortened)."""
    srv = Server(tmp_path_factory.mktemp("strict"), limits=STRICT).start()
    yield srv
    srv.kill()


@pytest.fixture
def attacker(strict: Server) -> Iterator[Attacker]:
    a = Attacker(strict)
    yield a
    a.close()
