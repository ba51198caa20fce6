"""What the console says, as pure functions of a seat's view: the prompt for what
you are asked, the last trick, the kitty, finished hands, and which cards of a
refused move you do not hold. No I/O (``bot/console.py`` prints them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.i18n import seat_name, text
from bot.render import cards_text, player_name, result_text, stored_trump_text
from rules.cards import Card
from rules.declare import Declaration
from rules.notation import NotationError, format_cards, parse_cards
from rules.views import View
from storage import SeatInfo
from storage.stats import HandProgress

Seats = Sequence[SeatInfo] | None


def ask_text(
    locale: str,
    asked: str | None,
    view: View | None,
    seats: Seats,
    options: Sequence[Declaration],
    passed_before: bool,
) -> str:
    """What you are asked to do, in words. ``passed_before``: a declaration came
    after your pass in this window."""
    if asked in ("declare", "declare_or_pass") and view is not None:
        shown = ", ".join(format_cards(d.cards) for d in options)
        if asked == "declare":
            return text(locale, "console.can_declare", options=shown)
        again = ""
        if passed_before or len(view.declarations) >= 2:  # an override cleared the passes
            last = view.declarations[-1]
            who = player_name(locale, seats, last.seat)
            again = text(locale, "console.pass_again", who=who, cards=format_cards(last.cards))
            again += "\n"
        if not shown:
            return again + text(locale, "console.nothing_to_declare")
        return again + text(locale, "console.can_declare_or_pass", options=shown)
    if asked == "bury":
        return text(locale, "console.bury", n=view.rules.kitty_size if view else 0)
    codes = {"play": "console.your_turn", "next": "console.next", "over": "console.over"}
    return text(locale, codes[asked]) if asked in codes else ""


def missing_text(locale: str, view: View | None, asked_cards: str) -> str:
    """Name only the cards you lack ("You do not hold ♥3."), not all you asked for;
    "" when that cannot be worked out (the service's own message is used then)."""
    try:
        wanted = Counter(parse_cards(asked_cards))
    except NotationError:
        return ""
    held = Counter(view.hand or ()) if view is not None else Counter[Card]()
    short = {c: n - held[c] for c, n in wanted.items() if n > held[c]}
    if not short:
        return ""
    ctx = view.context if view is not None and view.trump_fixed else None
    cards = [c for c, n in short.items() for _ in range(n)]
    parts = [text(locale, "console.missing", cards=cards_text(cards, ctx))]
    for c in ctx.sort_cards(short) if ctx else sorted(short):
        if held[c]:
            parts.append(text(locale, "console.only_have", count=held[c], card=format_cards([c])))
    return " ".join(parts)


def last_trick_text(locale: str, view: View | None, seats: Seats) -> str:
    trick = view.last_trick if view else None
    if view is None or trick is None:
        return text(locale, "console.no_trick")
    ctx = view.context
    plays = " · ".join(
        f"{player_name(locale, seats, s)}: {cards_text(c, ctx)}" for s, c in trick.plays
    )
    winner = player_name(locale, seats, trick.winner or 0)
    head = text(locale, "last_trick", n=trick.trick_no, winner=winner, points=trick.points)
    return f"{head}: {plays}"


def kitty_lines(locale: str, view: View | None) -> list[str]:
    """The dealer's kitty as taken and as buried (sorted); others are told it is private."""
    if view is None or (view.kitty_taken is None and view.buried is None):
        return [text(locale, "console.no_kitty")]
    ctx = view.context if view.trump_fixed else None
    lines = []
    if view.kitty_taken is not None:
        lines.append(text(locale, "console.kitty_taken", cards=cards_text(view.kitty_taken, ctx)))
    if view.buried is not None:
        lines.append(text(locale, "dm_buried", cards=cards_text(view.buried, ctx)))
    return lines


def progress_lines(
    locale: str, hands: Sequence[HandProgress], hand_no: int, dealer: int | None = None
) -> list[str]:
    """Finished hands; who dealt next is the following hand's dealer (``dealer``: the
    current hand's, when known)."""
    if not hands:
        return [text(locale, "console.no_progress", n=hand_no)]
    lines = []
    for i, p in enumerate(hands):
        nxt = hands[i + 1].dealer if i + 1 < len(hands) else dealer
        line = text(
            locale,
            "console.progress",
            n=p.hand_no,
            dealer=seat_name(locale, p.dealer),
            trump=stored_trump_text(locale, p.trump),
            points=p.attackers_points,
            result=result_text(locale, p.winner, p.level_change),
        )
        if nxt is not None:
            line += " " + text(locale, "console.deals_next", who=seat_name(locale, nxt))
        lines.append(line)
    return lines
