"""``python -m bot invite [--client-id ID]``: print the URL that adds the bot to a server
with exactly the permissions it needs (``bot.discord_app.permissions``)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from bot.config import load_dotenv
from bot.discord_app.permissions import INVITE_PERMISSIONS, NAMES, client_id_from_token, invite_url
from bot.text.i18n import environment_language, text

PORTAL = "https://discord.com/developers/applications"


def main(argv: list[str]) -> int:
    lang = environment_language(os.environ)  # like ``console --help``

    class Help(argparse.HelpFormatter):
        def add_usage(
            self, usage: Any, actions: Any, groups: Any, prefix: str | None = None
        ) -> None:
            super().add_usage(usage, actions, groups, prefix or text(lang, "cli.usage"))

    parser = argparse.ArgumentParser(
        prog="python -m bot invite",
        description=text(lang, "invite.description"),
        formatter_class=Help,
        add_help=False,
    )
    parser._optionals.title = text(lang, "cli.options")
    parser.add_argument("-h", "--help", action="help", help=text(lang, "cli.help"))
    parser.add_argument(
        "--client-id", help=text(lang, "invite.client_id", app_id_var="APPLICATION_ID")
    )
    args = parser.parse_args(argv)
    values = {**load_dotenv(), **os.environ}  # the environment wins, as in Config.load
    raw = (args.client_id or values.get("APPLICATION_ID") or "").strip()
    client_id: int | None = int(raw) if raw.isdecimal() else None
    if client_id is None and not raw:
        client_id = client_id_from_token(values.get("DISCORD_TOKEN") or "")
    if client_id is None:
        print(need_id(lang))
        return 2
    names = text(lang, "list_sep").join(
        text(lang, f"permission.{_SAME.get(p, p)}", fallback=NAMES[p])
        for p, on in INVITE_PERMISSIONS
        if on and p in NAMES
    )
    print(invite_url(client_id))
    print(text(lang, "invite.permissions", value=INVITE_PERMISSIONS.value, names=names))
    return 0


_SAME = {"read_messages": "view_channel"}  # discord.py's own name for view_channel


def need_id(lang: str) -> str:
    """Where the client id comes from; the portal's own (English) words as they are."""
    return text(
        lang,
        "invite.need_id",
        client_flag="--client-id",
        app_id_var="APPLICATION_ID",
        token_var="DISCORD_TOKEN",
        portal=PORTAL,
        general="General Information",
        app_id="Application ID",
    )
