"""Messages in English, 简体中文 and 繁體中文, looked up by a stable code.

``text(locale, code, **params)``; a Discord locale such as ``zh-CN``/``en-US`` is
accepted as is. Rules errors (``rules.errors.RuleError``) and service errors share
this catalog by their ``code``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.text.catalog import load as load_catalogs

EN, ZH_CN, ZH_TW = "en", "zh-CN", "zh-TW"
_FRIENDS = re.compile(r"friends-(\d+)(?:x(\d+))?")
LANGUAGES = (EN, ZH_CN, ZH_TW)


def language(locale: str | None) -> str:
    """Map any locale string (Discord's ``zh-TW``, ``en-US`` …) to one we speak."""
    if not locale:
        return EN
    low = locale.lower().replace("_", "-")  # POSIX zh_TW.UTF-8 as well as Discord's zh-TW
    if low.startswith(("zh-tw", "zh-hk", "zh-hant")):
        return ZH_TW
    if low.startswith("zh"):
        return ZH_CN
    return EN


def known_language(locale: str) -> bool:
    """Is ``locale`` one of ours (en, zh-CN, zh-TW, or a variant such as en-US,
    zh_TW.UTF-8, zh-Hant)? Everything else would quietly become English."""
    return re.fullmatch(r"(en|zh)([-_.].*)?", locale.strip().lower()) is not None


def environment_language(env: Mapping[str, str]) -> str:
    """The language of the POSIX locale (LC_ALL, then LC_MESSAGES, then LANG), as
    gettext reads it; English when none is set or it is C/POSIX."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return language(value)
    return EN


# code -> (English, 简体中文, 繁體中文), from the .po catalogs in bot/text/locales/.
CATALOG: dict[str, tuple[str, str, str]] = load_catalogs()

SEAT_NAMES = {
    EN: ("North", "East", "South", "West"),
    ZH_CN: ("北", "东", "南", "西"),
    ZH_TW: ("北", "東", "南", "西"),
}
SEAT_LETTERS = ("N", "E", "S", "W")


def seat_name(locale: str | None, seat: int, players: int = 4) -> str:
    """North/East/South/West at four seats; "Seat n" at a 找朋友 table of N seats."""
    if players != 4 or not 0 <= seat < 4:
        return text(locale, "seat.n", n=seat + 1)
    return SEAT_NAMES[language(locale)][seat]


def sentences(locale: str | None, *parts: str) -> str:
    """Sentences one after another: a space between them in English, none in
    Chinese (its full stop 。 already separates them)."""
    return ("" if language(locale) != EN else " ").join(p for p in parts if p)


def preset_label(locale: str | None, name: str) -> str:
    """A rule preset's name as players read it (English: the name they type); any
    找朋友 table by its seats and decks (friends-6, friends-10x4)."""
    if f"preset.{name}" not in CATALOG:
        match = _FRIENDS.fullmatch(name)
        if match:
            n, decks = match.groups()
            if decks:
                return text(locale, "preset.friends_nxd", n=int(n), decks=int(decks))
            return text(locale, "preset.friends_n", n=int(n))
    return text(locale, f"preset.{name}", fallback=name)


def policy_label(locale: str | None, policy: str) -> str:
    """A 找朋友 call policy (non-trump, no-top-card …) as players read it."""
    return text(locale, f"policy.{policy}", fallback=policy)


def text(locale: str | None, code: str, **params: Any) -> str:
    """The message for ``code`` in the locale's language, formatted with params."""
    entry = CATALOG.get(code)
    if entry is None:
        return str(params.get("fallback", code))
    template = entry[LANGUAGES.index(language(locale))]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        # A message that cannot be filled in must not show raw {placeholders}.
        fallback = params.get("fallback")
        return str(fallback) if fallback else template.split("{")[0].strip() or code


def counted(locale: str | None, code: str, n: int, **params: Any) -> str:
    """``code``, or its singular ``code_one`` when ``n`` is 1: English "1 level" but
    "2 levels" (Chinese has one form; both codes read the same there)."""
    one = f"{code}_one"
    return text(locale, one if n == 1 and one in CATALOG else code, **params)


_TUPLE_WORDS = {2: "word.pair", 3: "word.triple", 4: "word.quad", 5: "word.quintuple"}


def shape_text(locale: str | None, shape: tuple[int, int]) -> str:
    w, length = shape
    unit = text(locale, _TUPLE_WORDS.get(w, "word.pair"))
    if length == 1:
        return unit
    return text(locale, "word.tractor", n=length, unit=unit)
