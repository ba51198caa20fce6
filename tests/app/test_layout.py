"""The tree shows the architecture: which room a module is in says what it may import.

front ends (bot.discord_app, bot.console, bot.web) → bot.service → storage → rules; words
and pictures (bot.text, bot.pictures) serve the front ends and never import them. A front
end reaches stored data only through the service (its records and start-up helpers:
``bot.service.records``, ``bot.service.startup``), and words and pictures import no
storage: what they read of a stored record is a protocol of their own or a pure game
record in rules/ (``rules.ladder``, ``rules.progress``). The rating maths is in
``rules.ladder``; storage only reads and writes the ratings around it. The Discord front
end may use ``bot.web.links`` (the address of a shared replay page).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "storage", "bot", "bench")

# room -> rooms it must never import (prefix match on dotted module names)
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "rules": ("storage", "bot", "bench", "discord", "sqlalchemy", "asyncio"),
    "storage": ("bot", "bench", "discord"),
    "bot.service": (
        "bot.discord_app",
        "bot.console",
        "bot.web",
        "bot.pictures",
        "bench",
        "discord",
    ),
    "bot.text": (
        "storage",
        "bot.discord_app",
        "bot.console",
        "bot.web",
        "bot.service",
        "bot.pictures",
        "bench",
        "discord",
    ),
    "bot.pictures": (
        "storage",
        "bot.discord_app",
        "bot.console",
        "bot.web",
        "bot.service",
        "bench",
        "discord",
    ),
    "bot.console": ("storage", "bot.discord_app", "bot.web", "bench", "discord"),
    "bot.discord_app": ("storage", "bot.console", "bot.web.server", "bench"),
    "bot.web": ("storage", "bot.discord_app", "bot.console", "bench", "discord"),
}


def _modules() -> list[tuple[str, Path]]:
    out = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            out.append((".".join(parts), path))
    return out


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _room(module: str) -> str | None:
    best = None
    for room in FORBIDDEN:
        if (module == room or module.startswith(room + ".")) and (
            best is None or len(room) > len(best)
        ):
            best = room
    return best


@pytest.mark.parametrize(("module", "path"), _modules(), ids=lambda v: str(v))
def test_imports_point_one_way(module: str, path: Path) -> None:
    room = _room(module)
    if room is None:
        return
    bad = sorted(
        name
        for name in _imports(path)
        for banned in FORBIDDEN[room]
        if name == banned or name.startswith(banned + ".")
    )
    assert not bad, f"{module} ({room}) must not import {bad}"


def test_no_front_end_nor_words_nor_pictures_reach_storage() -> None:
    """Stored data reaches a front end only through the service; words and pictures
    read what they are given. No exceptions."""
    for room in ("bot.discord_app", "bot.console", "bot.web", "bot.text", "bot.pictures"):
        assert "storage" in FORBIDDEN[room], room


def test_bot_top_level_holds_only_entry_points_and_packages() -> None:
    loose = sorted(p.name for p in (ROOT / "bot").iterdir() if p.is_file() and p.suffix == ".py")
    # entry points and what they read first: settings, and which build of rules/ runs
    assert loose == ["__init__.py", "__main__.py", "app.py", "config.py"], loose
    packages = sorted(p.name for p in (ROOT / "bot").iterdir() if (p / "__init__.py").exists())
    assert packages == [
        "compiled",
        "console",
        "discord_app",
        "pictures",
        "service",
        "text",
        "web",
    ], packages


TESTS = ROOT / "tests"
AREAS = ("ai", "app", "bench", "console", "discord", "pictures", "rules", "service", "storage")
AREAS += ("text", "web")


def test_tests_live_by_area_with_one_support_package() -> None:
    """tests/<area>/test_*.py, helpers only in tests/support (no test there)."""
    top = sorted(p.name for p in TESTS.iterdir() if p.suffix == ".py")
    assert top == ["__init__.py", "conftest.py"], top
    dirs = sorted(p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert set(dirs) == {*AREAS, "support"}, dirs
    assert not list((TESTS / "support").glob("test_*.py"))
    for area in AREAS:
        names = [p.name for p in (TESTS / area).glob("*.py") if p.name != "__init__.py"]
        assert names and all(n.startswith("test_") for n in names), (area, names)


def test_tests_import_helpers_one_way() -> None:
    """A test imports helpers from tests.support only: never another test module
    nor the conftest (its fixtures reach tests by name)."""
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        for name in _imports(path):
            if name.startswith("tests.") and not name.startswith("tests.support"):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
            if name.split(".")[0].startswith("test_") or name == "conftest":
                bad.append(f"{path.relative_to(ROOT)}: {name}")
            if name.endswith("_helpers") and not name.startswith("tests.support."):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert not bad, bad


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    """The rule above would catch a picture module importing the Discord adapter."""
    bad = tmp_path / "bad.py"
    bad.write_text("from bot.discord_app.presenter import Presenter\nimport rules.cards\n")
    assert "bot.discord_app.presenter" in _imports(bad)
    assert _room("bot.pictures.table") == "bot.pictures"
    assert _room("bot.service.errors") == "bot.service"


ROOM_LINES = 500


def test_rooms_are_small() -> None:
    """No module outside tests over 500 lines."""
    too_big = []
    for _module, path in _modules():
        rel = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > ROOM_LINES:
            too_big.append(f"{rel}: {lines} lines")
    assert not too_big, too_big
