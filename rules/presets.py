"""One named preset per row of docs/rules.md §8."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import (
    MAX_DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    DeclarationRules,
    FriendRules,
    ScoreBand,
    ScoreTable,
    Shape,
    classic_score_table,
    friends_kitty,
    players_error,
)

J, Q, K, A = 11, 12, 13, 14


def _p(*shapes: Shape) -> tuple[Shape, ...]:
    return tuple(shapes)


S1: Shape = (1, 1)
P2: Shape = (2, 1)
T3: Shape = (3, 1)
Q4: Shape = (4, 1)


def _groups(*groups: Sequence[tuple[Shape, ...]]) -> tuple[tuple[tuple[Shape, ...], ...], ...]:
    """Ranked groups; each group lists patterns that are equally good."""
    return tuple(tuple(g) for g in groups)


def _s(n: int) -> tuple[Shape, ...]:
    return (S1,) * n


# Three decks (seed 002, as docs/rules.md §4 quotes it): a Titanic lead.
THREE_DECK_TABLES = (
    (
        (3, 2),
        _groups(
            [_p((3, 2))],
            [_p(T3, T3)],
            [_p((2, 2), *_s(2))],
            [_p(T3, P2, S1)],
            [_p(T3, *_s(3))],
            [_p(P2, P2, *_s(2))],
            [_p(P2, *_s(4))],
            [_s(6)],
        ),
    ),
)

# Four decks (seed 003's lists). "Either" entries share a group.
_AFTER_FOUR_PAIR_TRACTOR = (
    [_p((2, 3), P2)],
    [_p((2, 3), *_s(2))],
    [_p((2, 2), P2, P2)],
    [_p((2, 2), P2, *_s(2))],
    [_p((2, 2), *_s(4))],
    [_p(Q4, P2, P2)],
    [_p(Q4, P2, *_s(2))],
    [_p(Q4, *_s(4))],
    [_p(T3, T3, *_s(2))],
    [_p(T3, P2, P2, S1)],
    [_p(T3, P2, *_s(3))],
    [_p(T3, *_s(5))],
    [_p(P2, P2, P2, P2)],
    [_p(P2, P2, P2, *_s(2))],
    [_p(P2, P2, *_s(4))],
    [_p(P2, *_s(6))],
    [_s(8)],
)
FOUR_DECK_TABLES = (
    # 44556677: a tractor of four pairs (list 1)
    ((2, 4), _groups([_p((2, 4)), _p(Q4, Q4)], *_AFTER_FOUR_PAIR_TRACTOR)),
    # 44445555: a tractor of quads (list 2)
    ((4, 2), _groups([_p(Q4, Q4)], [_p((2, 4))], *_AFTER_FOUR_PAIR_TRACTOR)),
    # 667788 (list 3)
    (
        (2, 3),
        _groups(
            [_p((2, 3)), _p((3, 2))],
            [_p(Q4, P2)],
            [_p((2, 2), P2)],
            [_p(P2, P2, P2)],
            [_p(P2, P2, *_s(2))],
            [_p(P2, *_s(4))],
            [_s(6)],
        ),
    ),
    # JJJQQQ (list 4)
    (
        (3, 2),
        _groups(
            [_p((3, 2))],
            [_p((2, 3))],
            [_p(Q4, P2)],
            [_p((2, 2), P2)],
            [_p(T3, T3)],
            [_p(T3, P2, S1)],
            [_p(P2, P2, P2)],
            [_p(P2, P2, *_s(2))],
            [_p(P2, *_s(4))],
            [_s(6)],
        ),
    ),
    # AAAA (list 5)
    (
        (4, 1),
        _groups(
            [_p(Q4)],
            [_p((2, 2))],
            [_p(P2, P2)],
            [_p(T3, S1)],
            [_p(P2, *_s(2))],
            [_s(4)],
        ),
    ),
    # 7788, where a quad counts as a tractor (list 6)
    (
        (2, 2),
        _groups(
            [_p((2, 2)), _p(Q4)],
            [_p(P2, P2)],
            [_p(P2, *_s(2))],
            [_s(4)],
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
        follow_tables=THREE_DECK_TABLES,
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
        # Show a small joker with a pair (or tractor) of the suit; one override, with
        # the big joker and more pairs (seed 001: 亮牌 / 顶牌).
        declaration=DeclarationRules(forms=("LJ+P", "BJ+P"), max_overrides=1),
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


FRIENDS_PRESET_PLAYERS = (5, 6, 8)

_FRIEND_FORMS = {
    2: ("L1", "L2", "LJ2", "BJ2"),
    3: ("L1", "L2", "LJ2", "BJ2", "L3", "LJ3", "BJ3"),
    4: ("L1", "L2", "LJ2", "BJ2", "L3", "LJ3", "BJ3", "L4", "LJ4", "BJ4"),
    5: ("L1", "L2", "LJ2", "BJ2", "L3", "LJ3", "BJ3", "L4", "LJ4", "BJ4", "L5", "LJ5", "BJ5"),
}


def friends_rules(
    players: int, decks: int | None = None, friends: FriendRules | None = None
) -> RuleSet:
    """找朋友 for ``players`` seats: decks default to players ÷ 2 (2 to 5), the kitty
    to ``friends_kitty``, the score step to 20 × decks; the deck count picks the
    declaration forms and follow tables of the matching four-player preset."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise players_error(players)
    default = min(MAX_DECKS, max(2, players // 2))
    d = decks if decks is not None else default
    if not 2 <= d <= MAX_DECKS:  # a call names "the k-th copy": at least two decks
        raise RuleSetError(
            "friends_decks_range",
            f"找朋友 decks must be 2 to {MAX_DECKS}, got {d}",
            most=MAX_DECKS,
            got=d,
        )
    # Five decks keep seed 003's four-deck lists; quintuples follow the generic order.
    tables = {3: THREE_DECK_TABLES, 4: FOUR_DECK_TABLES, 5: FOUR_DECK_TABLES}.get(d, ())
    return RuleSet(
        name=f"friends-{players}" if d == default else f"friends-{players}x{d}",
        decks=d,
        kitty_size=friends_kitty(players, d),
        declaration=DeclarationRules(forms=_FRIEND_FORMS[d]),
        follow_tables=tables,
        players=players,
        friends=friends if friends is not None else FriendRules(),
    ).validate()


# The four-player presets (fixed partners); the friends presets are kept apart so
# every front end listing PRESET_NAMES seats four until it handles N seats.
PRESETS: dict[str, RuleSet] = _build()
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
FRIENDS_PRESETS: dict[str, RuleSet] = {
    r.name: r for r in (friends_rules(n) for n in FRIENDS_PRESET_PLAYERS)
}
ALL_PRESETS: dict[str, RuleSet] = {**PRESETS, **FRIENDS_PRESETS}


# Any 找朋友 table by name: "friends-7" (default decks) or "friends-10x4" (seats x decks).
_FRIENDS_NAME = re.compile(r"friends-(\d{1,2})(?:x(\d))?")


def preset(name: str) -> RuleSet:
    """The preset of that name (see ``PRESET_NAMES``), or any 找朋友 table named
    ``friends-N`` / ``friends-NxD`` as ``friends_rules`` names them."""
    found = ALL_PRESETS.get(name)
    if found is not None:
        return found
    m = _FRIENDS_NAME.fullmatch(name)
    if m is not None:
        return friends_rules(int(m[1]), int(m[2]) if m[2] else None)
    raise RuleSetError(
        "unknown_preset",
        f"unknown preset {name!r}; choose one of: {', '.join(ALL_PRESETS)}, "
        f"or friends-N (N seats, {MIN_PLAYERS} to {MAX_PLAYERS}) / friends-NxD (D decks)",
        name=name,
        choices=", ".join(ALL_PRESETS),
        least=MIN_PLAYERS,
        most=MAX_PLAYERS,
    )
