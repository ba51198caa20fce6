"""ratings: ranked play's ratings, seasons and rating log

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("season", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("player", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("tier", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("last_hand_id", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "season", "mode", "player", name=op.f("pk_ratings")),
    )
    op.create_index("ix_ratings_board", "ratings", ["guild_id", "season", "mode", "points"])
    op.create_table(
        "seasons",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", "number", name=op.f("pk_seasons")),
    )
    op.create_table(
        "rating_log",
        sa.Column("hand_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.String(length=32), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("points_before", sa.Integer(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("points_after", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("hand_id", "player", name=op.f("pk_rating_log")),
    )
    op.create_index("ix_rating_log_player", "rating_log", ["guild_id", "mode", "player", "hand_id"])
    op.create_table(
        "forfeits",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("player", sa.String(length=32), nullable=False),
        sa.Column("others", sa.Text(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("after_hand_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("points_before", sa.Integer(), nullable=False),
        sa.Column("points_after", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_forfeits")),
    )
    op.create_table(
        "ladder_roles",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("tier", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role_id", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "tier", name=op.f("pk_ladder_roles")),
    )


def downgrade() -> None:
    op.drop_table("ladder_roles")
    op.drop_table("forfeits")
    op.drop_index("ix_rating_log_player", table_name="rating_log")
    op.drop_table("rating_log")
    op.drop_table("seasons")
    op.drop_index("ix_ratings_board", table_name="ratings")
    op.drop_table("ratings")
