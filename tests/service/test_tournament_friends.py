"""找朋友 events by individuals: the pure round pairing (tables by standings, the
fewest byes, fairly spread) and a 12-player friends-6 event of 2 rounds on AI
tables through the service on a real SQLite file."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, ServiceError
from bot.service.tournament.friends import friends_round
from bot.service.tournament.pairing import BYE, TABLE, Result
from rules.presets import preset
from storage import Database
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, GUILD, drive, finished, user

FRIENDS_6 = preset("friends-6")


def test_tables_follow_the_standings_and_byes_go_round() -> None:
    players = list(range(13))
    tables, byes = friends_round(players, [], frozenset(), 6)
    assert tables == [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]] and byes == [12]
    # After a round: the leaders sit together; the last bye does not sit out again.
    results = [Result(1, p, TABLE, p % 5, p % 5) for p in range(12)]
    results.append(Result(1, 12, BYE, 0, 0))
    tables, byes = friends_round(players, results, frozenset(), 6)
    # 12 had the bye: the lowest-placed without one (10, on 0 points) sits out.
    assert byes == [10]
    assert tables == [[4, 9, 3, 8, 2, 7], [1, 6, 11, 0, 5, 12]]
    # A dropped player is seated no more; 12 left: no bye.
    tables, byes = friends_round(players, results, frozenset({3}), 6)
    assert byes == [] and tables == [[4, 9, 8, 2, 7, 1], [6, 11, 0, 5, 10, 12]]


async def test_a_friends_event_of_twelve_players_runs_two_rounds(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    t = svc.tournaments
    ev = await t.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="找朋友",
        format="swiss",
        rounds=2,
        hands=1,
        rules=FRIENDS_6,
        grace_seconds=10,
    )
    with pytest.raises(ServiceError) as err:  # no partner at a 找朋友 event
        await t.join(ev.id, user(0), user(1))
    assert err.value.code == "tournament_team_size"
    for i in range(12):
        assert await t.join(ev.id, user(i), name=f"P{i}") == i
        await t.check_in(ev.id, user(i))
    await t.start(ev.id, DIRECTOR)
    store = t.store
    one = await store.pairings(ev.id, 1)
    assert [p.seats for p in one] == [tuple(range(6)), tuple(range(6, 12))]
    for p in one:  # six seats, one player each, the event's rules
        assert p.table_id is not None
        live = svc.core.live_table(p.table_id)
        assert live is not None and live.table.rules == FRIENDS_6
        assert [s.user_id for s in live.table.seats] == [user(e) for e in p.seats]

    await drive(svc, clock, finished(svc, ev.id))
    tables = await store.pairings(ev.id)
    assert len(tables) == 4 and all(p.status == "done" and p.hands == 1 for p in tables)
    for p in tables:  # each seat scored the levels it gained at the table
        assert p.table_id is not None
        (hand,) = await store.table_hands(p.table_id)
        gained = [b - a for a, b in zip(hand.levels_before, hand.levels_after, strict=True)]
        assert list(p.seat_levels) == gained and len(gained) == 6
    assert any(any(p.seat_levels) for p in tables)  # the fixed seed's deals gain levels
    results = await t.events.results(ev.id)
    assert len(results) == 24 and all(r.opponent == TABLE for r in results)
    final = await t.events.standings(ev.id)
    assert len(final) == 12
    assert sum(s.points for s in final) == sum(sum(p.seat_levels) for p in tables)
    assert [s.points for s in final] == sorted((s.points for s in final), reverse=True)
    # Round 2 seated by round 1's standings: the six leaders together.
    r1 = {r.team: r.points for r in results if r.round_no == 1}
    two = await store.pairings(ev.id, 2)
    top = sorted(r1, key=lambda e: (-r1[e], e))[:6]
    assert set(two[0].seats) == set(top)
