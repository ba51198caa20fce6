"""What the attackers' points are worth, in words, read from a preset's own score
table (``RuleSet.score_table``), so every preset says what it really scores:
classic "take over at 80; +1 at 120, +1 more per 40 more", seed-001 "take over at
100; +1 at 120", tournament "… +2 at 120 …". Discord-free; the console and the
Discord table status share it.
"""

from __future__ import annotations

from bot.text.i18n import text
from rules.ruleset import RuleSet
from rules.ruleset_parts import ScoreBand


def _attacker_bands(rules: RuleSet) -> list[ScoreBand]:
    return [b for b in rules.score_table.bands if b.winner == "attackers"]


def takeover_text(locale: str | None, rules: RuleSet) -> str:
    """The attackers' side: where they take over and where each level starts."""
    table = rules.score_table
    parts: list[str] = []
    for i, band in enumerate(_attacker_bands(rules)):
        points = band.min_points if band.min_points is not None else 0
        if i == 0:
            code = "score.takeover" if band.levels == 0 else "score.takeover_up"
            parts.append(text(locale, code, points=points, levels=band.levels))
        else:
            parts.append(text(locale, "score.band_up", points=points, levels=band.levels))
    if table.extra_step:
        parts[-1] += text(locale, "score.extra", step=table.extra_step)
    if table.cap is not None and table.extra_step:
        parts.append(text(locale, "score.cap", cap=table.cap))
    return text(locale, "score.sep").join(parts)


def defenders_text(locale: str | None, rules: RuleSet) -> str:
    """The defenders' side: how many levels they climb below each threshold."""
    bands = rules.score_table.bands
    parts: list[str] = []
    for i, band in enumerate(bands):
        if band.winner != "defenders" or i + 1 >= len(bands):
            continue
        below = bands[i + 1].min_points
        if below is None:
            continue
        levels = band.levels
        if band.min_points is None and below == 1:
            parts.append(text(locale, "score.defenders_zero", levels=levels))
        else:
            parts.append(text(locale, "score.defenders_under", points=below, levels=levels))
    return text(locale, "score.defenders", parts=text(locale, "score.comma").join(parts))


def score_table_text(locale: str | None, rules: RuleSet) -> str:
    """Both sides in one line, for a rules summary (``/table rules``)."""
    return text(
        locale,
        "score.table",
        attackers=takeover_text(locale, rules),
        defenders=defenders_text(locale, rules),
    )
