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
)
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.words import lang_of, word
from rules.cards import Card, rank_name
from rules.play import make_lead, trick_points, trick_winner
from rules.views import View

WIDTH, HEIGHT = 720, 480


@dataclass(frozen=True, slots=True)
class FanStyle:
    card_w: int
    step: int
    min_step: int
    row_dy: int


NORMAL = FanStyle(60, 26, 16, 34)
# Big throws (three or four decks) switch to smaller cards so the seats stay apart.
COMPACT = FanStyle(46, 20, 14, 28)
COMPACT_FROM = 10  # cards in one seat's play
SEAT_LETTERS = ("N", "E", "S", "W")
BADGE_R = 17
# Seat badge centres and the widest fan each seat may use.
BADGES = ((WIDTH // 2, 24), (WIDTH - 26, HEIGHT // 2), (WIDTH // 2, HEIGHT - 24), (26, HEIGHT // 2))
FAN_MAX = (360, 220, 360, 220)
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


def _trump_code(view: View) -> str:
    if view.trump_fixed:
        return "NT" if view.trump_suit is None else view.trump_suit.letter
    if view.declarations:
        d = view.declarations[-1]
        return ("NT" if d.trump_suit is None else d.trump_suit.letter) + "?"
    return ""


def scene_of(view: View, auto: Collection[int] = (), lang: str = "en") -> TableScene:
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
    draw_text(d, (cx, cy + 1), word(sc.lang, f"seat{seat}"), 18, WHITE, anchor="mm")
    if sc.dealer == seat:
        # The dealer's "D" chip sits on the badge's outer side, clear of the cards.
        dx, dy = {0: (r + 14, -2), 1: (0, r + 14), 2: (r + 14, 2), 3: (0, r + 14)}[seat]
        chip(d, (cx + dx, cy + dy), word(sc.lang, "dealer"), 13, GOLD, INK)
    if seat in sc.auto:
        # "AUTO" on the other side of the badge from the dealer chip.
        dx, dy = {0: (-r - 34, 0), 1: (0, -r - 16), 2: (-r - 34, 0), 3: (0, -r - 16)}[seat]
        chip(d, (cx + dx, cy + dy), word(sc.lang, "auto"), 11, WHITE, INK)


def _trump_box(canvas: Image.Image, d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    d.rounded_rectangle((10, 10, 150, 84), radius=10, fill=FELT_DARK)
    draw_text(d, (20, 16), word(sc.lang, "trump"), 12, SOFT)
    draw_text(d, (94, 16), word(sc.lang, "level"), 12, SOFT)
    code = sc.trump.rstrip("?")
    box = (20, 34, 62, 76)
    d.rounded_rectangle(box, radius=6, fill=WHITE)
    if code in ("S", "H", "C", "D"):
        paste_pip(canvas, "SHCD".index(code), 41, 55, 32)
    elif code == "NT":
        nt = word(sc.lang, "nt")
        draw_text(d, (41, 56), nt, 17 if len(nt) < 3 else 13, INK, anchor="mm")
    else:
        draw_text(d, (41, 56), "?", 22, INK, anchor="mm")
    if sc.trump.endswith("?"):
        draw_text(d, (66, 55), "?", 18, TURN_RING, anchor="lm")
    d.rounded_rectangle((94, 34, 136, 76), radius=6, fill=WHITE)
    level_team = None if sc.dealer is None else sc.dealer % 2 if sc.players == 4 else 0
    ink = INK if level_team is None else TEAM_COLOURS[level_team]
    draw_text(d, (115, 56), rank_name(sc.level), 22 if sc.level != 10 else 19, ink, anchor="mm")


def _score_box(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    x0 = WIDTH - 160
    d.rounded_rectangle((x0, 10, WIDTH - 10, 84), radius=10, fill=FELT_DARK)
    draw_text(d, (x0 + 10, 16), word(sc.lang, "attackers"), 12, SOFT)
    draw_text(d, (x0 + 10, 34), str(sc.attackers_points), 30, WHITE)
    draw_text(
        d,
        (x0 + 10 + 8 + d.textlength(str(sc.attackers_points), font_size=30) + 4, 58),
        word(sc.lang, "pts"),
        12,
        SOFT,
    )
    lv = sc.levels
    y = HEIGHT - 30
    d.rounded_rectangle((10, y - 16, 170, y + 16), radius=10, fill=FELT_DARK)
    draw_text(d, (20, y), word(sc.lang, "team0"), 13, TEAM_COLOURS[0], anchor="lm")
    draw_text(d, (52, y), rank_name(lv[0]), 15, WHITE, anchor="lm")
    draw_text(d, (92, y), word(sc.lang, "team1"), 13, TEAM_COLOURS[1], anchor="lm")
    draw_text(d, (126, y), rank_name(lv[1]), 15, WHITE, anchor="lm")
    d.rounded_rectangle((WIDTH - 150, y - 16, WIDTH - 10, y + 16), radius=10, fill=FELT_DARK)
    draw_text(d, (WIDTH - 80, y), word(sc.lang, "hand_no", n=sc.hand_no), 13, WHITE, anchor="mm")


def _centre_text(d: ImageDraw.ImageDraw, sc: TableScene) -> None:
    cx, cy = WIDTH / 2, HEIGHT / 2
    if sc.phase in ("dealing", "declaring", "burying"):
        draw_text(d, (cx, cy - 10), word(sc.lang, f"phase.{sc.phase}"), 16, SOFT, anchor="mm")
        if sc.dealt[1]:
            draw_text(d, (cx, cy + 12), f"{sc.dealt[0]} / {sc.dealt[1]}", 14, SOFT, anchor="mm")
        return
    if not sc.plays:
        return
    title = word(sc.lang, "last_trick" if sc.faded else "trick", n=sc.trick_no)
    draw_text(d, (cx, cy - 10), title, 14, SOFT, anchor="mm")
    if sc.trick_points:
        draw_text(d, (cx, cy + 12), f"+{sc.trick_points}", 18, GOLD, anchor="mm")


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
            w, h = _size(seat, len(cards), st)
            g = 5
            box = (
                centre[0] - w / 2 - g,
                centre[1] - h / 2 - g,
                centre[0] + w / 2 + g,
                centre[1] + h / 2 + g,
            )
            if sc.faded:  # an outline: a faded fill would look muddy
                d.rounded_rectangle(box, radius=9, outline=(*GOLD, 200), width=3)
            else:
                d.rounded_rectangle(box, radius=9, fill=WINNER_GLOW)
        paste_fan(
            canvas,
            cards,
            centre,
            st.card_w,
            FAN_MAX[seat],
            step=st.step,
            min_step=st.min_step,
            row_dy=st.row_dy,
            faded=sc.faded,
        )
    return encode_png(canvas)


# ---- 找朋友: N seats round an ellipse ---------------------------------------------------
RING_RX, RING_RY = 300, 190  # badge ellipse: clear of the corner boxes
RING_STYLE = FanStyle(40, 16, 9, 26)
NO_TEAM = (112, 120, 128)  # a seat not (yet) known to be on the dealer's team


def ring_badge(seat: int, players: int) -> tuple[float, float]:
    """Seat 1 at the top, then clockwise in turn order (as North, East, South, West)."""
    angle = -math.pi / 2 + 2 * math.pi * seat / players
    return (WIDTH / 2 + RING_RX * math.cos(angle), HEIGHT / 2 + RING_RY * math.sin(angle))


def ring_fan_max(players: int) -> int:
    return 200 if players <= 6 else 150 if players <= 8 else 120


def ring_fan_centre(seat: int, players: int) -> tuple[float, float]:
    """A seat's cards part-way from its badge towards the middle."""
    bx, by = ring_badge(seat, players)
    t = 0.42
    return (bx + (WIDTH / 2 - bx) * t, by + (HEIGHT / 2 - by) * t)


def _ring_badge(d: ImageDraw.ImageDraw, seat: int, sc: TableScene) -> None:
    cx, cy = ring_badge(seat, sc.players)
    if sc.turn == seat:
        r = BADGE_R + 6
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TURN_RING)
    r = BADGE_R
    fill = TEAM_COLOURS[0] if seat in sc.team else NO_TEAM
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=WHITE, width=2)
    draw_text(d, (cx, cy + 1), str(seat + 1), 17, WHITE, anchor="mm")
    side = 1 if cx <= WIDTH / 2 else -1  # chips on the side towards the middle line
    if seat < len(sc.levels):
        lv = rank_name(sc.levels[seat])
        draw_text(
            d, (cx + side * (r + 8), cy + 10), lv, 13, WHITE, anchor="lm" if side > 0 else "rm"
        )
    if sc.dealer == seat:
        chip(d, (cx + side * (r + 16), cy - 10), word(sc.lang, "dealer"), 12, GOLD, INK)
    if seat in sc.auto:
        chip(d, (cx - side * (r + 30), cy), word(sc.lang, "auto"), 11, WHITE, INK)


def draw_ring(sc: TableScene) -> bytes:
    canvas = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    d = ImageDraw.Draw(canvas, "RGBA")
    d.rounded_rectangle((4, 4, WIDTH - 5, HEIGHT - 5), radius=28, outline=FELT_DARK, width=4)
    _trump_box(canvas, d, sc)
    x0 = WIDTH - 160  # the attackers' points, as at four seats (levels are per seat)
    d.rounded_rectangle((x0, 10, WIDTH - 10, 84), radius=10, fill=FELT_DARK)
    draw_text(d, (x0 + 10, 16), word(sc.lang, "attackers"), 12, SOFT)
    draw_text(d, (x0 + 10, 34), str(sc.attackers_points), 30, WHITE)
    y = HEIGHT - 30
    d.rounded_rectangle((WIDTH - 150, y - 16, WIDTH - 10, y + 16), radius=10, fill=FELT_DARK)
    draw_text(d, (WIDTH - 80, y), word(sc.lang, "hand_no", n=sc.hand_no), 13, WHITE, anchor="mm")
    _centre_text(d, sc)
    for seat in range(sc.players):
        _ring_badge(d, seat, sc)
    st = RING_STYLE
    fan_max = ring_fan_max(sc.players)
    for seat, cards in sc.plays:
        centre = ring_fan_centre(seat, sc.players)
        if seat == sc.winner:
            w, h = fan_size(len(cards), fan_max, st.card_w, st.step, st.min_step, st.row_dy)
            g = 4
            box = (
                centre[0] - w / 2 - g,
                centre[1] - h / 2 - g,
                centre[0] + w / 2 + g,
                centre[1] + h / 2 + g,
            )
            if sc.faded:
                d.rounded_rectangle(box, radius=8, outline=(*GOLD, 200), width=3)
            else:
                d.rounded_rectangle(box, radius=8, fill=WINNER_GLOW)
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
        )
    return encode_png(canvas)


def render_table(view: View, auto: Collection[int] = (), lang: str = "en") -> bytes:
    """PNG of the public table (any view works; only public fields are read).
    ``auto``: seats currently played by the AI for their player (marked AUTO);
    ``lang``: the language of the words drawn (a locale; English by default)."""
    sc = scene_of(view, auto, lang)
    key: Hashable = ("table", sc)
    return CACHE.get(key, lambda: _draw(sc))


__all__: Sequence[str] = ("TableScene", "render_table", "scene_of")
