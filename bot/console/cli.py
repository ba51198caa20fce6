"""``python -m bot console``: options, signals and the database around a
``ConsoleTable`` (bot/console/table.py).

Ctrl-C and SIGTERM quit at the next safe point (every accepted move is stored
already), print "Saved." and exit 0 with no traceback; a second Ctrl-C stops
even a hung step.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import textwrap
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console

from bot.config import env_file
from bot.console.commands import CONSOLE_OPTIONS
from bot.console.rule_words import allowed_words, nearest_name, setting_name, setting_value
from bot.console.table import ConsoleTable
from bot.console.terminal import LineReader, quiet_logging
from bot.service import FakeClock, ServiceError, TableService
from bot.service.errors import rules_reason
from bot.service.house_rules import setting_error
from bot.service.startup import open_database, run_or_explain
from bot.text.i18n import (
    LANGUAGES,
    environment_language,
    known_language,
    language,
    preset_label,
    text,
)
from rules.ai import DIFFICULTIES, level_of
from rules.presets import ALL_PRESETS, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import MAX_PLAYERS, MIN_PLAYERS
from rules.settings import REGISTRY, SettingError

PRESET_NAMES = tuple(ALL_PRESETS)  # the four-seat presets and the 找朋友 ones

DEFAULT_PRESET = "classic"
CONSOLE_DB = "shengji-console.db"


def default_db() -> Path:
    """The console's file when ``--db`` is not given: next to the ``.env`` in use (the
    project's, or ``python -m bot --env FILE``'s), as the bot's own database is, so the
    same table is found whatever directory the console is started from."""
    return env_file().parent / CONSOLE_DB


async def run_console(
    db_url: str,
    preset_name: str,
    locale: str,
    stdin: TextIO,
    out: Console,
    *,
    preset_given: bool = False,
    fresh: bool = False,
    rules: RuleSet | None = None,
    locale_given: bool = True,
    deal: int | None = None,
    level: str = "normal",
) -> None:
    db = open_database(db_url)
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
            rules=rules,
            locale_given=locale_given,
            deal=deal,
            level=level,
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


def _lang_in(argv: list[str]) -> str:
    """--lang, read before parsing so that --help speaks it too."""
    for i, arg in enumerate(argv):
        given = arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            given = argv[i + 1]
        if given is not None and known_language(given):
            return language(given)
    return environment_language(os.environ)  # an unknown --lang is refused in it


class _Help(argparse.RawDescriptionHelpFormatter):
    """Usage prefix in the chosen language; the epilog is wrapped by us, so preset
    names are never cut at their hyphens."""

    usage_prefix = "usage: "

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix or self.usage_prefix)


def _parser(lang: str) -> argparse.ArgumentParser:
    def t(code: str, **params: object) -> str:
        return text(lang, f"cli.{code}", **params)

    presets = text(lang, "score.comma").join(_preset_choices(lang))

    class Help(_Help):
        usage_prefix = t("usage")

    parser = argparse.ArgumentParser(
        prog="python -m bot console",
        description=t("description"),
        epilog=textwrap.fill(
            t("epilog", presets=presets), 78, break_on_hyphens=False, break_long_words=False
        ),
        formatter_class=Help,
        add_help=False,
    )
    parser._optionals.title = t("options")
    parser.add_argument("-h", "--help", action="help", help=t("help"))
    db = default_db()
    db_help = t("db", path=db, env=".env", flag="--env")
    parser.add_argument("--db", default=str(db), metavar=t("file"), help=db_help)
    parser.add_argument(
        "--preset", default=None, metavar=t("name"), help=t("preset", default=DEFAULT_PRESET)
    )
    parser.add_argument("--new", action="store_true", help=t("new"))
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar=t("rule_metavar"),
        help=t("rule", flag="--rule"),
    )
    parser.add_argument("--rules", default=None, metavar=t("file"), help=t("rules_file"))
    parser.add_argument("--lang", default=None, metavar=t("language"), help=t("lang"))
    parser.add_argument("--deal", type=int, default=None, metavar=t("hand"), help=t("deal"))
    parser.add_argument("--level", default="normal", metavar=t("level_metavar"), help=t("level"))
    return parser


class HouseRuleError(Exception):
    """A --rule or --rules that cannot be played (worded like the Discord refusal)."""

    def __init__(self, error: ServiceError) -> None:
        super().__init__(error.code)
        self.error = error

    def message(self, lang: str) -> str:
        return self.error.message(lang)


def house_rules(
    preset_name: str, path: str | None, changes: list[str], lang: str = "en"
) -> RuleSet | None:
    """The rule set of ``--rules FILE`` and ``--rule NAME=VALUE`` (None: neither given).
    Names and values may be written as any language shows them (bot/console/rule_words)."""
    if path is None and not changes:
        return None
    if path is not None:
        try:
            raw = Path(path).read_bytes()
            rules = RuleSet.from_json(raw.decode("utf-8"))
        except RuleSetError as exc:
            raise HouseRuleError(ServiceError("rules_file_bad", **rules_reason(exc))) from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise HouseRuleError(ServiceError("rules_file_bad", reason=str(exc))) from exc
    else:
        rules = preset(preset_name)
    wanted: dict[str, str] = {}
    for item in changes:
        typed, sep, value = item.partition("=")
        if not sep:
            raise HouseRuleError(
                ServiceError("rule_flag_form", flag="--rule", setting=typed.strip())
            )
        name = setting_name(typed)
        if name is None:
            near = nearest_name(typed)
            code = "setting_unknown_near" if near else "setting_unknown"
            raise HouseRuleError(ServiceError(code, setting=typed.strip(), suggestion=near))
        wanted[name] = setting_value(REGISTRY.get(name), value)
    try:
        return REGISTRY.apply(rules, wanted)
    except SettingError as exc:
        error = setting_error(exc)
        if error.code == "setting_bad_value" and exc.setting in REGISTRY and lang != "en":
            # A Chinese screen lists the values by their Chinese labels (accepted too).
            error.params["allowed"] = allowed_words(lang, REGISTRY.get(exc.setting))
        raise HouseRuleError(error) from exc


def console_level(name: str) -> str | None:
    """``--level``: a difficulty in any language (beginner / 新手, normal / 普通,
    expert / 高手) or an old level name; the level it seats, None if unknown."""
    for code, lv in DIFFICULTIES.items():
        if name.strip().lower() in {code, *(text(lang, f"ai_level.{lv}") for lang in LANGUAGES)}:
            return lv
    return level_of(name.strip().lower())


def _preset_choices(lang: str) -> list[str]:
    if lang == "en":
        return list(PRESET_NAMES)
    return [
        text(lang, "preset_choice", name=name, label=preset_label(lang, name))
        for name in PRESET_NAMES
    ]


def _preset_refusal(name: str, lang: str) -> str:
    """Why ``--preset NAME`` cannot be played ("" when it can): a listed preset or any
    找朋友 table by name (friends-7, friends-10x4). A friends-N out of range says
    the range (4 to 10 seats), not just that no such preset exists."""
    try:
        preset(name)
    except RuleSetError as exc:
        if exc.code != "unknown_preset":  # friends-11, friends-6x9: the engine's reason
            return ServiceError("preset_refused", name=name, **rules_reason(exc)).message(lang)
        friends = text(lang, "preset_friends_any", least=MIN_PLAYERS, most=MAX_PLAYERS)
        choices = text(lang, "score.comma").join([*_preset_choices(lang), friends])
        return text(lang, "unknown_preset", name=name, choices=choices)
    return ""


def main(argv: list[str]) -> int:
    lang = _lang_in(argv)  # --lang, else the environment's locale
    parser = _parser(lang)
    args = parser.parse_args(argv)
    locale_given = args.lang is not None
    if locale_given and not known_language(args.lang):  # not a silent fall-back to English
        print(f"{parser.prog}: {text(lang, 'unknown_language', name=args.lang)}", file=sys.stderr)
        return 2
    args.lang = args.lang or lang
    if args.preset is not None and (message := _preset_refusal(args.preset, language(args.lang))):
        print(f"{parser.prog}: {message}", file=sys.stderr)
        return 2
    lang = language(args.lang)
    level = console_level(args.level)
    if level is None:
        error = ServiceError("unknown_ai_level", name=args.level, choices=", ".join(DIFFICULTIES))
        print(f"{parser.prog}: {error.message(lang)}", file=sys.stderr)
        return 2
    try:
        rules = house_rules(args.preset or DEFAULT_PRESET, args.rules, args.rule, lang)
    except HouseRuleError as exc:
        print(f"{parser.prog}: {exc.message(lang)}", file=sys.stderr)
        return 2
    out = Console(highlight=False)
    quiet_logging()
    url = args.db if "://" in args.db else f"sqlite+aiosqlite:///{args.db}"
    try:
        # A database that cannot be opened: one sentence and exit code 2 (bot.service.startup).
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
                    rules=rules,
                    locale_given=locale_given,
                    deal=args.deal,
                    level=level,
                )
            ),
            url,
        )
    except ServiceError as exc:  # --deal of a hand this file does not have, …
        print(f"{parser.prog}: {exc.message(lang)}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, asyncio.CancelledError):
        with contextlib.suppress(Exception):
            out.print("\n" + text(language(args.lang), "console.saved"))
        return 130
    return result or 0
