"""The words inside the pictures follow the table's language: English by default,
Chinese drawn with the bundled CJK subset font — which must hold every glyph the
``pic.*`` catalog entries use (a missing one would draw as an empty box)."""

from __future__ import annotations

import io
import itertools
import string
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageFont

from bot.pictures import CACHE, draw, render_hand, render_progress, render_summary, render_table
from bot.pictures.draw import CJK_FONT_PATH, FONT_PATH, font_for, is_cjk
from bot.pictures.ladder import BoardLine, render_leaderboard, render_rank_card, tier_word
from bot.pictures.samples import sample_pictures
from bot.pictures.showcase import SHOWCASE_PROGRESS, SHOWCASE_SUMMARY, showcase_hand, showcase_table
from bot.pictures.words import word
from bot.text.i18n import CATALOG, LANGUAGES
from rules.cards import rank_name
from rules.ladder import LEVEL_TIERS, TIER_POINTS, Standing
from rules.presets import preset

PIC_KEYS = sorted(k for k in CATALOG if k.startswith("pic."))
MAX_CJK_FONT_BYTES = 64_000  # a subset, not the ~20 MB font


@cache
def _cmap(path: str) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


RANKS = [rank_name(r) for r in range(2, 15)]  # 2 … 10, J, Q, K, A
TIERS = range(LEVEL_TIERS + 3)  # 打2 … 打A, A★1 … A★3
DIGITS = list(string.digits)  # any number is made of these


def _values(lang: str, param: str) -> list[str]:
    """Every value a ``pic.*`` placeholder can take in a picture."""
    if param == "level":
        return RANKS
    if param == "tier":
        return [tier_word(lang, t) for t in TIERS]
    if param == "team":
        return [word(lang, k) for k in ("team0", "team1", "role.defenders", "role.attackers")]
    if param in ("n", "m", "total", "points", "to_next", "season", "round", "star"):
        return DIGITS
    raise AssertionError(f"pic.* placeholder {{{param}}}: say here what it can be")


def _drawable(lang: str) -> set[str]:
    """Every string a picture can draw in ``lang`` from its own words: each
    ``pic.*`` entry with its placeholders filled in every way, the rank names
    and tier names alone, and numbers."""
    out = {*RANKS, *DIGITS, *(tier_word(lang, t) for t in TIERS)}
    for key in PIC_KEYS:
        template = CATALOG[key][LANGUAGES.index(lang)]
        params = sorted({f for _, f, _, _ in string.Formatter().parse(template) if f})
        for combo in itertools.product(*(_values(lang, p) for p in params)):
            out.add(template.format(**dict(zip(params, combo, strict=True))))
    return out


def _missing(txt: str, font: ImageFont.FreeTypeFont) -> list[str]:
    have = _cmap(str(font.path))
    return [ch for ch in txt if not ch.isspace() and ord(ch) not in have]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_a_picture_can_draw_has_its_glyphs(lang: str) -> None:
    """Filled in: 打J, 打Q, 打K (zh) are drawn whole with the CJK font, so it
    needs the Latin letters of the ranks too, not only the catalog's own."""
    strings = _drawable(lang)
    assert {"打J", "打Q", "打K", "打10", "打A"} <= strings or lang == "en"
    missing = {(txt, ch) for txt in strings for ch in _missing(txt, font_for(txt, 13))}
    assert not missing, sorted(missing)


def test_the_pictures_draw_only_glyphs_their_fonts_have(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the pictures really draw, recorded at the font chosen for it: every
    rank card tier and a leaderboard of every tier, and every sample picture
    (the fixed scenes, every preset, the replays), in all three languages."""
    drawn: list[tuple[str, ImageFont.FreeTypeFont]] = []
    real = draw.font_for

    def recording(txt: str, size: int) -> ImageFont.FreeTypeFont:
        f = real(txt, size)
        drawn.append((txt, f))
        return f

    monkeypatch.setattr(draw, "font_for", recording)
    CACHE.clear()
    for lang in LANGUAGES:
        board = []
        for tier in TIERS:
            s = Standing(points=tier * TIER_POINTS + 50, hands=10, wins=6)
            render_rank_card("Ada", "fixed", 1, s, tier + 1, (True, False), lang, ("Bo", 3, 2))
            board.append(BoardLine(tier + 1, "Ada", s, mine=tier == 9))
        render_leaderboard(board, "friends", 0, lang)
    for _ in sample_pictures():
        pass
    CACHE.clear()
    assert {txt for txt, _ in drawn} >= {"打J", "打Q", "打K", "距 打Q 還差 50 分"}
    missing = {(txt, ch) for txt, f in drawn for ch in _missing(txt, f)}
    assert not missing, sorted(missing)


def test_the_subset_script_keeps_the_rank_letters() -> None:
    """``fonts/subset.py`` rebuilds the font from what it lists: the rank names
    (J, Q, K …) are among them, so a rebuild keeps 打J."""
    from bot.pictures.fonts.subset import needed

    assert set("".join(RANKS)) <= set(needed())
    assert Path(CJK_FONT_PATH).exists()


def test_every_word_has_its_glyphs_in_the_font_that_draws_it() -> None:
    cjk, latin = _cmap(str(CJK_FONT_PATH)), _cmap(str(FONT_PATH))
    missing = []
    for key in PIC_KEYS:
        for lang, words in zip(LANGUAGES, CATALOG[key], strict=True):
            shown = words.replace("{", "").replace("}", "")
            have = cjk if is_cjk(shown) else latin
            missing += [(key, lang, ch) for ch in shown if ord(ch) not in have and ch != " "]
    assert not missing, missing


def test_the_cjk_font_is_a_small_subset() -> None:
    assert CJK_FONT_PATH.stat().st_size <= MAX_CJK_FONT_BYTES
    assert (CJK_FONT_PATH.parent / "LICENSE-NotoSansCJK.txt").exists()


def test_chinese_words_use_the_cjk_font_and_english_the_latin_one() -> None:
    assert font_for(word("zh-CN", "trump"), 12).path == str(CJK_FONT_PATH)
    assert font_for(word("en", "trump"), 12).path == str(FONT_PATH)
    assert word("zh-TW", "team1") == "東西" and word("en", "team1") == "E/W"


def _img(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize(
    "draw",
    [
        lambda lang: render_table(showcase_table(), (1,), lang),
        lambda lang: render_hand(showcase_hand(), lang),
        lambda lang: render_summary(SHOWCASE_SUMMARY, preset("classic"), lang),
        lambda lang: render_progress(SHOWCASE_PROGRESS, lang=lang),
    ],
)
def test_each_picture_draws_its_words_in_the_language_asked(draw: object) -> None:
    en, zh_cn, zh_tw = (draw(lang) for lang in ("en", "zh-CN", "zh-TW"))  # type: ignore[operator]
    assert draw("en-US") == en  # type: ignore[operator]
    assert _img(en).size == _img(zh_cn).size
    assert ImageChops.difference(_img(en), _img(zh_cn)).getbbox() is not None
    assert zh_cn != en and zh_tw != en
