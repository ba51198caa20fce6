"""Play this deal again (``create_table(deal=…)``, ``/table new deal:``): the new
table's first hand deals a finished hand's very cards to the same seats, under
its rules, at its hand number and levels — checked against the engine's replay
of the stored record, and after a restart too; refusals change nothing."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, ServiceError
from rules.actions import DealCards
from rules.game import Match
from rules.presets import preset
from rules.record import parse_record
from storage import Database
from tests.support.deals import (
    BOB,
    CH2,
    CH3,
    GUILD,
    OTHER_GUILD,
    fill,
    finished_hands,
    scored,
)
from tests.support.service_helpers import NAMES, new_service, play_on
from tests.support.service_table import check_messages

# One deck: short hands (and a rule set that is no default).
ONE_DECK = preset("one-deck")


def dealt(m: Match) -> bool:
    return m.phase != "dealing"


def after_deal(record_text: str) -> Match:
    """The engine's replay of a record up to the end of its deal."""
    record = parse_record(record_text)
    m = record.start()
    for a in record.actions:
        if m.phase != "dealing":
            break
        m.apply(a)
    assert isinstance(record.actions[0], DealCards)
    return m


def same_start(new: Match, old: Match) -> None:
    assert new.rules == old.rules
    assert (new.seed, new.hand_no, new.levels) == (old.seed, old.hand_no, old.levels)
    assert new.hand.deck == old.hand.deck
    assert (new.hand.dealer, new.hand.redeals) == (old.hand.dealer, old.hand.redeals)


def same_deal(new: Match, old: Match) -> None:
    """Every seat holds the same cards (and the kitty is the same) once dealt."""
    assert new.hand.hands == old.hand.hands
    assert new.hand.kitty == old.hand.kitty


@pytest.mark.parametrize("hand_no", [1, 2])
async def test_deal_again_deals_the_same_cards_to_the_same_seats(
    db: Database, hand_no: int
) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, seed="first")
    hand = (await finished_hands(svc, clock, 2))[hand_no - 1]
    record = parse_record(hand.record)

    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH2, creator_id=BOB, creator_name=NAMES[1], deal=hand.hand_id
    )
    assert st.table.rules == record.rules() == ONE_DECK  # not the server's default
    await fill(svc, CH2, BOB)
    await svc.lifecycle.start_game(CH2, BOB)
    tid = st.table.id
    m = svc.queries.match_of(tid)
    assert m is not None
    same_start(m, record.start())
    if hand_no == 2:  # a known dealer: the same one
        assert m.hand.dealer == hand.dealer
    m = await play_on(svc, clock, tid, CH2, dealt)
    same_deal(m, after_deal(hand.record))
    # It plays to its end like any hand; its record starts like the first one.
    await play_on(svc, clock, tid, CH2, scored)
    (again, *_) = await svc.replays.history(GUILD, CH2, BOB)
    assert again.table_id == tid and again.hand_no == hand_no
    same_start(parse_record(again.record).start(), record.start())


async def test_deal_again_survives_restarts(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, seed="first")
    (hand,) = await finished_hands(svc, clock, 1)
    # A restart in the lobby: the deal is kept with the table.
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH2, creator_id=BOB, creator_name=NAMES[1], deal=hand.hand_id
    )
    await fill(svc, CH2, BOB)
    tid = st.table.id
    svc = new_service(db, clock, seed="other")
    assert await svc.start() == 2
    await svc.lifecycle.start_game(CH2, BOB)
    m = svc.queries.match_of(tid)
    assert m is not None
    same_start(m, parse_record(hand.record).start())
    # A restart once it has started: the stored match goes on with the same cards.
    before = m.to_dict()
    svc = new_service(db, clock, seed="other")
    assert await svc.start() == 2
    m = svc.queries.match_of(tid)
    assert m is not None and m.to_dict() == before
    m = await play_on(svc, clock, tid, CH2, dealt)
    same_deal(m, after_deal(hand.record))


async def test_deal_refusals_change_nothing(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock)
    (hand,) = await finished_hands(svc, clock, 1)

    async def refused(code: str, **kw: object) -> ServiceError:
        with pytest.raises(ServiceError) as err:
            await svc.lifecycle.create_table(
                guild_id=kw.pop("guild", GUILD), channel_id=CH3, creator_id=BOB, **kw
            )  # type: ignore[arg-type]
        assert err.value.code == code, err.value.params
        with pytest.raises(ServiceError):
            await svc.queries.status(CH3)  # no table was opened
        return err.value

    unknown = await refused("replay_not_found", deal=hand.hand_id + 1000)
    theirs = await refused("replay_not_found", deal=hand.hand_id, guild=OTHER_GUILD)
    check_messages(theirs, f"#{hand.hand_id}")
    assert "#" in unknown.message("en")
    err = await refused("deal_rules_differ", deal=hand.hand_id, players=6)
    check_messages(err, f"#{hand.hand_id}", "4", "1")
    await refused("deal_rules_differ", deal=hand.hand_id, preset_name="friends")
    await refused("deal_rules_differ", deal=hand.hand_id, preset_name="classic")  # 2 decks
    await refused("deal_rules_differ", deal=hand.hand_id, decks=2)
    # Agreeing counts are fine (the hand's own rules are used).
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH3, creator_id=BOB, deal=hand.hand_id, players=4, decks=1
    )
    assert st.table.rules == ONE_DECK
