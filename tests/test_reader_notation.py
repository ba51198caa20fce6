"""English hands write the jokers as the English notation does (BJ / LJ); Chinese
ones 大王 / 小王 — the hand DM (and /hand) as well as the console's hand rows."""

from __future__ import annotations

from bot.discord_app.replies import dm_text
from bot.text.render import reader_format
from rules.actions import DealCards
from rules.cards import Card
from storage import Database
from tests.service_helpers import new_service


def test_reader_format_names_the_jokers_in_the_readers_notation() -> None:
    jokers = [Card.LJ, Card.BJ, Card.LJ]
    assert reader_format("en")(jokers) == "LJ BJ LJ"
    assert reader_format("zh-CN")(jokers) == "小王 大王 小王"


async def test_an_english_hand_dm_writes_bj_and_lj(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db)
    await svc.create_table(guild_id=1, channel_id=5, creator_id=1, creator_name="Ann")
    for _ in range(3):
        await svc.add_ai(5, 1)
    status = await svc.start_game(5, 1)
    match = svc.match_of(status.table.id)
    assert match is not None
    # Find a seat that holds a joker once everything is dealt.
    if match.hand.dealt < match.deal_total:
        match.apply(DealCards(match.deal_total - match.hand.dealt))
    seat = next(s for s in range(4) if match.hand.hands[s][Card.BJ] or match.hand.hands[s][Card.LJ])
    view = match.view_for(seat)
    status = await svc.status(5)
    english, chinese = dm_text("en", status, view), dm_text("zh-CN", status, view)
    assert "大王" not in english and "小王" not in english
    assert "BJ" in english or "LJ" in english
    assert "大王" in chinese or "小王" in chinese
