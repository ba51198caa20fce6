"""炒地皮 (house rule kitty_theft) in the service, on a FakeClock and a real SQLite
file: the seat whose turn it is to steal has the turn timer (on timeout it passes,
said as an auto move), is nudged privately (``steal_now``), a 托管 seat lets the
kitty stand, a thief's bury has the dealer's bury timer (on timeout the suggested
bury), and a restart keeps the stealing round exactly where it was."""

from __future__ import annotations

from datetime import timedelta

from bot.service import Private, Public, TableService
from bot.service.auto import set_auto
from bot.service.house_rules import set_rules
from rules.events import KittyStolen, StealingOver, StealPassed
from rules.notation import format_cards
from storage import Database
from tests.support.service_helpers import NAMES, options
from tests.support.timed_table import CH, USERS, Table, to_phase

SEED_FOUND_A_STEAL = "the table's seed gives a seat a steal"
SEED = "theft-2"


class TheftTable(Table):
    seed = SEED

    def _service(self) -> TableService:
        svc = TableService(
            self.db, clock=self.clock, defaults=self.opts, seed_source=lambda: self.seed
        )
        svc.core.subscribe(self.notices.append)
        return svc


async def _open(t: Table) -> None:
    st = await t.svc.lifecycle.create_table(
        guild_id=1, channel_id=CH, creator_id=USERS[0], creator_name=NAMES[0], preset_name="classic"
    )
    t.tid = st.table.id
    for user, name in list(zip(USERS, NAMES, strict=True))[1:]:
        await t.svc.lifecycle.join(CH, user, name)
    await set_rules(t.svc.core, CH, USERS[0], {"kitty_theft": "on"})
    await t.svc.lifecycle.start_game(CH, USERS[0])


async def test_steal_turn_timer_auto_pass_and_a_thief_s_bury_timer(sqlite_db: Database) -> None:
    await steal_scenario(sqlite_db, SEED)


async def steal_scenario(db: Database, seed: str) -> None:
    TheftTable.seed = seed
    t = TheftTable(db, options(turn_seconds=30, bury_seconds=90), restart=True)
    await _open(t)
    await to_phase(t, "burying")
    m = t.match
    dealer = m.dealer
    assert dealer is not None
    await t.act(dealer)
    assert m.phase == "stealing"
    first = m.steal_turn
    assert first == (dealer + 1) % 4
    st = await t.status()
    assert st.deadline_kind == "turn" and st.deadline_at == t.clock.now() + timedelta(seconds=30)
    nudges = [n for n in t.notices if isinstance(n, Private) and n.kind == "steal_now"]
    assert [n.seat for n in nudges][-1] == first
    await t.restart()  # the stealing round and its timer survive a restart
    m = t.match
    assert (m.phase, m.steal_turn) == ("stealing", first)
    mark = len(t.notices)
    assert await t.wait(29.5) == 0 and t.match.steal_turn == first
    assert await t.wait(0.5) == 1
    m = t.match
    auto = [n for n in t.notices[mark:] if isinstance(n, Public) and n.kind == "auto_acted"]
    assert [n.params for n in auto] == [{"seat": first, "kind": "pass"}]
    assert t.events(StealPassed, mark) == [StealPassed(first)]
    # The next seat goes on 托管: its AI lets the kitty stand at once.
    second = m.steal_turn
    assert second == (first + 1) % 4
    mark = len(t.notices)
    await set_auto(t.svc.core, t.svc.changes, CH, USERS[second], True)
    await t.wait(0)
    m = t.match
    assert m.steal_turn != second and t.events(StealPassed, mark) == [StealPassed(second)]
    await set_auto(t.svc.core, t.svc.changes, CH, USERS[second], False)
    # Then a real steal, typed by a player, if a later seat has one; else all pass.
    stolen = False
    for _ in range(8):
        m = t.match
        if m.phase != "stealing":
            break
        seat = m.steal_turn
        assert seat is not None
        steals = m.declaration_options(seat)
        if steals and not stolen:
            mark = len(t.notices)
            await t.svc.moves.declare(CH, USERS[seat], format_cards(steals[-1].cards))
            stolen = True
            m = t.match
            assert (m.phase, m.burier, m.dealer) == ("burying", seat, dealer)
            (ev,) = t.events(KittyStolen, mark)
            assert ev.seat == seat and ev.previous == dealer
            st = await t.status()
            assert st.deadline_kind == "bury"
            assert st.deadline_at == t.clock.now() + timedelta(seconds=90)
            held = len(m.hand_of(seat))
            assert await t.until_deadline() == 1  # the thief is buried for, like a dealer
            m = t.match
            assert m.phase == "stealing" and len(m.hand_of(seat)) == held - 8
            assert m.view_for(seat).buried is not None
            assert m.view_for(dealer).buried is None
        else:
            await t.svc.moves.pass_(CH, USERS[seat])
    assert stolen, SEED_FOUND_A_STEAL
    while t.match.phase == "stealing":
        seat = t.match.steal_turn
        assert seat is not None
        await t.svc.moves.pass_(CH, USERS[seat])
    m = t.match
    assert m.phase == "playing" and m.turn == dealer
    assert t.events(StealingOver)
