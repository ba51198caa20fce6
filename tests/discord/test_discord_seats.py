"""``/table join seat:`` and ``/table addbot seat:`` at any table size: the seat
option's autocomplete lists the free seats of the table in this channel, named as
the table names them in the reader's language; a seat the table does not have (or a
taken one) is refused privately in the user's language and changes nothing — the
real discord.py client in simcord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from simcord.interactions import OptionError

from storage import SeatInfo
from tests.support.discord_helpers import World, make_world

SIX = ("alice", "bob", "carol", "dave", "erin", "frank")
INTEGER = 4  # Discord's option type


def seats(w: World) -> tuple[SeatInfo, ...]:
    return tuple(w.bot.service.queries.cached_status(w.table_id).table.seats)


async def offered(w: World, member_no: int, command: str, typed: str = "") -> list[Any]:
    """The (name, value) pairs the seat autocomplete offers this member."""
    member = w.members[member_no]
    choices = await member.autocomplete(w.channel, f"table {command}", "seat", typed)
    return [(c["name"], c["value"]) for c in choices]


async def refused(w: World, member_no: int, command: str, seat: int) -> str:
    """The private answer to a refused ``/table <command> seat:<seat>``; nothing changed."""
    before = seats(w)
    r = await w.slash(w.members[member_no], f"table {command}", seat=seat)
    assert r.response is not None and r.response.ephemeral, r.response
    assert seats(w) == before
    return str(r.response.content)


async def test_six_seats_autocomplete_lists_free_seats_and_any_seat_can_be_taken(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        alice, bob = w.members[:2]
        assert await offered(w, 1, "join") == []  # no table in this channel yet
        await w.slash(alice, "table new", mode="friends", players=6)
        assert seats(w)[0].user_id == alice.id  # the creator sits in seat 1
        free = [(f"Seat {n}", n) for n in range(2, 7)]
        assert await offered(w, 1, "join") == free
        assert await offered(w, 0, "addbot") == free
        assert await offered(w, 1, "join", "6") == [("Seat 6", 6)]  # what was typed narrows

        r = await w.slash(bob, "table join", seat=6)
        assert r.response is not None and not r.response.ephemeral, r.response
        assert "Seat 6" in r.response.content
        assert seats(w)[5].user_id == bob.id
        assert await offered(w, 2, "join") == free[:-1]  # seat 6 is gone

        r = await w.slash(alice, "table addbot", seat=5)
        assert r.response is not None and not r.response.ephemeral, r.response
        assert "Seat 5" in r.response.content
        assert seats(w)[4].is_ai
        assert await offered(w, 2, "join") == [(f"Seat {n}", n) for n in range(2, 5)]
        assert await offered(w, 0, "addbot") == [(f"Seat {n}", n) for n in range(2, 5)]

        # A seat this table does not have, or a taken one: a private, friendly no.
        said = await refused(w, 2, "join", 7)
        assert "no seat 7" in said and "1 to 6" in said, said
        said = await refused(w, 2, "join", 0)
        assert "no seat 0" in said and "1 to 6" in said, said
        said = await refused(w, 2, "join", 6)
        assert "Seat 6 is taken" in said, said
        said = await refused(w, 0, "addbot", 7)
        assert "no seat 7" in said, said
        said = await refused(w, 0, "addbot", 5)
        assert "Seat 5 is taken" in said, said
        assert seats(w)[2].empty  # carol's refusals seated nobody


async def test_refusals_and_autocomplete_in_the_readers_language(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        carol = w.members[2]
        w.hook.locales[carol.id] = "zh-CN"
        w.hook.locales[w.members[3].id] = "zh-TW"
        await w.slash(w.members[0], "table new", mode="friends", players=6)
        assert await offered(w, 2, "join", "") == [(f"{n}号位", n) for n in range(2, 7)]
        assert await offered(w, 3, "join", "") == [(f"{n}號位", n) for n in range(2, 7)]
        said = await refused(w, 2, "join", 7)
        assert "7号位" in said and "6" in said and "seat" not in said.lower(), said
        said = await refused(w, 2, "join", 1)
        assert "1 位已有人" in said, said


async def test_four_seats_autocomplete_names_the_winds(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        alice, bob, carol = w.members[:3]
        w.hook.locales[carol.id] = "zh-CN"
        await w.slash(alice, "table new")
        assert len(seats(w)) == 4
        assert await offered(w, 1, "join") == [("East", 2), ("South", 3), ("West", 4)]
        assert await offered(w, 2, "join") == [("东", 2), ("南", 3), ("西", 4)]
        assert await offered(w, 1, "join", "w") == [("West", 4)]  # a name narrows too
        r = await w.slash(bob, "table join", seat=3)
        assert r.response is not None and "South" in r.response.content, r.response
        assert seats(w)[2].user_id == bob.id
        assert await offered(w, 0, "addbot") == [("East", 2), ("West", 4)]
        said = await refused(w, 2, "join", 5)
        assert "5" in said and "4" in said, said
        said = await refused(w, 3, "join", 3)
        assert "South is taken" in said, said


async def test_no_free_seat_is_offered_once_the_game_started(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await w.slash(w.members[0], "table new")
        for _ in range(3):
            await w.slash(w.members[0], "table addbot")
        r = await w.slash(w.members[0], "table start")
        assert r.response is not None and not r.response.ephemeral, r.response
        assert await offered(w, 1, "join") == []


async def test_the_seat_option_is_an_integer_with_autocomplete(tmp_path: Path) -> None:
    """Discord's client refuses a value that is not a whole number; the bot answers
    every whole number (no fixed choices: they could name four seats at most)."""
    async with make_world(tmp_path) as w:
        synced = next(r for r in w.requests() if r.method == "PUT" and r.path.endswith("/commands"))
        table = next(c for c in synced.json if c["name"] == "table")
        for command in ("join", "addbot"):
            sub = next(o for o in table["options"] if o["name"] == command)
            seat = next(o for o in sub["options"] if o["name"] == "seat")
            assert seat["type"] == INTEGER and seat.get("autocomplete") is True
            assert not seat.get("choices")
            assert seat["name_localizations"]["zh-CN"] == "座位"
        # So a value that is no number never reaches the bot: the client says so.
        await w.slash(w.members[0], "table new")
        before = seats(w)
        with pytest.raises(OptionError):
            await w.slash(w.members[1], "table join", seat="six")
        assert seats(w) == before
        assert await offered(w, 1, "join", "six") == []  # typing it finds no seat


async def test_ten_seats_fit_discord(tmp_path: Path) -> None:
    """Ten seats: every free one offered (Discord allows 25 choices of 100 characters;
    ``make_world`` checks every answer against those limits), seat 10 by command."""
    async with make_world(tmp_path, names=SIX) as w:
        await w.slash(w.members[0], "table new", players=10)
        assert await offered(w, 1, "join") == [(f"Seat {n}", n) for n in range(2, 11)]
        assert await offered(w, 1, "join", "1") == [("Seat 10", 10)]
        r = await w.slash(w.members[1], "table join", seat=10)
        assert r.response is not None and "Seat 10" in r.response.content, r.response
        assert seats(w)[9].user_id == w.members[1].id
        said = await refused(w, 2, "join", 11)
        assert "no seat 11" in said and "1 to 10" in said, said
