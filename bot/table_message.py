"""What the channel shows: the lobby message and the living table message (embed)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import preset_label, seat_name, text
from bot.render import (
    event_line,
    play_text,
    player_name,
    status_lines,
    summary_text,
    trump_label,
)
from bot.service import TableStatus
from rules.events import HandScored, MatchWon, ThrowFailed
from rules.notation import format_cards


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
        seats.append(f"**{seat_name(locale, s.seat)}**: {who}")
    name = preset_label(locale, rules.name)
    header = text(locale, "lobby_header", preset=name, decks=rules.decks)
    if status.phase == "lobby" or table_link is None:
        timer = status.options.turn_seconds
        footer = text(locale, "lobby_footer", timer=timer or "∞")
    else:
        footer = text(locale, "lobby_started", link=table_link)
    return f"{header}\n" + "\n".join(seats) + "\n" + footer


def table_embed(
    locale: str, status: TableStatus, failed_throws: Sequence[ThrowFailed] = ()
) -> discord.Embed:
    """The table message. ``failed_throws``: those of the last trick, shown with it
    (a failed throw is folded into the trick's edit, not an edit of its own)."""
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
        lines = [play_text(locale, seats, s, c) for s, c in last.plays]
        lines += [
            text(
                locale,
                "failed_throw_note",
                who=player_name(locale, seats, ev.seat),
                attempted=format_cards(ev.attempted),
                forced=format_cards(ev.forced),
                penalty=ev.penalty,
            )
            for ev in failed_throws
        ]
        embed.add_field(
            name=text(
                locale,
                "last_trick",
                n=last.trick_no,
                winner=player_name(locale, seats, last.winner or 0),
                points=last.points,
            ),
            value="\n".join(lines)[:1024],
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
            s.winner,  # type: ignore[arg-type]
            s.level_change,
            s.levels_after,
            s.next_dealer,
        )
        embed.add_field(
            name=text(locale, "hand_over"), value=summary_text(locale, ev)[:1024], inline=False
        )
    if view.phase == "finished" and view.winner is not None:
        embed.add_field(
            name="🏆",
            value=event_line(locale, MatchWon(view.winner, view.levels)) or "",  # type: ignore[arg-type]
            inline=False,
        )
    return embed
