"""The channel permissions the bot needs, by message kind, and the invite URL.

Guild channels only: hand DMs and interaction answers (slash-command replies, button
answers) are not gated by channel permissions, and application emojis need no Use
External Emojis. Read Message History is not needed: the bot edits its own messages
by id and reads history only in DM channels (to recover a hand DM after a restart).
"""

from __future__ import annotations

import base64
import binascii

import discord

# What each kind of channel message needs (a thread needs Send Messages in Threads
# where a channel needs Send Messages).
NEEDS: dict[str, tuple[str, ...]] = {
    "lobby": ("view_channel", "send_messages"),
    "table": ("view_channel", "send_messages", "embed_links", "attach_files"),
    "posts": ("view_channel", "send_messages"),
    "thread": ("create_public_threads", "send_messages_in_threads"),
    # A duplicate event's tables: private threads (only the seated see the cards played).
    "private_thread": ("create_private_threads", "send_messages_in_threads"),
}
# Discord's names for them, as its permission screens show them.
NAMES = {
    "view_channel": "View Channels",
    "read_messages": "View Channels",  # discord.py's own name for view_channel
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}
INVITE_PERMISSIONS = discord.Permissions(**{p: True for ps in NEEDS.values() for p in ps})
SCOPES = ("bot", "applications.commands")


def client_id_from_token(token: str) -> int | None:
    """A bot token's first part is the application's id in base64 (None if it is not)."""
    head = token.strip().split(".")[0]
    try:
        raw = base64.b64decode(head + "=" * (-len(head) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(raw) if raw.isdecimal() else None


def invite_url(client_id: int) -> str:
    return discord.utils.oauth_url(client_id, permissions=INVITE_PERMISSIONS, scopes=SCOPES)


def missing(perms: discord.Permissions, kinds: tuple[str, ...], thread: bool = False) -> list[str]:
    """The permissions (attribute names) ``perms`` lacks for these message kinds; in a
    thread, Send Messages in Threads stands for Send Messages."""
    wanted: list[str] = []
    for kind in kinds:
        for p in NEEDS[kind]:
            if thread and p == "send_messages":
                p = "send_messages_in_threads"
            if p not in wanted:
                wanted.append(p)
    return [p for p in wanted if not getattr(perms, p)]
