"""Run a server on uvicorn, on a socket already bound (so the port is checked before anything
starts), and print the banner once the server listens."""

from __future__ import annotations

import socket
from typing import Any

import typer
import uvicorn

from gametable.server.app import create_app
from gametable.server.frames import DirectFrames, ParserLetGo
from gametable.server.settings import Settings


class BannerServer(uvicorn.Server):
    """uvicorn's server, saying ``banner`` once it listens (never if it fails to start)."""

    def __init__(self, config: uvicorn.Config, banner: str) -> None:
        super().__init__(config)
        self.banner = banner

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if not self.should_exit:
            typer.echo(self.banner)


def advertised_host(host: str) -> str:
    """How the other workers on this machine or network reach a server listening on ``host``."""
    if host in ("", "0.0.0.0"):
        return socket.gethostname()
    if host == "::":
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def server_config(app: Any, settings: Settings, forwarded_allow_ips: str) -> uvicorn.Config:
    """uvicorn's configuration for ``app``.  The event loop, the HTTP parser and the WebSocket
    protocol are uvicorn's ``auto`` choices, which with ``uvicorn[standard]`` installed are uvloop,
    httptools and ``websockets-sansio``: the cheapest per frame that uvicorn offers (server CPU
    per socket round of one frame in and one 2 KB frame out, measured side by side with
    ``bench/ws_stack.py``: websockets-sansio about two thirds of the older ``websockets``' and
    ``wsproto``'s; the runs: ``bench/results/capacity.md``).  ``auto`` rather than the names,
    so that a platform without uvloop (Windows) still starts; ``tests/server/test_capacity.py``
    checks what ``auto`` picks here.  The WebSocket protocol is that one with frames written at
    once (:mod:`~gametable.server.frames`) when uvicorn has it, and the HTTP protocol is
    httptools' with the parser let go of after an upgrade (``ParserLetGo``, there too)."""
    return uvicorn.Config(
        app,
        http=ParserLetGo if ParserLetGo is not None else "auto",
        ws=DirectFrames if DirectFrames is not None else "auto",
        # no per-message deflate: views are small, and compressing each costs ~1 ms of CPU
        ws_max_size=max(64 * 1024, settings.max_message),
        ws_per_message_deflate=False,
        # uvicorn pings every 20 s by default: 1,000 pings a second at 20,000 sockets
        ws_ping_interval=settings.ping_interval or None,
        log_level="warning",
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=max(1, round(settings.shutdown_timeout)),
        # one process: uvicorn's own workers (WEB_CONCURRENCY) would each load their own copy
        # of a table; several workers are ``gametable serve --workers N`` (router.py)
        workers=1,
    )


def run(settings: Settings, sock: socket.socket, host: str, forwarded_allow_ips: str) -> None:
    """Serve on ``sock`` until stopped.  Opening the database (and upgrading its schema) happens
    before anything listens; its errors (``GameError``) propagate to the caller."""
    port = sock.getsockname()[1]
    app = create_app(settings, address=f"http://{advertised_host(host)}:{port}")
    config = server_config(app, settings, forwarded_allow_ips)
    BannerServer(config, f"gametable server on http://{host}:{port}/  (API docs: /docs)").run(
        sockets=[sock]
    )
