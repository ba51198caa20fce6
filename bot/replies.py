"""Texts answering a player's own command, and the short public posts."""

from __future__ import annotations

from typing import Any

from bot.i18n import seat_name, text
from bot.render import event_line, hand_lines, player_name, trump_label
from bot.service import TableStatus
from rules.events import HandScored, MatchWon, Played, ThrowFailed, TrickWon, TrumpFixed
from rules.notation import format_cards
from rules.views import View


def dm_text(locale: str | None, status: TableStatus, view: View) -> str:
    """A player's hand (the DM, and /hand): sorted, grouped by suit, trump last."""
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


def hand_followup(locale: str | None, view: View) -> str:
    """The private note after a player's own play: what is left in their hand."""
    return text(locale, "your_hand") + "\n" + "\n".join(f"`{x}`" for x in hand_lines(locale, view))


def play_reply(
    locale: str | None, status: TableStatus, events: list[Any], ping: int | None = None
) -> str:
    """The public answer to a play: what was played and, if the trick ended, who won,
    then whose turn it is — by name; with a mention only for ``ping`` (a user id the
    presenter decided to wake up)."""
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
        name = player_name(locale, seats, view.turn)
        who = f"<@{info.user_id}>" if ping is not None and info.user_id == ping else name
        lines.append(text(locale, "turn_of", who=who))
    return "\n".join(lines)[:2000] or "✓"


def post_line(locale: str, post: str) -> str | None:
    """One short public post (``kind:arg``) as a line of text; None for none."""
    kind, _, arg = post.partition(":")
    if kind == "dm_closed":
        return text(locale, "dm_closed", mention=f"<@{arg}>")
    if kind == "seat_to_ai" and arg.isdigit():
        return text(locale, "seat_to_ai", seat_name=seat_name(locale, int(arg)))
    if kind == "auto" and arg.isdigit():
        return text(locale, "auto_acted", seat_name=seat_name(locale, int(arg)))
    if kind == "followup_delayed":
        return text(locale, "followup_delayed")
    if kind == "table_ended":
        return text(locale, "table_ended")
    if kind == "redealt":
        return text(locale, "redealt", hand=arg)
    return None
