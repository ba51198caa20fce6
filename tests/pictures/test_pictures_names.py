"""Player names on pictures (/rank, /leaderboard): drawn with a font that has each
character, never as boxes; characters no font has are left out."""

from __future__ import annotations

import pytest

from bot.pictures import draw
from bot.pictures.ladder import BoardLine, render_leaderboard, render_rank_card
from rules.ladder import Standing

SYSTEM_CJK = next((p for p in draw.SYSTEM_CJK_FONTS if p.exists()), None)


def _fonts(name: str) -> list[str]:
    return [f.path for _, f in draw.name_runs(name, 14)]  # type: ignore[attr-defined]


def test_latin_names_use_dejavu_and_emoji_are_left_out() -> None:
    runs = draw.name_runs("Ann 🀄 Lee", 14)
    assert "".join(r for r, _ in runs) == "Ann  Lee"
    assert _fonts("Ann Lee") == [str(draw.FONT_PATH)]
    assert draw.name_runs("🀄🀄", 14) == []


@pytest.mark.skipif(SYSTEM_CJK is None, reason="fonts-noto-cjk is not installed")
def test_chinese_names_are_drawn_whole_with_the_system_font() -> None:
    runs = draw.name_runs("李雷 Lei", 14)
    assert "".join(r for r, _ in runs) == "李雷 Lei"
    assert str(SYSTEM_CJK) in _fonts("李雷 Lei")


def test_without_the_system_font_only_characters_a_font_has_are_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(draw, "SYSTEM_CJK_FONTS", ())
    # 排 and 位 are picture words (in the bundled subset); 鑫 is not.
    kept = "".join(r for r, _ in draw.name_runs("排位鑫 Ann", 14))
    assert kept == "排位 Ann"
    for run, f in draw.name_runs("排位鑫 Ann", 14):
        for ch in run.replace(" ", ""):
            assert draw._has_glyph(draw.Path(f.path), ch)  # type: ignore[attr-defined]


def test_rank_pictures_take_any_name() -> None:
    s = Standing(30.0, 5.0, 420, 50, 30)
    for name in ("小明🀄", "🀄", "A" * 80, "Zoë"):
        assert render_rank_card(name, "fixed", 1, s, 1, [True], "zh-CN").startswith(b"\x89PNG")
    lines = [BoardLine(1, "🀄🀄", s), BoardLine(2, "李雷 Lei", s, mine=True)]
    assert render_leaderboard(lines, "friends", 0, "en").startswith(b"\x89PNG")
