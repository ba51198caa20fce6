"""The 复盘 picture (``bot.pictures.replay``): one frame of a finished hand for
every preset and 找朋友 from 5 to 10 seats — every hand face up as it was then,
the trick with its winner, the points so far, the result at the end — readable
where Discord shows it (450 px wide), the same size on every step, and its
words in the table's language only."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from PIL import Image

from bot.pictures.cache import CACHE
from bot.pictures.draw import GOLD, measuring
from bot.pictures.faces import card_face
from bot.pictures.replay import HEADER_H, render_replay, render_trick
from bot.pictures.replay_scene import (
    TRICK_X0,
    TRICK_X1,
    WIDTH,
    hand_geometry,
    hand_rows,
    replay_scene,
)
from bot.pictures.samples import sample_record, sample_replay
from rules.cards import POINTS, Card, counts_of
from rules.presets import PRESET_NAMES
from rules.record import parse_record
from rules.replay import HandReplay, ReplayError, hand_replay

SHOWN_WIDTH = 450
MIN_TEXT, MIN_CARD = 12, 28  # as tests/pictures/test_pictures_readable.py
MAX_BYTES = 200_000
FRIENDS = tuple(f"friends-{n}" for n in range(5, 11))
ALL = (*PRESET_NAMES, *FRIENDS)
RANKS = {"J", "Q", "K", "A"}  # card ranks on a card tag: the same in every language


@cache
def replay_of(name: str) -> HandReplay:
    return sample_replay(name, "replay-tests")


def _png(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(png)).convert("RGB")


def _drawn(
    replay: HandReplay, frame: int, lang: str = "en"
) -> tuple[bytes, list[str], float, float]:
    """(png, the words drawn, smallest text and narrowest card at 450 px wide)."""
    CACHE.clear()
    with measuring() as rec:
        png = render_replay(replay, frame, lang)
    scale = SHOWN_WIDTH / _png(png).width
    texts = [s for k, s, _ in rec if k == "text"]
    cards = [s for k, s, _ in rec if k == "card"]
    words = [w for k, _, w in rec if k == "text"]
    return png, words, min(texts) * scale, min(cards, default=99) * scale


@pytest.mark.parametrize("name", ALL)
def test_every_preset_renders_readable_frames_of_one_size(name: str) -> None:
    r = replay_of(name)
    last = len(r.frames) - 1
    sizes = set()
    for frame in (0, r.trick_frames()[len(r.trick_frames()) // 2], last - 1, last):
        png, words, text_px, card_px = _drawn(r, frame)
        im = _png(png)
        assert len(png) <= MAX_BYTES
        assert im.width == WIDTH and 400 <= im.height <= 1400, im.size
        assert text_px >= MIN_TEXT and card_px >= MIN_CARD, (frame, text_px, card_px)
        f = r.frames[frame]
        assert str(f.attackers_points) in words  # the points so far
        if frame != last:
            sizes.add(im.size)
    # Stepping never makes the message jump (the result band is added at the end only).
    assert len(sizes) == 1, sizes


@pytest.mark.parametrize("name", ["classic", "friends-5", "friends-8"])
def test_each_frame_shows_that_moment(name: str) -> None:
    r = replay_of(name)
    n = len(r.trick_frames())
    # After the bury: every seat holds its whole hand; the kitty is out of the hands.
    start = replay_scene(r, 0)
    assert start.start and not start.plays
    assert all(len(h) == r.rules.hand_size for h in start.hands)
    assert start.buried == r.buried and len(r.buried) == r.rules.kitty_size
    # Trick k: the cards of tricks 1..k are gone from the hands, trick k is shown
    # with its winner, and the words give "k/n".
    k = n // 2
    sc = replay_scene(r, r.frame_of_trick(k))
    played = sum(len(cs) for t in range(1, k + 1) for _, cs in r.frame_of_trick(t).trick.plays)  # type: ignore[union-attr]
    assert sum(map(len, sc.hands)) == r.players * r.rules.hand_size - played
    assert sc.trick_no == k and sc.won and sc.winner == r.frame_of_trick(k).trick.winner  # type: ignore[union-attr]
    _, words, _, _ = _drawn(r, r.frame_of_trick(k).index)
    assert any(f"{k}/{n}" in w for w in words), words
    # The last frame: empty hands, the result and the kitty's points.
    end = replay_scene(r, len(r.frames) - 1)
    assert not any(end.hands) and end.result is not None
    assert end.result[0] == r.summary.attackers_points
    _, words, _, _ = _drawn(r, len(r.frames) - 1)
    assert any(f"KITTY  {sum(POINTS[c] for c in r.buried)} pts" in w for w in words)
    assert any(
        ("+" in w or "hold" in w)
        and ("N/S" in w or "E/W" in w or "defenders" in w or "attackers" in w)
        for w in words
    ), words


def test_the_winner_of_the_trick_is_on_gold() -> None:
    r = replay_of("classic")
    k = 3
    f = r.frame_of_trick(k)
    assert f.trick is not None and f.trick.winner is not None
    sc = replay_scene(r, f)
    im = _png(render_trick(r, k))
    y = HEADER_H
    for seat, h in enumerate(sc.row_heights):
        band = im.crop((TRICK_X0 - 4, y + 2, TRICK_X1, y + h - 2))
        gold = sum(n for n, px in band.getcolors(1 << 16) or () if px == GOLD)
        assert (gold > 200) == (seat == f.trick.winner), (seat, gold)
        y += h


def test_a_trick_still_being_played_marks_its_standing_winner() -> None:
    r = replay_of("classic")
    mid = next(f for f in r.frames if f.kind == "play" and f.trick and len(f.trick.plays) >= 2)
    sc = replay_scene(r, mid)
    assert not sc.won and sc.winner in {s for s, _ in mid.trick.plays}  # type: ignore[union-attr]


def test_the_frames_hold_every_card_once() -> None:
    """Hands + the cards played so far + the kitty: the whole deck, on every frame."""
    r = replay_of("friends-6")
    decks = [r.rules.decks] * 54
    for f in r.frames[:: max(1, len(r.frames) // 12)]:
        played = [
            c
            for t in range(1, f.tricks_done + 1)
            for _, cs in r.frame_of_trick(t).trick.plays
            for c in cs
        ]  # type: ignore[union-attr]
        if f.trick is not None and f.kind != "trick":
            played += [c for _, cs in f.trick.plays for c in cs]
        held = [c for h in f.hands for c in h]
        assert counts_of(held + played + list(r.buried)) == decks


@pytest.mark.parametrize("name", ["classic", "friends-7", "friends-10"])
@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW"])
def test_chinese_pictures_draw_no_english(name: str, lang: str) -> None:
    r = replay_of(name)
    for frame in (0, r.trick_frames()[2], len(r.frames) - 1):
        en, en_words, _, _ = _drawn(r, frame, "en")
        zh, words, text_px, _ = _drawn(r, frame, lang)
        assert zh != en and _png(zh).size == _png(en).size
        assert text_px >= MIN_TEXT
        latin = [w for w in words if re.search("[A-Za-z]", w) and w not in RANKS]
        assert not latin, latin
        assert not [w for w in en_words if re.search(r"[\u4e00-\u9fff]", w)]


def test_only_finished_hands_replay() -> None:
    text = sample_record("classic", "replay-tests")
    cut = text[: text.index("\n5. ")] + "\n"  # the same hand stopped at trick 5
    with pytest.raises(ReplayError):
        hand_replay(parse_record(cut))
    assert hand_replay(parse_record(text)).frames


def test_pictures_are_cached_by_content() -> None:
    r = replay_of("classic")
    CACHE.clear()
    a = render_trick(r, 2)
    assert render_trick(sample_replay("classic", "replay-tests"), 2) is a
    assert render_trick(r, 3) != a
    assert render_trick(r, 2, "zh-CN") != a


@pytest.mark.parametrize("name", ["classic", "friends-5"])
def test_a_stolen_kitty_hand_renders_every_trick(name: str) -> None:
    """炒地皮: the picture shows the steal among the declarations and the thief's bury."""
    from tests.support.replay_helpers import stolen_record

    r = hand_replay(parse_record(stolen_record(name)))
    assert r.burier != r.dealer
    start = replay_scene(r, 0)
    assert start.buried == r.buried and len(start.declarations) >= 2
    assert all(len(h) == r.rules.hand_size for h in start.hands)
    for k in range(len(r.trick_frames()) + 1):
        _png(render_trick(r, k, "zh-CN"))
    _, words, _, _ = _drawn(r, len(r.frames) - 1)
    assert any(f"KITTY  {sum(POINTS[c] for c in r.buried)} pts" in w for w in words)


# ---- issue 47 item 9: the ten-seat hands readable -------------------------------------------


def _rank_ink(width: int, card: Card) -> tuple[int, int]:
    """(height, right edge) in px of the rank in a card's top-left corner at ``width``."""
    im = card_face(card, width).convert("L")
    inked = [
        [x for x in range(2, width // 2) if im.getpixel((x, y)) < 128]
        for y in range(2, im.height // 2)
    ]
    top = next(i for i, xs in enumerate(inked) if xs)
    bottom = next(i for i in range(top, len(inked)) if not inked[i])  # the gap above the pip
    return bottom - top, max(x for xs in inked[top:bottom] for x in xs) + 1


def _hand_cards(name: str) -> tuple[float, float, int]:
    """(rank height at 450 px wide, the narrowest overlap step over the rank's width, the
    picture's height) for a replay's first frame, whose hands are full."""
    r = replay_of(name)
    CACHE.clear()
    with measuring() as rec:
        png = render_replay(r, 0)
    widths = {s for k, s, what in rec if k == "card" and what == "hand"}
    assert len(widths) == 1, widths
    width = widths.pop()
    scale = SHOWN_WIDTH / _png(png).width
    height, _ = _rank_ink(width, Card.S8)
    _, right = _rank_ink(width, Card.S10)  # "10", the widest rank
    sc = replay_scene(r, 0)
    geometry = hand_geometry(r.players)
    steps = [
        step
        for hand in sc.hands
        for row, step in hand_rows(sc.suit_of, hand, geometry)
        if len(row) > 1
    ]
    return height * scale, min(steps) / right, _png(png).height


@pytest.mark.parametrize("name", ["friends-7", "friends-8", "friends-9", "friends-10"])
def test_many_seat_hands_read_at_450_px(name: str) -> None:
    """Issue 47 item 9: the ten-seat 找朋友 replay's hands could not be read at 450 px.
    A hand's card ranks are at least as tall as the four-seat picture's and at least
    7 px of ink (a 10 px font) where Discord shows the picture 450 px wide, the next
    card never covers a rank, and the picture stays within the 1400 px the other replay
    tests allow (two columns of seats: 1265 px at ten seats, 1070 in one column)."""
    four, four_cover, _ = _hand_cards("classic")
    rank, cover, height = _hand_cards(name)
    assert four_cover >= 1  # the four-seat picture: ranks uncovered, 6.9 px
    assert rank >= four and rank >= 7, (rank, four)
    assert cover >= 1, cover
    assert height <= 1400
