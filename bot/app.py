"""``python -m bot``: run the Discord bot, or explain how to get a token."""

from __future__ import annotations

import asyncio
import logging
import os
import sys

from bot.compiled import engine_line
from bot.config import Config, ConfigError
from bot.service.shards import ShardConfigError
from bot.service.startup import open_database, run_or_explain
from bot.text.i18n import environment_language, text

PORTAL = "https://discord.com/developers/applications"


def no_token(lang: str) -> str:
    """How to get a token, in ``lang``; the portal's own words (it is English only),
    commands, files and settings stay as they are typed."""
    return text(
        lang,
        "main.no_token",
        token_var="DISCORD_TOKEN",
        portal=PORTAL,
        new_app="New Application",
        bot_tab="Bot",
        reset="Reset Token",
        env=".env",
        env_example=".env.example",
        readme="README",
        invite=".venv/bin/python -m bot invite",
        client_flag="--client-id",
        app_id_var="APPLICATION_ID",
        scopes=('"bot" and ' if lang == "en" else '"bot"、') + '"applications.commands"',
        run=".venv/bin/python -m bot",
        sync=".venv/bin/python -m bot sync",
        console=".venv/bin/python -m bot console",
    )


NO_TOKEN = no_token("en")


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
        lang = environment_language(os.environ)  # like ``console --help``
        print(no_token(lang))
        if sys.stdin.isatty() and not sync:
            answer = input(text(lang, "main.start_console")).strip().lower()
            if answer in ("", "y", "yes", "是", "好", "要"):
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
        live = web.live if web is not None else None
        return await run_bot(config, sync_only=sync, on_service=live.attach if live else None)
    finally:
        if web is not None:
            await web.stop()


async def _check_database(url: str) -> int:
    """Open the database and bring its schema up to date (the bot does it again,
    quickly, once connected)."""
    db = open_database(url)
    try:
        await db.upgrade()
    finally:
        await db.dispose()
    return 0
