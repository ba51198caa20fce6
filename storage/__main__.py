"""``python -m storage upgrade`` — bring the database at DATABASE_URL to the latest schema.
``python -m storage ratings rebuild`` — recompute every rating and 段位 from the hands.

The arguments are read in full before any database is opened: ``--help`` at any
level prints help and bad usage is refused (exit 2), neither creating nor
migrating a database."""

from __future__ import annotations

import argparse
import asyncio
import sys

from storage.db import DEFAULT_URL, Database, database_url
from storage.rebuild import rebuild
from storage.startup import run_or_explain


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m storage",
        description=f"The bot's database at DATABASE_URL (default {DEFAULT_URL}).",
    )
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "upgrade",
        help="bring the schema up to date",
        description="Create the database, or migrate it to the latest schema.",
    )
    ratings = commands.add_parser(
        "ratings", help="the ladder's ratings", description="The ladder's ratings and 段位."
    )
    actions = ratings.add_subparsers(dest="action", required=True)
    actions.add_parser(
        "rebuild",
        help="recompute ratings from the stored hands",
        description="Recompute every rating and 段位 from the stored ranked hands and "
        "forfeits, in one transaction, and say whether the result equals what was "
        "stored (the schema is brought up to date first). Run it while no ranked "
        "table is playing.",
    )
    return top


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)  # --help and bad usage exit here, touching nothing
    if args.command == "upgrade":
        return run_or_explain(lambda: asyncio.run(_upgrade()), database_url())
    return run_or_explain(lambda: asyncio.run(_rebuild()), database_url())


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
