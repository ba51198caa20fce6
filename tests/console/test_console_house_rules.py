"""House rules in the console: --rule NAME=VALUE and --rules FILE for a new table,
the 规则 command lists every setting, and a bad rule is one translated sentence and
exit code 2 — the real console as a subprocess."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

from rules.presets import preset
from rules.ruleset import RuleSet
from tests.support.console_helpers import CONSOLE, ROOT, console_env, run_console


def _stored_rules(db_file: Path) -> RuleSet:
    with sqlite3.connect(db_file) as con:
        (raw,) = con.execute("select rules_json from tables").fetchone()
    return RuleSet.from_json(raw)


def test_rule_flags_make_the_table_and_the_rules_command_shows_them(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    out = run_console(db, ["rules", "quit"], "--rule", "throw_penalty=25", "--lang", "zh-CN")
    assert _stored_rules(db).throw_penalty == 25
    assert "甩牌失败罚分：25 ✎" in out  # marked as differing from the preset
    assert "跟牌与甩牌" in out
    assert "**" not in out  # Discord's bold marks never reach the terminal (**经典**)
    # Resuming with other rules keeps the saved game's and says so (in the saved
    # game's language: it was started in Chinese).
    out = run_console(db, ["quit"], "--rule", "throw_penalty=30")
    assert _stored_rules(db).throw_penalty == 25
    assert "继续的牌局保留原来的规则" in out


def test_a_rules_file_is_played_as_it_is(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    house = preset("one-deck").with_overrides(throw_penalty=35)
    path = tmp_path / "house.json"
    path.write_text(house.to_json())
    run_console(db, ["quit"], "--rules", str(path))
    assert _stored_rules(db) == house


def test_bad_rules_are_one_sentence_and_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"kitty_size": 7}))
    for args, words in (
        (["--rule", "throw_penalty=lots"], "甩牌失败罚分"),
        (["--rule", "no_such=1"], "no_such"),
        (["--rules", str(broken)], "什么都没有保存"),
        (["--rules", str(tmp_path / "missing.json")], "什么都没有保存"),
        (["--rule", "throw_penalty"], "名称=值"),  # it said: choose from NAME=VALUE
    ):
        proc = subprocess.run(
            [*CONSOLE, "--db", str(tmp_path / "x.db"), "--lang", "zh-CN", *args],
            input="quit\n",
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            env=console_env(),
            timeout=60,
        )
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert words in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
