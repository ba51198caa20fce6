"""找朋友 pictures: the table picture and the hand summary for N seats."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import render_summary, render_table
from bot.pictures.table import ring_badge, scene_of
from rules.actions import DealCards
from rules.game import Match
from rules.presets import friends_rules


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
        assert min(badges, key=lambda b: b[1]) == badges[0]
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
