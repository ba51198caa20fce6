"""The news of an event survives a crash between a write and its post: a round
paired (or finished, or the event over) whose post never went out is posted on
the next start, and nothing already posted is posted again."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from bot.service import FakeClock, TableService
from storage import Database
from storage.tournaments import EventInfo, Tournaments
from tests.support.service_helpers import new_service
from tests.support.tournament_helpers import DIRECTOR, drive, finished, one_deck_event, register

News = list[tuple[str, int]]


class Crash(BaseException):
    """The process dying right after a commit (not an error the service handles)."""


def recorder(svc: TableService, news: News, crash_on: tuple[str, int] | None = None) -> None:
    async def announce(ev: EventInfo, what: str, round_no: int) -> None:
        if (what, round_no) == crash_on:
            raise Crash
        news.append((what, round_no))

    svc.tournaments.rounds.announce = announce


async def started(url: str, news: News, crash_on: tuple[str, int] | None = None) -> TableService:
    svc = new_service(Database(url), FakeClock())
    recorder(svc, news, crash_on)
    await svc.start()
    return svc


@pytest.mark.parametrize("lost", [("paired", 2), ("finished", 1), ("finished", 2), ("final", 2)])
async def test_news_lost_in_a_crash_is_posted_on_the_next_start(
    tmp_path: Path, lost: tuple[str, int]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'news.db'}"
    db = Database(url)
    await db.upgrade()
    await db.dispose()
    first: News = []
    svc = await started(url, first, crash_on=lost)
    ev = await one_deck_event(svc, name="News", format="swiss", rounds=2, hands=1, grace_seconds=20)
    await register(svc, ev, 4, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    clock = svc.core.clock
    assert isinstance(clock, FakeClock)
    with pytest.raises(Crash):
        await drive(svc, clock, finished(svc, ev.id))
    await svc.core.db.dispose()
    assert lost not in first

    again: News = []
    svc = await started(url, again)
    assert again[:1] == [lost], again  # the lost post first, and only it
    if lost != ("final", 2):
        clock = svc.core.clock
        assert isinstance(clock, FakeClock)
        await drive(svc, clock, finished(svc, ev.id))
    everything = first + again
    assert sorted(everything) == sorted(
        [("paired", 1), ("finished", 1), ("paired", 2), ("finished", 2), ("final", 2)]
    ), everything
    await svc.core.db.dispose()


async def test_an_upgrade_posts_no_old_news(tmp_path: Path) -> None:
    """Rounds stored before the news column (migration 0008) count as posted: the
    schema is taken back to 0007 under a running event, then upgraded."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    db = Database(url)
    await db.upgrade()
    await db.dispose()
    news: News = []
    svc = await started(url, news, crash_on=("paired", 1))
    ev = await one_deck_event(svc, name="Old", format="swiss", rounds=2, hands=1, grace_seconds=20)
    await register(svc, ev, 4, 2)
    with pytest.raises(Crash):
        await svc.tournaments.start(ev.id, DIRECTOR)
    async with svc.core.db.engine.begin() as conn:
        await conn.execute(text("ALTER TABLE tournament_rounds DROP COLUMN news"))
        await conn.execute(text("ALTER TABLE hand_players DROP COLUMN display_name"))  # 0010
        await conn.execute(text("DROP TABLE table_links"))  # 0011
        await conn.execute(text("UPDATE alembic_version SET version_num = '0007'"))
    await svc.core.db.dispose()
    db = Database(url)
    await db.upgrade()
    (r,) = await Tournaments(db).rounds(ev.id)
    assert r.news == {"paired", "finished", "final"}
    await db.dispose()
    svc = await started(url, news)
    assert news == []  # round 1's pairing was "posted" before the upgrade
    await svc.core.db.dispose()


async def test_an_event_ended_mid_round_posts_no_results_after_a_crash(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'end.db'}"
    db = Database(url)
    await db.upgrade()
    await db.dispose()
    first: News = []
    svc = await started(url, first, crash_on=("final", 1))
    ev = await one_deck_event(svc, name="End", format="swiss", rounds=2, hands=1, grace_seconds=600)
    await register(svc, ev, 4, 2)
    await svc.tournaments.start(ev.id, DIRECTOR)
    with pytest.raises(Crash):  # the director ends it in round 1; the bot dies posting
        await svc.tournaments.end(ev.id, DIRECTOR)
    await svc.core.db.dispose()
    again: News = []
    svc = await started(url, again)
    assert again == [("final", 1)]  # the ranking, not results of a round never finished
    await svc.core.db.dispose()
