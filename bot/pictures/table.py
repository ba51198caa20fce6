"""The living table as a picture: four seats (letters only; names stay in the
message text), each seat's cards in the current trick, or the last trick faded
while the new one is empty; the current winner in gold; trump, level, dealer,
attackers' points and whose turn.

找朋友 tables (5 to 10 seats, ``draw_ring``) place the seats, numbered
1…N, round an ellipse in turn order, each with its own level; the dealer's team
(the dealer and every friend revealed so far) in the first team colour.

What it shows is read from the public ``rules.views.View`` only, so it can show
nothing hidden (``bot.pictures.table_scene``); where the seats of a 找朋友 table go is
``bot.pictures.ring``.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    SOFT,
    TEAM_COLOURS,
    TURN_RING,
    WHITE,
    draw_text,
    encode_png,
    paste_pip,
    suit_colour,
    text_width,
)
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.ring import RING_CX, RING_CY, draw_ring_badge, ring_fan_centre, ring_fan_max
from bot.pictures.table_scene import BADGE_R, HEIGHT, LABEL, WIDTH, TableScene, scene_of
from bot.pictures.words import word
from rules.cards import Card, rank_name
from rules.views import View


@dataclass(frozen=True, slots=True)
class FanStyle:
    card_w: int
    step: int
    min_step: int
    row_dy: int


NORMAL = FanStyle(70, 30, 18, 38)
# Big throws (three or four decks) switch to smaller cards so the seats stay apart.
COMPACT = FanStyle(48, 20, 13, 30)
COMPACT_FROM = 10  # cards in one seat's play
SEAT_LETTERS = ("N", "E", "S", "W")
# Seat badge centres and the widest fan each seat may use.
BADGES = ((WIDTH // 2, 27), (WIDTH - 29, HEIGHT // 2), (WIDTH // 2, HEIGHT - 27), (29, HEIGHT // 2))
FAN_MAX = (380, 230, 380, 230)
WINNER_GLOW = (*GOLD, 255)


def _size(seat: int, n: int, st: FanStyle) -> tuple[int, int]:
    return fan_size(n, FAN_MAX[seat], st.card_w, st.step, st.min_step, st.row_dy)


def _fan_centre(seat: int, n: int, st: FanStyle) -> tuple[float, float]:
    w, h = _size(seat, n, st)
    bx, by = BADGES[seat]
    # North and South sit towards the middle (clear of their badges), the centre
    # line keeps the trick number and points.
    if seat == 0:
        return (bx, max(by + BADGE_R + 10 + h / 2, HEIGHT / 2 - 44 - h / 2))
    if seat == 2:
        return (bx, min(by - BADGE_R - 10 - h / 2, HEIGHT / 2 + 44 + h / 2))
    if seat == 1:
        return (bx - BADGE_R - 12 - w / 2, by)
    return (bx + BADGE_R + 12 + w / 2, by)


def _badge(d: ImageDraw.ImageDraw, seat: int, sc: TableScene) -> None:
    cx, cy = BADGES[seat]
    if sc.turn == seat:
        r = BADGE_R + 6
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TURN_RING)
    r = BADGE_R
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TEAM_COLOURS[seat % 2], outline=WHITE, width=2)
    draw_text(d, (cx, cy + 1), word(sc.lang, f"seat{seat}"), 22, WHITE, anchor="mm")
    if sc.dealer == seat:
        # The dealer's "D" chip sits on the badge's outer side, clear of the cards.
        dx, dy = {0: (r + 20, -2), 1: (0, r + 20), 2: (r + 20, 2), 3: (0, r + 20)}[seat]
        chip(d, (cx + dx, cy + dy), word(sc.lang, "dealer"), LABEL, GOLD, INK, pad=4)
    if seat in sc.auto:
        # "AUTO" on the other side of the badge from the dealer chip.
        dx, dy = {0: (-r - 10, 0), 1: (0, -r - 20), 2: (-r - 10, 0), 3: (0, -r - 20)}[seat]
        anchor = "rm" if seat in (0, 2) else "mm"
        chip(d, (cx + dx, cy + dy), word(sc.lang, "auto"), LABEL, WHITE, INK, anchor, pad=4)


def _trump_box(canvas: Image.Image, d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    # Each label centred over its box, so long words ("TRUMP", "LEVEL") never meet.
    d.rounded_rectangle((10, 10, 190, 100), radius=10, fill=FELT_DARK)
    tx, lx = 52, 146
    draw_text(d, (tx, 14), word(sc.lang, "trump"), LABEL, SOFT, anchor="ma")
    draw_text(d, (lx, 14), word(sc.lang, "level"), LABEL, SOFT, anchor="ma")
    code = sc.trump.rstrip("?")
    d.rounded_rectangle((tx - 24, 42, tx + 24, 90), radius=6, fill=WHITE)
    if code in ("S", "H", "C", "D"):
        suit = "SHCD".index(code)
        paste_pip(canvas, suit, tx, 66, 36, suit_colour(suit, sc.four_colour))
    elif code == "NT":
        nt = word(sc.lang, "nt")
        draw_text(d, (tx, 67), nt, 20 if len(nt) < 3 else LABEL, INK, anchor="mm")
    else:
        draw_text(d, (tx, 67), "?", 26, INK, anchor="mm")
    if sc.trump.endswith("?"):
        draw_text(d, (tx + 28, 66), "?", 22, TURN_RING, anchor="lm")
    d.rounded_rectangle((lx - 24, 42, lx + 24, 90), radius=6, fill=WHITE)
    level_team = None if sc.dealer is None else sc.dealer % 2 if sc.players == 4 else 0
    ink = INK if level_team is None else TEAM_COLOURS[level_team]
    draw_text(d, (lx, 67), rank_name(sc.level), 26 if sc.level != 10 else 22, ink, anchor="mm")


def _points_box(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    """The attackers' points, top right, with their unit (pts / 分)."""
    x0 = WIDTH - 170
    d.rounded_rectangle((x0, 10, WIDTH - 10, 100), radius=10, fill=FELT_DARK)
    draw_text(d, (x0 + 10, 14), word(sc.lang, "attackers"), LABEL, SOFT)
    pts = str(sc.attackers_points)
    draw_text(d, (x0 + 10, 44), pts, 36, WHITE)
    x = x0 + 10 + text_width(pts, 36) + 8
    draw_text(d, (x, 80), word(sc.lang, "pts"), LABEL, SOFT, anchor="ls")


def _hand_box(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    y = HEIGHT - 34
    d.rounded_rectangle((WIDTH - 170, y - 22, WIDTH - 10, y + 22), radius=10, fill=FELT_DARK)
    draw_text(d, (WIDTH - 90, y), word(sc.lang, "hand_no", n=sc.hand_no), LABEL, WHITE, "mm")


def _score_box(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    _points_box(d, sc)
    lv = sc.levels
    y = HEIGHT - 34
    d.rounded_rectangle((10, y - 22, 200, y + 22), radius=10, fill=FELT_DARK)
    x = 20
    for team in (0, 1):
        name = word(sc.lang, f"team{team}")
        draw_text(d, (x, y), name, LABEL, TEAM_COLOURS[team], anchor="lm")
        x += text_width(name, LABEL) + 6
        draw_text(d, (x, y), rank_name(lv[team]), 22, WHITE, anchor="lm")
        x += text_width(rank_name(lv[team]), 22) + 16
    _hand_box(d, sc)


def _centre_text(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    cx, cy = WIDTH / 2, HEIGHT / 2
    if sc.phase in ("dealing", "declaring", "burying", "stealing"):
        draw_text(d, (cx, cy - 12), word(sc.lang, f"phase.{sc.phase}"), 22, SOFT, anchor="mm")
        if sc.dealt[1]:
            draw_text(d, (cx, cy + 14), f"{sc.dealt[0]} / {sc.dealt[1]}", LABEL, SOFT, anchor="mm")
        return
    if not sc.plays:
        return
    if sc.calls:  # 找朋友: room for the calls below
        cy -= 14
    title = word(sc.lang, "last_trick" if sc.faded else "trick", n=sc.trick_no)
    draw_text(d, (cx, cy - 12), title, LABEL, SOFT, anchor="mm")
    if sc.trick_points:
        draw_text(d, (cx, cy + 14), f"+{sc.trick_points}", 22, GOLD, anchor="mm")


def _winner_glow(
    d: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    size: tuple[float, float],
    gap: int,
    radius: int,
    faded: bool,
) -> None:
    """The glow behind the trick winner's cards, ``gap`` pixels round them."""
    w, h = size
    box = (
        centre[0] - w / 2 - gap,
        centre[1] - h / 2 - gap,
        centre[0] + w / 2 + gap,
        centre[1] + h / 2 + gap,
    )
    if faded:  # an outline: a faded fill would look muddy
        d.rounded_rectangle(box, radius=radius, outline=(*GOLD, 200), width=3)
    else:
        d.rounded_rectangle(box, radius=radius, fill=WINNER_GLOW)


def _paste_play(
    canvas: Image.Image,
    cards: Sequence[Card],
    centre: tuple[float, float],
    st: FanStyle,
    fan_max: int,
    sc: TableScene,
) -> None:
    paste_fan(
        canvas,
        cards,
        centre,
        st.card_w,
        fan_max,
        step=st.step,
        min_step=st.min_step,
        row_dy=st.row_dy,
        faded=sc.faded,
        style=sc.faces,
    )


def _draw(sc: TableScene) -> bytes:
    if sc.players != 4:
        return draw_ring(sc)
    canvas = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    d = ImageDraw.Draw(canvas, "RGBA")  # "RGBA": translucent fills blend
    d.rounded_rectangle((4, 4, WIDTH - 5, HEIGHT - 5), radius=28, outline=FELT_DARK, width=4)
    _trump_box(canvas, d, sc)
    _score_box(d, sc)
    _centre_text(d, sc)
    for seat in range(4):
        _badge(d, seat, sc)
    most = max((len(cards) for _, cards in sc.plays), default=0)
    st = COMPACT if most >= COMPACT_FROM else NORMAL
    for seat, cards in sc.plays:
        centre = _fan_centre(seat, len(cards), st)
        if seat == sc.winner:
            _winner_glow(d, centre, _size(seat, len(cards), st), 5, 9, sc.faded)
        _paste_play(canvas, cards, centre, st, FAN_MAX[seat], sc)
    return encode_png(canvas)


# ---- 找朋友: N seats round an ellipse ---------------------------------------------------
RING_STYLE = FanStyle(46, 18, 11, 28)


CALL_W, CALL_H = 150, 30


def _calls_box(canvas: Image.Image, d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    """Under the trick title: each friend call (#n, the card) and the seat that
    joined on it (or ?), two to a row."""
    if not sc.calls:
        return
    cols = min(2, len(sc.calls))
    x0 = RING_CX - cols * CALL_W / 2
    y0 = RING_CY + 34
    for k, (nth, card, joined) in enumerate(sc.calls):
        x, y = x0 + (k % cols) * CALL_W, y0 + (k // cols) * CALL_H
        d.rounded_rectangle((x + 2, y, x + CALL_W - 2, y + CALL_H - 4), radius=8, fill=FELT_DARK)
        cy = y + (CALL_H - 4) / 2
        draw_text(d, (x + 8, cy), f"#{nth}", LABEL, SOFT, anchor="lm")
        cx = x + 10 + text_width(f"#{nth}", LABEL)
        if card.is_joker:
            name = word(sc.lang, "big_joker_short" if card == Card.BJ else "small_joker_short")
            draw_text(d, (cx, cy), name, LABEL, WHITE, anchor="lm")
            cx += text_width(name, LABEL)
        else:
            assert card.suit is not None
            d.rounded_rectangle((cx, cy - 11, cx + 44, cy + 11), radius=5, fill=WHITE)
            colour = suit_colour(card.suit, sc.four_colour)
            paste_pip(canvas, card.suit, cx + 11, cy, 17, colour)
            draw_text(d, (cx + 31, cy), rank_name(card.rank), LABEL, colour, "mm")
            cx += 44
        mark = "?" if joined is None else str(joined + 1)
        colour = GOLD if joined is not None else SOFT
        draw_text(d, (x + CALL_W - 8, cy), f"→{mark}", LABEL, colour, anchor="rm")


def draw_ring(sc: TableScene) -> bytes:
    canvas = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    d = ImageDraw.Draw(canvas, "RGBA")
    d.rounded_rectangle((4, 4, WIDTH - 5, HEIGHT - 5), radius=28, outline=FELT_DARK, width=4)
    _trump_box(canvas, d, sc)
    _points_box(d, sc)  # the attackers' points, as at four seats (levels are per seat)
    _hand_box(d, sc)
    _calls_box(canvas, d, sc)
    _centre_text(d, sc)
    for seat in range(sc.players):
        draw_ring_badge(d, seat, sc)
    st = RING_STYLE
    fan_max = ring_fan_max(sc.players)
    for seat, cards in sc.plays:
        size = fan_size(len(cards), fan_max, st.card_w, st.step, st.min_step, st.row_dy)
        centre = ring_fan_centre(seat, sc.players, size)
        if seat == sc.winner:
            _winner_glow(d, centre, size, 4, 8, sc.faded)
        _paste_play(canvas, cards, centre, st, fan_max, sc)
    return encode_png(canvas)


def render_table(
    view: View, auto: Collection[int] = (), lang: str = "en", four_colour: bool = False
) -> bytes:
    """PNG of the public table (any view works; only public fields are read).
    ``auto``: seats currently played by the AI for their player (marked AUTO);
    ``lang``: the language of the words drawn (a locale; English by default);
    ``four_colour``: the four-colour deck (♣ green, ♦ blue)."""
    sc = scene_of(view, auto, lang, four_colour)
    key: Hashable = ("table", sc)
    return CACHE.get(key, lambda: _draw(sc))


__all__: Sequence[str] = ("render_table",)
