"""炒地皮 (house rule kitty_theft) on Discord — the real discord.py client in
simcord: after the dealer's bury, the player whose turn it is to steal gets the
declare buttons and a Pass button on their hand DM (and in the panel); a real
steal changes trump and makes the thief bury (the old dealer's /bury is refused);
the table message shows whose turn it is to steal; the channel is told of the steal
and, once everyone passed, that play begins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service.house_rules import set_rules
from tests.support.discord_helpers import (
    LeakWatch,
    World,
    custom_ids,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    start_with_button,
)


def _steal_buttons(w: World, seat: int) -> tuple[Any, list[str], list[str]]:
    """The seat's hand DM, its declare buttons and its Pass button."""
    dm = w.dm_messages(w.member_at(seat))[-1]
    ids = custom_ids(dm)
    return (
        dm,
        [c for c in ids if c.startswith("sj:decl:")],
        [c for c in ids if c.startswith("sj:spass:")],
    )


async def _bury_with_slash(w: World, seat: int) -> None:
    member = w.member_at(seat)
    choices = await member.autocomplete(w.channel, "bury", "cards", "")
    assert len(choices) == 1, choices  # the suggested bury, offered to the burier alone
    r = await w.slash(member, "bury", cards=choices[0]["value"])
    assert r.response is not None and r.response.ephemeral, r
    await w.env.settle()


async def test_a_steal_from_the_dm_buttons_and_a_rebury(tmp_path: Path) -> None:
    async with make_world(tmp_path, seed="discord-theft-3") as w:
        leaks = LeakWatch(w)  # no public message names a buried or held card
        await open_table_with_buttons(w)
        await set_rules(w.bot.service.core, w.channel.id, w.members[0].id, {"kitty_theft": "on"})
        await start_with_button(w)
        await finish_declaring(w)
        dealer = w.match.dealer
        assert dealer is not None and w.match.phase == "burying"
        await _bury_with_slash(w, dealer)
        assert w.match.phase == "stealing"

        stolen = 0
        for _ in range(12):
            m = w.match
            if m.phase != "stealing":
                break
            seat = m.steal_turn
            assert seat is not None
            shown = w.table_messages()[-1].embeds[0].description or ""
            assert "may steal the kitty" in shown, shown  # the table message says whose turn
            others = [s for s in range(4) if s != seat]
            for other in others:  # only the seat to act has steal controls
                assert not _steal_buttons(w, other)[2]
            dm, declares, passes = _steal_buttons(w, seat)
            assert len(passes) == 1, custom_ids(dm)
            assert "Your turn to steal the kitty" in dm.content
            leaks.check()
            trump_before = m.hand.trump_suit
            member = w.member_at(seat)
            if declares and not stolen:
                r = await member.user.click(dm, custom_id=declares[-1])
                assert r.response is not None and r.response.ephemeral, r
                await w.env.settle()
                m = w.match
                assert (m.phase, m.burier, m.dealer) == ("burying", seat, dealer)
                stolen += 1
                assert m.hand.trump_suit != trump_before or len(m.hand.declarations) > 1
                # The thief's DM shows the kitty they took; the dealer may not bury.
                assert "You took the kitty" in w.dm_messages(member)[-1].content
                refused = await w.slash(w.member_at(dealer), "bury", cards="S2")
                assert refused.response is not None and refused.response.ephemeral
                assert "Only the player who took the kitty" in refused.response.content
                assert w.match.burier == seat and w.match.phase == "burying"
                await _bury_with_slash(w, seat)
                assert w.match.phase in ("stealing", "playing")
            else:
                r = await member.user.click(dm, custom_id=passes[0])
                assert r.response is not None and r.response.ephemeral, r
                assert "You let the kitty stand" in r.response.content
                await w.env.settle()
        assert stolen == 1, "the seed gives a real steal"
        leaks.check()
        assert leaks.checked and not leaks.leaks, leaks.leaks
        m = w.match
        assert m.phase == "playing" and m.turn == dealer and m.dealer == dealer
        lines = "\n".join(x.content for x in w.bot_messages())
        assert "steals the kitty with" in lines and "buries again" in lines, lines[-1500:]
        assert "Nobody steals the kitty: play begins." in lines
        # Nobody's DM keeps a stale Pass button once play has begun.
        for s in range(4):
            assert not _steal_buttons(w, s)[2]


async def test_the_panel_offers_the_steals_a_pass_and_the_thief_s_bury(tmp_path: Path) -> None:
    async with make_world(tmp_path, seed="discord-theft-3") as w:
        await open_table_with_buttons(w)
        await set_rules(w.bot.service.core, w.channel.id, w.members[0].id, {"kitty_theft": "on"})
        await start_with_button(w)
        await finish_declaring(w)
        dealer = w.match.dealer
        assert dealer is not None
        await _bury_with_slash(w, dealer)
        thief = None
        for _ in range(4):
            m = w.match
            seat = m.steal_turn
            assert m.phase == "stealing" and seat is not None
            member = w.member_at(seat)
            table = w.table_messages()[-1]
            r = await member.click(table, custom_id=f"sj:open:{w.table_id}")
            assert r.response is not None and r.response.ephemeral
            ids = custom_ids(r.response)
            steals = [c for c in ids if c.startswith("sj:pd:")]
            assert len(steals) == len(m.declaration_options(seat))
            (pass_id,) = [c for c in ids if c.startswith("sj:pb:") and c.endswith(":pass")]
            if steals:
                await member.click(r.response, custom_id=steals[0])
                await w.env.settle()
                thief = seat
                break
            await member.click(r.response, custom_id=pass_id)
            await w.env.settle()
            assert w.match.steal_turn != seat
        assert thief is not None, "the seed gives a real steal"
        m = w.match
        assert (m.phase, m.burier, m.dealer) == ("burying", thief, dealer)
        # The thief's panel is the burying panel the dealer gets.
        member = w.member_at(thief)
        r = await member.click(w.table_messages()[-1], custom_id=f"sj:open:{w.table_id}")
        assert r.response is not None
        ids = custom_ids(r.response)
        assert any(c.endswith(":bury") for c in ids) and any(c.endswith(":sbury") for c in ids)
        assert "you took the kitty: bury" in r.response.content
        r2 = await member.click(r.response, custom_id=next(c for c in ids if c.endswith(":sbury")))
        panel = r2.response or r.response
        bury_id = next(c for c in custom_ids(panel) if c.endswith(":bury"))
        await member.click(panel, custom_id=bury_id)
        await w.env.settle()
        assert w.match.phase in ("stealing", "playing") and w.match.burier == thief
