"""When a table was first joined (tables nobody joins expire quickly), and the client's request
id of each move (a resent move gets its first answer again, even after a restart).

Tables made before this revision count as joined when they were made, so that none of them
expires sooner than it would have.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("gt_tables", sa.Column("joined_at", sa.Float, nullable=True))
    op.execute("UPDATE gt_tables SET joined_at = created_at")
    op.create_index("ix_gt_tables_unjoined", "gt_tables", ["joined_at", "created_at"])
    op.add_column("gt_moves", sa.Column("request", sa.String(64), nullable=True))


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL): a batch would copy gt_tables, and
    # dropping the old copy cascades to gt_moves (every move lost)
    op.drop_column("gt_moves", "request")
    op.drop_index("ix_gt_tables_unjoined", "gt_tables")
    op.drop_column("gt_tables", "joined_at")
