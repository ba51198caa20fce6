"""tournament pairings: whether the table's no-show check was made (it survives a restart)

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Tables from before this migration count as unchecked: the check runs once
    # more (as it did after any restart before).
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.add_column(
            sa.Column("checked", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.drop_column("checked")
