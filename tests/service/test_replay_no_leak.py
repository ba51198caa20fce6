"""No leak through a finished hand's record: its ``[Seed]`` header rebuilds that
hand's deal (it must, for the record to replay), so it must not also foretell the
hands that follow it — the next hand of the same match is being played while
``/record`` hands the finished one out, and a ``deal:`` table goes on past the
hand it plays again."""

from __future__ import annotations

from bot.service import FakeClock
from rules.hand_state import shuffled_deck
from rules.record import parse_record
from storage import Database
from tests.support.deals import ANN, BOB, CH, CH2, GUILD, fill, finished_hands, scored
from tests.support.service_helpers import NAMES, new_service, play_on


async def test_a_records_seed_does_not_foretell_the_hand_in_progress(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, seed="first")
    (hand,) = await finished_hands(svc, clock, 1)
    await svc.lifecycle.next_hand(CH, ANN)
    m = svc.queries.match_of(hand.table_id)
    assert m is not None and m.hand_no == 2 and not scored(m)
    record = parse_record(hand.record)
    foretold = shuffled_deck(record.rules(), record.headers["Seed"], 2, 0)
    assert m.hand.deck != foretold
    # ... while the hand's own record still rebuilds the hand's own deal
    assert record.start().hand.deck == record.replay().hand.deck


async def test_a_deal_table_goes_on_with_cards_nobody_knows(db: Database) -> None:
    clock = FakeClock()
    svc = new_service(db, clock, seed="first")
    (hand,) = await finished_hands(svc, clock, 1)
    await svc.lifecycle.next_hand(CH, ANN)
    original = svc.queries.match_of(hand.table_id)
    assert original is not None and original.hand_no == 2
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH2, creator_id=BOB, creator_name=NAMES[1], deal=hand.hand_id
    )
    await fill(svc, CH2, BOB)
    await svc.lifecycle.start_game(CH2, BOB)
    tid = st.table.id
    m = await play_on(svc, clock, tid, CH2, scored)
    assert m.hand.deck == parse_record(hand.record).start().hand.deck  # the deal again
    await svc.lifecycle.next_hand(CH2, BOB)
    m2 = svc.queries.match_of(tid)
    assert m2 is not None and m2.hand_no == 2
    # not the original table's hand 2, which is being played now
    assert m2.hand.deck != original.hand.deck
    record = parse_record(hand.record)
    assert m2.hand.deck != shuffled_deck(record.rules(), record.headers["Seed"], 2, 0)


def test_with_a_secret_no_known_seed_foretells_a_redeal_or_the_next_hand() -> None:
    """A ``deal:`` table starts from a public seed (the record's): with a secret, its
    redeals and later hands deal from seeds nobody outside holds, and a record of
    the hand as it stands still rebuilds its deal."""
    from rules.actions import DealCards
    from rules.game import Match
    from rules.presets import preset
    from rules.record import write_record
    from tests.support.declaring import all_pass

    rules = preset("classic")
    m = Match(rules, "public", secret="server-side")
    m.apply(DealCards(m.deal_total))
    all_pass(m)  # hand 1, nobody declared: dealt again
    assert m.hand.redeals == 1 and m.phase == "dealing"
    m.apply(DealCards(m.deal_total))
    assert m.hand.deck != shuffled_deck(rules, "public", 1, 1)
    again = parse_record(write_record(m)).replay()
    assert again.hand.deck == m.hand.deck and again.hand.hands == m.hand.hands
    assert "server-side" not in write_record(m)
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()


async def test_the_secret_survives_a_restart(db: Database) -> None:
    """The secret is in the stored snapshot: a restarted bot deals the next hand
    from the same secret-derived seed, not from the record's seed."""
    from rules.hand_state import hand_seed

    clock = FakeClock()
    svc = new_service(db, clock, seed="first")
    (hand,) = await finished_hands(svc, clock, 1)
    before = svc.queries.match_of(hand.table_id)
    assert before is not None and before.secret is not None
    secret = before.secret
    svc = new_service(db, clock, seed="other")
    assert await svc.start() == 1
    await svc.lifecycle.next_hand(CH, ANN)
    m = svc.queries.match_of(hand.table_id)
    assert m is not None and m.hand_no == 2 and m.secret == secret
    rules = parse_record(hand.record).rules()
    assert m.hand.deck == shuffled_deck(rules, hand_seed(secret, 2), 2, 0)
    assert m.seed == hand_seed(secret, 2)
