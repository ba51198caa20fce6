"""The verdict on a selection of cards, from the player's own view, before sending.

A click-to-play panel shows it under the selected cards ("pair — legal", "you must
follow the ♠ pair", "throw — fails if anyone holds a higher ♠ single"). It uses only
the seat's ``View``, so it never reveals another hand: a throw is judged against the
cards this seat cannot place (``rules.options.unseen_counts``), which is why a throw
is "safe" or "may fail", never "fails" — only the table knows that.

The result is a code plus parameters; ``bot.text.i18n`` turns it into text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card, counts_of
from rules.errors import RuleError
from rules.notation import format_cards
from rules.options import shown_voids, unseen_counts
from rules.play import check_follow, make_lead, unit_beatable
from rules.tricks import trick_winner
from rules.units import decompose
from rules.views import View

# Codes whose selection would be accepted if sent now.
OK_CODES = frozenset({"lead_ok", "throw_safe", "throw_risky", "follow_ok", "bury_ok"})


@dataclass(frozen=True, slots=True)
class Preview:
    """``code`` names the verdict; ``params`` fill its message. ``ok``: the table
    would accept the selection now (a risky throw is accepted, then may fail)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.code in OK_CODES


def preview(view: View, cards: Sequence[int]) -> Preview:
    """Judge ``cards`` for whatever this seat has to do now (bury or play)."""
    if view.phase == "burying" and view.seat is not None and view.seat == view.burier:
        return preview_bury(view, cards)
    return preview_play(view, cards)


def preview_bury(view: View, cards: Sequence[int]) -> Preview:
    need = view.rules.kitty_size
    held = _not_held(view, cards)
    if held is not None:
        return held
    if len(cards) != need:
        return Preview("bury_count", {"count": need, "selected": len(cards)})
    return Preview("bury_ok", {"count": need, "points": sum(Card(c).points for c in cards)})


def preview_play(view: View, cards: Sequence[int]) -> Preview:
    if view.seat is None or view.hand is None:
        return Preview("not_seated")
    if view.phase != "playing":
        return Preview("wrong_phase", {"phase": view.phase})
    if not cards:
        return Preview("nothing_selected")
    held = _not_held(view, cards)
    if held is not None:
        return held
    if view.turn != view.seat:
        return Preview("not_your_turn", {"turn": view.turn})
    ctx = view.context
    if view.current:
        lead = make_lead(ctx, view.current[0][1])
        try:
            check_follow(ctx, counts_of(view.hand), lead, cards)
        except RuleError as exc:
            params = dict(exc.params)
            params.setdefault("fallback", exc.message)
            return Preview(exc.code, params)
        plays = [c for _, c in view.current] + [tuple(cards)]
        wins = trick_winner(ctx, lead, plays) == len(plays) - 1
        return Preview("follow_ok", {"winning": wins, "count": len(cards)})
    suit = ctx.suit_of[cards[0]]
    if any(ctx.suit_of[c] != suit for c in cards):
        return Preview("mixed_suit_lead")
    units = decompose(ctx, cards)
    if len(units) == 1:
        return Preview("lead_ok", {"shape": units[0].shape})
    if view.rules.throws == "forbidden":  # house rule: the engine would refuse it
        return Preview("throws_forbidden", {"fallback": "throws (甩牌) are off at this table"})
    # A throw: which of its units could a card this seat cannot place beat?
    voids = shown_voids(view)
    others_void = all(suit in voids[s] for s in range(4) if s != view.seat)
    pool = unseen_counts(view)
    risky = [] if others_void else [u for u in units if unit_beatable(ctx, u, [pool])]
    if not risky:
        return Preview("throw_safe", {"units": len(units)})
    weakest = min(risky, key=lambda u: (u.top, u.size))
    return Preview(
        "throw_risky",
        {
            "suit": ctx.suit_name(suit),
            "shapes": [u.shape for u in risky],
            "weakest": format_cards(weakest.cards),
            "units": len(units),
        },
    )


def _not_held(view: View, cards: Sequence[int]) -> Preview | None:
    have = counts_of(view.hand or ())
    need = counts_of(cards)
    missing = [c for c in range(len(need)) if need[c] > have[c]]
    if missing:
        return Preview("not_held", {"cards": format_cards(missing)})
    return None
