"""Checks that a screen is Chinese: CJK text, no English words (``assert_chinese``)."""

from __future__ import annotations

import re

from bot.text.catalog import english_words
from tests.support.discord_helpers import (
    NAMES,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


# Not words of a language: mentions, channel links, message links, and what the
# player typed, quoted back in 「」.
NOT_WORDS = re.compile(r"<[@#]!?\d+>|https?://\S+|「[^」]*」")


def foreign_words(line: str, names: tuple[str, ...] = ()) -> list[str]:
    """English words a Chinese reader would meet in ``line`` (player names aside)."""
    line = NOT_WORDS.sub(" ", line)
    for name in names:
        line = line.replace(name, " ")
    return english_words(line)


def assert_chinese(texts: list[str]) -> None:
    english = [(t[:80], w) for t in texts if (w := foreign_words(t, NAMES))]
    assert not english, english[:5]
