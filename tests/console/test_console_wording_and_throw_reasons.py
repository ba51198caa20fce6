"""Issue 47 items 4 and 5 (branch e): what the console says — a failed throw's reason,
prompts that suggest a move you can make, and the command line's wording."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bench.discord import failing_throw
from bot.config import use_env_file
from bot.console.cli import HouseRuleError, _parser, default_db, house_rules
from bot.console.text import COMMANDS
from bot.console.views import YOUR_SEAT
from bot.text.i18n import known_language, seat_name
from bot.text.render import event_line, reader_cards, summary_text
from bot.text.rules_text import rules_lines
from rules.actions import Play
from rules.cards import Card
from rules.events import HandScored, ThrowFailed
from rules.notation import format_cards, parse_cards
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.trump import TRUMP
from storage import Database
from tests.support.console_helpers import ROOT, console_env, console_table, run_console

CJK = re.compile(r"[\u4e00-\u9fff]")


# ---- item 4: a failed throw says who holds the higher unit, and shows it ------------------
def test_failed_throw_line_names_the_beater_and_its_cards_in_each_language() -> None:
    ev = ThrowFailed(0, (Card.DJ, Card.DK), (Card.DJ,), 10, 1, (Card.DQ,))
    english = event_line("en", ev)
    assert english == (
        "North tried to throw ♦J ♦K but East beats ♦J with ♦Q: ♦J is played, penalty 10."
    )
    assert not CJK.search(english)
    assert event_line("zh-CN", ev) == "北 甩牌 ♦J ♦K 失败：东 的 ♦Q 管得住 ♦J，改出 ♦J，罚 10 分。"
    zh_tw = event_line("zh-TW", ev)
    assert zh_tw is not None and "東 的 ♦Q 管得住 ♦J" in zh_tw and "失敗" in zh_tw


async def test_console_failed_throw_shows_who_beats_it(sqlite_db: Database) -> None:
    """A real console table: you lead a throw that fails; the line says which seat
    beats the forced unit and with which of its cards."""
    table, buf = await console_table(sqlite_db, locale="zh-CN", preset_name="classic")
    for _ in range(400):
        asked = await table.pump()
        match = table.service.queries.match_of(table.table_id or 0)
        cards = failing_throw(match, YOUR_SEAT) if asked == "play" and match else None
        if cards is not None:
            break
        await table.handle("go" if asked in ("play", "bury", "call") else "", asked)
    assert cards is not None and match is not None, "you never led a throw that could fail"
    (expected,) = [
        e for e in match.copy().apply(Play(YOUR_SEAT, cards)) if isinstance(e, ThrowFailed)
    ]
    assert expected.beaten_by is not None
    mark = len(buf.getvalue())
    await table.handle("出 " + format_cards(cards), "play")
    line = next(s for s in buf.getvalue()[mark:].splitlines() if "甩牌" in s)
    who = seat_name("zh-CN", expected.beaten_by, 4)
    beater = reader_cards("zh-CN", format_cards(expected.beater))
    assert f"失败：{who}" in line and f" 的 {beater} 管得住 " in line, line


# ---- item 5: prompts suggest a move you can make -------------------------------------------
async def test_declare_and_bury_prompts_give_examples_you_can_play(tmp_path: Path) -> None:
    """The declare prompt's example is one of your declarations (it said 如 亮 ♥2 when
    only ♣2 could be declared), the bury prompt's are cards you hold, not trumps."""
    checked_declare = checked_bury = False
    for seed in map(str, range(20)):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'ex-{seed}.db'}")
        await db.upgrade()
        try:
            table, _ = await console_table(db, locale="zh-CN", seed=seed, preset_name="classic")
            for _ in range(200):
                asked = await table.pump()
                view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
                assert view is not None
                if asked in ("declare", "declare_or_pass"):
                    options = table._declaration_options()
                    if options:
                        prompt = table._ask_text(asked, view)
                        example = re.search(r"如 亮 (\S+?)；", prompt)
                        assert example, prompt
                        shown = parse_cards(example.group(1))
                        assert any(tuple(d.cards) == tuple(shown) for d in options), prompt
                        checked_declare = checked_declare or "♥2" not in prompt
                        await table.handle("亮 " + example.group(1), asked)
                        continue
                    await table.handle("", asked)
                elif asked == "bury":
                    prompt = table._ask_text(asked, view)
                    example = re.search(r"如 埋 (.+?) …", prompt)
                    assert example, prompt
                    shown = parse_cards(example.group(1))
                    ctx, held = view.context, Counter(view.hand or ())
                    assert len(shown) == 2 and not Counter(shown) - held, prompt
                    assert all(ctx.suit_of[c] != TRUMP for c in shown), prompt
                    checked_bury = True
                    break
                elif asked in ("play", "call", "next"):
                    break
                else:
                    await table.handle("", asked)
        finally:
            await db.dispose()
        if checked_declare and checked_bury:
            return
    pytest.fail(f"declare checked without ♥2: {checked_declare}; bury: {checked_bury}")


async def test_rules_without_a_turn_timer_say_no_limit_not_infinity(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db, locale="zh-CN")
    await table.pump()
    mark = len(buf.getvalue())
    await table.handle("规则", None)
    said = buf.getvalue()[mark:]
    assert "每步限时：不限时" in said and "∞" not in said, said
    assert rules_lines("en", preset("classic"), 0)[-1] == "Turn timer: none (no time limit)"
    assert rules_lines("zh-TW", preset("classic"), 30)[-1] == "每步限時：30 秒"


def test_hand_results_count_levels_in_proper_english_and_never_go_up_zero() -> None:
    def scored(winner: str, change: int, levels: tuple[int, int] = (3, 2)) -> HandScored:
        return HandScored(3, 0, 35, (), 0, 0, 0, 35, winner, change, levels, 2)  # type: ignore[arg-type]

    assert "the defenders hold and go up 1 level;" in summary_text("en", scored("defenders", 1))
    assert "the defenders hold and go up 2 levels;" in summary_text("en", scored("defenders", 2))
    assert "take over and go up 1 level;" in summary_text("en", scored("attackers", 1))
    assert "take over and go up 3 levels;" in summary_text("en", scored("attackers", 3))
    # The dealer's side defends A and wins the match: it gains no level, and says so.
    won = scored("defenders", 0, (14, 9))
    assert "the defenders hold (no level gained);" in summary_text("en", won)
    assert "庄家方守住（不升级）" in summary_text("zh-CN", won)
    for lang in ("en", "zh-CN", "zh-TW"):
        said = summary_text(lang, won)
        assert "level(s)" not in said and " 0 level" not in said and "升 0 级" not in said, said


async def test_help_lists_every_command_in_the_screens_language(sqlite_db: Database) -> None:
    """帮助 left out 规则, 撤回 and 悔牌 (and 叫, 复盘): every command the console
    understands is named, by a word of the screen's own language."""
    for lang in ("en", "zh-CN", "zh-TW"):
        table, buf = await console_table(sqlite_db, locale=lang)
        mark = len(buf.getvalue())
        await table.handle("帮助", None)
        said = buf.getvalue()[mark:]
        words = set(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", said))
        own = re.compile(r"[A-Za-z]+" if lang == "en" else r"[\u4e00-\u9fff]+")
        for command in set(COMMANDS.values()):
            names = {w for w, c in COMMANDS.items() if c == command and own.fullmatch(w)}
            assert names & words, f"{lang}: help does not name {command} ({names})"


def test_rules_summary_leaves_out_the_throw_penalty_when_throws_are_forbidden() -> None:
    no_throws = preset("classic").with_overrides(throws="forbidden", name="no-throws")
    english = "\n".join(rules_lines("en", no_throws, 0))
    assert "Failed throw penalty" not in english and "Throws are not allowed" in english
    chinese = "\n".join(rules_lines("zh-CN", no_throws, 0))
    assert "甩牌失败罚" not in chinese and "不许甩牌；抠底倍数" in chinese
    assert "Failed throw penalty: 10" in "\n".join(rules_lines("en", preset("classic"), 0))


# ---- item 5: --rule in the words each language shows, and near misses -------------------
def test_rule_flag_takes_names_and_values_as_each_language_shows_them() -> None:
    assert house_rules("classic", None, ["甩牌=不许"]).throws == "forbidden"  # type: ignore[union-attr]
    assert house_rules("classic", None, ["甩牌=不許"], "zh-TW").throws == "forbidden"  # type: ignore[union-attr]
    rules = house_rules(
        "classic", None, ["Kitty theft=on", "甩牌失败罚分=25", "悔牌=最后出牌者可悔牌"]
    )
    assert rules is not None and rules.kitty_theft == "on" and rules.throw_penalty == 25
    assert rules.play_takeback == "last-player"
    assert house_rules("classic", None, ["Throws=not allowed"]).throws == "forbidden"  # type: ignore[union-attr]
    assert house_rules("classic", None, ["throws=forbidden"]).throws == "forbidden"  # type: ignore[union-attr]


def test_rule_flag_suggests_the_nearest_name_and_lists_values_in_the_screens_words() -> None:
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", None, ["throw=forbidden"])
    assert err.value.message("en") == "There is no setting called throw: did you mean throws?"
    assert err.value.message("zh-CN") == "没有叫 throw 的设置：你是不是想写 throws？"
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", None, ["甩=不许"], "zh-CN")
    assert "你是不是想写 甩牌？" in err.value.message("zh-CN")
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", None, ["qqqqqq=1"])
    assert err.value.message("en") == "There is no setting called qqqqqq."
    with pytest.raises(HouseRuleError) as err:
        house_rules("classic", None, ["甩牌=也许"], "zh-CN")
    said = err.value.message("zh-CN")
    assert "可以、不许" in said and not re.search(r"[A-Za-z]", said), said


def test_console_rule_flag_in_chinese_plays_that_rule(tmp_path: Path) -> None:
    db = tmp_path / "zh-rule.db"
    run_console(db, ["quit"], "--rule", "甩牌=不许", "--lang", "zh-CN")
    with sqlite3.connect(db) as con:
        (raw,) = con.execute("select rules_json from tables").fetchone()
    assert RuleSet.from_json(raw).throws == "forbidden"


def _refused(*args: str, env: dict[str, str] | None = None) -> str:
    """Run the command line, which must refuse: exit code 2; its one-line stderr."""
    proc = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env or console_env(),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stderr.strip()


# ---- item 5: an unknown --lang, friends-N out of range ------------------------------------
def test_unknown_lang_is_refused_naming_the_languages() -> None:
    said = _refused("console", "--lang", "fr")
    assert said == "python -m bot console: Unknown language fr: choose en, zh-CN or zh-TW."
    zh = _refused("console", "--lang=fr", env=console_env(LANG="zh_CN.UTF-8"))
    assert zh == "python -m bot console: 没有 fr 这种语言：请选 en、zh-CN 或 zh-TW。"
    assert "choose en, zh-CN or zh-TW" in _refused("rules", "--lang", "fr")
    assert known_language("en-US") and known_language("zh_TW.UTF-8") and not known_language("fr")


def test_friends_preset_out_of_range_states_four_to_ten() -> None:
    said = _refused("console", "--preset", "friends-11")
    assert said == (
        "python -m bot console: friends-11 cannot be played: "
        "the players must be 4 to 10 (it is 11)."
    )
    zh = _refused("console", "--preset", "friends-3", "--lang", "zh-CN")
    assert "人数必须是 4 到 10（现在是 3）" in zh
    assert "friends-N / friends-NxD (4 to 10 seats)." in _refused("console", "--preset", "nope")


# ---- item 5: the top-level command line follows the locale, like console --help ----------
def _bot(tmp_path: Path, lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = console_env(LANG=lang, PYTHONPATH=str(ROOT))
    env.pop("DISCORD_TOKEN", None)
    env.pop("APPLICATION_ID", None)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,  # no .env here
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def test_top_level_help_no_token_and_invite_speak_the_locale(tmp_path: Path) -> None:
    empty = tmp_path / "empty.env"
    empty.write_text("", encoding="utf-8")
    zh = _bot(tmp_path, "zh_CN.UTF-8", "--help").stdout
    assert zh.startswith("用法：python -m bot [--env 文件]") and "命令：" in zh, zh
    assert "  invite    打印把机器人加进服务器的链接" in zh and "commands:" not in zh
    tw = _bot(tmp_path, "zh_TW.UTF-8", "--env", str(empty)).stdout
    assert "沒有設定 DISCORD_TOKEN，Discord 機器人無法啟動。" in tw and "No DISCORD" not in tw
    assert "檢視頻道" in tw and ".venv/bin/python -m bot console" in tw
    invite = _bot(tmp_path, "zh_CN.UTF-8", "--env", str(empty), "invite")
    assert invite.returncode == 2 and "邀请链接需要应用编号" in invite.stdout, invite.stdout
    listed = _bot(tmp_path, "zh_CN.UTF-8", "invite", "--client-id", "42").stdout
    assert "client_id=42&" in listed and "权限（377957174272）：查看频道、发送消息" in listed
    missing = _bot(tmp_path, "zh_CN.UTF-8", "--env", "nope.env")
    assert missing.stderr.strip() == "--env nope.env：没有这个文件"
    english = _bot(tmp_path, "C.UTF-8", "--help").stdout
    assert english.startswith("usage: python -m bot [--env FILE]") and not CJK.search(english)


def test_console_database_defaults_beside_the_env_in_use_and_help_says_where(
    tmp_path: Path,
) -> None:
    assert default_db() == ROOT / "shengji-console.db"  # the project's .env folder
    use_env_file(tmp_path / "my.env")
    try:
        assert default_db() == tmp_path / "shengji-console.db"
        parser = _parser("en")
        (db,) = [a for a in parser._actions if a.dest == "db"]
        assert db.default == str(tmp_path / "shengji-console.db")
        assert db.help is not None and db.help.endswith(f"{tmp_path / 'shengji-console.db'})")
        assert "beside the .env in use" in " ".join(parser.format_help().split())
    finally:
        use_env_file(None)
