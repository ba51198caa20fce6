"""The words inside the pictures follow the table's language: English by default,
Chinese drawn with the bundled CJK subset font — which must hold every glyph the
``pic.*`` catalog entries use (a missing one would draw as an empty box)."""

from __future__ import annotations

import io

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops

from bot.pictures import render_hand, render_progress, render_summary, render_table
from bot.pictures.draw import CJK_FONT_PATH, FONT_PATH, font_for, is_cjk
from bot.pictures.showcase import SHOWCASE_PROGRESS, SHOWCASE_SUMMARY, showcase_hand, showcase_table
from bot.pictures.words import word
from bot.text.i18n import CATALOG, LANGUAGES
from rules.presets import preset

PIC_KEYS = sorted(k for k in CATALOG if k.startswith("pic."))
MAX_CJK_FONT_BYTES = 64_000  # a subset, not the ~20 MB font


def _cmap(path: object) -> set[int]:
    return set(TTFont(str(path)).getBestCmap())


def test_every_word_has_its_glyphs_in_the_font_that_draws_it() -> None:
    cjk, latin = _cmap(CJK_FONT_PATH), _cmap(FONT_PATH)
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
