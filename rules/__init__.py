"""Shengji (升级 / 拖拉机) rules: a pure, deterministic, typed library.

Quick tour::

    from rules import Suit, TrumpContext, check_follow, counts_of, make_lead, parse_cards, preset

    ctx = TrumpContext.of(preset("classic"), level=10, trump_suit=Suit.HEARTS)
    lead = make_lead(ctx, parse_cards("♠QQ"))
    check_follow(ctx, counts_of(parse_cards("♠3 ♠4 ♠66")), lead, parse_cards("♠66"))
"""

from rules.cards import ALL_CARDS, POINTS, Card, Suit, cards_of, counts_of, full_deck, points_in
from rules.errors import RuleError
from rules.follow_patterns import follow_groups
from rules.notation import (
    NotationError,
    format_card,
    format_cards,
    format_grouped,
    parse_card,
    parse_cards,
)
from rules.play import (
    Lead,
    LeadResult,
    check_follow,
    check_lead,
    generate_follow,
    is_legal_follow,
    legal_follows,
    make_lead,
)
from rules.presets import PRESET_NAMES, PRESETS, preset
from rules.ruleset import RuleSet
from rules.ruleset_parts import DeclarationRules, RuleSetError, ScoreBand, ScoreTable
from rules.scoring import (
    HandOutcome,
    ScoreResult,
    advance_level,
    kitty_multiplier,
    score_result,
    settle_hand,
    team_of,
)
from rules.tricks import play_key, trick_points, trick_winner
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit, decompose

__all__ = [
    "ALL_CARDS",
    "POINTS",
    "PRESETS",
    "PRESET_NAMES",
    "TRUMP",
    "Card",
    "DeclarationRules",
    "HandOutcome",
    "Lead",
    "LeadResult",
    "NotationError",
    "RuleError",
    "RuleSet",
    "RuleSetError",
    "ScoreBand",
    "ScoreResult",
    "ScoreTable",
    "Suit",
    "TrumpContext",
    "Unit",
    "advance_level",
    "cards_of",
    "check_follow",
    "check_lead",
    "counts_of",
    "decompose",
    "follow_groups",
    "format_card",
    "format_cards",
    "format_grouped",
    "full_deck",
    "generate_follow",
    "is_legal_follow",
    "kitty_multiplier",
    "legal_follows",
    "make_lead",
    "parse_card",
    "parse_cards",
    "play_key",
    "points_in",
    "preset",
    "score_result",
    "settle_hand",
    "team_of",
    "trick_points",
    "trick_winner",
]
