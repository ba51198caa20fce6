"""Ranked hands in storage: rated in the hand's own transaction (only at ranked
tables), the ladder read back, seasons with a soft start, and ``rebuild`` from
the stored hands giving the very same numbers — on SQLite and PostgreSQL, and
after a SIGKILL anywhere around a hand's end."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, update

from rules import ladder
from rules.actions import DealCards, NextHand
from rules.game import Match
from rules.presets import friends_rules
from rules.ruleset import RuleSet
from storage import Database, SeatInfo, Store
from storage.models import HandRow, RatingLogRow, RatingRow
from storage.rankings import Rankings
from storage.rebuild import rebuild
from tests.support.processes import ROOT, SLOW, child_env, kill_and_restart, run_script
from tests.support.storage_game import SHORT, Game

GUILD = 1_150_000_000_000_000_021
USERS = tuple(1_170_000_000_000_000_200 + i for i in range(6))
FRIENDS = friends_rules(5, 2).with_overrides(levels=(13, 14))


async def ranked_game(
    store: Store,
    channel: int,
    users: tuple[int | None, ...],
    *,
    rules: RuleSet = SHORT,
    ranked: bool = True,
    seed: str = "rank",
) -> Game:
    t = await store.create_table(
        guild_id=GUILD,
        channel_id=channel,
        creator_id=next(u for u in users if u is not None),
        rules=rules,
        options={"ranked": ranked},
    )
    seats = [
        SeatInfo(i, u, None, f"p{i}") if u is not None else SeatInfo(i, None, "basic", f"AI {i}")
        for i, u in enumerate(users)
    ]
    t = await store.update_table(t.id, t.version, seats=seats)
    match = Match(t.rules, seed)
    t = await store.start_match(t.id, t.version, match)
    return Game(store, t, match, declare=True)


async def play_friends(game: Game) -> None:
    """A 找朋友 match to its end (the scripted driver knows four seats)."""
    m = game.match
    while m.phase != "finished":
        if m.phase == "dealing":
            action: Any = DealCards(50)
        elif m.phase == "scored":
            action = NextHand()
        else:
            action = next(a for s in range(m.rules.players) if (a := m.suggest(s)) is not None)
        m.apply(action)
        seat = getattr(action, "seat", None)
        receipt = await game.store.record_action(
            game.table,
            action,
            m,
            actor_id=None if seat is None else game.table.seats[seat].user_id,
            idempotency_key=f"f-{game.table.id}-{game.table.seq + 1}",
        )
        game.log.append((action, receipt))
        game.table = await game.store.get_table(game.table.id)


async def ratings(db: Database) -> dict[tuple[int, int, str, str], tuple[float, ...]]:
    async with db.session() as s:
        rows = (await s.scalars(select(RatingRow))).all()
    return {
        (r.guild_id, r.season, r.mode, r.player): (r.mu, r.sigma, r.points, r.hands, r.wins)
        for r in rows
    }


def expected(matches: list[Match]) -> dict[str, ladder.Standing]:
    """The ladder straight from the matches' own histories, in play order."""
    now: dict[str, ladder.Standing] = {}
    for m in matches:
        for h in m.history:
            keys = [str(u) for u in USERS[: m.rules.players]]
            win, lose = ladder.sides(keys, h.dealer, h.team, h.winner)
            for c in ladder.rate_hand(now, win, lose, ladder.hand_margin(h.winner, h.level_change)):
                now[c.key] = c.after
    return now


async def test_ranked_hands_are_rated_and_rebuild_gives_the_same(db: Database) -> None:
    store, board = Store(db), Rankings(db)
    users = USERS[:4]
    first = await ranked_game(store, 1, users, seed="rank-1")
    await first.play_match()
    # An unranked table changes nothing.
    plain = await ranked_game(store, 2, users, ranked=False, seed="rank-2")
    await plain.play_match()
    second = await ranked_game(store, 3, users, seed="rank-3")
    promoted = []
    while second.match.phase != "finished":
        _, receipt = await second.step()
        if receipt.rank_changes:
            assert len(receipt.rank_changes) == 4 and receipt.hand_finished
            promoted += [c for c in receipt.rank_changes if c.promoted]
    want = expected([first.match, second.match])
    stored = await ratings(db)
    assert set(stored) == {(GUILD, 0, "fixed", str(u)) for u in users}
    for (_, _, _, player), got in stored.items():
        s = want[player]
        assert got == (s.mu, s.sigma, s.points, s.hands, s.wins)
    hands = len(first.match.history) + len(second.match.history)
    assert {s.hands for s in want.values()} == {hands}
    async with db.session() as s:
        logs = await s.scalar(select(func.count()).select_from(RatingLogRow))
    assert logs == 4 * hands
    # Reading it back: humans by points, a place for each, recent form.
    top = await board.leaderboard(GUILD, 0, "fixed")
    assert [p.place for p in top] == [1, 2, 3, 4]
    points = [p.standing.points for p in top]
    assert points == sorted(points, reverse=True) and points[0] > 0
    for p in top:
        assert (await board.place(GUILD, 0, "fixed", p.player)) == p
    form = await board.recent(GUILD, 0, "fixed", str(users[0]), n=3)
    last = second.match.history[-3:][::-1]
    won = [(h.winner == "defenders") == (h.dealer % 2 == 0) for h in last]
    assert form == won
    assert await board.standing(GUILD, 0, "friends", str(users[0])) is None
    # Best partner: fixed seats, so always the one opposite.
    best = await board.best_partner(GUILD, 0, "fixed", str(users[0]))
    assert best == (str(users[2]), hands, want[str(users[0])].wins)
    assert await board.best_partner(GUILD, 0, "fixed", str(users[0]), least=hands + 1) is None

    async def rebuilt() -> Any:
        return await db.run_transaction(rebuild)

    done = await rebuilt()
    assert done.identical and done.hands == hands and done.players == 4
    assert await ratings(db) == stored
    # A tampered rating is noticed and put right.
    async with db.session() as s:
        await s.execute(update(RatingRow).values(points=RatingRow.points + 7))
    assert not (await rebuilt()).identical
    assert await ratings(db) == stored


async def test_friends_hands_rate_the_dealers_side_as_it_ended(db: Database) -> None:
    store = Store(db)
    game = await ranked_game(store, 5, USERS[:5], rules=FRIENDS, seed="friends-stats-3")
    await play_friends(game)
    stored = await ratings(db)
    assert {k[2] for k in stored} == {"friends"}
    want = expected([game.match])
    for (_, _, _, player), got in stored.items():
        s = want[player]
        assert got == (s.mu, s.sigma, s.points, s.hands, s.wins)
    # Teams differ hand by hand: not everyone has the same record.
    assert len({s.wins for s in want.values()}) > 1
    assert (await db.run_transaction(rebuild)).identical


async def test_ai_seats_are_rated_as_ai_and_never_on_the_board(db: Database) -> None:
    store, board = Store(db), Rankings(db)
    game = await ranked_game(store, 6, (USERS[0], None, USERS[1], None), seed="rank-ai")
    await game.play_match()
    stored = await ratings(db)
    assert ("ai:basic" in {k[3] for k in stored}) and len(stored) == 3
    assert all(p.player != "ai:basic" for p in await board.leaderboard(GUILD, 0, "fixed"))
    ai = await board.standing(GUILD, 0, "fixed", "ai:basic")
    assert ai is not None and ai.points == 0 and ai.hands == len(game.match.history)
    assert await board.place(GUILD, 0, "fixed", "ai:basic") is not None
    assert (await db.run_transaction(rebuild)).identical


async def test_a_seat_on_auto_is_rated_as_its_player_alone(db: Database) -> None:
    """托管 counts as the player's own play: a seat the AI plays for its player
    (user id and AI level both set) rates the player, never also an AI rating."""
    store = Store(db)
    users = USERS[:4]
    game = await ranked_game(store, 7, users, seed="rank-auto")
    t = game.table
    auto = SeatInfo(1, users[1], "basic", "p1")  # bot.service.auto's seat on 托管
    game.table = await store.update_table(t.id, t.version, seats=[auto])
    await game.play_match()
    stored = await ratings(db)
    assert {k[3] for k in stored} == {str(u) for u in users}
    want = expected([game.match])
    for (_, _, _, player), got in stored.items():
        s = want[player]
        assert got == (s.mu, s.sigma, s.points, s.hands, s.wins)
    assert (await db.run_transaction(rebuild)).identical


async def test_seasons_start_soft_and_keep_the_last_standings(db: Database) -> None:
    store, board = Store(db), Rankings(db)
    users = USERS[:4]
    assert await board.current_season(GUILD) == 0
    old = await ranked_game(store, 7, users, seed="rank-1")
    await old.play_match()
    before = {k[3]: v for k, v in (await ratings(db)).items()}
    assert await board.start_season(GUILD) == 1
    assert await board.current_season(GUILD) == 1
    new = await ranked_game(store, 8, users, seed="rank-3")
    await new.play_hand()
    stored = await ratings(db)
    # Season 0 is kept as it was; season 1 started from it, softly.
    assert {k[3]: v for k, v in stored.items() if k[1] == 0} == before
    fresh = {k[3]: v for k, v in stored.items() if k[1] == 1}
    assert set(fresh) == {str(u) for u in users}
    async with db.session() as s:
        log = (await s.scalars(select(RatingLogRow).where(RatingLogRow.season == 1))).all()
    for row in log:
        mu, sigma, points, *_ = before[row.player]
        start = ladder.soft_start(ladder.Standing(mu, sigma, int(points)))
        assert (row.mu_before, row.sigma_before, row.points_before) == (
            start.mu,
            start.sigma,
            start.points,
        )
    assert all(v[3] == 1 for v in fresh.values())
    assert await board.end_season(GUILD) == 1
    assert await board.end_season(GUILD) is None
    assert await board.current_season(GUILD) == 0
    seasons = await board.seasons(GUILD)
    assert [s.number for s in seasons] == [1] and seasons[0].ended_at is not None
    assert await board.start_season(GUILD) == 2
    # A season decides by the hand's own finish time: rebuild agrees.
    assert (await db.run_transaction(rebuild)).identical
    later = (await board.seasons(GUILD))[-1].started_at + timedelta(days=1)
    assert await board.current_season(GUILD, later) == 2


def test_rebuild_command_line(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    env = {**child_env(), "DATABASE_URL": url}
    done = subprocess.run(
        [sys.executable, "-m", "storage", "ratings", "rebuild"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "rebuilt 0 ratings from 0 ranked hands: identical" in done.stdout
    usage = subprocess.run(
        [sys.executable, "-m", "storage", "ratings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert usage.returncode == 2 and "ratings [-h] {rebuild}" in usage.stderr


# The child plays one ranked match and SIGKILLs itself at its ``kill_at``-th point:
# odd points inside a hand's transaction, after its rows and before its rating
# (apply_hand is about to run), even points just after that hand committed.
CHILD = r"""
import asyncio, os, signal, sys

from rules.game import Match
from rules.presets import preset
from rules.scripted import next_scripted
from storage import Database, SeatInfo, Store
import storage.action_log as action_log

KILL_AT = int(sys.argv[2])
point = 0


def tick():
    global point
    point += 1
    print(f"point {point}", flush=True)
    if point == KILL_AT:
        os.kill(os.getpid(), signal.SIGKILL)


real_apply = action_log.apply_hand


def apply_hand(conn, hand_id, hand):
    tick()
    return real_apply(conn, hand_id, hand)


action_log.apply_hand = apply_hand


async def main(url):
    db = Database(url)
    await db.upgrade()
    store = Store(db)
    users = [1_170_000_000_000_000_200 + i for i in range(4)]
    rules = preset("one-deck").with_overrides(levels=(13, 14))
    t = await store.create_table(
        guild_id=9, channel_id=9, creator_id=users[0], rules=rules, options={"ranked": True}
    )
    t = await store.update_table(
        t.id, t.version, seats=[SeatInfo(i, u, None, f"p{i}") for i, u in enumerate(users)]
    )
    match = Match(t.rules, "rank-1")
    t = await store.start_match(t.id, t.version, match)
    while match.phase != "finished":
        action = next_scripted(match, declare=True)
        match.apply(action)
        receipt = await store.record_action(t, action, match, idempotency_key=f"k-{t.seq + 1}")
        if receipt.hand_finished:
            tick()
        t = await store.get_table(t.id)


asyncio.run(main(sys.argv[1]))
"""


async def test_a_kill_around_a_hands_end_leaves_both_or_neither(
    tmp_path: Path, backend: str = "sqlite"
) -> None:
    await _kill_test(tmp_path, "sqlite")


async def test_a_kill_around_a_hands_end_on_postgres(tmp_path: Path) -> None:
    await _kill_test(tmp_path, "postgres")


async def _kill_test(tmp_path: Path, backend: str) -> None:
    def child(url: str, kill_at: int) -> subprocess.CompletedProcess[str]:
        return run_script(tmp_path, "ranked_child.py", CHILD, url, str(kill_at))

    def points(stdout: str) -> list[int]:
        every = [int(n) for n in re.findall(r"point (\d+)", stdout)]
        assert len(every) >= 4  # two points a hand, a few hands
        return every if SLOW else random.Random(22).sample(every, 3)

    async def restart(url: str) -> None:
        db = Database(url)
        try:
            async with db.session() as s:
                hands = set((await s.scalars(select(HandRow.id))).all())
                logged = set((await s.scalars(select(RatingLogRow.hand_id))).all())
                per_hand = (
                    await s.execute(
                        select(RatingLogRow.hand_id, func.count()).group_by(RatingLogRow.hand_id)
                    )
                ).all()
            assert hands == logged  # every stored hand rated, nothing rated unstored
            assert all(n == 4 for _, n in per_hand)
            before = await ratings(db)
            assert all(v[3] == len(hands) for v in before.values())
            done = await db.run_transaction(rebuild)
            assert done.identical and done.hands == len(hands)
        finally:
            await db.dispose()

    ran, killed = await kill_and_restart(backend, tmp_path, "ranked", child, points, restart)
    assert killed == len(ran)


async def test_leaving_forfeits_the_remaining_hands_and_rebuild_replays_it(db: Database) -> None:
    from storage.models import utcnow
    from storage.ratings import Forfeit

    store, board = Store(db), Rankings(db)
    users = USERS[:4]
    game = await ranked_game(store, 9, users, seed="rank-1")
    await game.play_hand()
    before = await board.standing(GUILD, 0, "fixed", str(users[1]))
    assert before is not None
    others = tuple(str(u) for u in users if u != users[1])
    left = await board.forfeit(Forfeit(GUILD, "fixed", str(users[1]), others, 3, utcnow()))
    assert left.before == before and left.after.hands == before.hands + 3
    assert left.after.wins == before.wins and left.after.mu < before.mu
    after = await board.standing(GUILD, 0, "fixed", str(users[1]))
    assert after == left.after
    # Play on (an AI took the seat in the service; here the same user plays on).
    await game.play_hand()
    stored = await ratings(db)
    done = await db.run_transaction(rebuild)
    assert done.identical and await ratings(db) == stored


async def test_the_ratings_bench_runs_at_a_small_size(
    tmp_path: Path, monkeypatch: Any, capsys: Any
) -> None:
    from bench import ratings as bench

    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'bench.db'}")
    assert await bench.main(["--players", "40", "--hands", "300", "--updates", "5"]) == 0
    out = capsys.readouterr().out
    assert "40 players, 300 hands filled" in out
    assert "leaderboard top 20: median" in out and "one player's place: median" in out


async def test_two_processes_rating_one_player_rebuild_the_same(db: Database) -> None:
    """Two bot processes (two engines on one database) finish ranked hands of two
    tables that share a player at the same time: every hand is rated once and
    rebuild, in hand id order, gives the same numbers (the server's ladder lock)."""
    other = Database(db.url)
    try:
        shared = (USERS[0], USERS[1], USERS[2], USERS[3])
        second = (USERS[0] + 50, USERS[4], USERS[5], USERS[0])  # USERS[0] at both
        a = await ranked_game(Store(db), 11, shared, seed="rank-1")
        b = await ranked_game(Store(other), 12, second, seed="rank-3")
        await asyncio.gather(a.play_match(), b.play_match())
        hands = len(a.match.history) + len(b.match.history)
        async with db.session() as s:
            logged = await s.scalar(select(func.count()).select_from(RatingLogRow))
        assert logged == 4 * hands
        stored = await ratings(db)
        assert stored[(GUILD, 0, "fixed", str(USERS[0]))][3] == hands
        done = await db.run_transaction(rebuild)
        assert done.identical and await ratings(db) == stored
    finally:
        await other.dispose()


async def test_sqlite_and_postgres_give_the_same_numbers(tmp_path: Path) -> None:
    """The ratings are a pure function of the hand history: the same ranked hands
    (fixed partners, 找朋友 with an AI seat, a leaver) stored on SQLite and on
    PostgreSQL give the very same ratings, incrementally and after
    ``python -m storage ratings rebuild`` on each."""
    from storage.models import utcnow
    from storage.ratings import Forfeit
    from tests.support.database import POSTGRES_URL, make_database

    if POSTGRES_URL is None:
        import pytest

        pytest.skip("PostgreSQL not available: set TEST_POSTGRES_URL")
    found = []
    for backend in ("sqlite", "postgres"):
        db = await make_database(backend, tmp_path)
        try:
            store = Store(db)
            await (await ranked_game(store, 21, USERS[:4], seed="rank-1")).play_match()
            friends = await ranked_game(store, 22, (*USERS[:4], None), rules=FRIENDS, seed="rank-f")
            await play_friends(friends)
            others = tuple(str(u) for u in USERS[1:4])
            at = utcnow()
            await Rankings(db).forfeit(Forfeit(GUILD, "fixed", str(USERS[0]), others, 2, at))
            incremental = await ratings(db)
            env = {**child_env(), "DATABASE_URL": db.url}
            done = subprocess.run(
                [sys.executable, "-m", "storage", "ratings", "rebuild"],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
            assert ": identical to the stored ones" in done.stdout, done.stdout
            assert await ratings(db) == incremental
            found.append(incremental)
        finally:
            await db.dispose()
    assert found[0] == found[1] and len(found[0]) >= 5


async def test_a_season_waits_for_the_ladder_lock(db: Database) -> None:
    """Several processes: /season start|end take the server's ladder lock, and
    read the clock only once they hold it, so a ranked hand committing meanwhile
    is counted for the season rebuild will give it (never season 0 now, season 1
    on a rebuild)."""
    import pytest

    from storage.models import utcnow
    from storage.ratings import LOCK_SPACE

    if not db.is_postgres:
        pytest.skip("SQLite has one writer at a time already")
    board = Rankings(db)
    for change in (board.start_season, board.end_season):
        holder = Database(db.url)
        try:
            async with holder.engine.connect() as conn:
                txn = await conn.begin()
                await conn.exec_driver_sql(
                    f"SELECT pg_advisory_xact_lock({LOCK_SPACE}, {GUILD % 2**31})"
                )
                task = asyncio.create_task(change(GUILD))
                await asyncio.sleep(0.5)
                assert not task.done()  # waits for the ranked hand holding the lock
                released = utcnow()
                await txn.commit()
                assert await asyncio.wait_for(task, 10) == 1
        finally:
            await holder.dispose()
        season = (await board.seasons(GUILD))[0]
        stamp = season.started_at if change == board.start_season else season.ended_at
        assert stamp is not None and stamp >= released
