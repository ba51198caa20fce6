"""Texts answering a player's own command, and the short public posts."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from bot.discord_app.autocomplete import suggested_calls
from bot.service import TableStatus
from bot.text.i18n import seat_name, text
from bot.text.rank_text import forfeit_line, rank_change_lines
from bot.text.render import (
    CardFormat,
    calls_text,
    event_line,
    player_name,
    reader_format,
    suit_groups,
    trump_label,
)
from rules.events import HandScored, MatchWon, Played, ThrowFailed, TrickWon, TrumpFixed
from rules.notation import format_cards
from rules.views import View

MAX_MESSAGE = 2000


def relative_time(at: datetime) -> str:
    """A Discord timestamp that every client counts down by itself (``in 25 s``)."""
    aware = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    return f"<t:{int(aware.timestamp())}:R>"


def countdown(locale: str | None, status: TableStatus) -> str | None:
    """Who is awaited and when their time runs out (turn, bury, declaring window), or
    None when no timer runs for a person. Shown once; Discord keeps it counting."""
    view, kind, due = status.view, status.deadline_kind, status.deadline_at
    if view is None or due is None or kind not in ("turn", "bury", "declare"):
        return None
    when = relative_time(due)
    if kind == "declare":
        return text(locale, "deadline.declare", when=when)
    if kind == "turn" and view.phase == "stealing":  # 炒地皮: the seat to steal or pass
        kind, actor = "steal", view.steal_turn
    else:
        actor = view.turn if kind == "turn" else view.burier
    if actor is None:
        return None
    who = player_name(locale, status.table.seats, actor)
    return text(locale, f"deadline.{kind}", who=who, when=when)


def hand_block(locale: str | None, view: View, fmt: CardFormat = format_cards) -> list[str]:
    """The hand, one line per suit (plain suits ♠♥♣♦, trump last): the label and
    count in a code span, then the cards (emoji faces and text when ``fmt`` has them)."""
    if view.hand is None:
        return []
    fmt = reader_format(locale, fmt)  # English writes the jokers BJ / LJ
    lines = []
    for name, cards in suit_groups(view.shown_context, view.hand):
        label = text(locale, "word.trump") if name == "trump" else name
        lines.append(f"`{label:>5} ({len(cards):>2})` {fmt(cards)}")
    return lines


def _fitted(make: Any, fmt: CardFormat, limit: int = MAX_MESSAGE) -> str:
    """``make(fmt)``, or ``make(format_cards)`` (text alone) when the faces would
    not fit the message."""
    body = str(make(fmt))
    if len(body) > limit and fmt is not format_cards:
        body = str(make(format_cards))
    return body[:limit]


def dm_text(
    locale: str | None, status: TableStatus, view: View, fmt: CardFormat = format_cards
) -> str:
    """A player's hand (the DM, and /hand): sorted, grouped by suit, trump last;
    the jokers in the reader's notation (BJ / LJ in English)."""
    return _fitted(
        lambda f: "\n".join(_dm_lines(locale, status, view, reader_format(locale, f))), fmt
    )


def _dm_lines(locale: str | None, status: TableStatus, view: View, fmt: CardFormat) -> list[str]:
    lines = [
        text(
            locale,
            "dm_header",
            channel=f"<#{status.table.channel_id}>",
            hand=view.hand_no,
            trump=trump_label(locale, view),
        )
    ]
    lines += hand_block(locale, view, fmt)
    if view.kitty_taken and view.phase == "burying":
        code = "dm_kitty" if view.burier == view.dealer else "dm_kitty_stolen"  # 炒地皮
        lines.append(text(locale, code, kitty=fmt(view.kitty_taken), n=view.rules.kitty_size))
    if view.phase == "stealing" and view.seat is not None and view.steal_turn == view.seat:
        lines.append(text(locale, "dm_steal"))
    if view.phase == "calling" and view.seat is not None and view.seat == view.dealer:
        calls = suggested_calls(view)
        n = len(calls) or view.rules.friend_calls
        lines.append(text(locale, "dm_call", n=n, suggested=calls_text(locale, calls) or "—"))
    if view.buried:
        own = view.seat is not None and view.seat == view.burier
        key = "dm_buried" if own else "kitty_was"
        lines.append(text(locale, key, cards=fmt(view.buried)))
    return lines


def hand_followup(locale: str | None, view: View, fmt: CardFormat = format_cards) -> str:
    """The private note after a player's own play: what is left in their hand."""
    return _fitted(
        lambda f: text(locale, "your_hand") + "\n" + "\n".join(hand_block(locale, view, f)), fmt
    )


def play_reply(
    locale: str | None,
    status: TableStatus,
    events: list[Any],
    ping: int | None = None,
    fmt: CardFormat = format_cards,
) -> str:
    """The public answer to a play: what was played and, if the trick ended, who won,
    then whose turn it is — by name, with the countdown of their timer; with a
    mention only for ``ping`` (a user id the presenter decided to wake up)."""
    return _fitted(lambda f: _play_lines(locale, status, events, ping, f), fmt) or "✓"


def _play_lines(
    locale: str | None, status: TableStatus, events: list[Any], ping: int | None, fmt: CardFormat
) -> str:
    seats = status.table.seats
    lines = []
    for ev in events:
        if isinstance(ev, Played | TrickWon | ThrowFailed | HandScored | MatchWon | TrumpFixed):
            line = event_line(locale, ev, seats, fmt=fmt)
            if line:
                lines.append(line)
    view = status.view
    if view is not None and view.phase == "playing" and view.turn is not None:
        info = seats[view.turn]
        name = player_name(locale, seats, view.turn)
        who = f"<@{info.user_id}>" if ping is not None and info.user_id == ping else name
        line = text(locale, "turn_of", who=who)
        if status.deadline_kind == "turn" and status.deadline_at is not None:
            line += f" · ⏳ {relative_time(status.deadline_at)}"
        lines.append(line)
    return "\n".join(lines)


def post_line(locale: str, post: str, players: int = 4) -> str | None:
    """One short public post (``kind:arg``) as a line of text; None for none.
    ``players``: the table's seats (seat names 1…N at 找朋友)."""
    kind, _, arg = post.partition(":")
    if kind == "dm_closed":
        return text(locale, "dm_closed", mention=f"<@{arg}>")
    if kind == "seat_to_ai" and arg.isdigit():
        return text(locale, "seat_to_ai", seat_name=seat_name(locale, int(arg), players))
    if kind == "auto_ended" and arg.isdigit():
        return text(locale, "auto_ended", seat_name=seat_name(locale, int(arg), players))
    if kind == "auto" and arg.isdigit():
        return text(locale, "auto_acted", seat_name=seat_name(locale, int(arg), players))
    if kind == "followup_delayed":
        return text(locale, "followup_delayed")
    if kind == "rank":
        return "\n".join(rank_change_lines(locale, json.loads(arg), players)) or None
    if kind == "forfeit":
        return forfeit_line(locale, json.loads(arg), players)
    if kind == "table_ended":
        return text(locale, "table_ended")
    if kind == "table_paused" and arg.isdigit():
        return text(locale, "table_paused", minutes=int(arg))
    if kind in ("table_resumed", "table_closed", "lobby_closed"):
        return text(locale, kind)
    if kind == "redealt":
        return text(locale, "redealt", hand=arg)
    return None
