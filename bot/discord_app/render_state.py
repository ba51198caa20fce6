"""What each table's Discord messages need next, kept from service notices.

Notices arrive under the table's lock, so this only marks what changed (no I/O):
the presenter's ``flush`` (``bot.discord_app.presenter``) then does the REST work.
Mixed into ``Presenter``, whose ``service`` and ``tables`` it uses.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.discord_app.channel_access import Access
from bot.discord_app.hand_dms import DMState, TableDMs
from bot.service import Notice, Private, Public
from rules import events as e

if TYPE_CHECKING:
    from bot.service import TableService

# 找朋友 calls, friends joining and take-backs: said to all in the channel.
NEWS = (
    e.FriendsCalled,
    e.FriendJoined,
    e.TookBack,
    e.BidWithdrawn,
    e.KittyStolen,  # 炒地皮: "X steals the kitty … buries again" / "nobody steals"
    e.StealingOver,
)
# Events that redraw the table message at once, even in the middle of a run of AI plays.
REDRAW = (
    e.TrickWon,
    e.TrumpFixed,
    e.HandStarted,
    e.Declared,
    e.HandScored,
    e.Redealt,
    e.CallStarted,
    e.StealTurn,
    *NEWS,
)


@dataclass(slots=True)
class Due:
    """What a message owes Discord, as a count of changes: a change that arrives while
    a write is in flight (50–400 ms, more with retries) is still owed after that
    write lands, and a write that failed leaves everything owed."""

    marked: int = 0
    shown: int = 0

    def mark(self) -> None:
        self.marked += 1

    @property
    def owed(self) -> bool:
        return self.marked != self.shown

    def begin(self) -> int:
        """The changes the write about to be made shows (pass to ``landed``)."""
        return self.marked

    def landed(self, token: int) -> None:
        self.shown = max(self.shown, token)


@dataclass(slots=True)
class TableRender:
    channel_id: int
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    hand_no: int = 0
    table: Due = field(default_factory=Due)  # the table message
    force: bool = False  # a trick ended or the phase changed: edit even mid AI run
    lobby: Due = field(default_factory=Due)
    # One writer per table: flushes from commands and from the timer loop take turns,
    # so a message is never created twice nor edited with a stale state.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Table messages of earlier hands whose last edit did not show the hand's end
    # (hand number -> message id): edited to the hand's summary, without buttons.
    closing: dict[int, int] = field(default_factory=dict)
    failures: int = 0  # REST failures in a row (back-off before the next try)
    retry_at: float = 0.0  # loop time before which no REST call is retried
    rendered_phase: str = ""
    loaded: bool = False  # message ids read back from storage (after a restart)
    refs: dict[str, tuple[int, int]] = field(default_factory=dict)
    posts: list[str] = field(default_factory=list)  # short public messages to send
    language: str = "en"  # the table's, kept for the posts after it is closed
    # 找朋友: calls made and friends joining, posted to the channel as the teams form.
    news: list[e.Event] = field(default_factory=list)
    dms: TableDMs = field(default_factory=TableDMs)
    pending_throw: e.ThrowFailed | None = None
    failed_throws: dict[tuple[int, int], list[e.ThrowFailed]] = field(default_factory=dict)
    away: dict[int, bool] = field(default_factory=dict)  # auto-played seat -> pinged since
    back: set[int] = field(default_factory=set)  # human seats that played (maybe by auto)
    nudged: tuple[object, ...] | None = None  # the turn whose half-time mention went out
    # The public post being sent (text, users it pings, nonce): retried as it is until
    # it lands, so a retry after a lost answer never posts it twice nor loses a line.
    outgoing: tuple[str, tuple[int, ...], str] | None = None
    post_no: int = 0
    picture: bytes | None = None  # the PNG the table message carries now
    shown: str = ""  # what the table message shows (``table_writer._fingerprint``)
    access: Access = field(default_factory=Access)  # what the channel lets the bot post

    def __post_init__(self) -> None:
        self.dms.refs = self.refs  # one dict: DM refs are stored with the others


class RenderState:
    if TYPE_CHECKING:  # provided by Presenter
        service: TableService
        tables: dict[int, TableRender]

    def _render(self, table_id: int, channel_id: int) -> TableRender:
        r = self.tables.get(table_id)
        if r is None:
            r = self.tables[table_id] = TableRender(channel_id)
        return r

    def on_notice(self, n: Notice) -> None:
        r = self._render(n.table_id, n.channel_id)
        if isinstance(n, Public):
            self._on_public(n, r)
        elif isinstance(n, Private):
            dm = r.dms.seats.setdefault(n.seat, DMState())
            if n.kind == "hand_changed" or isinstance(n.event, e.CardsDealt | e.KittyTaken):
                dm.dirty = True

    def _on_public(self, n: Public, r: TableRender) -> None:
        if n.kind in ("table_created", "seats_changed", "rules_changed"):
            r.lobby.mark()
        elif n.kind == "options_changed":  # e.g. the table's language: redraw all
            r.lobby.mark()
            r.table.mark()
            r.force = True
        elif n.kind == "game_started":
            r.lobby.mark()
            r.force = True
            r.table.mark()
        elif n.kind == "table_ended":
            r.lobby.mark()
            r.posts.append("table_ended")
        elif n.kind in ("table_paused", "table_resumed"):  # bot.service.idle
            r.posts.append(f"{n.kind}:{n.params.get('minutes', '')}")
        elif n.kind == "table_closed":
            r.lobby.mark()
            r.language = str(n.params.get("language") or r.language)
            r.posts.append("lobby_closed" if n.params.get("lobby") else "table_closed")
        elif n.kind == "followup_delayed":
            r.posts.append("followup_delayed")  # the move stands; the next step is late
        elif n.kind == "rank_changed":  # a ranked hand ended: the 段位 lines
            r.posts.append("rank:" + json.dumps(n.params.get("changes", []), ensure_ascii=False))
        elif n.kind == "rank_forfeit":  # a player left a ranked match
            r.posts.append("forfeit:" + json.dumps(n.params, ensure_ascii=False))
        elif n.kind == "seat_to_ai":
            r.posts.append(f"seat_to_ai:{n.params.get('seat')}")
        elif n.kind == "auto_ended":  # 托管 lasts one hand
            r.posts.append(f"auto_ended:{n.params.get('seat')}")
        elif n.kind == "auto_acted":
            seat = n.params.get("seat")
            r.posts.append(f"auto:{seat}")
            if isinstance(seat, int):
                r.back.discard(seat)  # that play was made for them
                r.away.setdefault(seat, False)
            r.table.mark()
            r.force = True
        elif n.kind == "event" and n.event is not None:
            self._on_event(n, r)
        elif n.kind == "changed_elsewhere":  # another process applied it and shows it
            pass

    def _on_event(self, n: Public, r: TableRender) -> None:
        ev = n.event
        status = self.service.queries.cached_status(n.table_id)
        if isinstance(ev, e.ThrowFailed):
            r.pending_throw = ev  # shown with its trick (the Played event comes next)
            return
        if isinstance(ev, e.Played):
            info = status.table.seats[ev.seat] if status is not None else None
            # A seat on auto (托管) plays like an AI seat: batched into the next edit.
            human = info is not None and bool(info.user_id) and not info.is_ai
            if r.pending_throw is not None and r.pending_throw.seat == ev.seat:
                hand_no = status.view.hand_no if status and status.view else 0
                r.failed_throws.setdefault((hand_no, ev.trick_no), []).append(r.pending_throw)
                r.pending_throw = None
            # A human's play is shown by the reply to their command; AI plays are
            # batched into the next edit of the table message.
            if human:
                r.back.add(ev.seat)  # unless an ``auto_acted`` notice follows
            else:
                r.table.mark()
        if isinstance(ev, e.Redealt):
            match = self.service.queries.match_of(n.table_id)
            r.posts.append(f"redealt:{match.hand_no if match else ''}")
        if isinstance(ev, NEWS):
            r.news.append(ev)
        if isinstance(ev, REDRAW):
            r.table.mark()
            r.force = True

    @staticmethod
    def _settle_away(r: TableRender) -> None:
        """Seats that played and were not played for are back: forget their absence."""
        for seat in r.back:
            r.away.pop(seat, None)
        r.back.clear()
