"""Tournaments through the service on a real SQLite file: an 8-team Swiss of 3
rounds on AI tables (every player a no-show, so AI seats take over after the
grace time) run to its final standings with a restart (a new service on the same
database) in round 2; a duplicate match whose two tables hold the same cards."""

from __future__ import annotations

import json
from collections.abc import Awaitable
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service import FakeClock, ServiceError, TableService
from bot.service.tournament.duplicate import two_table_imps
from bot.service.tournament.pairing import BYE
from bot.service.tournament.results import board_result
from bot.service.tournament.rounds import deal_key
from rules.actions import DealCards
from rules.presets import preset
from rules.record import parse_record
from storage import Database, Replays
from storage.models import MatchRow
from storage.tournaments import EventInfo
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, GUILD, drive, finished, register, user

ONE_DECK = preset("one-deck")


async def test_swiss_of_eight_teams_runs_to_the_end_across_a_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'tour.db'}"
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = new_service(db, clock)
    await svc.start()
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="Friday",
        format="swiss",
        rounds=3,
        hands=2,
        rules=ONE_DECK,
        grace_seconds=60,
    )
    await register(svc, ev, 8, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    entries = {e.team_no: e for e in await store.entries(ev.id)}
    round1 = await store.pairings(ev.id, 1)
    assert len(round1) == 4
    for p in round1:  # N/S is team A, E/W team B, all seated, the event's rules
        assert p.table_id is not None
        live = svc.core.live_table(p.table_id)
        assert live is not None and live.table.rules == ONE_DECK
        assert live.options.event == ev.id
        seats = [s.user_id for s in live.table.seats]
        a, b = entries[p.ns_team].user_ids, entries[p.ew_team].user_ids
        assert seats == [a[0], b[0], a[1], b[1]]

    async def in_round_two_with_a_hand() -> bool:
        two = await store.pairings(ev.id, 2)
        if not two:
            return False
        hands = [await store.table_hands(p.table_id) for p in two if p.table_id is not None]
        return any(hands)

    await drive(svc, clock, in_round_two_with_a_hand)
    # Nobody moved: every seat of round 1 went to an AI, and that is on record.
    assert all(p.no_shows == (0, 1, 2, 3) for p in await store.pairings(ev.id, 1))
    assert [r.status for r in await store.rounds(ev.id)] == ["finished", "open"]

    # The bot restarts: a new service on the same database picks the event up.
    await db.dispose()
    db = Database(url)
    svc = new_service(db, clock)
    assert await svc.start() >= 1
    store = svc.tournaments.store

    await drive(svc, clock, finished(svc, ev.id))
    tables = await store.pairings(ev.id)
    assert [p.round_no for p in tables] == [1] * 4 + [2] * 4 + [3] * 4
    assert all(p.status == "done" and p.hands == 2 for p in tables)
    met = [frozenset((p.ns_team, p.ew_team)) for p in tables]
    assert len(set(met)) == len(met), "a rematch"
    for p in tables:  # the stored result is what the table's hands say
        assert p.table_id is not None
        hands = await store.table_hands(p.table_id)
        assert len(hands) == 2
        first, last = hands[0].levels_before, hands[-1].levels_after
        assert p.level_diff == (last[0] - first[0]) - (last[1] - first[1])
        assert svc.core.live_table(p.table_id) is None  # the table is closed
    results = await svc.tournaments.events.results(ev.id)
    assert len(results) == 3 * 8 and all(r.opponent != BYE for r in results)
    assert sum(r.level_diff for r in results) == 0
    final = await svc.tournaments.events.standings(ev.id)
    assert sum(s.points for s in final) == 3 * 4 * 2  # every match gives 2 points in all
    assert [s.place for s in final] == list(range(1, 9))
    assert all(len(s.opponents) == 3 for s in final)
    await db.dispose()


async def test_duplicate_tables_of_a_board_hold_the_same_cards(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="复式",
        format="duplicate",
        rounds=1,
        hands=2,
        rules=ONE_DECK,
        grace_seconds=30,
    )
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    one, two = await store.pairings(ev.id, 1)
    assert (one.ns_team, one.ew_team, two.ns_team, two.ew_team) == (0, 1, 1, 0)
    assert one.table_id is not None and two.table_id is not None
    # Team A's first pair N/S at table 1, its second pair E/W at table 2.
    a, b = (await store.entries(ev.id))[0].user_ids, (await store.entries(ev.id))[1].user_ids
    t1, t2 = svc.core.live_table(one.table_id), svc.core.live_table(two.table_id)
    assert t1 is not None and t2 is not None
    assert [s.user_id for s in t1.table.seats] == [a[0], b[2], a[1], b[3]]
    assert [s.user_id for s in t2.table.seats] == [b[0], a[2], b[1], a[3]]
    # Dealt at once (pace 0), nobody has declared: the engine holds the same cards.
    m1, m2 = svc.queries.match_of(one.table_id), svc.queries.match_of(two.table_id)
    assert m1 is not None and m2 is not None and m1.phase == m2.phase == "declaring"
    for seat in range(4):
        assert m1.hand_of(seat) == m2.hand_of(seat) and len(m1.hand_of(seat)) > 0
    assert m1.hand.kitty == m2.hand.kitty

    await drive(svc, clock, finished(svc, ev.id))
    one, two = await store.pairings(ev.id, 1)
    assert one.table_id is not None and two.table_id is not None
    h1, h2 = await store.table_hands(one.table_id), await store.table_hands(two.table_id)
    assert len(h1) == len(h2) == 2
    replays = Replays(sqlite_db)
    for x, y in zip(h1, h2, strict=True):  # board by board, the same deal seat for seat
        r1, r2 = (await replays.hand(x.hand_id)), (await replays.hand(y.hand_id))
        assert r1 is not None and r2 is not None
        s1, s2 = parse_record(r1.record).start(), parse_record(r2.record).start()
        s1.apply(DealCards(s1.deal_total))
        s2.apply(DealCards(s2.deal_total))
        assert all(s1.hand_of(s) == s2.hand_of(s) for s in range(4))
    boards = await store.boards(ev.id)
    assert sorted(boards) == [1, 2] and boards[1] != boards[2]
    # No record gives away another board: the keys come from the event's seed, which
    # no record carries, through a hash (board 2's key is not board 1's plus one).
    assert all(ev.seed not in key for key in boards.values())
    assert boards[2] == deal_key(ev.seed, "board", 2) and boards[1][:8] != boards[2][:8]
    async with sqlite_db.session() as s:  # one match per board; the first one closed
        rows = (await s.scalars(select(MatchRow).where(MatchRow.table_id == one.table_id))).all()
        assert [(m.seed, m.status) for m in rows] == [(boards[1], "ended"), (boards[2], "ended")]
    won = sum(
        two_table_imps(board_result(i + 1, 1, x, ONE_DECK), board_result(i + 1, 2, y, ONE_DECK))
        for i, (x, y) in enumerate(zip(h1, h2, strict=True))
    )
    assert (one.ns_raw, two.ns_raw) == (won, -won)
    final = await svc.tournaments.events.standings(ev.id)
    assert sum(s.points for s in final) == 2
    if won:
        assert final[0].team == (0 if won > 0 else 1) and final[0].points == 2


async def run_event(
    svc: TableService, clock: FakeClock, fmt: str, teams: int, rounds: int
) -> EventInfo:
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name=fmt,
        format=fmt,
        rounds=rounds,
        hands=1,
        rules=ONE_DECK,
        grace_seconds=10,
    )
    await register(svc, ev, teams, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    await drive(svc, clock, finished(svc, ev.id))
    return ev


async def test_knockout_plays_the_bracket_down_to_one(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await run_event(svc, clock, "knockout", 4, 5)
    store = svc.tournaments.store
    rounds = await store.rounds(ev.id)
    assert len(rounds) == 2  # semi-finals, then the final, whatever ``rounds`` said
    semis, final = await store.pairings(ev.id, 1), await store.pairings(ev.id, 2)
    assert [(p.ns_team, p.ew_team) for p in semis] == [(0, 3), (1, 2)]
    results = await svc.tournaments.events.results(ev.id)
    won = {r.team for r in results if r.round_no == 1 and r.level_diff > 0}
    won |= {min(p.ns_team, p.ew_team) for p in semis if p.level_diff == 0}
    assert {final[0].ns_team, final[0].ew_team} == won


async def test_round_robin_meets_everyone_once_with_byes(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await run_event(svc, clock, "round-robin", 3, 9)
    store = svc.tournaments.store
    tables = await store.pairings(ev.id)
    assert len(await store.rounds(ev.id)) == 3
    byes = [p.ns_team for p in tables if p.ew_team == BYE]
    assert sorted(byes) == [0, 1, 2]  # each team sits out once
    assert [r.bye_team for r in await store.rounds(ev.id)] == byes
    played = [frozenset((p.ns_team, p.ew_team)) for p in tables if p.ew_team != BYE]
    assert sorted(map(sorted, played)) == [[0, 1], [0, 2], [1, 2]]
    final = await svc.tournaments.events.standings(ev.id)
    assert sum(s.points for s in final) == 3 * 2 + 3 * 2  # three matches, three byes


async def test_bad_entries_are_refused_and_change_nothing(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db, FakeClock())
    t = svc.tournaments

    async def refused(code: str, call: Awaitable[object]) -> None:
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.code == code
        assert err.value.message("zh-CN") and err.value.message("en")

    common = {"guild_id": GUILD, "director_id": DIRECTOR, "name": "x", "rounds": 2}
    await refused("tournament_bad_format", t.new_event(**common, format="ladder", hands=2))
    await refused("tournament_hands_or_minutes", t.new_event(**common, format="swiss"))
    await refused(
        "tournament_hands_or_minutes", t.new_event(**common, format="duplicate", minutes=30)
    )
    await refused(
        "tournament_friends_swiss",
        t.new_event(**common, format="knockout", hands=2, rules=preset("friends-6")),
    )
    ev = await t.new_event(**common, format="swiss", minutes=30, rules=ONE_DECK)
    await t.join(ev.id, user(1), user(2))
    await refused("tournament_already_entered", t.join(ev.id, user(3), user(2)))
    await refused("tournament_partner_self", t.join(ev.id, user(3), user(3)))
    await refused("tournament_team_size", t.join(ev.id, user(3), user(4), pair=[(user(5), "")]))
    await refused("tournament_not_entered", t.check_in(ev.id, user(9)))
    await refused("tournament_not_director", t.start(ev.id, user(1)))
    await t.check_in(ev.id, user(1))
    await refused("tournament_too_few", t.start(ev.id, DIRECTOR))
    await refused("tournament_not_found", t.events.event(ev.id + 1))
    assert len(await t.events.entries(ev.id)) == 1
    assert (await t.events.event(ev.id)).status == "registering"
    await t.end(ev.id, DIRECTOR)
    await refused("tournament_finished", t.drop(ev.id, user(1)))


async def test_a_round_by_minutes_ends_its_tables_between_hands(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="timed",
        format="swiss",
        rounds=1,
        minutes=2,
        rules=ONE_DECK,
        grace_seconds=10,
    )
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    (p,) = await store.pairings(ev.id, 1)
    assert p.table_id is not None

    await drive(svc, clock, finished(svc, ev.id))
    (r,) = await store.rounds(ev.id)
    (p,) = await store.pairings(ev.id, 1)
    info = await svc.core.store.get_table(p.table_id)  # type: ignore[arg-type]
    assert p.hands >= 2 and p.status == "done", (p, info.status)
    if info.status == "ended":  # not a match won early: it played past the 2 minutes
        assert r.finished_at is not None and (r.finished_at - r.started_at).total_seconds() >= 120
    m = await svc.core.store.load_match(info.id)
    assert m is not None and m.phase in ("scored", "finished")  # never cut in mid-hand


async def test_duplicate_event_resumes_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'dup.db'}"
    db = Database(url)
    await db.upgrade()
    clock = FakeClock()
    svc = new_service(db, clock)
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="dup",
        format="duplicate",
        rounds=2,
        hands=2,
        rules=ONE_DECK,
        grace_seconds=10,
    )
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store

    async def a_board_played() -> bool:
        one = (await store.pairings(ev.id, 1))[0]
        return one.table_id is not None and len(await store.table_hands(one.table_id)) >= 1

    await drive(svc, clock, a_board_played)
    assert (await store.event(ev.id)).status == "running"  # type: ignore[union-attr]
    await db.dispose()
    db = Database(url)
    svc = new_service(db, clock)
    await svc.start()
    store = svc.tournaments.store

    await drive(svc, clock, finished(svc, ev.id))
    tables = await store.pairings(ev.id)
    assert [(p.round_no, p.board_no, p.hands) for p in tables] == [
        (1, 1, 2),
        (1, 1, 2),
        (2, 3, 2),
        (2, 3, 2),
    ]
    replays = Replays(db)
    boards = await store.boards(ev.id)
    for p in tables:  # each table dealt its round's boards, in order
        assert p.table_id is not None
        seeds = []
        for h in await store.table_hands(p.table_id):
            stored = await replays.hand(h.hand_id)
            assert stored is not None
            seeds.append(parse_record(stored.record).headers["Seed"])
        assert p.board_no is not None
        assert seeds == [boards[p.board_no], boards[p.board_no + 1]]
    assert sum(s.points for s in await svc.tournaments.events.standings(ev.id)) == 2 * 2
    await db.dispose()


async def test_a_table_record_foretells_no_other_deal(sqlite_db: Database) -> None:
    """A Swiss table's first hand, once over, is replayable: its record must not let
    anyone work out that table's next hand or another table's cards."""
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await run_event(svc, clock, "swiss", 4, 1)
    store = svc.tournaments.store
    seeds = []
    for p in await store.pairings(ev.id, 1):
        assert p.table_id is not None
        (hand,) = await store.table_hands(p.table_id)
        stored = await Replays(sqlite_db).hand(hand.hand_id)
        assert stored is not None
        seed = parse_record(stored.record).headers["Seed"]
        assert ev.seed not in seed
        seeds.append(seed)
        # A next hand would deal from the match's secret (kept in the server-side
        # snapshot only), not from the record's seed.
        async with sqlite_db.session() as s:
            row = (await s.scalars(select(MatchRow).where(MatchRow.table_id == p.table_id))).one()
        secret = json.loads(row.snapshot_json).get("secret")
        assert secret and secret != seed and secret not in stored.record
    assert len(set(seeds)) == len(seeds)


async def test_a_board_is_not_replayed_before_its_round_ends(sqlite_db: Database) -> None:
    """Duplicate: table 1's finished board must stay secret while table 2 still has
    it to play — no /replay, /record, /history, share page or deal: until the round
    is over; then it is an ordinary finished hand."""
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await svc.tournaments.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="board secret",
        format="duplicate",
        rounds=1,
        hands=2,
        rules=ONE_DECK,
        grace_seconds=30,
    )
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    one, _two = await store.pairings(ev.id, 1)
    assert one.table_id is not None
    table_id = one.table_id

    async def a_board_done() -> bool:
        return bool(await store.table_hands(table_id))

    await drive(svc, clock, a_board_done)
    event = await store.event(ev.id)
    assert event is not None and event.status == "running"
    (played,) = (await store.table_hands(table_id))[:1]
    stored = await Replays(sqlite_db).hand(played.hand_id)
    assert stored is not None
    player = user(0)  # registered; the no-shows' seats are AI's, so the channel lists it
    with pytest.raises(ServiceError) as refused:
        await svc.replays.finished(
            guild_id=GUILD, channel_id=stored.channel_id, hand_id=played.hand_id
        )
    assert refused.value.code == "replay_round_in_play"
    with pytest.raises(ServiceError):
        await svc.replays.finished(guild_id=GUILD, channel_id=stored.channel_id, hand_id=None)
    assert played.hand_id not in {
        h.hand_id for h in await svc.replays.history(GUILD, stored.channel_id, player)
    }
    token = await Replays(sqlite_db).create_link(played.hand_id, player)  # made behind its back
    assert await svc.replays.by_token(token) is None
    with pytest.raises(ServiceError):
        await svc.lifecycle.deal_rules(GUILD, played.hand_id, None)

    await drive(svc, clock, finished(svc, ev.id))
    hand, replay = await svc.replays.finished(
        guild_id=GUILD, channel_id=stored.channel_id, hand_id=played.hand_id
    )
    assert hand.hand_id == played.hand_id and replay.frames
    assert await svc.replays.by_token(token) is not None
