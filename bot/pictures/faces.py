"""The 54 card faces, drawn by our own code: corner index (rank + pip) in both
corners, a large pip in the middle, a framed letter for J/Q/K and a star for the
jokers (big joker in colour, small joker in black, as Chinese decks print them).

``card_face`` is cached per (card, width): a table or hand picture only pastes
ready faces. ``emoji_png`` draws the square, big-index variant used for Discord
emojis, which show at 22 px inline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.draw import (
    BIG_JOKER_TINT,
    BLACK,
    BORDER,
    FACE_TINT,
    GOLD,
    RED,
    SUPERSAMPLE,
    draw_pip,
    draw_text,
    encode_png,
    font,
    star_points,
    suit_colour,
)
from bot.text.i18n import text
from rules.cards import Card, rank_name

CARD_RATIO = 1.4
EMOJI_SIZE = 128


@dataclass(frozen=True, slots=True)
class FaceStyle:
    """How faces are drawn: the language of the joker corners (大王 / 小王, BJ /
    LJ) and the four-colour deck (♣ green, ♦ blue; off: the usual two colours)."""

    lang: str = "en"
    four_colour: bool = False


PLAIN = FaceStyle()


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def _colour(card: Card, style: FaceStyle = PLAIN) -> tuple[int, int, int]:
    if card == Card.BJ:
        return RED
    if card == Card.LJ:
        return BLACK
    assert card.suit is not None
    return suit_colour(card.suit, style.four_colour)


def _corner(d: ImageDraw.ImageDraw, card: Card, w: float, h: float, style: FaceStyle) -> None:
    """Rank over a large pip in the top-left corner, so the suit reads on an
    overlapped card; jokers: BJ / LJ (大王 / 小王, as the notation writes them)
    down the corner."""
    colour = _colour(card, style)
    cx = w * 0.19
    if card.is_joker:
        label = text(style.lang, "pic.bj_corner" if card == Card.BJ else "pic.lj_corner")
        size = round(w * (0.26 if len(label) <= 2 else 0.15))
        for i, ch in enumerate(label):
            y = h * 0.04 + i * size * 1.05
            draw_text(d, (cx, y), ch, size, colour, anchor="mt", measure=False)
        return
    assert card.suit is not None
    label = rank_name(card.rank)
    size = round(w * (0.27 if label == "10" else 0.32))
    # "10" is drawn narrower (squeezed) so the corner stays inside the visible strip.
    draw_text(d, (cx, h * 0.035), label, size, colour, anchor="mt", measure=False)
    draw_pip(d, card.suit, cx, h * 0.035 + w * 0.32 + w * 0.165, w * 0.16, colour)


def _centre(d: ImageDraw.ImageDraw, card: Card, w: float, h: float, style: FaceStyle) -> None:
    cx, cy = w / 2, h / 2
    colour = _colour(card, style)
    if card.is_joker:
        if card == Card.BJ:
            d.polygon(star_points(cx, cy, w * 0.36), fill=(*GOLD, 255))
            d.polygon(star_points(cx, cy, w * 0.27), fill=(*RED, 255))
        else:
            d.polygon(star_points(cx, cy, w * 0.34), fill=(*BLACK, 255))
            d.polygon(star_points(cx, cy, w * 0.17), fill=(255, 255, 255, 255))
        return
    assert card.suit is not None
    if card.rank in (11, 12, 13):
        box = (w * 0.3, h * 0.2, w * 0.7, h * 0.8)
        d.rounded_rectangle(
            box,
            radius=w * 0.05,
            fill=(*FACE_TINT, 255),
            outline=colour,
            width=max(1, round(w * 0.025)),
        )
        draw_text(d, (cx, cy - h * 0.02), rank_name(card.rank), round(w * 0.3), colour, "mb", False)
        draw_pip(d, card.suit, cx, cy + h * 0.12, w * 0.1, colour)
        return
    r = w * (0.25 if card.rank == 14 else 0.19)
    draw_pip(d, card.suit, cx, cy, r, colour)


@lru_cache(maxsize=512)
def card_face(card: Card, width: int, style: FaceStyle = PLAIN) -> Image.Image:
    """The face of ``card`` at ``width`` px (RGBA, transparent rounded corners).
    Callers must not modify the returned image: it is shared."""
    s = SUPERSAMPLE
    w, h = width * s, card_height(width) * s
    tint = BIG_JOKER_TINT if card == Card.BJ else (255, 255, 255)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=w * 0.09, fill=(*tint, 255), outline=BORDER, width=s
    )
    _corner(d, card, w, h, style)
    im = im.rotate(180)
    d = ImageDraw.Draw(im)
    _corner(d, card, w, h, style)
    _centre(d, card, w, h, style)
    return im.resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _emoji_image(card: Card) -> Image.Image:
    s = 2
    n = EMOJI_SIZE * s
    im = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    tint = BIG_JOKER_TINT if card == Card.BJ else (255, 255, 255)
    left, right = n * 0.1, n * 0.9
    d.rounded_rectangle(
        (left, 2 * s, right, n - 2 * s),
        radius=n * 0.12,
        fill=(*tint, 255),
        outline=BORDER,
        width=3 * s,
    )
    colour = _colour(card)
    cx = n / 2
    if card.is_joker:
        big = card == Card.BJ
        d.polygon(star_points(cx, n * 0.52, n * 0.4), fill=(*(GOLD if big else BLACK), 255))
        inner = star_points(cx, n * 0.52, n * (0.3 if big else 0.2))
        d.polygon(inner, fill=(*(RED if big else (255, 255, 255)), 255))
        return im.resize((EMOJI_SIZE, EMOJI_SIZE), Image.Resampling.LANCZOS)
    assert card.suit is not None
    label = rank_name(card.rank)
    size = round(n * (0.44 if label == "10" else 0.5))
    # Rank on top, pip below: both as large as the square allows, for 22 px inline.
    # Baseline-anchored, so J's descender stays clear of the pip.
    base = n * (0.44 if label == "J" else 0.49)
    d.text((cx, base), label, font=font(size), fill=colour, anchor="ms")
    draw_pip(d, card.suit, cx, n * 0.75, n * 0.19, colour)
    return im.resize((EMOJI_SIZE, EMOJI_SIZE), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def emoji_png(card: Card) -> bytes:
    """A 128×128 PNG of ``card`` for a Discord application emoji."""
    return encode_png(_emoji_image(Card(card)))


def emoji_name(card: Card) -> str:
    """The emoji's name: ``sj_`` + the ASCII notation (``sj_SA``, ``sj_H10``, ``sj_BJ``)."""
    return f"sj_{Card(card).name}"
