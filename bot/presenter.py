"""Turns service notices into Discord messages, with as few REST calls as possible.

Notices only mark what changed (no I/O under the table lock); ``flush`` then does
the REST work for one table:

* one living table message per hand in the channel, edited when a trick ends,
  when the phase changes, or when a run of AI plays is over (AI plays of a trick
  are batched into one edit; a human's play is shown by the reply to their own
  command, which Discord does not count against the global rate limit);
* one DM per player per hand with their hand (sorted, grouped by suit, trump
  last) and buttons for the declarations they can make, sent during the deal and
  edited as cards arrive and leave — throttled (see ``DM_EVERY_TRICKS``);
* players whose DMs are closed are told once, in the channel, without any card.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.components import declare_view, lobby_view
from bot.i18n import language, seat_name, text
from bot.render import event_line, hand_lines, player_name, status_lines, summary_text, trump_label
from bot.service import Notice, Private, Public, TableService, TableStatus
from rules.events import (
    CardsDealt,
    Declared,
    HandScored,
    HandStarted,
    KittyTaken,
    MatchWon,
    Played,
    ThrowFailed,
    TrickWon,
    TrumpFixed,
)
from rules.notation import format_cards
from storage.messages import MessageRefs

log = logging.getLogger(__name__)

DM_EVERY_TRICKS = 10  # during play, refresh a hand DM at most once per this many tricks
DM_DEAL_SHARE = 0.5  # during the deal, send the hand DM once this share is dealt


@dataclass(slots=True)
class _DM:
    message_id: int | None = None
    channel_id: int | None = None
    hand_no: int = 0
    rendered_trick: int = 0
    rendered_phase: str = ""
    rendered_trump: bool = False
    dirty: bool = False


@dataclass(slots=True)
class _TableRender:
    channel_id: int
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    hand_no: int = 0
    dirty: bool = False
    force: bool = False  # a trick ended or the phase changed: edit even mid AI run
    lobby_dirty: bool = False
    rendered_phase: str = ""
    loaded: bool = False  # message ids read back from storage (after a restart)
    refs: dict[str, tuple[int, int]] = field(default_factory=dict)
    posts: list[str] = field(default_factory=list)  # short public messages to send
    dms: dict[int, _DM] = field(default_factory=dict)


class Presenter:
    def __init__(
        self, bot: discord.Client, service: TableService, refs: MessageRefs | None = None
    ) -> None:
        self.bot = bot
        self.service = service
        self.refs = refs
        self.tables: dict[int, _TableRender] = {}
        self.users: dict[int, discord.abc.User] = {}
        self.dm_closed: set[int] = set()
        self.dm_channels: dict[int, int] = {}
        # The play panel's Play button (set by the client; None = no button).
        self.play_button: Callable[[int, str | None], discord.ui.Item[Any]] | None = None
        service.subscribe(self.on_notice)

    def touch(self, table_id: int, channel_id: int) -> None:
        """Show the table again at the next flush (a play made from a DM panel has no
        public answer of its own; an auto seat changed)."""
        r = self._render(table_id, channel_id)
        r.dirty = r.force = True

    def remember_user(self, user: discord.abc.User) -> None:
        self.users[user.id] = user

    def _render(self, table_id: int, channel_id: int) -> _TableRender:
        r = self.tables.get(table_id)
        if r is None:
            r = self.tables[table_id] = _TableRender(channel_id)
        return r

    # ---- notices: bookkeeping only --------------------------------------------------------
    def on_notice(self, n: Notice) -> None:
        r = self._render(n.table_id, n.channel_id)
        if isinstance(n, Public):
            if n.kind in ("table_created", "seats_changed"):
                r.lobby_dirty = True
            elif n.kind == "game_started":
                r.lobby_dirty = True
                r.force = True
                r.dirty = True
            elif n.kind == "table_ended":
                r.lobby_dirty = True
                r.posts.append("table_ended")
            elif n.kind == "seat_to_ai":
                r.posts.append(f"seat_to_ai:{n.params.get('seat')}")
            elif n.kind == "auto_acted":
                r.posts.append(f"auto:{n.params.get('seat')}")
                r.dirty = r.force = True
            elif n.kind == "event" and n.event is not None:
                ev = n.event
                if isinstance(ev, Played):
                    # A human's play is shown by the reply to their command; AI plays
                    # are batched into the next edit of the table message.
                    status = self.service.cached_status(n.table_id)
                    seat = status.table.seats[ev.seat] if status is not None else None
                    if seat is not None and (seat.is_ai or not seat.user_id):
                        r.dirty = True
                if isinstance(
                    ev, TrickWon | TrumpFixed | HandStarted | Declared | HandScored | ThrowFailed
                ):
                    r.dirty = True
                    r.force = True
                if isinstance(ev, HandScored | MatchWon | ThrowFailed):
                    r.posts.append(ev.__class__.__name__)
        elif isinstance(n, Private):
            dm = r.dms.setdefault(n.seat, _DM())
            if n.kind == "hand_changed" or isinstance(n.event, CardsDealt | KittyTaken):
                dm.dirty = True

    # ---- flushing: the REST calls ----------------------------------------------------------
    async def flush_all(self) -> None:
        for table_id in list(self.tables):
            await self.flush(table_id)

    async def flush(self, table_id: int) -> None:
        r = self.tables.get(table_id)
        if r is None:
            return
        status = self.service.cached_status(table_id)
        if not r.loaded:
            await self._load_refs(table_id, r)
        try:
            if r.lobby_dirty:
                await self._lobby(table_id, r, status)
            if status is not None and status.view is not None:
                await self._table_message(table_id, r, status)
                await self._dms(table_id, r, status)
            await self._posts(r, status)
        except discord.HTTPException as exc:  # never let Discord break a table
            log.warning("table %s: Discord refused an update: %s", table_id, exc)
        if status is None and not r.posts:
            self.tables.pop(table_id, None)

    async def _load_refs(self, table_id: int, r: _TableRender) -> None:
        """After a restart, find the messages already posted for this table."""
        r.loaded = True
        if self.refs is None:
            return
        try:
            r.refs = await self.refs.load(table_id)
        except Exception:  # storage trouble: worst case we post fresh messages
            log.warning("table %s: could not read message refs", table_id)
            return
        if "lobby" in r.refs:
            r.lobby_message_id = r.refs["lobby"][1]
        for key in r.refs:
            if key.startswith("dm_closed:"):
                self.dm_closed.add(int(key.split(":")[1]))

    async def _remember(
        self, table_id: int, r: _TableRender, key: str, channel_id: int, message_id: int
    ) -> None:
        r.refs[key] = (channel_id, message_id)
        if self.refs is None:
            return
        try:
            await self.refs.save(table_id, key, channel_id, message_id)
        except Exception:
            log.warning("table %s: could not store message ref %s", table_id, key)

    def _locale(self, status: TableStatus | None) -> str:
        return language(status.options.language if status else "en")

    async def _lobby(self, table_id: int, r: _TableRender, status: TableStatus | None) -> None:
        r.lobby_dirty = False
        channel = self.bot.get_partial_messageable(r.channel_id)
        locale = self._locale(status)
        if status is None:
            if r.lobby_message_id is not None:
                await channel.get_partial_message(r.lobby_message_id).edit(view=None)
            return
        content = lobby_text(locale, status)
        view = lobby_view(table_id) if status.phase == "lobby" else None
        if r.lobby_message_id is None:
            msg = await channel.send(content, view=view)
            r.lobby_message_id = msg.id
            await self._remember(table_id, r, "lobby", r.channel_id, msg.id)
        else:
            await channel.get_partial_message(r.lobby_message_id).edit(content=content, view=view)

    async def _table_message(self, table_id: int, r: _TableRender, status: TableStatus) -> None:
        view = status.view
        assert view is not None
        new_hand = view.hand_no != r.hand_no
        if new_hand:
            r.hand_no = view.hand_no
            ref = r.refs.get(f"table:{view.hand_no}")
            r.table_message_id = ref[1] if ref else None
        phase_changed = view.phase != r.rendered_phase
        if not (r.dirty or phase_changed or r.table_message_id is None):
            return
        next_ai = (
            view.phase == "playing"
            and view.turn is not None
            and status.table.seats[view.turn].is_ai
        )
        if next_ai and not (r.force or phase_changed) and r.table_message_id is not None:
            return  # more AI plays are coming: batch them into one edit
        embed = table_embed(self._locale(status), status)
        channel = self.bot.get_partial_messageable(r.channel_id)
        buttons = self._play_view(table_id, self._locale(status), view.phase)
        if r.table_message_id is None:
            msg = await channel.send(embed=embed, view=buttons)  # type: ignore[arg-type]
            r.table_message_id = msg.id
            await self._remember(table_id, r, f"table:{view.hand_no}", r.channel_id, msg.id)
        else:
            await channel.get_partial_message(r.table_message_id).edit(embed=embed, view=buttons)
        r.dirty = False
        r.force = False
        r.rendered_phase = view.phase

    def _play_view(
        self, table_id: int, locale: str | None, phase: str, view: discord.ui.View | None = None
    ) -> discord.ui.View | None:
        """``view`` plus the Play button while the hand is on (None when nothing to show)."""
        if self.play_button is None or phase not in ("dealing", "declaring", "burying", "playing"):
            return view
        view = view or discord.ui.View(timeout=None)
        if len(view.children) < 25:
            view.add_item(self.play_button(table_id, locale))
        return view

    def _dm_due(self, r: _TableRender, dm: _DM, status: TableStatus, seat: int) -> bool:
        view = status.view
        assert view is not None
        if view.hand_no != dm.hand_no:
            # One DM per hand: a new hand starts a new message (or the one a
            # previous run of the bot already posted for this hand).
            dm.hand_no = view.hand_no
            ref = r.refs.get(f"dm:{seat}:{view.hand_no}")
            dm.channel_id, dm.message_id = ref if ref else (None, None)
            dm.rendered_trick = 0
            dm.rendered_phase = ""
            dm.rendered_trump = False
            dm.dirty = True
        if not dm.dirty:
            return False
        if view.phase == "dealing":
            # Sent once half the hand has arrived, so declaring buttons are useful.
            share = view.dealt / max(view.deal_total, 1)
            return dm.message_id is None and share >= DM_DEAL_SHARE
        if view.phase == "declaring":
            return dm.rendered_phase != "declaring"  # the whole hand, once
        if view.trump_fixed and not dm.rendered_trump:
            return True  # sorted with trump last (the dealer also sees the kitty)
        if view.phase == "playing":
            if dm.rendered_phase == "burying":
                return True  # the dealer's hand after the bury (others are not dirty)
            return view.trick_no - dm.rendered_trick >= DM_EVERY_TRICKS
        return False

    async def _dms(self, table_id: int, r: _TableRender, status: TableStatus) -> None:
        for info in status.table.seats:
            if info.user_id is None or info.user_id in self.dm_closed:
                continue
            dm = r.dms.setdefault(info.seat, _DM())
            if not self._dm_due(r, dm, status, info.seat):
                continue
            await self._send_dm(table_id, r, status, info.seat, info.user_id, dm)

    async def _send_dm(
        self, table_id: int, r: _TableRender, status: TableStatus, seat: int, user_id: int, dm: _DM
    ) -> None:
        view = self.service.seat_view(table_id, seat)
        if view is None:
            return
        locale = status.table.seats[seat].locale or status.options.language
        content = dm_text(locale, status, view)
        buttons = None
        if view.phase in ("dealing", "declaring"):
            match = self.service.match_of(table_id)
            options = match.declaration_options(seat) if match is not None else []
            buttons = declare_view(table_id, view.hand_no, [d.cards for d in options])
        buttons = self._play_view(table_id, locale, view.phase, buttons)
        try:
            if dm.message_id is None or dm.channel_id is None:
                channel = await self._dm_channel(user_id)
                msg = await channel.send(content, view=buttons)
                dm.message_id, dm.channel_id = msg.id, channel.id
                await self._remember(table_id, r, f"dm:{seat}:{view.hand_no}", channel.id, msg.id)
            else:
                channel = self.bot.get_partial_messageable(dm.channel_id)
                await channel.get_partial_message(dm.message_id).edit(content=content, view=buttons)
        except discord.Forbidden as exc:
            if exc.code == 50007:
                self.dm_closed.add(user_id)
                r.posts.append(f"dm_closed:{user_id}")
                await self._remember(table_id, r, f"dm_closed:{user_id}", 0, 0)
                return
            raise
        dm.dirty = False
        dm.rendered_trick = view.trick_no
        dm.rendered_phase = view.phase
        dm.rendered_trump = view.trump_fixed

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        cid = self.dm_channels.get(user_id)
        if cid is not None:
            return self.bot.get_partial_messageable(cid, type=discord.ChannelType.private)
        user = self.users.get(user_id) or await self.bot.fetch_user(user_id)
        channel = await user.create_dm()
        self.dm_channels[user_id] = channel.id
        return channel

    async def _posts(self, r: _TableRender, status: TableStatus | None) -> None:
        if not r.posts:
            return
        posts, r.posts = r.posts, []
        locale = self._locale(status)
        lines: list[str] = []
        for p in posts:
            if p.startswith("dm_closed:"):
                uid = int(p.split(":")[1])
                lines.append(text(locale, "dm_closed", mention=f"<@{uid}>"))
            elif p.startswith("seat_to_ai:"):
                seat = int(p.split(":")[1])
                lines.append(text(locale, "seat_to_ai", seat_name=seat_name(locale, seat)))
            elif p.startswith("auto:"):
                seat_s = p.split(":")[1]
                if seat_s.isdigit():
                    lines.append(
                        text(locale, "auto_acted", seat_name=seat_name(locale, int(seat_s)))
                    )
            elif p == "table_ended":
                lines.append(text(locale, "table_ended"))
            elif p in ("HandScored", "MatchWon", "ThrowFailed") and status is not None:
                pass  # shown in the table message (summary) to save calls
        if lines:
            channel = self.bot.get_partial_messageable(r.channel_id)
            await channel.send("\n".join(lines)[:2000])


# ---- rendering ------------------------------------------------------------------------------


def lobby_text(locale: str, status: TableStatus) -> str:
    rules = status.table.rules
    seats = []
    for s in status.table.seats:
        who = (
            text(locale, "word.empty")
            if s.empty
            else (f"{text(locale, 'word.ai')} ({s.ai_level})" if s.is_ai else f"<@{s.user_id}>")
        )
        seats.append(f"**{seat_name(locale, s.seat)}**: {who}")
    header = text(locale, "lobby_header", preset=rules.name, decks=rules.decks)
    timer = status.options.turn_seconds
    return (
        f"{header}\n" + "\n".join(seats) + "\n" + text(locale, "lobby_footer", timer=timer or "∞")
    )


def table_embed(locale: str, status: TableStatus) -> discord.Embed:
    view = status.view
    assert view is not None
    seats = status.table.seats
    embed = discord.Embed(
        title=text(locale, "table_title", hand=view.hand_no, trump=trump_label(locale, view)),
        description="\n".join(status_lines(locale, view, seats))[:4000],
        colour=discord.Colour.dark_red(),
    )
    if view.phase == "playing" and view.tricks:
        last = view.tricks[-1]
        plays = "\n".join(
            f"{player_name(locale, seats, s)}: {format_cards(c)}" for s, c in last.plays
        )
        embed.add_field(
            name=text(
                locale,
                "last_trick",
                n=last.trick_no,
                winner=player_name(locale, seats, last.winner or 0),
                points=last.points,
            ),
            value=plays[:1024],
            inline=False,
        )
    if view.history and view.phase in ("scored", "finished"):
        # The hand summary: kitty revealed, points, level changes.
        s = view.history[-1]
        ev = HandScored(
            s.hand_no,
            s.dealer,
            0,
            s.kitty,
            sum(c.points for c in s.kitty),
            s.multiplier,
            0,
            s.attackers_points,
            s.winner,
            s.level_change,
            s.levels_after,
            s.next_dealer,  # type: ignore[arg-type]
        )
        embed.add_field(
            name=text(locale, "hand_over"), value=summary_text(locale, ev)[:1024], inline=False
        )
    if view.phase == "finished" and view.winner is not None:
        embed.add_field(
            name="🏆",
            value=event_line(locale, MatchWon(view.winner, view.levels)) or "",
            inline=False,
        )  # type: ignore[arg-type]
    return embed


def dm_text(locale: str | None, status: TableStatus, view: Any) -> str:
    lines = [
        text(
            locale,
            "dm_header",
            channel=f"<#{status.table.channel_id}>",
            hand=view.hand_no,
            trump=trump_label(locale, view),
        )
    ]
    lines += [f"`{line}`" for line in hand_lines(locale, view)]
    if view.kitty_taken and view.phase == "burying":
        lines.append(
            text(locale, "dm_kitty", kitty=format_cards(view.kitty_taken), n=view.rules.kitty_size)
        )
    if view.buried:
        own = view.seat is not None and view.seat == view.dealer
        key = "dm_buried" if own else "kitty_was"
        lines.append(text(locale, key, cards=format_cards(view.buried)))
    return "\n".join(lines)[:2000]


def play_reply(locale: str | None, status: TableStatus, seat: int, events: list[Any]) -> str:
    """The public answer to a play: what was played and, if the trick ended, who won."""
    seats = status.table.seats
    lines = []
    for ev in events:
        if isinstance(ev, Played | TrickWon | ThrowFailed | HandScored | MatchWon | TrumpFixed):
            line = event_line(locale, ev, seats)
            if line:
                lines.append(line)
    view = status.view
    if view is not None and view.phase == "playing" and view.turn is not None:
        info = seats[view.turn]
        who = f"<@{info.user_id}>" if info.user_id else player_name(locale, seats, view.turn)
        lines.append(text(locale, "turn_of", who=who))
    return "\n".join(lines)[:2000] or "✓"
