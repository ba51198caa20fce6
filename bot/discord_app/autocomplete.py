"""Autocomplete choices for the ``cards`` options of /play, /bury and /declare.

Choices come from the player's own view only. Discord allows at most 25.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.text.i18n import shape_text, text
from rules.cards import Card, counts_of
from rules.friends import FriendCall, format_calls, suggest_calls
from rules.game import default_bury
from rules.notation import NotationError, format_cards, parse_cards
from rules.options import PlayOption
from rules.options import play_options as rules_play_options
from rules.views import View

MAX_CHOICES = 25
_POOL = 200  # options considered before filtering by what was typed


def _matches(typed: str, cards: Sequence[Card]) -> bool:
    """Does the choice fit what was typed (any notation, or a prefix of the text)?"""
    typed = typed.strip()
    if not typed:
        return True
    shown = format_cards(cards)
    if typed.lower() in shown.lower() or typed.lower() in format_cards(cards, "ascii").lower():
        return True
    try:
        want = counts_of(parse_cards(typed))
    except NotationError:
        return False
    have = counts_of(cards)
    return all(have[c] >= n for c, n in enumerate(want) if n)


def play_options(view: View) -> list[PlayOption]:
    """Plays to suggest for this trick, safest first (``rules.options``): single units
    before throws; a throw the player's own view shows may fail is not offered."""
    # A generous limit: what was typed filters these before Discord's 25 are cut.
    return [o for o in rules_play_options(view, limit=_POOL) if not o.may_fail]


def bury_options(view: View) -> list[tuple[Card, ...]]:
    if view.hand is None or view.seat != view.burier or view.phase != "burying":
        return []
    n = view.rules.kitty_size
    hand = counts_of(view.hand)
    first = tuple(default_bury(view.context, hand, n))
    return [first]


def suggested_calls(view: View) -> list[FriendCall]:
    """找朋友: the engine's suggested call for this seat's own view (none unless it
    is the dealer and friends are being called)."""
    if view.hand is None or view.seat != view.dealer or view.phase != "calling":
        return []
    return suggest_calls(view.rules, view.context, counts_of(view.hand))


def call_choices(view: View, typed: str, locale: str | None = None) -> list[tuple[str, str]]:
    """/call's autocomplete: the suggested call first, then what was typed (so the
    player can send their own text)."""
    out: list[tuple[str, str]] = []
    calls = suggested_calls(view)
    if calls:
        shown = text(locale, "call_choice", calls=format_calls(calls))
        out.append((shown[:100], format_calls(calls, "ascii")[:100]))
    typed = typed.strip()
    if typed and all(typed != v for _, v in out):
        out.append((typed[:100], typed[:100]))
    return out


def label(locale: str | None, option: PlayOption) -> str:
    """The option's kind in the player's language: single, pair, tractor of 2 pairs,
    throw (or "throw, may fail"), follow."""
    if option.kind == "throw":
        return text(locale, "word.throw_may_fail" if option.may_fail else "word.throw")
    if option.kind in ("single", "follow"):
        return text(locale, f"word.{option.kind}")
    return shape_text(locale, option.shape or (2, 1))


def choices(
    options: Sequence[Sequence[Card]] | Sequence[PlayOption],
    typed: str,
    locale: str | None = None,
) -> list[tuple[str, str]]:
    """(name, value) pairs: the symbol form shown (with the kind of a suggested play),
    the ASCII form sent back."""
    out: list[tuple[str, str]] = []
    for option in options:
        cards = option.cards if isinstance(option, PlayOption) else option
        if _matches(typed, cards):
            name = format_cards(cards)
            if isinstance(option, PlayOption):
                name = text(locale, "play_choice", cards=name, kind=label(locale, option))
            out.append((name[:100], format_cards(cards, "ascii")[:100]))
        if len(out) >= MAX_CHOICES:
            break
    return out
