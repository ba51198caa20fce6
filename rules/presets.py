"""One named preset per row of RULES.md section 8."""

from __future__ import annotations

from rules.ruleset import (
    DeclarationRules,
    RuleSet,
    RuleSetError,
    ScoreBand,
    ScoreTable,
    Shape,
    classic_score_table,
)

J, Q, K, A = 11, 12, 13, 14


def _table(*groups: tuple[tuple[Shape, ...], ...]) -> tuple[tuple[tuple[Shape, ...], ...], ...]:
    return tuple(groups)


def _p(*shapes: Shape) -> tuple[Shape, ...]:
    return tuple(shapes)


S1: Shape = (1, 1)
P2: Shape = (2, 1)
T3: Shape = (3, 1)
Q4: Shape = (4, 1)

# Seed 003, four decks: a lead of one quad (AAAA) and of a pair tractor (7788); a
# quad counts as a pair tractor when following. A tractor of quads may be followed
# by two quads just as well. Other lead shapes use the generic order.
FOUR_DECK_TABLES = (
    (
        (4, 1),
        _table(
            (_p(Q4),),
            (_p((2, 2)),),
            (_p(P2, P2),),
            (_p(T3, S1),),
            (_p(P2, S1, S1),),
            (_p(S1, S1, S1, S1),),
        ),
    ),
    (
        (2, 2),
        _table(
            (_p((2, 2)), _p(Q4)),
            (_p(P2, P2),),
            (_p(P2, S1, S1),),
            (_p(S1, S1, S1, S1),),
        ),
    ),
)


def _build() -> dict[str, RuleSet]:
    classic = RuleSet()
    tournament = RuleSet(
        name="tournament",
        levels=(2, 5, 10, J, Q, K, A),
        must_play=(2, A),
        declaration=DeclarationRules(
            forms=("L1", "L2", "LJ2", "BJ2"),
            self_override=False,
            fallback="flip",
            fallback_arg=1,
        ),
        kitty_scheme="tournament",
        score=ScoreTable(
            bands=(
                ScoreBand(None, "defenders", 3),
                ScoreBand(5, "defenders", 2),
                ScoreBand(40, "defenders", 1),
                ScoreBand(80, "attackers", 0),
                ScoreBand(120, "attackers", 2),
                ScoreBand(150, "attackers", 3),
            ),
            cap=3,
        ),
        jack_rule=True,
    )
    one_deck = RuleSet(
        name="one-deck",
        decks=1,
        kitty_size=6,
        declaration=DeclarationRules(forms=("L1",)),
    )
    two_colour = RuleSet(
        name="one-deck-two-color",
        decks=1,
        kitty_size=6,
        two_colour=True,
        declaration=DeclarationRules(forms=("L1", "L2")),
    )
    three = RuleSet(
        name="three-decks",
        decks=3,
        kitty_size=6,
        declaration=DeclarationRules(forms=("L1", "L2", "LJ2", "BJ2", "L3", "LJ3", "BJ3")),
        kitty_scheme="power",
        kitty_cap=64,
    )
    four = RuleSet(
        name="four-decks",
        decks=4,
        kitty_size=0,
        declaration=DeclarationRules(
            forms=("L1", "L2", "L3", "L4"),
            self_override=False,
            fallback="suit",
            fallback_arg=0,
        ),
        score=ScoreTable(
            bands=(
                ScoreBand(None, "defenders", 3),
                ScoreBand(1, "defenders", 2),
                ScoreBand(80, "defenders", 1),
                ScoreBand(160, "attackers", 1),
                ScoreBand(240, "attackers", 2),
            ),
            extra_step=80,
        ),
        follow_tables=FOUR_DECK_TABLES,
    )
    twos = RuleSet(name="twos-trump", levels=tuple(range(3, 15)), permanent_trumps=(2,))
    qq = RuleSet(
        name="qq-super",
        declaration=DeclarationRules(fallback="flip", fallback_arg=3),
        score=classic_score_table(40, cap=6),
    )
    regional = RuleSet(
        name="seed-001",
        kitty_size=4,
        # A counts as 1: the climb runs A, 2, 3 … K and the match ends at K.
        levels=(A, *range(2, 14)),
        permanent_trumps=(5, 3, 2),
        score=ScoreTable(
            bands=(
                ScoreBand(None, "defenders", 2),
                ScoreBand(50, "defenders", 1),
                ScoreBand(100, "attackers", 0),
                ScoreBand(120, "attackers", 1),
            ),
        ),
    )
    presets = {
        p.name: p.validate()
        for p in (classic, tournament, one_deck, two_colour, three, four, twos, qq, regional)
    }
    return presets


PRESETS: dict[str, RuleSet] = _build()
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)


def preset(name: str) -> RuleSet:
    """The preset of that name (see ``PRESET_NAMES``)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError(
            f"unknown preset {name!r}; choose one of: {', '.join(PRESET_NAMES)}"
        ) from None
