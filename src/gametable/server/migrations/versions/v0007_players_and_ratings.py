"""Players and ratings: a player with a name and a key (stored hashed, retired when replaced),
the seats each player held, their places and ratings per game, and the finished tables whose
ratings were written (once each).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_players",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gt_player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("retired_at", sa.Float, nullable=True),
    )
    op.create_index("ix_gt_player_keys_player_id", "gt_player_keys", ["player_id"])
    op.create_table(
        "gt_player_games",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(24), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("salt", sa.String(32), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("settled_at", sa.Float, nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("left", sa.Boolean, nullable=True),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
        sa.UniqueConstraint("table_id", "player_id", name="uq_gt_player_games_player"),
    )
    op.create_index("ix_gt_player_games_player_id", "gt_player_games", ["player_id"])
    op.create_index("ix_gt_player_games_settled_at", "gt_player_games", ["settled_at"])
    op.create_table(
        "gt_ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(24), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gt_settled_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("settled_at", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("places", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("gt_settled_tables")
    op.drop_table("gt_ratings")
    op.drop_index("ix_gt_player_games_settled_at", "gt_player_games")
    op.drop_index("ix_gt_player_games_player_id", "gt_player_games")
    op.drop_table("gt_player_games")
    op.drop_index("ix_gt_player_keys_player_id", "gt_player_keys")
    op.drop_table("gt_player_keys")
    op.drop_table("gt_players")
