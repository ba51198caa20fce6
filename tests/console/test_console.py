"""The offline console: ``python -m bot console`` driven through stdin for a whole
hand (and resumed from the same database), and ``ConsoleTable`` in-process on a
FakeClock for refusals and prompts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.console.table import CHANNEL, YOU, YOUR_SEAT, ConsoleTable
from rules.cards import NUM_CARDS, Card
from rules.declare import possible_declarations
from rules.notation import format_cards
from storage import Database
from tests.support.console_helpers import console_table, run_console, to_my_turn


def test_console_plays_a_hand_and_resumes(tmp_path: Path) -> None:
    db_file = tmp_path / "console.db"
    out = run_console(db_file, ["help", *["go"] * 40, "progress", "quit"], "--preset", "one-deck")
    assert "New table #1 (one-deck): you sit North" in out
    assert "Commands (cards in any notation" in out  # help
    assert "Your hand" in out and "Your turn (play CARDS)" in out
    assert "Trick 1:" in out and "wins trick 1" in out
    assert "North (you): " in out  # our own moves, made by ``auto``
    assert "Hand 1 over." in out and "Kitty:" in out
    assert "Hand over — Enter or next for the next hand" in out
    assert "Hand 1: dealer" in out  # progress from storage
    # who took over (or held) and who dealt next
    result = r"Hand 1: dealer \w+, [^.]+: the (attackers|defenders) [^.]+\. \w+ deals next\."
    assert re.search(result, " ".join(out.split()))
    assert out.rstrip().endswith("Saved. Run the console again to resume.")
    assert "Traceback" not in out
    # The summary comes after the last trick, and the console then waits.
    assert out.index("Hand 1 over.") > out.rindex("wins trick ")
    assert "Nothing to do right now." in out.split("Hand 1 over.")[1]

    again = run_console(db_file, ["status", "next", "status", "quit"], "--lang", "zh-CN")
    assert again.startswith("继续你的牌桌，第 1 桌（一副牌），第 1 局。")  # in Chinese
    assert "新牌桌" not in again
    assert "第 1 局" in again and "第 2 局" in again  # status before/after "next", in Chinese
    assert again.rstrip().endswith("已保存。再次运行即可继续。")


def test_console_end_of_input_saves(tmp_path: Path) -> None:
    db_file = tmp_path / "eof.db"
    out = run_console(db_file, ["hand", "status"], "--preset", "one-deck")
    assert "Your hand" in out and "Saved. Run the console again to resume." in out
    again = run_console(db_file, ["quit"])
    assert again.startswith("Resuming your table #1 (")


# ---- in-process ----------------------------------------------------------------------


def wanting(table: ConsoleTable) -> list[Card]:
    """As many cards as the move needs, of a card the console player does not hold."""
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None
    lead = m.current_lead()
    n = 1 if lead is None else len(lead.cards)
    missing = next(Card(c) for c in range(NUM_CARDS) if not m.hand.hands[YOUR_SEAT][c])
    return [missing] * n


async def test_console_refusals_change_nothing(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db)
    await to_my_turn(table)
    svc = table.service
    tid = table.table_id or 0
    m = svc.queries.match_of(tid)
    assert m is not None and m.turn == YOUR_SEAT
    before = m.to_dict()
    count = await svc.core.store.action_count(tid)
    missing = wanting(table)
    mark = len(buf.getvalue())

    assert await table.handle(f"play {format_cards(missing, 'ascii')}", "play")
    assert await table.handle("p zz9", "play")
    assert await table.handle("bury " + format_cards(m.hand_of(YOUR_SEAT)[:6]), "play")
    assert await table.handle(format_cards(missing), "play")  # cards alone: a play
    assert await table.handle("next", "play")
    said = buf.getvalue()[mark:]
    assert f"You do not hold {format_cards(missing)}." in said
    assert "I cannot read" in said
    assert "That cannot be done now (the table is playing)." in said
    assert "The hand is still being played." in said
    assert "Traceback" not in said and "{" not in said
    assert m.to_dict() == before
    assert await svc.core.store.action_count(tid) == count

    # The suggestion is offered and can be played; then it is someone else's turn.
    await table.handle("hint", "play")
    assert "Hint: play " in buf.getvalue()
    await table.handle("go", "play")
    assert await svc.core.store.action_count(tid) > count
    assert await table.handle("quit", "play") is False


async def test_console_speaks_chinese(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db, locale="zh-CN")
    await to_my_turn(table)
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None
    missing = wanting(table)
    mark = len(buf.getvalue())
    await table.handle(f"play {format_cards(missing)}", "play")
    assert f"你没有 {format_cards(missing)}。" in buf.getvalue()[mark:]
    table.show_status()
    assert "第 1 局" in buf.getvalue()


async def test_console_resume_in_process(sqlite_db: Database) -> None:
    table, _ = await console_table(sqlite_db)
    await to_my_turn(table)
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None
    state = m.to_dict()
    again, buf = await console_table(sqlite_db)
    assert buf.getvalue().startswith(f"Resuming your table #{table.table_id} (")
    assert again.table_id == table.table_id
    assert again.service.queries.match_of(again.table_id or 0).to_dict() == state  # type: ignore[union-attr]
    assert await again.pump() == "play"


async def test_console_dealer_buries_own_kitty(tmp_path: Path) -> None:
    for seed in ("b", *map(str, range(20))):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'dealer-{seed}.db'}")
        await db.upgrade()
        try:
            table, buf = await console_table(db, seed=seed)
            svc = table.service
            asked_seq: list[str | None] = []
            for _ in range(30):
                asked = await table.pump()
                asked_seq.append(asked)
                if asked in ("bury", "play", "over", "next") or asked is None:
                    break
                m = svc.queries.match_of(table.table_id or 0)
                view = svc.queries.seat_view(table.table_id or 0, YOUR_SEAT)
                assert m is not None and view is not None
                if not m.hand.declarations:
                    held = [0] * NUM_CARDS
                    for c in view.hand or ():
                        held[c] += 1
                    found = possible_declarations(
                        view.rules, view.level_rank, YOUR_SEAT, held, None
                    )
                    if found:
                        await svc.moves.declare(CHANNEL, YOU, format_cards(found[0].cards))
                        continue
                await table.handle("pass" if asked == "declare_or_pass" else "", asked)
            m = svc.queries.match_of(table.table_id or 0)
            if m is None or m.dealer != YOUR_SEAT:
                continue  # not our deal: try another seed
            # We declared and deal: the console must ask us to bury the kitty.
            assert "Kitty:" in buf.getvalue()
            assert "bury" in asked_seq, asked_seq
            assert "(auto)" not in buf.getvalue()
            return
        finally:
            await db.dispose()
    pytest.fail("no seed made the console player the dealer")


async def test_progress_after_a_hand_names_who_deals_next(sqlite_db: Database) -> None:
    """Right after a hand, ``progress`` names the next dealer the summary named (it
    used to name this hand's dealer again)."""
    table, buf = await console_table(sqlite_db)
    for _ in range(200):
        asked = await table.pump()
        if asked in ("next", "over"):
            break
        await table.handle("go", asked)
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None and m.phase == "scored"
    last = m.history[-1]
    assert last.next_dealer != last.dealer  # so the two answers differ
    mark = len(buf.getvalue())
    await table.handle("progress", "next")
    line = " ".join(buf.getvalue()[mark:].split())
    who = ("North", "East", "South", "West")[last.next_dealer]
    assert f"{who} deals next." in line, line
