"""Message references of the Discord front end, kept with the table."""

from __future__ import annotations

from sqlalchemy import select

from storage.db import Database
from storage.models import MessageRefRow


class MessageRefs:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, table_id: int) -> dict[str, tuple[int, int]]:
        """key -> (channel id, message id) for one table."""
        async with self.db.session() as s:
            rows = (
                await s.scalars(select(MessageRefRow).where(MessageRefRow.table_id == table_id))
            ).all()
            return {r.key: (r.channel_id, r.message_id) for r in rows}

    async def save(self, table_id: int, key: str, channel_id: int, message_id: int) -> None:
        async with self.db.session() as s:
            row = await s.get(MessageRefRow, (table_id, key))
            if row is None:
                s.add(
                    MessageRefRow(
                        table_id=table_id, key=key, channel_id=channel_id, message_id=message_id
                    )
                )
            else:
                row.channel_id = channel_id
                row.message_id = message_id
