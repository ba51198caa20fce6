"""复盘 on Discord, in the simulator with the real bot: /replay steps through a
finished hand (▶ and the select edit the same message with a new picture and
trick counter; only the asker may step; the controls are disabled after the
timeout), private by default and public with public:true; /record answers with
the record (which reads back to the stored one) and the HTML page; /history and
the autocomplete list the hand; nothing exists for a hand still in play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.replay_view import CUSTOM
from bot.text.i18n import text
from rules.record import parse_record, write_record
from tests.support.discord_helpers import (
    CARD_SYMBOL_RE,
    World,
    bury,
    custom_ids,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    play_until,
    start_with_button,
    walk_components,
)

STEPS = ("first", "prev", "next", "last")


async def play_first_hand(w: World) -> str:
    """Four people play hand 1 to its end; returns its record as the match wrote it."""
    await open_table_with_buttons(w)
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)
    await play_until(w, lambda _m: False)
    assert w.match.phase == "scored"
    return write_record(w.match)


def step_id(message: Any, what: str) -> str:
    """The custom id of a replay control (first, prev, next, last, pick): it carries
    the hand, the owner, the position and the language (persistent controls)."""
    (found,) = [c for c in custom_ids(message) if c.split(":")[:3] == ["sj", "rp", what]]
    return found


def components(message: Any) -> dict[str, dict[str, Any]]:
    """The message's controls by what they do (first, prev, next, last, pick)."""
    return {
        c["custom_id"].split(":")[2]: c
        for c in walk_components(message.components)
        if c.get("custom_id", "").startswith(CUSTOM)
    }


def picture_of(message: Any) -> tuple[str, int]:
    (att,) = message.attachments
    return att.filename, att.size


async def test_no_replay_record_or_history_while_the_first_hand_is_played(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda m: len(m.hand.tricks) >= 3)
        mark = w.mark()
        alice = w.members[0]
        for command, options in (("replay", {}), ("replay", {"public": True}), ("record", {})):
            r = await w.slash(alice, command, **options)
            assert r.response is not None and r.response.ephemeral
            assert r.response.content == text("en", "replay_none")
            assert not r.response.attachments
        r = await w.slash(alice, "history")
        assert r.response.ephemeral and r.response.content == text("en", "replay_none")
        assert await alice.autocomplete(w.channel, "replay", "hand", "") == []
        w.hook.locales[alice.id] = "zh-CN"
        r = await w.slash(alice, "replay")
        assert r.response.content == text("zh-CN", "replay_none")
        # Nothing the bot sent for these commands names a card or carries a file.
        for req in w.requests(mark):
            if "/interactions/" in req.path or "/webhooks/" in req.path:
                assert not CARD_SYMBOL_RE.search(str(req.json)), req
                body = req.json if isinstance(req.json, dict) else {}
                assert not (body.get("data") or body).get("attachments"), req


async def test_replay_steps_with_buttons_and_select_privately(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        bob = w.members[1]
        r = await w.slash(bob, "replay")
        msg = r.response
        assert msg is not None and msg.ephemeral  # private by default
        assert picture_of(msg)[0] == "replay.png"
        assert "After the bury" in msg.content and "North (alice)" in msg.content
        ids = custom_ids(msg)
        assert [i.split(":")[2] for i in ids] == [*STEPS, "pick"]
        (stored,) = await w.bot.service.replays.history(w.guild.id, w.channel.id, bob.id)
        assert ids[2] == f"{CUSTOM}next:{stored.hand_id}:{bob.id}:0:en-US"
        comps = components(msg)
        assert comps["first"].get("disabled") and comps["prev"].get("disabled")
        assert not comps["next"].get("disabled")
        tricks = len(w.match.hand.tricks)
        options = comps["pick"]["options"]
        if tricks + 1 <= 25:  # every position listed
            assert [o["value"] for o in options] == [str(p) for p in range(tricks + 1)]
        else:  # the page holding the current one, then one entry per other page
            assert len(options) <= 25
            assert [o["value"] for o in options[:20]] == [str(p) for p in range(20)]
            assert options[20]["label"].startswith("Tricks 20–") and options[20]["value"] == "20"
        first_picture = picture_of(msg)

        # ▶: the same message, now at trick 1, with another picture.
        r2 = await bob.click(msg, custom_id=step_id(msg, "next"))
        assert r2.response is not None and r2.response.id == msg.id
        assert f"Trick 1/{tricks}:" in r2.response.content
        winner = w.match.hand.tricks[0].winner
        assert f"{['North', 'East', 'South', 'West'][winner]} (" in r2.response.content
        assert picture_of(r2.response) != first_picture
        # The select jumps to trick 5.
        r3 = await bob.select(r2.response, ["5"], custom_id=step_id(r2.response, "pick"))
        assert f"Trick 5/{tricks}:" in r3.response.content
        picked = [o for o in components(r3.response)["pick"]["options"] if o.get("default")]
        assert [o["value"] for o in picked] == ["5"]
        if tricks + 1 > 25:  # a page entry jumps to its first trick and lists that page
            r3 = await bob.select(r3.response, ["20"], custom_id=step_id(r3.response, "pick"))
            assert f"Trick 20/{tricks}:" in r3.response.content
            values = [o["value"] for o in components(r3.response)["pick"]["options"]]
            assert values == ["0", *[str(p) for p in range(20, tricks + 1)]]
        # ⏭: the end, with the result; ▶ and ⏭ are off there.
        r4 = await bob.click(r3.response, custom_id=step_id(r3.response, "last"))
        assert f"Trick {tricks}/{tricks}:" in r4.response.content
        assert "Attackers " in r4.response.content
        comps = components(r4.response)
        assert comps["next"].get("disabled") and comps["last"].get("disabled")
        # ◀ steps back one.
        r5 = await bob.click(r4.response, custom_id=step_id(r4.response, "prev"))
        assert f"Trick {tricks - 1}/{tricks}:" in r5.response.content
        # None of it went to the channel.
        assert not [m for m in w.bot_messages() if m.attachments and "replay" in str(m.attachments)]


async def test_public_replay_only_its_owner_steps(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice, carol = w.members[0], w.members[2]
        r = await w.slash(alice, "replay", public=True)
        msg = r.response
        assert msg is not None and not msg.ephemeral and msg.channel_id == w.channel.id
        before = (msg.content, picture_of(msg))
        refused = await carol.click(msg, custom_id=step_id(msg, "next"))
        assert refused.response is not None and refused.response.ephemeral
        assert refused.response.content == text("en", "replay.not_yours", who=alice.mention)
        now = w.env.backend.get_message(w.channel.id, msg.id)
        assert now.content == before[0]  # unchanged
        w.hook.locales[carol.id] = "zh-TW"
        refused = await carol.select(msg, ["3"], custom_id=step_id(msg, "pick"))
        assert refused.response.content == text("zh-TW", "replay.not_yours", who=alice.mention)
        ok = await alice.click(msg, custom_id=step_id(msg, "next"))
        assert ok.response.id == msg.id and "Trick 1/" in ok.response.content


async def test_replay_controls_do_not_expire(tmp_path: Path) -> None:
    """Persistent controls have no timeout to disable them: an hour later ▶ steps."""
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice = w.members[0]
        r = await w.slash(alice, "replay", public=True)
        assert r.response is not None
        await w.env.advance_time(3600.0)  # simcord's clock
        now = w.env.backend.get_message(w.channel.id, r.response.id)
        assert not components(now)["next"].get("disabled")
        r = await alice.click(r.response, custom_id=step_id(r.response, "next"))
        assert r.response is not None and "Trick 1/" in r.response.content


async def test_history_autocomplete_and_replay_by_number(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        dave = w.members[3]
        (stored,) = await w.bot.service.replays.history(w.guild.id, w.channel.id, dave.id)
        r = await w.slash(dave, "history")
        assert r.response.ephemeral
        line = r.response.content.splitlines()[1]
        assert f"#{stored.hand_id}" in line and f"table {w.table_id}, hand 1" in line
        assert "attackers" in line and "<t:" in line
        choices = await dave.autocomplete(w.channel, "replay", "hand", "")
        assert [c["value"] for c in choices] == [stored.hand_id]
        assert choices[0]["name"].startswith(f"#{stored.hand_id} ")
        assert await dave.autocomplete(w.channel, "record", "hand", "#") != []
        r = await w.slash(dave, "replay", hand=stored.hand_id)
        assert f"hand #{stored.hand_id}" in r.response.content
        r = await w.slash(dave, "replay", hand=stored.hand_id + 999)
        assert r.response.ephemeral and r.response.content == text(
            "en", "replay_not_found", hand=stored.hand_id + 999
        )
        w.hook.locales[dave.id] = "zh-CN"
        r = await w.slash(dave, "history")
        assert "号桌" in r.response.content
        # Hand 2 in play: the default replay is still hand 1, the only one listed.
        await w.slash(w.members[0], "table next")
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda m: len(m.hand.tricks) >= 2)
        assert w.match.hand_no == 2
        w.hook.locales[dave.id] = "en-US"
        r = await w.slash(dave, "replay", public=True)
        assert f"hand #{stored.hand_id}** · table {w.table_id}, hand 1 " in r.response.content
        assert [
            h.hand_id
            for h in await w.bot.service.replays.history(w.guild.id, w.channel.id, dave.id)
        ] == [stored.hand_id]


async def test_record_answers_with_the_record_and_the_page(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        record = await play_first_hand(w)
        bob = w.members[1]
        stored, _ = await w.bot.service.replays.finished(
            guild_id=w.guild.id, channel_id=w.channel.id, hand_id=None
        )
        r = await w.slash(bob, "record")
        msg = r.response
        assert msg is not None and msg.ephemeral
        names = sorted(a.filename for a in msg.attachments)
        stem = f"shengji-{w.table_id}-1"
        assert names == [f"{stem}.html", f"{stem}.txt"]
        files = {a.filename: await a.read() for a in msg.attachments}
        txt = files[f"{stem}.txt"].decode("utf-8")
        assert txt == stored.record
        assert parse_record(txt).actions == parse_record(record).actions
        assert parse_record(txt).headers == parse_record(stored.record).headers
        page = files[f"{stem}.html"].decode("utf-8")
        assert page.lstrip().lower().startswith("<!doctype html")
        assert "alice" in page and "bob" in page
        # In the reader's language.
        w.hook.locales[bob.id] = "zh-CN"
        r = await w.slash(bob, "record")
        page = {a.filename: await a.read() for a in r.response.attachments}[f"{stem}.html"]
        assert "复盘" in page.decode("utf-8")


class _WithPublicUrl:
    """The bot's config as it reads with a web side configured (``public_url``, which
    another part of the bot adds to ``Config``); everything else as before."""

    def __init__(self, base: Any, url: str) -> None:
        self._base, self.public_url = base, url

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


async def test_replay_links_to_its_page_when_the_bot_serves_pages(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice = w.members[0]
        r = await w.slash(alice, "replay")
        assert not [c for c in walk_components(r.response.components) if c.get("url")]
        w.bot.config = _WithPublicUrl(w.bot.config, "https://shengji.example/")
        r = await w.slash(alice, "replay")
        (link,) = [c["url"] for c in walk_components(r.response.components) if c.get("url")]
        prefix = "https://shengji.example/r/"
        assert link.startswith(prefix)
        found = await w.bot.service.replays.by_token(link.removeprefix(prefix))
        assert found is not None and found[0].hand_no == 1 and found[0].table_id == w.table_id
        # A step keeps the link.
        r2 = await alice.click(r.response, custom_id=step_id(r.response, "next"))
        assert "Trick 1/" in r2.response.content
        assert [c["url"] for c in walk_components(r2.response.components) if c.get("url")] == [link]


async def test_unshare_revokes_the_link_and_only_a_player_may(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice = w.members[0]
        w.bot.config = _WithPublicUrl(w.bot.config, "https://shengji.example/")
        r = await w.slash(alice, "replay")
        (link,) = [c["url"] for c in walk_components(r.response.components) if c.get("url")]
        token = link.rsplit("/", 1)[1]
        assert await w.bot.service.replays.by_token(token) is not None
        # Someone who did not play the hand (and cannot manage the server) is refused.
        outsider = w.guild.add_member(w.env.create_user("Zed"))
        refused = await w.slash(outsider, "unshare")
        assert refused.response is not None and "Manage Server" in refused.response.content
        assert await w.bot.service.replays.by_token(token) is not None
        done = await w.slash(alice, "unshare")
        assert done.response is not None and done.response.ephemeral
        assert "no longer shared" in done.response.content
        assert await w.bot.service.replays.by_token(token) is None
        again = await w.slash(alice, "unshare")
        assert again.response is not None and "no live link" in again.response.content
        # A new /replay makes a new link; the old one stays dead.
        r = await w.slash(alice, "replay")
        (fresh,) = [c["url"] for c in walk_components(r.response.components) if c.get("url")]
        assert fresh != link


async def test_no_hand_of_a_console_table_from_a_direct_message(tmp_path: Path) -> None:
    """A console table has no server, nor has a DM: on a database both use, a DM's
    /replay, /record or /history must not reach the console's hands (nor any
    server's) — a hand belongs to its server, and a DM has none."""
    from rules.presets import preset
    from storage import Store
    from tests.support.replay_helpers import open_match, play_hands

    async with make_world(tmp_path) as w:
        store = Store(w.bot.service.core.db)
        table, match = await open_match(
            store,
            guild=None,
            channel=99,
            users=(None, None, None, None),
            rules=preset("one-deck"),
            seed="console-dm",
        )
        await play_hands(store, table, match, 1)
        (hand,) = await w.bot.service.replays.history(None, 99, 0)
        user = w.members[0].user
        mark = w.mark()
        for command, options in (
            ("replay", {"hand": hand.hand_id}),
            ("record", {"hand": hand.hand_id}),
            ("replay", {}),
            ("history", {}),
        ):
            r = await user.slash(command, **options)
            assert r.response is not None and not r.response.attachments, command
            assert text("en", "replay.guild_only") == r.response.content, command
        r = await user.slash("unshare", hand=hand.hand_id)
        assert r.response.content == text("en", "replay.guild_only")
        for req in w.requests(mark):
            assert not CARD_SYMBOL_RE.search(str(req.json)), req
        assert await user.autocomplete("replay", "hand", "") == []


async def test_record_names_the_players_of_a_closed_table_after_a_restart(
    tmp_path: Path,
) -> None:
    """No member is cached (the bot's intents) and the table is over: the page names
    each seat by the display name stored with the hand, and shows no id."""
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice, bob = w.members[:2]
        r = await w.slash(alice, "table end")
        assert r.response is not None
        await w.restart()
        assert w.bot.service.core.table_ids() == []
        r = await w.slash(bob, "record")
        assert r.response is not None
        (html,) = [a for a in r.response.attachments if a.filename.endswith(".html")]
        page = (await html.read()).decode("utf-8")
        for name in ("alice", "bob", "carol", "dave"):
            assert name in page, name
        for m in w.members:
            assert str(m.id) not in page
        # /replay's seat labels too: names, not mentions.
        r = await w.slash(bob, "replay")
        assert r.response is not None
        assert "North (alice)" in r.response.content and "<@" not in r.response.content


@pytest.mark.parametrize("public", [False, True])
async def test_replay_controls_answer_after_a_restart(tmp_path: Path, public: bool) -> None:
    """A /replay made before a restart: ▶ and the select still step it (the
    controls are persistent, like the rules panel's), and only for its owner."""
    async with make_world(tmp_path) as w:
        await play_first_hand(w)
        alice, bob = w.members[:2]
        w.hook.locales[bob.id] = "zh-CN"
        r = await w.slash(bob, "replay", public=public)
        msg = r.response
        assert msg is not None and msg.ephemeral != public
        tricks = len(w.match.hand.tricks)

        def trick(n: int) -> str:  # in the channel: the table's language; else the reader's
            return f"Trick {n}/{tricks}:" if public else f"第 {n}/{tricks} 轮"

        await w.restart()
        r2 = await bob.click(msg, custom_id=step_id(msg, "next"))
        assert r2.response is not None and r2.response.id == msg.id
        assert trick(1) in r2.response.content
        assert picture_of(r2.response)[0] == "replay.png"
        await w.restart()
        r3 = await bob.select(r2.response, ["5"], custom_id=step_id(r2.response, "pick"))
        assert r3.response is not None and trick(5) in r3.response.content
        r4 = await bob.click(r3.response, custom_id=step_id(r3.response, "prev"))
        assert r4.response is not None and trick(4) in r4.response.content
        if public:  # someone else's click is refused, after a restart too
            refused = await alice.click(r4.response, custom_id=step_id(r4.response, "next"))
            assert refused.response is not None and refused.response.ephemeral
            assert refused.response.content == text("en", "replay.not_yours", who=bob.mention)
