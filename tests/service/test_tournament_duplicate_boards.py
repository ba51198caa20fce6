"""Duplicate twins play the same deal (issue 47, item 10): many events, board by
board, with one table declaring while its twin passes everything; whatever the
bidding did, the two records of a board deal the same cards to the same seats,
with the same dealer, and no board is dealt again."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import FakeClock, TableService
from bot.service.tournament.duplicate import board_dealer, board_rules
from rules.actions import DealCards, Declare
from rules.presets import preset
from rules.record import HandRecord, parse_record
from rules.ruleset import RuleSet
from rules.ruleset_parts import FallbackKind
from storage import Database, Replays
from storage.tournaments import EventInfo
from tests.support.service_helpers import human_move, new_service
from tests.support.tournament_helpers import DIRECTOR, GUILD, finished, register

ONE_DECK = preset("one-deck")
BOARDS = 4  # a whole rotation of dealers per event
NEVER = 10**6  # grace: nobody becomes an AI; the test moves for every seat


def with_fallback(kind: FallbackKind, arg: int = 0) -> RuleSet:
    return replace(
        ONE_DECK, declaration=replace(ONE_DECK.declaration, fallback=kind, fallback_arg=arg)
    )


async def move_everyone(
    svc: TableService, ev: EventInfo, bidder: dict[int, int], done: set[tuple[int, int]]
) -> None:
    """One move at each table. At a board's bidding table (1: the odd table, 0: the
    even one, -1: neither) the first seat that can declare does, once; otherwise
    every seat passes, buries and plays as suggested."""
    boards = {key: b for b, key in (await svc.tournaments.store.boards(ev.id)).items()}
    for p in await svc.tournaments.store.pairings(ev.id, ev.current_round or 1):
        live = svc.core.live_table(p.table_id) if p.table_id is not None else None
        m = live.match if live is not None else None
        if live is None or m is None or m.seed not in boards:
            continue
        board = boards[m.seed]
        seats = {s.seat: s.user_id for s in live.table.seats if s.user_id is not None}
        bids = m.phase == "declaring" and bidder[board] == p.table_no % 2
        if bids and (p.table_no, board) not in done:
            done.add((p.table_no, board))
            for seat, user in seats.items():
                if options := m.declaration_options(seat):
                    await svc.moves.declare(live.table.channel_id, user, options[0].cards)
                    break
            continue
        await human_move(svc, live.table.channel_id, m, seats)


def dealt(record: HandRecord) -> tuple[list[object], list[object]]:
    """Each seat's cards once the deal is over, and the kitty."""
    m = record.start()
    m.apply(DealCards(m.deal_total))
    return [sorted(m.hand_of(s)) for s in range(4)], list(m.hand.deck[m.deal_total :])


@pytest.mark.parametrize("event_no", range(6))
async def test_twins_hold_the_same_deal_whoever_declares(
    sqlite_db: Database, event_no: int
) -> None:
    rules = [ONE_DECK, with_fallback("redeal"), with_fallback("flip", 2)][event_no % 3]
    clock = FakeClock()
    svc = new_service(sqlite_db, clock)
    ev = await svc.tournaments.new_event(
        guild_id=GUILD, director_id=DIRECTOR, name=f"Twins {event_no}", format="duplicate",
        rounds=1, hands=BOARDS, rules=rules, grace_seconds=NEVER,
    )  # fmt: skip
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    # Board by board: the odd table bids, the even one, or neither (all pass).
    bidder = {b: (b + event_no) % 3 - 1 for b in range(1, BOARDS + 1)}
    done: set[tuple[int, int]] = set()
    is_done = finished(svc, ev.id)
    for _ in range(5_000):
        if await is_done():
            break
        await move_everyone(svc, await svc.tournaments.events.event(ev.id), bidder, done)
        await svc.tick()
        deadline = svc.automation.next_deadline()
        step = 5.0 if deadline is None else min(5.0, (deadline - clock.now()).total_seconds())
        clock.advance(max(step, 0.01))
    assert await is_done()

    one, two = await svc.tournaments.store.pairings(ev.id, 1)
    assert one.table_id is not None and two.table_id is not None
    h1 = await svc.tournaments.store.table_hands(one.table_id)
    h2 = await svc.tournaments.store.table_hands(two.table_id)
    assert len(h1) == len(h2) == BOARDS
    replays, split = Replays(sqlite_db), 0
    for board, (x, y) in enumerate(zip(h1, h2, strict=True), start=1):
        r1, r2 = await replays.hand(x.hand_id), await replays.hand(y.hand_id)
        assert r1 is not None and r2 is not None
        a, b = parse_record(r1.record), parse_record(r2.record)
        bids = [any(isinstance(act, Declare) for act in r.actions) for r in (a, b)]
        split += bids[0] != bids[1]
        # Dealt once, by the board's own dealer, at both tables.
        for r in (a, b):
            assert r.headers["Redeal"] == "0"
            assert r.headers["StartDealer"] == r.headers["Dealer"] == str(board_dealer(board))
        assert dealt(a) == dealt(b), f"board {board}: the twins held different cards"
    # One table declared while its twin passed everything on most boards.
    assert split >= 2


def test_a_board_turns_up_the_kitty_instead_of_dealing_again() -> None:
    assert board_rules(ONE_DECK) is ONE_DECK  # no-trump, flip, suit: as the event has them
    flip = board_rules(with_fallback("redeal")).declaration
    assert (flip.fallback, flip.fallback_arg) == ("flip", 1)  # seed 000 rule 七
    four = preset("four-decks")  # no kitty to turn up
    no_kitty = replace(four, declaration=replace(four.declaration, fallback="redeal"))
    assert board_rules(no_kitty).declaration.fallback == "no-trump"
    assert [board_dealer(b) for b in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
