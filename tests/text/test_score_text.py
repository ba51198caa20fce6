"""What the attackers' points are worth, said from each preset's own score table
(issue 11, console item 11): the console status line, the Discord table status
(the same ``status_lines``) and ``/table rules`` all say it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.text.i18n import LANGUAGES
from bot.text.render import status_lines
from bot.text.score_text import score_table_text, takeover_text
from rules.actions import DealCards
from rules.game import Match
from rules.presets import PRESET_NAMES, PRESETS
from rules.scoring import score_result
from tests.support.discord_helpers import make_world


def playing_match(name: str, seed: str = "score-text") -> Match:
    """A match of that preset at its first trick (default moves all round)."""
    m = Match(PRESETS[name], seed)
    for _ in range(200):
        if m.phase == "playing":
            return m
        if m.phase == "dealing":
            m.apply(DealCards(m.deal_total - m.hand.dealt))
            continue
        for seat in range(4):
            action = m.suggest(seat)
            if action is not None:
                m.apply(action)
                break
    raise AssertionError(f"{name}: never reached play (phase {m.phase})")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("classic", "take over at 80; +1 at 120, +1 more per 40 more"),
        ("seed-001", "take over at 100; +1 at 120"),
        ("tournament", "take over at 80; +2 at 120; +3 at 150"),
        ("four-decks", "take over at 160 with +1; +2 at 240, +1 more per 80 more"),
        ("qq-super", "take over at 80; +1 at 120, +1 more per 40 more; at most +6"),
    ],
)
def test_status_line_follows_the_presets_score_table(name: str, expected: str) -> None:
    m = playing_match(name)
    lines = status_lines("en", m.view_for(0))
    points = next(x for x in lines if x.startswith("Attackers' points:"))
    assert points == f"Attackers' points: {m.hand.attackers_points} ({expected})"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_number_in_the_sentence_is_what_scoring_does(name: str) -> None:
    """Each "take over at T" / "+L at P" is a real threshold of ``score_result``."""
    rules = PRESETS[name]
    said = takeover_text("en", rules)
    take = int(re.search(r"take over at (\d+)", said).group(1))  # type: ignore[union-attr]
    assert score_result(rules, take).winner == "attackers"
    assert score_result(rules, take - 1).winner == "defenders"
    for levels, at in re.findall(r"\+(\d+) at (\d+)", said):
        assert score_result(rules, int(at)).levels == int(levels), (name, at)
        assert score_result(rules, int(at) - 1).levels < int(levels), (name, at)
    step = re.search(r"\+1 more per (\d+) more", said)
    if step:
        top = rules.score_table.bands[-1].min_points or 0
        s = int(step.group(1))
        assert score_result(rules, top + s).levels == score_result(rules, top).levels + 1


@pytest.mark.parametrize("locale", LANGUAGES)
def test_score_text_in_every_language(locale: str) -> None:
    for name in PRESET_NAMES:
        full = score_table_text(locale, PRESETS[name])
        assert "{" not in full and "100" in score_table_text(locale, PRESETS["seed-001"])
    zh = takeover_text("zh-CN", PRESETS["seed-001"])
    assert zh == "100 分上台；120 分升 1 级"
    assert "120 分升 2 級" in takeover_text("zh-TW", PRESETS["tournament"])


async def test_discord_table_rules_says_the_presets_scoring(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await w.slash(w.members[0], "table new", preset="seed-001")
        r = await w.slash(w.members[0], "table rules")
        assert r.response is not None and r.response.ephemeral
        assert "take over at 100; +1 at 120" in r.response.content, r.response.content
