"""找朋友 tables (5 to 10 seats) in the table picture: the seats round an ellipse in
turn order (``ring_badge``), each seat's cards in front of its badge
(``ring_fan_centre``), the chips beside a badge (its level, the dealer, AUTO:
``ring_chips``) clear of the corner boxes, the badges and each other, and the badges
themselves, in the dealer's team's colour with their chips (``draw_ring_badge``).
``bot.pictures.table`` draws the rest and puts the picture together (``draw_ring``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from bot.pictures.draw import (
    FELT_DARK,
    GOLD,
    INK,
    TEAM_COLOURS,
    TURN_RING,
    WHITE,
    draw_text,
    text_width,
)
from bot.pictures.layout import chip
from bot.pictures.table_scene import BADGE_R, HEIGHT, LABEL, WIDTH, TableScene
from bot.pictures.words import word
from rules.cards import rank_name

RING_CX, RING_CY = WIDTH / 2, HEIGHT / 2 + 6
RING_RX, RING_RY = 296, 184  # badge ellipse: clear of the corner boxes


def ring_badge(seat: int, players: int) -> tuple[float, float]:
    """Seat 1 at the top (with an even count, just right of the top, so two seats
    share the top and the corner boxes stay clear), then clockwise in turn order."""
    half = math.pi / players if players % 2 == 0 else 0.0
    angle = -math.pi / 2 + half + 2 * math.pi * seat / players
    return (RING_CX + RING_RX * math.cos(angle), RING_CY + RING_RY * math.sin(angle))


def ring_fan_max(players: int) -> int:
    return 200 if players <= 6 else 150 if players <= 8 else 118


def _inward(seat: int, players: int) -> tuple[float, float]:
    """Unit vector from a seat's badge towards the middle of the table."""
    bx, by = ring_badge(seat, players)
    dx, dy = RING_CX - bx, RING_CY - by
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def ring_fan_centre(seat: int, players: int, size: tuple[int, int] = (0, 0)) -> tuple[float, float]:
    """A seat's cards right beside its badge, on the side towards the middle, and
    straight in front of it: a seat above or below the middle has its cards under or
    over its badge (the box spans the badge's x), a seat at a side has them level
    with it. Towards the middle alone, a ten-seat table's cards slid sideways: seat
    1's went left and seat 2's sat between seats 1 and 2."""
    bx, by = ring_badge(seat, players)
    ux, uy = _inward(seat, players)
    w, h = size
    reach = BADGE_R + 10 + abs(ux) * w / 2 + abs(uy) * h / 2
    cx, cy = bx + ux * reach, by + uy * reach
    upright = abs(uy) >= abs(ux)
    if upright:  # keep the badge's x inside the box, 10 px in from its edge
        m = min(10, w / 2)
        cx = min(max(cx, bx - w / 2 + m), bx + w / 2 - m)
    else:
        m = min(10, h / 2)
        cy = min(max(cy, by - h / 2 + m), by + h / 2 - m)
    # Sliding along the badge's axis may bring a corner onto the badge: move the
    # box further in (straight, so it stays in front) until it clears it.
    ax, ay = (0.0, math.copysign(1, uy)) if upright else (math.copysign(1, ux), 0.0)
    while _box_gap((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), (bx, by)) < BADGE_R + 8:
        cx, cy = cx + 2 * ax, cy + 2 * ay
    return (cx, cy)


def _box_gap(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    """Distance from a point to a box (0 inside it)."""
    x0, y0, x1, y1 = box
    px, py = point
    return math.hypot(max(x0 - px, 0, px - x1), max(y0 - py, 0, py - y1))


CHIP_PAD = 3


@dataclass(frozen=True, slots=True)
class RingChip:
    """A chip beside a seat's badge: its level ("打5", "Lv 5"), the dealer or AUTO."""

    seat: int
    kind: str  # "level", "dealer" or "auto"
    label: str
    centre: tuple[float, float]


# The corner boxes of the ring picture (trump and level, points, hand number): chips
# keep clear of them.
CORNER_BOXES = (
    (10, 10, 190, 100),
    (WIDTH - 170, 10, WIDTH - 10, 100),
    (WIDTH - 170, HEIGHT - 56, WIDTH - 10, HEIGHT - 12),
)


def ring_chips(sc: TableScene) -> list[RingChip]:
    """The chips round each badge, along the ring (not over the cards, which lie
    towards the middle): the level on one side (with its label: a bare rank read as
    a card), the dealer on the other, AUTO behind. Each sits clear of its badge
    however long its word; one that would cover a corner box, a badge or another
    chip takes the next side free."""
    badges = [ring_badge(s, sc.players) for s in range(sc.players)]
    taken: list[tuple[float, float, float, float]] = []

    def clear(box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 8 or y0 < 8 or x1 > WIDTH - 8 or y1 > HEIGHT - 8:
            return False
        if any(_overlaps(box, other) for other in (*CORNER_BOXES, *taken)):
            return False
        return all(_box_gap(box, b) > BADGE_R + 1 for b in badges)

    out = []
    for seat in range(sc.players):
        cx, cy = badges[seat]
        ux, uy = _inward(seat, sc.players)
        tx, ty = -uy, ux
        sides = {
            "level": ((tx, ty), (-ux, -uy), (-tx, -ty)),
            "dealer": ((-tx, -ty), (-ux, -uy), (tx, ty)),
        }
        sides["auto"] = ((-ux, -uy), (-tx, -ty), (tx, ty))
        chips = []
        if seat < len(sc.levels):
            chips.append(("level", word(sc.lang, "seat_level", level=rank_name(sc.levels[seat]))))
        if sc.dealer == seat:
            chips.append(("dealer", word(sc.lang, "dealer")))
        if seat in sc.auto:
            chips.append(("auto", word(sc.lang, "auto")))
        for kind, label in chips:
            w, h = text_width(label, LABEL) + 2 * CHIP_PAD, LABEL + CHIP_PAD + 2
            boxes = []
            for vx, vy in sides[kind]:
                reach = BADGE_R + 4 + abs(vx) * w / 2 + abs(vy) * h / 2
                x, y = cx + vx * reach, cy + vy * reach
                boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
            box = next((b for b in boxes if clear(b)), boxes[0])
            taken.append(box)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            out.append(RingChip(seat, kind, label, centre))
    return out


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ---- a seat's badge ------------------------------------------------------------------------
NO_TEAM = (112, 120, 128)  # a seat not (yet) known to be on the dealer's team


def draw_ring_badge(d: ImageDraw.ImageDraw, seat: int, sc: TableScene) -> None:
    cx, cy = ring_badge(seat, sc.players)
    if sc.turn == seat:
        r = BADGE_R + 6
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TURN_RING)
    r = BADGE_R
    fill = TEAM_COLOURS[0] if seat in sc.team else NO_TEAM
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=WHITE, width=2)
    draw_text(d, (cx, cy + 1), str(seat + 1), LABEL, WHITE, anchor="mm")
    colours = {"level": (FELT_DARK, WHITE), "dealer": (GOLD, INK), "auto": (WHITE, INK)}
    for c in ring_chips(sc):
        if c.seat == seat:
            fill, ink = colours[c.kind]
            chip(d, c.centre, c.label, LABEL, fill, ink, pad=CHIP_PAD)
