"""Declaring trump (亮主) and overriding it (docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from rules.cards import Card, Suit
from rules.errors import RuleError
from rules.notation import format_cards
from rules.ruleset import RuleSet
from rules.ruleset_parts import NT_RANK

# Suit order for ``bid_order`` suit-order (house-rules.md 1b): ♦ < ♣ < ♥ < ♠.
SUIT_ORDER = {Suit.DIAMONDS: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


@dataclass(frozen=True, slots=True)
class Declaration:
    seat: int
    cards: tuple[Card, ...]
    form: str  # "L2", "BJ2", "LJ+P", …
    suit: Suit | None  # None = no-trump
    # Order of the form in the rule set; for joker-plus-pairs forms, then the number
    # of pairs shown (form index * 100 + pairs).
    strength: int

    @property
    def pairs(self) -> int:
        return self.strength % 100


def read_declaration(rules: RuleSet, level: int, seat: int, cards: Sequence[Card]) -> Declaration:
    """What a group of shown cards declares, or a RuleError saying why it can't."""
    if level == NT_RANK:
        raise RuleError(
            "no_declaring_at_nt", "nobody declares at the no-trump level: only jokers are trump"
        )
    if not cards:
        raise RuleError(
            "bad_declaration", "show at least one level card to declare", level=_rank(level)
        )
    forms = rules.declaration.forms
    first = cards[0]
    jokers = [c for c in cards if c.is_joker]
    if len(jokers) == 1 and len(cards) > 1 and any(f.endswith("+P") for f in forms):
        return _joker_with_pairs(rules, level, seat, tuple(cards), jokers[0])
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
            forms=tuple(forms),
            level=_rank(level),
        )
    return Declaration(seat, tuple(cards), form, suit, forms.index(form))


def _joker_with_pairs(
    rules: RuleSet, level: int, seat: int, cards: tuple[Card, ...], joker: Card
) -> Declaration:
    """Seed 001: one joker shown with a pair, or consecutive pairs, of one suit."""
    form = "LJ+P" if joker == Card.LJ else "BJ+P"
    rest = [c for c in cards if not c.is_joker]
    suits = {c.suit for c in rest}
    counts: dict[int, int] = {}
    for c in rest:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    ranks = sorted(counts)
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if len(suits) != 1 or any(n != 2 for n in counts.values()) or not consecutive:
        raise RuleError(
            "bad_declaration",
            "show one joker with a pair (or consecutive pairs) of one suit",
            level=_rank(level),
        )
    if form not in rules.declaration.forms:
        allowed = ", ".join(_form_name(f, level) for f in rules.declaration.forms)
        raise RuleError(
            "bad_declaration",
            f"{format_cards(cards)} is not a declaration here; you may declare with: {allowed}",
            allowed=allowed,
            forms=tuple(rules.declaration.forms),
            level=_rank(level),
        )
    strength = rules.declaration.forms.index(form) * 100 + len(ranks)
    return Declaration(seat, cards, form, rest[0].suit, strength)


def judge_declaration(
    rules: RuleSet,
    current: Declaration | None,
    new: Declaration,
    overrides_so_far: int = 0,
) -> Literal["declare", "reinforce", "override"]:
    """Whether ``new`` may stand over ``current``; raises RuleError if not."""
    if current is None:
        if new.form.endswith("+P") and new.form != rules.declaration.forms[0]:
            raise RuleError(
                "bad_declaration",
                "declare with the small joker first; the big joker is for overriding",
                level="",
            )
        return "declare"
    limit = rules.declaration.max_overrides
    if limit is not None and overrides_so_far >= limit and new.seat != current.seat:
        raise RuleError("no_more_overrides", "trump has already been overridden this hand")
    if new.form.endswith("+P") and new.pairs <= current.pairs:
        raise RuleError(
            "declaration_too_weak",
            "an override must show more pairs than the current declaration",
            current=format_cards(current.cards),
        )
    if not _stronger(rules, current, new):
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


def _stronger(rules: RuleSet, current: Declaration, new: Declaration) -> bool:
    """Whether ``new`` beats ``current`` under the rule set's ``bid_order``.

    jokers-over-suits: the later form in ``forms`` (more cards; at equal length the
    jokers, big over small). suit-order: also, at equal strength of two or more
    suited cards, the higher suit ♦ < ♣ < ♥ < ♠. longer-only: more cards only.
    """
    order = rules.bid_order
    if order == "longer-only" and not new.form.endswith("+P"):
        return len(new.cards) > len(current.cards)
    if new.strength > current.strength:
        return True
    return (
        order == "suit-order"
        and new.strength == current.strength
        and len(new.cards) >= 2
        and new.suit is not None
        and current.suit is not None
        and SUIT_ORDER[new.suit] > SUIT_ORDER[current.suit]
    )


def count_overrides(declarations: Sequence[Declaration]) -> int:
    """How many declarations so far changed hands (a seat over another seat's)."""
    return sum(1 for a, b in pairwise(declarations) if a.seat != b.seat)


def possible_declarations(
    rules: RuleSet,
    level: int,
    seat: int,
    hand: Sequence[int],
    current: Declaration | None,
    overrides_so_far: int = 0,
) -> list[Declaration]:
    """Every declaration this seat could make right now with the cards it holds."""
    out: list[Declaration] = []
    if level == NT_RANK:
        return out
    for form in rules.declaration.forms:
        options: list[tuple[Card, ...]] = []
        if form.endswith("+P"):
            options = _joker_pair_options(hand, Card.LJ if form == "LJ+P" else Card.BJ)
        elif form.startswith("LJ"):
            n = int(form[-1])
            options.append((Card.LJ,) * n)
        elif form.startswith("BJ"):
            n = int(form[-1])
            options.append((Card.BJ,) * n)
        else:
            n = int(form[-1])
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
                judge_declaration(rules, current, d, overrides_so_far)
            except RuleError:
                continue
            out.append(d)
    return out


def _joker_pair_options(hand: Sequence[int], joker: Card) -> list[tuple[Card, ...]]:
    """The joker with each pair, and with each longest run of consecutive pairs."""
    if not hand[joker]:
        return []
    out: list[tuple[Card, ...]] = []
    for suit in Suit:
        paired = [r for r in range(2, 15) if hand[Card.of(suit, r)] >= 2]
        out.extend((joker, Card.of(suit, r), Card.of(suit, r)) for r in paired)
        run: list[int] = []
        for r in [*paired, 99]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= 2:
                out.append((joker, *(Card.of(suit, x) for x in run for _ in range(2))))
            run = [r]
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
    if form.endswith("+P"):
        return ("小王" if form.startswith("LJ") else "大王") + " + pair(s)"
    n = int(form[-1])
    if form.startswith("LJ"):
        return f"{n}×小王"
    if form.startswith("BJ"):
        return f"{n}×大王"
    return f"{n}×{_rank(level)}"
