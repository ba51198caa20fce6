"""Child processes of the project (the crash tests kill them part-way) and the
kill-and-restart harness."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from tests.support.database import empty_database_url

ROOT = Path(__file__).resolve().parents[2]


def child_env() -> dict[str, str]:
    """The environment of a child process that imports the project from ``ROOT``."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_script(
    tmp_path: Path, name: str, source: str, *args: str, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``source`` as a Python script in a child process of the project (the
    crash tests kill it with SIGKILL part-way), capturing its output."""
    script = tmp_path / name
    script.write_text(source)
    return subprocess.run(
        [sys.executable, str(script), *args],
        cwd=ROOT,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


SLOW = os.environ.get("SHENGJI_SLOW") == "1"  # every kill point instead of a random few


async def kill_and_restart(
    backend: str,
    tmp_path: Path,
    name: str,
    child: Callable[[str, int], subprocess.CompletedProcess[str]],
    kill_points: Callable[[str], Iterable[int]],
    restart: Callable[[str], Awaitable[None]],
    *,
    always_killed: bool = False,
) -> tuple[list[int], int]:
    """The crash tests' harness. ``child(url, kill_at)`` runs a child process on a
    database that SIGKILLs itself at its ``kill_at``-th point (0: never). A full run
    on an empty database first; from its output ``kill_points`` picks where to kill.
    Then, for each point, a run on a fresh empty database and ``restart(url)`` on
    what it left. A run may only end killed or done (``always_killed``: killed);
    returns (points, runs killed)."""
    url = await empty_database_url(backend, tmp_path, f"{name}-count.db")
    full = child(url, 0)
    assert full.returncode == 0, full.stderr
    points = sorted(kill_points(full.stdout))
    killed = 0
    for kill_at in points:
        url = await empty_database_url(backend, tmp_path, f"{name}-kill-{kill_at}.db")
        run = child(url, kill_at)
        ends = (-signal.SIGKILL,) if always_killed else (-signal.SIGKILL, 0)
        assert run.returncode in ends, (kill_at, run.stderr)
        killed += run.returncode == -signal.SIGKILL
        await restart(url)
    return points, killed
