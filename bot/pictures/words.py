"""The words drawn inside the pictures, in the table's language.

They live in ``bot.text.i18n``'s catalog under ``pic.*`` (English, 简体中文, 繁體中文);
Chinese is drawn with the bundled CJK subset font (``draw.font_for``). English
words are the ones the pictures always had, so the English goldens are unchanged.
"""

from __future__ import annotations

from bot.text.i18n import language, text


def word(lang: str, key: str, **params: object) -> str:
    return text(lang, f"pic.{key}", **params)


def lang_of(locale: str | None) -> str:
    """The catalog language for a locale (part of every picture's cache key)."""
    return language(locale)
