"""Drawing primitives shared by every picture: the bundled font, suit pips as
shapes, colours, and PNG encoding.

Pips are polygons and circles, not font glyphs, so they look the same on every
machine; text uses the DejaVu Sans Bold file shipped in ``fonts/`` (licence
beside it), never a system font.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"
# Words in Chinese: a subset of Noto Sans CJK SC Bold with only the glyphs the
# pictures use (``fonts/subset.py`` rebuilds it; licence beside it).
CJK_FONT_PATH = Path(__file__).with_name("fonts") / "NotoSansCJKsc-Bold-subset.otf"
CJK_MIN_SIZE = 11  # Chinese below this is a smudge

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

RED: RGB = (200, 24, 40)
# The four-colour deck (as on the web table): clubs green, diamonds blue.
GREEN: RGB = (18, 128, 58)
BLUE: RGB = (24, 88, 200)
BLACK: RGB = (26, 26, 30)
GOLD: RGB = (232, 178, 36)
WHITE: RGB = (255, 255, 255)
FELT: RGB = (22, 96, 62)
FELT_DARK: RGB = (14, 66, 43)
PANEL: RGB = (246, 244, 236)
INK: RGB = (34, 36, 40)
MUTED: RGB = (110, 114, 120)
TEAM_COLOURS: tuple[RGB, RGB] = ((52, 110, 210), (222, 110, 30))  # N/S, E/W
SOFT: RGB = (200, 225, 210)  # captions on the felt
GRID: RGB = (218, 216, 206)
TURN_RING: RGB = (255, 214, 64)
BORDER: RGB = (150, 150, 156)
FACE_TINT: RGB = (252, 240, 208)
BIG_JOKER_TINT: RGB = (255, 246, 222)
FADE_ALPHA = 0.5  # the last trick, drawn over the felt

# Suits by ``rules.cards.Suit`` value; "star" stands for the jokers.
SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
STAR = 4
SUPERSAMPLE = 4


# What a picture drew, for the readability test: ("text", font px, the words) and
# ("card", card width px, ""), appended while ``measuring()`` is active.
Drawn = tuple[str, int, str]
_RECORDERS: list[list[Drawn]] = []


@contextmanager
def measuring() -> Iterator[list[Drawn]]:
    """Record the text sizes and card widths drawn inside the ``with``."""
    rec: list[Drawn] = []
    _RECORDERS.append(rec)
    try:
        yield rec
    finally:
        _RECORDERS.remove(rec)


def note(kind: str, size: int, what: str = "") -> None:
    if _RECORDERS:
        _RECORDERS[-1].append((kind, size, what))


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


@lru_cache(maxsize=64)
def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(CJK_FONT_PATH), size)


def is_cjk(txt: str) -> bool:
    """Has a CJK ideograph or CJK/full-width punctuation (drawn with the CJK font)."""
    return any(
        0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
        for o in map(ord, txt)
    )


def font_for(txt: str, size: int) -> ImageFont.FreeTypeFont:
    """DejaVu for Latin text, the CJK subset (at least ``CJK_MIN_SIZE``) for Chinese."""
    return cjk_font(max(size, CJK_MIN_SIZE)) if is_cjk(txt) else font(size)


def suit_colour(suit: int, four_colour: bool = False) -> RGB:
    if four_colour and suit in (CLUBS, DIAMONDS):
        return GREEN if suit == CLUBS else BLUE
    return RED if suit in (HEARTS, DIAMONDS) else BLACK


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGBA) -> None:
    lobe = r * 0.52
    for sx in (-1, 1):
        d.ellipse(
            (
                cx + sx * r * 0.46 - lobe,
                cy - r * 0.42 - lobe,
                cx + sx * r * 0.46 + lobe,
                cy - r * 0.42 + lobe,
            ),
            fill=fill,
        )
    d.polygon(
        [(cx - r * 0.97, cy - r * 0.28), (cx + r * 0.97, cy - r * 0.28), (cx, cy + r * 0.98)],
        fill=fill,
    )


def _spade(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGBA) -> None:
    lobe = r * 0.48
    for sx in (-1, 1):
        d.ellipse(
            (
                cx + sx * r * 0.44 - lobe,
                cy + r * 0.12 - lobe,
                cx + sx * r * 0.44 + lobe,
                cy + r * 0.12 + lobe,
            ),
            fill=fill,
        )
    d.polygon(
        [(cx - r * 0.9, cy - r * 0.02), (cx + r * 0.9, cy - r * 0.02), (cx, cy - r)], fill=fill
    )
    d.polygon([(cx, cy + r * 0.1), (cx + r * 0.34, cy + r), (cx - r * 0.34, cy + r)], fill=fill)


def _club(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGBA) -> None:
    lobe = r * 0.4
    for ox, oy in ((0.0, -0.5), (-0.5, 0.12), (0.5, 0.12)):
        x, y = cx + ox * r, cy + oy * r
        d.ellipse((x - lobe, y - lobe, x + lobe, y + lobe), fill=fill)
    d.polygon(
        [(cx - r * 0.2, cy - r * 0.2), (cx + r * 0.2, cy - r * 0.2), (cx, cy + r * 0.3)], fill=fill
    )
    d.polygon([(cx, cy - r * 0.05), (cx + r * 0.32, cy + r), (cx - r * 0.32, cy + r)], fill=fill)


def _diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGBA) -> None:
    d.polygon([(cx, cy - r), (cx + r * 0.74, cy), (cx, cy + r), (cx - r * 0.74, cy)], fill=fill)


def star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGBA) -> None:
    d.polygon(star_points(cx, cy + r * 0.06, r), fill=fill)


_SHAPES = {SPADES: _spade, HEARTS: _heart, CLUBS: _club, DIAMONDS: _diamond, STAR: _star}


def draw_pip(
    d: ImageDraw.ImageDraw, suit: int, cx: float, cy: float, r: float, fill: RGB | RGBA
) -> None:
    """A suit pip (or the joker star) centred on (cx, cy), ``r`` half its height."""
    colour: RGBA = fill if len(fill) == 4 else (fill[0], fill[1], fill[2], 255)
    _SHAPES[suit](d, cx, cy, r, colour)


@lru_cache(maxsize=256)
def pip_image(suit: int, size: int, colour: RGB | None = None) -> Image.Image:
    """An anti-aliased pip of ``size`` px (drawn large, then scaled down)."""
    big = size * SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw_pip(ImageDraw.Draw(im), suit, big / 2, big / 2, big * 0.47, colour or suit_colour(suit))
    return im.resize((size, size), Image.Resampling.LANCZOS)


def put(canvas: Image.Image, im: Image.Image, xy: tuple[int, int]) -> None:
    """Draw RGBA ``im`` over ``canvas`` (RGB canvases: pictures are opaque, and
    skipping the RGBA → RGB conversion saves time on every render)."""
    if canvas.mode == "RGBA":
        canvas.alpha_composite(im, xy)
    else:
        canvas.paste(im, xy, im)


# Player names are not the pictures' own words: any script may turn up. They are
# drawn run by run with the first font that has each character — DejaVu, the
# system's full Noto Sans CJK when installed (Debian: fonts-noto-cjk), then the
# bundled subset — and a character none of them has (an emoji) is left out
# rather than drawn as a box.
SYSTEM_CJK_FONTS = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    Path("/usr/share/fonts/truetype/noto/NotoSansCJK-Bold.ttc"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
)
_NOT_A_CHAR = "\U0010fffd"  # never in a font: how a missing glyph (the box) looks


def _name_font_paths() -> tuple[Path, ...]:
    system = tuple(p for p in SYSTEM_CJK_FONTS if p.exists())[:1]
    return (FONT_PATH, *system, CJK_FONT_PATH)


@lru_cache(maxsize=16)
def _font_at(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@lru_cache(maxsize=4096)
def _has_glyph(path: Path, ch: str) -> bool:
    f = _font_at(path, 24)
    if ch.isspace():
        return True
    mask = f.getmask(ch)
    return mask.getbbox() is not None and bytes(mask) != bytes(f.getmask(_NOT_A_CHAR))


def name_runs(txt: str, size: int) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """``txt`` as (run, font) pieces, each run drawable by its font; characters no
    font has are dropped."""
    paths = _name_font_paths()
    runs: list[tuple[str, Path]] = []
    for ch in txt:
        path = next((p for p in paths if _has_glyph(p, ch)), None)
        if path is None:
            continue
        if runs and runs[-1][1] == path:
            runs[-1] = (runs[-1][0] + ch, path)
        else:
            runs.append((ch, path))
    return [
        (run, _font_at(p, max(size, CJK_MIN_SIZE) if p != FONT_PATH else size)) for run, p in runs
    ]


def name_width(txt: str, size: int) -> int:
    return math.ceil(sum(f.getlength(run) for run, f in name_runs(txt, size)))


def draw_name(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    txt: str,
    size: int,
    fill: RGB | RGBA,
    anchor: str = "lm",
) -> None:
    """A player's name, left-aligned (``l``) or right-aligned (``r``) at ``xy``, with
    the vertical anchor of ``anchor``'s second letter, like ``draw_text``."""
    runs = name_runs(txt, size)
    note("text", size, txt)
    x = xy[0] - (name_width(txt, size) if anchor[0] == "r" else 0)
    for run, f in runs:
        d.text((x, xy[1]), run, font=f, fill=fill, anchor="l" + anchor[1])
        x += f.getlength(run)


def paste_pip(
    canvas: Image.Image, suit: int, cx: float, cy: float, size: int, colour: RGB | None = None
) -> None:
    pip = pip_image(suit, size, colour)
    put(canvas, pip, (round(cx - size / 2), round(cy - size / 2)))


def text_width(txt: str, size: int) -> int:
    return math.ceil(font_for(txt, size).getlength(txt))


def draw_text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    txt: str,
    size: int,
    fill: RGB | RGBA,
    anchor: str = "la",
    measure: bool = True,
) -> None:
    """``measure=False``: text inside a card face (a card's size is measured instead)."""
    f = font_for(txt, size)
    if measure:
        note("text", round(f.size), txt)
    d.text(xy, txt, font=f, fill=fill, anchor=anchor)


def rounded_card(
    size: tuple[int, int], fill: RGB, outline: RGB, radius: int, width: int = 1
) -> Image.Image:
    im = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=fill, outline=outline, width=width
    )
    return im


def _base_colours() -> list[RGB]:
    base = [FELT, FELT_DARK, WHITE, BLACK, RED, GREEN, BLUE, GOLD, PANEL, INK, MUTED, *TEAM_COLOURS]
    base += [SOFT, GRID, TURN_RING, BORDER, FACE_TINT, BIG_JOKER_TINT]
    faded = [_mix(c, FELT, FADE_ALPHA) for c in base]
    return base + faded


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] * (1 - t) + b[0] * t),
        round(a[1] * (1 - t) + b[1] * t),
        round(a[2] * (1 - t) + b[2] * t),
    )


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """One 256-colour palette for every picture: the colours we draw with (exact),
    then the anti-aliasing blends between any two of them and their faded
    versions (median cut). Mapping to a fixed palette is ~6× faster than
    computing one per picture."""
    base = _base_colours()
    blends = []
    steps = 12
    for i, a in enumerate(base):
        for b in base[i + 1 :]:
            blends += [_mix(a, b, k / steps) for k in range(1, steps)]
    swatch = Image.new("RGB", (len(blends), 1))
    swatch.putdata(blends)
    quantized = swatch.quantize(256 - len(base), method=Image.Quantize.MEDIANCUT)
    rest = (quantized.getpalette() or [])[: 3 * (256 - len(base))]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in base for v in c] + rest)
    return pal


def encode_png(im: Image.Image) -> bytes:
    """PNG bytes of an RGB picture, mapped to the shared palette: the pictures
    are flat colours plus anti-aliased edges, which 256 colours keep visually
    identical at a third of the size and encoding time (the 20 ms budget)."""
    if im.mode == "RGB":
        im = im.quantize(palette=palette(), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=3)
    return buf.getvalue()
