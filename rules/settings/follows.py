"""Follows and throws: what a follow must give up, tractors, throws and their penalty,
how a throw is beaten and bombs. Each value is a ``RuleSet`` field the engine reads
(``rules.units``, ``rules.follow_patterns``, ``rules.follows``, ``rules.play``,
``rules.tricks``)."""

from __future__ import annotations

from dataclasses import replace

from rules.ruleset_parts import (
    BOMB_ORDERS,
    BOMBS,
    FOLLOW_PROTECTIONS,
    PENALTY_MODES,
    THROW_BEATINGS,
    THROWS,
)
from rules.settings.core import Setting

WEB = "house-rules.md 1d (the web table's {})"

SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="follow_protection",
        group="follows",
        default="none",
        description=(
            "What a follow must give up: none (a triple may be broken to supply a pair); "
            "longer-tuples (never; two of a triple still count as a pair, but a triple may "
            "not fill a pair's place while a real pair stays in hand); tractor-on-tractor "
            "(only a tractor lead draws a tractor); both; suit-only (only the suit must be "
            "followed); longer-tuples-strict (as longer-tuples, and two of a triple count "
            "as singles: a real pair held must be played)"
        ),
        read=lambda rs: rs.follow_protection,
        write=lambda rs, v: replace(rs, follow_protection=v),
        choices=FOLLOW_PROTECTIONS,
        source="docs/rules.md §4 (none); "
        + WEB.format("trick_draw_policy")
        + "; longer-tuples-strict: this bot's earlier reading of longer-tuples",
    ),
    Setting(
        name="tractor_min_length",
        group="follows",
        default="2",
        description="Fewest consecutive tuples that make a tractor (some play: as many as decks)",
        read=lambda rs: str(rs.tractor_min_length),
        write=lambda rs, v: replace(rs, tractor_min_length=int(v)),
        bounds=(2, 12),
        source="docs/rules.md §3 (2); " + WEB.format("tractor_requirements.min_length"),
    ),
    Setting(
        name="tractor_min_width",
        group="follows",
        default="2",
        description="Fewest identical cards in each tuple of a tractor (3: only triples chain)",
        read=lambda rs: str(rs.tractor_min_width),
        write=lambda rs, v: replace(rs, tractor_min_width=int(v)),
        bounds=(2, 10),
        source="docs/rules.md §3 (2); " + WEB.format("tractor_requirements.min_count"),
    ),
    Setting(
        name="throw_beating",
        group="follows",
        default="longest-first",
        description=(
            "How a trump-in beats a throw (甩牌): longest-first (its most significant unit "
            "decides); all (every unit must be higher); highest (only the highest card); "
            "unit-length (the longest unit decides, the next-longest on a tie; singles "
            "only when all are singles)"
        ),
        read=lambda rs: rs.throw_beating,
        write=lambda rs, v: replace(rs, throw_beating=v),
        choices=THROW_BEATINGS,
        source="docs/rules.md §4 Trumping (longest-first); "
        + WEB.format("throw_evaluation_policy"),
    ),
    Setting(
        name="throws",
        group="follows",
        default="allowed",
        description="Whether throws (甩牌, several units led at once) are allowed",
        read=lambda rs: rs.throws,
        write=lambda rs, v: replace(rs, throws=v),
        choices=THROWS,
        source="docs/rules.md §4 Lead (allowed); issue 20 (some families forbid 甩牌)",
    ),
    Setting(
        name="throw_penalty",
        group="follows",
        default="10",
        description="Points a failed throw (甩牌) costs",
        read=lambda rs: str(rs.throw_penalty),
        write=lambda rs, v: replace(rs, throw_penalty=int(v)),
        bounds=(0, 100),
        source="docs/rules.md §4",
    ),
    Setting(
        name="penalty_mode",
        group="follows",
        default="per-attempt",
        description=(
            "How the throw penalty counts: per-attempt (once per failed throw) or per-card "
            "(for each card taken back)"
        ),
        read=lambda rs: rs.penalty_mode,
        write=lambda rs, v: replace(rs, penalty_mode=v),
        choices=PENALTY_MODES,
        source="docs/rules.md §4 (per attempt, seed 000); issue 20",
    ),
    Setting(
        name="bombs",
        group="follows",
        default="off",
        description=(
            "Bombs (4+ decks): four or more identical cards beat any other play of the same "
            "size; any-suit (played whatever the lead) or following-suit (led suit or trump, "
            "unless void)"
        ),
        read=lambda rs: rs.bombs,
        write=lambda rs, v: replace(rs, bombs=v),
        choices=BOMBS,
        source=WEB.format("bomb_policy"),
    ),
    Setting(
        name="bomb_order",
        group="follows",
        default="rank-first",
        description=(
            "Between two bombs of one size: rank-first (the higher rank, trump on a tie) "
            "or trump-first (any trump bomb over any plain one, then the rank)"
        ),
        read=lambda rs: rs.bomb_order,
        write=lambda rs, v: replace(rs, bomb_order=v),
        choices=BOMB_ORDERS,
        source="issue 20 (rank-first); " + WEB.format("bomb_policy: trump before rank"),
    ),
)
