"""Finished hands to play again (``create_table(deal=…)``): a table filled and played to its end."""

from __future__ import annotations

from bot.service import FakeClock, TableService
from rules.game import Match
from storage import StoredHand
from tests.support.service_helpers import NAMES, play_on

GUILD, OTHER_GUILD = 4301, 4302
CH, CH2, CH3 = 7301, 7302, 7303
ANN, BOB = 1301, 1302


def scored(m: Match) -> bool:
    return m.phase in ("scored", "finished")


async def fill(svc: TableService, channel: int, user: int) -> None:
    status = await svc.queries.status(channel)
    for _ in range(len(status.table.seats) - 1):
        await svc.lifecycle.add_ai(channel, user)


async def finished_hands(svc: TableService, clock: FakeClock, hands: int) -> list[StoredHand]:
    st = await svc.lifecycle.create_table(
        guild_id=GUILD, channel_id=CH, creator_id=ANN, creator_name=NAMES[0], preset_name="one-deck"
    )
    await fill(svc, CH, ANN)
    await svc.lifecycle.start_game(CH, ANN)
    tid = st.table.id
    for n in range(1, hands + 1):
        if n > 1:
            await svc.lifecycle.next_hand(CH, ANN)
        await play_on(svc, clock, tid, CH, lambda m, n=n: m.hand_no == n and scored(m))
    stored = await svc.replays.history(GUILD, CH, ANN)
    assert [h.hand_no for h in stored] == list(range(hands, 0, -1))
    return stored[::-1]
