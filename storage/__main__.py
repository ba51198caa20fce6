"""``python -m storage upgrade`` — bring the database at DATABASE_URL to the latest schema.
``python -m storage ratings rebuild`` — recompute every rating and 段位 from the hands."""

from __future__ import annotations

import asyncio
import sys

from storage.db import Database, database_url
from storage.rebuild import rebuild
from storage.startup import run_or_explain

USAGE = """usage: python -m storage upgrade          bring the schema up to date
       python -m storage ratings rebuild  recompute ratings from the stored hands
(both use DATABASE_URL, default sqlite+aiosqlite:///shengji.db)"""


def main(argv: list[str]) -> int:
    if argv[:1] == ["upgrade"]:
        return run_or_explain(lambda: asyncio.run(_upgrade()), database_url())
    if argv[:2] == ["ratings", "rebuild"]:
        return run_or_explain(lambda: asyncio.run(_rebuild()), database_url())
    print(USAGE)
    return 2


async def _upgrade() -> int:
    db = Database()
    try:
        await db.upgrade()
    finally:
        await db.dispose()
    print(f"schema is up to date at {db.url.split('@')[-1]}")
    return 0


async def _rebuild() -> int:
    db = Database()
    try:
        await db.upgrade()
        done = await db.run_transaction(rebuild)
    finally:
        await db.dispose()
    same = "identical to" if done.identical else "DIFFERENT from"
    print(f"rebuilt {done.players} ratings from {done.hands} ranked hands: {same} the stored ones")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
