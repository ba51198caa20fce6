"""Declaring trump (亮主) and overriding it (RULES.md section 7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import Card, Suit
from rules.errors import RuleError
from rules.notation import format_cards
from rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Declaration:
    seat: int
    cards: tuple[Card, ...]
    form: str  # "L2", "BJ2", …
    suit: Suit | None  # None = no-trump
    strength: int  # index of the form in the rule set's order


def read_declaration(rules: RuleSet, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """What a group of shown cards declares, or a RuleError saying why it can't."""
    if not cards:
        raise RuleError(
            "bad_declaration", "show at least one level card to declare", level=_rank(level)
        )
    forms = rules.declaration.forms
    first = cards[0]
    if all(c == Card.LJ for c in cards) or all(c == Card.BJ for c in cards):
        form = f"{'LJ' if first == Card.LJ else 'BJ'}{len(cards)}"
        suit: Suit | None = None
    else:
        suits = {c.suit for c in cards}
        ranks = {c.rank for c in cards}
        if ranks != {level}:
            raise RuleError(
                "bad_declaration",
                f"declare with level cards ({_rank(level)}) of one suit, or a pair of jokers",
                level=_rank(level),
            )
        same = len(suits) == 1 or (
            rules.two_colour and len({s.is_red for s in suits if s is not None}) == 1
        )
        if not same:
            raise RuleError(
                "bad_declaration", "declare with level cards of one suit only", level=_rank(level)
            )
        form = f"L{len(cards)}"
        suit = first.suit
    if form not in forms:
        allowed = ", ".join(_form_name(f, level) for f in forms)
        raise RuleError(
            "bad_declaration",
            f"{format_cards(cards)} is not a declaration here; you may declare with: {allowed}",
            allowed=allowed,
            level=_rank(level),
        )
    return Declaration(seat, tuple(cards), form, suit, forms.index(form))


def judge_declaration(
    rules: RuleSet, current: Declaration | None, new: Declaration
) -> Literal["declare", "reinforce", "override"]:
    """Whether ``new`` may stand over ``current``; raises RuleError if not."""
    if current is None:
        return "declare"
    if new.strength <= current.strength:
        raise RuleError(
            "declaration_too_weak",
            "an override must be stronger than the current declaration",
            current=format_cards(current.cards),
        )
    if new.seat == current.seat:
        if new.suit == current.suit:
            if not rules.declaration.self_reinforce:
                raise RuleError("no_self_reinforce", "you may not strengthen your own declaration")
            return "reinforce"
        if not rules.declaration.self_override:
            raise RuleError(
                "no_self_override", "you may not change the trump over your own declaration"
            )
    return "override"


def possible_declarations(
    rules: RuleSet, level: int, seat: int, hand: Sequence[int], current: Declaration | None
) -> list[Declaration]:
    """Every declaration this seat could make right now with the cards it holds."""
    out: list[Declaration] = []
    for form in rules.declaration.forms:
        n = int(form[-1])
        options: list[tuple[Card, ...]] = []
        if form.startswith("LJ"):
            options.append((Card.LJ,) * n)
        elif form.startswith("BJ"):
            options.append((Card.BJ,) * n)
        else:
            for suit in Suit:
                c = Card.of(suit, level)
                twin = Card.of(Suit((suit + 2) % 4), level) if rules.two_colour else None
                have = hand[c] + (hand[twin] if twin is not None else 0)
                if have >= n:
                    take = min(hand[c], n)
                    cards = (c,) * take + ((twin,) * (n - take) if twin is not None else ())
                    options.append(cards)
        for cards in options:
            if not _holds(hand, cards):
                continue
            d = read_declaration(rules, level, seat, cards)
            try:
                judge_declaration(rules, current, d)
            except RuleError:
                continue
            out.append(d)
    return out


def _holds(hand: Sequence[int], cards: Sequence[Card]) -> bool:
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    return all(hand[c] >= n for c, n in need.items())


def _rank(level: int) -> str:
    from rules.cards import rank_name

    return rank_name(level)


def _form_name(form: str, level: int) -> str:
    n = int(form[-1])
    if form.startswith("LJ"):
        return f"{n}×小王"
    if form.startswith("BJ"):
        return f"{n}×大王"
    return f"{n}×{_rank(level)}"
