"""Changing one table's options (stored with the table as JSON: no schema change)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.service.errors import ServiceError
from bot.service.options import TableOptions

if TYPE_CHECKING:
    from bot.service.service import TableService


async def set_card_memory(
    service: TableService, channel_id: int, user_id: int, value: bool | None
) -> TableOptions:
    """记牌器 on, off, or None = as the table's rules allow. The table's creator decides."""
    live = await service._table_for(channel_id)
    async with service.locks(live.table.id):
        live = service.live_table(live.table.id) or live
        if user_id != live.table.creator_id:
            raise ServiceError("not_creator")
        options = replace(live.options, card_memory=value).validate()
        live.table = await service._guard(
            service.store.update_table(live.table.id, live.table.version, options=options.to_dict())
        )
        live.options = options
        return options
