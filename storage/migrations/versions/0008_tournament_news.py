"""tournament news: which of a round's posts (pairings, results, final ranking) went out

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Rounds from before this migration had their news posted (or lost for good): they
# count as announced, so an upgrade posts nothing old again.
ALL_POSTED = "paired finished final"


def upgrade() -> None:
    with op.batch_alter_table("tournament_rounds") as batch:
        batch.add_column(
            sa.Column("news", sa.String(length=32), nullable=False, server_default=ALL_POSTED)
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_rounds") as batch:
        batch.drop_column("news")
