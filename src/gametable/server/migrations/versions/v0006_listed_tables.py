"""Public tables: ``gt_tables.listed`` is true for a table whose creator left at least one seat
open to anyone, so the lobby listed it among the open tables and its id was public from the
start.  ``open_seats`` counts down as strangers take the seats; ``listed`` never changes, so the
lobby may also list such a table among the recent finished games (``GET /api/recent-games``),
and never a private one.  Tables made before this revision are listed if a seat of theirs is
still open (the best the stored rows can tell).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, never a batch (SQLite would copy gt_tables, and dropping the old copy
    # cascades to gt_moves: every move would be lost)
    op.add_column(
        "gt_tables",
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    gt_tables = sa.table("gt_tables", sa.column("listed", sa.Boolean), sa.column("open_seats"))
    op.execute(gt_tables.update().where(gt_tables.c.open_seats > 0).values(listed=True))
    op.create_index("ix_gt_tables_listed", "gt_tables", ["listed", "status"])


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL), never a batch, as above; the index
    # goes first (SQLite refuses to drop an indexed column)
    op.drop_index("ix_gt_tables_listed", "gt_tables")
    op.drop_column("gt_tables", "listed")
