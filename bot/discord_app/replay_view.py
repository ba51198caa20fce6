"""复盘 on Discord: the /replay message — the picture of one trick of a finished
hand (``bot.pictures.replay``), a short text (who sat where, what happened at this
step) and ⏮ ◀ ▶ ⏭ buttons plus a "trick n/N" select, which only the player who
asked may use. Each step edits the message with the new picture.

The controls are persistent (``DynamicItem``, registered at start-up): their
custom ids carry the hand, the owner, the position and the language, so a
/replay made before a restart still steps after it.

The positions are 0 (after the bury) and 1…N (the end of each trick; N shows the
result). Only finished hands get here (``ReplayService.finished``), so every card
shown is public by now.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.interactions import answering, bot_of
from bot.discord_app.replies import relative_time
from bot.pictures.replay import render_trick
from bot.service import ServiceError
from bot.service.records import StoredHand
from bot.text.i18n import seat_name, text
from bot.text.render import result_text
from rules.cards import Suit
from rules.replay import HandReplay

PICTURE = "replay.png"
MAX_OPTIONS = 25  # Discord's limit for one select
PAGE = 20  # positions listed at once when a hand has more than MAX_OPTIONS
# + first | prev | next | last | pick, then :hand:owner:position:language
CUSTOM = "sj:rp:"
STATE = r"(?P<hand>\d+):(?P<owner>\d+):(?P<pos>\d+):(?P<lang>[A-Za-z-]{2,10})"
STEPS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}
TRUMP_SYMBOLS = {s.letter: s.symbol for s in Suit}


@dataclass(frozen=True, slots=True)
class ReplayShow:
    """One finished hand as a Discord message shows it."""

    hand: StoredHand
    replay: HandReplay
    names: tuple[str, ...]  # per seat: "North (alice)", "Seat 3 (AI)" …
    lang: str  # the language of the text and the picture
    four_colour: bool = False

    @property
    def tricks(self) -> int:
        return len(self.replay.trick_frames())

    def content(self, pos: int) -> str:
        """The message text at position ``pos`` (no cards: the picture shows them)."""
        h, lang = self.hand, self.lang
        lines = [
            text(
                lang,
                "replay.head",
                id=h.hand_id,
                table=h.table_id,
                n=h.hand_no,
                when=relative_time(h.finished_at),
            ),
            " · ".join(self.names),
        ]
        if pos <= 0:
            lines.append(text(lang, "replay.start"))
        else:
            t = self.replay.frame_of_trick(pos).trick
            assert t is not None and t.winner is not None
            lines.append(
                text(
                    lang,
                    "replay.trick",
                    n=pos,
                    total=self.tricks,
                    who=self.names[t.winner],
                    points=t.points,
                )
            )
        if pos >= self.tricks:
            s = self.replay.summary
            result = result_text(lang, s.winner, s.level_change)
            lines.append(text(lang, "replay.end", points=s.attackers_points, result=result))
        return "\n".join(lines)[:2000]

    def picture_bytes(self, pos: int) -> bytes:
        return render_trick(self.replay, pos, self.lang, self.four_colour)

    async def picture(self, pos: int) -> discord.File:
        png = await asyncio.to_thread(self.picture_bytes, pos)
        return discord.File(io.BytesIO(png), PICTURE)


def seat_labels(
    lang: str, players: int, names: Sequence[str | None], users: Sequence[int | None]
) -> tuple[str, ...]:
    """ "North (alice)" per seat: the display name, the AI's name, else a mention."""
    out = []
    for seat in range(players):
        user = users[seat] if seat < len(users) else None
        name = names[seat] if seat < len(names) else None
        if user is None:
            name = text(lang, "word.ai")
        elif not name:
            name = f"<@{user}>"
        out.append(text(lang, "player_name", seat=seat_name(lang, seat, players), name=name))
    return tuple(out)


def trump_text(lang: str, trump: str) -> str:
    return TRUMP_SYMBOLS.get(trump) or text(lang, "word.no_trump")


def hand_result(lang: str, hand: StoredHand) -> str:
    result = result_text(lang, hand.winner, hand.level_change)
    return text(lang, "history.result", points=hand.attackers_points, result=result)


def select_options(lang: str, pos: int, tricks: int) -> list[tuple[str, int, bool]]:
    """(label, position, is the current one) for the select: every position when
    they fit in ``MAX_OPTIONS``, else the page of ``PAGE`` holding ``pos`` and one
    entry per other page (it jumps to that page's first position)."""

    def label(p: int) -> str:
        if p == 0:
            return text(lang, "replay.option_start")
        return text(lang, "replay.option_trick", n=p, total=tricks)

    if tricks + 1 <= MAX_OPTIONS:
        return [(label(p), p, p == pos) for p in range(tricks + 1)]
    page_of = pos // PAGE
    out: list[tuple[str, int, bool]] = []
    for first in range(0, tricks + 1, PAGE):
        last = min(first + PAGE - 1, tricks)
        if first // PAGE == page_of:
            out += [(label(p), p, p == pos) for p in range(first, last + 1)]
        else:
            page = text(lang, "replay.option_page", first=max(first, 1), last=last)
            out.append((page, first, False))
    return out[:MAX_OPTIONS]


def control_id(what: str, hand_id: int, owner_id: int, pos: int, lang: str) -> str:
    return f"{CUSTOM}{what}:{hand_id}:{owner_id}:{pos}:{lang}"


def seat_names(interaction: discord.Interaction, hand: StoredHand) -> list[str | None]:
    """Each seat's display name: the server's now when cached, else the one stored
    with the hand (the bot's intents cache no members), the user cache, the
    open table's seats; None for an AI seat (or a name never known)."""
    known: dict[int, str] = {}
    status = bot_of(interaction).service.queries.cached_status(hand.table_id)
    if status is not None:
        known = {s.user_id: s.display_name for s in status.table.seats if s.user_id}
    stored = dict(enumerate(hand.names))
    out: list[str | None] = []
    for seat, user_id in enumerate(hand.seats):
        name: str | None = None
        if user_id is not None:
            member = interaction.guild.get_member(user_id) if interaction.guild else None
            user = member or interaction.client.get_user(user_id)
            name = (
                (member.display_name if member is not None else None)
                or stored.get(seat)
                or (user.display_name if user is not None else None)
                or known.get(user_id)
            )
        out.append(name)
    return out


def replay_show(
    interaction: discord.Interaction, hand: StoredHand, replay: HandReplay, lang: str
) -> ReplayShow:
    labels = seat_labels(lang, replay.players, seat_names(interaction, hand), hand.seats)
    status = bot_of(interaction).service.queries.cached_status(hand.table_id)
    four = bool(status is not None and status.options.four_colour)
    return ReplayShow(hand, replay, labels, lang, four)


def replay_controls(
    show: ReplayShow, owner_id: int, pos: int = 0, link: str | None = None
) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ (and the page's link), then the select, at position ``pos``."""
    pos = max(0, min(pos, show.tricks))
    hand_id, lang, end = show.hand.hand_id, show.lang, show.tricks
    view = discord.ui.View(timeout=None)
    for what in STEPS:
        off = pos <= 0 if what in ("first", "prev") else pos >= end
        view.add_item(ReplayStep(what, hand_id, owner_id, pos, lang, disabled=off))
    if link is not None:
        label = text(lang, "replay.open_page")[:80]
        view.add_item(discord.ui.Button(label=label, url=link, row=0))
    view.add_item(ReplayPick(hand_id, owner_id, pos, lang, end))
    return view


def _link_of(message: discord.Message | None) -> str | None:
    """The page link button a replay message already has (it is not made again)."""
    for row in message.components if message is not None else ():
        for c in getattr(row, "children", ()):
            if isinstance(c, discord.Button) and c.url:
                return c.url
    return None


async def _owner_only(interaction: discord.Interaction, owner_id: int) -> bool:
    if interaction.user.id == owner_id:
        return True
    await interaction.response.send_message(
        text(str(interaction.locale), "replay.not_yours", who=f"<@{owner_id}>"),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    return False


async def step_to(
    interaction: discord.Interaction, hand_id: int, owner_id: int, pos: int, lang: str
) -> None:
    """Show position ``pos``: the same message, edited with the new picture and
    controls. The hand is read again, so this works in any process."""
    replays = bot_of(interaction).service.replays
    try:
        hand, replay = await replays.finished(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0, hand_id=hand_id
        )
    except ServiceError as exc:
        await interaction.response.send_message(
            exc.message(str(interaction.locale)), ephemeral=True
        )
        return
    show = replay_show(interaction, hand, replay, lang)
    pos = max(0, min(pos, show.tricks))
    view = replay_controls(show, owner_id, pos, _link_of(interaction.message))
    file = await show.picture(pos)
    await interaction.response.edit_message(
        content=show.content(pos), attachments=[file], view=view
    )


class ReplayStep(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=CUSTOM + r"(?P<what>first|prev|next|last):" + STATE,
):
    def __init__(
        self, what: str, hand_id: int, owner_id: int, pos: int, lang: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                emoji=STEPS[what],
                custom_id=control_id(what, hand_id, owner_id, pos, lang),
                disabled=disabled,
                row=0,
            )
        )
        self.what, self.hand_id, self.owner_id, self.pos, self.lang = (
            what,
            hand_id,
            owner_id,
            pos,
            lang,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayStep:
        owner, pos = int(match["owner"]), int(match["pos"])
        return cls(match["what"], int(match["hand"]), owner, pos, match["lang"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _owner_only(interaction, self.owner_id)

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        # "last" past the end is clamped by step_to, which knows the hand's length.
        target = {"first": 0, "prev": self.pos - 1, "next": self.pos + 1, "last": 10_000}
        await step_to(interaction, self.hand_id, self.owner_id, target[self.what], self.lang)


class ReplayPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=CUSTOM + r"pick:" + STATE,
):
    def __init__(
        self, hand_id: int, owner_id: int, pos: int, lang: str, tricks: int | None = None
    ) -> None:
        # Rebuilt from a click (``tricks`` None), only the chosen value matters.
        opts = select_options(lang, pos, tricks) if tricks is not None else [("-", pos, True)]
        super().__init__(
            discord.ui.Select(
                custom_id=control_id("pick", hand_id, owner_id, pos, lang),
                options=[
                    discord.SelectOption(label=lab[:100], value=str(p), default=cur)
                    for lab, p, cur in opts
                ],
                placeholder=next((lab for lab, _, cur in opts if cur), "")[:150] or None,
                min_values=1,
                max_values=1,
                row=1,
            )
        )
        self.hand_id, self.owner_id, self.pos, self.lang = hand_id, owner_id, pos, lang

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayPick:
        return cls(int(match["hand"]), int(match["owner"]), int(match["pos"]), match["lang"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _owner_only(interaction, self.owner_id)

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            target = int(self.item.values[0])
        except (IndexError, ValueError):
            target = self.pos
        await step_to(interaction, self.hand_id, self.owner_id, target, self.lang)


REPLAY_ITEMS = (ReplayStep, ReplayPick)
