"""Ranked play's costs: ``python -m bench.ratings [--quick] [--players N] [--hands N]``.

* the rating update per hand: ``rules.ladder.rate_hand`` alone (pure CPU), and
  ``storage.ratings.apply_hand`` inside a transaction on the database (what each
  ranked hand's commit adds: read four rows, write them, log four rows);
* the leaderboard: ``Rankings.leaderboard`` (top 20) and ``Rankings.place`` (one
  player's place) on a server of ``--players`` players whose rating log holds
  ``--hands`` hands (four rows each), filled in bulk first.

Full size is 10,000 players and 1,000,000 hands (4,000,000 log rows: minutes to
fill); ``--quick`` is 1,000 players and 20,000 hands. DATABASE_URL (default: a
temporary SQLite file) picks the backend; on PostgreSQL the tables are emptied
first, so give it a scratch database.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from functools import partial
from typing import Any

from sqlalchemy import Table, delete, insert

from rules import ladder
from storage.db import Database
from storage.models import RatingLogRow, RatingRow
from storage.rankings import Rankings
from storage.ratings import RankedHand, apply_hand

GUILD = 1
BATCH = 20_000
_RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
_LOG: Table = RatingLogRow.__table__  # type: ignore[assignment]


def bench_pure(n: int, rng: random.Random) -> float:
    """µs per ``rate_hand`` (2 v 2, random standings)."""
    standings = {
        str(i): ladder.Standing(rng.gauss(25, 4), rng.uniform(2, 8), rng.randrange(1500))
        for i in range(64)
    }
    keys = list(standings)
    start = time.perf_counter()
    for _ in range(n):
        four = rng.sample(keys, 4)
        ladder.rate_hand(standings, four[:2], four[2:], rng.randint(1, 3))
    return (time.perf_counter() - start) / n * 1e6


def _rows(players: int, hands: int, rng: random.Random) -> tuple[list[dict[str, Any]], int]:
    now = datetime.now(UTC)
    rows: list[dict[str, Any]] = [
        {
            "guild_id": GUILD,
            "season": 0,
            "mode": "fixed",
            "player": str(1000 + i),
            "mu": rng.gauss(25, 4),
            "sigma": rng.uniform(1.5, 8),
            "points": rng.randrange(2500),
            "tier": 0,
            "hands": max(1, hands * 4 // players),
            "wins": 0,
            "last_hand_id": hands,
            "updated_at": now,
        }
        for i in range(players)
    ]
    for r in rows:
        r["tier"] = ladder.tier_of(r["points"])
    return rows, hands


async def fill(db: Database, players: int, hands: int, rng: random.Random) -> float:
    """Seconds to fill the ratings and the rating log in bulk."""
    start = time.perf_counter()
    rows, _ = _rows(players, hands, rng)

    def clear_and_rate(conn: Any) -> None:
        conn.execute(delete(_LOG))
        conn.execute(delete(_RATINGS))
        conn.execute(insert(_RATINGS), rows)

    await db.run_transaction(clear_and_rate)
    done = 0
    while done < hands:
        size = min(BATCH // 4, hands - done)
        batch = []
        for h in range(done + 1, done + size + 1):
            seats = rng.sample(range(players), 4)
            for seat, p in enumerate(seats):
                batch.append(
                    {
                        "hand_id": h,
                        "player": str(1000 + p),
                        "guild_id": GUILD,
                        "season": 0,
                        "mode": "fixed",
                        "seat": seat,
                        "won": seat % 2 == h % 2,
                        "mu_before": 25.0,
                        "sigma_before": 8.0,
                        "points_before": 0,
                        "mu_after": 25.0,
                        "sigma_after": 8.0,
                        "points_after": 0,
                    }
                )

        def write(conn: Any, batch: list[dict[str, Any]] = batch) -> None:
            conn.execute(insert(_LOG), batch)

        await db.run_transaction(write)
        done += size
    return time.perf_counter() - start


async def bench_updates(db: Database, players: int, first_hand: int, n: int) -> list[float]:
    """ms per ``apply_hand`` transaction (existing players, 2 v 2)."""
    rng = random.Random(7)
    times = []
    for i in range(n):
        four = rng.sample(range(players), 4)
        result = ladder.HandResult(
            "defenders" if i % 2 else "attackers",
            rng.randint(0, 2),
            tuple(ladder.RatedSeat(s, str(1000 + p), s % 2 == 0) for s, p in enumerate(four)),
        )
        hand = RankedHand(GUILD, "fixed", datetime.now(UTC), result)
        hand_id = first_hand + i + 1
        start = time.perf_counter()
        await db.run_transaction(partial(apply_hand, hand_id=hand_id, hand=hand))
        times.append((time.perf_counter() - start) * 1e3)
    return times


async def bench_board(db: Database, players: int, n: int) -> tuple[list[float], list[float]]:
    board = Rankings(db)
    rng = random.Random(3)
    tops, places = [], []
    for _ in range(n):
        start = time.perf_counter()
        top = await board.leaderboard(GUILD, 0, "fixed", 20)
        tops.append((time.perf_counter() - start) * 1e3)
        assert len(top) == min(20, players)
        who = str(1000 + rng.randrange(players))
        start = time.perf_counter()
        placed = await board.place(GUILD, 0, "fixed", who)
        places.append((time.perf_counter() - start) * 1e3)
        assert placed is not None
    return tops, places


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    return f"median {statistics.median(xs):.2f} ms, p99 {p99:.2f} ms"


async def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ratings")
    ap.add_argument("--quick", action="store_true", help="1,000 players, 20,000 hands")
    ap.add_argument("--players", type=int)
    ap.add_argument("--hands", type=int)
    ap.add_argument("--updates", type=int, default=300, help="rated hands to time")
    args = ap.parse_args(argv)
    players = args.players or (1_000 if args.quick else 10_000)
    hands = args.hands or (20_000 if args.quick else 1_000_000)
    rng = random.Random(22)
    print(f"rate_hand (pure): {bench_pure(5_000, rng):.0f} µs per hand")
    url = os.environ.get("DATABASE_URL")
    tmp = None
    if url is None:
        tmp = tempfile.TemporaryDirectory()
        url = f"sqlite+aiosqlite:///{tmp.name}/bench-ratings.db"
    db = Database(url)
    try:
        await db.upgrade()
        backend = "PostgreSQL" if db.is_postgres else "SQLite"
        filled = await fill(db, players, hands, rng)
        print(f"{backend}: {players:,} players, {hands:,} hands filled in {filled:.0f} s")
        updates = await bench_updates(db, players, hands, args.updates)
        print(f"{backend}: apply_hand transaction: {_ms(updates)}")
        tops, places = await bench_board(db, players, 100)
        print(f"{backend}: leaderboard top 20: {_ms(tops)}")
        print(f"{backend}: one player's place: {_ms(places)}")
    finally:
        await db.dispose()
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
