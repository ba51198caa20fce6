"""``python -m storage`` (issue 47, item 6): every ``--help`` prints help and
touches no database; bad usage is refused before one is opened; ``upgrade`` and
``ratings rebuild`` still do their work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.processes import ROOT, child_env

HELP = [
    ["--help"],
    ["-h"],
    ["upgrade", "--help"],
    ["ratings", "--help"],
    ["ratings", "rebuild", "--help"],
    ["ratings", "rebuild", "-h"],
    ["ratings", "rebuild", "--help", "extra"],  # --help wins, as argparse has it
]
BAD = [[], ["ratings"], ["rebuild"], ["upgrade", "now"], ["ratings", "rebuild", "--all"]]


def run_storage(db_file: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**child_env(), "DATABASE_URL": f"sqlite+aiosqlite:///{db_file}"}
    return subprocess.run(
        [sys.executable, "-m", "storage", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def untouched(tmp_path: Path) -> bool:
    """No database file (nor its WAL files) was made."""
    return not any(tmp_path.iterdir())


@pytest.mark.parametrize("args", HELP, ids=" ".join)
def test_every_help_prints_help_and_touches_nothing(tmp_path: Path, args: list[str]) -> None:
    proc = run_storage(tmp_path / "s.db", *args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: python -m storage"), proc.stdout
    assert "rebuilt" not in proc.stdout and "schema is up to date" not in proc.stdout
    assert untouched(tmp_path)


def test_the_help_names_the_commands(tmp_path: Path) -> None:
    top = run_storage(tmp_path / "s.db", "--help").stdout
    assert "upgrade" in top and "ratings" in top and "DATABASE_URL" in top
    assert "rebuild" in run_storage(tmp_path / "s.db", "ratings", "--help").stdout


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(a) or "nothing")
def test_bad_usage_is_refused_before_any_database(tmp_path: Path, args: list[str]) -> None:
    proc = run_storage(tmp_path / "s.db", *args)
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: python -m storage"), proc.stderr
    assert "Traceback" not in proc.stderr
    assert untouched(tmp_path)


def test_upgrade_and_rebuild_still_work(tmp_path: Path) -> None:
    db_file = tmp_path / "s.db"
    up = run_storage(db_file, "upgrade")
    assert up.returncode == 0, up.stderr
    assert up.stdout.startswith("schema is up to date at") and db_file.is_file()
    done = run_storage(db_file, "ratings", "rebuild")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "rebuilt 0 ratings from 0 ranked hands: identical to the stored ones\n"
