"""``python -m bot console``: options, signals and the database around a
``ConsoleTable`` (bot/console.py).

Ctrl-C and SIGTERM quit at the next safe point (every accepted move is stored
already), print "Saved." and exit 0 with no traceback; a second Ctrl-C stops
even a hung step.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from typing import TextIO

from rich.console import Console

from bot.console import CONSOLE_OPTIONS, ConsoleTable
from bot.console_io import LineReader, quiet_logging
from bot.i18n import language, text
from bot.service import FakeClock, TableService
from rules.presets import ALL_PRESETS
from storage import Database
from storage.startup import run_or_explain

PRESET_NAMES = tuple(ALL_PRESETS)  # the four-seat presets and the 找朋友 ones

DEFAULT_PRESET = "classic"


async def run_console(
    db_url: str,
    preset_name: str,
    locale: str,
    stdin: TextIO,
    out: Console,
    *,
    preset_given: bool = False,
    fresh: bool = False,
) -> None:
    db = Database(db_url)
    reader = LineReader(stdin)
    loop = asyncio.get_running_loop()
    main_task = asyncio.current_task()
    table: ConsoleTable | None = None

    def stop() -> None:
        if table is not None and not table.stopping:
            table.stopping = True
            reader.interrupt()
        elif main_task is not None:
            main_task.cancel()  # a second Ctrl-C: do not wait any longer

    signals = [s for s in (signal.SIGINT, signal.SIGTERM) if _add_signal(loop, s, stop)]
    try:
        reader.start()
        await db.upgrade()
        clock = FakeClock()
        service = TableService(db, clock=clock, defaults=CONSOLE_OPTIONS)
        table = ConsoleTable(
            service,
            clock,
            out,
            locale=language(locale),
            preset_name=preset_name,
            preset_given=preset_given,
            fresh=fresh,
        )
        await table.run(reader)
    finally:
        reader.close()
        for s in signals:
            loop.remove_signal_handler(s)
        await db.dispose()


def _add_signal(loop: asyncio.AbstractEventLoop, sig: int, fn: object) -> bool:
    try:
        loop.add_signal_handler(sig, fn)  # type: ignore[arg-type]
    except (NotImplementedError, RuntimeError, ValueError):
        return False  # not the main thread, or no signals here
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description="Play Shengji in the terminal: you sit North, three AI players the rest.",
        epilog="Rule presets: " + ", ".join(PRESET_NAMES),
    )
    parser.add_argument(
        "--db", default="shengji-console.db", help="SQLite file (default: shengji-console.db)"
    )
    parser.add_argument(
        "--preset",
        default=None,
        metavar="NAME",
        help=f"rule preset for a new table (default {DEFAULT_PRESET}): " + ", ".join(PRESET_NAMES),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help="close the table saved in the file and start a fresh one",
    )
    parser.add_argument("--lang", default="en", help="en, zh-CN or zh-TW")
    args = parser.parse_args(argv)
    if args.preset is not None and args.preset not in PRESET_NAMES:
        message = text(
            args.lang, "unknown_preset", name=args.preset, choices=", ".join(PRESET_NAMES)
        )
        print(f"{parser.prog}: {message}", file=sys.stderr)
        return 2
    out = Console(highlight=False)
    quiet_logging()
    url = args.db if "://" in args.db else f"sqlite+aiosqlite:///{args.db}"
    try:
        # A database that cannot be opened: one sentence and exit code 2 (storage.startup).
        result = run_or_explain(
            lambda: asyncio.run(
                run_console(
                    url,
                    args.preset or DEFAULT_PRESET,
                    args.lang,
                    sys.stdin,
                    out,
                    preset_given=args.preset is not None,
                    fresh=args.new,
                )
            ),
            url,
        )
    except (KeyboardInterrupt, asyncio.CancelledError):
        with contextlib.suppress(Exception):
            out.print("\n" + text(language(args.lang), "console.saved"))
        return 130
    return result or 0
