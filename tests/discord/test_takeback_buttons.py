"""悔牌 / 撤回 as buttons (house rules play_takeback and bid_takeback, house-rules.md
1d and 1b) through the real discord.py client in simcord: the button is on the hand
DM and the play panel while the take-back is allowed, a click takes back, a second
click gets the friendly refusal and changes nothing, the button is gone afterwards,
and there is none when the rule is off."""

from __future__ import annotations

import json
from pathlib import Path

from bot.service.house_rules import set_rules
from rules.notation import format_cards
from tests.support.discord_helpers import (
    World,
    bury,
    custom_ids,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    start_with_button,
)
from tests.support.panel import Panel


async def _playing(w: World, rules: dict[str, str]) -> None:
    await open_table_with_buttons(w)
    if rules:
        await set_rules(w.bot.service.core, w.channel.id, w.members[0].id, rules)
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)


async def _lead_from_panel(w: World) -> tuple[int, Panel, int]:
    """The leader plays the suggested lead from their panel: (seat, panel, cards held
    before the play)."""
    seat = w.match.turn
    assert seat is not None and not w.match.hand.current.plays  # type: ignore[union-attr]
    member = w.member_at(seat)
    r = await w.slash(member, "play")
    panel = Panel.of(w.env, member, r)
    action = w.match.suggest(seat)
    assert action is not None
    held = len(w.match.hand_of(seat))
    await panel.choose(action.cards)
    await panel.click("play")
    assert len(w.match.hand_of(seat)) == held - len(action.cards)
    await w.env.settle()
    return seat, panel, held


def _panel_ids(panel: Panel) -> list[str]:
    return [b["custom_id"].split(":")[-1] for b in panel.buttons()]


async def test_take_back_buttons_on_the_panel_and_the_dm(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await _playing(w, {"play_takeback": "last-player"})
        seat, panel, held = await _lead_from_panel(w)
        member = w.member_at(seat)
        undo = f"sj:undo:{w.table_id}"
        assert "undo" in _panel_ids(panel), _panel_ids(panel)
        assert undo in custom_ids(w.dm_messages(member)[-1])
        # Nobody else is offered a take-back.
        for other in range(4):
            if other != seat:
                assert undo not in custom_ids(w.dm_messages(w.member_at(other))[-1])
        # The panel's button takes back: the cards return, it is the player's turn again.
        await panel.click("undo")
        assert len(w.match.hand_of(seat)) == held and w.match.turn == seat
        assert "You took back" in panel.content, panel.content
        assert "undo" not in _panel_ids(panel)  # nothing left to take back
        await w.env.settle()
        assert undo not in custom_ids(w.dm_messages(member)[-1])  # the DM follows
        assert any("took back" in m.content for m in w.bot_messages())  # the table hears
        # Play again, then two clicks on the DM's button at once: one takes back, the
        # other is told there is nothing to take back, and changes nothing.
        log = len(w.match.hand_log)
        action = w.match.suggest(seat)
        assert action is not None
        await panel.choose(action.cards)
        await panel.click("play")
        await w.env.settle()
        dm = w.dm_messages(member)[-1]
        assert undo in custom_ids(dm)
        first, second = await w.click_twice_at_once(member.user, dm, undo)
        answers = sorted(r.response.content for r in (first, second) if r.response)
        assert len(answers) == 2, (first, second)
        assert any("You took back" in a for a in answers), answers
        assert any("There is no play to take back" in a for a in answers), answers
        assert len(w.match.hand_of(seat)) == held and w.match.turn == seat
        assert len(w.match.hand_log) == log + 2  # played once, taken back once: no more
        await w.env.settle()
        assert undo not in custom_ids(w.dm_messages(member)[-1])


async def test_the_next_card_removes_the_button_and_a_late_click_is_refused(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path) as w:
        await _playing(w, {"play_takeback": "last-player"})
        seat, panel, held = await _lead_from_panel(w)
        nxt = w.match.turn
        assert nxt is not None and nxt != seat
        action = w.match.suggest(nxt)
        assert action is not None
        await w.slash(w.member_at(nxt), "play", cards=format_cards(action.cards, "ascii"))
        await w.env.settle()
        member = w.member_at(seat)
        assert f"sj:undo:{w.table_id}" not in custom_ids(w.dm_messages(member)[-1])
        # The panel drawn before still has the button: the click is refused in words.
        log = len(w.match.hand_log)
        await panel.click("undo")
        assert "Only the last player of this trick" in panel.content, panel.content
        assert "undo" not in _panel_ids(panel)
        assert len(w.match.hand_log) == log and len(w.match.hand_of(seat)) < held


async def test_withdraw_bid_buttons(tmp_path: Path) -> None:
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
        await w.env.settle()
        unbid = f"sj:unbid:{w.table_id}"
        dm = w.dm_messages(member)[-1]
        assert unbid in custom_ids(dm), custom_ids(dm)
        for other in range(4):
            if other != seat:
                assert unbid not in custom_ids(w.dm_messages(w.member_at(other))[-1])
        panel = Panel.of(w.env, member, await w.slash(member, "play"))
        assert "unbid" in _panel_ids(panel), _panel_ids(panel)
        first, second = await w.click_twice_at_once(member.user, dm, unbid)
        answers = sorted(r.response.content for r in (first, second) if r.response)
        assert any("You withdrew" in a for a in answers), answers
        assert any("Only the winning bid" in a for a in answers), answers
        assert w.match.hand.declarations == []
        await w.env.settle()
        assert unbid not in custom_ids(w.dm_messages(member)[-1])
        assert any("withdrew the bid" in x.content for x in w.bot_messages())
        # The panel drawn before: its button now gets the same refusal, in place.
        await panel.click("unbid")
        assert "Only the winning bid" in panel.content and "unbid" not in _panel_ids(panel)
        assert w.match.hand.declarations == []


async def test_no_buttons_when_the_rules_are_off(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        declarer = await finish_declaring(w)
        assert declarer is not None
        await bury(w)
        _, panel, _ = await _lead_from_panel(w)
        assert "undo" not in _panel_ids(panel)
        # Not in any message the bot ever sent or edited (the DMs during the bids too).
        sent = [json.dumps(q.json) for q in w.requests() if q.json]
        assert sent and not any("sj:undo:" in b or "sj:unbid:" in b for b in sent)
        assert any(f"sj:open:{w.table_id}" in b for b in sent)  # buttons were looked at
