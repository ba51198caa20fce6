"""Discord defects found by the first play-through (issue 11), each reproduced through
the real discord.py client in simcord: re-deals, failed throws, duplicate deliveries,
a crash while posting a DM, stale declare buttons, the lobby after the start,
mentions, and the stop signals."""

from __future__ import annotations

import ast
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bench.discord import failing_throw
from rules.actions import Play
from rules.cards import Card
from rules.events import ThrowFailed
from rules.notation import format_cards
from tests.support.discord_helpers import (
    FAST_OPTIONS,
    World,
    assert_dm_shows_hand,
    bury,
    button_declarations,
    custom_ids,
    declarations_possible,
    declare_ids,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    play_one,
    play_until,
    start_with_button,
)
from tests.support.discord_posts import channel_posts, to_play

ROOT = Path(__file__).resolve().parents[2]


def table_edits(w: World, since: int) -> list[dict[str, Any]]:
    """Bodies of the edits of the table message (the embed) since ``since``."""
    prefix = f"/channels/{w.channel.id}/messages/"
    return [
        r.json
        for r in w.requests(since)
        if r.method == "PATCH"
        and r.path.startswith(prefix)
        and isinstance(r.json, dict)
        and r.json.get("embeds")
    ]


# ---- 1. a re-deal refreshes every hand DM and is announced ----
async def test_redeal_refreshes_every_dm_and_is_announced(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        first = {m.id: w.dm_messages(m)[0].content for m in w.members}
        for seat in range(4):  # hand 1: nobody declares → the cards are dealt again
            r = await w.slash(w.member_at(seat), "pass")
            assert r.response is not None and r.response.ephemeral
        while w.match.phase == "dealing":
            await w.bot.tick_now()
        m = w.match
        assert m.hand.redeals == 1 and m.phase == "declaring"
        for seat, member in enumerate(w.members):
            dms = w.dm_messages(member)
            assert len(dms) == 1  # the same DM, edited
            assert dms[0].content != first[member.id]
            assert_dm_shows_hand(w, seat, dms[0].content)
            assert button_declarations(dms[0]) == declarations_possible(m, seat)
        said = [x.content for x in w.bot_messages() if "dealt again" in x.content]
        assert len(said) == 1, [x.content for x in w.bot_messages()]
        # a button of the new deal declares
        seat = next(s for s in range(4) if declarations_possible(m, s))
        dm = w.dm_messages(w.members[seat])[0]
        res = await w.members[seat].user.click(dm, custom_id=declare_ids(dm)[0])
        assert res.response is not None and "Declared" in res.response.content
        assert [d.seat for d in w.match.hand.declarations] == [seat]


# ---- 2. a failed throw is shown with its trick, not by an edit of its own ----
async def test_failed_throw_costs_no_extra_table_edit(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await to_play(w)
        for _ in range(200):
            m = w.match
            cards = failing_throw(m, m.turn) if m.phase == "playing" else None
            if cards is not None:
                break
            await play_one(w)
        assert cards is not None, "no leader could make a failing throw this hand"
        trick = w.match.hand.current.trick_no
        leader = w.match.turn
        assert leader is not None
        (failed,) = [
            e for e in w.match.copy().apply(Play(leader, cards)) if isinstance(e, ThrowFailed)
        ]
        # Issue 47 item 4: the reply and the trick's note say who beats it, with what.
        because = f"beats {format_cards(failed.forced)} with {format_cards(failed.beater)}"
        mark = w.mark()
        r = await w.slash(w.member_at(w.match.turn), "play", cards=format_cards(cards, "ascii"))
        assert r.response is not None and "tried to throw" in r.response.content
        assert because in r.response.content, r.response.content
        await play_until(w, lambda m: len(m.hand.tricks) >= trick)
        edits = table_edits(w, mark)
        assert len(edits) == 1, f"{len(edits)} table edits for the trick with a failed throw"
        field = edits[0]["embeds"][0]["fields"][0]
        assert f"Trick {trick} " in field["name"]
        assert "Failed throw" in field["value"] and format_cards(cards) in field["value"]
        assert because in field["value"], field["value"]
        assert not channel_posts(w, mark)


# ---- 5. a copy delivered at the same moment never steals the answer ----
async def test_duplicate_at_the_same_moment_keeps_the_real_answer(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with make_world(tmp_path) as w:
        await to_play(w)
        await play_until(w, lambda m: len(m.hand.current.plays) == 3)  # the next play ends a trick
        m = w.match
        seat, tricks = m.turn, len(m.hand.tricks)
        cards = format_cards(m.suggest(seat).cards, "ascii")
        mark = w.mark()
        with caplog.at_level(logging.WARNING):
            r = await w.slash_twice_at_once(w.member_at(seat), "play", cards=cards)
        assert r.response is not None and not r.response.ephemeral, r
        assert "already done" not in r.response.content
        assert "wins trick" in r.response.content, r.response.content
        assert [f.content.splitlines()[0] for f in r.followups if f.ephemeral] == ["Your hand:"]
        assert len(w.match.hand.tricks) == tricks + 1  # played once
        assert table_edits(w, mark), "the table message was not flushed"
        errors = [x for x in caplog.records if x.levelno >= logging.ERROR]
        assert not errors, [x.getMessage() for x in errors]
        assert not any("40060" in x.getMessage() for x in caplog.records)


# ---- 6. a crash between posting a DM and storing its id ----
async def test_dm_posted_before_a_crash_is_edited_not_posted_again(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        refs = w.bot.presenter.refs
        save = refs.save

        async def killed_before_the_id_is_stored(
            table_id: int, key: str, channel_id: int, message_id: int
        ) -> None:
            if key.startswith("dm:"):
                raise RuntimeError("the process died here")
            await save(table_id, key, channel_id, message_id)

        refs.save = killed_before_the_id_is_stored
        await start_with_button(w)
        assert all(len(w.dm_messages(m)) == 1 for m in w.members)
        await w.restart()
        await finish_declaring(w)
        await bury(w)
        for seat, member in enumerate(w.members):
            dms = w.dm_messages(member)
            assert len(dms) == 1, f"{member.name} has {len(dms)} hand DMs"
            assert_dm_shows_hand(w, seat, dms[0].content)
            assert not declare_ids(dms[0])  # no live declare button left behind


# ---- 7. declare buttons follow other players' declarations ----
async def test_dm_declare_buttons_refresh_after_a_declaration(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        await start_with_button(w)
        m = w.match
        offered = {s: declarations_possible(m, s) for s in range(4)}
        declarer = next(s for s in range(4) if any(len(o) == 1 for o in offered[s]))
        single = next(o for o in sorted(offered[declarer]) if len(o) == 1)
        cards = format_cards([Card(single[0])], "ascii")
        r = await w.slash(w.member_at(declarer), "declare", cards=cards)
        assert r.response is not None and not r.response.ephemeral
        m = w.match
        stale = [s for s in range(4) if not offered[s] <= declarations_possible(m, s)]
        assert [s for s in stale if s != declarer], "nobody's options changed: a weak test"
        for seat, member in enumerate(w.members):
            dm = w.dm_messages(member)[0]
            assert button_declarations(dm) <= declarations_possible(m, seat), member.name


# ---- 8. the lobby message after the start ----
async def test_lobby_says_the_game_is_on_and_links_the_table(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await open_table_with_buttons(w)
        lobby_id = w.lobby_message().id
        await start_with_button(w)
        lobby = next(x for x in w.bot_messages() if x.id == lobby_id)
        table = w.table_messages()[0]
        assert not custom_ids(lobby)
        assert "Press Start" not in lobby.content
        link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}/{table.id}"
        assert "The game is on" in lobby.content and link in lobby.content


# ---- 9. mentions: only when they help, allowed_mentions always explicit ----
def unfenced_bodies(w: World, since: int = 0) -> list[str]:
    """Message bodies the bot sent without an explicit allowed_mentions."""
    out = []
    for r in w.requests(since):
        body = r.json if isinstance(r.json, dict) else {}
        if "/callback" in r.path:
            body = body.get("data") or {} if body.get("type") in (4, 7) else {}
        if r.method in ("POST", "PATCH") and "content" in body and "allowed_mentions" not in body:
            out.append(f"{r.method} {r.path}: {str(body.get('content'))[:60]}")
    return out


async def test_play_replies_do_not_ping_and_mentions_are_explicit(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await to_play(w)
        for _ in range(8):
            r = await play_one(w)
            assert r.response is not None and "Next:" in r.response.content
            assert "<@" not in r.response.content, r.response.content
        assert not unfenced_bodies(w), unfenced_bodies(w)[:5]


async def test_slow_player_is_mentioned_once_at_half_time(tmp_path: Path) -> None:
    async with make_world(tmp_path, options=replace(FAST_OPTIONS, turn_seconds=60)) as w:
        await to_play(w)
        await play_one(w)
        waiting = w.member_at(w.match.turn)
        mark = w.mark()
        w.clock.advance(20)
        await w.bot.tick_now()
        assert not channel_posts(w, mark)  # a third of the time: no ping yet
        w.clock.advance(11)
        await w.bot.tick_now()
        w.clock.advance(10)
        await w.bot.tick_now()
        posts = channel_posts(w, mark)
        assert len(posts) == 1, posts
        assert f"<@{waiting.id}>" in posts[0]["content"]
        assert [int(u) for u in posts[0]["allowed_mentions"]["users"]] == [waiting.id]
        assert not posts[0]["allowed_mentions"].get("parse")


async def test_player_back_from_auto_is_mentioned_once(tmp_path: Path) -> None:
    async with make_world(tmp_path, options=replace(FAST_OPTIONS, turn_seconds=60)) as w:
        await to_play(w)
        away = w.match.turn
        user = w.member_at(away)
        w.clock.advance(61)
        await w.bot.tick_now()  # their timer ran out: a move is made for them
        assert w.match.turn != away
        replies = []
        while w.match.turn != away:
            replies.append((await play_one(w)).response)
        assert f"<@{user.id}>" in replies[-1].content
        assert all(f"<@{user.id}>" not in x.content for x in replies[:-1])
        await play_one(w)  # they are back and play themself
        while w.match.turn != away:
            r = await play_one(w)
            assert "<@" not in r.response.content


# ---- 10. SIGINT / SIGTERM stop the bot cleanly ----
CHILD = textwrap.dedent(
    """
    import asyncio, sys
    import simcord
    import bot.discord_app.client as client
    from bot.config import Config

    async def main(db: str) -> int:
        config = Config(token="simcord", database_url=f"sqlite+aiosqlite:///{db}",
                        log_level="INFO", dev_guild_id=None, shard_count=None)
        bot = client.create_bot(config, ticker=False)  # simcord settles only without it
        forever = asyncio.Event()

        async def start(token: str) -> None:  # the gateway session (simcord connected us)
            print("ready", flush=True)
            await forever.wait()

        bot.start = start
        client.create_bot = lambda config, **_: bot
        async with simcord.run(bot, check_errors=False) as env:
            await bot.tree.sync()
            channel = env.create_guild("g").create_text_channel("shengji")
            alice = channel.guild.add_member(env.create_user("alice"))
            await alice.slash(channel, "table new")
            code = await client.run_bot(config)
            print("stopped", bot.is_closed(), flush=True)
            return code

    sys.exit(asyncio.run(main(sys.argv[1])))
    """
)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stop_signal_shuts_down_cleanly(tmp_path: Path, sig: signal.Signals) -> None:
    db = tmp_path / "bot.db"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == "ready", line + proc.stderr.read() if proc.stderr else ""
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    assert "stopped True" in out  # the gateway was closed
    with sqlite3.connect(db) as con:  # storage flushed: the table is there
        assert con.execute("select count(*) from tables").fetchone()[0] == 1


# ---- structure: no import circle in bot/ (TYPE_CHECKING imports count too) ----
def _bot_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in (ROOT / "bot").rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot"):
                deps.add(str(node.module))
            elif isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name.startswith("bot"))
        graph[name] = deps
    return graph


def test_bot_modules_have_no_import_circle() -> None:
    graph = _bot_imports()
    assert "bot.discord_app.presenter" in graph and "bot.discord_app.cogs.play" in graph
    # Depth-first with the path on a stack: a module met again while still on the path
    # closes a circle (each module is walked once).
    done: set[str] = set()
    path: list[str] = []

    def circle_from(node: str) -> list[str] | None:
        path.append(node)
        for dep in sorted(graph.get(node, ())):
            if dep in path:
                return [*path[path.index(dep) :], dep]
            if dep in graph and dep not in done and (found := circle_from(dep)):
                return found
        path.pop()
        done.add(node)
        return None

    for module in sorted(graph):
        if module not in done:
            found = circle_from(module)
            assert found is None, " → ".join(found or [])
