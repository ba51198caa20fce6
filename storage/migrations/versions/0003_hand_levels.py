"""hand levels: every level before and after a hand (one per seat at 找朋友)

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: rows written before keep only the team columns (read as before).
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("levels_before", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("levels_after", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hands", schema=None) as batch_op:
        batch_op.drop_column("levels_after")
        batch_op.drop_column("levels_before")
