"""找朋友 on Discord (issue 13, layer 5): the N-seat lobby, /call and the friend
announcements, the table message and picture for N seats, and a whole 6-player hand
with humans and AI seats mixed — the real discord.py client in simcord."""

from __future__ import annotations

from pathlib import Path

from bot.pictures import render_progress
from rules.cards import rank_name
from rules.game import Match
from rules.progress import HandProgress
from tests.support.discord_helpers import World, custom_ids, make_world, play_one, walk_components

# A deal where a human (carol, seat 5) deals and calls, and the winners go up 2 levels.
MIXED_SEED = "c"
SIX = ("alice", "bob", "carol", "dave", "erin", "frank")


async def test_friends_lobby_has_a_button_per_seat_and_starts_when_full(
    tmp_path: Path,
) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        alice = w.members[0]
        r = await w.slash(alice, "table new", mode="friends", players=6)
        assert r.response is not None and "Table opened" in r.response.content
        status = w.bot.service.queries.cached_status(w.table_id)
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
        r = await w.members[2].click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:0")
        assert r.response is not None and r.response.ephemeral  # taken: named as seats are
        assert "Seat 1 is taken" in r.response.content and "North" not in r.response.content
        r = await w.members[0].click(w.lobby_message(), custom_id=f"sj:start:{w.table_id}")
        assert r.response is not None and "6" in r.response.content  # 2/6 filled
        assert w.bot.service.queries.match_of(w.table_id) is None
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
        status = w.bot.service.queries.cached_status(w.table_id)
        assert (len(status.table.seats), status.table.rules.decks) == (8, 4)
        await w.slash(w.members[0], "table end")
        r = await w.slash(w.members[0], "table new", decks=5)  # fixed partners: ≤ 4
        assert r.response is not None and r.response.ephemeral
        assert "找朋友" in r.response.content and not w.bot.service.core.table_ids()
        r = await w.slash(w.members[0], "table new", players=10)
        assert r.response is not None and "Table opened" in r.response.content
        status = w.bot.service.queries.cached_status(w.table_id)
        assert (status.table.rules.decks, status.table.rules.kitty_size) == (5, 10)
        ids = [c for c in custom_ids(w.lobby_message()) if c.startswith("sj:join:")]
        assert len(ids) == 10
        r = await w.members[1].click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:9")
        assert r.response is not None and "Seat 10" in r.response.content


# ---- a whole hand -----------------------------------------------------------------------
def channel_text(w: World) -> str:
    return "\n".join(m.content for m in w.bot_messages())


async def open_six(w: World, ai_seats: tuple[int, ...] = ()) -> None:
    """alice opens a friends-6 table; the other members take the human seats by
    button, AI the rest; alice starts it."""
    alice = w.members[0]
    await w.slash(alice, "table new", preset="friends-6")
    humans = iter(w.members[1:])
    for seat in range(1, 6):
        if seat in ai_seats:
            r = await w.slash(alice, "table addbot")
            assert r.response is not None and "Seat" in r.response.content
        else:
            member = next(humans)
            await member.click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:{seat}")
    r = await alice.click(w.lobby_message(), custom_id=f"sj:start:{w.table_id}")
    assert r.response is not None and not r.response.ephemeral, r.response


async def wait_for_others(w: World, m: Match) -> None:
    deadline = w.bot.service.automation.next_deadline()
    assert deadline is not None, f"stuck in {m.phase}"
    w.clock.advance(max(0.0, (deadline - w.clock.now()).total_seconds()))
    await w.bot.tick_now()


async def call_friends(w: World, dealer: int) -> None:
    """The dealer's /call: a non-dealer is refused, bad text gets a friendly error,
    then the suggested call from the autocomplete is made."""
    m = w.match
    member = w.member_at(dealer)
    other = w.member_at(next(s for s in range(6) if s != dealer and not is_ai(w, s)))
    dm = w.dm_messages(member)[-1].content
    assert "/call" in dm and "suggested" in dm
    if other.id != member.id:
        r = await w.slash(other, "call", calls="#1 HA")
        assert r.response is not None and r.response.ephemeral
        assert w.match.phase == "calling"
    r = await w.slash(member, "call", calls="#1 XYZ")
    assert r.response is not None and r.response.ephemeral and w.match.phase == "calling"
    choices = await member.autocomplete(w.channel, "call", "calls", "")
    assert choices and "suggested" in choices[0]["name"]
    suggested = w.bot.service.queries.suggested_call(w.table_id, dealer)
    assert choices[0]["name"].startswith(suggested)
    r = await w.slash(member, "call", calls=choices[0]["value"])
    assert r.response is not None and r.response.ephemeral, r.response
    assert "Called" in r.response.content
    assert w.match.phase == "playing" and m.hand.calls
    assert "calls friends" in channel_text(w)


def is_ai(w: World, seat: int) -> bool:
    return bool(w.bot.service.queries.cached_status(w.table_id).table.seats[seat].is_ai)


async def play_hand(w: World, stop_at_calling: bool = False) -> None:
    """Humans act by slash commands (the engine's suggestion), AI seats on timers,
    until the hand is scored (or a human dealer must call friends)."""
    declared = False
    for _ in range(3000):
        m = w.match
        if m.phase in ("scored", "finished"):
            return
        if stop_at_calling and m.phase == "calling" and not is_ai(w, m.dealer):
            return
        actor = None
        if m.phase == "declaring":
            actor = next((s for s in range(6) if s not in m.hand.passes and not is_ai(w, s)), None)
            if actor is not None:
                member = w.member_at(actor)
                options = await member.autocomplete(w.channel, "declare", "cards", "")
                if options and not declared:
                    await w.slash(member, "declare", cards=options[0]["value"])
                    declared = True
                else:
                    await w.slash(member, "pass")
        elif m.phase == "burying" and not is_ai(w, m.dealer):
            actor = m.dealer
            choices = await w.member_at(actor).autocomplete(w.channel, "bury", "cards", "")
            await w.slash(w.member_at(actor), "bury", cards=choices[0]["value"])
        elif m.phase == "calling" and not is_ai(w, m.dealer):
            actor = m.dealer
            await call_friends(w, actor)
        elif m.phase == "playing" and not is_ai(w, m.turn):
            actor = m.turn
            r = await play_one(w)
            assert r.response is not None and not r.response.ephemeral, r.response
        if actor is None:
            await wait_for_others(w, m)
    raise AssertionError("the hand did not end")


async def test_six_humans_call_friends_and_teams_are_announced(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        await open_six(w)
        await play_hand(w)
        m = w.match
        h = m.history[-1]
        said = channel_text(w)
        assert "calls friends" in said
        assert h.team and h.team[0] == h.dealer
        # Every friend who joined was announced by name, in the channel.
        for seat in h.team[1:]:
            assert f"Seat {seat + 1}" in said
        assert "joins the dealer's team" in said or "already on the dealer's team" in said
        # The table message: N seats named 1…N, every seat's own level, the teams.
        embed = w.table_messages()[0].embeds[0]
        body = embed.description + "".join(f.value for f in embed.fields)
        assert "Levels: Seat 1 " in body and "Seat 6 " in body
        assert "Dealer's team: Seat " in body


async def test_six_seats_humans_and_ai_mixed_levels_advance_per_player(tmp_path: Path) -> None:
    """Issue 13's Discord acceptance: a friends-6 table with three humans and three
    AI seats plays a whole hand and the next one starts; only the winners' own
    levels go up."""
    async with make_world(tmp_path, names=SIX[:3], seed=MIXED_SEED) as w:
        await open_six(w, ai_seats=(1, 3, 5))
        seats = w.bot.service.queries.cached_status(w.table_id).table.seats
        assert [s.is_ai for s in seats] == [False, True, False, True, False, True]
        before = w.match.levels
        await play_hand(w)
        m = w.match
        h = m.history[-1]
        after = h.levels_after
        assert len(after) == 6 and h.level_change > 0
        assert not seats[h.dealer].is_ai  # the human dealer called with /call
        assert any(seats[s].is_ai for s in h.team) or any(
            seats[s].is_ai for s in set(range(6)) - set(h.team)
        )
        winners = set(h.team) if h.winner == "defenders" else set(range(6)) - set(h.team)
        for seat in range(6):
            if seat in winners and h.level_change:
                assert after[seat] > before[seat], (seat, before, after)
            elif seat not in winners:
                assert after[seat] == before[seat], (seat, before, after)
        said = channel_text(w)
        assert "calls friends" in said
        # The next hand starts on Discord (/table next) with its dealer from the winners.
        assert m.phase == "scored"  # one hand cannot finish a match from level 2
        r = await w.slash(w.members[0], "table next")
        assert r.response is not None and not r.response.ephemeral, r.response
        assert w.match.hand_no == h.hand_no + 1
        assert w.match.hand.dealer == h.next_dealer


async def test_progress_shows_every_seats_level(tmp_path: Path) -> None:
    """/progress at a 找朋友 table: the text lists each seat's own level after the
    hand (not N/S and E/W) and the chart is drawn from the stored per-seat levels."""
    async with make_world(tmp_path, names=SIX[:3], seed=MIXED_SEED) as w:
        await open_six(w, ai_seats=(1, 3, 5))
        await play_hand(w)
        m = w.match
        h = m.history[-1]
        assert len(set(h.levels_after)) > 1  # the seats' levels differ
        r = await w.slash(w.members[0], "progress")
        assert r.response is not None and r.response.ephemeral
        body = r.response.content
        assert "N/S" not in body and "E/W" not in body
        lines = body.splitlines()
        assert lines[0] == "```" and "seat:level" in lines[1]
        row = lines[2].split()
        assert row[0] == "1" and f"Seat {h.dealer + 1}" in lines[2]
        for seat, level in enumerate(h.levels_after):
            assert f"{seat + 1}:{rank_name(level)}" in row, (seat, lines[2])
        [picture] = r.response.attachments
        png = w.env.backend.cdn.get(picture.url)
        progress = [HandProgress.of_summary(x) for x in m.history]
        assert png == render_progress(progress, m.rules.levels, "en")


async def test_the_panel_tells_the_dealer_to_call(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=SIX) as w:
        await open_six(w)
        await play_hand(w, stop_at_calling=True)
        m = w.match
        assert m.phase == "calling"
        dealer = m.dealer
        r = await w.slash(w.member_at(dealer), "play")
        assert r.response is not None and r.response.ephemeral
        panel = r.response.content
        assert f"call {m.rules.friend_calls} friend(s) with /call" in panel, panel
        assert not any(c.endswith(":play") for c in custom_ids(r.response))
        assert any(c.endswith(":ref") for c in custom_ids(r.response))
        other = (dealer + 1) % 6
        r = await w.slash(w.member_at(other), "play")
        assert r.response is not None and "the dealer is calling friends" in r.response.content
        await call_friends(w, dealer)
