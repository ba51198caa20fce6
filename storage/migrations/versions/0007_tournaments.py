"""tournaments: events, entries, rounds, pairings, duplicate boards and the director's log

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("ranked", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("director_id", sa.BigInteger(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("current_round", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_events")),
    )
    op.create_index(
        op.f("ix_tournament_events_guild_id"), "tournament_events", ["guild_id"], unique=False
    )
    op.create_table(
        "tournament_entries",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("team_no", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_ids", sa.Text(), nullable=False),
        sa.Column("names", sa.Text(), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("dropped", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["tournament_events.id"],
            name=op.f("fk_tournament_entries_event_id_tournament_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", "team_no", name=op.f("pk_tournament_entries")),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("bye_team", sa.Integer(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["tournament_events.id"],
            name=op.f("fk_tournament_rounds_event_id_tournament_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", "round_no", name=op.f("pk_tournament_rounds")),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("table_no", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("ns_team", sa.Integer(), nullable=False),
        sa.Column("ew_team", sa.Integer(), nullable=False),
        sa.Column("board_no", sa.Integer(), nullable=True),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("level_diff", sa.Integer(), nullable=True),
        sa.Column("ns_raw", sa.Integer(), nullable=True),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("no_shows", sa.Text(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("seat_levels", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["tournament_events.id"],
            name=op.f("fk_tournament_pairings_event_id_tournament_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "event_id", "round_no", "table_no", name=op.f("pk_tournament_pairings")
        ),
    )
    op.create_index(
        op.f("ix_tournament_pairings_table_id"), "tournament_pairings", ["table_id"], unique=False
    )
    op.create_table(
        "tournament_boards",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("board_no", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("deal_key", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["tournament_events.id"],
            name=op.f("fk_tournament_boards_event_id_tournament_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", "board_no", name=op.f("pk_tournament_boards")),
    )
    op.create_table(
        "tournament_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("detail_json", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["tournament_events.id"],
            name=op.f("fk_tournament_log_event_id_tournament_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_log")),
    )
    op.create_index(
        op.f("ix_tournament_log_event_id"), "tournament_log", ["event_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_tournament_log_event_id"), table_name="tournament_log")
    op.drop_table("tournament_log")
    op.drop_table("tournament_boards")
    op.drop_index(op.f("ix_tournament_pairings_table_id"), table_name="tournament_pairings")
    op.drop_table("tournament_pairings")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_entries")
    op.drop_index(op.f("ix_tournament_events_guild_id"), table_name="tournament_events")
    op.drop_table("tournament_events")
