"""Director tools through the service on a real SQLite file: a player replaced
during a round (the running table's seat changes hands) and between rounds, a
result adjusted (standings follow), both logged with who and why, and refused,
changing nothing, for anyone else."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.service import FakeClock, ServiceError
from rules.presets import preset
from storage import Database
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, GUILD, drive, finished, register, user

ONE_DECK = preset("one-deck")


async def refused(code: str, call: Awaitable[object]) -> None:
    with pytest.raises(ServiceError) as err:
        await call
    assert err.value.code == code
    assert err.value.message("zh-CN") != err.value.message("en")


async def test_director_replaces_players_and_adjusts_a_result(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    t = svc.tournaments
    ev = await t.new_event(
        guild_id=GUILD,
        director_id=DIRECTOR,
        name="Directed",
        format="swiss",
        rounds=2,
        hands=1,
        rules=ONE_DECK,
        grace_seconds=600,  # nobody becomes an AI before the replacement
    )
    await register(svc, ev, 4, 2)
    await t.start(ev.id, DIRECTOR)
    (p, _) = await t.store.pairings(ev.id, 1)
    assert p.table_id is not None
    old, new = user(2 * p.ns_team), user(500)
    live = svc.core.live_table(p.table_id)
    assert live is not None and live.table.seats[0].user_id == old

    # Refused for a player, without a reason, for someone not on the team: nothing changes.
    common = {"team_no": p.ns_team, "old_id": old, "new_id": new, "new_name": "Sub"}
    await refused(
        "tournament_not_director", t.director.replace_player(ev.id, old, **common, reason="ill")
    )
    await refused(
        "tournament_reason_needed", t.director.replace_player(ev.id, DIRECTOR, **common, reason=" ")
    )
    await refused(
        "tournament_not_on_team",
        t.director.replace_player(ev.id, DIRECTOR, **{**common, "old_id": user(99)}, reason="ill"),
    )
    await refused(
        "tournament_already_entered",
        t.director.replace_player(ev.id, DIRECTOR, **{**common, "new_id": user(7)}, reason="ill"),
    )
    assert await t.director.log(ev.id) == []
    assert old in (await t.events.entries(ev.id))[p.ns_team].user_ids

    # During the round: the seat at the running table is the substitute's at once.
    table_id = await t.director.replace_player(ev.id, DIRECTOR, **common, reason="went home ill")
    assert table_id == p.table_id
    live = svc.core.live_table(p.table_id)
    assert live is not None
    assert (live.table.seats[0].user_id, live.table.seats[0].display_name) == (new, "Sub")
    assert (await svc.core.store.get_table(p.table_id)).seats[0].user_id == new  # stored too
    team = (await t.events.entries(ev.id))[p.ns_team]
    assert new in team.user_ids and old not in team.user_ids and "Sub" in team.names

    # A finished table's result cannot be adjusted before it is one.
    await refused(
        "tournament_no_table",
        t.director.adjust_result(ev.id, DIRECTOR, round_no=1, table_no=1, margin=3, reason="x"),
    )

    async def round_one_done() -> bool:
        return any(r.status == "finished" for r in await t.store.rounds(ev.id))

    await drive(svc, clock, round_one_done)
    before = {s.team: s.points for s in await t.events.standings(ev.id)}
    (p1, _) = await t.store.pairings(ev.id, 1)
    margin = 2 if (p1.level_diff or 0) <= 0 else -2  # the other way round
    await refused(
        "tournament_not_director",
        t.director.adjust_result(ev.id, new, round_no=1, table_no=1, margin=margin, reason="x"),
    )
    await refused(
        "tournament_no_table",
        t.director.adjust_result(
            ev.id, DIRECTOR, round_no=1, table_no=9, margin=margin, reason="x"
        ),
    )
    await t.director.adjust_result(
        ev.id, user(0), round_no=1, table_no=1, margin=margin, reason="misdeal", manage=True
    )
    (p1, _) = await t.store.pairings(ev.id, 1)
    assert p1.level_diff == margin
    after = {s.team: s.points for s in await t.events.standings(ev.id)}
    winner, loser = (p1.ns_team, p1.ew_team) if margin > 0 else (p1.ew_team, p1.ns_team)
    assert (after[winner], after[loser]) == (2, 0) and after != before
    assert sum(after.values()) == sum(before.values())

    # The next round opened as the first ended: the substitute sits there, and is
    # replaced there too; once the event is over, nobody is.
    (q,) = [q for q in await t.store.pairings(ev.id, 2) if p.ns_team in (q.ns_team, q.ew_team)]
    again = user(501)
    swap = {"team_no": p.ns_team, "old_id": new, "new_id": again, "new_name": "Sub2"}
    assert await t.director.replace_player(ev.id, DIRECTOR, **swap, reason="swap") == q.table_id
    assert q.table_id is not None and svc.core.live_table(q.table_id) is not None
    assert again in [s.user_id for s in svc.core.live_table(q.table_id).table.seats]  # type: ignore[union-attr]
    await drive(svc, clock, finished(svc, ev.id))
    await refused(
        "tournament_finished",
        t.director.replace_player(
            ev.id, DIRECTOR, **{**swap, "old_id": again, "new_id": user(502)}, reason="x"
        ),
    )
    log = await t.director.log(ev.id)
    assert [(e.action, e.actor_id, e.reason) for e in log] == [
        ("replace", DIRECTOR, "went home ill"),
        ("adjust", user(0), "misdeal"),
        ("replace", DIRECTOR, "swap"),
    ]
    assert log[0].detail["old"] == old and log[0].detail["new"] == new
    assert log[1].detail["after"]["level_diff"] == margin
    assert log[1].detail["before"]["level_diff"] != margin
    assert (log[1].round_no, log[1].table_no) == (1, 1)
