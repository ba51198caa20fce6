"""Pictures and card emojis on Discord, through the real discord.py client in simcord:
the table message carries the table picture and the countdown of the turn timer, a
hand DM the hand picture, the scored hand the summary picture, ``/progress`` the
chart; cards show as emoji faces with their text beside them in messages and select
options, and as text alone when Discord refused the upload."""

from __future__ import annotations

import io
import logging
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.pictures import render_hand, render_table
from bot.pictures.faces import emoji_name
from bot.text.render import reader_format
from rules.cards import Card
from rules.notation import format_cards
from tests.support.discord_helpers import (
    FACE,
    FAST_OPTIONS,
    World,
    bury,
    faces_of,
    finish_declaring,
    make_world,
    open_table_with_buttons,
    play_one,
    play_until,
    start_with_button,
)
from tests.support.panel import Panel

TIMED = replace(FAST_OPTIONS, turn_seconds=60)
RELATIVE = re.compile(r"<t:(\d+):R>")


def png_of(w: World, attachment: discord.Attachment) -> bytes:
    data = w.env.backend.cdn.get(attachment.url)
    assert data is not None, attachment.url
    return data


def uploads(w: World, since: int, path_part: str) -> list[Any]:
    """Requests since ``since`` to paths containing ``path_part`` that upload a file."""
    return [
        r
        for r in w.requests(since)
        if path_part in r.path
        and isinstance(r.json, dict)
        and any("id" in a and "filename" in a for a in r.json.get("attachments") or [])
    ]


async def playing(w: World) -> None:
    await open_table_with_buttons(w)
    await start_with_button(w)
    await finish_declaring(w)
    await bury(w)


async def test_table_message_has_the_picture_and_the_countdown(tmp_path: Path) -> None:
    async with make_world(tmp_path, options=TIMED) as w:
        await playing(w)
        msg = w.table_messages()[-1]
        assert [a.filename for a in msg.attachments] == ["table.png"]
        embed = msg.embeds[0]
        assert embed.image.url and embed.image.url.endswith("table.png")
        status = w.bot.service.queries.cached_status(w.table_id)
        # The picture is the public table as the presenter saw it at this edit.
        assert png_of(w, msg.attachments[0]) == render_table(status.view)
        # Whose turn and when their time runs out, as a Discord relative timestamp.
        stamps = RELATIVE.findall(embed.description or "")
        assert stamps == [str(int(status.deadline_at.timestamp()))], embed.description
        turn_name = w.member_at(w.match.turn).user.name
        assert turn_name in (embed.description or "").split("⏳")[-1]

        # A play answered by its reply names the next player with their countdown.
        before = w.match.turn
        r = await play_one(w)
        assert r.response is not None
        status = w.bot.service.queries.cached_status(w.table_id)
        if w.match.turn != before and status.deadline_kind == "turn":
            assert RELATIVE.findall(r.response.content) == [
                str(int(status.deadline_at.timestamp()))
            ]


async def test_picture_is_uploaded_only_when_it_changed(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing(w)
        table_id = w.table_messages()[-1].id
        path = f"/messages/{table_id}"
        r = w.bot.presenter.tables[w.table_id]
        # Shown again with nothing changed: no edit at all (it shows exactly that).
        mark = w.mark()
        w.bot.presenter.touch(w.table_id, w.channel.id)
        await w.bot.presenter.flush_all()
        assert not [q for q in w.requests(mark) if q.method == "PATCH" and path in q.path]
        # An edit whose picture is the one the message carries: no upload.
        r.shown = ""  # as if the rest of the message had changed
        w.bot.presenter.touch(w.table_id, w.channel.id)
        await w.bot.presenter.flush_all()
        edits = [q for q in w.requests(mark) if q.method == "PATCH" and path in q.path]
        assert len(edits) == 1 and not uploads(w, mark, path)
        msg = w.table_messages()[-1]
        assert [a.filename for a in msg.attachments] == ["table.png"]  # kept
        assert png_of(w, msg.attachments[0]) == r.picture
        # A trick ends: the same single edit swaps the picture.
        mark = w.mark()
        trick = len(w.match.hand.tricks)
        while len(w.match.hand.tricks) == trick:
            await play_one(w)
        edits = [q for q in w.requests(mark) if q.method == "PATCH" and path in q.path]
        assert len(edits) == 1 and len(uploads(w, mark, path)) == 1
        msg = w.table_messages()[-1]
        assert [a.filename for a in msg.attachments] == ["table.png"]
        assert png_of(w, msg.attachments[0]) == r.picture


async def test_hand_dm_has_the_hand_picture(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing(w)
        for seat, member in enumerate(w.members):
            dm = w.dm_messages(member)[0]
            assert [a.filename for a in dm.attachments] == ["hand.png"]
            png = png_of(w, dm.attachments[0])
            view = w.bot.service.queries.seat_view(w.table_id, seat)
            assert png == render_hand(view)  # this seat's own cards, nobody else's
            assert Image.open(io.BytesIO(png)).width <= 400  # a phone shows it whole


async def test_summary_picture_and_progress_chart(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        await playing(w)
        await play_until(w, lambda m: False)  # to the end of the hand
        assert w.match.phase in ("scored", "finished")
        msg = w.table_messages()[-1]
        assert [a.filename for a in msg.attachments] == ["summary.png"]
        assert msg.embeds[0].image.url.endswith("summary.png")
        png = png_of(w, msg.attachments[0])
        assert png.startswith(b"\x89PNG")
        r = await w.slash(w.members[0], "progress")
        assert r.response is not None and r.response.ephemeral
        assert [a.filename for a in r.response.attachments] == ["progress.png"]
        chart = png_of(w, r.response.attachments[0])
        assert Image.open(io.BytesIO(chart)).width > 200


def _cards_beside_faces(text: str) -> None:
    """Every run of emoji faces is followed by the same cards as text (an English
    hand writes the jokers BJ / LJ, the English notation)."""
    joker = {"BJ": "大王", "LJ": "小王"}
    for m in re.finditer(r"((?:<:sj_\w+:\d+>)+) ([^\n<]*)", text):
        names = faces_of(m[1])
        written = [joker.get(t, t) for t in m[2].split()[: len(names)]]
        expected = [format_cards([_card_of(n)]) for n in names]
        assert written == expected, (m[0], written, expected)


def _card_of(name: str) -> Card:
    return next(Card(c) for c in range(54) if emoji_name(Card(c)) == name)


async def test_card_emojis_in_messages_and_select_options(tmp_path: Path) -> None:
    async with make_world(tmp_path, emojis=True) as w:
        ids = w.bot.card_emojis.ids
        assert len(ids) == 54
        await playing(w)
        # The hand DM: faces with the text beside them, the ids the sync returned.
        dm = w.dm_messages(w.members[0])[0]
        assert faces_of(dm.content)
        for name, emoji_id in FACE.findall(dm.content):
            assert ids[_card_of(name)] == int(emoji_id)
        _cards_beside_faces(dm.content)
        # A play's public reply and the private hand follow-up.
        r = await play_one(w)
        assert r.response is not None and faces_of(r.response.content)
        _cards_beside_faces(r.response.content)
        assert any(faces_of(f.content) for f in r.followups)
        # The table message: the last trick and failed throws with faces.
        trick = len(w.match.hand.tricks)
        while len(w.match.hand.tricks) == trick:
            await play_one(w)
        field = w.table_messages()[-1].embeds[0].fields[0]
        assert faces_of(field.value)
        _cards_beside_faces(field.value)
        # The panel's select options: each card's emoji, its text as the label.
        member = w.member_at(w.match.turn)
        opened = await w.slash(member, "play")
        panel = Panel.of(w.env, member, opened)
        options = [o for s in panel.selects() for o in s["options"]]
        assert options and all(int(o["emoji"]["id"]) == ids[_card(o)] for o in options)
        # English labels name the jokers BJ / LJ, like the English notation.
        english = reader_format("en")
        assert all(o["label"] == english([_card(o)]) for o in options)


def _card(option: dict[str, Any]) -> Card:
    return Card(int(option["value"].split(".")[0]))


async def test_text_alone_when_the_upload_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with make_world(tmp_path, emojis=True) as w:
        w.env.inject_error(
            "GET", "/applications/*/emojis", status=403, code=50013, message="no", times=None
        )
        with caplog.at_level(logging.INFO, logger="bot.discord_app.emojis"):
            await w.restart()  # the sync at start is refused
        lines = [r for r in caplog.records if r.name == "bot.discord_app.emojis"]
        assert len(lines) == 1 and "cannot list" in lines[0].getMessage()
        assert not w.bot.card_emojis.available
        await playing(w)
        dm = w.dm_messages(w.members[0])[-1]
        r = await play_one(w)
        member = w.member_at(w.match.turn)
        panel = Panel.of(w.env, member, await w.slash(member, "play"))
        texts = [dm.content, r.response.content if r.response else ""]
        texts += [e.description or "" for m in w.table_messages() for e in m.embeds]
        assert all("<:sj_" not in t for t in texts)
        assert re.search(r"[♠♥♣♦](10|[2-9JQKA])", dm.content)  # the cards, as text
        options = [o for s in panel.selects() for o in s["options"]]
        assert options and all("emoji" not in o for o in options)


async def test_pictures_draw_words_in_the_tables_language(tmp_path: Path) -> None:
    # A new table speaks the server's language (h-zh: /table new takes it from there).
    async with make_world(tmp_path, guild_locale="zh-CN") as w:
        await playing(w)
        msg = w.table_messages()[-1]
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.language == "zh-CN"
        png = png_of(w, msg.attachments[0])
        assert png == render_table(status.view, (), "zh-CN")
        assert png != render_table(status.view)  # not the English words


async def test_four_deck_hands_with_faces_fit_discord_limits(tmp_path: Path) -> None:
    """54-card hands and the dealer's hand + kitty: faces where they fit, text alone
    where they would not (make_world checks every body against Discord's limits)."""
    async with make_world(tmp_path, emojis=True) as w:
        r = await w.slash(w.members[0], "table new", preset="four-decks")
        assert r.response is not None
        lobby = w.lobby_message()
        for seat, member in zip((1, 2, 3), w.members[1:4], strict=True):
            await member.click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
            lobby = w.lobby_message()
        await start_with_button(w)
        await finish_declaring(w)
        for member in w.members:
            dm = w.dm_messages(member)[0]
            assert len(dm.content) <= 2000 and dm.attachments
            _cards_beside_faces(dm.content)
        seat = w.match.dealer if w.match.phase == "burying" else w.match.turn
        member = w.member_at(seat)
        panel = Panel.of(w.env, member, await w.slash(member, "play"))
        assert len(panel.content) <= 2000
        options = [o for s in panel.selects() for o in s["options"]]
        view = w.bot.service.queries.seat_view(w.table_id, seat)
        assert len(options) == len(view.hand) >= 54
        assert all("emoji" in o for o in options)  # select options always carry the face


async def test_the_creator_turns_the_four_colour_deck_on(tmp_path: Path) -> None:
    """/cardcolours on: the table picture is redrawn with ♣ green and ♦ blue; only
    the creator may change it, and it is stored with the table."""
    async with make_world(tmp_path) as w:
        await playing(w)
        r = await w.slash(w.members[1], "cardcolours", mode="on")
        assert r.response is not None and r.response.ephemeral  # only the creator
        r = await w.slash(w.members[0], "cardcolours", mode="on")
        assert r.response is not None and "on" in r.response.content
        await w.bot.presenter.flush_all()
        status = w.bot.service.queries.cached_status(w.table_id)
        assert status.options.four_colour
        msg = w.table_messages()[-1]
        png = png_of(w, msg.attachments[0])
        assert png == render_table(status.view, four_colour=True)
        assert png != render_table(status.view) or not any(
            c.suit in (2, 3) for _, cs in status.view.current for c in cs
        )
        await w.restart()  # stored with the table
        assert w.bot.service.queries.cached_status(w.table_id).options.four_colour
