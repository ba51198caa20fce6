"""When a player's move is stored but the table's next step cannot be (the database
stops answering right after it), both front ends say the move stands and the next
step is late — never "nothing was changed"."""

from __future__ import annotations

from pathlib import Path

from rules.actions import Play
from rules.notation import format_cards
from storage import Database, StorageFull
from tests.support.console_helpers import console_table
from tests.support.discord_helpers import make_world
from tests.support.discord_posts import channel_posts, to_play
from tests.support.service_helpers import Outage, play_on

CONSOLE_CHANNEL = 1  # bot.console.table's one channel
CONSOLE_USER = 1


async def test_console_says_the_move_stands_and_the_next_step_is_late(
    sqlite_db: Database,
) -> None:
    table, buf = await console_table(sqlite_db)
    svc, clock = table.service, table.clock
    tid = table.table_id
    assert tid is not None
    m = await play_on(
        svc, clock, tid, CONSOLE_CHANNEL, lambda m: m.phase == "playing" and m.turn == 0
    )
    action = m.suggest(0)
    assert isinstance(action, Play)
    outage = Outage(svc, StorageFull(), reads=False)
    said = len(buf.getvalue())
    events = await svc.moves.play(CONSOLE_CHANNEL, CONSOLE_USER, action.cards)
    out = buf.getvalue()[said:]
    assert events and outage.failed >= 1
    assert "The last move is saved" in out
    assert "nothing was changed" not in out.lower()


async def test_discord_says_the_move_stands_and_the_next_step_is_late(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await to_play(w)
        m = w.match
        seat = m.turn
        assert seat is not None
        nxt = (seat + 1) % 4
        r = await w.slash(w.member_at(nxt), "table leave")  # an AI plays after `seat`
        assert r.response is not None
        outage = Outage(w.bot.service, StorageFull(), reads=False)
        since = w.mark()
        action = w.match.suggest(seat)
        assert isinstance(action, Play)
        r = await w.slash(w.member_at(seat), "play", cards=format_cards(action.cards, "ascii"))
        assert outage.failed >= 1
        assert r.response is not None and not r.response.ephemeral  # the play was shown
        posts = [p.get("content") or "" for p in channel_posts(w, since)]
        assert any("The last move is saved" in p for p in posts), posts
        outage.end()
