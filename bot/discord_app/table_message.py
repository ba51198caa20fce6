"""What the channel shows: the lobby message and the living table message (an embed
with the table picture, ``TABLE_PICTURE``, and the countdown of the current timer)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.discord_app.replies import countdown
from bot.service import TableStatus
from bot.service.records import SeatInfo
from bot.text.i18n import preset_label, seat_name, text
from bot.text.render import (
    CardFormat,
    event_line,
    hand_summary_text,
    match_won_event,
    play_text,
    player_name,
    reader_format,
    status_lines,
    trump_label,
)
from bot.text.settings_text import house_rule_lines
from rules.events import ThrowFailed
from rules.notation import format_cards
from rules.views import HandSummary


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def lobby_text(locale: str, status: TableStatus, table_link: str | None = None) -> str:
    """The lobby: who sits where; once the game is on, a link to the table message
    instead of the "press Start" footer (the buttons are gone by then)."""
    rules = status.table.rules
    seats = []
    for s in status.table.seats:
        if s.empty:
            who = text(locale, "word.empty")
        elif s.is_ai:
            level = text(locale, f"ai_level.{s.ai_level}", fallback=s.ai_level or "")
            who = text(locale, "lobby_ai", level=level)
        else:
            who = f"<@{s.user_id}>"
        seats.append(f"**{seat_name(locale, s.seat, len(status.table.seats))}**: {who}")
    name = preset_label(locale, rules.name)
    header = text(locale, "lobby_header", preset=name, decks=rules.decks)
    if status.phase == "lobby" or table_link is None:
        timer = status.options.turn_seconds
        footer = (
            text(locale, "lobby_footer", timer=timer)
            if timer
            else text(locale, "lobby_footer_no_timer")
        )
    else:
        footer = text(locale, "lobby_started", link=table_link)
    if status.options.ranked:  # its stated rules, before anyone sits down for them
        seats.append(text(locale, "lobby_ranked"))
    house = house_rule_lines(locale, rules)
    if house:  # what this table plays differently from its preset
        seats.append(text(locale, "lobby_house_rules") + "\n" + "\n".join(f"- {h}" for h in house))
    return f"{header}\n" + "\n".join(seats) + "\n" + footer


TABLE_PICTURE = "table.png"
SUMMARY_PICTURE = "summary.png"
FIELD_MAX = 1024  # characters in an embed field value
DESCRIPTION_MAX = 4096


def embed_text(embed: discord.Embed) -> str:
    """The embed as message text (the fallback without Embed Links), within 2000."""
    parts = [f"**{embed.title}**" if embed.title else "", embed.description or ""]
    parts += [f"**{f.name}**\n{f.value}" for f in embed.fields]
    return "\n".join(p for p in parts if p)[:2000]


def fitted(make: Callable[[CardFormat], str], fmt: CardFormat, limit: int) -> str:
    """``make(fmt)``, or text alone (``format_cards``) when the emoji faces would not
    fit ``limit`` characters: never a cut-off emoji."""
    body = make(fmt)
    if len(body) > limit and fmt is not format_cards:
        body = make(format_cards)
    return body[:limit]


def table_embed(
    locale: str,
    status: TableStatus,
    failed_throws: Sequence[ThrowFailed] = (),
    fmt: CardFormat = format_cards,
    picture: str | None = None,
    summary_picture: str | None = None,
) -> discord.Embed:
    """The table message. ``failed_throws``: those of the last trick, shown with it
    (a failed throw is folded into the trick's edit, not an edit of its own);
    ``picture``/``summary_picture``: attachment file names of the table and hand
    summary pictures shown in the embed."""
    view = status.view
    assert view is not None
    seats = status.table.seats

    def description(f: CardFormat) -> str:
        lines = status_lines(locale, view, seats, fmt=f)
        when = countdown(locale, status)
        if when:
            lines.append(when)
        return "\n".join(lines)

    embed = discord.Embed(
        title=text(locale, "table_title", hand=view.hand_no, trump=trump_label(locale, view)),
        description=fitted(description, fmt, DESCRIPTION_MAX),
        colour=discord.Colour.dark_red(),
    )
    if picture is not None:
        embed.set_image(url=f"attachment://{picture}")
    if view.phase == "playing" and view.tricks:
        last = view.tricks[-1]

        def trick(f: CardFormat) -> str:
            f = reader_format(locale, f)  # English writes the jokers BJ / LJ
            lines = [play_text(locale, seats, s, c, fmt=f) for s, c in last.plays]
            lines += [
                text(
                    locale,
                    "failed_throw_note" if ev.beaten_by is None else "failed_throw_note_beaten",
                    who=player_name(locale, seats, ev.seat),
                    attempted=f(ev.attempted),
                    forced=f(ev.forced),
                    penalty=ev.penalty,
                    by=player_name(locale, seats, ev.beaten_by or 0),
                    beater=f(ev.beater),
                )
                for ev in failed_throws
            ]
            return "\n".join(lines)

        embed.add_field(
            name=text(
                locale,
                "last_trick",
                n=last.trick_no,
                winner=player_name(locale, seats, last.winner or 0),
                points=last.points,
            ),
            value=fitted(trick, fmt, FIELD_MAX),
            inline=False,
        )
    if view.history and view.phase in ("scored", "finished"):
        # The hand summary: kitty revealed, points, level changes.
        _add_summary(embed, locale, seats, view.history[-1], fmt)
        if summary_picture is not None:
            # The hand summary picture (kitty face up, points, levels) takes the
            # embed's image; the table picture adds nothing once the hand is over.
            embed.set_image(url=f"attachment://{summary_picture}")
    if view.phase == "finished" and view.winner is not None:
        embed.add_field(
            name="🏆",
            value=(event_line(locale, won, seats) if (won := match_won_event(view)) else None)
            or "",
            inline=False,
        )
    return embed


def _add_summary(
    embed: discord.Embed,
    locale: str,
    seats: Sequence[SeatInfo],
    s: HandSummary,
    fmt: CardFormat,
) -> None:
    embed.add_field(
        name=text(locale, "hand_over"),
        value=fitted(lambda f: hand_summary_text(locale, s, seats, fmt=f), fmt, FIELD_MAX),
        inline=False,
    )


def closing_embed(
    locale: str,
    status: TableStatus,
    summary: HandSummary,
    fmt: CardFormat = format_cards,
    summary_picture: str | None = None,
) -> discord.Embed:
    """The end of an earlier hand, for its table message when the last edit of that
    hand did not land before the next hand began (the live view is the next hand's)."""
    trump = (
        text(locale, "word.no_trump") if summary.trump_suit is None else summary.trump_suit.symbol
    )
    embed = discord.Embed(
        title=text(locale, "table_title", hand=summary.hand_no, trump=trump),
        colour=discord.Colour.dark_red(),
    )
    _add_summary(embed, locale, status.table.seats, summary, fmt)
    if summary_picture is not None:
        embed.set_image(url=f"attachment://{summary_picture}")
    return embed
