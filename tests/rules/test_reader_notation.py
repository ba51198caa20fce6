"""English hands write the jokers as the English notation does (BJ / LJ); Chinese
ones 大王 / 小王 — the hand DM (and /hand) as well as the console's hand rows."""

from __future__ import annotations

from bot.discord_app.replies import dm_text
from bot.text.render import reader_format
from rules.actions import DealCards
from rules.cards import Card
from storage import Database
from tests.support.service_helpers import new_service


def test_reader_format_names_the_jokers_in_the_readers_notation() -> None:
    jokers = [Card.LJ, Card.BJ, Card.LJ]
    assert reader_format("en")(jokers) == "LJ BJ LJ"
    assert reader_format("zh-CN")(jokers) == "小王 大王 小王"


async def test_an_english_hand_dm_writes_bj_and_lj(sqlite_db: Database) -> None:
    svc = new_service(sqlite_db)
    await svc.lifecycle.create_table(guild_id=1, channel_id=5, creator_id=1, creator_name="Ann")
    for _ in range(3):
        await svc.lifecycle.add_ai(5, 1)
    status = await svc.lifecycle.start_game(5, 1)
    match = svc.queries.match_of(status.table.id)
    assert match is not None
    # Find a seat that holds a joker once everything is dealt.
    if match.hand.dealt < match.deal_total:
        match.apply(DealCards(match.deal_total - match.hand.dealt))
    seat = next(s for s in range(4) if match.hand.hands[s][Card.BJ] or match.hand.hands[s][Card.LJ])
    view = match.view_for(seat)
    status = await svc.queries.status(5)
    english, chinese = dm_text("en", status, view), dm_text("zh-CN", status, view)
    assert "大王" not in english and "小王" not in english
    assert "BJ" in english or "LJ" in english
    assert "大王" in chinese or "小王" in chinese


# ---- every English line that names cards: BJ / LJ; Chinese ones 大王 / 小王 ----------------
def _no_chinese_jokers(line: str | None) -> str:
    assert line is not None
    assert "大王" not in line and "小王" not in line, line
    return line


def test_event_lines_and_summaries_name_the_jokers_in_the_readers_notation() -> None:
    from bot.text.render import event_line, summary_text
    from rules.events import BidWithdrawn, Declared, HandScored, Played, ThrowFailed, TookBack

    jokers = (Card.BJ, Card.BJ)
    events = [
        Played(0, jokers, 1, 1),
        Declared(1, (Card.LJ, Card.LJ), None, "LJ2", "override"),
        ThrowFailed(2, (Card.BJ, Card.LJ), (Card.LJ,), 10),
        TookBack(3, jokers, 1, 0),
        BidWithdrawn(1, (Card.LJ, Card.LJ)),
    ]
    for ev in events:
        english = _no_chinese_jokers(event_line("en", ev))
        assert "BJ" in english or "LJ" in english, english
        chinese = event_line("zh-CN", ev)
        assert chinese is not None and ("大王" in chinese or "小王" in chinese), chinese
    scored = HandScored(1, 0, 0, (Card.LJ, Card.S5), 5, 0, 0, 85, "attackers", 0, (2, 2), 1)
    assert "LJ" in _no_chinese_jokers(summary_text("en", scored))
    assert "小王" in summary_text("zh-CN", scored)


async def test_the_table_message_trick_lines_name_the_jokers_in_the_tables_language(
    sqlite_db: Database,
) -> None:
    """A real match played to a trick with a joker in it: the table message's trick
    line (and the status lines) in English write BJ / LJ, in Chinese 大王 / 小王."""
    from dataclasses import replace

    from bot.discord_app.table_message import embed_text, table_embed

    svc = new_service(sqlite_db)
    await svc.lifecycle.create_table(guild_id=1, channel_id=6, creator_id=1, creator_name="Ann")
    for _ in range(3):
        await svc.lifecycle.add_ai(6, 1)
    status = await svc.lifecycle.start_game(6, 1)
    match = svc.queries.match_of(status.table.id)
    assert match is not None
    joker = {Card.BJ, Card.LJ}
    for _ in range(2000):
        view = match.view_for(None)
        if (
            view.phase == "playing"
            and view.tricks
            and any(joker & set(cards) for _, cards in view.tricks[-1].plays)
        ):
            break
        actor = match.turn if match.turn is not None else match.dealer
        action = match.suggest(actor if actor is not None else 0)
        assert action is not None
        match.apply(action)
    else:
        raise AssertionError("no trick with a joker")
    shown = replace(status, view=match.view_for(None))
    english = embed_text(table_embed("en", shown))
    chinese = embed_text(table_embed("zh-CN", shown))
    _no_chinese_jokers(english)
    assert "BJ" in english or "LJ" in english, english
    assert "大王" in chinese or "小王" in chinese, chinese
    # The public answer to a play, worded per table language (emoji format or not).
    from bot.discord_app.emojis import card_format
    from bot.discord_app.replies import play_reply
    from rules.events import Played

    seat, cards = next((s, c) for s, c in shown.view.tricks[-1].plays if joker & set(c))  # type: ignore[union-attr]
    events = [Played(seat, tuple(cards), 1, None)]
    for fmt in (card_format(None), reader_format(None)):
        english = play_reply("en", shown, events, None, fmt)
        assert "BJ" in _no_chinese_jokers(english) or "LJ" in english, english
        chinese = play_reply("zh-CN", shown, events, None, card_format(None))
        assert "大王" in chinese or "小王" in chinese, chinese
