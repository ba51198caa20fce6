"""House rules, deck and table: hand-checked scenarios per setting value.

Sources: RULES.md section 1 (the kitty); /work/shared/reference/house-rules.md 1a.
"""

from __future__ import annotations

import pytest

from rules.actions import DealCards, Pass
from rules.game import Match
from rules.presets import friends_rules, preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSetError
from rules.settings import REGISTRY, apply

KITTY = REGISTRY.get("kitty_size")


@pytest.mark.parametrize(
    ("name", "value"),
    [("classic", "auto"), ("three-decks", "auto"), ("one-deck", "auto"), ("four-decks", "0"),
     ("seed-001", "4"), ("friends-5", "auto"), ("friends-6", "auto")],
)  # fmt: skip
def test_kitty_size_reads(name: str, value: str) -> None:
    assert KITTY.read(preset(name)) == value


def test_kitty_size_auto_is_the_web_tables_size() -> None:
    """house-rules.md 1a: 4p/2 decks → 8; 5p/2 decks → 8; 6p/3 decks → 6; four decks at
    four seats leave nothing over, so the kitty is 4 + 4 = 8."""
    assert apply(preset("four-decks"), {"kitty_size": "auto"}).kitty_size == 8
    assert friends_rules(5, 2).kitty_size == 8 and friends_rules(6, 3).kitty_size == 6


def test_kitty_size_number() -> None:
    rs = apply(preset("classic"), {"kitty_size": "4"})
    assert rs.hand_size == 26
    with pytest.raises(RuleSetError, match=r"kitty_size.*divide"):
        apply(preset("classic"), {"kitty_size": "6"})


def test_a_kitty_of_twelve_is_dealt_and_buried() -> None:
    rs = apply(preset("classic"), {"kitty_size": "12"})
    m = Match(rs, "k12", first_dealer=0)
    m.apply(DealCards(500))
    assert all(sum(h) == 24 for h in m.hand.hands)
    for s in range(4):
        m.apply(Pass(s))
    assert m.phase == "burying" and sum(m.hand.hands[0]) == 36


def test_record_of_a_friends_hand_without_kitty_replays() -> None:
    """With no kitty the passes lead straight to the friend call: the record keeps
    them before the call line (they used to be written after it)."""
    rs = apply(preset("friends-6"), {"kitty_size": "0"})
    m = Match(rs, "no-kitty", first_dealer=2)
    m.apply(DealCards(500))
    for s in range(6):
        m.apply(Pass(s))
    assert m.phase == "calling"
    call = m.suggest(2)
    assert call is not None
    m.apply(call)
    text = write_record(m)
    assert text.index("pass") < text.index("call:")
    assert parse_record(text).replay().to_dict()["hand"] == m.to_dict()["hand"]
