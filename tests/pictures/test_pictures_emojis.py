"""Card emojis: uploaded once as application emojis through the real discord.py
client against simcord's offline Discord (which models the application-emoji
routes), found again by name after a restart, and text alone when refused."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from PIL import Image

from bot.discord_app.emojis import MAX_EMOJI_CHARS, CardEmojis, cards_inline, sync_emojis
from bot.pictures.faces import EMOJI_SIZE, emoji_name, emoji_png
from rules.cards import ALL_CARDS, Card
from rules.notation import format_cards
from tests.support.discord_helpers import make_world

EMOJI_ROUTE = "/applications/*/emojis"


def _emoji_posts(w: object, since: int = 0) -> list[object]:
    return [
        r
        for r in w.requests(since)  # type: ignore[attr-defined]
        if r.method == "POST" and r.path.endswith("/emojis") and "/applications/" in r.path
    ]


async def test_upload_once_then_found_by_name_after_restart(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        first = await sync_emojis(w.bot)
        assert first.available and first.uploaded == len(ALL_CARDS)
        owned = w.env.backend.application_emojis
        assert sorted(e.name for e in owned.values()) == sorted(emoji_name(c) for c in ALL_CARDS)
        assert len(_emoji_posts(w)) == len(ALL_CARDS)

        mark = w.mark()
        await w.restart()  # a new bot process: nothing remembered but what Discord owns
        second = await sync_emojis(w.bot)
        assert second.available and second.uploaded == 0
        assert second.ids == first.ids
        assert len(owned) == len(ALL_CARDS)  # no duplicate
        assert _emoji_posts(w, mark) == []


async def test_only_missing_emojis_are_uploaded(tmp_path: Path) -> None:
    async with make_world(tmp_path) as w:
        first = await sync_emojis(w.bot)
        backend = w.env.backend
        for card in (Card.SA, Card.BJ):
            backend.delete_application_emoji(first.ids[card])
        mark = w.mark()
        again = await sync_emojis(w.bot)
        assert again.available and again.uploaded == 2
        assert len(_emoji_posts(w, mark)) == 2
        assert len(backend.application_emojis) == len(ALL_CARDS)
        assert again.ids[Card.SK] == first.ids[Card.SK]
        assert again.ids[Card.SA] != first.ids[Card.SA]


@pytest.mark.parametrize(
    ("method", "status", "code", "words"),
    [
        ("POST", 400, 30018, "refused to upload"),  # maximum number of emojis reached
        ("GET", 403, 50013, "cannot list"),  # missing permissions
    ],
)
async def test_refused_upload_falls_back_to_text_with_one_log_line(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    method: str,
    status: int,
    code: int,
    words: str,
) -> None:
    async with make_world(tmp_path) as w:
        w.env.inject_error(
            method, EMOJI_ROUTE, status=status, code=code, message="refused", times=None
        )
        with caplog.at_level(logging.INFO, logger="bot.discord_app.emojis"):
            result = await sync_emojis(w.bot)
        assert not result.available
        assert result.reason is not None and words in result.reason and str(status) in result.reason
        lines = [r for r in caplog.records if r.name == "bot.discord_app.emojis"]
        assert len(lines) == 1 and lines[0].levelno == logging.WARNING
        assert words in lines[0].getMessage()
        cards = [Card.SA, Card.H10, Card.LJ]
        assert cards_inline(cards, result) == format_cards(cards) == "♠A ♥10 小王"
        assert result.partial(Card.SA) is None


def test_cards_inline_puts_text_beside_the_faces() -> None:
    emojis = CardEmojis({c: 1000 + int(c) for c in ALL_CARDS})
    line = cards_inline([Card.SA, Card.H10, Card.BJ], emojis)
    assert line == "<:sj_SA:1012><:sj_H10:1021><:sj_BJ:1053> ♠A ♥10 大王"
    assert cards_inline([Card.SA], emojis, "ascii") == "<:sj_SA:1012> SA"
    assert cards_inline([], emojis) == ""
    p = emojis.partial(Card.H10)
    assert p is not None and p.id == 1021 and p.name == "sj_H10"
    # A line too long for emojis keeps the text alone rather than breaking the message
    # (real ids are 19-digit snowflakes: a 52-card hand is ~1,500 characters).
    real = CardEmojis({c: 1_300_000_000_000_000_000 + int(c) for c in ALL_CARDS})
    many = [ALL_CARDS[i % 54] for i in range(52)]
    assert len("".join(real.markdown(c) or "" for c in many)) > MAX_EMOJI_CHARS
    assert cards_inline(many, real) == format_cards(many)
    assert cards_inline(many[:20], real).endswith(" " + format_cards(many[:20]))
    # Half a set (an upload cut short) is not used: every card or none.
    half = CardEmojis({c: 1 for c in ALL_CARDS[:27]})
    assert cards_inline([Card.SA], half) == "♠A"


def test_emoji_faces_are_square_pngs_with_distinct_jokers() -> None:
    names = {emoji_name(c) for c in ALL_CARDS}
    assert len(names) == 54 and all(
        2 <= len(n) <= 32 and n.replace("_", "").isalnum() for n in names
    )
    pngs = {c: emoji_png(c) for c in ALL_CARDS}
    assert len(set(pngs.values())) == 54  # every face differs
    for png in pngs.values():
        im = Image.open(io.BytesIO(png))
        assert im.size == (EMOJI_SIZE, EMOJI_SIZE) and len(png) < 256_000  # Discord's limit


def test_emojis_command_needs_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["emojis"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().out


@pytest.mark.parametrize("refused", [False, True])
def test_emojis_command_reports_the_outcome(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    refused: bool,
) -> None:
    import bot.discord_app.emojis_cli as emojis_module
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-for-the-test")
    result = (
        CardEmojis.text_only("HTTP 400, code 30018: maximum reached")
        if refused
        else CardEmojis({c: 1 for c in ALL_CARDS}, None, 3)
    )
    seen: list[str] = []

    async def fake_upload(token: str) -> CardEmojis:  # the login itself needs Discord
        seen.append(token)
        return result

    monkeypatch.setattr(emojis_module, "_upload", fake_upload)
    assert main(["emojis"]) == (1 if refused else 0)
    out = capsys.readouterr().out
    assert seen == ["token-for-the-test"]
    assert (
        ("maximum reached" in out) if refused else ("54 card emojis ready (3 uploaded now)" in out)
    )
