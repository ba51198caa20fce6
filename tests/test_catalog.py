"""The gettext catalogs: complete, consistent, and what ``text`` serves."""

from __future__ import annotations

import string

import pytest

from bot.catalog import PO_LOCALES, entries, po_path, read_catalog, template_path
from bot.i18n import CATALOG, text

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
