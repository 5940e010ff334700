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
    with op.batch_alter_table("gt_tables") as batch:
        batch.add_column(sa.Column("joined_at", sa.Float, nullable=True))
    op.execute("UPDATE gt_tables SET joined_at = created_at")
    op.create_index("ix_gt_tables_unjoined", "gt_tables", ["joined_at", "created_at"])
    with op.batch_alter_table("gt_moves") as batch:
        batch.add_column(sa.Column("request", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gt_moves") as batch:
        batch.drop_column("request")
    op.drop_index("ix_gt_tables_unjoined", "gt_tables")
    with op.batch_alter_table("gt_tables") as batch:
        batch.drop_column("joined_at")
