"""Laying cards out: overlapped fans that wrap into rows, and small chips."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.pictures.draw import FADE_ALPHA, RGB, draw_text, font_for, note, put
from bot.pictures.faces import PLAIN, FaceStyle, card_face, card_height
from rules.cards import Card

_FADE = [round(v * FADE_ALPHA) for v in range(256)]


def fan_rows(
    n: int, max_width: int, card_w: int, step: int, min_step: int
) -> list[tuple[int, float]]:
    """(cards, step) per row: one row while the cards fit at ``min_step``, else
    as few rows as needed with the cards spread evenly."""
    if n <= 0:
        return []
    per_row = max(1, (max_width - card_w) // min_step + 1)
    rows = math.ceil(n / per_row)
    base, extra = divmod(n, rows)
    out = []
    for r in range(rows):
        k = base + (1 if r < extra else 0)
        s = step if k <= 1 else min(step, (max_width - card_w) / (k - 1))
        out.append((k, s))
    return out


def fan_size(
    n: int, max_width: int, card_w: int, step: int, min_step: int, row_dy: int
) -> tuple[int, int]:
    rows = fan_rows(n, max_width, card_w, step, min_step)
    if not rows:
        return (0, 0)
    width = max(round(card_w + (k - 1) * s) for k, s in rows)
    return width, card_height(card_w) + (len(rows) - 1) * row_dy


def paste_fan(
    canvas: Image.Image,
    cards: Sequence[Card],
    centre: tuple[float, float],
    card_w: int,
    max_width: int,
    *,
    step: int,
    min_step: int,
    row_dy: int,
    faded: bool = False,
    style: FaceStyle = PLAIN,
) -> tuple[int, int, int, int]:
    """Paste ``cards`` as a fan centred on ``centre``; return its bounding box."""
    rows = fan_rows(len(cards), max_width, card_w, step, min_step)
    w, h = fan_size(len(cards), max_width, card_w, step, min_step, row_dy)
    x0, y0 = round(centre[0] - w / 2), round(centre[1] - h / 2)
    # A faded fan is laid out opaque on its own layer, then faded as a whole, so
    # overlapped cards do not show through each other.
    target = Image.new("RGBA", (w, h), (0, 0, 0, 0)) if faded else canvas
    ox, oy = (0, 0) if faded else (x0, y0)
    if cards:
        note("card", card_w)
    i = 0
    for r, (k, s) in enumerate(rows):
        rx = (w - (card_w + (k - 1) * s)) / 2
        for j in range(k):
            put(
                target,
                card_face(cards[i], card_w, style),
                (ox + round(rx + j * s), oy + r * row_dy),
            )
            i += 1
    if faded:
        target.putalpha(target.getchannel("A").point(_FADE))
        put(canvas, target, (x0, y0))
    return (x0, y0, x0 + w, y0 + h)


def chip(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int,
    fill: RGB,
    ink: RGB,
    anchor: str = "mm",
    pad: int = 5,
) -> tuple[int, int, int, int]:
    """Text on a rounded pill; ``anchor`` places the pill like text."""
    f = font_for(label, size)
    tw = f.getlength(label)
    w, h = tw + 2 * pad, size + pad + 2
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h / 2
    elif anchor[1] == "b":
        y -= h
    box = (round(x), round(y), round(x + w), round(y + h))
    d.rounded_rectangle(box, radius=h / 2, fill=fill)
    draw_text(d, (x + w / 2, y + h / 2), label, size, ink, anchor="mm")
    return box
