"""``/progress`` as a chart: both teams' levels hand by hand (at 找朋友 every
seat's own level, a line per seat), take-overs (the attackers win and become the
dealers) and captured kitties marked.

An opaque light card with dark ink and saturated team colours: readable on
Discord's dark and light themes alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    GOLD,
    GRID,
    INK,
    MUTED,
    PANEL,
    RGB,
    TEAM_COLOURS,
    draw_text,
    encode_png,
    text_width,
)
from bot.pictures.words import lang_of, word
from rules.cards import rank_name
from rules.progress import HandProgress

# 480 wide: Discord shows it nearly full size, so 13 px words stay >= 12 px.
WIDTH, HEIGHT = 480, 320
SMALL = 13  # the smallest words drawn
LEFT, RIGHT, TOP, BOTTOM = 68, 20, 46, 54


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


def _frame(
    d: ImageDraw.ImageDraw,
    progress: Sequence[HandProgress],
    axis: Sequence[int],
    top: int,
    height: int,
    lang: str,
    dealer_mark: Callable[[int], tuple[str, RGB]],
) -> tuple[list[float], Callable[[int], float]]:
    """The plot's grid (a row per level of ``axis``) and, under it, each hand's
    number and who dealt it (``dealer_mark``: its label and colour). Returns the
    x of every hand boundary and the y of a level."""
    n = len(progress)
    pw, ph = WIDTH - LEFT - RIGHT, height - top - BOTTOM
    xs = [LEFT + (pw * i / max(1, n)) for i in range(n + 1)]

    def y_of(level: int) -> float:
        i = axis.index(level)
        return top + ph - (ph * i / max(1, len(axis) - 1))

    for lv in axis:
        y = y_of(lv)
        d.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=1)
        draw_text(d, (LEFT - 10, y), rank_name(lv), 13, INK, anchor="rm")
    tick_every = max(1, (n + 11) // 12)
    for i, x in enumerate(xs):
        if i > 0 and (i % tick_every == 0 or i == n):  # the hand and who dealt it
            label, colour = dealer_mark(progress[i - 1].dealer)
            draw_text(d, (x, height - BOTTOM + 14), str(i), SMALL, MUTED, anchor="mt")
            draw_text(d, (x, height - BOTTOM + 32), label, SMALL, colour, anchor="mt")
    draw_text(
        d, (LEFT - 10, height - BOTTOM + 14), word(lang, "axis.hand"), SMALL, MUTED, anchor="rt"
    )
    draw_text(
        d, (LEFT - 10, height - BOTTOM + 32), word(lang, "axis.dealer"), SMALL, MUTED, anchor="rt"
    )
    return xs, y_of


def _draw(progress: tuple[HandProgress, ...], levels: tuple[int, ...], lang: str = "en") -> bytes:
    if any(p.per_seat for p in progress):
        return _draw_seats(progress, levels, lang)
    im = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    d = ImageDraw.Draw(im)
    xs, y_of = _frame(
        d,
        progress,
        _level_axis(progress, levels),
        TOP,
        HEIGHT,
        lang,
        lambda dealer: (word(lang, f"seat{dealer}"), TEAM_COLOURS[dealer % 2]),
    )
    # Legend.
    x: float = LEFT
    for team in (0, 1):
        d.line((x, 20, x + 22, 20), fill=TEAM_COLOURS[team], width=4)
        name = word(lang, f"team{team}")
        draw_text(d, (x + 28, 20), name, SMALL, INK, anchor="lm")
        x += 28 + text_width(name, SMALL) + 20
    d.polygon([(x, 26), (x + 12, 26), (x + 6, 14)], fill=INK)
    takeover = word(lang, "takeover")
    draw_text(d, (x + 18, 20), takeover, SMALL, INK, anchor="lm")
    x += 18 + text_width(takeover, SMALL) + 18
    d.rectangle((x, 14, x + 11, 25), fill=GOLD, outline=INK)
    draw_text(d, (x + 18, 20), word(lang, "kitty_captured"), SMALL, INK, anchor="lm")
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


# 找朋友: a colour per seat (up to ten), distinct on the light card. Not in the
# shared palette of the other pictures, so this chart gets its own (``_encode``).
SEAT_COLOURS: tuple[RGB, ...] = (
    TEAM_COLOURS[0],
    TEAM_COLOURS[1],
    (40, 150, 70),
    (200, 30, 60),
    (130, 70, 190),
    (130, 90, 50),
    (215, 80, 170),
    (20, 160, 180),
    (150, 150, 20),
    (90, 94, 100),
)
SEATS_TOP = TOP + 28  # a second legend row and the strip of take-over/kitty marks


def _encode_seats(im: Image.Image) -> bytes:
    """Up to ten line colours the shared palette does not hold: an adaptive palette
    (flat colours plus their anti-aliased edges fit 256 colours)."""
    return encode_png(im.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))


def _seat_levels(p: HandProgress, seat: int, before: bool) -> int | None:
    levels = p.levels_before if before else p.levels_after
    return levels[seat] if seat < len(levels) and p.per_seat else None


MARK_GAP = 7  # px between the markers of seats at the same level


def _seat_points(
    progress: Sequence[HandProgress],
    seats: int,
    xs: Sequence[float],
    y_of: Callable[[int], float],
) -> list[list[tuple[float, float, float]]]:
    """Per seat: (x, y of its level, marker's x offset) at the start and after
    each hand; seats sharing a level at one x get markers ``MARK_GAP`` apart."""
    out: list[list[tuple[float, float, float]]] = [[] for _ in range(seats)]
    columns = [(xs[0], progress[0], True)] + [(xs[i + 1], p, False) for i, p in enumerate(progress)]
    for x, p, before in columns:
        at: dict[int, list[int]] = {}
        for seat in range(seats):
            level = _seat_levels(p, seat, before)
            if level is not None:
                at.setdefault(level, []).append(seat)
        for level, group in at.items():
            for k, seat in enumerate(group):
                dx = (k - (len(group) - 1) / 2) * MARK_GAP
                out[seat].append((x, y_of(level), dx))
    return out


def _draw_seats(progress: tuple[HandProgress, ...], levels: tuple[int, ...], lang: str) -> bytes:
    """找朋友: every seat's own level, a numbered line per seat (seat numbers, as on
    the table picture); take-overs and captured kitties in a strip above the plot,
    the dealer of each hand under it."""
    seats = max(len(p.levels_after) for p in progress if p.per_seat)
    height = HEIGHT + SEATS_TOP - TOP
    im = Image.new("RGB", (WIDTH, height), PANEL)
    d = ImageDraw.Draw(im)
    xs, y_of = _frame(
        d,
        progress,
        _level_axis(progress, levels),
        SEATS_TOP,
        height,
        lang,
        lambda dealer: (str(dealer + 1), SEAT_COLOURS[dealer % len(SEAT_COLOURS)]),
    )
    # Legend: the seats, then the marks.
    step = min(56, (WIDTH - LEFT - RIGHT) // seats)
    for seat in range(seats):
        x: float = LEFT + seat * step
        d.line((x, 18, x + 14, 18), fill=SEAT_COLOURS[seat % len(SEAT_COLOURS)], width=4)
        draw_text(d, (x + 18, 18), str(seat + 1), SMALL, INK, anchor="lm")
    x = LEFT
    d.polygon([(x, 44), (x + 12, 44), (x + 6, 32)], fill=INK)
    takeover = word(lang, "takeover")
    draw_text(d, (x + 18, 38), takeover, SMALL, INK, anchor="lm")
    x += 18 + text_width(takeover, SMALL) + 18
    d.rectangle((x, 32, x + 11, 43), fill=GOLD, outline=INK)
    draw_text(d, (x + 18, 38), word(lang, "kitty_captured"), SMALL, INK, anchor="lm")
    # Every line at its seat's true level (no nudging: a level never reads as 4.2);
    # where seats share a level after a hand, their markers sit side by side.
    points = _seat_points(progress, seats, xs, y_of)
    for seat in range(seats):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        pts = [(x, y) for x, y, _ in points[seat]]
        if len(pts) > 1:
            d.line(pts, fill=colour, width=3, joint="curve")
    for seat in range(seats):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        for px, py, dx in points[seat]:
            cx = px + dx
            d.ellipse((cx - 4, py - 4, cx + 4, py + 4), fill=colour, outline=PANEL)
    strip = SEATS_TOP - 10
    for i, p in enumerate(progress):
        both = p.winner == "attackers" and p.kitty_multiplier > 0
        x = xs[i + 1] - (7 if both else 0)
        if p.winner == "attackers":
            d.polygon([(x - 6, strip + 4), (x + 6, strip + 4), (x, strip - 7)], fill=INK)
            x += 14
        if p.kitty_multiplier > 0:
            d.rectangle((x - 5, strip - 6, x + 5, strip + 4), fill=GOLD, outline=INK)
    return _encode_seats(im)


def render_progress(
    progress: Sequence[HandProgress],
    levels: Sequence[int] = tuple(range(2, 15)),
    lang: str = "en",
) -> bytes:
    """PNG chart of a match (``Stats.level_progress``); ``levels`` is the climb's
    order (``RuleSet.levels``) so that e.g. A-first climbs draw right; ``lang``: the
    language of the words drawn. Hands with a level per seat (找朋友) draw a line
    per seat instead of two teams."""
    prog, lv, lg = tuple(progress), tuple(levels), lang_of(lang)
    return CACHE.get(("progress", prog, lv, lg), lambda: _draw(prog, lv, lg))
