"""The living table as a picture: four seats (letters only; names stay in the
message text), each seat's cards in the current trick, or the last trick faded
while the new one is empty; the current winner in gold; trump, level, dealer,
attackers' points and whose turn.

找朋友 tables (5 to 10 seats, ``draw_ring``) place the seats, numbered
1…N, round an ellipse in turn order, each with its own level; the dealer's team
(the dealer and every friend revealed so far) in the first team colour.

Reads only the public ``rules.views.View``, so it can show nothing hidden.
"""

from __future__ import annotations

import math
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
from bot.pictures.faces import FaceStyle
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.words import lang_of, word
from rules.cards import Card, rank_name
from rules.play import make_lead
from rules.tricks import trick_points, trick_winner
from rules.views import View

WIDTH, HEIGHT = 720, 480


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
BADGE_R = 20
# The smallest words: 20 px at 720 wide is 12.5 px where Discord shows it (450 px).
LABEL = 20
# Seat badge centres and the widest fan each seat may use.
BADGES = ((WIDTH // 2, 27), (WIDTH - 29, HEIGHT // 2), (WIDTH // 2, HEIGHT - 27), (29, HEIGHT // 2))
FAN_MAX = (380, 230, 380, 230)
WINNER_GLOW = (*GOLD, 255)


@dataclass(frozen=True, slots=True)
class TableScene:
    """Everything the table picture shows (also its cache key)."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    faded: bool
    winner: int | None
    trick_no: int
    trick_points: int
    trump: str  # "S" "H" "C" "D", "NT", "" (not known yet); "?" suffix: declared only
    level: int
    levels: tuple[int, ...]  # per team (four seats) or per seat (找朋友)
    dealer: int | None
    attackers_points: int
    turn: int | None
    hand_no: int
    phase: str
    dealt: tuple[int, int]  # cards dealt / to deal, while dealing
    auto: frozenset[int] = frozenset()  # seats handed to the AI for now (托管)
    lang: str = "en"  # the language of the words drawn (``bot.text.i18n``)
    players: int = 4
    team: frozenset[int] = frozenset()  # 找朋友: the dealer and the friends revealed
    calls: tuple[tuple[int, Card, int | None], ...] = ()  # 找朋友: (nth, card, joined seat)
    four_colour: bool = False  # the four-colour deck (♣ green, ♦ blue)

    @property
    def faces(self) -> FaceStyle:
        return FaceStyle(self.lang, self.four_colour)


def _trump_code(view: View) -> str:
    if view.trump_fixed:
        return "NT" if view.trump_suit is None else view.trump_suit.letter
    if view.declarations:
        d = view.declarations[-1]
        return ("NT" if d.trump_suit is None else d.trump_suit.letter) + "?"
    return ""


def scene_of(
    view: View, auto: Collection[int] = (), lang: str = "en", four_colour: bool = False
) -> TableScene:
    plays: tuple[tuple[int, tuple[Card, ...]], ...] = view.current
    faded = False
    winner: int | None = None
    trick_no = view.trick_no
    last = view.last_trick
    declaring = view.phase in ("dealing", "declaring")
    if declaring and view.declarations:
        # Before play: each seat's latest declaration (public cards), the standing one
        # on gold.
        latest = {d.seat: d.cards for d in view.declarations}
        plays = tuple(latest.items())
        winner = view.declarations[-1].seat
    elif not plays and last is not None and view.phase in ("playing", "scored", "finished"):
        plays, faded, winner, trick_no = last.plays, True, last.winner, last.trick_no
    elif plays:
        ctx = view.context
        try:
            lead = make_lead(ctx, plays[0][1])
            winner = plays[trick_winner(ctx, lead, [c for _, c in plays])][0]
        except ValueError:  # not a lead the rules accept: draw it, crown nobody
            winner = None
    return TableScene(
        plays=plays,
        faded=faded,
        winner=winner,
        trick_no=trick_no,
        trick_points=trick_points([c for _, c in plays]),
        trump=_trump_code(view),
        level=view.level_rank,
        levels=view.levels,
        dealer=view.dealer,
        attackers_points=view.attackers_points,
        turn=view.turn if view.phase == "playing" else None,
        hand_no=view.hand_no,
        phase=view.phase,
        dealt=(view.dealt, view.deal_total) if view.phase == "dealing" else (0, 0),
        auto=frozenset(auto),
        lang=lang_of(lang),
        players=view.players,
        team=frozenset([view.dealer, *view.friends]) if view.dealer is not None else frozenset(),
        calls=tuple((c.call.nth, c.call.card, c.joined) for c in view.friend_calls),
        four_colour=four_colour,
    )


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
RING_CX, RING_CY = WIDTH / 2, HEIGHT / 2 + 6
RING_RX, RING_RY = 296, 184  # badge ellipse: clear of the corner boxes
RING_STYLE = FanStyle(46, 18, 11, 28)
NO_TEAM = (112, 120, 128)  # a seat not (yet) known to be on the dealer's team


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


def _ring_badge(d: ImageDraw.ImageDraw, seat: int, sc: TableScene) -> None:
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
        _ring_badge(d, seat, sc)
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


__all__: Sequence[str] = ("TableScene", "render_table", "scene_of")
