"""The bot against a Discord as slow and unreliable as the real one (issue 46).

The real discord.py client talks HTTP and a websocket to the stand-in in
``tests/support/fake_discord.py``: 0–400 ms on every answer, 429s with Discord's
headers, 5xx, gateway cuts with RESUME and fresh logins, interactions lost while
the bot is away. Players act as people do (``tests/support/fault_world.py``).
After whole hands, what Discord holds is checked:

* exactly one table message per hand, and its last edit shows the hand's end
  (the summary, no buttons);
* no edit applied twice in a row with the same body;
* no write abandoned: every message's last attempted edit is the one it shows;
* one hand DM per player per hand, showing what the bot last meant to show;
* no ERROR log line; every move the players saw taken is stored once.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.table_message import SUMMARY_PICTURE
from tests.support.fake_discord import FakeDiscord, Faults
from tests.support.fault_world import Table, World, fault_world

DM_HAND = re.compile(r"— hand (\d+), trump")  # the hand DM's first line (English)
FULL = os.environ.get("SHENGJI_SLOW") == "1"  # every seed, not the first alone
GAME_COMMANDS = ("declare", "pass", "bury", "call", "play")


def bot_posts(fake: FakeDiscord, channel_id: int) -> list[Any]:
    """The bot's own channel messages (not interaction answers)."""
    me = fake.backend.bot_user.id
    return [
        m
        for m in fake.backend.messages[channel_id].values()
        if m.author_id == me and m.interaction_metadata is None and not m.webhook_id
    ]


def table_messages(fake: FakeDiscord, channel_id: int) -> dict[int, list[Any]]:
    """Table messages by hand number (the embed's title: "Hand N · trump …")."""
    by_hand: dict[int, list[Any]] = defaultdict(list)
    for m in bot_posts(fake, channel_id):
        if m.embeds and str(m.embeds[0].get("title", "")).startswith("Hand "):
            hand = int(str(m.embeds[0]["title"]).split()[1])
            by_hand[hand].append(m)
    return by_hand


def message_edits(fake: FakeDiscord) -> dict[int, list[Any]]:
    """Every PATCH of a message the bot tried, by message id, in order."""
    edits: dict[int, list[Any]] = defaultdict(list)
    for q in fake.requests:
        parts = q.path.strip("/").split("/")
        if q.method == "PATCH" and len(parts) == 4 and parts[2] == "messages":
            edits[int(parts[3])].append(q)
    return edits


def twice_in_a_row(fake: FakeDiscord) -> list[str]:
    """Edits applied with the same body as the edit applied just before them, with no
    failed edit between: after a failure (a 5xx may have landed, the bot cannot know)
    sending what the message should show again is the point, not a duplicate."""
    found = []
    for message_id, edits in message_edits(fake).items():
        last: Any = None
        failed = False
        for q in edits:
            if not q.applied or q.status >= 500:
                failed = True
                if not q.applied:
                    continue
            elif last is not None and not failed and _shown(last.body) == _shown(q.body):
                found.append(f"message {message_id}: {json.dumps(q.body)[:160]}")
            if q.applied and q.status < 500:
                failed = False
            last = q
    return found


def _shown(body: Any) -> str:
    """What an edit makes the message show (the attachment list aside: a re-upload of
    the same picture shows the same)."""
    shown = {k: v for k, v in (body or {}).items() if k != "attachments"}
    return json.dumps(shown, sort_keys=True)


def abandoned(fake: FakeDiscord) -> list[str]:
    """Messages whose last attempted edit never landed."""
    found = []
    for message_id, edits in message_edits(fake).items():
        last = edits[-1]
        if not last.applied:
            tried = [(q.status, _shown(q.body)[:300]) for q in edits[-3:]]
            found.append(f"message {message_id}: last edit {last.status}; last tries {tried}")
    return found


def stored_actions(db: Path) -> list[tuple[int, str, int | None, int | None]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT hand_no, kind, seat, actor_id FROM actions ORDER BY table_id, seq"
        ).fetchall()
    return [(int(h), str(k), s, a) for h, k, s, a in rows]


def check(w: World, hands: int, players: int, tmp_path: Path) -> None:
    fake = w.discord
    by_hand = table_messages(fake, w.channel_id)
    counts = {h: len(by_hand.get(h, [])) for h in range(1, hands + 1)}
    assert counts == dict.fromkeys(range(1, hands + 1), 1), f"table messages per hand: {counts}"
    for h in range(1, hands + 1):
        (msg,) = by_hand[h]
        image = str(msg.embeds[0].get("image", {}).get("url", ""))
        assert image.endswith(SUMMARY_PICTURE), f"hand {h}'s message does not show its end"
        assert not msg.components, f"hand {h}'s message still has buttons"
    assert not twice_in_a_row(fake), twice_in_a_row(fake)[:5]
    assert not abandoned(fake), abandoned(fake)[:5]
    # One hand DM per human player per hand, its text the bot's last word on it.
    humans = list(w.members.values())[:players]
    for user in humans:
        channel = fake.backend.dm_channels.get(user)
        assert channel is not None, "a player got no hand DM"
        dms = bot_posts(fake, channel)
        per_hand = Counter(int(m[1]) for d in dms if (m := DM_HAND.search(str(d.content))))
        assert all(n == 1 for n in per_hand.values()), f"DMs posted twice: {per_hand}"
        assert set(range(1, hands + 1)) <= set(per_hand), per_hand
    assert not fake.gaps, fake.gaps
    assert not w.errors.records, w.errors.lines()
    # Every move a player saw taken is stored once: the stored moves made by
    # people are as many as the moves that showed in the game.
    actions = stored_actions(tmp_path / "faults.db")
    people = [a for a in actions if a[3] is not None and a[1] in GAME_COMMANDS]
    done = [i for i in w.intents if i.done and i.command in GAME_COMMANDS]
    assert len(people) == len(done), (len(people), len(done))
    assert sum(i.acknowledged for i in done) > 0.5 * len(done)


async def play(
    tmp_path: Path,
    faults: Faults,
    hands: int,
    names: tuple[str, ...] = ("alice", "bob", "carol", "dave"),
    **table: Any,
) -> World:
    async with fault_world(tmp_path, faults, names) as w:
        t = Table(w)
        await t.open(**table)
        await t.play_hands(hands)
        await settle(w)
        check(w, hands, len(w.members), tmp_path)
        return w


async def settle(w: World, timeout: float = 60.0) -> None:
    """Wait until the bot owes Discord nothing (every write landed)."""

    def owed() -> int:
        count = getattr(w.bot.presenter, "owed", None)
        return int(count()) if count is not None else 0

    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < 3:  # three quiet seconds in a row: the timer loop found nothing owed
        if time.monotonic() > deadline:
            raise TimeoutError(f"writes still owed after {timeout} s: {owed()}")
        await asyncio.sleep(1.0)
        quiet = quiet + 1 if owed() == 0 else 0


async def test_latency_alone_makes_one_table_message_per_hand(tmp_path: Path) -> None:
    """No fault at all, answers in 0–400 ms: the timer loop's flush and the
    commands' flushes used to post the table message two or three times."""
    await play(tmp_path, Faults.polite(seed="latency"), hands=2, preset="one-deck")


async def test_a_four_seat_table_under_discords_fault_mix(tmp_path: Path) -> None:
    """Besides the timed cuts, the gateway is cut once in each hand: resumed in hand 1,
    refused its resume in hand 2 (a fresh login); the players carry on."""
    async with fault_world(tmp_path, Faults(seed="mix-1")) as w:
        t = Table(w)
        await t.open(preset="one-deck")
        resumes, logins = w.discord.resumes, w.discord.identifies
        for hand, refuse in ((1, False), (2, True)):
            await t.play_hands(
                hand, until=lambda m, h=hand: m.hand_no == h and len(m.hand.tricks) >= 3
            )
            await w.discord.cut(refuse_resume=refuse)
        await t.play_hands(2)
        await settle(w)
        check(w, 2, len(w.members), tmp_path)
        assert w.discord.resumes > resumes and w.discord.identifies > logins


@pytest.mark.slow  # a second whole fault-mix hand (the four-seat one stays): in .ci/run's slow pass
async def test_a_friends_table_under_discords_fault_mix(tmp_path: Path) -> None:
    """找朋友 at five seats (one AI): calls, friends joining, the news posts."""
    names = ("alice", "bob", "carol", "dave")
    await play(tmp_path, Faults(seed="friends-1"), hands=1, names=names, mode="friends", players=5)


async def test_a_kill_9_mid_hand_and_a_new_bot_finishes_it(tmp_path: Path) -> None:
    """The bot's process dies at an arbitrary moment of a trick (a command in flight,
    messages being written); a new bot on the same database takes over."""
    async with fault_world(tmp_path, Faults(seed="kill-1"), child=True) as w:
        t = Table(w)
        await t.open(preset="one-deck")
        await t.play_hands(2, until=lambda m: m.phase == "playing" and len(m.hand.tricks) >= 3)
        step = asyncio.ensure_future(t.step(await t.match()))  # a play on its way
        await asyncio.sleep(0.15)
        await w.kill_child()
        await step
        await t.play_hands(2)
        await t.source.close()
        await settle(w)
        assert "Traceback" not in w.child_output, w.child_output[-2000:]
        check(w, 2, len(w.members), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("seed", ["mix-2", "mix-3", "mix-4"][: 3 if FULL else 1])
async def test_four_seats_under_the_fault_mix_across_seeds(tmp_path: Path, seed: str) -> None:
    """Two-deck hands, also with 1 % of writes answered 502 although they landed
    (three seeds with SHENGJI_SLOW=1, one by default)."""
    await play(tmp_path, Faults(seed=seed, applied_errors=0.01), hands=2)


def refuse_channel_edits(w: World, times: int) -> list[str]:
    """Answer the next ``times`` edits of the channel's messages with a 503 (nothing
    applied); the list of the edits refused grows as they come."""
    failed: list[str] = []
    edits = f"/channels/{w.channel_id}/messages/"

    def refuse(method: str, path: str, body: Any) -> int | None:
        if method == "PATCH" and path.startswith(edits) and len(failed) < times:
            failed.append(path)
            return 503
        return None

    w.discord.refuse = refuse
    return failed


async def test_the_end_of_a_hand_shows_although_its_edits_failed_into_the_next_hand(
    tmp_path: Path,
) -> None:
    """The last trick's edits of the table message all fail (503) until the next hand
    has begun: the old message still comes to show the hand's end, without buttons."""
    async with fault_world(tmp_path, Faults.polite(seed="end")) as w:
        t = Table(w)
        await t.open(preset="one-deck")
        await t.play_hands(1, until=lambda m: m.phase == "playing" and len(m.hand.tricks) >= 11)
        failed = refuse_channel_edits(w, 4)
        await t.play_hands(2, until=lambda m: m.hand_no == 2 and m.phase == "playing")
        await settle(w)
        assert failed, "no edit was refused"
        check(w, 1, len(w.members), tmp_path)


async def test_a_phase_change_whose_edits_fail_is_still_owed(tmp_path: Path) -> None:
    """The bury changes the phase without a notice that marks the table message: its
    edit failing three times in a row (back-off 1, 2, 4 s) must stay owed until it
    lands, not be forgotten until the next move happens to redraw the message."""
    async with fault_world(tmp_path, Faults.polite(seed="phase")) as w:
        t = Table(w)
        await t.open(preset="one-deck")
        await t.play_hands(1, until=lambda m: m.phase == "burying")
        await settle(w)  # the table message shows the dealer burying
        failed = refuse_channel_edits(w, 3)
        await t.play_hands(1, until=lambda m: m.phase == "playing")
        await settle(w)
        assert len(failed) == 3, failed
        assert not abandoned(w.discord), abandoned(w.discord)


async def test_an_answer_that_misses_its_three_seconds_is_handled(tmp_path: Path) -> None:
    """A /play whose answer gets a 429 (retry after 2.5 s) and then a 503: Discord
    no longer takes it (10062). No traceback; the play stands and shows."""
    async with fault_world(tmp_path, Faults.polite(seed="late")) as w:
        w.discord.faults.retry_after = (2.5, 2.5)
        t = Table(w)
        await t.open(preset="one-deck")
        await t.play_hands(1, until=lambda m: m.phase == "playing" and len(m.hand.tricks) >= 2)
        tries: list[int] = []

        def refuse(method: str, path: str, body: Any) -> int | None:
            ours = not tries or path.startswith(f"/interactions/{tries[0]}/")
            if path.startswith("/interactions/") and len(tries) < 2 and ours:
                tries.append(int(path.split("/")[2]))
                return 429 if len(tries) == 1 else 503
            return None

        before = len(bot_posts(w.discord, w.channel_id))
        w.discord.refuse = refuse
        m = await t.match()
        await t.step(m)
        await t.play_hands(1, until=lambda m: len(m.hand.tricks) >= 4)
        await settle(w)
        assert len(tries) == 2
        late = w.discord.backend.interactions[tries[0]]
        assert not late.responded  # Discord never took its answer
        # The public answer went to the channel instead, once.
        posts = bot_posts(w.discord, w.channel_id)[before:]
        answers = [p for p in posts if "Next:" in p.content or "wins trick" in p.content]
        assert len(answers) == 1, [p.content for p in posts]
        assert not w.errors.records, w.errors.lines()
        check(w, 0, len(w.members), tmp_path)


async def test_a_failed_edit_is_not_taken_for_what_the_message_shows(tmp_path: Path) -> None:
    """The table message shows S; the edit to S' fails (a 503, which might have landed);
    the table goes back to S (托管 on, then off before the retry): the message is
    edited again, not left with the failed edit as its last word."""
    async with fault_world(tmp_path, Faults.polite(seed="back")) as w:
        t = Table(w)
        await t.open(preset="one-deck")
        await t.play_hands(1, until=lambda m: m.phase == "playing" and len(m.hand.tricks) >= 2)
        await settle(w)
        m = await t.match()
        seats = await t.source.seats(t.id)
        user = next(s.user_id for s in seats if s.seat != m.turn and s.user_id)
        failed: list[str] = []
        table_edit = f"/channels/{w.channel_id}/messages/"

        def refuse(method: str, path: str, body: Any) -> int | None:
            if method == "PATCH" and path.startswith(table_edit) and not failed:
                failed.append(path)
                return 503
            return None

        w.discord.refuse = refuse
        await w.slash(user, "auto", mode="on")
        for _ in range(500):  # the AUTO badge's edit is refused
            if failed:
                break
            await asyncio.sleep(0.01)
        await w.slash(user, "auto", mode="off")
        await settle(w)
        assert failed, "no edit was refused"
        check(w, 0, len(w.members), tmp_path)
