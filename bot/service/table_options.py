"""Changing one table's options (stored with the table as JSON: no schema change).
The table's creator (or a moderator) decides."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.notices import Public
from bot.service.options import TableOptions


async def _change(
    core: Core,
    channel_id: int,
    user_id: int,
    moderator: bool,
    *,
    fixed_when_ranked: bool = False,
    announce: bool = False,
    **change: Any,
) -> TableOptions:
    # The table under its lock, made current (another process may have changed it).
    async with core.locked(channel_id) as live:
        if user_id != live.table.creator_id and not moderator:
            raise ServiceError("not_creator")
        if fixed_when_ranked and live.options.ranked:
            raise ServiceError("ranked_rules_fixed")
        options = replace(live.options, **change).validate()
        live.table = await guarded(
            core.store.update_table(live.table.id, live.table.version, options=options.to_dict())
        )
        live.options = options
        if announce:  # front ends that draw from the options (the live table) redraw
            await core.emit([Public(live.table.id, live.table.channel_id, "options_changed")])
        return options


async def set_card_memory(
    core: Core,
    channel_id: int,
    user_id: int,
    value: bool | None,
    moderator: bool = False,
) -> TableOptions:
    """记牌器 on, off, or None = as the table's rules allow; at a ranked table as the
    ranked rule set says, for everyone alike."""
    return await _change(
        core, channel_id, user_id, moderator, fixed_when_ranked=True, card_memory=value
    )


async def set_four_colour(
    core: Core, channel_id: int, user_id: int, value: bool, moderator: bool = False
) -> TableOptions:
    """The four-colour deck in the table's pictures on or off."""
    return await _change(core, channel_id, user_id, moderator, four_colour=value)


async def set_spectator_hands(
    core: Core, channel_id: int, user_id: int, value: bool, moderator: bool = False
) -> TableOptions:
    """Spectators of the live table see every hand one trick behind, or not (the
    default). Never at a ranked or tournament table (``TableOptions.validate``)."""
    return await _change(core, channel_id, user_id, moderator, announce=True, spectator_hands=value)
