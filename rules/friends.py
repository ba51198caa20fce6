"""找朋友 (Finding Friends): friend calls, who joins when, and the hand's settlement.

The dealer calls cards after burying, each "the k-th copy of card X to be played".
Whoever plays that copy joins the dealer's team in that trick; until every call is
settled nobody (the AI included) knows the teams, so points are kept per seat and
counted for whichever side each seat ends on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import ALL_CARDS, NUM_CARDS, POINTS, Card
from rules.errors import RuleError
from rules.notation import NotationError, format_card, parse_cards
from rules.ruleset import RuleSet
from rules.scoring import ScoreResult, advance_level, score_result
from rules.trump import TRUMP, TrumpContext


@dataclass(frozen=True, slots=True)
class FriendCall:
    """The ``nth`` copy of ``card`` to be played (1-based) makes its player a friend."""

    card: Card
    nth: int


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def format_calls(calls: Sequence[FriendCall], style: str = "symbol") -> str:
    """``#1 ♥A, #2 ♠K`` — the text notation of a call (records, commands)."""
    return ", ".join(
        f"#{c.nth} {format_card(c.card, 'ascii' if style == 'ascii' else 'symbol')}" for c in calls
    )


_CALL = re.compile(r"#?\s*(\d+)\s*([^,，#]+)")


def parse_calls(text: str) -> list[FriendCall]:
    """Read ``#1 ♥A, #2 ♠K`` (or ``1 ♥A, 2 SK``); a bare card means its 1st copy."""
    out: list[FriendCall] = []
    for part in re.split(r"[,，;]", text):
        part = part.strip()
        if not part:
            continue
        m = _CALL.fullmatch(part)
        nth, body = (int(m.group(1)), m.group(2)) if m else (1, part)
        try:
            cards = parse_cards(body)
        except NotationError as exc:
            raise RuleError("bad_call", f"cannot read the call {part!r}: {exc}") from exc
        if len(cards) != 1:
            raise RuleError("bad_call", f"one card per call, got {part!r}", call=part)
        out.append(FriendCall(cards[0], nth))
    return out


def top_card(ctx: TrumpContext, card: int) -> bool:
    """Is ``card`` the highest card of its plain suit (A, or K when A is the level)?"""
    suit = ctx.suit_of[card]
    same = [c for c in range(52) if ctx.suit_of[c] == suit]
    return bool(same) and ctx.pos[card] == max(ctx.pos[c] for c in same)


def call_allowed(rules: RuleSet, ctx: TrumpContext, card: int) -> bool:
    """Whether the call policy lets the dealer call ``card``."""
    assert rules.friends is not None
    if not rules.in_deck(card):
        return False  # a short deck has no such card
    policy = rules.friends.policy
    if policy == "trumps-allowed":
        return True
    if ctx.suit_of[card] == TRUMP:
        return False
    if policy == "no-top-card":
        return not top_card(ctx, card)
    if policy == "no-point-card":
        return POINTS[card] == 0
    return True


def check_calls(rules: RuleSet, ctx: TrumpContext, calls: Sequence[FriendCall]) -> None:
    """Raise ``RuleError`` unless ``calls`` is a legal set of friend calls."""
    need = rules.friend_calls
    if len(calls) != need:
        raise RuleError("wrong_call_count", f"call exactly {need} friend(s)", count=need)
    seen: set[tuple[int, int]] = set()
    for c in calls:
        if not 1 <= c.nth <= rules.decks:
            raise RuleError(
                "bad_call_copy",
                f"the copy must be 1 to {rules.decks}, got {c.nth}",
                copies=rules.decks,
            )
        if not call_allowed(rules, ctx, c.card):
            assert rules.friends is not None
            raise RuleError(
                "call_not_allowed",
                f"{format_card(c.card)} cannot be called ({rules.friends.policy})",
                card=format_card(c.card),
                policy=rules.friends.policy,
            )
        key = (int(c.card), c.nth)
        if key in seen:
            raise RuleError("duplicate_call", "the same call twice", card=format_card(c.card))
        seen.add(key)


def suggest_calls(rules: RuleSet, ctx: TrumpContext, hand: Sequence[int]) -> list[FriendCall]:
    """A sensible call: the strongest allowed cards the dealer does not hold all of,
    one per suit where possible, each as the first copy after the dealer's own."""
    candidates = [c for c in range(NUM_CARDS) if call_allowed(rules, ctx, c)]
    candidates.sort(key=lambda c: (-ctx.pos[c] if ctx.suit_of[c] != TRUMP else 1000, c))
    out: list[FriendCall] = []
    used_suits: set[int] = set()
    for spread in (True, False):
        for c in candidates:
            if len(out) == rules.friend_calls:
                return out
            nth = hand[c] + 1
            if nth > rules.decks or any(int(f.card) == c for f in out):
                continue
            if spread and ctx.suit_of[c] in used_suits:
                continue
            out.append(FriendCall(ALL_CARDS[c], nth))
            used_suits.add(ctx.suit_of[c])
    # Not enough distinct cards left unheld (tiny decks): later copies of any card.
    for c in candidates:
        for nth in range(1, rules.decks + 1):
            if len(out) == rules.friend_calls:
                return out
            if FriendCall(ALL_CARDS[c], nth) not in out:
                out.append(FriendCall(ALL_CARDS[c], nth))
    return out


@dataclass(frozen=True, slots=True)
class FriendsOutcome:
    """A friends-mode hand settled: the teams as they ended and who climbs."""

    team: tuple[int, ...]  # the dealer's team, dealer first, then turn order
    attackers_points: int
    result: ScoreResult
    bonus: int  # extra levels for a dealer team smaller than called
    levels: tuple[int, ...]  # every seat's level after the hand
    winners: tuple[int, ...]  # the seats that advanced
    next_dealer: int
    match_winners: tuple[int, ...]


def settle_friends(
    rules: RuleSet,
    levels: Sequence[int],
    dealer: int,
    team: Sequence[int],
    attackers_points: int,
) -> FriendsOutcome:
    """Score a friends-mode hand (docs/rules.md: 找朋友).

    The classic table for 20 × decks decides; a winning dealer team smaller than
    called gains ``small_team_bonus`` more. Every winning seat climbs its own level;
    the next dealer is the first seat after the dealer on the winning side (the
    dealer again when it defended alone). A dealer-team member who defends at the
    last level wins the match.
    """
    assert rules.friends is not None
    n = rules.players
    order = [(dealer + k) % n for k in range(n)]
    members = set(team)
    result = score_result(rules, attackers_points)
    bonus = 0
    if result.winner == "defenders":
        winners = [s for s in order if s in members]
        if len(members) < 1 + rules.friend_calls:
            bonus = rules.friends.small_team_bonus
        match_winners = tuple(s for s in winners if levels[s] == rules.levels[-1])
    else:
        winners = [s for s in order if s not in members]
        match_winners = ()
    new = list(levels)
    for s in winners:
        new[s] = advance_level(
            rules, levels[s], result.levels + bonus, defending=result.winner == "defenders"
        )
    after = [s for s in order[1:] if s in winners]
    next_dealer = after[0] if after else dealer
    return FriendsOutcome(
        team=tuple(s for s in order if s in members),
        attackers_points=attackers_points,
        result=result,
        bonus=bonus,
        levels=tuple(new),
        winners=tuple(winners),
        next_dealer=next_dealer,
        match_winners=match_winners,
    )
