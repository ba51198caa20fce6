"""House rules on Discord — the real discord.py client in simcord: the creator edits
settings through the lobby's Rules panel (the lobby shows what differs), anyone else
may look but is refused, a saved set is reused by /table new, a broken import is
refused, the match plays under the edited rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.text.catalog import english_words
from rules.presets import preset
from rules.record import parse_record
from tests.support.discord_helpers import (
    World,
    bury,
    custom_ids,
    finish_declaring,
    make_world,
    play_until,
    walk_components,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


def rules_of(w: World) -> Any:
    return w.bot.service.queries.cached_status(w.table_id).table.rules


def selects(message: Any) -> dict[str, dict[str, Any]]:
    return {
        c["custom_id"]: c
        for c in walk_components(message.components)
        if c.get("type") == 3  # string select
    }


async def open_panel(w: World, member_no: int) -> Any:
    lobby = w.lobby_message()
    r = await w.members[member_no].click(lobby, custom_id=f"sj:rules:{w.table_id}")
    assert r.response is not None and r.response.ephemeral, r
    return r.response


async def test_the_creator_edits_settings_through_the_panel_others_only_look(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path) as w:
        alice, bob = w.members[:2]
        await w.slash(alice, "table new")
        assert f"sj:rules:{w.table_id}" in custom_ids(w.lobby_message())
        panel = await open_panel(w, 0)
        found = selects(panel)
        group = f"sj:rulesgroup:{w.table_id}"
        assert group in found
        penalty = f"sj:ruleset:{w.table_id}:follows.1:throw_penalty"
        # The follows group has more settings than fit: throw_penalty is on its page 2.
        panel = (await alice.select(panel, ["follows.1"], custom_id=group)).response
        found = selects(panel)
        assert penalty in found, sorted(found)
        current = [o for o in found[penalty]["options"] if o.get("default")]
        assert [o["value"] for o in current] == ["10"]  # the current value is marked
        assert len(panel.components) <= 5  # Discord: five rows at most
        for s in found.values():
            assert len(s["options"]) <= 25

        r = await alice.select(panel, ["20"], custom_id=penalty)
        assert rules_of(w).throw_penalty == 20
        assert "Failed throw penalty: 20" in w.lobby_message().content  # the lobby says so
        after = r.response or panel
        marked = [o["value"] for o in selects(after)[penalty]["options"] if o.get("default")]
        assert marked == ["20"]

        # Two more settings on other pages: the group select turns the page in place.
        for page, name, value in (
            ("declaring.0", "bid_order", "suit-order"),
            ("scoring.1", "kitty_multiplier", "linear"),
        ):
            turned = await alice.select(panel, [page], custom_id=group)
            assert turned.response is not None  # the panel, redrawn at that page
            panel = turned.response
            shown = selects(panel)
            item = f"sj:ruleset:{w.table_id}:{page}:{name}"
            assert item in shown, sorted(shown)
            await alice.select(panel, [value], custom_id=item)
        panel = (await alice.select(panel, ["follows.1"], custom_id=group)).response
        assert penalty in selects(panel)
        rules = rules_of(w)
        got = (rules.throw_penalty, rules.bid_order, rules.kitty_scheme)
        assert got == (20, "suit-order", "linear")
        lobby = w.lobby_message().content
        assert "Equal declarations: jokers, then ♦ < ♣ < ♥ < ♠" in lobby
        assert "Kitty multiplier: 2 × cards" in lobby

        # bob may open the panel and look, but a change is refused and changes nothing.
        await w.slash(bob, "table join")
        look = await open_panel(w, 1)
        look = (await bob.select(look, ["follows.1"], custom_id=group)).response
        r = await bob.select(look, ["30"], custom_id=penalty)
        assert r.response is not None and r.response.ephemeral
        assert "creator" in r.response.content
        assert rules_of(w).throw_penalty == 20

        # The match plays under the edited rules; they are locked once it starts.
        await w.slash(w.members[2], "table join")
        await w.slash(w.members[3], "table join")
        await w.slash(alice, "table start")
        assert w.match.rules == rules
        # (the lobby's buttons are gone; a panel opened before still answers)
        r = await alice.select(panel, ["30"], custom_id=penalty)
        assert r.response is not None and "locked" in r.response.content
        assert w.match.rules.throw_penalty == 20
        # A whole hand with /declare, /bury and /play; its stored record carries the
        # edited rule set, so a replay plays the same rules.
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        assert w.match.phase == "scored" and w.match.rules == rules
        (hand,) = await w.bot.service.replays.server_hands(w.guild.id)
        replayed = parse_record(hand.record).replay()
        assert replayed.rules == rules and replayed.history[-1] == w.match.history[-1]


async def test_a_saved_set_is_reused_and_a_broken_import_is_refused(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        await w.slash(alice, "table new")
        panel = await open_panel(w, 0)
        group = f"sj:rulesgroup:{w.table_id}"
        field = f"sj:ruleset:{w.table_id}:follows.1:throw_penalty"
        panel = (await alice.select(panel, ["follows.1"], custom_id=group)).response
        await alice.select(panel, ["40"], custom_id=field)
        r = await w.slash(alice, "rules save", name="club")
        assert r.response is not None and "club" in r.response.content
        r = await w.slash(alice, "rules list")
        assert r.response is not None and "club" in r.response.content

        # /table new preset: offers the saved set, and opens a table with it.
        choices = await alice.autocomplete(w.channel, "table new", "preset", "cl")
        assert choices[0]["value"] == "club"
        await w.slash(alice, "table end")
        await w.slash(alice, "table new", preset="club")
        assert rules_of(w).throw_penalty == 40

        # Export gives the JSON file; a broken file is refused and nothing is saved.
        r = await w.slash(alice, "rules export", name="club")
        assert r.response is not None and r.response.attachments
        exported = w.env.backend.cdn.get(r.response.attachments[0].url)
        assert json.loads(exported)["throw_penalty"] == 40
        broken = json.loads(preset("classic").to_json())
        broken["kitty_size"] = 7
        for payload in (b"{oops", json.dumps(broken).encode()):
            r = await w.slash(alice, "rules import", file=("house.json", payload), name="broken")
            assert r.response is not None and r.response.ephemeral
            assert "nothing was saved" in r.response.content
            assert not CJK.search(r.response.content), r.response.content
        assert "a kitty of 7 leaves 101 cards" in r.response.content  # the engine's reason
        # The same refusal to a Chinese reader: the reason too is in Chinese.
        w.hook.locales[alice.id] = "zh-CN"
        unplayable = ("house.json", json.dumps(broken).encode())
        r = await w.slash(alice, "rules import", file=unplayable, name="broken")
        assert r.response is not None and "底牌 7 张时剩下 101 张" in r.response.content
        assert not english_words(r.response.content), r.response.content
        del w.hook.locales[alice.id]
        r = await w.slash(alice, "rules import", file=("house.json", exported), name="copy")
        assert r.response is not None and "copy" in r.response.content
        names = [s.name for s in await w.bot.service.saved_rules.list(w.guild.id)]
        assert names == ["club", "copy"]

        # Deleting needs its creator (or Manage Server); /rules show lists every setting.
        r = await w.slash(w.members[1], "rules delete", name="club")
        assert r.response is not None and "someone else" in r.response.content
        r = await w.slash(alice, "rules show", name="club")
        assert r.response is not None and r.response.embeds
        shown = json.dumps([e.to_dict() for e in r.response.embeds])
        assert "Failed throw penalty" in shown and "40" in shown


async def test_rules_default_needs_manage_server_and_opens_tables(tmp_path: Path) -> None:
    """`/rules default name` (Manage Server): what `/table new` opens without a preset;
    anyone else is refused and the default stays."""
    import discord

    async with make_world(tmp_path) as w:
        alice, bob = w.members[:2]
        await w.slash(alice, "table new")
        panel = await open_panel(w, 0)
        group = f"sj:rulesgroup:{w.table_id}"
        panel = (await alice.select(panel, ["scoring.0"], custom_id=group)).response
        await alice.select(panel, ["0"], custom_id=f"sj:ruleset:{w.table_id}:scoring.0:deadzone")
        assert rules_of(w).deadzone == 0
        await w.slash(alice, "rules save", name="nodz")
        await w.slash(alice, "table end")

        r = await w.slash(bob, "rules default", name="nodz")
        assert r.response is not None and r.response.ephemeral
        assert "Manage Server" in r.response.content, r.response.content
        await w.slash(alice, "table new")
        assert rules_of(w).deadzone == 1  # no default yet: the classic preset
        await w.slash(alice, "table end")

        admins = w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = w.guild.add_member(w.env.create_user("admin"), roles=[admins])
        r = await w.slash(admin, "rules default", name="nodz")
        assert r.response is not None and "nodz" in r.response.content
        await w.slash(alice, "table new")
        assert rules_of(w).deadzone == 0  # the server's default
        await w.slash(alice, "table end")
        await w.slash(alice, "table new", preset="classic")
        assert rules_of(w).deadzone == 1  # a preset named still wins


async def test_a_moderator_may_change_a_tables_rules_as_the_refusal_says(
    tmp_path: Path,
) -> None:
    """The refusal says "the table's creator or a moderator (Manage Channels)": a
    moderator who does not sit at the table changes a setting (and 记牌器); a
    player who is neither is refused with those words."""
    import discord

    async with make_world(tmp_path) as w:
        alice, bob = w.members[:2]
        mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        mod = w.guild.add_member(w.env.create_user("moderator"), roles=[mods])
        await w.slash(alice, "table new")
        await w.slash(bob, "table join")
        group = f"sj:rulesgroup:{w.table_id}"
        penalty = f"sj:ruleset:{w.table_id}:follows.1:throw_penalty"
        lobby = w.lobby_message()
        for member, value in ((bob, "30"), (mod, "40")):
            r = await member.click(lobby, custom_id=f"sj:rules:{w.table_id}")
            assert r.response is not None
            panel = (await member.select(r.response, ["follows.1"], custom_id=group)).response
            assert panel is not None
            r = await member.select(panel, [value], custom_id=penalty)
            if member is bob:
                assert r.response is not None and r.response.ephemeral
                assert "Only the table's creator or a moderator" in r.response.content
        assert rules_of(w).throw_penalty == 40  # the moderator's change, not bob's
        r = await w.slash(bob, "cardmemory", mode="on")
        assert r.response is not None and "Only the table's creator or a moderator" in (
            r.response.content
        )
        r = await w.slash(mod, "cardmemory", mode="on")
        assert w.bot.service.queries.cached_status(w.table_id).options.card_memory is True


async def test_rules_export_is_named_after_the_set(tmp_path: Path) -> None:
    """The table's rules export as the preset's name while unchanged, NAME-custom
    once edited, and as a saved set's name when they are that set."""
    async with make_world(tmp_path) as w:
        alice = w.members[0]

        async def exported(**name: str) -> tuple[str, dict[str, Any]]:
            r = await w.slash(alice, "rules export", **name)
            assert r.response is not None
            (att,) = r.response.attachments
            body = w.env.backend.cdn.get(att.url)
            assert body is not None
            return att.filename, json.loads(body)

        await w.slash(alice, "table new")
        assert (await exported())[0] == "classic.json"
        panel = await open_panel(w, 0)
        group = f"sj:rulesgroup:{w.table_id}"
        panel = (await alice.select(panel, ["follows.1"], custom_id=group)).response
        assert panel is not None
        await alice.select(
            panel, ["40"], custom_id=f"sj:ruleset:{w.table_id}:follows.1:throw_penalty"
        )
        filename, data = await exported()
        assert filename == "classic-custom.json" and data["throw_penalty"] == 40
        await w.slash(alice, "rules save", name="俱乐部")
        assert (await exported())[0] == "俱乐部.json"  # the table's rules are that set now
        assert (await exported(name="俱乐部"))[0] == "俱乐部.json"
        assert (await exported(name="tournament"))[0] == "tournament.json"
        await w.slash(alice, "table end")
        await w.slash(alice, "table new", preset="俱乐部")
        assert (await exported())[0] == "俱乐部.json"
