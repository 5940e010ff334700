"""Turn clocks survive a restart: ``gt_tables.clock_state`` holds a table's running clock (each
seat's bank as after the last move, and who is away; :meth:`gametable.server.clocks.Timing.
to_store`), ``null`` for tables without a clock and for those made before this revision (their
clocks resume with full banks, nobody away).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_tables", sa.Column("clock_state", sa.JSON, nullable=True))


def downgrade() -> None:
    # a plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL): a batch would copy gt_tables and
    # dropping the old copy would cascade to gt_moves
    op.drop_column("gt_tables", "clock_state")
