"""The click-to-play panel through the real discord.py client in simcord: open it
(/play with no cards, the table message's Play button, the hand DM's), select cards
and play, a refused selection, the dealer's bury, a declaration, a stale panel,
/auto on and off, and the card memory."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from pathlib import Path

from rules.actions import Action
from rules.cards import Card
from rules.notation import format_cards
from tests.support.discord_helpers import (
    FAST_OPTIONS,
    World,
    bury,
    custom_ids,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    start_with_button,
)
from tests.support.panel import Panel


async def playing_world(w: World) -> None:
    await open_table_with_buttons(w)
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)


async def open_panel(w: World, seat: int) -> Panel:
    member = w.member_at(seat)
    r = await w.slash(member, "play")
    assert r.response is not None and r.response.ephemeral, r
    return Panel.of(w.env, member, r)


async def panel_at_turn(w: World) -> tuple[int, Panel, Action]:
    """A table in play: the panel of the seat to play, and that seat's suggested play."""
    await playing_world(w)
    seat = w.match.turn
    assert seat is not None
    panel = await open_panel(w, seat)
    action = w.match.suggest(seat)
    assert action is not None
    return seat, panel, action


async def test_select_cards_and_play(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        seat, panel, action = await panel_at_turn(w)
        m = w.match
        assert sorted(panel.hand()) == sorted(m.hand_of(seat))
        await panel.choose(action.cards)
        assert sorted(panel.selected()) == sorted(action.cards)
        assert "legal" in panel.content, panel.content
        before = len(m.hand_of(seat))
        r = await panel.click("play")
        assert len(w.match.hand_of(seat)) == before - len(action.cards)
        assert w.match.turn != seat
        # The public announcement is a followup to the click, the panel shows the new hand.
        public = [f for f in r.followups if not f.ephemeral]
        assert public and format_cards(action.cards) in public[0].content
        assert "You played" in panel.content
        assert sorted(panel.hand()) == sorted(w.match.hand_of(seat))


async def test_a_click_delivered_twice_at_once_acts_once(tmp_path: Path) -> None:
    """Discord may deliver a component interaction twice with the same token: the
    copy gets no answer (it would take the original's answer slot) and changes
    nothing — for a selection as for Play selected."""
    async with make_world(tmp_path) as w:
        seat, panel, action = await panel_at_turn(w)
        backend = w.env.backend
        original = backend.emit

        def twice(event: str, payload: object) -> None:
            original(event, payload)
            if event == "INTERACTION_CREATE":
                original(event, copy.deepcopy(payload))

        backend.emit = twice  # type: ignore[method-assign]
        try:
            mark = w.mark()
            await panel.choose(action.cards)
            before = len(w.match.hand_of(seat))
            log = len(w.match.hand_log)
            await panel.click("play")
        finally:
            del backend.emit
        # One answer per interaction: the copies were not answered.
        answered = Counter(
            r.path.split("/")[2] for r in w.requests(mark) if r.path.startswith("/interactions/")
        )
        assert answered and set(answered.values()) == {1}, answered
        assert len(w.match.hand_log) == log + 1  # played once
        assert len(w.match.hand_of(seat)) == before - len(action.cards)
        assert "You played" in panel.content


async def test_a_refused_selection_says_why_and_changes_nothing(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing_world(w)
        m = w.match
        seat = m.turn
        assert seat is not None and not m.hand.current.plays  # the dealer leads
        hand = m.hand_of(seat)
        ctx = m.context
        mixed = [hand[0], next(c for c in hand if ctx.suit_of[c] != ctx.suit_of[hand[0]])]
        panel = await open_panel(w, seat)
        await panel.choose(mixed)
        assert "one suit" in panel.content, panel.content  # the preview already says so
        log = len(m.hand_log)
        r = await panel.click("play")
        assert "Not sent" in panel.content and "one suit" in panel.content, panel.content
        assert sorted(panel.selected()) == sorted(mixed)  # the selection stays to fix it
        assert len(w.match.hand_log) == log and w.match.turn == seat
        assert not [f for f in r.followups if not f.ephemeral]  # nothing public


async def test_a_follow_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    """Play on with commands until a follower holds a pair of a led pair's suit, then
    offer two unpaired cards of that suit from the panel."""
    from rules.cards import counts_of
    from rules.options import play_options
    from rules.preview import preview_play

    async with make_world(tmp_path) as w:
        await playing_world(w)
        found = None
        for _ in range(200):
            m = w.match
            if m.phase != "playing":
                break
            seat = m.turn
            assert seat is not None
            view = m.view_for(seat)
            lead = m.current_lead()
            if lead is not None and lead.shapes == ((2, 1),):
                ctx = m.context
                suit_cards = [c for c in m.hand_of(seat) if ctx.suit_of[c] == lead.suit]
                singles = sorted(set(suit_cards), key=lambda c: counts_of(suit_cards)[c])
                has_pair = any(n >= 2 for n in counts_of(suit_cards))
                if has_pair and len(set(suit_cards)) >= 2:
                    pick = singles[:2]
                    if preview_play(view, pick).code == "must_match_shape":
                        found = (seat, pick)
                        break
            action = m.suggest(seat)
            assert action is not None
            cards = action.cards
            if lead is None:  # lead a pair when there is one, so followers must match it
                pairs = [o for o in play_options(view, 25) if o.kind == "pair"]
                cards = pairs[0].cards if pairs else cards
            r = await w.slash(w.member_at(seat), "play", cards=format_cards(cards, "ascii"))
            assert r.response is not None
        assert found is not None, "no pair lead to follow wrongly in this deal"
        seat, pick = found
        panel = await open_panel(w, seat)
        await panel.choose(pick)
        log = len(w.match.hand_log)
        await panel.click("play")
        assert "Not sent" in panel.content and "pair" in panel.content, panel.content
        assert len(w.match.hand_log) == log and w.match.turn == seat


async def test_the_dealer_buries_through_the_panel(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        m = w.match
        assert m.phase == "burying"
        dealer = m.dealer
        assert dealer is not None
        panel = await open_panel(w, dealer)
        assert len(panel.hand()) == 33  # hand + kitty, in two selects
        assert len(panel.selects()) == 2 or len(panel.selects()) == 3
        await panel.choose(panel.hand()[:3])
        await panel.click("bury")
        assert "Not sent" in panel.content and "8" in panel.content
        assert w.match.phase == "burying"
        await panel.click("sbury")  # the suggested bury: 8 cards selected
        assert len(panel.selected()) == 8 and "ready" in panel.content, panel.content
        chosen = panel.selected()
        await panel.click("bury")
        assert w.match.phase == "playing"
        assert sorted(w.match.hand.buried) == sorted(chosen)
        assert "You buried" in panel.content
        # The other players never saw the bury: the panel was ephemeral.
        assert panel.message.ephemeral


async def test_a_declaration_through_the_panel_makes_other_panels_stale(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        m = w.match
        assert m.phase == "declaring"
        seat = next(s for s in range(4) if m.declaration_options(s))
        other = (seat + 1) % 4
        other_panel = await open_panel(w, other)
        panel = await open_panel(w, seat)
        decl = [c for c in custom_ids(panel.message) if c.startswith("sj:pd:")]
        assert decl, panel.content
        r = await w.member_at(seat).click(panel.message, custom_id=decl[0])
        assert w.match.hand.declarations and w.match.hand.declarations[-1].seat == seat
        assert "You declared" in panel.content
        public = [f for f in r.followups if not f.ephemeral]
        assert public and "declares" in public[0].content
        # The other player's panel was drawn before: its Pass is refused as stale.
        passes = set(w.match.hand.passes)
        await other_panel.click("pass")
        assert "out of date" in other_panel.content, other_panel.content
        assert set(w.match.hand.passes) == passes
        await other_panel.click("pass")  # the redrawn panel works
        assert other in w.match.hand.passes


async def test_a_stale_panel_is_refused_clearly(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        seat, panel, action = await panel_at_turn(w)
        await panel.choose(action.cards)
        # The player plays by command instead; the panel's hand is now out of date.
        r = await w.slash(w.member_at(seat), "play", cards=format_cards(action.cards, "ascii"))
        assert r.response is not None and not r.response.ephemeral
        log = len(w.match.hand_log)
        hand = sorted(w.match.hand_of(seat))
        await panel.click("play")
        assert "out of date" in panel.content and "nothing was done" in panel.content
        assert len(w.match.hand_log) == log and sorted(w.match.hand_of(seat)) == hand
        assert sorted(panel.hand()) == hand and not panel.selected()  # redrawn, current


async def test_play_buttons_on_the_table_message_and_the_dm(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing_world(w)
        m = w.match
        seat = m.turn
        assert seat is not None
        member = w.member_at(seat)
        table = w.table_messages()[-1]
        r = await member.click(table, custom_id=f"sj:open:{w.table_id}")
        assert r.response is not None and r.response.ephemeral
        assert sorted(Panel.of(w.env, member, r).hand()) == sorted(m.hand_of(seat))
        # From the DM: the panel opens in the DM, and a play from there reaches the table.
        dm = w.dm_messages(member)[-1]
        r = await member.user.click(dm, custom_id=f"sj:open:{w.table_id}")
        panel = Panel.of(w.env, member.user, r)
        assert panel.channel_id == w.dm_channel(member).id
        action = m.suggest(seat)
        assert action is not None
        await panel.choose(action.cards)
        mark = w.mark()
        await panel.click("play")
        assert w.match.turn != seat
        edits = [
            q
            for q in w.requests(mark)
            if q.method == "PATCH" and q.path.startswith(f"/channels/{w.channel.id}/messages/")
        ]
        assert edits, "the table message shows a play made from the DM"
        desc = edits[-1].json["embeds"][0]["description"]
        assert format_cards(action.cards) in desc


async def test_auto_on_then_off(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing_world(w)
        m = w.match
        seat = m.turn
        assert seat is not None
        member = w.member_at(seat)
        log = len(m.hand_log)
        r = await w.slash(member, "auto", mode="on")
        assert r.response is not None and not r.response.ephemeral and "AI" in r.response.content
        assert len(w.match.hand_log) == log + 1 and w.match.turn != seat  # the AI played
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.table.seats[seat].is_ai and status.table.seats[seat].user_id == member.id
        desc = w.table_messages()[-1].embeds[0].description or ""
        assert f"({member.name}, 🤖 auto)" in desc, desc  # the table shows who is on auto
        r = await w.slash(member, "auto", mode="on")
        assert r.response is not None and r.response.ephemeral and "already" in r.response.content
        # Durable: a restarted bot still plays the seat for the player.
        await w.restart()
        status = w.bot.service.queries.cached_status(
            w.table_id
        ) or await w.bot.service.queries.status_for_table(w.table_id)
        assert status.table.seats[seat].is_ai
        r = await w.slash(member, "auto", mode="off")
        assert r.response is not None and "back" in r.response.content
        status = w.bot.service.queries.cached_status(w.table_id)
        assert not status.table.seats[seat].is_ai and status.table.seats[seat].user_id == member.id
        # Their turn comes back to them: the AI no longer plays it.
        for _ in range(8):
            if w.match.turn == seat:
                break
            s = w.match.turn
            action = w.match.suggest(s)
            await w.slash(w.member_at(s), "play", cards=format_cards(action.cards, "ascii"))
        assert w.match.turn == seat


async def test_auto_changes_the_seat_and_its_timer_in_one_write(tmp_path: Path) -> None:
    """A crash between the seat change and its new timer must not be possible: /auto
    stores both in one versioned write of the table."""
    async with make_world(tmp_path, options=replace(FAST_OPTIONS, turn_seconds=60)) as w:
        await playing_world(w)
        seat = w.match.turn
        member = w.member_at(seat)
        store = w.bot.service.core.store
        writes: list[dict[str, object]] = []
        original = store.update_table

        async def counting(table_id: int, version: int, **kwargs: object) -> object:
            writes.append(kwargs)
            return await original(table_id, version, **kwargs)

        store.update_table = counting
        try:
            r = await w.slash(member, "auto", mode="off")  # refused: changes nothing
            assert r.response is not None and r.response.ephemeral and not writes
            await w.slash(member, "auto", mode="on")
            assert len(writes) == 1, writes
            assert writes[0]["seats"] and writes[0]["deadline"][0] == "ai"  # type: ignore[index]
            writes.clear()
            # Back off auto while the turn is elsewhere: the seat and the (human) timer.
            await w.slash(member, "auto", mode="off")
            assert len(writes) == 1, writes
            assert writes[0]["seats"] and "deadline" in writes[0]
        finally:
            store.update_table = original


async def test_card_memory_shows_points_out(tmp_path: Path) -> None:
    from rules.memory import card_memory

    async with make_world(tmp_path) as w:
        await playing_world(w)
        for _ in range(6):  # a trick and a half
            m = w.match
            s = m.turn
            action = m.suggest(s)
            await w.slash(w.member_at(s), "play", cards=format_cards(action.cards, "ascii"))
        seat = w.match.turn
        panel = await open_panel(w, seat)
        r = await panel.click("mem")
        assert r.response is not None and r.response.ephemeral
        mem = card_memory(w.match.view_for(seat))
        body = r.response.content
        assert f"Points still out: {mem.points_out} of 200" in body, body
        assert "♠:" in body and "Voids shown" in body
        last = await panel.click("last")
        assert last.response is not None and last.response.ephemeral
        assert "Last trick" in last.response.content
        mine = await panel.click("hand")
        assert mine.response is not None and mine.response.ephemeral
        assert "Your hand" in mine.response.content


async def test_no_card_memory_where_the_rules_forbid_it(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        r = await w.slash(w.members[0], "table new", preset="tournament")
        assert r.response is not None
        lobby = w.lobby_message()
        for seat, member in zip((1, 2, 3), w.members[1:4], strict=True):
            await member.click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
            lobby = w.lobby_message()
        await start_with_button(w)
        await finish_declaring(w)
        if w.match.phase == "burying":
            await bury(w)
        panel = await open_panel(w, w.match.turn)
        assert not [b for b in panel.buttons() if b["custom_id"].endswith(":mem")]
        assert panel.button_id("last")


async def test_card_emojis_in_the_panel_when_the_bot_has_them(tmp_path: Path) -> None:
    async with make_world(tmp_path, emojis=True) as w:  # synced at start, as in production
        ids = w.bot.card_emojis.ids
        assert len(ids) == 54
        await playing_world(w)
        seat = w.match.turn
        panel = await open_panel(w, seat)
        options = [o for s in panel.selects() for o in s["options"]]
        assert options and all(
            int(o["emoji"]["id"]) == ids[Card(int(o["value"].split(".")[0]))] for o in options
        )
        # The text stays beside the emoji: each option's label is its card.
        assert all(
            o["label"] == format_cards([Card(int(o["value"].split(".")[0]))]) for o in options
        )


async def test_the_creator_turns_card_memory_off_and_back(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing_world(w)
        r = await w.slash(w.members[1], "cardmemory", mode="off")
        assert r.response is not None and r.response.ephemeral  # only the creator
        r = await w.slash(w.members[0], "cardmemory", mode="off")
        assert r.response is not None and "off" in r.response.content
        await w.restart()  # stored with the table
        panel = await open_panel(w, w.match.turn)
        assert not [b for b in panel.buttons() if b["custom_id"].endswith(":mem")]
        r = await w.slash(w.members[0], "cardmemory", mode="rules")
        assert r.response is not None and "on" in r.response.content
        panel = await open_panel(w, w.match.turn)
        assert panel.button_id("mem")
