"""Deck and table: the kitty's size and short decks (docs/rules.md §1;
house-rules.md 1a)."""

from __future__ import annotations

from dataclasses import replace

from rules.cards import RANK_NAMES, rank_name
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import friends_kitty
from rules.settings.core import Setting


def auto_kitty(rs: RuleSet) -> int:
    """What is left after an equal deal, at least 5 (house-rules.md 1a: 4 seats × 2
    decks → 8, 5 × 2 → 8, 6 × 3 → 6; one or three decks at four seats → 6)."""
    return friends_kitty(rs.players, rs.decks, rs.pack_size)


def _read_short(rs: RuleSet) -> str:
    base = "full" if rs.lowest_rank == 2 else f"from-{rank_name(rs.lowest_rank).lower()}"
    if rs.jokers:
        return base
    return "no-jokers" if base == "full" else f"{base}-no-jokers"


_RANK_OF = {v.lower(): k for k, v in RANK_NAMES.items()} | {str(r): r for r in range(2, 11)}


def _write_short(rs: RuleSet, v: str) -> RuleSet:
    """The deck's low ranks (and jokers) go; so do the levels and must-play ranks
    below the lowest kept rank and, without jokers, the joker declarations. An
    automatic kitty stays automatic for the new deck."""
    if v == _read_short(rs):
        return rs
    jokers = not v.endswith("no-jokers")
    low = 2 if v in ("full", "no-jokers") else _RANK_OF[v.split("-")[1]]
    levels = tuple(r for r in rs.levels if r >= low)
    if not levels:
        raise RuleSetError(
            "short_deck_no_level",
            f"short_deck: no level is left from {rank_name(low)}",
            rank=rank_name(low),
        )
    forms = rs.declaration.forms
    if not jokers:
        if any(f.endswith("+P") for f in forms):
            raise RuleSetError(
                "short_deck_keep_jokers",
                "short_deck: seed 001 declares with a joker; keep the jokers",
            )
        forms = tuple(f for f in forms if f[:2] not in ("LJ", "BJ"))
    out = replace(
        rs,
        lowest_rank=low,
        jokers=jokers,
        levels=levels,
        must_play=tuple(r for r in rs.must_play if r >= low),
        must_defend=rs.must_defend and any(r >= low for r in rs.must_play),
        declaration=replace(rs.declaration, forms=forms),
    )
    if rs.kitty_size == auto_kitty(rs):
        out = replace(out, kitty_size=auto_kitty(out))
    return out


def describe_short_deck(rs: RuleSet) -> str:
    """The cards a short deck leaves out, for the rules text ("" for a full deck)."""
    gone = [rank_name(r) for r in range(2, rs.lowest_rank)]
    if not gone and rs.jokers:
        return ""
    parts = [f"{', '.join(gone)} of every suit"] if gone else []
    if not rs.jokers:
        parts.append("both jokers")
    packs = "the pack" if rs.decks == 1 else f"each of the {rs.decks} packs"
    return (
        f"Removed from {packs}: {' and '.join(parts)}; {rs.pack_size} cards a pack, "
        f"{rs.total_points} points in all"
    )


SHORT_DECKS = (
    "full",
    "no-jokers",
    *(f"from-{rank_name(r).lower()}" for r in range(3, 12)),
    *(f"from-{rank_name(r).lower()}-no-jokers" for r in range(3, 12)),
)


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
        source="docs/rules.md §1; house-rules.md 1a kitty_size",
    ),
    Setting(
        name="short_deck",
        group="deck",
        default="full",
        description=(
            "A short deck: from-5 removes 2, 3 and 4 of every suit from each pack; "
            "no-jokers removes the jokers too; points stay as the cards say"
        ),
        read=_read_short,
        write=_write_short,
        choices=SHORT_DECKS,
        source="house-rules.md 1a special_decks (min, exclude jokers)",
    ),
)
