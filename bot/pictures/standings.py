"""A tournament's standings as a picture (``/tournament status`` and the news
after each round): place, team, match points, Buchholz and level difference.
Plain data in, PNG out (cached by content), in the channel's language; the
same light card as the leaderboard, readable at ~450 px."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import GOLD, INK, MUTED, PANEL, draw_name, draw_text, encode_png
from bot.pictures.ladder import _fit
from bot.pictures.words import lang_of, word

WIDTH = 480
ROW = 24


@dataclass(frozen=True, slots=True)
class StandingLine:
    place: int
    team: str  # the players' names, "A & B"
    points: int
    buchholz: int
    level_diff: int


def _draw(
    lines: tuple[StandingLine, ...], title: str, round_no: int, lang: str, kind: str
) -> bytes:
    height = 84 + ROW * max(len(lines), 1) + 10
    im = Image.new("RGB", (WIDTH, height), PANEL)
    d = ImageDraw.Draw(im)
    draw_name(d, (20, 22), _fit(title, 18, 300), 18, INK, anchor="lm")
    draw_text(d, (WIDTH - 20, 22), word(lang, "tour_after", round=round_no), 14, MUTED, anchor="rm")
    y = 52
    # 找朋友 (players alone): the levels gained are the score, one column.
    # Duplicate: the last column is the IMPs won, not levels.
    alone = kind == "alone"
    last = "tour_imps" if kind == "imps" else "tour_levels"
    columns = (
        ((WIDTH - 20, last),)
        if alone
        else ((WIDTH - 150, "tour_points"), (WIDTH - 85, "tour_buchholz"), (WIDTH - 20, last))
    )
    for x, key in columns:
        draw_text(d, (x, y), word(lang, key), 13, MUTED, anchor="rm")
    y = 74
    for line in lines:
        mid = y + ROW / 2 - 3
        draw_text(d, (40, mid), str(line.place), 16, GOLD if line.place <= 3 else INK, anchor="rm")
        draw_name(d, (52, mid), _fit(line.team, 15, WIDTH - 230), 15, INK, anchor="lm")
        if alone:
            draw_text(d, (WIDTH - 20, mid), f"{line.points:+d}", 16, INK, anchor="rm")
        else:
            draw_text(d, (WIDTH - 150, mid), str(line.points), 16, INK, anchor="rm")
            draw_text(d, (WIDTH - 85, mid), str(line.buchholz), 14, MUTED, anchor="rm")
            draw_text(d, (WIDTH - 20, mid), f"{line.level_diff:+d}", 14, MUTED, anchor="rm")
        y += ROW
    return encode_png(im)


def render_standings(
    lines: Sequence[StandingLine],
    title: str,
    round_no: int,
    lang: str = "en",
    *,
    kind: str = "teams",
) -> bytes:
    """The standings after ``round_no`` finished rounds, best first. ``kind``:
    ``teams`` (match points, Buchholz, levels), ``imps`` (duplicate: IMPs last) or
    ``alone`` (a 找朋友 event's players, scored by the levels they gained)."""
    ls, lg = tuple(lines), lang_of(lang)
    key = ("standings", ls, title, round_no, lg, kind)
    return CACHE.get(key, lambda: _draw(ls, title, round_no, lg, kind))
