"""The test databases' reset, shared by the tests (``tests/conftest.py``) and
``bench.storage``: a PostgreSQL database with every table dropped."""

from __future__ import annotations

from sqlalchemy import MetaData

from storage.db import Database


async def reset_postgres(url: str) -> None:
    """Drop every table (including alembic_version) so each run starts empty."""
    db = Database(url)
    try:
        async with db.engine.begin() as conn:
            meta = MetaData()
            await conn.run_sync(meta.reflect)
            await conn.run_sync(meta.drop_all)
    finally:
        await db.dispose()
