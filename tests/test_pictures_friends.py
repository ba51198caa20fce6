"""找朋友 pictures: the table picture, the hand summary and the progress chart for
N seats."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.pictures import render_progress, render_summary, render_table
from bot.pictures.chart import SEAT_COLOURS
from bot.pictures.samples import sample_match
from bot.pictures.table import WIDTH, ring_badge, scene_of
from rules.actions import DealCards
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
