"""复盘 on Discord: the /replay message — the picture of one trick of a finished
hand (``bot.pictures.replay``), a short text (who sat where, what happened at this
step) and ⏮ ◀ ▶ ⏭ buttons plus a "trick n/N" select, which only the player who
asked may use. Each step edits the message with the new picture; after
``REPLAY_TIMEOUT`` seconds without a click the controls are disabled.

The positions are 0 (after the bury) and 1…N (the end of each trick; N shows the
result). Only finished hands get here (``ReplayService.finished``), so every card
shown is public by now.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord_app.replies import relative_time
from bot.pictures.replay import render_trick
from bot.text.i18n import seat_name, text
from bot.text.render import result_text
from rules.cards import Suit
from rules.replay import HandReplay
from storage import StoredHand

log = logging.getLogger(__name__)

REPLAY_TIMEOUT = 600.0  # seconds without a click before the controls are disabled
PICTURE = "replay.png"
MAX_OPTIONS = 25  # Discord's limit for one select
PAGE = 20  # positions listed at once when a hand has more than MAX_OPTIONS
CUSTOM = "sj:rp:"  # + first | prev | next | last | pick (views are bound to their message)
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


class ReplayView(discord.ui.View):
    """The controls of one /replay message, for its owner only."""

    def __init__(
        self,
        show: ReplayShow,
        owner_id: int,
        *,
        pos: int = 0,
        link: str | None = None,
        timeout: float | None = None,
    ) -> None:
        super().__init__(timeout=REPLAY_TIMEOUT if timeout is None else timeout)
        self.show = show
        self.owner_id = owner_id
        self.pos = max(0, min(pos, show.tricks))
        self.last_interaction: discord.Interaction | None = None
        self.buttons: dict[str, discord.ui.Button[ReplayView]] = {}
        for what, emoji in (("first", "⏮"), ("prev", "◀"), ("next", "▶"), ("last", "⏭")):
            button: discord.ui.Button[ReplayView] = discord.ui.Button(
                style=discord.ButtonStyle.secondary, emoji=emoji, custom_id=CUSTOM + what, row=0
            )
            button.callback = self._stepper(what)  # type: ignore[method-assign]
            self.buttons[what] = button
            self.add_item(button)
        if link is not None:
            label = text(show.lang, "replay.open_page")[:80]
            self.add_item(discord.ui.Button(label=label, url=link, row=0))
        self.select: discord.ui.Select[ReplayView] = discord.ui.Select(
            custom_id=CUSTOM + "pick", row=1, min_values=1, max_values=1
        )
        self.select.callback = self._picked  # type: ignore[method-assign]
        self.add_item(self.select)
        self._update_controls()

    def _update_controls(self) -> None:
        end = self.show.tricks
        self.buttons["first"].disabled = self.buttons["prev"].disabled = self.pos <= 0
        self.buttons["next"].disabled = self.buttons["last"].disabled = self.pos >= end
        opts = select_options(self.show.lang, self.pos, end)
        self.select.options = [
            discord.SelectOption(label=lab[:100], value=str(p), default=cur) for lab, p, cur in opts
        ]
        here = next((lab for lab, _, cur in opts if cur), "")
        self.select.placeholder = here[:150] or None

    def _stepper(self, what: str) -> Any:
        async def step(interaction: discord.Interaction) -> None:
            target = {
                "first": 0,
                "prev": self.pos - 1,
                "next": self.pos + 1,
                "last": self.show.tricks,
            }[what]
            await self.go(interaction, target)

        return step

    async def _picked(self, interaction: discord.Interaction) -> None:
        try:
            target = int(self.select.values[0])
        except (IndexError, ValueError):
            target = self.pos
        await self.go(interaction, target)

    async def go(self, interaction: discord.Interaction, pos: int) -> None:
        """Show position ``pos``: the same message, edited with the new picture."""
        self.pos = max(0, min(pos, self.show.tricks))
        self._update_controls()
        self.last_interaction = interaction
        file = await self.show.picture(self.pos)
        await interaction.response.edit_message(
            content=self.show.content(self.pos), attachments=[file], view=self
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        who = f"<@{self.owner_id}>"
        await interaction.response.send_message(
            text(str(interaction.locale), "replay.not_yours", who=who),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return False

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Select) or (
                isinstance(item, discord.ui.Button) and item.url is None
            ):
                item.disabled = True
        if self.last_interaction is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.last_interaction.edit_original_response(view=self)

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        log.exception("replay controls", exc_info=error)
