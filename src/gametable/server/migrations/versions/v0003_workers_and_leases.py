"""Several server workers on one database: the workers (name, address, heartbeat) and which of
them holds each table (a lease, ``gt_tables.owner``: the holder's incarnation id).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_workers",
        sa.Column("name", sa.String(128), primary_key=True),
        sa.Column("incarnation", sa.String(32), nullable=False),
        sa.Column("address", sa.String(256), nullable=False),
        sa.Column("heartbeat_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
    )
    op.add_column("gt_tables", sa.Column("owner", sa.String(32), nullable=True))
    op.create_index("ix_gt_tables_owner", "gt_tables", ["owner"])


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35 and later, PostgreSQL): a batch would copy gt_tables, and
    # dropping the old copy cascades to gt_moves (every move lost)
    op.drop_index("ix_gt_tables_owner", "gt_tables")
    op.drop_column("gt_tables", "owner")
    op.drop_table("gt_workers")
