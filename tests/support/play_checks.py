"""Shared by several tests (moved from ``test_play``)."""

from __future__ import annotations

from rules import (
    RuleError,
    check_follow,
    counts_of,
    make_lead,
    parse_cards,
    trick_winner,
)

C = parse_cards


def follow_error(ctx, hand, lead, play):
    """None if ``play`` is a legal follow to ``lead``, else the RuleError."""
    try:
        check_follow(ctx, counts_of(C(hand)), make_lead(ctx, C(lead)), C(play))
    except RuleError as exc:
        return exc
    return None


def winner(ctx, lead, *follows):
    plays = [C(lead), *(C(f) for f in follows)]
    return trick_winner(ctx, make_lead(ctx, plays[0]), plays)
