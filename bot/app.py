"""``python -m bot``: run the Discord bot, or explain how to get a token."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.compiled import engine_line
from bot.config import Config, ConfigError
from bot.service.shards import ShardConfigError
from storage.db import Database
from storage.startup import run_or_explain

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the Discord bot cannot start.

To run it on Discord:
  1. Open https://discord.com/developers/applications → New Application.
  2. Bot → Reset Token → copy the token.
  3. Put it in a file named .env next to this README:   DISCORD_TOKEN=your-token
     (copy .env.example to .env for every setting).
  4. Print the invite URL:  .venv/bin/python -m bot invite   (the client id is read
     from the token, or pass --client-id / set APPLICATION_ID) and open it to add
     the bot to a server. It asks for scopes "bot" and "applications.commands" and
     the channel permissions: View Channels and Send Messages (lobby, posts), Embed
     Links and Attach Files (the table message and its picture), Create Public
     Threads and Send Messages in Threads (a table in a busy channel gets a thread),
     Create Private Threads (a duplicate tournament's tables, behind screens).
     Hand DMs and command answers need no channel permission.
  5. Run again:  .venv/bin/python -m bot   (first time: .venv/bin/python -m bot sync)

Meanwhile you can play offline against three AI players:
  .venv/bin/python -m bot console
"""


def main(argv: list[str]) -> int:
    try:
        config = Config.load()
    except (ShardConfigError, ConfigError) as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, config.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if config.log_level != "DEBUG":  # Alembic's per-start chatter ("Context impl ...")
        logging.getLogger("alembic").setLevel(logging.WARNING)
    sync = argv[:1] == ["sync"]
    if not config.token:
        print(NO_TOKEN)
        if sys.stdin.isatty() and not sync:
            answer = input("Start the console table now? [Y/n] ").strip().lower()
            if answer in ("", "y", "yes"):
                from bot.console.cli import main as console_main

                return console_main([])
        return 2
    from bot.discord_app.client import StartupError

    # The database first: a wrong DATABASE_URL is one clear sentence and exit code 2.
    checked = run_or_explain(
        lambda: asyncio.run(_check_database(config.database_url)),
        config.database_url,
        debug=config.log_level == "DEBUG",
    )
    if checked:
        return checked
    log = logging.getLogger(__name__)
    log.info(config.startup_line())  # after the check's one sentence
    log.info(engine_line())
    try:
        return asyncio.run(_serve(config, sync))
    except StartupError as exc:
        print(exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while waiting to retry: a normal stop
        print("stopped", file=sys.stderr)
        return 0


async def _serve(config: Config, sync: bool) -> int:
    """The Discord client, and the web side beside it when WEB_PORT is set (stopped
    when the client stops, whatever the reason)."""
    from bot.discord_app.client import StartupError, run_bot

    web = None
    if config.web_port is not None and not sync:
        from bot.web.server import WebStartError, start_web

        try:
            web = await start_web(config)
        except WebStartError as exc:
            raise StartupError(str(exc)) from None
    try:
        return await run_bot(config, sync_only=sync)
    finally:
        if web is not None:
            await web.stop()


async def _check_database(url: str) -> int:
    """Open the database and bring its schema up to date (the bot does it again,
    quickly, once connected)."""
    db = Database(url)
    try:
        await db.upgrade()
    finally:
        await db.dispose()
    return 0
