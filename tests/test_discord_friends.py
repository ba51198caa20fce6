"""找朋友 on Discord (issue 13, layer 5): the N-seat lobby, /call and the friend
announcements, the table message and picture for N seats, and a whole 6-player hand
with humans and AI seats mixed — the real discord.py client in simcord."""

from __future__ import annotations

from pathlib import Path

from discord_helpers import custom_ids, make_world, walk_components

SIX = ("alice", "bob", "carol", "dave", "erin", "frank")


async def test_friends_lobby_has_a_button_per_seat_and_starts_when_full(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        alice = w.members[0]
        r = await w.slash(alice, "table new", mode="friends", players=6)
        assert r.response is not None and "Table opened" in r.response.content
        status = w.bot.service.cached_status(w.table_id)
        assert len(status.table.seats) == 6 and status.table.rules.friends is not None
        lobby = w.lobby_message()
        seats = [c for c in custom_ids(lobby) if c.startswith("sj:join:")]
        assert seats == [f"sj:join:{w.table_id}:{s}" for s in range(6)]
        labels = [c.get("label") for c in walk_components(lobby.components)]
        assert "Join Seat 6" in labels and "Join North" not in labels
        assert "**Seat 6**" in lobby.content
        for row in lobby.components:
            assert len(row.children) <= 5
        # Seat 6 (index 5) by button; AI fills the others.
        r = await w.members[1].click(lobby, custom_id=f"sj:join:{w.table_id}:5")
        assert r.response is not None and "Seat 6" in r.response.content
        r = await w.members[0].click(w.lobby_message(), custom_id=f"sj:start:{w.table_id}")
        assert r.response is not None and "6" in r.response.content  # 2/6 filled
        assert w.bot.service.match_of(w.table_id) is None
        for _ in range(4):
            r = await w.slash(alice, "table addbot")
            assert r.response is not None and "AI player" in r.response.content
        r = await w.slash(alice, "table addbot")  # full
        assert r.response is not None and r.response.ephemeral
        r = await w.members[0].click(w.lobby_message(), custom_id=f"sj:start:{w.table_id}")
        assert r.response is not None and not r.response.ephemeral
        assert w.match.rules.players == 6


async def test_friends_presets_and_ten_seats_fit_discord(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        r = await w.slash(w.members[0], "table new", preset="friends-8")
        assert r.response is not None and "Table opened" in r.response.content
        status = w.bot.service.cached_status(w.table_id)
        assert (len(status.table.seats), status.table.rules.decks) == (8, 4)
        await w.slash(w.members[0], "table end")
        r = await w.slash(w.members[0], "table new", players=10)
        assert r.response is not None and "Table opened" in r.response.content
        ids = [c for c in custom_ids(w.lobby_message()) if c.startswith("sj:join:")]
        assert len(ids) == 10
        r = await w.members[1].click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:9")
        assert r.response is not None and "Seat 10" in r.response.content
