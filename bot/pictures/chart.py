"""``/progress`` as a chart: both teams' levels hand by hand, take-overs (the
attackers win and become the dealers) and captured kitties marked.

An opaque light card with dark ink and saturated team colours: readable on
Discord's dark and light themes alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    GOLD,
    GRID,
    INK,
    MUTED,
    PANEL,
    TEAM_COLOURS,
    draw_text,
    encode_png,
    text_width,
)
from bot.pictures.words import lang_of, word
from rules.cards import rank_name
from storage.stats import HandProgress

WIDTH, HEIGHT = 640, 340
LEFT, RIGHT, TOP, BOTTOM = 52, 20, 46, 50


def _level_axis(progress: Sequence[HandProgress], levels: Sequence[int]) -> list[int]:
    """The climb's ranks in order, limited to the span the match reached (plus one)."""
    order = list(levels)
    seen = {lv for p in progress for lv in (*p.levels_before, *p.levels_after)}
    for lv in sorted(seen - set(order)):  # a rank outside the climb still gets a row
        order.append(lv)
    if not seen:
        return order[:2]
    idx = [order.index(lv) for lv in seen]
    lo, hi = min(idx), min(len(order) - 1, max(idx) + 1)
    return order[lo : hi + 1]


def _draw(progress: tuple[HandProgress, ...], levels: tuple[int, ...], lang: str = "en") -> bytes:
    im = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    d = ImageDraw.Draw(im)
    axis = _level_axis(progress, levels)
    n = len(progress)
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    xs = [LEFT + (pw * i / max(1, n)) for i in range(n + 1)]

    def y_of(level: int) -> float:
        i = axis.index(level)
        return TOP + ph - (ph * i / max(1, len(axis) - 1))

    for lv in axis:
        y = y_of(lv)
        d.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=1)
        draw_text(d, (LEFT - 10, y), rank_name(lv), 13, INK, anchor="rm")
    tick_every = max(1, (n + 11) // 12)
    for i, x in enumerate(xs):
        if i > 0 and (i % tick_every == 0 or i == n):  # the hand and who dealt it
            dealer = progress[i - 1].dealer
            draw_text(d, (x, HEIGHT - BOTTOM + 12), str(i), 11, MUTED, anchor="mt")
            draw_text(
                d,
                (x, HEIGHT - BOTTOM + 26),
                word(lang, f"seat{dealer}"),
                11,
                TEAM_COLOURS[dealer % 2],
                anchor="mt",
            )
    draw_text(d, (LEFT - 10, HEIGHT - BOTTOM + 12), word(lang, "axis.hand"), 10, MUTED, anchor="rt")
    draw_text(
        d, (LEFT - 10, HEIGHT - BOTTOM + 26), word(lang, "axis.dealer"), 10, MUTED, anchor="rt"
    )
    # Legend.
    x = LEFT
    for team in (0, 1):
        d.line((x, 20, x + 22, 20), fill=TEAM_COLOURS[team], width=4)
        name = word(lang, f"team{team}")
        draw_text(d, (x + 28, 20), name, 13, INK, anchor="lm")
        x += max(90, 28 + text_width(name, 13) + 24)
    d.polygon([(x, 26), (x + 12, 26), (x + 6, 14)], fill=INK)
    takeover = word(lang, "takeover")
    draw_text(d, (x + 18, 20), takeover, 12, INK, anchor="lm")
    x += max(104, 18 + text_width(takeover, 12) + 16)
    d.rectangle((x, 14, x + 11, 25), fill=GOLD, outline=INK)
    draw_text(d, (x + 18, 20), word(lang, "kitty_captured"), 12, INK, anchor="lm")
    if not progress:
        draw_text(d, (WIDTH / 2, HEIGHT / 2), word(lang, "no_hands"), 16, MUTED, anchor="mm")
        return encode_png(im)
    for team in (0, 1):
        pts = [(xs[0], y_of(progress[0].levels_before[team]))]
        pts += [(xs[i + 1], y_of(p.levels_after[team])) for i, p in enumerate(progress)]
        offset = -2 if team == 0 else 2  # equal levels: both lines stay visible
        pts = [(px, py + offset) for px, py in pts]
        d.line(pts, fill=TEAM_COLOURS[team], width=4, joint="curve")
        for px, py in pts:
            d.ellipse((px - 4, py - 4, px + 4, py + 4), fill=TEAM_COLOURS[team], outline=PANEL)
    for i, p in enumerate(progress):
        attackers = 1 - p.dealer % 2
        x = xs[i + 1]
        y = y_of(p.levels_after[attackers]) + (-2 if attackers == 0 else 2)
        top = y - 8
        if p.winner == "attackers":
            d.polygon(
                [(x - 8, top), (x + 8, top), (x, top - 13)],
                fill=TEAM_COLOURS[attackers],
                outline=INK,
            )
            top -= 16
        if p.kitty_multiplier > 0:  # stacked above the take-over mark
            d.rectangle((x - 6, top - 12, x + 6, top), fill=GOLD, outline=INK)
    return encode_png(im)


def render_progress(
    progress: Sequence[HandProgress],
    levels: Sequence[int] = tuple(range(2, 15)),
    lang: str = "en",
) -> bytes:
    """PNG chart of a match (``Stats.level_progress``); ``levels`` is the climb's
    order (``RuleSet.levels``) so that e.g. A-first climbs draw right; ``lang``: the
    language of the words drawn."""
    prog, lv, lg = tuple(progress), tuple(levels), lang_of(lang)
    return CACHE.get(("progress", prog, lv, lg), lambda: _draw(prog, lv, lg))
