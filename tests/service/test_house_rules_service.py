"""House rules at the table and saved per server, through the table service, on
SQLite and PostgreSQL: only the creator edits, only in the lobby, a bad value or an
unplayable combination changes nothing, saved sets open tables and survive a
restart, a broken import is refused."""

from __future__ import annotations

import json

import pytest

from bot.service import ServiceError
from bot.service.house_rules import set_rules
from bot.text.settings_text import house_rule_lines
from rules.presets import preset
from rules.settings import REGISTRY
from storage import Database
from tests.support.service_helpers import new_service

GUILD, CH, CH2 = 7, 100, 101
ANN, BOB = 1, 2


async def _lobby(svc, channel: int = CH, preset_name: str | None = None):  # type: ignore[no-untyped-def]
    return await svc.lifecycle.create_table(
        guild_id=GUILD,
        channel_id=channel,
        creator_id=ANN,
        creator_name="Ann",
        preset_name=preset_name,
    )


async def test_the_creator_edits_the_lobby_rules_and_the_lobby_says_so(db: Database) -> None:
    svc = new_service(db)
    await _lobby(svc)
    rules = await set_rules(svc.core, CH, ANN, {"throw_penalty": "20"})
    assert rules.throw_penalty == 20
    status = await svc.queries.status(CH)
    assert status.table.rules.throw_penalty == 20  # stored with the table
    assert house_rule_lines("en", status.table.rules) == ["Failed throw penalty: 20"]
    assert house_rule_lines("zh-CN", status.table.rules) == ["甩牌失败罚分：20"]
    # A restarted service reads the same rules back.
    again = new_service(db)
    await again.start()
    assert (await again.queries.status(CH)).table.rules.throw_penalty == 20


async def test_others_bad_values_and_a_started_match_change_nothing(db: Database) -> None:
    svc = new_service(db)
    await _lobby(svc)
    await svc.lifecycle.join(CH, BOB, "Bob")
    before = (await svc.queries.status(CH)).table
    for who, changes, code in (
        (BOB, {"throw_penalty": "20"}, "not_creator"),
        (ANN, {"throw_penalty": "lots"}, "setting_bad_value"),
        (ANN, {"throw_penalty": "999"}, "setting_bad_value"),
        (ANN, {"no_such_rule": "1"}, "setting_unknown"),
    ):
        with pytest.raises(ServiceError) as err:
            await set_rules(svc.core, CH, who, changes)
        assert err.value.code == code
        message = err.value.message("zh-CN")
        assert "{" not in message and "setting" not in message, message
    after = (await svc.queries.status(CH)).table
    assert after.rules == before.rules and after.version == before.version
    # The refusal names the setting in the reader's language.
    with pytest.raises(ServiceError) as err:
        await set_rules(svc.core, CH, ANN, {"throw_penalty": "lots"})
    assert "甩牌失败罚分" in err.value.message("zh-CN")
    await svc.lifecycle.add_ai(CH, ANN)
    await svc.lifecycle.add_ai(CH, ANN)
    await svc.lifecycle.start_game(CH, ANN)
    with pytest.raises(ServiceError) as err:
        await set_rules(svc.core, CH, ANN, {"throw_penalty": "30"})
    assert err.value.code == "rules_locked"


async def test_a_saved_set_opens_a_table_and_is_the_default(db: Database) -> None:
    svc = new_service(db)
    await _lobby(svc)
    await set_rules(svc.core, CH, ANN, {"throw_penalty": "30"})
    table_rules = (await svc.queries.status(CH)).table.rules
    saved = await svc.saved_rules.save(GUILD, ANN, "ourrules", table_rules)
    assert saved.rules.throw_penalty == 30
    assert [s.name for s in await svc.saved_rules.list(GUILD)] == ["ourrules"]
    st = await _lobby(svc, CH2, preset_name="ourrules")
    assert st.table.rules == saved.rules
    # Somebody else may not overwrite it, nor delete it without Manage Server.
    with pytest.raises(ServiceError) as err:
        await svc.saved_rules.save(GUILD, BOB, "ourrules", table_rules)
    assert err.value.code == "rules_not_yours"
    with pytest.raises(ServiceError) as err:
        await svc.saved_rules.delete(GUILD, BOB, "ourrules", can_manage=False)
    assert err.value.code == "rules_not_yours"
    # The server's default: Manage Server only; /table new without a preset uses it.
    with pytest.raises(ServiceError) as err:
        await svc.saved_rules.set_default(GUILD, "ourrules", can_manage=False)
    assert err.value.code == "needs_manage_server"
    await svc.saved_rules.set_default(GUILD, "ourrules", can_manage=True)
    await svc.lifecycle.end_table(CH2, ANN, False)
    st = await _lobby(svc, CH2)
    assert st.table.rules.throw_penalty == 30
    # Names: no built-in preset names, no spaces.
    for bad, code in (
        ("classic", "rules_name_builtin"),
        ("two words", "rules_bad_name"),
        ("x" * 40, "rules_bad_name"),
    ):
        with pytest.raises(ServiceError) as err:
            await svc.saved_rules.save(GUILD, ANN, bad, table_rules)
        assert err.value.code == code
    # Deleting the default set puts the server back on the built-in default.
    await svc.saved_rules.delete(GUILD, BOB, "ourrules", can_manage=True)
    assert await svc.saved_rules.list(GUILD) == []
    assert await svc.saved_rules.default(GUILD) is None


async def test_import_validates_and_a_broken_file_saves_nothing(db: Database) -> None:
    svc = new_service(db)
    good = REGISTRY.apply(preset("classic"), {"throw_penalty": "40"})
    saved = await svc.saved_rules.import_json(GUILD, ANN, "imported", good.to_json())
    assert saved.rules == good
    unplayable = json.loads(preset("classic").to_json())
    unplayable["kitty_size"] = 7  # 101 cards do not divide among four
    for payload in (
        b"{not json",
        b"\xff\xfe",
        json.dumps(["a list"]).encode(),
        json.dumps({"name": "x", "bogus_field": 1}).encode(),
        json.dumps(unplayable).encode(),
        b" " * (70 * 1024),
    ):
        with pytest.raises(ServiceError) as err:
            await svc.saved_rules.import_json(GUILD, ANN, "broken", payload)
        assert err.value.code == "rules_file_bad"
    assert [s.name for s in await svc.saved_rules.list(GUILD)] == ["imported"]
