"""``python -m storage upgrade`` — bring the database at DATABASE_URL to the latest schema."""

from __future__ import annotations

import asyncio
import sys

from storage.db import Database, database_url
from storage.startup import run_or_explain


def main(argv: list[str]) -> int:
    if argv[:1] != ["upgrade"]:
        print(
            "usage: python -m storage upgrade   (uses DATABASE_URL, default sqlite+aiosqlite:///shengji.db)"
        )
        return 2

    async def run() -> int:
        db = Database()
        try:
            await db.upgrade()
        finally:
            await db.dispose()
        print(f"schema is up to date at {db.url.split('@')[-1]}")
        return 0

    return run_or_explain(lambda: asyncio.run(run()), database_url())


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
