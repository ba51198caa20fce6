"""Hand 1 without a first dealer declares and plays at one level (issue 11, item 20):
a declaration is read at the declarer's own team level, which is the level the hand
then plays at."""

from __future__ import annotations

import pytest

from rules.actions import DealCards, Declare, Pass
from rules.cards import Card, cards_of
from rules.errors import RuleError
from rules.game import Match
from rules.presets import PRESETS


def _holding(m: Match, seat: int, rank: int) -> list[Card]:
    return [c for c in cards_of(m.hand.hands[seat]) if c.rank == rank]


def _dealt(levels: tuple[int, int], seed: str) -> Match:
    m = Match(PRESETS["classic"], seed, levels=levels)
    m.apply(DealCards(m.deal_total))
    return m


def _seat_with(m: Match, rank: int, seats: tuple[int, ...] = (0, 1, 2, 3)) -> tuple[int, Card]:
    for seat in seats:
        for c in _holding(m, seat, rank):
            return seat, c
    raise AssertionError(f"nobody holds a {rank}")


@pytest.mark.parametrize("level", [5, 7, 13])
def test_equal_custom_levels_declare_and_play_at_that_level(level: int) -> None:
    m = _dealt((level, level), f"hand-one/{level}")
    assert m.hand.level_rank == level  # what the views show during the deal
    seat, card = _seat_with(m, level)
    offered = m.declaration_options(seat)
    assert offered and all(all(c.rank == level for c in d.cards) for d in offered if d.suit)
    m.apply(Declare(seat, (card,)))
    for s in range(4):
        m.apply(Pass(s))
    assert (m.hand.dealer, m.hand.level_rank, m.hand.trump_suit) == (seat, level, card.suit)


def test_a_two_is_no_declaration_at_other_custom_levels() -> None:
    m = _dealt((9, 9), "hand-one/twos")
    seat, two = _seat_with(m, 2)
    with pytest.raises(RuleError) as err:
        m.apply(Declare(seat, (two,)))
    assert err.value.code == "bad_declaration"


def test_unequal_levels_each_team_declares_at_its_own_level() -> None:
    m = _dealt((5, 3), "hand-one/unequal")
    seat, three = _seat_with(m, 3, (1, 3))  # team 1 is at 3
    # each seat's view shows the level it declares with (what an AI player reads)
    assert [m.view_for(s).level_rank for s in range(4)] == [5, 3, 5, 3]
    assert any(d.cards == (three,) for d in m.declaration_options(seat))
    if _holding(m, 0, 3):  # team 0 is at 5: its threes are no declaration
        with pytest.raises(RuleError):
            m.apply(Declare(0, (_holding(m, 0, 3)[0],)))
    m.apply(Declare(seat, (three,)))
    for s in range(4):
        m.apply(Pass(s))
    assert (m.hand.dealer, m.hand.level_rank) == (seat, 3)
