"""The console items of issue 18: 托管 until you take over, the trick's winning play
marked, the hand grouped by the trump declared so far, no English in Chinese
screens, the language remembered, and the small prompts."""

from __future__ import annotations

import re
import time
from pathlib import Path

from bot.discord_app.replies import hand_block
from bot.text.render import current_winner, hand_lines, player_name, status_lines
from rules.cards import ALL_CARDS
from rules.notation import format_cards
from storage import Database
from tests.support.console_helpers import (
    CONSOLE,
    Running,
    console_env,
    console_table,
    run_console,
    to_my_turn,
)


def test_environment_locale_is_the_default_and_the_save_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    out = run_console(db, ["quit"], env=console_env(LANG="zh_CN.UTF-8"))
    assert "新的一桌" in out or "开了" in out or "已保存" in out, out[-800:]
    assert "Saved" not in out
    # Resumed with an English environment and no --lang: the save speaks Chinese.
    again = run_console(db, ["quit"])
    assert "已保存" in again and "Saved" not in again, again[-800:]
    # --lang still wins.
    english = run_console(db, ["quit"], "--lang", "en")
    assert "Saved" in english


def test_tuoguan_plays_on_until_you_take_over(tmp_path: Path) -> None:
    """托管 is on until you type: the AI plays trick after trick for you, then any
    command (here 手牌) takes over and is run."""
    db = str(tmp_path / "t.db")
    run = Running([*CONSOLE, "--db", db, "--preset", "one-deck", "--lang", "zh-CN"])
    try:
        run.wait_for("> ")
        run.send("托管")
        run.wait_for("托管中")
        deadline = time.monotonic() + 60
        while run.stdout.count("北（你）") < 3:  # three of our own plays, nothing typed
            assert time.monotonic() < deadline and run.proc.poll() is None, run.stdout[-2000:]
            time.sleep(0.05)
        run.send("手牌")
        run.wait_for("已取消托管")
        run.send("退出")
        assert run.proc.wait(30) == 0
    finally:
        run.kill()


async def test_go_makes_one_move_and_auto_again_takes_over(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'g.db'}")
    await db.upgrade()
    try:
        table, buf = await console_table(db)
        await to_my_turn(table)
        view = table._view()
        assert view is not None
        before = len(view.hand or ())
        await table.handle("提示出", "play")
        view = table._view()
        assert view is not None and len(view.hand or ()) < before  # one lead (maybe a pair)
        assert not table.autoplay
        await table.handle("auto", await table.pump())
        assert table.autoplay and "Auto-play" in buf.getvalue()
        await table.handle("托管", await table.pump())
        assert not table.autoplay and "Auto-play off" in buf.getvalue()
    finally:
        await db.dispose()


async def test_hand_groups_by_the_trump_declared_during_the_deal(tmp_path: Path) -> None:
    """After 亮 ♥2 the deal goes on, and the hand (console, DM text) shows every ♥
    in the trump row, not in a ♥ row of its own."""
    for seed in ("console", "s1", "s2", "s3", "s4", "s5", "s6", "s7"):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'{seed}.db'}")
        await db.upgrade()
        try:
            table, _ = await console_table(db, seed=seed)
            for _ in range(40):
                asked = await table.pump()
                options = [d for d in table._declaration_options() if d.suit is not None]
                if asked == "declare" and options:
                    break
                await table.handle("go", asked)
            else:
                continue
            suit = options[0].suit
            assert suit is not None
            await table.handle("亮 " + format_cards(options[0].cards), "declare")
            view = table._view()
            assert view is not None and view.phase in ("dealing", "declaring")
            assert not view.trump_fixed
            assert any(c.suit == suit and c.rank != view.level_rank for c in view.hand or ())
            labels = [line.split("(")[0].strip() for line in hand_lines("en", view)]
            assert suit.symbol not in labels, hand_lines("en", view)
            dm = [line.split("(")[0].strip("` ") for line in hand_block("en", view)]
            assert suit.symbol not in dm, dm
            trump_row = next(line for line in hand_lines("en", view) if "trump" in line)
            assert format_cards([c for c in view.hand or () if c.suit == suit][:1]) in trump_row
            return
        finally:
            await db.dispose()
    raise AssertionError("no seed offered a suit declaration")


async def test_trick_line_marks_the_play_now_winning(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    await db.upgrade()
    try:
        table, buf = await console_table(db, locale="zh-CN")
        for _ in range(30):  # until a trick with plays in it is on the table at our turn
            await to_my_turn(table)
            view = table._view()
            assert view is not None
            if view.current:
                break
            await table.handle("提示出", "play")
        assert view.current
        best = current_winner(view)
        assert best is not None
        lines = status_lines("zh-CN", view, table._seats())
        trick = next(line for line in lines if line.startswith(f"第 {view.trick_no} 轮"))
        assert trick.count("★") == 1
        name = player_name("zh-CN", table._seats(), best)
        assert f"★{name}" in trick, trick
        assert f"{name} 暂时最大" in "\n".join(lines)
        table.show_status()
        assert "暂时最大" in buf.getvalue()
    finally:
        await db.dispose()


async def test_new_asks_before_closing_the_saved_game(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'n.db'}")
    await db.upgrade()
    try:
        first, _ = await console_table(db)

        async def no() -> bool:
            return False

        async def yes() -> bool:
            return True

        kept, buf = await console_table(db, fresh=True, confirm=no)
        assert kept.table_id == first.table_id and "Kept the saved game" in buf.getvalue()
        fresh, buf = await console_table(db, fresh=True, confirm=yes)
        assert fresh.table_id != first.table_id and "is closed" in buf.getvalue()
    finally:
        await db.dispose()


async def test_small_prompts_empty_line_burst_and_junk(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'p.db'}")
    await db.upgrade()
    try:
        table, buf = await console_table(db, locale="zh-CN")
        await to_my_turn(table)
        prompt = table.prompt_for("play")
        assert "（出 牌）" not in prompt and "如 出 ♠A" in prompt, prompt
        start = len(buf.getvalue())
        await table.handle("", "play")
        assert "轮到你出牌" in buf.getvalue()[start:]  # Enter at your move: what is expected
        view = table._view()
        assert view is not None
        missing = next(c for c in ALL_CARDS if c not in (view.hand or ()))
        start = len(buf.getvalue())
        for _ in range(300):
            await table.handle("出 " + format_cards([missing]), "play")
        said = buf.getvalue()[start:]
        assert len([line for line in said.splitlines() if line.strip()]) == 1, said[:500]
        start = len(buf.getvalue())
        await table.handle("clear亮", "play")
        said = buf.getvalue()[start:]
        assert "不是命令" in said and "牌" not in said.replace("看命令", ""), said
    finally:
        await db.dispose()


async def test_friend_call_prompt_shows_every_call_needed(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'f.db'}")
    await db.upgrade()
    try:
        table, _ = await console_table(db, seed="six", preset_name="friends-6")
        for _ in range(5000):  # declare whenever we can, so that we deal and call
            asked = await table.pump()
            if asked == "call":
                view = table._view()
                assert view is not None
                text = table._ask_text("call", view)
                # The calls themselves (the suggestion), not a fixed two-call example.
                assert len(re.findall(r"#\d", text)) == view.rules.friend_calls >= 2, text
                return
            assert asked not in (None, "over", "stalled")
            options = table._declaration_options()
            if asked in ("declare", "declare_or_pass") and options:
                await table.handle("亮 " + format_cards(options[-1].cards), asked)
            else:
                await table.handle("next" if asked == "next" else "go", asked)
        raise AssertionError("we never dealt")
    finally:
        await db.dispose()


def test_chinese_screens_name_presets_and_policies_in_chinese(tmp_path: Path) -> None:
    from bot.service.errors import ServiceError
    from bot.text.i18n import preset_label

    assert preset_label("zh-CN", "friends-6") == "找朋友6人"
    assert preset_label("zh-TW", "friends-10x4") == "找朋友10人4副牌"
    assert preset_label("en", "friends-6") == "friends-6"  # English: the name typed
    refusal = ServiceError("call_not_allowed", card="大王", policy="non-trump").message("zh-CN")
    assert "non-trump" not in refusal and "只能叫副牌" in refusal
    out = run_console(tmp_path / "f.db", ["quit"], "--preset", "friends-6", "--lang", "zh-CN")
    assert "找朋友6人" in out and "friends-6" not in out, out[:400]
    assert "帮助" in out and "help" not in out
    again = run_console(tmp_path / "f.db", ["quit"], "--preset", "classic", "--lang", "zh-CN")
    flat = "".join(again.split())
    assert "已有一桌找朋友6人规则的牌" in flat and "classic规则" not in flat, again[:400]


async def test_english_hand_writes_jokers_in_english_notation(tmp_path: Path) -> None:
    from rules.cards import Card

    for seed in ("console", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'{seed}.db'}")
        await db.upgrade()
        try:
            table, buf = await console_table(db, seed=seed)
            await to_my_turn(table)
            view = table._view()
            assert view is not None
            if Card.BJ not in (view.hand or ()) and Card.LJ not in (view.hand or ()):
                continue
            table.show_hand()
            hand = buf.getvalue().split("Your hand")[-1]
            assert "大王" not in hand and "小王" not in hand, hand
            assert "BJ" in hand or "LJ" in hand
            zh = "\n".join(hand_lines("zh-CN", view))
            assert "大王" in zh or "小王" in zh
            return
        finally:
            await db.dispose()
    raise AssertionError("no hand with a joker")


def test_calls_are_listed_with_a_chinese_comma_in_chinese() -> None:
    from bot.text.render import calls_text
    from rules.friends import parse_calls

    calls = parse_calls("#1 ♠A, #1 ♥A")
    assert calls_text("zh-CN", calls) == "#1 ♠A，#1 ♥A"
    assert calls_text("en", calls) == "#1 ♠A, #1 ♥A"
    assert parse_calls(calls_text("zh-TW", calls)) == calls  # what is shown can be typed
