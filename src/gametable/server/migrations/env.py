"""Alembic's environment: migrations run on the connection :mod:`gametable.server.migrate` gives
(``config.attributes["connection"]``), inside its transaction."""

from __future__ import annotations

from alembic import context

from gametable.server.migrate import VERSION_TABLE

connection = context.config.attributes["connection"]
context.configure(connection=connection, version_table=VERSION_TABLE, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
