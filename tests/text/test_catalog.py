"""The gettext catalogs: complete, consistent, and what ``text`` serves."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.text.catalog import (
    PO_LOCALES,
    add,
    english_words,
    entries,
    fold,
    literal_catalog,
    load,
    po_path,
    problems,
    read_catalog,
    save,
    template_path,
)
from bot.text.i18n import CATALOG, text

# English-only grammar (plural pronouns) that Chinese has no use for.
GRAMMAR_ONLY = {"them"}


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


TEMPLATE = {code: en for code, en, _ in entries(read_catalog(template_path()))}


def test_template_has_every_message_once() -> None:
    codes = [code for code, _, _ in entries(read_catalog(template_path()))]
    assert len(codes) == len(set(codes)) > 50
    assert set(codes) == set(CATALOG)


@pytest.mark.parametrize("language", sorted(PO_LOCALES))
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    translated = {code: (en, s) for code, en, s in entries(read_catalog(po_path(language)))}
    assert set(translated) == set(TEMPLATE), "a .po file and the template disagree on codes"
    for code, (english, translation) in translated.items():
        assert english == TEMPLATE[code], f"{language} {code}: stale English source"
        assert translation, f"{language} {code}: not translated"
        ours, theirs = _placeholders(translation), _placeholders(english)
        assert ours <= theirs, f"{language} {code}: unknown placeholder"
        assert theirs - ours <= GRAMMAR_ONLY, f"{language} {code}: information left out"


def test_text_serves_the_po_files() -> None:
    zh = {code: s for code, _, s in entries(read_catalog(po_path("zh-CN")))}
    tw = {code: s for code, _, s in entries(read_catalog(po_path("zh-TW")))}
    code = "not_held"
    assert text("en-US", code, cards="♠A") == TEMPLATE[code].format(cards="♠A")
    assert text("zh-CN", code, cards="♠A") == zh[code].format(cards="♠A")
    assert text("zh-TW", code, cards="♠A") == tw[code].format(cards="♠A")


@pytest.mark.parametrize("language", sorted(PO_LOCALES))
def test_no_english_words_in_chinese_messages(language: str) -> None:
    """Only card notation, command words and placeholders may be ASCII in Chinese."""
    found = {
        code: words
        for code, _, s in entries(read_catalog(po_path(language)))
        if (words := english_words(s))
    }
    assert not found


def test_english_word_check_catches_a_fragment() -> None:
    assert english_words("看不懂 {token}：unknown symbol") == ["unknown", "symbol"]
    assert english_words("输入 帮助 或 help；牌如 SA、HT、小王/LJ；按 Ctrl-C 退出") == []


def test_a_message_of_only_placeholders_needs_no_translation() -> None:
    # "{cards} · {kind}" reads the same in every language: not "untranslated".
    assert problems({"play_choice": ("{cards} · {kind}",) * 3}) == []
    untranslated = ["zh-CN x: not translated", "zh-TW x: not translated"]
    assert problems({"x": ("Play {cards}",) * 3}) == untranslated


def test_catalog_tool_round_trip(tmp_path: Path) -> None:
    """``python -m bot.text.catalog add`` writes the three files; they read back the same."""
    messages = add(load(), {"zz.new": ("New {n}", "新 {n}", "新 {n}")}, after="not_held")
    save(messages, tmp_path)
    for language in (None, *PO_LOCALES):
        path = tmp_path / (
            "shengji.pot" if language is None else f"{PO_LOCALES[language]}/LC_MESSAGES/shengji.po"
        )
        codes = [code for code, _, _ in entries(read_catalog(path))]  # type: ignore[arg-type]
        assert codes[:2] == ["not_held", "zz.new"] and len(codes) == len(messages)
    assert not problems(messages)
    assert problems({"x": ("Hi {a}", "你好", "你好 {b}")}) == [
        "zh-CN x: placeholder left out",
        "zh-TW x: unknown placeholder",
    ]


def test_every_error_code_has_a_message() -> None:
    """Each code rules/, storage/ or the service can raise is worded in the catalog
    (else a player would read the bare code)."""
    root = Path(__file__).resolve().parents[2]
    codes: set[str] = set()
    for folder in ("rules", "storage", "bot"):
        for path in (root / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            codes |= set(re.findall(r'(?:RuleError|ServiceError)\(\s*"([a-z_]+)"', source))
            if folder == "storage":
                codes |= set(re.findall(r'^\s+code = "([a-z_]+)"', source, re.M))
    assert len(codes) > 30
    assert codes - set(CATALOG) == set()


def test_fold_adds_keys_from_an_older_literal_catalog(tmp_path: Path) -> None:
    """``python -m bot.text.catalog fold``: keys another branch added to the old literal
    ``CATALOG`` in bot/text/i18n.py land in the .po files, after their predecessor;
    reworded ones are only reported."""
    source = (
        "CATALOG: dict[str, tuple[str, str, str]] = {\n"
        '    "not_held": ("You do not hold {cards}.", "x", "y"),\n'
        '    "panel.hint": ("Tap cards, then Play.", "点牌，再按出牌。", "點牌，再按出牌。"),\n'
        "}\n"
    )
    old = literal_catalog(source)
    folded, added, differing = fold(load(), old)
    assert added == ["panel.hint"] and differing == ["not_held"]
    assert list(folded)[:2] == ["not_held", "panel.hint"]
    assert folded["not_held"] == load()["not_held"]  # reworded: left for review
    save(folded, tmp_path)
    codes = [c for c, _, _ in entries(read_catalog(tmp_path / "zh_CN/LC_MESSAGES/shengji.po"))]
    assert "panel.hint" in codes


def test_chinese_messages_name_chinese_commands_and_every_preset_has_a_name() -> None:
    """Issue 18: 输入 help in a Chinese screen, an ASCII comma between calls, and a
    preset or call policy shown by its code name are all caught."""
    from bot.text.catalog import missing_names

    assert problems({"x": ("Type help", "输入 help 查看命令", "輸入 help 查看命令")}) == [
        "zh-CN x: tells a Chinese reader to type an English command",
        "zh-TW x: tells a Chinese reader to type an English command",
    ]
    assert problems({"y": ("#1 ♠A, #1 ♥A", "#1 ♠A, #1 ♥A", "#1 ♠A，#1 ♥A")}) == [
        "zh-CN y: an ASCII comma (use 、 or ，)"
    ]
    assert "policy.non-trump: no display name" in missing_names({})
    assert missing_names(load()) == []
