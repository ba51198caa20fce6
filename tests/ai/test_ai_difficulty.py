"""Difficulty names players understand (issue 24): 新手 / 普通 / 高手 (beginner /
normal / expert) seat the simple, basic and strong levels — in ``/table addbot
level:``, the service (the old level names stay accepted) and the console."""

from __future__ import annotations

import subprocess
from pathlib import Path

from bot.console.cli import console_level
from bot.discord_app.cogs.lobby import LEVEL_CHOICES
from bot.discord_app.translator import STRINGS
from bot.service import ServiceError
from bot.text.i18n import text
from rules.ai import DIFFICULTIES, level_of, make_player
from rules.ai.strong import DEFAULT_BUDGET_MS, StrongPlayer
from storage import Database
from tests.support.console_helpers import CONSOLE, ROOT, console_env, console_table
from tests.support.discord_helpers import make_world
from tests.support.service_helpers import NAMES, new_service

CH = 7101


def test_difficulties_map_to_levels() -> None:
    assert DIFFICULTIES == {"beginner": "simple", "normal": "basic", "expert": "strong"}
    for name, level in DIFFICULTIES.items():
        assert level_of(name) == level == level_of(level)
        assert make_player(name).level == level
    expert = make_player("expert")
    assert isinstance(expert, StrongPlayer) and expert.budget_ms == DEFAULT_BUDGET_MS
    assert level_of("godlike") is None


def test_slash_choices_are_the_difficulties_in_three_languages() -> None:
    assert [c.value for c in LEVEL_CHOICES] == ["beginner", "normal", "expert"]
    assert [STRINGS[c.name] for c in LEVEL_CHOICES] == [
        ("新手", "新手"),
        ("普通", "普通"),
        ("高手", "高手"),
    ]
    shown = [text(lang, "ai_level.strong") for lang in ("en", "zh-CN", "zh-TW")]
    assert shown == ["expert", "高手", "高手"]


async def test_service_takes_difficulties_and_the_old_names(db: Database) -> None:
    svc = new_service(db)
    await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=101, creator_name=NAMES[0]
    )
    seated = {}
    for name in ("expert", "beginner", "basic"):
        seated[await svc.lifecycle.add_ai(CH, 101, level=name)] = level_of(name)
    st = await svc.queries.status(CH)
    assert {s: st.table.seats[s].ai_level for s in seated} == seated
    try:
        await svc.lifecycle.add_ai(CH, 101, level="godlike")
    except ServiceError as exc:
        msg = exc.message("en")
        assert "godlike" in msg and "beginner, normal, expert" in msg
    else:  # pragma: no cover
        raise AssertionError("an unknown level was seated")


async def test_addbot_level_expert_seats_the_strong_player(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice = w.members[0]
        await w.slash(alice, "table new")
        r = await w.slash(alice, "table addbot", level="expert")
        assert r.response is not None and "AI player" in r.response.content
        r = await w.slash(alice, "table addbot")  # the default: normal
        assert r.response is not None and not r.response.ephemeral
        seats = w.bot.service.queries.cached_status(w.table_id).table.seats
        assert sorted(s.ai_level for s in seats if s.ai_level) == ["basic", "strong"]
        assert "AI (expert)" in w.lobby_message().content


def test_console_level_names_in_every_language() -> None:
    for names, level in (
        (("beginner", "新手", "simple"), "simple"),
        (("normal", "普通", "Normal"), "basic"),
        (("expert", "高手", "strong"), "strong"),
    ):
        assert {console_level(n) for n in names} == {level}
    assert console_level("godlike") is None


async def test_console_seats_the_chosen_difficulty(sqlite_db: Database) -> None:
    table, _ = await console_table(sqlite_db, level="strong")
    seats = table.service.queries.cached_status(table.table_id or 0).table.seats
    assert [s.ai_level for s in seats[1:]] == ["strong"] * 3


def test_console_refuses_an_unknown_level(tmp_path: Path) -> None:
    bad = subprocess.run(
        [*CONSOLE, "--db", str(tmp_path / "x.db"), "--level", "godlike"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=console_env(),
        timeout=60,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "godlike" in bad.stderr and "beginner, normal, expert" in bad.stderr
    assert not (tmp_path / "x.db").exists()
