"""Slash command names, descriptions and options in 简体中文 and 繁體中文.

discord.py asks the tree's Translator for every ``locale_str`` when it syncs;
the English text is the key. The translations live in the message catalog
(``slash.*`` codes in bot/text/locales), with every other player-facing string.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.text.i18n import CATALOG

# English -> (简体中文, 繁體中文), from the catalog's ``slash.*`` messages (the English
# text is what discord.py hands us). Command and option names: lowercase, no spaces.
# The first message with an English text wins; a later one with the same English
# (the /replay option "hand", a hand *number*, not /hand's cards) is asked for by
# its code: ``locale_str("hand", code="slash.hand_number")``.
STRINGS: dict[str, tuple[str, str]] = {}
CODED: dict[str, tuple[str, str]] = {}
for _code, (_en, _zh_cn, _zh_tw) in CATALOG.items():
    if _code.startswith("slash."):
        STRINGS.setdefault(_en, (_zh_cn, _zh_tw))
        CODED[_code] = (_zh_cn, _zh_tw)


class ShengjiTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = string.extras.get("code")
        entry = CODED.get(code) if isinstance(code, str) else STRINGS.get(string.message)
        if entry is None:
            return None
        if locale == discord.Locale.chinese:
            return entry[0]
        if locale == discord.Locale.taiwan_chinese:
            return entry[1]
        return None
