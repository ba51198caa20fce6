"""Shared helpers for the console tests: the console as a subprocess and in-process."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from rich.console import Console

from bot.console.commands import CONSOLE_OPTIONS
from bot.console.table import ConsoleTable
from bot.service import FakeClock, TableService
from rules.ruleset import RuleSet
from storage import Database

ROOT = Path(__file__).resolve().parents[2]
CONSOLE = [sys.executable, "-m", "bot", "console"]


def console_env(**extra: str) -> dict[str, str]:
    # English unless a test sets a locale: the console speaks the environment's language.
    env = dict(os.environ, COLUMNS="100", PYTHONIOENCODING="utf-8", LANG="C.UTF-8")
    for name in ("DATABASE_URL", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    env.update(extra)
    return env


def run_console(
    db_file: Path, commands: list[str], *args: str, env: dict[str, str] | None = None
) -> str:
    proc = subprocess.run(
        [*CONSOLE, "--db", str(db_file), *args],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env or console_env(),
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc.stdout


async def console_table(
    db: Database,
    locale: str = "en",
    seed: str = "console",
    preset_name: str = "one-deck",
    *,
    preset_given: bool = False,
    fresh: bool = False,
    colour: bool = False,
    rules: RuleSet | None = None,
    confirm: Callable[[], Awaitable[bool]] | None = None,
    level: str | None = None,
) -> tuple[ConsoleTable, io.StringIO]:
    clock = FakeClock()
    svc = TableService(db, clock=clock, defaults=CONSOLE_OPTIONS, seed_source=lambda: seed)
    buf = io.StringIO()
    out = Console(
        file=buf,
        width=100,
        highlight=False,
        color_system="standard" if colour else None,
        force_terminal=colour,
    )
    options = {"preset_given": preset_given, "fresh": fresh, "rules": rules, "level": level}
    table = ConsoleTable(
        svc,
        clock,
        out,
        locale=locale,
        preset_name=preset_name,
        **{k: v for k, v in options.items() if v},  # type: ignore[arg-type]
    )
    table.confirm = confirm
    await table.open()
    return table, buf


async def to_my_turn(table: ConsoleTable) -> None:
    for _ in range(50):
        asked = await table.pump()
        if asked == "play":
            return
        await table.handle("go", asked)
    raise AssertionError("never my turn")


class Running:
    """A console subprocess whose output is collected while it runs."""

    def __init__(self, args: list[str], stdin: int | None = subprocess.PIPE, **kw: object) -> None:
        import threading

        self.proc = subprocess.Popen(
            args,
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=console_env(),
            **kw,  # type: ignore[call-overload]
        )
        self.out = bytearray()
        self.err = bytearray()
        for stream, buf in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=self._drain, args=(stream, buf), daemon=True).start()

    @staticmethod
    def _drain(stream: object, buf: bytearray) -> None:
        read = stream.read1  # type: ignore[attr-defined]
        while chunk := read(65536):
            buf.extend(chunk)

    @property
    def stdout(self) -> str:
        return self.out.decode("utf-8", "replace")

    @property
    def stderr(self) -> str:
        return self.err.decode("utf-8", "replace")

    def wait_for(self, needle: str, timeout: float = 60) -> None:
        import time

        end = time.monotonic() + timeout
        while needle not in self.stdout:
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError(f"never saw {needle!r}:\n{self.stdout[-2000:]}\n{self.stderr}")
            time.sleep(0.05)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
