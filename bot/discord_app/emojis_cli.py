"""``python -m bot emojis``: upload the card emojis now and say what happened.

Apart from ``bot.discord_app.emojis`` because it needs ``bot.app`` (which imports the client, and
the client imports ``bot.discord_app.emojis``): no import circle.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.app import NO_TOKEN
from bot.config import Config
from bot.discord_app.emojis import CardEmojis, sync_emojis


async def _upload(token: str) -> CardEmojis:
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        await client.login(token)
        return await sync_emojis(client)


def main(argv: list[str]) -> int:
    """``python -m bot emojis``: upload the card emojis now and say what happened."""
    config = Config.load()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if not config.token:
        print(NO_TOKEN)
        return 2
    result = asyncio.run(_upload(config.token))
    if not result.available:
        print(f"Card emojis are off (cards show as text): {result.reason}")
        return 1
    print(f"{len(result.ids)} card emojis ready ({result.uploaded} uploaded now).")
    return 0
