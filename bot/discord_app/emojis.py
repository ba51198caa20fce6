"""Card faces as Discord *application emojis* (54 of the 2,000 an app may own).

``sync_emojis(client)`` finds the faces the application already owns by name
(``sj_SA``, ``sj_H10``, ``sj_BJ`` …) and uploads only the missing ones, so it is
idempotent across restarts and never creates a duplicate. If Discord refuses
(no application id, missing permission, emoji limit reached, an outage), the bot
shows cards as text alone: one warning line says why, nothing else changes.

``cards_inline(cards, emojis)`` is how every message shows cards: the emoji faces
followed by the text notation (kept for screen readers and for search).

``python -m bot emojis`` uploads them once by hand (needs ``DISCORD_TOKEN``; see
``bot.discord_app.emojis_cli``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.pictures.faces import emoji_name, emoji_png
from bot.text.render import CardFormat, reader_cards
from rules.cards import ALL_CARDS, Card
from rules.notation import Style, format_cards

log = logging.getLogger(__name__)

# Past this many characters of emoji markdown, a line shows text alone: a 52-card
# hand in emojis alone is ~1,500 characters of Discord's 2,000.
MAX_EMOJI_CHARS = 1000


@dataclass(frozen=True, slots=True)
class CardEmojis:
    """Card → application emoji id; empty (text alone) with ``reason`` when off."""

    ids: Mapping[Card, int] = field(default_factory=dict)
    reason: str | None = None
    uploaded: int = 0  # emojis created by the sync that produced this mapping

    @property
    def available(self) -> bool:
        return len(self.ids) == len(ALL_CARDS)

    def markdown(self, card: Card) -> str | None:
        """``<:sj_SA:123>`` for ``card``, or None in text-only mode."""
        emoji_id = self.ids.get(Card(card)) if self.available else None
        return None if emoji_id is None else f"<:{emoji_name(card)}:{emoji_id}>"

    def partial(self, card: Card) -> discord.PartialEmoji | None:
        """The emoji for a select option or a button, or None in text-only mode."""
        emoji_id = self.ids.get(Card(card)) if self.available else None
        return (
            None if emoji_id is None else discord.PartialEmoji(name=emoji_name(card), id=emoji_id)
        )

    @classmethod
    def text_only(cls, reason: str) -> CardEmojis:
        return cls({}, reason)


TEXT_ONLY = CardEmojis.text_only("card emojis are not loaded")


def cards_inline(
    cards: Iterable[Card],
    emojis: CardEmojis | None = None,
    style: Style = "symbol",
    limit: int = MAX_EMOJI_CHARS,
) -> str:
    """The cards as emoji faces with their text notation beside them
    (``<:sj_SA:1><:sj_SK:2> ♠A ♠K``); text alone when emojis are off or the
    emojis would take more than ``limit`` characters."""
    cs = list(cards)
    txt = format_cards(cs, style)
    if not cs or emojis is None or not emojis.available:
        return txt
    faces = "".join(emojis.markdown(c) or "" for c in cs)
    if len(faces) > limit:
        return txt
    return f"{faces} {txt}"


def cards_text(
    cards: Sequence[Card], emojis: CardEmojis | None = None, locale: str | None = None
) -> str:
    """Card notation, with the cards' emoji faces in front when the bot has them (the
    text stays for screen readers and search); the jokers in the reader's notation."""
    return reader_cards(locale, cards_inline(cards, emojis))


def card_format(emojis: CardEmojis | None, limit: int = MAX_EMOJI_CHARS) -> CardFormat:
    """``cards_inline`` bound to ``emojis``: what the text helpers (``bot.text.render``,
    ``bot.discord_app.replies``, ``bot.discord_app.table_message``) take to show cards in a message."""

    def fmt(cards: Iterable[Card]) -> str:
        return cards_inline(cards, emojis, limit=limit)

    return fmt


async def sync_emojis(client: discord.Client) -> CardEmojis:
    """Make sure the application owns the 54 card emojis; return their ids.

    Call after login (``setup_hook`` or later). Existing emojis are found by name
    first, so a restart uploads nothing; a refused call means text alone.
    """
    try:
        existing = await client.fetch_application_emojis()
    except (discord.HTTPException, discord.MissingApplicationID) as exc:
        return _fallback(f"cannot list the application's emojis ({_why(exc)})")
    by_name: dict[str, discord.Emoji] = {}
    for e in existing:
        by_name.setdefault(e.name, e)  # a stray duplicate from elsewhere is left alone
    ids: dict[Card, int] = {}
    uploaded = 0
    for card in ALL_CARDS:
        name = emoji_name(card)
        emoji = by_name.get(name)
        if emoji is None:
            try:
                emoji = await client.create_application_emoji(name=name, image=emoji_png(card))
            except (discord.HTTPException, discord.MissingApplicationID) as exc:
                return _fallback(f"Discord refused to upload emoji {name} ({_why(exc)})", uploaded)
            uploaded += 1
        ids[card] = emoji.id
    if uploaded:
        log.info("card emojis: uploaded %d, %d were already there", uploaded, len(ids) - uploaded)
    return CardEmojis(ids, None, uploaded)


def _why(exc: Exception) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}, code {exc.code}: {exc.text or 'no message'}"
    return type(exc).__name__


def _fallback(reason: str, uploaded: int = 0) -> CardEmojis:
    log.warning("card emojis off, cards are shown as text: %s", reason)
    return CardEmojis({}, reason, uploaded)
