"""Seats anyone may take (the lobby's list of open tables) and turn clocks.

``gt_tables.open_seats`` counts the seats of a table still waiting for a stranger (the lobby lists
the tables with one); ``gt_tables.clock`` is the table's turn clock (``null``: none), as the
server reads it (:class:`gametable.server.clocks.Clock`).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, never a batch (SQLite would copy gt_tables, and dropping the old copy
    # cascades to gt_moves: every move would be lost)
    op.add_column(
        "gt_tables",
        sa.Column("open_seats", sa.Integer, nullable=False, server_default=sa.text("0")),
    )
    op.add_column("gt_tables", sa.Column("clock", sa.JSON, nullable=True))
    op.create_index("ix_gt_tables_open", "gt_tables", ["open_seats", "status"])


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL), never a batch, as above
    op.drop_index("ix_gt_tables_open", "gt_tables")
    op.drop_column("gt_tables", "clock")
    op.drop_column("gt_tables", "open_seats")
