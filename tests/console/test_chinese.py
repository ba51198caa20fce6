"""Chinese first (issue 12): a whole console hand typed in Chinese, and a Discord
hand at a zh-CN server, never show a Chinese reader an English word; a player
whose Discord client is English still gets English answers of their own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.pictures import render_hand, render_table
from bot.service.errors import from_rule_error
from bot.text.i18n import text
from rules.cards import Card
from rules.declare import read_declaration
from rules.errors import RuleError
from rules.notation import format_cards
from rules.presets import PRESETS
from tests.support.chinese import CJK, assert_chinese, foreign_words
from tests.support.console_helpers import run_console
from tests.support.discord_helpers import (
    EPHEMERAL,
    NAMES,
    World,
    bury,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    start_with_button,
    strings_in,
)
from tests.support.panel import Panel


# ---- the console ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "zh-CN",
            [
                "帮助",
                "出 梅花4",
                "过",
                "xyz",
                "出♠Z",
                *["提示出"] * 3,
                "提示",
                *["提示出"] * 37,
                "进度",
                "上一轮",
            ],
        ),
        (
            "zh-TW",
            [
                "幫助",
                "出 梅花4",
                "過",
                "xyz",
                "出♠Z",
                *["提示出"] * 3,
                "提示",
                *["提示出"] * 37,
                "進度",
                "上一輪",
            ],
        ),
    ],
)
def test_console_hand_in_chinese_has_no_english(
    tmp_path: Path, lang: str, words: list[str]
) -> None:
    out = run_console(
        tmp_path / "zh.db",
        [*words, "底牌", "下一局", "牌桌", "退出"],
        "--lang",
        lang,
        "--preset",
        "one-deck",
    )
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) > 100
    english = [(line, w) for line in lines if (w := foreign_words(line))]
    assert not english, english[:5]
    # Chinese command words did their jobs.
    assert "出 牌" in out  # 帮助 / 幫助 lists the Chinese commands
    assert "「xyz」不是命令" in out  # junk: not a command (no card-notation lecture), in Chinese
    assert "花色后面要写点数" in out or "花色後面要寫點數" in out  # 出♠Z: the bad token, why
    assert "提示：" in out
    hand_over = "第 1 局结束" if lang == "zh-CN" else "第 1 局結束"
    assert hand_over in out  # 托管 played the hand out
    assert "第 1 局：庄家" in out or "第 1 局：莊家" in out  # 进度 / 進度
    assert "第 2 局" in out  # 下一局 dealt the next hand
    assert out.rstrip().endswith(text(lang, "console.saved"))


def test_console_english_commands_still_work_in_chinese(tmp_path: Path) -> None:
    out = run_console(tmp_path / "en.db", ["help", "hand", "quit"], "--lang", "zh-CN")
    assert "命令（" in out and "你的手牌" in out
    assert out.rstrip().endswith("已保存。再次运行即可继续。")


# ---- Discord ----------------------------------------------------------------------------
TEXT_KEYS = {"content", "title", "description", "name", "value", "label"}


def public_texts(w: World) -> list[str]:
    """Every text the channel showed: each post and edit of the bot's own messages
    (REST log), and the public answers to commands (the channel's history)."""
    out = []
    for r in w.requests():
        if r.path.startswith(f"/channels/{w.channel.id}/") and isinstance(r.json, dict):
            if int(r.json.get("flags") or 0) & EPHEMERAL:
                continue
            out += [s for key, s in strings_in(r.json) if key in TEXT_KEYS]
    for m in w.channel.history():
        if m.author.id == w.env.backend.bot_user.id and not m.flags.ephemeral:
            out.append(m.content)
            for e in m.embeds:
                out += [s for key, s in strings_in(e.to_dict()) if key in TEXT_KEYS]
    return [s for s in out if s.strip()]


async def test_discord_hand_at_a_chinese_server(tmp_path: Path) -> None:
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        alice, bob, carol, dave = w.members
        w.hook.locales[alice.id] = "zh-CN"
        w.hook.locales[carol.id] = "zh-TW"  # bob and dave: English clients
        r = await w.slash(alice, "table new")
        assert r.response is not None and r.response.content.startswith("已在")
        lobby = w.lobby_message()
        answers = {}
        for seat, member in zip((1, 2, 3), (bob, carol, dave), strict=True):
            res = await member.click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
            assert res.response is not None and res.response.ephemeral
            answers[member.id] = res.response.content
            lobby = w.lobby_message()
        # each one's own answer follows their client
        assert answers[bob.id].endswith("sits East.")
        assert answers[carol.id].endswith("坐在南。")
        assert "升级牌桌" in lobby.content and "坐东" in str(lobby.components[0].to_dict())
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        # each hand DM's picture is drawn in its reader's language
        for member, lang in ((carol, "zh-TW"), (bob, "en")):
            dm = w.dm_messages(member)[0]
            png = w.env.backend.cdn.get(dm.attachments[0].url)
            seat_view = w.bot.service.queries.seat_view(w.table_id, w.members.index(member))
            assert png == render_hand(seat_view, lang)
        assert png != render_hand(seat_view, "zh-TW")  # bob's: not the Chinese words
        bob_answers: list[Any] = []
        # play the hand out; remember bob's own (ephemeral) hand notes
        for _ in range(200):
            m = w.match
            if m.phase != "playing":
                break
            seat = m.turn
            assert seat is not None
            member = w.member_at(seat)
            action = m.suggest(seat)
            assert action is not None
            r = await w.slash(member, "play", cards=format_cards(action.cards, "ascii"))
            assert r.response is not None and not r.response.ephemeral
            assert CJK.search(r.response.content), r.response.content  # public: Chinese
            if member is bob:
                bob_answers += [f for f in r.followups if f.ephemeral]
        assert w.match.phase == "scored"

        # every public text was Chinese, whoever acted and whatever their client says
        texts = public_texts(w)
        assert len(texts) > 40
        assert_chinese(texts)
        assert any("第 1 局结束" in t for t in texts)  # the summary, in the table message

        # bob's private answers are English
        assert bob_answers and all(
            a.content.startswith(text("en", "your_hand")) for a in bob_answers
        )
        r = await w.slash(bob, "hand")
        assert r.response is not None and r.response.ephemeral
        assert r.response.content.startswith("Your hand at")
        r = await w.slash(bob, "table rules")
        assert r.response.ephemeral and "Declare with" in r.response.content
        r = await w.slash(carol, "table rules")
        assert r.response.ephemeral and "亮主方式" in r.response.content
        assert not foreign_words(r.response.content)
        r = await w.slash(alice, "progress")
        assert r.response.ephemeral and "庄家" in r.response.content
        assert not foreign_words(r.response.content)


async def test_panel_auto_and_pictures_at_a_chinese_table(tmp_path: Path) -> None:
    """Everyone has an English client at a zh-CN server: each one's panel is in
    English, but what the panel, /auto and /cardmemory tell the table is Chinese, and
    the table picture is drawn with Chinese labels."""
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.language == "zh-CN"
        msg = w.table_messages()[-1]
        picture = w.env.backend.cdn.get(msg.attachments[0].url)
        assert picture == render_table(status.view, (), "zh-CN") != render_table(status.view)
        assert all(not foreign_words(a.description or "") for a in msg.attachments)

        m = w.match
        seat = m.turn
        assert seat is not None
        member = w.member_at(seat)
        r = await w.slash(member, "play")  # the click-to-play panel, only for them
        assert r.response is not None and r.response.ephemeral
        panel = Panel.of(w.env, member, r)
        action = m.suggest(seat)
        assert action is not None
        await panel.choose(action.cards)
        r = await panel.click("play")
        assert "You played" in panel.content  # their own panel: their language
        public = [f for f in r.followups if not f.ephemeral]
        assert public and CJK.search(public[0].content), public
        assert not foreign_words(public[0].content, NAMES), public[0].content

        nxt = w.member_at(w.match.turn)
        r = await w.slash(nxt, "auto", mode="on")
        assert r.response is not None and not r.response.ephemeral
        assert "托管" in r.response.content and not foreign_words(r.response.content, NAMES)
        r = await w.slash(nxt, "auto", mode="on")  # only they read it: English
        assert r.response is not None and r.response.ephemeral and "already" in r.response.content
        r = await w.slash(w.members[0], "cardmemory", mode="off")
        assert r.response is not None and not r.response.ephemeral
        assert "记牌器" in r.response.content and not foreign_words(r.response.content)
        assert_chinese(public_texts(w))


async def test_table_language_chosen_and_changed(tmp_path: Path) -> None:
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        alice, bob = w.members[:2]
        # /table new language: overrides the server's language
        await w.slash(alice, "table new", language="en")
        assert "Shengji table" in w.lobby_message().content
        r = await w.slash(bob, "table join")
        assert r.response is not None and " sits East" in r.response.content
        # /table language: the lobby is redrawn, later public replies follow
        mark = w.mark()
        r = await w.slash(alice, "table language", language="zh-TW")
        assert r.response is not None and not r.response.ephemeral
        assert r.response.content.startswith("本桌現在使用繁體中文")
        assert "升級牌桌" in w.lobby_message().content
        assert any("升級牌桌" in s for req in w.requests(mark) for _k, s in strings_in(req.json))
        r = await w.slash(w.members[2], "table join")
        assert r.response is not None and "坐在南" in r.response.content
        # only players at the table (or its creator) may change it; nothing changes
        r = await w.slash(w.members[3], "table language", language="en")
        assert r.response is not None and r.response.ephemeral
        assert w.bot.service.queries.cached_status(w.table_id).options.language == "zh-TW"


async def test_new_table_follows_the_servers_language(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:  # an English server
        w.hook.locales[w.members[0].id] = "zh-CN"
        await w.slash(w.members[0], "table new")
        assert "Shengji table" in w.lobby_message().content
    (tmp_path / "tw").mkdir()
    async with make_world(tmp_path / "tw", guild_locale="zh-TW") as w:
        await w.slash(w.members[0], "table new")
        content = w.lobby_message().content
        assert "升級牌桌" in content and not foreign_words(content, NAMES)


# ---- rules errors name what this table accepts, in the reader's language -----------------
def test_refused_declaration_names_the_tables_forms() -> None:
    with pytest.raises(RuleError) as refused:  # one-deck: a single level card only
        read_declaration(PRESETS["one-deck"], 2, 0, [Card.LJ, Card.LJ])
    error = from_rule_error(refused.value)
    assert error.message("en") == (
        "That is not a declaration at this table: declare with one level card (the level is 2)."
    )
    assert error.message("zh-CN") == "这桌不能这样亮主：可以亮一张级牌（级牌是 2）。"
    with pytest.raises(RuleError) as refused:
        read_declaration(PRESETS["classic"], 2, 0, [Card.LJ])
    message = from_rule_error(refused.value).message("zh-TW")
    assert message == "這桌不能這樣亮主：可以亮一張級牌、一對級牌、一對小王、一對大王（級牌是 2）。"
