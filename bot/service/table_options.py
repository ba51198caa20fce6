"""Changing one table's options (stored with the table as JSON: no schema change)."""

from __future__ import annotations

from dataclasses import replace

from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.notices import Public
from bot.service.options import TableOptions


async def set_card_memory(
    core: Core,
    channel_id: int,
    user_id: int,
    value: bool | None,
    moderator: bool = False,
) -> TableOptions:
    """记牌器 on, off, or None = as the table's rules allow. The table's creator (or a
    moderator) decides."""
    # The table under its lock, made current (another process may have changed it).
    async with core.locked(channel_id) as live:
        if user_id != live.table.creator_id and not moderator:
            raise ServiceError("not_creator")
        if live.options.ranked:  # 记牌器 as the ranked rule set says, for everyone alike
            raise ServiceError("ranked_rules_fixed")
        options = replace(live.options, card_memory=value).validate()
        live.table = await guarded(
            core.store.update_table(live.table.id, live.table.version, options=options.to_dict())
        )
        live.options = options
        return options


async def set_four_colour(
    core: Core, channel_id: int, user_id: int, value: bool, moderator: bool = False
) -> TableOptions:
    """The four-colour deck in the table's pictures on or off. The table's creator (or
    a moderator) decides."""
    async with core.locked(channel_id) as live:
        if user_id != live.table.creator_id and not moderator:
            raise ServiceError("not_creator")
        options = replace(live.options, four_colour=value).validate()
        live.table = await guarded(
            core.store.update_table(live.table.id, live.table.version, options=options.to_dict())
        )
        live.options = options
        return options


async def set_spectator_hands(
    core: Core, channel_id: int, user_id: int, value: bool, moderator: bool = False
) -> TableOptions:
    """Spectators of the live table see every hand one trick behind, or not (the
    default). Never at a ranked or tournament table. The creator (or a moderator)
    decides."""
    async with core.locked(channel_id) as live:
        if user_id != live.table.creator_id and not moderator:
            raise ServiceError("not_creator")
        options = replace(live.options, spectator_hands=value).validate()
        live.table = await guarded(
            core.store.update_table(live.table.id, live.table.version, options=options.to_dict())
        )
        live.options = options
        await core.emit([Public(live.table.id, live.table.channel_id, "options_changed")])
        return options
