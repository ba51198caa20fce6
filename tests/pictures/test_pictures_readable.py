"""Every picture of ``python -m bot render --sample`` is readable at the size
Discord shows it: scaled to 450 px wide (a narrower picture is shown as is), no
text is drawn below ``MIN_TEXT`` px (the font's em size) and no card narrower
than ``MIN_CARD`` px. The drawing code records what it draws
(``bot.pictures.draw.measuring``), so the check measures every label and fan.
"""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from bot.pictures.cache import CACHE
from bot.pictures.chart import _seat_points
from bot.pictures.draw import BLUE, GREEN, measuring
from bot.pictures.faces import PLAIN, FaceStyle, card_face
from bot.pictures.hand import CARD_W as HAND_CARD_W
from bot.pictures.hand import ROW_DY as HAND_ROW_DY
from bot.pictures.hand import STEP as HAND_STEP
from bot.pictures.layout import fan_size
from bot.pictures.ring import ring_badge, ring_fan_centre, ring_fan_max
from bot.pictures.samples import sample_match, sample_pictures, scene
from bot.pictures.table import render_table
from bot.text.i18n import text
from rules.cards import Card
from rules.views import View

SHOWN_WIDTH = 450
MIN_TEXT = 12
MIN_CARD = 28
# Sheets of every face for README, not pictures a table posts.
SHEETS = {"card-faces.png", "emoji-faces.png"}


def _measured() -> list[tuple[str, int, float, float]]:
    """(file, width, smallest text, narrowest card) per sample, scaled to 450 px."""
    CACHE.clear()
    out = []
    with measuring() as rec:
        for name, png in sample_pictures():
            width = Image.open(io.BytesIO(png)).width
            scale = min(1.0, SHOWN_WIDTH / width)
            texts = [s for k, s, _ in rec if k == "text"]
            cards = [s for k, s, _ in rec if k == "card"]
            out.append(
                (
                    name,
                    width,
                    min(texts, default=99) * scale,
                    min(cards, default=99) * scale,
                )
            )
            rec.clear()
    return out


@pytest.fixture(scope="module")
def measured() -> list[tuple[str, int, float, float]]:
    return _measured()


def test_every_sample_is_readable_at_discord_size(measured: list) -> None:
    bad = [
        f"{name}: text {t:.1f} px, cards {c:.1f} px"
        for name, _, t, c in measured
        if name not in SHEETS and (t < MIN_TEXT or c < MIN_CARD)
    ]
    assert not bad, "too small at 450 px wide:\n" + "\n".join(bad)


def test_samples_include_friends_pictures(measured: list) -> None:
    names = {m[0] for m in measured}
    for kind in ("table", "table-last-trick", "hand", "summary"):
        assert f"friends-10-{kind}.png" in names
        assert f"friends-5-{kind}.png" in names


def test_the_recorder_sees_text_and_cards(measured: list) -> None:
    # Guards the check itself: a picture that drew nothing would pass vacuously.
    table = next(m for m in measured if m[0] == "showcase-table.png")
    assert table[2] < 99 and table[3] < 99


# ---- item 16: the suit of every overlapped card, the jokers ---------------------------
def _strip(card: Card, style: FaceStyle = PLAIN) -> Image.Image:
    """What the hand picture shows of an overlapped card: its left strip."""
    face = card_face(card, HAND_CARD_W, style)
    return face.crop((0, 0, HAND_STEP, HAND_ROW_DY)).convert("RGB")


def _far_pixels(a: Image.Image, b: Image.Image) -> int:
    diff = ImageChops.difference(a, b).convert("L")
    return diff.point(lambda v: 255 if v > 64 else 0).histogram()[255]


def test_clubs_and_spades_differ_on_the_visible_strip() -> None:
    # The corner pip is big enough that ♣2 and ♠2 differ by more than an 8 px blot
    # (the old 8 px pips: 22 and 63 pixels apart).
    assert _far_pixels(_strip(Card.C2), _strip(Card.S2)) >= 35
    assert _far_pixels(_strip(Card.D2), _strip(Card.H2)) >= 90


def test_four_colour_deck_colours_clubs_and_diamonds() -> None:
    four = FaceStyle(four_colour=True)
    club = _strip(Card.C2, four).getcolors(4096) or []
    diamond = _strip(Card.D2, four).getcolors(4096) or []
    assert any(px == GREEN for _, px in club)
    assert any(px == BLUE for _, px in diamond)
    assert _strip(Card.S2, four).tobytes() == _strip(Card.S2).tobytes()  # ♠ stays black


def test_jokers_say_big_or_small_in_the_pictures_language() -> None:
    CACHE.clear()
    for lang, big, small in (
        ("en", "BJ", "LJ"),
        ("zh-CN", "大王", "小王"),
        ("zh-TW", "大王", "小王"),
    ):
        assert text(lang, "pic.bj_corner") == big and text(lang, "pic.lj_corner") == small
        style = FaceStyle(lang)
        assert _far_pixels(_strip(Card.BJ, style), _strip(Card.LJ, style)) > 0
    assert _strip(Card.BJ, FaceStyle("zh-CN")).tobytes() != _strip(Card.BJ).tobytes()


# ---- item 17: the ten-seat 找朋友 table ---------------------------------------------------
def _ten_seat_view() -> View:
    return scene("friends-10").mid_trick


def test_each_play_sits_next_to_its_own_seat() -> None:
    view = _ten_seat_view()
    for n in (5, 6, 7, 8, 9, 10):
        for seat in range(n):
            size = fan_size(3, ring_fan_max(n), 46, 18, 11, 28)
            fx, fy = ring_fan_centre(seat, n, size)
            dist = [math.dist((fx, fy), ring_badge(s, n)) for s in range(n)]
            assert min(range(n), key=dist.__getitem__) == seat, (n, seat)
    assert view.players == 10


def test_ten_seat_table_draws_the_calls_and_the_points_unit() -> None:
    view = _ten_seat_view()
    assert view.friend_calls
    CACHE.clear()
    with measuring() as rec:
        render_table(view, lang="zh-CN")
    drawn = [w for k, _, w in rec if k == "text"]
    assert "分" in drawn  # the attackers' points with their unit
    for c in view.friend_calls:
        assert f"#{c.call.nth}" in drawn
        mark = "→?" if c.joined is None else f"→{c.joined + 1}"
        assert mark in drawn
    assert min(s for k, s, _ in rec if k == "card") * SHOWN_WIDTH / 720 >= MIN_CARD


# ---- item 18: the per-seat chart draws levels, not nudged values ------------------------
def test_per_seat_chart_puts_every_marker_at_its_true_level() -> None:
    progress = sample_match("tests", hands=6, name="friends-6")
    axis = list(range(2, 15))
    xs = [100.0 + 50 * i for i in range(len(progress) + 1)]

    def y_of(level: int) -> float:
        return 400.0 - 20 * axis.index(level)

    points = _seat_points(progress, 6, xs, y_of)
    for seat in range(6):
        levels = [progress[0].levels_before[seat]] + [p.levels_after[seat] for p in progress]
        assert [y for _, y, _ in points[seat]] == [y_of(lv) for lv in levels]
    # Seats at one level after a hand: distinct markers side by side.
    for i in range(len(xs)):
        spots = [(points[s][i][1], points[s][i][2]) for s in range(6)]
        assert len(set(spots)) == 6
