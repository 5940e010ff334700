"""``gametable serve``: registered on the main command by :func:`register`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="where the SQLite database is kept")
    ] = Path("gametable-data"),
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="SQLAlchemy URL, e.g. postgresql+psycopg://..."),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before moving")] = 0.8,
    bot_processes: Annotated[
        int, typer.Option(help="worker processes for bots (0: threads in the server process)")
    ] = 0,
    idle_hours: Annotated[
        float, typer.Option(help="hours after which an untouched table is deleted")
    ] = 14 * 24.0,
) -> None:
    """Serve games to browsers: open http://HOST:PORT/ and share the invite links."""
    try:
        import uvicorn

        from gametable.server.app import create_app
        from gametable.server.settings import Settings
    except ImportError as exc:
        typer.echo(
            f"error: the server needs its dependencies ({exc.name} is missing); "
            "install them with: pip install 'gametable[server]'",
            err=True,
        )
        raise typer.Exit(2) from None

    settings = Settings(
        data_dir=data_dir,
        database_url=database_url,
        bot_delay=bot_delay,
        bot_processes=bot_processes,
        idle_expiry=idle_hours * 3600,
        sweep_interval=max(1.0, min(60.0, idle_hours * 900)),
    )
    app = create_app(settings)
    typer.echo(f"gametable server on http://{host}:{port}/  (API docs: /docs)")
    # no per-message deflate: views are small, and compressing each costs ~1 ms of CPU
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
        log_level="warning",
    )


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""
    app.command("serve")(serve)


def main() -> None:
    cli = typer.Typer(add_completion=False)
    register(cli)
    cli()
