"""Duplicate behind screens: the two tables of a match start each board
together (a table that finished a board waits for the other to finish it), and
on Discord each table plays in a private thread that only its four players and
the director can open — the other table's players hold the same cards."""

from __future__ import annotations

from pathlib import Path

from simcord.backend.access import can_access_channel

from bot.service import FakeClock
from bot.service.tournament.driver import GRACE_SECONDS
from bot.text.i18n import text
from storage import Database
from tests.support.discord_helpers import make_world
from tests.support.discord_tournament import PLAYERS, director, duplicate_entered
from tests.support.permission_helpers import set_bot_permission, strict_permissions
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, one_deck_event, register


async def test_a_board_starts_at_both_tables_together(sqlite_db: Database) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    await svc.start()
    ev = await one_deck_event(
        svc, name="Screens", format="duplicate", rounds=1, hands=2, grace_seconds=600
    )
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    store = svc.tournaments.store
    one, two = await store.pairings(ev.id, 1)
    assert one.table_id is not None and two.table_id is not None
    # Table 1's players leave (AI seats play at once); table 2's stay away until
    # the grace time.
    live = svc.core.live_table(one.table_id)
    assert live is not None
    for s in list(live.table.seats):
        assert s.user_id is not None
        await svc.lifecycle.leave(live.table.channel_id, s.user_id)
    for _ in range(200):
        await svc.tick()
        clock.advance(1)
    assert len(await store.table_hands(one.table_id)) == 1  # board 1 played at table 1 …
    assert len(await store.table_hands(two.table_id)) == 0  # … not at table 2 (away)
    live = svc.core.live_table(one.table_id)
    assert live is not None and live.match is not None and live.match.phase == "scored"
    clock.advance(600)  # table 2's grace: AI seats play its board 1, then both play board 2
    for _ in range(400):
        await svc.tick()
        clock.advance(1)
        if (await store.event(ev.id)).status == "finished":  # type: ignore[union-attr]
            break
    done = await store.pairings(ev.id, 1)
    assert [(p.status, p.hands) for p in done] == [("done", 2), ("done", 2)]


async def test_duplicate_tables_play_in_private_threads(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=PLAYERS) as w:
        p = w.members
        td = await duplicate_entered(w)
        r = await w.slash(td, "tournament start")
        assert r.response is not None and "has started" in r.response.content
        threads = sorted(w.channel.threads, key=lambda t: t.name)
        assert [t.name for t in threads] == ["T1-R1-1", "T1-R1-2"]
        store = w.bot.service.tournaments.store
        for t, pairing in zip(threads, await store.pairings(1, 1), strict=True):
            assert pairing.table_id is not None
            live = w.bot.service.core.live_table(pairing.table_id)
            assert live is not None and live.table.channel_id == t.id
            seated = {s.user_id for s in live.table.seats}
            assert len(seated) == 4 and w.bot_messages(t)
            # Simcord's access rules are Discord's: a private thread is for its members.
            for m in p:
                assert can_access_channel(w.env, t.id, m) == (m.id in seated), (t.name, m)
            assert can_access_channel(w.env, t.id, td)
        # A substitute for p0 (at table 1) gets into table 1's thread, not table 2's.
        sub = w.guild.add_member(w.env.create_user("sub"))
        r = await w.slash(td, "tournament replace", team=1, old=p[0], new=sub, reason="ill")
        assert r.response is not None and not r.response.ephemeral, r.response
        assert can_access_channel(w.env, threads[0].id, sub)
        assert not can_access_channel(w.env, threads[1].id, sub)
        w.clock.advance(GRACE_SECONDS + 1)
        for _ in range(2000):
            if (await store.event(1)).status == "finished":
                break
            await w.bot.tick_now()
            await w.env.settle()
            w.clock.advance(5)
        assert (await store.event(1)).status == "finished"


async def test_a_duplicate_event_needs_private_threads(tmp_path: Path) -> None:
    with strict_permissions():
        async with make_world(tmp_path, names=PLAYERS) as w:
            td = await director(w)
            set_bot_permission(w, "create_private_threads", False)
            r = await w.slash(
                td, "tournament new", name="Dup", format="duplicate", rounds=1, hands=1,
                preset="one-deck",
            )  # fmt: skip
            assert r.response is not None and r.response.ephemeral
            assert r.response.content == text(
                "en", "perm_refused", missing=text("en", "perm.create_private_threads")
            )
            assert not await w.bot.service.tournaments.store.events()
            r = await w.slash(  # a Swiss event's tables are public threads: fine
                td, "tournament new", name="Cup", format="swiss", rounds=1, hands=1,
                preset="one-deck", no_show="forfeit",
            )  # fmt: skip
            assert r.response is not None and "Tournament #1 **Cup**" in r.response.content
            (ev,) = await w.bot.service.tournaments.store.events()
            assert ev.settings["no_show"] == "forfeit"
