"""找朋友 pictures: the table picture, the hand summary and the progress chart for
N seats."""

from __future__ import annotations

import io
import itertools
import math
from dataclasses import replace

import pytest
from PIL import Image

from bot.pictures import render_progress, render_summary, render_table
from bot.pictures.chart import SEAT_COLOURS
from bot.pictures.draw import text_width
from bot.pictures.layout import fan_size
from bot.pictures.ring import (
    CORNER_BOXES,
    RING_CX,
    RING_CY,
    ring_badge,
    ring_chips,
    ring_fan_centre,
    ring_fan_max,
)
from bot.pictures.samples import sample_match
from bot.pictures.table_scene import BADGE_R, WIDTH, scene_of
from bot.pictures.words import word
from rules.actions import DealCards
from rules.cards import rank_name
from rules.game import Match
from rules.presets import friends_rules, preset


def _play(n: int, done: str) -> Match:
    m = Match(friends_rules(n, None), f"pictures-{n}")
    for _ in range(20000):
        cur = m.hand.current
        trick_full = cur is not None and len(cur.plays) >= n - 1
        if m.phase == done and (done != "playing" or trick_full):
            return m
        action = next((a for s in range(n) if (a := m.suggest(s)) is not None), None)
        m.apply(action or DealCards(n * m.rules.hand_size))
    raise AssertionError("never reached " + done)


def test_table_picture_places_every_seat_of_a_friends_table() -> None:
    for n in (5, 6, 8, 10):
        m = _play(n, "playing")
        view = m.view_for(None)
        sc = scene_of(view)
        assert sc.players == n and len(sc.levels) == n
        assert sc.team >= {view.dealer}
        png = render_table(view)
        assert Image.open(io.BytesIO(png)).size == (720, 480)
        badges = [ring_badge(s, n) for s in range(n)]
        # Distinct places on the canvas, seat 1 at the top.
        assert len({(round(x), round(y)) for x, y in badges}) == n
        # (with an even count, seat N shares the top row, left of seat 1)
        assert badges[0][1] <= min(y for _, y in badges) + 1e-6
        assert badges[0][0] >= WIDTH / 2
        for x, y in badges:
            assert 20 <= x <= 700 and 20 <= y <= 460


def test_summary_picture_has_a_row_per_seat() -> None:
    heights = {}
    for n in (6, 9):
        m = _play(n, "scored")
        summary = m.view_for(None).history[-1]
        png = render_summary(summary, m.rules)
        heights[n] = Image.open(io.BytesIO(png)).size[1]
    assert heights[9] > heights[6]  # five rows of seats against three


def _near(im: Image.Image, colour: tuple[int, int, int], tolerance: int = 10) -> int:
    """Pixels within ``tolerance`` of ``colour`` on every channel."""
    colours = im.getcolors(im.width * im.height) or []
    return sum(
        count
        for count, px in colours
        if all(abs(a - b) <= tolerance for a, b in zip(px, colour, strict=True))
    )


def test_progress_chart_draws_a_line_per_seat() -> None:
    """/progress at 找朋友: one line per seat in that seat's colour (not two teams),
    within the size budget; moving one seat's level moves the picture."""
    progress = sample_match("tests", hands=6, name="friends-6")
    assert all(len(p.levels_after) == 6 for p in progress)
    png = render_progress(progress, preset("friends-6").levels)
    assert len(png) <= 200_000
    im = Image.open(io.BytesIO(png)).convert("RGB")
    classic = Image.open(io.BytesIO(render_progress(sample_match("tests"))))
    assert im.width == classic.width and im.height > classic.height  # a second legend row
    for seat in range(6):
        assert _near(im, SEAT_COLOURS[seat]) > 100, seat
    fewest = min(_near(im, SEAT_COLOURS[seat]) for seat in range(6))
    for seat in range(6, 9):  # no seventh line
        assert _near(im, SEAT_COLOURS[seat]) < fewest / 3, seat
    # Seat 10's grey is close to the anti-aliased edges of the dark text, which grows
    # with the words drawn: a line of it would still double the count.
    assert _near(im, SEAT_COLOURS[9]) < fewest / 2
    last = progress[-1]
    moved = list(last.levels_after)
    moved[5] = next(lv for lv in preset("friends-6").levels if lv != moved[5])
    other = render_progress([*progress[:-1], replace(last, levels_after=tuple(moved))])
    assert other != png


# ---- issue 47 item 9: plays straight in front of their seats; labelled level chips ---------


def _box(seat: int, n: int, cards: int) -> tuple[float, float, float, float]:
    w, h = fan_size(cards, ring_fan_max(n), 46, 18, 11, 28)  # RING_STYLE
    cx, cy = ring_fan_centre(seat, n, (w, h))
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _gap(box: tuple[float, float, float, float], p: tuple[float, float]) -> float:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - p[0], 0, p[0] - x1), max(y0 - p[1], 0, p[1] - y1))


def test_every_play_sits_straight_in_front_of_its_seat() -> None:
    """On the ten-seat table seat 2's card sat between seats 1 and 2: each play went
    towards the middle of the table, which slid seat 1's cards off to the left. Now a
    seat above or below the middle has its play under or over its badge (the play
    spans the badge's x), a seat at a side has it level with the badge (it spans the
    badge's y); every play is nearer its own badge than any other and covers none,
    and up to four cards a seat no two plays meet."""
    for n in range(5, 11):
        badges = [ring_badge(s, n) for s in range(n)]
        for cards in range(1, 7):
            boxes = [_box(s, n, cards) for s in range(n)]
            for seat, box in enumerate(boxes):
                bx, by = badges[seat]
                dx, dy = RING_CX - bx, RING_CY - by
                spans = box[0] <= bx <= box[2] if abs(dy) >= abs(dx) else box[1] <= by <= box[3]
                assert spans, (n, cards, seat + 1)
                gaps = [_gap(box, b) for b in badges]
                assert gaps[seat] < min(g for s, g in enumerate(gaps) if s != seat)
                assert min(gaps) >= BADGE_R, (n, cards, seat + 1)
            if cards <= 4:
                for a, b in itertools.combinations(boxes, 2):
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-TW"])
def test_level_chips_say_they_are_levels(lang: str) -> None:
    """A ring seat's level chip read "2", like a card: it says "Lv 2" / "打2" now, in
    the table's language, and keeps clear of the corner boxes and the badges."""
    view = _play(10, "playing").view_for(None)
    sc = scene_of(view, lang=lang)
    chips = ring_chips(sc)
    levels = [c for c in chips if c.kind == "level"]
    assert [c.seat for c in levels] == list(range(10))
    for c in levels:
        rank = rank_name(sc.levels[c.seat])
        assert c.label == word(lang, "seat_level", level=rank) != rank
        assert c.label == {"en": f"Lv {rank}", "zh-CN": f"打{rank}", "zh-TW": f"打{rank}"}[lang]
    for c in chips:
        w, h = text_width(c.label, 20) + 6, 25
        box = (c.centre[0] - w / 2, c.centre[1] - h / 2, c.centre[0] + w / 2, c.centre[1] + h / 2)
        for corner in CORNER_BOXES:
            assert (
                box[2] <= corner[0]
                or corner[2] <= box[0]
                or box[3] <= corner[1]
                or corner[3] <= box[1]
            )
        assert all(_gap(box, ring_badge(s, 10)) > BADGE_R for s in range(10)), c
