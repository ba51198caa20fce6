"""The rules reference's "Choices where the sources disagree" says what the rules
mark as choices
and the engine does (issue 11, item 22; the engine side is tested in test_play.py:
``test_failed_throw_tie_…``, ``test_a_throw_of_several_tractors_…``,
``test_kitty_multiplier_of_a_ruff_…``)."""

from __future__ import annotations

import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _choices() -> str:
    text = RULES.read_text(encoding="utf-8") + "\n## "
    m = re.search(r"## Choices where the sources disagree\n(.*?)\n## ", text, re.S)
    assert m, "the rules reference has no choices section"
    return " ".join(m.group(1).split())


def test_failed_throw_tie_is_broken_by_display_order() -> None:
    assert "fewer cards, then the first in display order ♠ ♥ ♣ ♦" in _choices()


def test_several_lead_tractors_are_matched_longest_first() -> None:
    assert "matched longest lead tractor first" in _choices()


def test_kitty_multiplier_of_a_ruff_follows_the_lead_shape() -> None:
    text = _choices()
    assert "a ruff counts by its units as matched to the lead's shape" in text
    assert "a pair ruffing a throw of two singles → ×2" in text
