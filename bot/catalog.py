"""The message catalogs: one gettext ``.po`` file per language, read with Babel.

Translators work on ``bot/locales/<lang>/LC_MESSAGES/shengji.po`` with any gettext
tool (Poedit, Weblate, Lokalize …). Each message is keyed by a stable code in
``msgctxt``; ``msgid`` is the English text (the source translators see) and
``msgstr`` its translation. ``shengji.pot`` is the template: the codes and the
English. The code looks messages up by code only (``bot.i18n.text``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from importlib.resources import files
from importlib.resources.abc import Traversable

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

DOMAIN = "shengji"
# Our language codes (Discord's) -> gettext locale directories.
PO_LOCALES = {"zh-CN": "zh_CN", "zh-TW": "zh_TW"}


def locale_dir() -> Traversable:
    return files("bot") / "locales"


def template_path() -> Traversable:
    return locale_dir() / f"{DOMAIN}.pot"


def po_path(language: str) -> Traversable:
    return locale_dir() / PO_LOCALES[language] / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Traversable) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


def entries(catalog: Catalog) -> Iterator[tuple[str, str, str]]:
    """(code, English, translation) for every keyed message of a catalog."""
    for message in catalog:
        if message.id and message.context:
            yield message.context, str(message.id), str(message.string or "")


@functools.cache
def load() -> dict[str, tuple[str, str, str]]:
    """code -> (English, 简体中文, 繁體中文); a missing translation falls back to English."""
    english = {code: en for code, en, _ in entries(read_catalog(template_path()))}
    translated = {
        lang: {code: s for code, _, s in entries(read_catalog(po_path(lang))) if s}
        for lang in PO_LOCALES
    }
    return {
        code: (en, translated["zh-CN"].get(code, en), translated["zh-TW"].get(code, en))
        for code, en in english.items()
    }
