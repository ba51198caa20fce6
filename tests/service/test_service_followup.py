"""A human's move is stored, then the AI follow-up cannot be: the move is reported
as done (not "nothing was changed"), the follow-up as delayed, and the timer loop
retries it (backing off, saying so once) until the database answers again."""

from __future__ import annotations

import logging

import pytest

from bot.service import FakeClock, Notice, Public
from bot.text.i18n import text
from rules.actions import Play
from storage import Database, StorageFull, StorageUnavailable
from tests.support.service_helpers import Outage, new_service, play_on

CH, ANN = 20, 201


@pytest.mark.parametrize(
    ("error", "reads"),
    [(StorageFull(), False), (StorageUnavailable("busy"), True)],
)
async def test_move_done_follow_up_delayed_then_retried(
    sqlite_db: Database, error: Exception, reads: bool, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    notices: list[Notice] = []
    svc.core.subscribe(notices.append)
    st = await svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=ANN, creator_name="Ann"
    )
    for _ in range(3):
        await svc.lifecycle.add_ai(CH, ANN)
    await svc.lifecycle.start_game(CH, ANN)
    tid = st.table.id
    m = await play_on(
        svc,
        clock,
        tid,
        CH,
        lambda m: m.phase == "playing" and m.turn == 0 and not m.hand.current.plays,
    )
    action = m.suggest(0)
    assert isinstance(action, Play)
    before = await svc.core.store.action_count(tid)

    outage = Outage(svc, error, reads)
    events = await svc.moves.play(CH, ANN, action.cards)  # no "nothing was changed"
    assert events and outage.failed >= 1
    assert await outage.real_get(tid) and await svc.core.store.action_count(tid) == before + 1
    delayed = [n for n in notices if isinstance(n, Public) and n.kind == "followup_delayed"]
    assert len(delayed) == 1 and delayed[0].params["reason"] == error.code  # type: ignore[attr-defined]
    for locale in ("en", "zh-CN", "zh-TW"):
        msg = text(locale, "followup_delayed")
        assert msg and "{" not in msg
    assert "saved" in text("en", "followup_delayed")

    # Still down: the timer loop tries, fails, keeps the table and backs off
    # (1, 2, 4 … s), saying so once.
    with caplog.at_level(logging.INFO, logger="bot.service"):
        for delay in (1, 2, 4):
            attempts = outage.failed
            assert await svc.tick() == 0
            assert outage.failed > attempts  # it tried
            assert svc.core.live_table(tid) is not None
            attempts = outage.failed
            for _ in range(5):  # no spinning before the back-off ends
                assert await svc.tick() == 0
            assert outage.failed == attempts
            upcoming = svc.automation.next_deadline()
            assert upcoming is not None
            assert (upcoming - clock.now()).total_seconds() == pytest.approx(delay)
            clock.advance(delay)
        failures = [r for r in caplog.records if "timer failed" in r.getMessage()]
        assert len(failures) == 1 and error.code in failures[0].getMessage()

        outage.end()
        assert await svc.tick() >= 1  # the AI's turn, retried
        assert any("works again" in r.getMessage() for r in caplog.records)
    assert await svc.core.store.action_count(tid) > before + 1  # the AI seats played on
    m = svc.queries.match_of(tid)
    assert m is not None
    stored = await svc.core.store.load_match(tid)
    assert stored is not None and stored.to_dict() == m.to_dict()
    await play_on(svc, clock, tid, CH, lambda m: m.phase == "scored")
