"""Deck and table: the kitty's size (RULES.md section 1; house-rules.md 1a)."""

from __future__ import annotations

from dataclasses import replace

from rules.ruleset import RuleSet, friends_kitty
from rules.settings.core import Setting


def auto_kitty(rs: RuleSet) -> int:
    """What is left after an equal deal, at least 5 (house-rules.md 1a: 4 seats × 2
    decks → 8, 5 × 2 → 8, 6 × 3 → 6; one or three decks at four seats → 6)."""
    return friends_kitty(rs.players, rs.decks)


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="kitty_size",
        group="deck",
        default="auto",
        description=(
            "Cards in the kitty: auto is what is left after an equal deal, at least 5; "
            "a number must leave a deal that divides evenly"
        ),
        read=lambda rs: "auto" if rs.kitty_size == auto_kitty(rs) else str(rs.kitty_size),
        write=lambda rs, v: replace(rs, kitty_size=auto_kitty(rs) if v == "auto" else int(v)),
        choices=("auto",),
        bounds=(0, 60),
        source="RULES.md section 1; house-rules.md 1a kitty_size",
    ),
)
