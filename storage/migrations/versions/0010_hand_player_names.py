"""hand players: each player's display name in the hand (the bot caches no members)

Revision ID: 0010
Revises: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("hand_players") as batch:
        batch.add_column(sa.Column("display_name", sa.String(length=100), nullable=True))
    # Earlier hands: the name the player's seat at that table still holds, where it
    # does (a seat left since is gone); the rest stay unnamed.
    op.execute(
        """
        UPDATE hand_players SET display_name = (
            SELECT seats.display_name FROM seats
            JOIN matches ON matches.table_id = seats.table_id
            WHERE matches.id = hand_players.match_id
              AND seats.user_id = hand_players.user_id
              AND seats.display_name <> ''
            LIMIT 1
        )
        WHERE display_name IS NULL
        """
    )


def downgrade() -> None:
    with op.batch_alter_table("hand_players") as batch:
        batch.drop_column("display_name")
