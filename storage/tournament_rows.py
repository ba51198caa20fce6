"""The schema of tournaments (migration 0007) as typed models: an event, its
entries (teams), rounds, pairings (one row per table) and, for duplicate (复式),
its boards, and the director's log. Imported by ``storage`` so ``Base.metadata``
always holds them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from storage.models import Base, utcnow


class EventRow(Base):
    """A tournament. ``format``: swiss | round-robin | knockout | duplicate; a round
    lasts ``hands`` hands per table or ``minutes`` minutes (the hand in progress
    finishes); ``status``: registering → running → finished."""

    __tablename__ = "tournament_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)  # where it is announced
    name: Mapped[str] = mapped_column(String(100))
    format: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int | None] = mapped_column(Integer)
    minutes: Mapped[int | None] = mapped_column(Integer)
    rules_json: Mapped[str] = mapped_column(Text)
    # Match points and the no-show grace as JSON (``bot.service.tournament``).
    settings_json: Mapped[str] = mapped_column(Text, default="{}")
    ranked: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="registering")
    director_id: Mapped[int] = mapped_column(BigInteger)
    seed: Mapped[str] = mapped_column(String(64))
    current_round: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )


class EntryRow(Base):
    """A team: its number (0 = first registered, the top seed) and its players
    (a pair, or one player at a 找朋友 event), space-separated user ids."""

    __tablename__ = "tournament_entries"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_events.id", ondelete="CASCADE"), primary_key=True
    )
    team_no: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    user_ids: Mapped[str] = mapped_column(Text)
    names: Mapped[str] = mapped_column(Text, default="")  # display names, tab-separated
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False)
    dropped: Mapped[bool] = mapped_column(Boolean, default=False)


class RoundRow(Base):
    """A round: open while its tables play, finished when all have their result."""

    __tablename__ = "tournament_rounds"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_events.id", ondelete="CASCADE"), primary_key=True
    )
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | finished
    bye_team: Mapped[int | None] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The posts made of this round, space-separated ("paired finished final"): the
    # news a crash kept from going out is posted on the next start.
    news: Mapped[str] = mapped_column(
        String(32), default="", server_default="paired finished final"
    )


class PairingRow(Base):
    """One table of a round: team ``ns_team`` at North/South, ``ew_team`` at
    East/West (duplicate: two tables per match, the teams swapped, each playing the
    round's boards from ``board_no`` on). The result, once the table is done: N/S
    levels gained minus E/W's, and (duplicate, when the round ends) the IMPs of
    the N/S team over the match. ``no_shows``: seats an AI took, space-separated;
    ``checked``: the no-show check was made (after a restart a substitute who has
    not moved yet keeps the seat)."""

    __tablename__ = "tournament_pairings"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_events.id", ondelete="CASCADE"), primary_key=True
    )
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    table_no: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    ns_team: Mapped[int] = mapped_column(Integer)
    ew_team: Mapped[int] = mapped_column(Integer)
    board_no: Mapped[int | None] = mapped_column(Integer)
    table_id: Mapped[int | None] = mapped_column(Integer, index=True)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | done
    level_diff: Mapped[int | None] = mapped_column(Integer)
    ns_raw: Mapped[int | None] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    no_shows: Mapped[str] = mapped_column(Text, default="")
    checked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # 找朋友 events by individuals: the entries at the table in seat order and, once
    # done, the levels each seat gained (space-separated; empty at a pairs event).
    seats: Mapped[str] = mapped_column(Text, default="")
    seat_levels: Mapped[str] = mapped_column(Text, default="")


class BoardRow(Base):
    """Duplicate: board ``board_no``'s deal, the seed every table of it deals from."""

    __tablename__ = "tournament_boards"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_events.id", ondelete="CASCADE"), primary_key=True
    )
    board_no: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    deal_key: Mapped[str] = mapped_column(String(100))


class LogRow(Base):
    """The director's log: who replaced a player or adjusted a result, when and
    why. ``action``: replace | adjust; ``detail_json`` what changed (before/after)."""

    __tablename__ = "tournament_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_events.id", ondelete="CASCADE"), index=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    actor_id: Mapped[int] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(16))
    round_no: Mapped[int | None] = mapped_column(Integer)
    table_no: Mapped[int | None] = mapped_column(Integer)
    detail_json: Mapped[str] = mapped_column(Text, default="{}")
    reason: Mapped[str] = mapped_column(Text, default="")
