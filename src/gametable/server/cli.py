"""``gametable serve``: registered on the main command by :func:`register`.

Everything is checked before the server starts (the port, every setting, the database and its
schema); a problem ends the command with a clear message and exit status 2.  The banner is
printed once the server is listening, with the port it really listens on.
"""

from __future__ import annotations

import resource
import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from gametable.core.errors import GameError
from gametable.server import router
from gametable.server.settings import Settings

#: the environment variable a database URL may come from (so that no password is on a command
#: line, where ``ps`` shows it to everyone on the machine)
DATABASE_URL_ENV = "GAMETABLE_DATABASE_URL"
#: descriptors kept for the database, the bot workers' pipes, logs and static files
RESERVED_FILES = 64


def fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def settings_from(config: Path | None, values: list[str], flags: dict[str, Any]) -> Settings:
    """Defaults, then the ``--config`` file, then the options given, then ``--set`` pairs."""
    settings = Settings.from_toml(config) if config is not None else Settings()
    settings = settings.replace({k: v for k, v in flags.items() if v is not None})
    pairs = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep:
            raise GameError(f"--set {item!r} is not of the form name=value")
        pairs[name.strip()] = value.strip()
    return settings.replace(pairs)


def open_files_limit() -> int:
    """Raise this process's limit of open files to the hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # not allowed here: keep the soft limit
    return soft


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``; ``OSError`` says why not (port in use, bad host)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)  # not inheritable (PEP 446): bot workers must not hold the port
    except OSError:
        sock.close()
        raise
    return sock


#: the longer options of ``serve``, declared apart so that its signature stays readable
DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        envvar=DATABASE_URL_ENV,
        help="SQLAlchemy URL, e.g. postgresql+psycopg://... (better in the environment's "
        f"{DATABASE_URL_ENV} or the --config file, where ps does not show a password)",
    ),
]
Workers = Annotated[
    int,
    typer.Option(
        min=1,
        max=64,
        help="worker processes behind HAProxy on this machine (needs haproxy; give them "
        "PostgreSQL with --database-url for more than a small community)",
    ),
]
TrustedProxies = Annotated[
    str,
    typer.Option(
        "--forwarded-allow-ips",
        help="proxies trusted to report the client's address (X-Forwarded-For), comma "
        "separated, or *",
    ),
]


def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port (0: any free port)")] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="where the SQLite database is kept [gametable-data]"),
    ] = None,
    database_url: DatabaseUrl = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="seconds a bot waits before moving [0.8]")
    ] = None,
    bot_processes: Annotated[
        int | None, typer.Option(help="worker processes in which bots think [2]")
    ] = None,
    idle_hours: Annotated[
        float | None,
        typer.Option(help="hours after which an untouched table is deleted [336]"),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option("--config", help="a TOML file of settings (see docs/deploy.md)"),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", help="a setting name=value, e.g. --set max_body=65536 (repeat)"),
    ] = None,
    workers: Workers = 1,
    forwarded_allow_ips: TrustedProxies = "127.0.0.1",
) -> None:
    """Serve games to browsers: open http://HOST:PORT/ and share the invite links."""
    flags = {
        "data_dir": data_dir,
        "database_url": database_url,
        "bot_delay": bot_delay,
        "bot_processes": bot_processes,
        "idle_expiry": None if idle_hours is None else idle_hours * 3600,
    }
    settings, sock, port = _listen(config, set_ or [], flags, host, port, workers)
    _run(settings, sock, host, port, workers, forwarded_allow_ips)


def _listen(
    config: Path | None, sets: list[str], flags: dict[str, Any], host: str, port: int, workers: int
) -> tuple[Settings, socket.socket, int]:
    """The settings (sockets capped by the open files allowed), the listening socket and its
    port; with several workers the socket is closed again (HAProxy listens there)."""
    try:
        settings = settings_from(config, sets, flags)
        files = open_files_limit()
        if settings.max_sockets > files - RESERVED_FILES:
            settings = settings.replace({"max_sockets": max(1, files - RESERVED_FILES)})
        sock = listen(host, port)
        if workers > 1:
            port = sock.getsockname()[1]  # --port 0: the free port just found
            sock.close()  # HAProxy listens there; the check above made sure it can
            router.find_haproxy()
    except GameError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return settings, sock, port


def _run(
    settings: Settings,
    sock: socket.socket,
    host: str,
    port: int,
    workers: int,
    forwarded_allow_ips: str,
) -> None:
    """Serve: behind HAProxy with several workers, else in this process on ``sock``."""
    if workers > 1:
        try:
            router.run(settings, workers, host, port, forwarded_allow_ips)
        except GameError as exc:
            raise fail(str(exc)) from None
        return
    # imported here, not at the top: every gametable command loads this module to register
    # ``serve``, and should not pay for loading the web server, the database and the migrations
    from gametable.server import run

    try:
        run.run(settings, sock, host, forwarded_allow_ips)
    except GameError as exc:  # the database: unreachable, or made by a newer gametable
        raise fail(str(exc)) from None
    except OSError as exc:  # e.g. the data directory cannot be made
        raise fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")) from None
    finally:
        sock.close()


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""
    app.command("serve")(serve)


def main() -> None:
    cli = typer.Typer(add_completion=False)
    register(cli)
    cli()
