"""Alembic's environment: migrations run on the connection :mod:`gametable.server.migrate` gives
(``config.attributes["connection"]``), inside its transaction."""

from __future__ import annotations

from alembic import context

from gametable.server.migrate import VERSION_TABLE


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, version_table=VERSION_TABLE, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file with its context in place; anything else (pytest collecting doctests)
# merely imports it, and there is nothing to migrate then
if hasattr(context, "config"):
    run_migrations()
