"""Bring a database to the schema this gametable uses (Alembic, ``migrations/``).

:func:`upgrade` runs when a server opens its database: an empty database gets the whole schema,
an older one is upgraded in one transaction (so an interrupted upgrade leaves it as it was, on
PostgreSQL; on SQLite as far as its DDL allows), a database of gametable 0.1.0 (which had no
version table) is recognised by its tables and upgraded too, and a database written by a newer
gametable is refused with :class:`SchemaError` rather than guessed at.  The schema revision is
kept in the table ``gt_schema_version``.

Migrations add and drop columns in place (``ALTER TABLE ... ADD/DROP COLUMN``), never in
Alembic's batch mode: on SQLite a batch copies ``gt_tables`` and dropping the old copy cascades
to ``gt_moves``, so a downgrade that way lost every move.  Dropping a column needs SQLite 3.35 or
later (2021; PostgreSQL always could); on an older SQLite a downgrade fails and changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

from gametable.core.errors import GameError

VERSION_TABLE = "gt_schema_version"
#: the revision of the schema gametable 0.1.0 made (before the version table existed)
BASELINE = "0001"
#: the PostgreSQL advisory lock held while migrating ("gt" schema)
LOCK_KEY = 0x67745F736368
MIGRATIONS = Path(__file__).parent / "migrations"


class SchemaError(GameError):
    """A database whose schema this gametable cannot use (made by a newer version)."""


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def head() -> str:
    """The newest schema revision this gametable knows."""
    script = ScriptDirectory.from_config(config())
    (rev,) = script.get_heads()
    return rev


def current(engine: Engine) -> str | None:
    """The database's schema revision (``None``: no version table)."""
    with engine.connect() as conn:
        return MigrationContext.configure(
            conn, opts={"version_table": VERSION_TABLE}
        ).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Upgrade the database to :func:`head` (see the module's docstring); the revision it had."""
    cfg = config()
    script = ScriptDirectory.from_config(cfg)
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # several servers starting at once: one migrates
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        context = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        found = context.get_current_revision()
        if found is not None and found not in {s.revision for s in script.walk_revisions()}:
            raise SchemaError(
                f"the database {engine.url.render_as_string(hide_password=True)} has schema "
                f"revision {found!r}, written by a newer gametable (this one knows up to "
                f"{head()!r}); upgrade gametable, or restore a backup made for this version"
            )
        cfg.attributes["connection"] = conn
        if found is None and sa.inspect(conn).has_table("gt_tables"):
            command.stamp(cfg, BASELINE)  # made by 0.1.0, before the version table
            found = BASELINE
        command.upgrade(cfg, "head")
    return found or "empty"
