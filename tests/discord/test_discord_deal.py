"""``/table new deal:`` on Discord (the real discord.py client in simcord): its
autocomplete lists the server's finished hands, the new table deals the very cards
of the chosen hand, and an unknown hand or another seat count is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import ServiceError
from rules.presets import preset
from rules.record import parse_record
from tests.support.discord_helpers import World, make_world
from tests.support.service_helpers import play_on


async def open_with_bots(w: World, member: int, **options: object) -> None:
    r = await w.slash(w.members[member], "table new", **options)
    assert r.response is not None, r
    for _ in range(3):
        await w.slash(w.members[member], "table addbot")
    await w.slash(w.members[member], "table start")


async def test_table_new_deal_deals_a_finished_hand_again(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice, bob = w.members[:2]
        svc = w.bot.service
        await open_with_bots(w, 0, preset="one-deck")
        first = w.table_id
        await play_on(svc, w.clock, first, w.channel.id, lambda m: m.phase == "scored")
        await w.env.settle()
        (hand,) = await svc.replays.history(w.guild.id, w.channel.id, alice.id)
        await w.slash(alice, "table end")

        # The autocomplete offers the server's finished hands by number and result.
        choices = await bob.autocomplete(w.channel, "table new", "deal", "")
        assert [c["value"] for c in choices] == [hand.hand_id]
        assert choices[0]["name"].startswith(f"#{hand.hand_id} · table {first} · hand 1 · ")
        assert await bob.autocomplete(w.channel, "table new", "deal", "#99") == []

        # Refused: a hand this server does not have, another seat count.
        r = await w.slash(bob, "table new", deal=hand.hand_id + 99)
        assert r.response is not None and r.response.ephemeral
        assert f"no finished hand #{hand.hand_id + 99}" in r.response.content
        r = await w.slash(bob, "table new", deal=hand.hand_id, players=6)
        assert r.response is not None and "4 players with 1 deck(s)" in r.response.content
        with pytest.raises(ServiceError):
            await svc.queries.status(w.channel.id)  # no table was opened

        await open_with_bots(w, 1, deal=hand.hand_id)
        assert w.table_id != first
        m = w.match
        assert m.rules == preset("one-deck")
        start = parse_record(hand.record).start()
        assert (m.seed, m.hand_no, m.levels) == (start.seed, start.hand_no, start.levels)
        assert m.hand.deck == start.hand.deck

        # In the now busy channel a refused deal opens no thread for nothing.
        r = await w.slash(alice, "table new", deal=hand.hand_id + 99)
        assert r.response is not None and r.response.ephemeral
        assert f"no finished hand #{hand.hand_id + 99}" in r.response.content
        assert w.channel.threads == []
