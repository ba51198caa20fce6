"""A refused rule set says why in the reader's language: ``RuleSetError`` carries a
code and params (like ``RuleError``), the front ends word it through the catalog
(``ruleset.<code>``) — no English reason inside a Chinese refusal, no Chinese in an
English one (the /rules import file, a lobby setting, the console's --rules file)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from bot.console.cli import HouseRuleError, house_rules
from bot.service import ServiceError
from bot.service.house_rules import set_rules
from bot.text.catalog import english_words, load
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import REGISTRY, SettingError
from storage import Database
from tests.support.service_helpers import new_service

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")
LANGS = ("en", "zh-CN", "zh-TW")


def _raised_codes() -> set[str]:
    """Every code a ``RuleSetError`` / ``SettingError`` is raised with in rules/."""
    codes: set[str] = set()
    for path in (ROOT / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "RuleSetError":
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                    f"{path.name}:{node.lineno}: a RuleSetError without a code"
                )
                assert re.fullmatch(r"[a-z0-9_]+", first.value), (path.name, first.value)
                codes.add(first.value)
            elif node.func.id == "SettingError":
                for kw in node.keywords:
                    if kw.arg == "code" and isinstance(kw.value, ast.Constant):
                        codes.add(str(kw.value.value))
    return codes


def test_every_rule_set_error_code_has_words_in_three_languages() -> None:
    codes = _raised_codes()
    assert {"bombs_need_decks", "kitty_not_even", "not_json", "unknown_value"} <= codes
    messages = load()
    missing = [c for c in sorted(codes) if f"ruleset.{c}" not in messages]
    assert not missing, missing
    for c in codes:
        en, cn, tw = messages[f"ruleset.{c}"]
        assert en and cn and tw and cn != en and tw != en, c


def _broken_files() -> list[str]:
    base = json.loads(preset("classic").to_json())
    return [
        json.dumps({**base, "bombs": "any-suit"}),  # bombs need 4+ decks
        json.dumps({**base, "kitty_size": 7}),  # 101 cards do not divide among four
        json.dumps({**base, "score_step": 205}),  # more than the deck's points
        json.dumps({**base, "levels": [2, 3, 20]}),
        json.dumps({**base, "decks": 9}),
        json.dumps({**base, "deadzone": 3}),
        json.dumps({**base, "steps_to_take_over": 9}),
        "{not json",
        json.dumps(["a list"]),
    ]


def test_engine_codes_and_params() -> None:
    with pytest.raises(RuleSetError) as err:
        RuleSet.from_json(_broken_files()[0])
    assert err.value.code == "bombs_need_decks" and err.value.params == {"least": 4, "decks": 2}
    assert "bombs need 4 or more decks" in str(err.value)  # the English stays for logs
    with pytest.raises(SettingError) as conflict:
        REGISTRY.apply(preset("classic"), {"bombs": "any-suit"})
    assert conflict.value.code == "conflict" and conflict.value.reason is not None
    assert conflict.value.reason.code == "bombs_need_decks"


def _check_words(lang: str, message: str) -> None:
    """No Chinese in an English refusal; no English word in a Chinese one."""
    if lang == "en":
        assert not CJK.search(message), message
    else:
        assert CJK.search(message) and not english_words(message), english_words(message)


async def test_a_broken_import_is_refused_in_the_readers_words(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db)
    seen: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for payload in _broken_files():
        with pytest.raises(ServiceError) as err:
            await svc.saved_rules.import_json(1, 1, "broken", payload)
        assert err.value.code == "rules_file_bad"
        for lang in LANGS:
            said = err.value.message(lang)
            _check_words(lang, said)
            seen[lang].add(said)
    # Each file has its own reason (not one generic sentence).
    assert all(len(s) == len(_broken_files()) for s in seen.values()), seen
    with pytest.raises(ServiceError) as err:
        await svc.saved_rules.import_json(1, 1, "broken", _broken_files()[0])
    assert "炸弹至少要 4 副牌" in err.value.message("zh-CN")
    assert "bombs need 4 or more decks" in err.value.message("en")
    assert await svc.saved_rules.list(1) == []  # nothing saved


async def test_a_lobby_setting_refused_by_the_engine_says_why(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db)
    await svc.lifecycle.create_table(guild_id=1, channel_id=5, creator_id=1, creator_name="Ann")
    with pytest.raises(ServiceError) as err:
        await set_rules(svc.core, 5, 1, {"bombs": "any-suit"})
    assert err.value.code == "setting_conflict_reason"
    for lang in LANGS:
        _check_words(lang, err.value.message(lang))
    assert "炸弹至少要 4 副牌" in err.value.message("zh-CN")
    assert "4 or more decks" in err.value.message("en")
    status = await svc.queries.status(5)
    assert status.table.rules.bombs == "off"  # nothing changed


def test_the_console_rules_file_is_refused_in_the_readers_words(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_broken_files()[1], encoding="utf-8")
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", str(path), [])
    zh = err.value.error.message("zh-CN")
    assert "底牌 7 张时剩下 101 张" in zh and not english_words(zh), zh
    assert not CJK.search(err.value.error.message("en"))


def test_a_bad_free_form_value_lists_its_examples_not_english() -> None:
    """must_defend takes free-form ``stop:RANKS``: a bad value offers the values one
    types (``stop:2,a``), never the engine's English ``(e.g. … or …)``."""
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", None, ["must_defend=bogus"])
    for lang in ("zh-CN", "zh-TW"):
        zh = err.value.error.message(lang)
        bare = zh
        for value in REGISTRY.get("must_defend").examples:  # the codes one types
            bare = bare.replace(value, " ")
        assert "defend:5,10,k,a" in zh and not english_words(bare), zh
    assert "stop:2,a" in err.value.error.message("en")
