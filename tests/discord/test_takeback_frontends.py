"""悔牌 (house rule play_takeback, house-rules.md 1d) on Discord — the real
discord.py client in simcord: /takeback — and in the console: 悔牌 / undo."""

from __future__ import annotations

from pathlib import Path

from bot.service.house_rules import set_rules
from tests.support.discord_helpers import (
    bury,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    play_one,
    start_with_button,
)


async def test_takeback_slash_command(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await set_rules(
            w.bot.service.core, w.channel.id, w.members[0].id, {"play_takeback": "last-player"}
        )
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        seat = w.match.turn
        assert seat is not None
        held = len(w.match.hand_of(seat))
        await play_one(w)
        other = await w.slash(w.member_at((seat + 1) % 4), "takeback")
        assert other.response is not None and other.response.ephemeral
        assert "Only the last player" in other.response.content
        r = await w.slash(w.member_at(seat), "takeback")
        assert r.response is not None and r.response.ephemeral, r
        assert "You took back" in r.response.content
        assert w.match.turn == seat and len(w.match.hand_of(seat)) == held
        await w.env.settle()
        assert any("took back" in x.content for x in w.bot_messages()), [
            x.content for x in w.bot_messages()
        ]


async def test_console_undo_takes_back_and_help_lists_it(sqlite_db) -> None:  # type: ignore[no-untyped-def]
    from rules.presets import preset
    from rules.settings import REGISTRY
    from tests.support.console_helpers import console_table, to_my_turn

    rules = REGISTRY.apply(preset("one-deck"), {"play_takeback": "last-player"})
    table, buf = await console_table(sqlite_db, "zh-CN", "tb", rules=rules)
    svc = table.service
    await to_my_turn(table)
    await table.handle("帮助", "play")
    for _ in range(12):  # take back a play that does not end the trick: wait for a lead
        live = svc.queries.match_of(table.table_id or 0)
        assert live is not None and live.hand.current is not None
        if len(live.hand.current.plays) < 3:
            break
        await table.handle("go", "play")  # one suggested move (托管 plays on)
        await to_my_turn(table)
    assert "悔牌（或 悔）" in buf.getvalue()
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None
    held = len(match.hand_of(0))
    await table.handle("go", "play")  # one suggested move (托管 plays on)
    await table.handle("悔牌", "play")
    await table.pump()
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None and len(match.hand_of(0)) == held, buf.getvalue()[-3000:]
    assert "悔牌，收回" in buf.getvalue()
    await table.handle("undo", "play")  # nothing left to take back: one translated refusal
    assert "没有可悔的牌" in buf.getvalue()


async def test_unbid_slash_command_withdraws_the_winning_bid(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await set_rules(w.bot.service.core, w.channel.id, w.members[0].id, {"bid_takeback": "on"})
        await start_with_button(w)
        for seat in range(4):
            member = w.member_at(seat)
            choices = await member.autocomplete(w.channel, "declare", "cards", "")
            if choices:
                await w.slash(member, "declare", cards=choices[0]["value"])
                break
        else:
            raise AssertionError("nobody can declare")
        other = await w.slash(w.member_at((seat + 1) % 4), "unbid")
        assert other.response is not None and other.response.ephemeral
        assert "Only the winning bid" in other.response.content
        r = await w.slash(member, "unbid")
        assert r.response is not None and r.response.ephemeral, r
        assert "You withdrew" in r.response.content
        assert w.match.hand.declarations == []
        await w.env.settle()
        assert any("withdrew the bid" in x.content for x in w.bot_messages())


async def test_console_unbid_withdraws_and_help_lists_it(sqlite_db) -> None:  # type: ignore[no-untyped-def]
    from rules.notation import format_cards
    from rules.presets import preset
    from rules.settings import REGISTRY
    from tests.support.console_helpers import console_table

    rules = REGISTRY.apply(preset("one-deck"), {"bid_takeback": "on"})
    table, buf = await console_table(sqlite_db, "zh-CN", "ub", rules=rules)
    svc = table.service
    for _ in range(200):
        asked = await table.pump()
        options = table._declaration_options()
        if asked in ("declare", "declare_or_pass") and options:
            break
        await table.handle("", asked)
    else:
        raise AssertionError("never a declaration to make")
    await table.handle("帮助", asked)
    assert "撤回" in buf.getvalue()
    await table.handle("亮 " + format_cards(options[0].cards, "ascii"), asked)
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None and match.hand.declarations[-1].seat == 0
    await table.handle("撤回", asked)
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None and not any(d.seat == 0 for d in match.hand.declarations)
    assert "撤回亮主" in buf.getvalue()
