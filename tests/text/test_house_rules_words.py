"""Every house-rule setting has words in every language (its name, one-line help and
each value), and ``python -m bot rules --json`` lists every setting."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.text.catalog import english_words
from bot.text.i18n import CATALOG
from rules.settings import GROUPS, REGISTRY
from tests.support.processes import ROOT

CODES = [
    *(f"setting.group.{g}" for g in GROUPS),
    *(code for s in REGISTRY for code in (f"setting.{s.name}", f"setting.{s.name}.help")),
    *(f"setting.{s.name}.{v}" for s in REGISTRY for v in s.choices),
    *sorted({f"setting.{s.name}.{v.partition(':')[0]}" for s in REGISTRY for v in s.examples}),
]


@pytest.mark.parametrize("code", CODES)
def test_every_setting_word_is_in_the_catalog_in_three_languages(code: str) -> None:
    assert code in CATALOG, f"{code} has no message: python -m bot.text.catalog add {code} …"
    en, zh_cn, zh_tw = CATALOG[code]
    assert en and zh_cn and zh_tw
    assert not english_words(zh_cn) and not english_words(zh_tw), (code, zh_cn, zh_tw)


def test_bot_rules_json_lists_every_setting() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot", "rules", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    listed = json.loads(out)
    assert [s["name"] for s in listed] == [s.name for s in REGISTRY]
    for s in listed:
        assert s["default"] in s["choices"] + s["examples"] or s["range"] is not None, s
        assert set(s["description"]) == {"en", "zh-CN", "zh-TW"}
        assert s["source"], f"{s['name']} cites no source"
    text = subprocess.run(
        [sys.executable, "-m", "bot", "rules", "--lang", "zh-CN"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "跟牌与甩牌" in text and "throw_penalty = 10" in text


def test_readme_lists_every_setting_in_three_languages() -> None:
    readme = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for s in REGISTRY:
        rows = readme.splitlines()
        row = next((line for line in rows if line.startswith(f"| `{s.name}` |")), None)
        assert row is not None, f"the rules reference's settings table has no row for {s.name}"
        for lang in ("en", "zh-CN", "zh-TW"):
            assert CATALOG[f"setting.{s.name}"][("en", "zh-CN", "zh-TW").index(lang)] in row


@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW"])
def test_bot_rules_in_chinese_has_no_english_words(lang: str) -> None:
    """`python -m bot rules --lang zh-CN`: only the setting names and the values one
    types (in brackets or after ``=``) stay ASCII; every word around them is Chinese
    (it used to say ``presets:`` and must_defend's ``(e.g. … or …)``)."""
    import re

    from bot.console.rules_cli import listing

    for line in listing(lang).splitlines():
        bare = re.sub(r"^\s*[a-z_]+ = \S+", " ", line)  # name = default
        bare = re.sub(r"\([^()]*\)", " ", bare)  # (code) after a value's words
        bare = re.sub(r"\b[a-z0-9]+-[a-z0-9-]+\b|\b[a-z_]+=\S+", " ", bare)  # preset=value
        assert not english_words(bare), (line, english_words(bare))


def test_readme_explains_every_setting_with_its_source() -> None:
    """Besides the three-language table, every setting has a row in one of the tables
    of the library tour or the rules reference: its values, default, meaning and
    source (first_dealer, bid_takeback and play_takeback had none)."""
    library = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rules = rules[rules.index("## 找朋友") :]  # after the three-language table
    lines = (library + rules).splitlines()
    for s in REGISTRY:
        row = next((line for line in lines if line.startswith(f"| `{s.name}` |")), None)
        assert row is not None, f"the rules library's tables have no row for {s.name}"
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) >= 4 and cells[-1], f"{s.name}'s row cites no source: {row}"
        if len(s.choices) <= 6:  # short_deck's twenty say `from-3` … `from-j`
            assert all(f"`{v}`" in row for v in s.choices), f"{s.name}'s row misses a value"


def test_the_rules_text_says_which_cards_a_short_deck_removes() -> None:
    """issue 20: short_deck — "cards removed are said in the rules text" (/table rules
    and the console's 规则 read rules_lines), in the reader's language."""
    from bot.text.rules_text import rules_lines
    from rules.presets import preset

    changes = {"short_deck": "from-5-no-jokers", "joker_bid": "off"}
    short = REGISTRY.apply(preset("classic"), changes)
    en = "\n".join(rules_lines("en", short, 0))
    assert "Removed from each pack: 2, 3, 4 of every suit and both jokers" in en
    assert "40 cards a pack, 200 points in all" in en
    zh = "\n".join(rules_lines("zh-CN", short, 0))
    assert "每副牌去掉：各花色的 2、3、4 和大小王；每副 40 张，共 200 分" in zh
    assert not english_words(zh.replace("**", ""))
    one = REGISTRY.apply(preset("one-deck"), {"short_deck": "no-jokers"})
    assert "Removed from the pack: both jokers" in "\n".join(rules_lines("en", one, 0))
    assert not any("Removed" in line for line in rules_lines("en", preset("classic"), 0))
