"""replay links: revocable share tokens for a finished hand's replay page

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "replay_links",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
            name=op.f("fk_replay_links_hand_id_hands"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_replay_links")),
    )
    op.create_index(op.f("ix_replay_links_hand_id"), "replay_links", ["hand_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_replay_links_hand_id"), table_name="replay_links")
    op.drop_table("replay_links")
