"""The console items of issue 18: 托管 until you take over, the trick's winning play
marked, the hand grouped by the trump declared so far, no English in Chinese
screens, the language remembered, and the small prompts."""

from __future__ import annotations

from pathlib import Path

from tests.console_helpers import console_env, run_console


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
