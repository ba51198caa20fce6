"""``python -m bot invite [--client-id ID]``: print the URL that adds the bot to a server
with exactly the permissions it needs (``bot.discord_app.permissions``)."""

from __future__ import annotations

import argparse
import os

from bot.config import load_dotenv
from bot.discord_app.permissions import INVITE_PERMISSIONS, NAMES, client_id_from_token, invite_url

HELP = (
    "The invite URL needs the application's client id: pass --client-id ID, set "
    "APPLICATION_ID, or set DISCORD_TOKEN (the id is read from the token). Find it under "
    "https://discord.com/developers/applications → your application → General Information "
    "→ Application ID."
)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot invite", description=__doc__)
    parser.add_argument(
        "--client-id", help="the application id (default: APPLICATION_ID, else the token's)"
    )
    args = parser.parse_args(argv)
    values = {**load_dotenv(), **os.environ}  # the environment wins, as in Config.load
    raw = (args.client_id or values.get("APPLICATION_ID") or "").strip()
    client_id: int | None = int(raw) if raw.isdecimal() else None
    if client_id is None and not raw:
        client_id = client_id_from_token(values.get("DISCORD_TOKEN") or "")
    if client_id is None:
        print(HELP)
        return 2
    names = ", ".join(NAMES[p] for p, on in INVITE_PERMISSIONS if on and p in NAMES)
    print(invite_url(client_id))
    print(f"Permissions ({INVITE_PERMISSIONS.value}): {names}.")
    return 0
