"""Declaring (亮主): which declaration beats which, and whether jokers declare
no-trump (docs/rules.md §7; house-rules.md 1b)."""

from __future__ import annotations

from dataclasses import replace

from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import BID_ORDERS
from rules.settings.core import Setting


def _joker_forms(rs: RuleSet) -> list[str]:
    """The no-trump joker forms (``LJ<n>``/``BJ<n>``; not seed 001's joker + pairs)."""
    return [f for f in rs.declaration.forms if f[:2] in ("LJ", "BJ") and not f.endswith("+P")]


def _form_key(form: str) -> tuple[int, int]:
    if form[1].isdigit():
        return int(form[1:]), 0
    return int(form[2:]), 1 if form.startswith("LJ") else 2


def _read_joker_bid(rs: RuleSet) -> str:
    jokers = _joker_forms(rs)
    if not jokers:
        return "off"
    if rs.decks > 2 and all(int(f[2:]) == rs.decks for f in jokers):
        return "all-copies"
    return "two-or-more"


def _write_joker_bid(rs: RuleSet, v: str) -> RuleSet:
    if v == _read_joker_bid(rs):
        return rs  # unchanged: the rule set keeps its own list of forms
    forms = rs.declaration.forms
    if any(f.endswith("+P") for f in forms):
        raise RuleSetError(
            "joker_bid_seed001", "joker_bid does not apply to a joker shown with pairs (seed 001)"
        )
    plain = [f for f in forms if f.startswith("L") and f[1].isdigit()]
    if v == "two-or-more":
        counts = range(2, rs.decks + 1)
    elif v == "all-copies":
        counts = range(rs.decks, rs.decks + 1) if rs.decks >= 2 else range(0)
    else:
        counts = range(0)
    jokers = [f"{j}{n}" for n in counts for j in ("LJ", "BJ")]
    if v != "off" and not jokers:
        raise RuleSetError(
            "joker_bid_decks", "joker bids need two jokers of a kind: at least two decks"
        )

    # Strength is the order in ``forms``: more cards first, then at equal length
    # suits, the small joker, the big joker, as every preset orders them.
    new = sorted([*plain, *jokers], key=_form_key)
    return replace(rs, declaration=replace(rs.declaration, forms=tuple(new)))


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="bid_order",
        group="declaring",
        default="jokers-over-suits",
        description=(
            "Which declaration wins at equal length: jokers over suits; also the suit "
            "order ♦ < ♣ < ♥ < ♠; or only a longer declaration"
        ),
        read=lambda rs: rs.bid_order,
        write=lambda rs, v: replace(rs, bid_order=v),  # type: ignore[arg-type]
        choices=BID_ORDERS,
        source="docs/rules.md §7; house-rules.md 1b bid_policy",
    ),
    Setting(
        name="joker_bid",
        group="declaring",
        default="two-or-more",
        description=(
            "Declaring no-trump with jokers: two or more identical jokers, only all "
            "copies (one per deck), or not at all"
        ),
        read=_read_joker_bid,
        write=_write_joker_bid,
        choices=("two-or-more", "all-copies", "off"),
        source="docs/rules.md §7; house-rules.md 1b joker_bid_policy",
    ),
)
