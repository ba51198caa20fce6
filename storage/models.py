"""The database schema as SQLAlchemy 2.0 typed models.

Tables live in one channel (or thread); a table plays matches; a match has hands;
every accepted rules action is a row in ``actions`` with a per-table sequence
number. ``tables.version`` is bumped by every write to a table so two processes
can never both apply an action on the same version (optimistic concurrency).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Stable constraint names so Alembic migrations are portable between SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ACTIVE_STATUSES = ("lobby", "playing")


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    parent_channel_id: Mapped[int | None] = mapped_column(BigInteger)  # set for a thread
    creator_id: Mapped[int] = mapped_column(BigInteger)
    rules_json: Mapped[str] = mapped_column(Text)
    options_json: Mapped[str] = mapped_column(Text, default="{}")
    # lobby → playing → finished (match won) | ended (stopped by a player)
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    version: Mapped[int] = mapped_column(Integer, default=0)
    seq: Mapped[int] = mapped_column(Integer, default=0)  # last action sequence number
    current_match_id: Mapped[int | None] = mapped_column(Integer)
    # The one armed timer (deal step, declaration window, bury, turn), persisted.
    deadline_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deadline_kind: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", cascade="all, delete-orphan", order_by="SeatRow.seat"
    )

    __table_args__ = (
        # One active table per channel or thread.
        Index(
            "uq_tables_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("status IN ('lobby', 'playing')"),
            postgresql_where=text("status IN ('lobby', 'playing')"),
        ),
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    ai_level: Mapped[str | None] = mapped_column(String(16))
    display_name: Mapped[str] = mapped_column(String(100), default="")
    locale: Mapped[str | None] = mapped_column(String(16))

    table: Mapped[TableRow] = relationship(back_populates="seats")


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seed: Mapped[str] = mapped_column(String(64))
    rules_json: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing|finished|ended
    winner_team: Mapped[int | None] = mapped_column(Integer)
    # Snapshot of the rules state after action ``snapshot_seq`` (table sequence).
    snapshot_json: Mapped[str] = mapped_column(Text)
    snapshot_seq: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class HandRow(Base):
    __tablename__ = "hands"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    hand_no: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    level_rank: Mapped[int] = mapped_column(Integer)
    trump: Mapped[str] = mapped_column(String(4))  # S H C D or NT
    attackers_points: Mapped[int] = mapped_column(Integer)
    kitty_multiplier: Mapped[int] = mapped_column(Integer, default=0)
    winner: Mapped[str] = mapped_column(String(16))  # defenders | attackers
    level_change: Mapped[int] = mapped_column(Integer)
    # The first two levels (N/S and E/W; at 找朋友 seats 1 and 2): what rows
    # written before migration 0003 have.
    team0_before: Mapped[int] = mapped_column(Integer)
    team1_before: Mapped[int] = mapped_column(Integer)
    team0_after: Mapped[int] = mapped_column(Integer)
    team1_after: Mapped[int] = mapped_column(Integer)
    # Every level as the rules keep them, space-separated ("2 3 2 2 2 2"): one per
    # team with fixed partners, one per seat at 找朋友. NULL in rows before 0003.
    levels_before: Mapped[str | None] = mapped_column(Text)
    levels_after: Mapped[str | None] = mapped_column(Text)
    record: Mapped[str] = mapped_column(Text)  # the readable hand record (rules.record)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (UniqueConstraint("match_id", "hand_no", name="uq_hands_match_hand"),)


def format_levels(levels: Sequence[int]) -> str:
    """``HandRow.levels_before/levels_after`` as stored: "2 3 2 2 2 2"."""
    return " ".join(str(lv) for lv in levels)


def parse_levels(stored: str) -> tuple[int, ...]:
    return tuple(int(lv) for lv in stored.split())


class HandPlayerRow(Base):
    """One row per human player per finished hand: the source of all statistics."""

    __tablename__ = "hand_players"

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("hands.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, index=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    match_id: Mapped[int] = mapped_column(Integer, index=True)
    role: Mapped[str] = mapped_column(String(16))  # dealer | defender | attacker
    won: Mapped[bool] = mapped_column(default=False)
    levels_gained: Mapped[int] = mapped_column(Integer, default=0)
    points_captured: Mapped[int] = mapped_column(Integer, default=0)  # attackers' total
    # The seat's display name in that hand: the leaderboard and replays name players
    # from it, as the bot caches no members (None: a hand stored before it was kept).
    display_name: Mapped[str | None] = mapped_column(String(100))


class ActionRow(Base):
    __tablename__ = "actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    hand_no: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text)  # the action as JSON
    actor_id: Mapped[int | None] = mapped_column(BigInteger)  # Discord user, None = system/AI
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),
        UniqueConstraint("table_id", "idempotency_key", name="uq_actions_table_id_idempotency_key"),
    )


class GuildSettingsRow(Base):
    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    preset: Mapped[str] = mapped_column(String(32), default="classic")
    language: Mapped[str] = mapped_column(String(16), default="en")
    turn_timer: Mapped[int] = mapped_column(Integer, default=60)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )


class MessageRefRow(Base):
    """Where a front end put a table's messages (lobby, table message, hand DMs), so
    a restarted bot edits them instead of posting duplicates. ``key`` is the front
    end's name for the message, e.g. ``lobby``, ``table:3``, ``dm:2:3``."""

    __tablename__ = "message_refs"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)


class SavedRuleSetRow(Base):
    """A server's house rules saved by name (``/rules save``): a whole rule set as
    JSON, so a table opened from it plays exactly those rules."""

    __tablename__ = "saved_rule_sets"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    rules_json: Mapped[str] = mapped_column(Text)
    creator_id: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )


class ReplayLinkRow(Base):
    """A share link to a finished hand's replay page (``/r/<token>``): the token is
    unguessable, and a revoked link stays revoked (a new one gets a new token)."""

    __tablename__ = "replay_links"

    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id", ondelete="CASCADE"), index=True)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class TableLinkRow(Base):
    """A link to a table's live page (migration 0011): a seat's (``seat`` and
    ``user_id`` set) or a spectator's (both None). ``token`` is the link's random id
    (handed out signed by the service); good for one match; a revoked link stays
    revoked (a new one gets a new id)."""

    __tablename__ = "table_links"

    token: Mapped[str] = mapped_column(String(48), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seat: Mapped[int | None] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


# Ranked play (migration 0006): ratings and 段位 per server, season, mode and
# player; the seasons; a log of every rated hand, so that ``python -m storage
# ratings rebuild`` can be checked against what was stored.


class RatingRow(Base):
    """A player's standing (``rules.ladder.Standing``). ``player``: a Discord
    user id as text, or ``ai:<level>``. ``guild_id`` 0: no server (DMs)."""

    __tablename__ = "ratings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    season: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    mode: Mapped[str] = mapped_column(String(8), primary_key=True)  # fixed | friends
    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    points: Mapped[int] = mapped_column(Integer, default=0)
    tier: Mapped[int] = mapped_column(Integer, default=0)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    last_hand_id: Mapped[int | None] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )

    __table_args__ = (
        # The leaderboard: one server, season and mode by points.
        Index("ix_ratings_board", "guild_id", "season", "mode", "points"),
    )


class SeasonRow(Base):
    """A server's season: ranked hands finished in [started_at, ended_at) count for
    it; outside every season they count for season 0 (the open ladder)."""

    __tablename__ = "seasons"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RatingLogRow(Base):
    """One player's change in one rated hand. ``seat``/``won`` are the hand's inputs
    (what rebuild reads for AI seats, which have no ``hand_players`` row); the
    numbers are outputs, compared by rebuild."""

    __tablename__ = "rating_log"

    hand_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    season: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    points_before: Mapped[int] = mapped_column(Integer)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    points_after: Mapped[int] = mapped_column(Integer)

    __table_args__ = (
        # Recent form: a player's latest hands.
        Index("ix_rating_log_player", "guild_id", "mode", "player", "hand_id"),
    )


class ForfeitRow(Base):
    """A player left a ranked match: charged with ``hands`` lost hands against the
    others as they sat (``rules.ladder.forfeit``). ``after_hand_id``: the last
    hand stored before it, so rebuild replays it at the same point."""

    __tablename__ = "forfeits"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(8))
    player: Mapped[str] = mapped_column(String(32))
    others: Mapped[str] = mapped_column(Text)  # the other seats' keys, space-separated
    hands: Mapped[int] = mapped_column(Integer)
    after_hand_id: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    season: Mapped[int] = mapped_column(Integer, default=0)
    points_before: Mapped[int] = mapped_column(Integer, default=0)
    points_after: Mapped[int] = mapped_column(Integer, default=0)


class LadderRoleRow(Base):
    """``/ladder roles on``: the Discord role the bot made for each tier it has
    given out in a server. A row with ``tier`` -1 (role 0) says the roles are on."""

    __tablename__ = "ladder_roles"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    tier: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    role_id: Mapped[int] = mapped_column(BigInteger)
