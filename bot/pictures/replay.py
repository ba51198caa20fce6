"""复盘: one frame of a finished hand as a picture — every seat's hand face up as
it was then (a row per seat, grouped by suit, trump last; from seven seats two
columns of seats, ``GRID_SEATS``), that seat's cards in the trick shown beside
(two columns: under) its hand (the trick's winner, or the standing winner of a
trick still being played, on gold), the trump, the declarations, the attackers'
points so far, the buried kitty and, at the last frame, the result (the kitty
and its multiplier, who goes up by how much).

Only for finished hands (``rules.replay.hand_replay`` refuses any other), so
nothing here is hidden from anyone any more. Player names stay in the message
text (they may use any script; the pictures draw only catalog words). What a frame
shows and where each part goes is ``bot.pictures.replay_scene``; this draws it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    FELT,
    FELT_DARK,
    GOLD,
    INK,
    RGB,
    SOFT,
    TEAM_COLOURS,
    WHITE,
    draw_text,
    encode_png,
    note,
    paste_pip,
    put,
    suit_colour,
    text_width,
)
from bot.pictures.faces import card_face
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.replay_scene import (
    CARD_H,
    CARD_W,
    COL_W,
    GRID_HAND_X,
    GRID_PLAY_MAX,
    HAND_X,
    ORDER_R,
    ROW_DY,
    ROW_PAD,
    SUIT_GAP,
    TRICK_MIN_STEP,
    TRICK_STEP,
    TRICK_X0,
    TRICK_X1,
    WIDTH,
    ReplayScene,
    band_heights,
    grid_play_size,
    hand_geometry,
    hand_height,
    hand_rows,
    replay_scene,
    seat_bands,
    trick_size,
)
from bot.pictures.words import word
from rules.cards import POINTS, Card, rank_name
from rules.replay import Frame, HandReplay

LABEL = 20  # the smallest words: 12.5 px where Discord shows the picture 450 px wide
BADGE_X, BADGE_R = 38, 20
HEADER_H = 110
NO_TEAM: RGB = (112, 120, 128)  # 找朋友: a seat not (yet) known to be on the dealer's team
WINNER_GLOW = (*GOLD, 255)


def _paste_hand(
    canvas: Image.Image, sc: ReplayScene, cards: Sequence[Card], x0: float, y: int
) -> None:
    g = hand_geometry(sc.players)
    rows = hand_rows(sc.suit_of, cards, g)
    if rows:
        note("card", g.card_w, "hand")
    for r, (row, step) in enumerate(rows):
        x = x0
        prev: Card | None = None
        for c in row:
            if prev is not None:
                x += step + (SUIT_GAP if sc.suit_of[prev] != sc.suit_of[c] else 0)
            put(canvas, card_face(c, g.card_w, sc.faces), (round(x), y + r * g.row_dy))
            prev = c


# ---- the parts ---------------------------------------------------------------------------
def _seat_label(sc: ReplayScene, seat: int) -> str:
    return str(seat + 1) if sc.friends else word(sc.lang, f"seat{seat}")


def _badge_fill(sc: ReplayScene, seat: int) -> RGB:
    if not sc.friends:
        return TEAM_COLOURS[seat % 2]
    if seat in sc.team:
        return TEAM_COLOURS[0]
    return TEAM_COLOURS[1] if sc.result is not None else NO_TEAM  # the sides are known at the end


def _card_tag(
    canvas: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float, card: Card, sc: ReplayScene
) -> float:
    """A card as a small white tag (pip and rank, or the joker's name); returns its width."""
    if card.is_joker:
        name = word(sc.lang, "big_joker_short" if card == Card.BJ else "small_joker_short")
        w = text_width(name, LABEL) + 10
        d.rounded_rectangle((x, cy - 13, x + w, cy + 13), radius=5, fill=WHITE)
        colour = suit_colour(1) if card == Card.BJ else INK
        draw_text(d, (x + w / 2, cy), name, LABEL, colour, anchor="mm")
        return w
    assert card.suit is not None
    rank = rank_name(card.rank)
    w = 26 + text_width(rank, LABEL)
    d.rounded_rectangle((x, cy - 13, x + w, cy + 13), radius=5, fill=WHITE)
    colour = suit_colour(card.suit, sc.four_colour)
    paste_pip(canvas, card.suit, x + 12, cy, 18, colour)
    draw_text(d, (x + 22, cy), rank, LABEL, colour, anchor="lm")
    return w


def _tags(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    x: float,
    cy: float,
    cards: Sequence[Card],
    sc: ReplayScene,
) -> float:
    for c in cards:
        x += _card_tag(canvas, d, x, cy, c, sc) + 3
    return x


def _header(canvas: Image.Image, d: ImageDraw.ImageDraw, sc: ReplayScene) -> None:
    # Trump and level, as on the table picture.
    d.rounded_rectangle((10, 10, 190, 100), radius=10, fill=FELT_DARK)
    tx, lx = 52, 146
    draw_text(d, (tx, 14), word(sc.lang, "trump"), LABEL, SOFT, anchor="ma")
    draw_text(d, (lx, 14), word(sc.lang, "level"), LABEL, SOFT, anchor="ma")
    d.rounded_rectangle((tx - 24, 42, tx + 24, 90), radius=6, fill=WHITE)
    if sc.trump is None:
        nt = word(sc.lang, "nt")
        draw_text(d, (tx, 67), nt, LABEL, INK, anchor="mm")
    else:
        paste_pip(canvas, int(sc.trump), tx, 66, 36, suit_colour(int(sc.trump), sc.four_colour))
    d.rounded_rectangle((lx - 24, 42, lx + 24, 90), radius=6, fill=WHITE)
    ink = TEAM_COLOURS[0] if sc.friends else TEAM_COLOURS[sc.dealer % 2]
    draw_text(d, (lx, 67), rank_name(sc.level), 26 if sc.level != 10 else 22, ink, anchor="mm")
    # The step shown, then the declarations (seat: cards), newest last.
    x0 = 204
    title = word(sc.lang, "hand_no", n=sc.hand_no) + " · "
    if sc.start:
        title += word(sc.lang, "after_bury")
    else:
        title += word(sc.lang, "trick_of", n=sc.trick_no, total=sc.tricks)
    draw_text(d, (x0, 30), title, LABEL, WHITE, anchor="lm")
    if sc.trick_points and sc.plays:  # the trick's points (gold once won)
        colour = GOLD if sc.won else SOFT
        tx = x0 + text_width(title, LABEL) + 10
        draw_text(d, (tx, 30), f"+{sc.trick_points}", LABEL, colour, anchor="lm")
    label = word(sc.lang, "declared")
    draw_text(d, (x0, 70), label, LABEL, SOFT, anchor="lm")
    x: float = x0 + text_width(label, LABEL) + 10
    # The newest declarations that fit (the standing one last), oldest first.
    room, shown = WIDTH - 180 - x, 0
    for seat, cards in reversed(sc.declarations):
        room -= text_width(_seat_label(sc, seat), LABEL) + 12 + 44 * len(cards)
        if room < 0:
            break
        shown += 1
    for seat, cards in sc.declarations[len(sc.declarations) - shown :]:
        seat_txt = _seat_label(sc, seat)
        draw_text(d, (x, 70), seat_txt, LABEL, _badge_fill(sc, seat), anchor="lm")
        x = _tags(canvas, d, x + text_width(seat_txt, LABEL) + 4, 70, cards, sc) + 8
    if not sc.declarations:
        draw_text(d, (x, 70), "—", LABEL, SOFT, anchor="lm")
    # The attackers' points so far.
    bx = WIDTH - 170
    d.rounded_rectangle((bx, 10, WIDTH - 10, 100), radius=10, fill=FELT_DARK)
    draw_text(d, (bx + 10, 14), word(sc.lang, "attackers"), LABEL, SOFT)
    pts = str(sc.attackers_points)
    draw_text(d, (bx + 10, 44), pts, 36, WHITE)
    draw_text(d, (bx + 18 + text_width(pts, 36), 80), word(sc.lang, "pts"), LABEL, SOFT, "ls")


def _seat_row(
    canvas: Image.Image, d: ImageDraw.ImageDraw, sc: ReplayScene, seat: int, x0: int, y: int, h: int
) -> None:
    """One seat: its badge, its hand and its play in the trick (one column: the play on
    the right at the hand's height; two columns: the play under the hand)."""
    right = x0 + (COL_W if sc.grid else WIDTH)
    if (seat % ((sc.players + 1) // 2) if sc.grid else seat) % 2:
        d.rectangle((max(6, x0), y, min(WIDTH - 7, right), y + h), fill=(*FELT_DARK, 110))
    g = hand_geometry(sc.players)
    hand = sc.hands[seat]
    hand_h = hand_height(sc.suit_of, hand, g)
    cy = y + h / 2 if not sc.grid else y + ROW_PAD + g.card_h / 2
    bx = x0 + (BADGE_X if not sc.grid else 28)
    r = BADGE_R
    d.ellipse(
        (bx - r, cy - r - 10, bx + r, cy + r - 10),
        fill=_badge_fill(sc, seat),
        outline=WHITE,
        width=2,
    )
    draw_text(d, (bx, cy - 9), _seat_label(sc, seat), LABEL, WHITE, anchor="mm")
    if seat == sc.dealer:
        chip(d, (bx, cy + r + 4), word(sc.lang, "dealer"), LABEL, GOLD, INK, pad=3)
    if sc.grid:
        _paste_hand(canvas, sc, hand, x0 + GRID_HAND_X, y + ROW_PAD)
    else:
        _paste_hand(canvas, sc, hand, HAND_X, round(y + (h - hand_h) / 2))
    order = [s for s, _ in sc.plays]
    if seat not in order:
        return
    played = sc.plays[order.index(seat)][1]
    if sc.grid:  # at the foot of the cell (under the fullest hand), after the order circle
        w, fh = grid_play_size(played)
        cx = x0 + GRID_HAND_X + 2 * ORDER_R + 14 + w / 2
        cy = y + h - ROW_PAD - fh / 2
        room = GRID_PLAY_MAX
    else:
        w, fh = trick_size(played)
        cx = (TRICK_X0 + TRICK_X1) / 2
        room = TRICK_X1 - TRICK_X0 - 12
    if seat == sc.winner:
        box = (cx - w / 2 - 5, cy - fh / 2 - 5, cx + w / 2 + 5, cy + fh / 2 + 5)
        if sc.won:
            d.rounded_rectangle(box, radius=9, fill=WINNER_GLOW)
        else:  # the standing winner of a trick still being played: an outline
            d.rounded_rectangle(box, radius=9, outline=WINNER_GLOW, width=4)
    paste_fan(
        canvas,
        played,
        (cx, cy),
        CARD_W,
        room,
        step=TRICK_STEP,
        min_step=TRICK_MIN_STEP,
        row_dy=ROW_DY,
        style=sc.faces,
    )
    # The play's place in the trick: 1 led (on white), then in turn.
    led = order[0] == seat
    ox = cx - w / 2 - ORDER_R - 9
    d.ellipse(
        (ox - ORDER_R, cy - ORDER_R, ox + ORDER_R, cy + ORDER_R),
        fill=WHITE if led else FELT_DARK,
        outline=WHITE,
        width=2,
    )
    num = str(order.index(seat) + 1)
    draw_text(d, (ox, cy + 1), num, LABEL, INK if led else WHITE, "mm")


def _footer_height(sc: ReplayScene) -> int:
    h = (CARD_H + 40) if sc.buried else 0
    if sc.calls:
        h += 38
    if sc.result is not None:
        h += 58
    return h + 10


def _footer(canvas: Image.Image, d: ImageDraw.ImageDraw, sc: ReplayScene, y: int) -> None:
    last = sc.result is not None
    if sc.buried:
        kp = sum(POINTS[c] for c in sc.buried)
        label = word(sc.lang, "kitty", n=kp)
        mult = sc.result[1] if sc.result is not None else 0
        if mult:
            label += word(sc.lang, "kitty_mult", m=mult, total=kp * mult)
        draw_text(d, (20, y + 6), label, LABEL, GOLD if mult else SOFT)
        w, _ = fan_size(len(sc.buried), WIDTH - 40, CARD_W, 30, 14, ROW_DY)
        paste_fan(
            canvas,
            sc.buried,
            (20 + w / 2, y + 34 + CARD_H / 2),
            CARD_W,
            WIDTH - 40,
            step=30,
            min_step=14,
            row_dy=ROW_DY,
            style=sc.faces,
        )
        y += CARD_H + 40
    if sc.calls:
        label = word(sc.lang, "friends")
        draw_text(d, (20, y + 16), label, LABEL, SOFT, anchor="lm")
        x: float = 30 + text_width(label, LABEL)
        for nth, card in sc.calls:
            draw_text(d, (x, y + 16), f"#{nth}", LABEL, WHITE, anchor="lm")
            x = _tags(canvas, d, x + text_width(f"#{nth}", LABEL) + 4, y + 16, (card,), sc) + 14
        y += 38
    if last:
        assert sc.result is not None
        points, _, side, change = sc.result
        d.rounded_rectangle((10, y, WIDTH - 10, y + 48), radius=10, fill=FELT_DARK)
        draw_text(d, (22, y + 24), word(sc.lang, "points_title"), LABEL, SOFT, anchor="lm")
        x = 30 + text_width(word(sc.lang, "points_title"), LABEL)
        draw_text(d, (x, y + 24), str(points), 30, WHITE, anchor="lm")
        if sc.friends:
            teams = (word(sc.lang, "role.defenders"), word(sc.lang, "role.attackers"))
            won = 0 if side == "defenders" else 1
            colour = TEAM_COLOURS[won]
        else:
            defenders = sc.dealer % 2
            won = defenders if side == "defenders" else 1 - defenders
            teams = (word(sc.lang, "team0"), word(sc.lang, "team1"))
            colour = TEAM_COLOURS[won]
        verdict = (
            word(sc.lang, "up", team=teams[won], n=change)
            if change
            else word(sc.lang, "hold", team=teams[won])
        )
        chip(d, (WIDTH - 22, y + 24), verdict, 22, colour, WHITE, anchor="rm", pad=10)


def _draw(sc: ReplayScene) -> bytes:
    bands = band_heights(sc)
    height = HEADER_H + sum(bands) + 8 + _footer_height(sc)
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    d = ImageDraw.Draw(canvas, "RGBA")
    d.rounded_rectangle((3, 3, WIDTH - 4, height - 4), radius=20, outline=FELT_DARK, width=4)
    _header(canvas, d, sc)
    tops = [HEADER_H + sum(bands[:b]) for b in range(len(bands))]
    for seat, x0, band in seat_bands(sc):
        _seat_row(canvas, d, sc, seat, x0, tops[band], bands[band])
    if sc.grid:  # the line between the two columns
        d.line((COL_W, HEADER_H + 4, COL_W, HEADER_H + sum(bands) - 4), fill=FELT_DARK, width=2)
    _footer(canvas, d, sc, HEADER_H + sum(bands) + 8)
    return encode_png(canvas)


def render_replay(
    replay: HandReplay, frame: int | Frame, lang: str = "en", four_colour: bool = False
) -> bytes:
    """PNG of one frame of a finished hand (``replay.frames[frame]``, or the frame):
    all hands face up. ``lang``: the language of the words drawn."""
    sc = replay_scene(replay, frame, lang, four_colour)
    return CACHE.get(("replay", sc), lambda: _draw(sc))


def render_trick(
    replay: HandReplay, trick: int, lang: str = "en", four_colour: bool = False
) -> bytes:
    """The picture at the end of trick ``trick`` (0: the start, after the bury)."""
    return render_replay(replay, replay.frame_of_trick(trick), lang, four_colour)
