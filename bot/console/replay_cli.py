"""``python -m bot replay`` and ``python -m bot record``: 复盘 of a finished hand;
``python -m bot hands``: the hands a database holds.

    python -m bot replay RECORD.txt                          # a record file
    python -m bot replay [--db FILE] [--table ID] [--hand N] # a stored hand
    python -m bot record [--db FILE] [--table ID] [--hand N] --out RECORD.txt --html VIEWER.html
    python -m bot hands [--db FILE] [--table ID] [--limit N]

Without ``--hand`` a stored hand is the last finished one (of ``--table``, or of
the whole database); ``--hand`` without ``--table`` is at the table of that last hand.

``--db`` is taken like the console's (a SQLite file or a database URL); without
it ``DATABASE_URL`` (``bot.config``). Only a finished hand has a record: a hand
still being played is refused, and so is a hand of a tournament round in play
(the other table of a duplicate board has still to play it): nothing hidden is
shown before its time. Stored hands are read through the service.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from sqlalchemy.engine import make_url

from bot.console.cli import _Help, _lang_in
from bot.console.replay_step import line_command, step_through
from bot.console.terminal import KeyReader, LineReader, quiet_logging, red_suits
from bot.service.errors import ServiceError
from bot.service.replays import HandEntry, ReplayService
from bot.service.startup import open_database, run_or_explain
from bot.text.i18n import language, text
from bot.text.render import result_text, stored_trump_text
from rules.record import RecordError, parse_record
from rules.replay import HandReplay, ReplayError, hand_replay


@dataclass
class ReplayRefused(Exception):
    """Why there is nothing to replay, as a catalog code and its parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str) -> str:
        return text(lang, self.code, **self.params)


def replay_of_text(record_text: str, name: str) -> HandReplay:
    """The replay of a record's text; ReplayRefused when it is not a finished hand."""
    try:
        record = parse_record(record_text)
    except (RecordError, ValueError) as exc:
        raise ReplayRefused("replay.bad_record", {"file": name}) from exc
    try:
        return hand_replay(record)
    except ReplayError as exc:
        raise ReplayRefused("replay.not_finished") from exc


def read_record_file(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ReplayRefused("replay.no_file", {"file": path}) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayRefused("replay.bad_record", {"file": path}) from exc


def database_of(db: str | None) -> str:
    """The URL of ``--db`` (a file or a URL, as the console takes it), else
    DATABASE_URL; a SQLite file that does not exist is refused (never created)."""
    if db is None:
        from bot.config import Config

        url = Config.load().database_url
    else:
        url = db if "://" in db else f"sqlite+aiosqlite:///{db}"
    try:
        parsed = make_url(url)
    except Exception:
        return url  # storage.startup explains a malformed URL
    name = parsed.database
    sqlite_file = parsed.drivername.startswith("sqlite") and name and name != ":memory:"
    if sqlite_file and not Path(str(name)).is_file():
        raise ReplayRefused("replay.no_file", {"file": name})
    return url


@dataclass(frozen=True)
class Stored:
    """A stored hand's record text and where it is (table, hand)."""

    record: str
    table_id: int
    hand_no: int


async def stored_record(url: str, table_id: int | None, hand_no: int | None) -> Stored:
    """Hand ``hand_no`` of table ``table_id``, through the guarded service calls the
    bot's own replays use (``ReplayService``): a missing ``hand_no`` is the table's
    last finished hand, a missing ``table_id`` the table of the database's last
    one. ReplayRefused: unknown table or hand, a hand or a tournament round in
    play, no finished hand at all."""
    db = open_database(url)
    try:
        await db.upgrade()
        replays = ReplayService(db)
        if hand_no is None:
            hand = await replays.last_hand(table_id)
        else:
            if table_id is None:
                table_id = (await replays.last_hand()).table_id
            hand = await replays.table_hand(table_id, hand_no)
    except ServiceError as exc:
        raise ReplayRefused(exc.code, exc.params) from exc
    finally:
        await db.dispose()
    return Stored(hand.record, hand.table_id, hand.hand_no)


async def stored_hands(url: str, table_id: int | None, limit: int) -> list[HandEntry]:
    """The database's hands, newest first, as ``ReplayService.listing`` shows them."""
    db = open_database(url)
    try:
        await db.upgrade()
        return await ReplayService(db).listing(table_id, limit)
    except ServiceError as exc:
        raise ReplayRefused(exc.code, exc.params) from exc
    finally:
        await db.dispose()


# ---- arguments ---------------------------------------------------------------------------


def _parser(
    lang: str, prog: str, description: str, *, hand: bool = True
) -> argparse.ArgumentParser:
    """The options ``replay``, ``record`` and ``hands`` share (``hands``: no --hand)."""

    def t(code: str) -> str:
        return text(lang, code)

    formatter: type[_Help] = type("Help", (_Help,), {"usage_prefix": t("cli.usage")})
    parser = argparse.ArgumentParser(
        prog=prog, description=t(description), formatter_class=formatter, add_help=False
    )
    parser._optionals.title = t("cli.options")
    parser._positionals.title = t("replay.cli_arguments")
    parser.add_argument("-h", "--help", action="help", help=t("cli.help"))
    parser.add_argument("--db", default=None, metavar=t("cli.file"), help=t("replay.cli_db"))
    table_help = t("replay.cli_table" if hand else "hands.cli_table")
    parser.add_argument("--table", type=int, metavar=t("replay.cli_id"), help=table_help)
    if hand:
        parser.add_argument(
            "--hand", type=int, metavar=t("replay.cli_n"), help=t("replay.cli_hand")
        )
    parser.add_argument("--lang", default=None, metavar=t("cli.language"), help=t("cli.lang"))
    return parser


def _fail(prog: str, lang: str, refused: ReplayRefused) -> int:
    print(f"{prog}: {refused.message(lang)}", file=sys.stderr)
    return 2


def _load(args: argparse.Namespace, lang: str) -> tuple[str, str] | int:
    """(record text, its name) from FILE or the database (the last finished hand
    unless --table/--hand say which); an exit code when the database could not be
    opened (said already). ReplayRefused otherwise."""
    if getattr(args, "file", None):
        return read_record_file(args.file), args.file
    url = database_of(args.db)
    found = run_or_explain(lambda: asyncio.run(stored_record(url, args.table, args.hand)), url)
    if isinstance(found, int):
        return found
    if args.table is None or args.hand is None:  # say which hand was picked
        print(text(lang, "replay.picked", table=found.table_id, hand=found.hand_no))
    return found.record, f"#{found.table_id}/{found.hand_no}"


def main_replay(argv: list[str]) -> int:
    lang = language(_lang_in(argv))
    parser = _parser(lang, "python -m bot replay", "replay.cli_description")
    parser.add_argument(
        "file", nargs="?", metavar=text(lang, "cli.file"), help=text(lang, "replay.cli_file")
    )
    args = parser.parse_args(argv)
    quiet_logging()
    try:
        loaded = _load(args, lang)
        if isinstance(loaded, int):
            return loaded
        replay = replay_of_text(*loaded)
    except ReplayRefused as refused:
        return _fail(parser.prog, lang, refused)
    out = Console(highlight=False)
    try:
        asyncio.run(_step(replay, lang, out))
    except KeyboardInterrupt:
        out.print()
        return 130
    return 0


async def _step(replay: HandReplay, lang: str, out: Console) -> None:
    def say(line: str) -> None:
        out.print(red_suits(escape(line)))

    if sys.stdin.isatty() and sys.stdout.isatty():
        keys = KeyReader(sys.stdin.fileno())

        async def read_key() -> str | None:
            return keys.read()

        try:
            await step_through(replay, lang, say, read_key, clear=out.clear)
        finally:
            keys.close()
        return
    reader = LineReader(sys.stdin)
    reader.start()

    async def read_line() -> str | None:
        line = await reader.readline()
        return None if line is None else line_command(line)

    try:
        await step_through(replay, lang, say, read_line)
    finally:
        reader.close()


def main_record(argv: list[str]) -> int:
    lang = language(_lang_in(argv))
    parser = _parser(lang, "python -m bot record", "replay.cli_record_description")
    parser.add_argument(
        "--out", default=None, metavar=text(lang, "cli.file"), help=text(lang, "replay.cli_out")
    )
    parser.add_argument(
        "--html", default=None, metavar=text(lang, "cli.file"), help=text(lang, "replay.cli_html")
    )
    args = parser.parse_args(argv)
    quiet_logging()
    if args.out is None and args.html is None:
        return _fail(parser.prog, lang, ReplayRefused("replay.cli_need_output"))
    try:
        loaded = _load(args, lang)
        if isinstance(loaded, int):
            return loaded
        record_text, name = loaded
        replay = replay_of_text(record_text, name)
        if args.out is not None:
            _write(args.out, record_text)
            print(text(lang, "replay.wrote_record", file=args.out))
        if args.html is not None:
            from bot.pictures.viewer import viewer_html

            page_lang = lang if _lang_given(argv) else _table_language(args) or lang
            _write(args.html, viewer_html(replay, record_text, lang=page_lang))
            print(text(lang, "replay.wrote_viewer", file=args.html))
    except ReplayRefused as refused:
        return _fail(parser.prog, lang, refused)
    return 0


def _lang_given(argv: list[str]) -> bool:
    return any(a == "--lang" or a.startswith("--lang=") for a in argv)


def _table_language(args: argparse.Namespace) -> str | None:
    """The language a stored table was played in, for its viewer page when --lang
    is not given (the console's own words keep the terminal's language)."""
    if args.table is None:
        return None
    return asyncio.run(stored_language(database_of(args.db), args.table))


async def stored_language(url: str, table_id: int) -> str | None:
    """A table's language as the bot stored it (its options), or None."""
    db = open_database(url)
    try:
        found = await ReplayService(db).table_language(table_id)
    finally:
        await db.dispose()
    return language(found) if found else None


def _write(path: str, body: str) -> None:
    try:
        Path(path).write_text(body, encoding="utf-8")
    except OSError as exc:
        raise ReplayRefused("replay.write_failed", {"file": path}) from exc


def hand_line(lang: str, entry: HandEntry) -> str:
    """One hand of the list: table, hand, date, trump, result (a hand of a
    tournament round in play: only that it is in play)."""
    when = entry.finished_at.strftime("%Y-%m-%d %H:%M UTC")  # stored in UTC
    if entry.in_play or entry.trump is None or entry.winner is None:
        return text(lang, "hands.in_play", table=entry.table_id, hand=entry.hand_no, date=when)
    return text(
        lang,
        "hands.line",
        table=entry.table_id,
        hand=entry.hand_no,
        date=when,
        trump=stored_trump_text(lang, entry.trump),
        result=result_text(lang, entry.winner, entry.level_change),
        points=entry.attackers_points,
    )


def main_hands(argv: list[str]) -> int:
    lang = language(_lang_in(argv))
    parser = _parser(lang, "python -m bot hands", "hands.cli_description", hand=False)
    parser.add_argument(
        "--limit",
        type=int,
        default=50,
        metavar=text(lang, "replay.cli_n"),
        help=text(lang, "hands.cli_limit"),
    )
    args = parser.parse_args(argv)
    quiet_logging()
    try:
        url = database_of(args.db)
        found = run_or_explain(lambda: asyncio.run(stored_hands(url, args.table, args.limit)), url)
    except ReplayRefused as refused:
        return _fail(parser.prog, lang, refused)
    if isinstance(found, int):
        return found
    if not found:
        if args.table is None:
            print(text(lang, "replay.no_hands"))
        else:
            print(text(lang, "replay.no_hands_at_table", table=args.table))
        return 0
    for entry in found:
        print(hand_line(lang, entry))
    return 0
