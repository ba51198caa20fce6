"""Offline behaviour tests of the Discord bot: the real discord.py client, cogs,
presenter and table service (SQLite file, FakeClock, no ticker) inside simcord's
in-memory Discord, driven the way people use it — slash commands, autocomplete,
lobby buttons and DM buttons.

What the bot sent is read from simcord's REST log (``env.http_requests``), so an
edit that was overwritten later is still checked. Every test also checks, when its
world closes, that every body the bot sent fits Discord's limits (content ≤ 2000,
≤ 25 components, custom ids ≤ 100, embed description ≤ 4096, ≤ 25 autocomplete
choices …; see ``discord_helpers.limit_violations``).

Tests marked ``xfail(strict=True)`` assert the correct behaviour of something the
bot gets wrong today; each reason names the bug.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.discord_app.interactions as bot_interactions
from bot.discord_app.cogs.lobby import LANGUAGE_NAMES
from bot.text.render import reader_cards
from rules.actions import Play
from rules.cards import NUM_CARDS, counts_of, rank_name
from rules.errors import RuleError
from rules.notation import format_cards, parse_cards
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES
from tests.support.discord_helpers import (
    CARD_SYMBOL_RE,
    FAST_OPTIONS,
    NAMES,
    LeakWatch,
    World,
    assert_dm_shows_hand,
    bury,
    button_declarations,
    custom_ids,
    declarations_possible,
    declare_ids,
    finish_declaring,
    limit_violations,
    make_world,
    message_violations,
    open_table_with_buttons,
    play_one,
    play_until,
    request_counts,
    start_with_button,
)


def en_cards(cards: Any) -> str:
    """Cards as an English line writes them (the jokers BJ / LJ)."""
    return reader_cards("en", format_cards(cards))


def bodies_with_embeds(w: World, since: int) -> list[dict[str, Any]]:
    out = []
    prefix = f"/channels/{w.channel.id}/messages"
    for r in w.requests(since):
        if r.path.startswith(prefix) and isinstance(r.json, dict) and r.json.get("embeds"):
            out.append(r.json)
    return out


def assert_table_embed_current(w: World, embed: dict[str, Any]) -> None:
    """The table embed, as last sent, shows the table as it is now."""
    m = w.match
    view = m.view_for(None)
    seats = w.bot.service.queries.cached_status(w.table_id).table.seats

    def who(seat: int) -> str:  # how a player is named: "East (bob)", "West (AI)"
        return "AI" if seats[seat].is_ai else str(seats[seat].display_name)

    desc = embed["description"]
    title = embed["title"]
    assert f"Hand {view.hand_no}" in title
    assert f"level {rank_name(view.level_rank)}" in desc
    if view.trump_fixed:
        trump = "no-trump" if view.trump_suit is None else view.trump_suit.symbol
        assert f"trump {trump}" in title and f"trump {trump}" in desc
    elif view.declarations:
        assert "(declared)" in title
    if view.phase == "playing":
        assert f"Attackers' points: {view.attackers_points} " in desc, desc
        assert f"Trick {view.trick_no}: " in desc, desc
        assert re.search(rf"^Turn: \w+ \({re.escape(who(view.turn))}\)$", desc, re.M), desc
        trick_line = next(x for x in desc.splitlines() if x.startswith("Trick "))
        for seat, cards in view.current:
            assert f"({who(seat)}): {en_cards(cards)}" in trick_line
        if view.tricks:
            last = view.tricks[-1]
            field = embed["fields"][0]
            assert f"Trick {last.trick_no} → " in field["name"]
            assert f"(+{last.points})" in field["name"]
    if view.phase in ("scored", "finished"):
        assert f"Attackers' points: {view.attackers_points} " in desc
        summary = " ".join(f["value"] for f in embed.get("fields", []))
        assert "Kitty: " + en_cards(m.history[-1].kitty) in summary, summary


class TableMessageWatch:
    """After each action: the table message edits show the current state."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.cursor = w.mark()
        self.edits = 0

    def check(self) -> None:
        bodies = bodies_with_embeds(self.w, self.cursor)
        self.cursor = self.w.mark()
        if bodies:
            self.edits += len(bodies)
            assert_table_embed_current(self.w, bodies[-1]["embeds"][0])


# ---- 1. a whole hand ----
async def test_whole_hand_with_commands_and_buttons(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        leaks = LeakWatch(w)
        await open_table_with_buttons(w)
        lobby = w.lobby_message()
        assert all(m.mention in lobby.content for m in w.members)
        assert len([m for m in w.bot_messages() if custom_ids(m)]) == 1  # one lobby message
        start = w.mark()
        r = await start_with_button(w)
        assert r.response is not None and "starts" in r.response.content
        leaks.check()
        table = TableMessageWatch(w)
        assert not custom_ids(w.bot_messages()[0])  # the lobby buttons are gone
        m = w.match
        assert m.phase == "declaring"

        # -- each player's DM: the whole hand, grouped by suit, and declaration buttons
        for seat, member in enumerate(w.members):
            dms = w.dm_messages(member)
            assert len(dms) == 1
            assert_dm_shows_hand(w, seat, dms[0].content)
            assert button_declarations(dms[0]) == declarations_possible(m, seat)
        assert any(declare_ids(w.dm_messages(x)[0]) for x in w.members)

        declarer = await finish_declaring(w)
        leaks.check()
        table.check()
        assert declarer is not None
        m = w.match
        assert m.phase == "burying" and m.hand.trump_fixed
        kitty = list(m.hand.kitty)
        for seat, member in enumerate(w.members):
            dm = w.dm_messages(member)[0]
            assert not declare_ids(dm)  # no declaring any more
            if seat == m.dealer:
                assert "The kitty was: " + en_cards(kitty) in dm.content
        await bury(w)
        leaks.check()
        table.check()
        buried = list(w.match.hand.buried)
        for seat, member in enumerate(w.members):
            assert_dm_shows_hand(w, seat, w.dm_messages(member)[0].content)

        # -- play the hand out with /play
        def after() -> None:
            leaks.check()
            table.check()

        await play_until(w, lambda _m: False, after)
        m = w.match
        assert m.phase == "scored" and len(m.hand.tricks) == 25

        # -- one table message for the hand, edited as it went; the summary at the end
        tables = w.table_messages()
        assert len(tables) == 1
        counts = request_counts(w, w.channel.id, start)
        assert table.edits >= 25
        embed = tables[0].embeds[0].to_dict()
        assert_table_embed_current(w, embed)
        assert "Kitty: " + en_cards(buried) in embed["fields"][0]["value"]

        # -- one DM message per player for the hand, edited
        for member in w.members:
            dm_counts = request_counts(w, w.dm_channel(member).id)
            assert dm_counts["POST"] == 1, dm_counts
            assert dm_counts["PATCH"] >= 3, dm_counts
            assert len(w.dm_messages(member)) == 1
        assert counts["POST"] >= 1

        # -- no hidden card ever reached the channel; the kitty only with the summary
        assert leaks.checked > 100
        assert not leaks.leaks, leaks.leaks[:3]
        kitty_texts = [en_cards(buried), en_cards(kitty)]
        scored_at = None
        for i, r in enumerate(w.requests()):
            if r.path.startswith(f"/channels/{w.channel.id}/") and "Hand over" in str(r.json):
                scored_at = i
                break
        assert scored_at is not None
        for r in w.requests()[:scored_at]:
            if r.path.startswith(f"/channels/{w.channel.id}/"):
                assert not any(k in str(r.json) for k in kitty_texts), r


# ---- 2. closed DMs ----
async def test_closed_dms_told_once_and_not_retried(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        carol = w.members[2]
        dm = w.dm_channel(carol)
        for method, path in (
            ("POST", f"/channels/{dm.id}/messages"),
            ("PATCH", f"/channels/{dm.id}/messages/*"),
        ):
            w.env.inject_error(
                method,
                path,
                status=403,
                code=50007,
                message="Cannot send messages to this user",
                times=None,
            )
        leaks = LeakWatch(w)
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        await play_until(
            w, lambda m: m.hand.current is not None and m.hand.current.trick_no == 3, leaks.check
        )
        # carol still sees her cards, privately
        r = await w.slash(carol, "hand")
        assert r.response is not None and r.response.ephemeral
        assert_dm_shows_hand(w, 2, r.response.content)
        await play_until(w, lambda _m: False, leaks.check)
        assert w.match.phase == "scored"

        attempts = request_counts(w, dm.id)
        assert attempts == Counter({"POST": 1}), attempts  # tried once, never again
        notices = [
            x for x in w.bot_messages() if carol.mention in x.content and "/hand" in x.content
        ]
        assert len(notices) == 1
        assert not CARD_SYMBOL_RE.search(notices[0].content)
        assert not leaks.leaks
        for other in (w.members[0], w.members[1], w.members[3]):
            assert len(w.dm_messages(other)) == 1


async def test_hand_after_scoring_names_the_kitty_not_you_buried(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        await play_until(w, lambda _m: False)
        dealer = w.match.dealer
        r = await w.slash(w.member_at((dealer + 1) % 4), "hand")
        assert r.response.ephemeral
        assert "You buried" not in r.response.content


# ---- 3. restart in the middle of things ----
async def test_restart_buttons_still_work_and_play_continues(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        leaks = LeakWatch(w)
        r = await w.slash(w.members[0], "table new")
        assert r.response is not None
        lobby = w.lobby_message()
        await w.restart()
        # the lobby buttons of the message sent by the previous process
        for seat in (1, 2, 3):
            res = await w.members[seat].click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
            assert res.response is not None and "sits" in res.response.content, res
        res = await w.members[0].click(lobby, custom_id=f"sj:start:{w.table_id}")
        assert res.response is not None and "starts" in res.response.content
        assert w.match.phase == "declaring"

        # a DM declaration button sent before a restart
        await w.restart()
        m = w.match
        seat = next(s for s in range(4) if declarations_possible(m, s))
        dm = w.dm_messages(w.members[seat])[0]
        cid = declare_ids(dm)[0]
        res = await w.members[seat].user.click(dm, custom_id=cid)
        assert res.response is not None and res.response.ephemeral
        assert "Declared" in res.response.content, res.response.content
        assert [d.seat for d in w.match.hand.declarations] == [seat]
        await finish_declaring(w, declare=False)
        await bury(w)
        await play_until(
            w,
            lambda m: (
                m.hand.current is not None
                and m.hand.current.trick_no == 6
                and len(m.hand.current.plays) == 2
            ),
            leaks.check,
        )

        before = w.match.to_dict()
        await w.restart()
        assert w.match.to_dict() == before  # the new process has the same table
        await play_until(w, lambda _m: False, leaks.check)
        assert w.match.phase == "scored"
        assert not leaks.leaks


async def test_restart_keeps_editing_the_same_messages(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        problems = []
        await w.slash(w.members[0], "table new")
        lobby = w.lobby_message()
        await w.restart()
        for seat in (1, 2, 3):
            await w.members[seat].click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
        lobbies = [x.id for x in w.bot_messages() if x.content.startswith("🀄")]
        if lobbies != [lobby.id]:
            problems.append(f"lobby messages after a restart: {len(lobbies)}")
        await w.members[0].click(lobby, custom_id=f"sj:start:{w.table_id}")
        await w.restart()  # while trump may be declared with the DM buttons
        await finish_declaring(w)
        await bury(w)
        live = [x.name for x in w.members if any(declare_ids(d) for d in w.dm_messages(x))]
        if live:
            problems.append(f"DMs still offering declaration buttons while playing: {live}")
        await play_until(w, lambda m: m.hand.current is not None and m.hand.current.trick_no == 4)
        tables = [x.id for x in w.table_messages()]
        dms = {x.name: [d.id for d in w.dm_messages(x)] for x in w.members}
        await w.restart()
        await play_until(w, lambda _m: False)
        if [x.id for x in w.table_messages()] != tables:
            problems.append(f"table messages for hand 1: {len(w.table_messages())}")
        after = {x.name: [d.id for d in w.dm_messages(x)] for x in w.members}
        if after != dms:
            problems.append(f"hand DMs per player: { {k: len(v) for k, v in after.items()} }")
        assert not problems, problems


# ---- 4. errors: ephemeral, in the player's language, saying what to do ----
ERRORS = {
    "en-US": (
        "It is not your turn — wait for {name}.",
        "You are not seated at this table. Take a seat with /table join.",
    ),
    "zh-CN": ("还没轮到你——现在轮到 {name}。", "你不在这桌。用 /table join 入座。"),
    "zh-TW": ("還沒輪到你——現在輪到 {name}。", "你不在這桌。用 /table join 入座。"),
}


@pytest.mark.parametrize("locale", list(ERRORS))
async def test_wrong_turn_and_not_seated_errors(tmp_path: Path, locale: str) -> None:
    async with make_world(tmp_path, names=(*NAMES, "erin")) as w:
        erin = w.members[4]
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        m = w.match
        turn = m.turn
        assert turn is not None
        waiting = w.member_at((turn + 1) % 4)
        w.hook.locales[waiting.id] = locale
        w.hook.locales[erin.id] = locale
        before = m.to_dict()
        wrong_turn, not_seated = ERRORS[locale]
        card = format_cards(m.hand_of((turn + 1) % 4)[:1], "ascii")

        r = await w.slash(waiting, "play", cards=card)
        assert r.response is not None and r.response.ephemeral
        assert r.response.content == wrong_turn.format(name=NAMES[turn])
        for cmd, opts in (("play", {"cards": card}), ("hand", {}), ("pass", {})):
            r = await w.slash(erin, cmd, **opts)
            assert r.response is not None and r.response.ephemeral
            assert r.response.content == not_seated, (cmd, r.response.content)
        assert w.match.to_dict() == before


async def test_other_errors_are_ephemeral_and_change_nothing(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        m = w.match
        not_dealer = w.member_at((m.dealer + 1) % 4)
        before = m.to_dict()
        r = await w.slash(not_dealer, "bury", cards="S3 S4 S5 S6 S7 S8 S9 S10")
        assert r.response.ephemeral and "Only the dealer" in r.response.content
        r = await w.slash(w.member_at(m.dealer), "bury", cards="S3")
        assert r.response.ephemeral and r.response.content
        r = await w.slash(w.member_at(m.dealer), "play", cards="S3")
        assert r.response.ephemeral and "cannot be done now" in r.response.content
        assert w.match.to_dict() == before


async def test_error_messages_have_no_unfilled_placeholders(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        alice = w.members[0]
        answers = []
        for cards in ("S2 H2", "S2 S2 S2"):  # two suits; three of a kind with two decks
            answers.append((await w.slash(alice, "declare", cards=cards)).response)
        await finish_declaring(w)
        answers.append((await w.slash(alice, "pass")).response)
        answers.append((await w.slash(alice, "declare", cards="S2")).response)
        w.hook.locales[alice.id] = "zh-CN"
        answers.append((await w.slash(alice, "pass")).response)
        assert all(a.ephemeral for a in answers)
        unfilled = [a.content for a in answers if re.search(r"\{\w+\}", a.content)]
        assert not unfilled, unfilled


# ---- 5. autocomplete ----
def choice_cards(choice: dict[str, Any]) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in parse_cards(choice["value"])))


async def test_autocomplete_declare_bury_play(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        m = w.match

        # /declare: the declarations possible now, and after a declaration the overrides
        offered = {}
        for seat in range(4):
            choices = await w.member_at(seat).autocomplete(w.channel, "declare", "cards", "")
            assert len(choices) <= 25
            offered[seat] = {choice_cards(c) for c in choices}
            assert offered[seat] == declarations_possible(m, seat), seat
        first = next(s for s in range(4) if offered[s])
        value = next(
            c
            for c in await w.member_at(first).autocomplete(w.channel, "declare", "cards", "")
            if len(parse_cards(c["value"])) == 1
        )["value"]
        await w.slash(w.member_at(first), "declare", cards=value)
        for seat in range(4):
            choices = await w.member_at(seat).autocomplete(w.channel, "declare", "cards", "")
            assert {choice_cards(c) for c in choices} == declarations_possible(w.match, seat)
        await finish_declaring(w, declare=False)

        # /bury: one suggestion of exactly kitty-size held cards, for the dealer only
        m = w.match
        dealer = m.dealer
        for seat in range(4):
            choices = await w.member_at(seat).autocomplete(w.channel, "bury", "cards", "")
            if seat != dealer:
                assert choices == []
                continue
            assert len(choices) == 1
            cards = parse_cards(choices[0]["value"])
            assert len(cards) == m.rules.kitty_size
            need = counts_of(cards)
            assert all(need[c] <= m.hand.hands[dealer][c] for c in range(NUM_CARDS))
        await bury(w)

        # /play: legal plays only, ≤ 25, filtered by what is typed; nothing out of turn
        checked_follows = 0
        for _ in range(40):
            m = w.match
            seat = m.turn
            member = w.member_at(seat)
            choices = await member.autocomplete(w.channel, "play", "cards", "")
            assert 1 <= len(choices) <= 25
            for c in choices:
                # the cards, then what kind of play it is (throws are labelled)
                assert c["name"].startswith(format_cards(parse_cards(c["value"])) + " · ")
                try:
                    m.copy().apply(Play(seat, tuple(parse_cards(c["value"]))))
                except RuleError as exc:  # pragma: no cover - the assertion explains
                    raise AssertionError(f"illegal choice {c['value']}: {exc}") from exc
            if m.hand.current.plays:
                checked_follows += 1
            other = w.member_at((seat + 1) % 4)
            assert await other.autocomplete(w.channel, "play", "cards", "") == []
            # typing a card narrows the list to plays containing it
            typed_card = parse_cards(choices[-1]["value"])[0]
            for typed in (format_cards([typed_card]), format_cards([typed_card], "ascii").lower()):
                narrowed = await member.autocomplete(w.channel, "play", "cards", typed)
                assert narrowed, typed
                assert choices[-1] in narrowed or len(narrowed) == 25
                assert all(typed_card in parse_cards(c["value"]) for c in narrowed), narrowed
            await play_one(w)
        assert checked_follows >= 20

        # a value nobody offered is still checked
        m = w.match
        seat = m.turn
        before = m.to_dict()
        r = await w.slash(w.member_at(seat), "play", cards="BJ BJ BJ")
        assert r.response.ephemeral and "You do not hold" in r.response.content
        r = await w.slash(w.member_at(seat), "play", cards="xyz")
        assert r.response.ephemeral and "I cannot read" in r.response.content
        assert w.match.to_dict() == before
        # an illegal follow: a card of another suit while holding the led suit
        await play_one(w)
        m = w.match
        seat = m.turn
        ctx = m.context
        led = ctx.suit_of[m.hand.current.plays[0][1][0]]
        hand = m.hand_of(seat)
        off = [c for c in hand if ctx.suit_of[c] != led]
        if off and any(ctx.suit_of[c] == led for c in hand):
            before = m.to_dict()
            r = await w.slash(w.member_at(seat), "play", cards=format_cards(off[:1], "ascii"))
            assert r.response.ephemeral and "Play all your" in r.response.content
            assert w.match.to_dict() == before


# ---- 6. double clicks and retried deliveries ----
async def test_double_clicks_and_retries_change_nothing_twice(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        lobby = w.lobby_message()
        seats = [s.user_id for s in w.bot.service.queries.cached_status(w.table_id).table.seats]
        r = await w.members[1].click(lobby, custom_id=f"sj:join:{w.table_id}:1")
        assert r.response.ephemeral and "already sit" in r.response.content
        r = await w.members[1].click(lobby, custom_id=f"sj:join:{w.table_id}:1")
        assert [
            s.user_id for s in w.bot.service.queries.cached_status(w.table_id).table.seats
        ] == seats

        start = await start_with_button(w)
        state = w.match.to_dict()
        again = await w.redeliver(start)
        assert again.response.ephemeral and again.response.content == "That was already done."
        assert w.match.to_dict() == state

        # the DM declaration button, clicked twice
        m = w.match
        seat = next(s for s in range(4) if declarations_possible(m, s))
        user = w.members[seat].user
        dm = w.dm_messages(w.members[seat])[0]
        cid = declare_ids(dm)[0]
        first = await user.click(dm, custom_id=cid)
        assert "Declared" in first.response.content
        state = w.match.to_dict()
        # the DM was refreshed: the button that was just used is gone (a second click
        # racing the edit is a retry of the same action, refused below)
        assert cid not in custom_ids(w.dm_messages(w.members[seat])[0])
        again = await w.redeliver(first)
        assert again.response.ephemeral
        assert w.match.to_dict() == state

        # /pass, /bury and /play delivered twice
        m = w.match
        passer = next(s for s in range(4) if s not in m.hand.passes)
        r = await w.slash(w.member_at(passer), "pass")
        state = w.match.to_dict()
        again = await w.redeliver(r)
        assert again.response.ephemeral and again.response.content == "That was already done."
        assert w.match.to_dict() == state
        await finish_declaring(w, declare=False)
        dealer = w.member_at(w.match.dealer)
        choices = await dealer.autocomplete(w.channel, "bury", "cards", "")
        r = await w.slash(dealer, "bury", cards=choices[0]["value"])
        state = w.match.to_dict()
        again = await w.redeliver(r)
        assert again.response.ephemeral and again.response.content == "That was already done."
        assert w.match.to_dict() == state
        for _ in range(6):  # a few plays, each delivered twice, one of them ending a trick
            mark = w.mark()
            r = await play_one(w)
            state = w.match.to_dict()
            channel_posts = request_counts(w, w.channel.id, mark)
            again = await w.redeliver(r)
            assert again.response.ephemeral and again.response.content == "That was already done."
            assert w.match.to_dict() == state
            assert request_counts(w, w.channel.id, mark) == channel_posts

        # the same /play sent twice (a double submit): the second is refused
        m = w.match
        seat = m.turn
        cards = format_cards(m.suggest(seat).cards, "ascii")
        await w.slash(w.member_at(seat), "play", cards=cards)
        state = w.match.to_dict()
        r = await w.slash(w.member_at(seat), "play", cards=cards)
        assert r.response.ephemeral and "not your turn" in r.response.content
        assert w.match.to_dict() == state


async def test_retried_table_new_and_addbot_do_nothing_twice(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        problems = []
        r = await w.slash(w.members[0], "table new")
        await w.redeliver(r)
        if len(w.bot.service.core.table_ids()) != 1 or w.channel.threads:
            problems.append(f"/table new twice: {len(w.bot.service.core.table_ids())} tables")
        table_id = w.bot.service.core.table_ids()[0]

        def ai_seats() -> int:
            return sum(
                1 for s in w.bot.service.queries.cached_status(table_id).table.seats if s.is_ai
            )

        r = await w.members[0].slash(w.channel, "table addbot")
        await w.redeliver(r)
        if ai_seats() != 1:
            problems.append(f"/table addbot twice: {ai_seats()} AI seats")
        lobby = w.lobby_message()
        r = await w.members[0].click(lobby, custom_id=f"sj:addai:{table_id}")
        await w.redeliver(r)
        if ai_seats() != 2:
            problems.append(f"Add AI button twice: {ai_seats() - 1} more AI seats")
        assert not problems, problems


# ---- 7. who may end a table ----
async def test_table_end_only_creator_or_manage_channels(tmp_path: Path) -> None:
    async with make_world(tmp_path, names=(*NAMES, "erin")) as w:
        mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
        mod = w.guild.add_member(w.env.create_user("moderator"), roles=[mods])
        await open_table_with_buttons(w)
        await start_with_button(w)
        table_id = w.table_id
        for member in (w.members[1], w.members[4]):  # a player, an onlooker
            r = await w.slash(member, "table end")
            assert r.response.ephemeral
            assert "Only the table's creator or a moderator" in r.response.content
            assert w.bot.service.core.table_ids() == [table_id]
        r = await w.slash(mod, "table end")
        assert not r.response.ephemeral and r.response.content == "Table ended."
        assert w.bot.service.core.table_ids() == []
        assert w.bot_messages()[-1].content == "The table is closed."
        # the creator may end their own table
        await w.slash(w.members[1], "table new")
        r = await w.slash(w.members[1], "table end")
        assert r.response.content == "Table ended."
        assert w.bot.service.core.table_ids() == []


# ---- 8. a second table in a busy channel goes to a thread ----
async def test_table_new_in_busy_channel_opens_a_thread(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        r = await w.slash(w.members[0], "table new")
        assert r.response.ephemeral
        first = w.table_id
        r = await w.slash(w.members[1], "table new")
        assert not r.response.ephemeral
        threads = w.channel.threads
        assert len(threads) == 1
        thread = threads[0]
        assert thread.mention in r.response.content
        status = w.bot.service.queries.cached_status(w.table_id)
        assert w.table_id != first and status.table.channel_id == thread.id
        lobby = w.lobby_message(thread)
        res = await w.members[2].click(lobby, custom_id=f"sj:join:{w.table_id}:2")
        assert res.response is not None and "sits" in res.response.content
        r = await w.members[3].slash(thread, "table join")
        assert "sits" in r.response.content
        seats = w.bot.service.queries.cached_status(w.table_id).table.seats
        assert [s.user_id for s in seats] == [
            w.members[1].id,
            w.members[3].id,
            w.members[2].id,
            None,
        ]
        first_seats = w.bot.service.queries.cached_status(first).table.seats
        assert [s.user_id for s in first_seats] == [w.members[0].id, None, None, None]


# ---- 9. Discord limits with the largest hands ----
async def test_four_deck_hand_stays_within_discord_limits(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        leaks = LeakWatch(w)
        await w.slash(w.members[0], "table new", decks=4)
        for seat in (1, 2, 3):
            await w.members[seat].click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:{seat}")
        await start_with_button(w)
        m = w.match
        assert m.rules.decks == 4
        for member in w.members:
            dm = w.dm_messages(member)[0]
            assert len(dm.content) <= 2000
            assert len(custom_ids(dm)) <= 25
        await finish_declaring(w)
        if w.match.phase == "burying":
            await bury(w)
        for _ in range(30):  # autocomplete on leads and follows of big hands
            member = w.member_at(w.match.turn)
            assert len(await member.autocomplete(w.channel, "play", "cards", "")) <= 25
            await play_one(w)
            leaks.check()
        await play_until(w, lambda _m: False, leaks.check)
        assert w.match.phase == "scored"
        assert not leaks.leaks
        assert not limit_violations(w.requests())


async def test_leak_watch_sees_a_hand_sent_to_the_channel(tmp_path: Path) -> None:
    """The leak watch the other tests rely on does flag a hidden card (a canary)."""
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        leaks = LeakWatch(w)
        leaks.check()
        assert not leaks.leaks
        hand = w.match.hand_of(1)
        channel = w.bot.get_partial_messageable(w.channel.id)
        await channel.send(embed=discord.Embed(description="x\n" + format_cards(hand[:3])))
        leaks.check()
        assert len(leaks.leaks) == 1
        assert leaks.leaks[0].cards == format_cards(sorted(set(hand[:3])))


def test_limit_checker_catches_oversized_bodies() -> None:
    """The checker the other tests rely on does see a breach."""
    body = {
        "content": "x" * 2001,
        "embeds": [{"title": "t", "description": "d" * 4097}],
        "components": [
            {"type": 1, "components": [{"type": 2, "custom_id": "c" * 101, "label": "l"}] * 5}
        ]
        * 6,
    }
    problems = message_violations(body)
    assert any("content" in p for p in problems)
    assert any("description" in p for p in problems)
    assert any("custom_id" in p for p in problems)
    assert any("30 components" in p for p in problems)


# ---- 10. localised slash commands ----
LOCALISED_NAME = re.compile(r"^[-_\w]{1,32}$")


def _all_named(items: list[dict[str, Any]], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    out = []
    for item in items:
        where = f"{path} {item['name']}".strip()
        out.append((where, item))
        if item.get("type") in (None, 1, 2) or "options" in item:
            sub = [o for o in item.get("options") or [] if isinstance(o, dict)]
            out.extend(_all_named(sub, where))
    return out


async def test_slash_commands_have_chinese_localisations(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        synced = [r for r in w.requests() if r.method == "PUT" and r.path.endswith("/commands")]
        assert len(synced) == 1
        commands = synced[0].json
        names = {c["name"] for c in commands}
        assert {
            "table",
            "declare",
            "pass",
            "bury",
            "play",
            "hand",
            "progress",
            "stats",
            "help",
        } <= names
        for where, item in _all_named(commands):
            for loc in ("zh-CN", "zh-TW"):
                name = (item.get("name_localizations") or {}).get(loc)
                desc = (item.get("description_localizations") or {}).get(loc)
                assert name, f"{where}: no {loc} name"
                assert desc, f"{where}: no {loc} description"
                assert LOCALISED_NAME.match(name) and name == name.lower(), (where, name)
                assert len(desc) <= 100
        # localised names are unique among siblings
        for loc in ("zh-CN", "zh-TW"):
            top = [c["name_localizations"][loc] for c in commands]
            assert len(top) == len(set(top))
            table = next(c for c in commands if c["name"] == "table")
            subs = [o["name_localizations"][loc] for o in table["options"]]
            assert len(subs) == len(set(subs))
        # Every fixed choice reads in Chinese too, but preset names (typed as they are)
        # and language names (each in its own language).
        untranslated = set(PRESET_NAMES) | set(FRIENDS_PRESETS) | set(LANGUAGE_NAMES.values())
        for where, item in _all_named(commands):
            for choice in item.get("choices") or ():
                if choice["name"] in untranslated:
                    continue
                for loc in ("zh-CN", "zh-TW"):
                    got = (choice.get("name_localizations") or {}).get(loc)
                    assert got and got != choice["name"], (where, choice["name"], loc)
        # and a zh-CN user gets Chinese answers
        w.hook.locales[w.members[0].id] = "zh-CN"
        r = await w.slash(w.members[0], "help")
        assert r.response.ephemeral and "升级" in r.response.content


# ---- 11. a slow service must not make private answers public ----
async def test_slow_service_keeps_hand_and_errors_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        await finish_declaring(w)
        await bury(w)
        leaks = LeakWatch(w)
        # The service answers after the bot's defer threshold (a slow database).
        monkeypatch.setattr(bot_interactions, "DEFER_AFTER", 0.01)
        service = w.bot.service

        def slow(fn: Any) -> Any:
            async def call(*args: Any, **kwargs: Any) -> Any:
                await asyncio.sleep(0.05)
                return await fn(*args, **kwargs)

            return call

        monkeypatch.setattr(service.queries, "view", slow(service.queries.view))
        monkeypatch.setattr(service.moves, "play", slow(service.moves.play))
        waiting = w.member_at((w.match.turn + 1) % 4)
        r = await w.slash(waiting, "hand")
        leaks.check()
        hand_public = r.response is None or not r.response.ephemeral
        r = await w.slash(waiting, "play", cards="SA")
        error_public = r.response is None or not r.response.ephemeral
        problems = []
        if hand_public or leaks.leaks:
            problems.append(f"/hand answered publicly; cards in the channel: {leaks.leaks[:1]}")
        if error_public:
            problems.append("'not your turn' answered publicly")
        assert not problems, problems


# ---- 12. declaring during a progressive deal ----
async def test_progressive_deal_dm_buttons_match_what_can_be_declared(tmp_path: Path) -> None:
    options = replace(FAST_OPTIONS, deal_seconds=4, deal_steps=5, declare_seconds=15)
    async with make_world(tmp_path, options=options) as w:
        leaks = LeakWatch(w)
        await open_table_with_buttons(w)
        await start_with_button(w)
        renders = 0
        declared = False
        for _ in range(10):
            m = w.match
            if m.phase != "dealing":
                break
            w.clock.advance(options.deal_seconds / options.deal_steps)
            mark = w.mark()
            await w.bot.tick_now()
            leaks.check()
            m = w.match
            rendered = []
            for seat, member in enumerate(w.members):
                if request_counts(w, w.dm_channel(member).id, mark):
                    renders += 1
                    dm = w.dm_messages(member)[0]
                    assert button_declarations(dm) == declarations_possible(m, seat)
                    assert_dm_shows_hand(w, seat, dm.content)
                    rendered.append((member, dm))
            for member, dm in rendered:  # declare with a DM button while cards still come
                if not declared and declare_ids(dm) and m.phase == "dealing":
                    res = await member.user.click(dm, custom_id=declare_ids(dm)[0])
                    assert "Declared" in res.response.content
                    declared = True
        assert w.match.phase == "declaring"
        assert renders >= 4 and declared
        # at the end of the deal every DM has the whole hand and what may still be declared
        for seat, member in enumerate(w.members):
            dms = w.dm_messages(member)
            assert len(dms) == 1
            assert_dm_shows_hand(w, seat, dms[0].content)
            assert declarations_possible(w.match, seat) <= button_declarations(dms[0])
        await finish_declaring(w, declare=not w.match.hand.declarations)
        if w.match.phase == "burying":
            await bury(w)
        assert w.match.phase == "playing"
        assert not leaks.leaks


async def test_chinese_player_gets_a_chinese_hand_dm(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        bob = w.members[1]
        w.hook.locales[bob.id] = "zh-CN"
        await w.slash(w.members[0], "table new")
        r = await bob.click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:1")
        assert r.response.ephemeral and r.response.content.endswith("坐在东。")
        for seat in (2, 3):
            await w.members[seat].click(w.lobby_message(), custom_id=f"sj:join:{w.table_id}:{seat}")
        await start_with_button(w)
        dm = w.dm_messages(bob)[0]
        assert dm.content.startswith(f"你在 {w.channel.mention} 的手牌 — 第 1 局")
        assert_dm_shows_hand(w, 1, dm.content, trump_label="主牌")
        assert w.dm_messages(w.members[2])[0].content.startswith("Your hand at")
        await finish_declaring(w)
        await bury(w)
        assert_dm_shows_hand(w, 1, w.dm_messages(bob)[0].content, trump_label="主牌")


async def test_one_human_three_ai_with_timers(tmp_path: Path) -> None:
    """AI seats act on their timers (FakeClock + tick_now); their plays are batched
    into the table message; nothing hidden reaches the channel."""
    async with make_world(tmp_path, options=replace(FAST_OPTIONS, ai_delay=1.0)) as w:
        leaks = LeakWatch(w)
        alice = w.members[0]
        await w.slash(alice, "table new")
        for _ in range(3):
            r = await w.slash(alice, "table addbot")
            assert "AI player" in r.response.content
        await w.slash(alice, "table start")
        mark = w.mark()
        table = TableMessageWatch(w)
        for _ in range(2000):
            m = w.match
            if m.phase in ("scored", "finished"):
                break
            if m.phase == "declaring" and 0 not in m.hand.passes:
                await w.slash(alice, "pass")
            elif m.phase == "burying" and m.dealer == 0:
                await bury(w)
            elif m.phase == "playing" and m.turn == 0:
                await play_one(w)
            else:
                deadline = w.bot.service.automation.next_deadline()
                assert deadline is not None, f"stuck in {m.phase}"
                w.clock.advance(max(0.0, (deadline - w.clock.now()).total_seconds()))
                assert await w.bot.tick_now() >= 1
            leaks.check()
            table.check()
        m = w.match
        assert m.phase == "scored"
        assert not leaks.leaks and leaks.checked > 20
        assert len(w.table_messages()) == 1 and len(w.dm_messages(alice)) == 1
        edits = request_counts(w, w.channel.id, mark)["PATCH"]
        assert edits <= 2 * len(m.hand.tricks) + 6, edits  # AI plays are batched
        assert table.edits >= len(m.hand.tricks)
        assert_table_embed_current(w, w.table_messages()[0].embeds[0].to_dict())


async def test_table_message_follows_phase_changes(tmp_path: Path) -> None:
    options = replace(FAST_OPTIONS, deal_seconds=4, deal_steps=5, declare_seconds=15)
    async with make_world(tmp_path, options=options) as w:
        problems = []
        await open_table_with_buttons(w)
        await start_with_button(w)
        while w.match.phase == "dealing":
            w.clock.advance(options.deal_seconds / options.deal_steps)
            await w.bot.tick_now()
        shown = w.table_messages()[0].embeds[0].description
        if "Dealing…" in shown:
            problems.append(f"declaring, but the table message says {shown.splitlines()[-1]!r}")
        await finish_declaring(w)
        await bury(w)
        shown = w.table_messages()[0].embeds[0].description
        if "Turn: " not in shown or "Trick 1: " not in shown:
            problems.append(f"playing, but the table message shows {shown!r}")
        assert not problems, problems
