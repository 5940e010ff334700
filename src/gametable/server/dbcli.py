"""``gametable db check`` and ``gametable db export``: a server's database looked at, and what
can be read of it saved (:mod:`gametable.server.dbcheck`).

``check`` reads the whole database (SQLite's ``quick_check``, then every table's row and moves)
and lists the damaged tables; it ends with status 0 when nothing is damaged, 1 when something
is.  ``export`` writes every table it can read, one JSON line each (``--out``, or the standard
output), lists on the standard error those it cannot, and ends with status 1 if there were any.
Both open the database as it is, without upgrading its schema, and write nothing to it: run them
on a copy of a damaged database, or with the server stopped.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated

import sqlalchemy as sa
import typer

from gametable.core.errors import GameError
from gametable.server import dbcheck
from gametable.server.cli import DATABASE_URL_ENV, fail, settings_from


def db(
    action: Annotated[
        str, typer.Argument(help="check: list the damaged tables; export: save the rest")
    ],
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="where the SQLite database is kept [gametable-data]"),
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            envvar=DATABASE_URL_ENV,
            help=f"SQLAlchemy URL (or the environment's {DATABASE_URL_ENV}, or --config)",
        ),
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="the server's TOML file of settings")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="export: the file to write [standard output]")
    ] = None,
) -> None:
    """Check a server's database for damage, or export every table that can be read."""
    if action not in ("check", "export"):
        raise fail(f"unknown action {action!r}: say 'check' or 'export'")
    try:
        settings = settings_from(config, [], {"data_dir": data_dir, "database_url": database_url})
        url = settings.url()
    except (GameError, OSError) as exc:
        raise fail(str(exc)) from None
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        raise fail(f"no database at {url.removeprefix('sqlite:///')}")
    engine = dbcheck.reading_engine(url)
    try:
        damaged = check(engine) if action == "check" else export(engine, out)
    except sa.exc.SQLAlchemyError as exc:
        raise fail(f"cannot read the database: {dbcheck.problem_of(exc)}") from None
    finally:
        engine.dispose()
    raise typer.Exit(1 if damaged else 0)


def check(engine: sa.Engine) -> bool:
    """Print what is damaged; whether anything is."""
    problems = dbcheck.check_database(engine)
    for problem in problems:
        typer.echo(f"database: {problem}")
    readable, damaged = dbcheck.damaged_tables(engine)
    for table in damaged:
        typer.echo(f"damaged table {describe(table)}: {table.problem}")
    typer.echo(
        f"{readable} tables read whole, {len(damaged)} damaged"
        + ("; the database's own check found problems (above)" if problems else "")
    )
    return bool(problems or damaged)


def export(engine: sa.Engine, out: Path | None) -> bool:
    """Write the readable tables; whether some could not be."""
    with contextlib.ExitStack() as stack:
        stream = stack.enter_context(out.open("w")) if out is not None else sys.stdout
        written, damaged = dbcheck.export(engine, stream)
    for table in damaged:
        typer.echo(f"not exported: table {describe(table)}: {table.problem}", err=True)
    where = f" to {out}" if out is not None else ""
    typer.echo(f"{written} tables exported{where}, {len(damaged)} damaged", err=True)
    return bool(damaged)


def describe(table: dbcheck.Damaged) -> str:
    return table.id if table.id is not None else f"at row {table.rowid}"


def register(app: typer.Typer) -> None:
    """Add the ``db`` command to ``app``."""
    app.command("db")(db)
