"""The event's no-show rule: ``counts`` (default) — a table's result stands as
the AI seats played it; ``forfeit`` — a team with a no-show loses the match
(both, if both had one), at a duplicate match a no-show at either table."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, ServiceError
from bot.service.tournament.pairing import MatchPoints
from bot.service.tournament.results import round_results, winners
from storage import Database
from storage.tournaments import PairingInfo
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, drive, finished, one_deck_event, register

POINTS = MatchPoints()  # win 2, draw 1, loss 0


def table(no: int, ns: int, ew: int, diff: int, no_shows: tuple[int, ...] = ()) -> PairingInfo:
    return PairingInfo(1, no, ns, ew, None, no, "done", diff, diff, 1, no_shows)


def points(results: list, team: int) -> int:  # type: ignore[type-arg]
    return sum(r.points for r in results if r.team == team)


def test_forfeit_takes_the_match_from_the_team_that_did_not_show() -> None:
    # Team 0 (N/S) won by 2 levels, but seat 2 (N/S) was a no-show.
    t = table(1, 0, 1, +2, no_shows=(2,))
    counted = round_results(1, [t], POINTS)
    assert (points(counted, 0), points(counted, 1)) == (2, 0)
    forfeit = round_results(1, [t], POINTS, no_show="forfeit")
    assert (points(forfeit, 0), points(forfeit, 1)) == (0, 2)
    assert [r.level_diff for r in forfeit] == [2, -2]  # the margin stays for tie-breaks
    both = round_results(1, [table(1, 0, 1, +2, no_shows=(1, 2))], POINTS, no_show="forfeit")
    assert (points(both, 0), points(both, 1)) == (0, 0)
    clean = round_results(1, [table(1, 0, 1, -1)], POINTS, no_show="forfeit")
    assert (points(clean, 0), points(clean, 1)) == (0, 2)  # nobody absent: as played


def test_duplicate_forfeit_looks_at_both_tables_of_the_match() -> None:
    odd = table(1, 0, 1, +5)  # team 0 N/S, +5 IMPs
    even = table(2, 1, 0, -5, no_shows=(3,))  # E/W of table 2 is team 0: absent there
    r = round_results(1, [odd, even], POINTS, duplicate=True, no_show="forfeit")
    assert (points(r, 0), points(r, 1)) == (0, 2)
    assert (points(round_results(1, [odd, even], POINTS, duplicate=True), 0)) == 2


def test_a_knockout_forfeit_sends_the_other_team_on() -> None:
    t = table(1, 0, 1, +3, no_shows=(0,))
    assert winners([t], round_results(1, [t], POINTS)) == [0]
    assert winners([t], round_results(1, [t], POINTS, no_show="forfeit")) == [1]


async def test_an_event_with_the_forfeit_rule(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    await svc.start()
    with pytest.raises(ServiceError) as bad:
        await one_deck_event(svc, name="x", format="swiss", rounds=1, hands=1, no_show="maybe")
    assert bad.value.code == "tournament_bad_no_show"
    assert not await svc.tournaments.store.events()
    ev = await one_deck_event(
        svc, name="F", format="swiss", rounds=1, hands=1, grace_seconds=5, no_show="forfeit"
    )
    await register(svc, ev, 2, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    await drive(svc, clock, finished(svc, ev.id))
    (t,) = await svc.tournaments.store.pairings(ev.id, 1)
    assert sorted(t.no_shows) == [0, 1, 2, 3]  # nobody came: both teams forfeit
    assert [s.points for s in await svc.tournaments.events.standings(ev.id)] == [0, 0]
