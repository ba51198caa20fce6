"""复盘: one frame of a finished hand as a picture — every seat's hand face up as
it was then (a row per seat, grouped by suit, trump last; from seven seats two
columns of seats, ``GRID_SEATS``), that seat's cards in the trick shown beside
(two columns: under) its hand (the trick's winner, or the standing winner of a
trick still being played, on gold), the trump, the declarations, the attackers'
points so far, the buried kitty and, at the last frame, the result (the kitty
and its multiplier, who goes up by how much).

Only for finished hands (``rules.replay.hand_replay`` refuses any other), so
nothing here is hidden from anyone any more. Player names stay in the message
text (they may use any script; the pictures draw only catalog words).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

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
from bot.pictures.faces import FaceStyle, card_face, card_height
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.words import lang_of, word
from rules.cards import POINTS, Card, Suit, rank_name
from rules.play import make_lead
from rules.replay import Frame, HandReplay
from rules.tricks import trick_winner
from rules.trump import TrumpContext

WIDTH = 720
LABEL = 20  # the smallest words: 12.5 px where Discord shows the picture 450 px wide
CARD_W = 46  # 28.75 px at 450 wide: the narrowest card the readability test allows is 28
CARD_H = card_height(CARD_W)
STEP, MIN_STEP = 24, 16  # a hand's overlap; below MIN_STEP it wraps into two rows
ROW_DY = 40  # a wrapped hand's second row: the first row's corner indices stay visible
SUIT_GAP = 5  # between two suits of a hand
BADGE_X, BADGE_R = 38, 20
HAND_X = 68
TRICK_X0, TRICK_X1 = 590, WIDTH - 10  # the column of each seat's play in the trick
ORDER_R = 14  # the play's place in the trick (1 = led), left of the play
HAND_MAX = TRICK_X0 - 2 * ORDER_R - 16 - HAND_X
TRICK_STEP, TRICK_MIN_STEP = 22, 12
HEADER_H = 110
ROW_PAD = 8
# More seats than this (找朋友 at 7 to 10): the seats in two columns, half the height,
# each hand in two rows of bigger cards and the seat's play under its hand. In one
# column ten hands of 26 cards made a picture too tall and too tight to read.
GRID_SEATS = 6
COL_W = WIDTH // 2
GRID_CARD_W = 52  # its corner rank is 10.4 px where the picture shows 450 px wide
GRID_CARD_H = card_height(GRID_CARD_W)
GRID_ROW_DY = 40  # a hand's second row: the first row's corner index stays visible
GRID_HAND_X = 50  # the hand's left edge, from the column's
GRID_HAND_MAX = COL_W - GRID_HAND_X - 6
# The corner index (rank over pip) is 0.36 card widths wide (18.8 px): a step this
# wide never covers it; 13 cards and four suit gaps still fit a row.
GRID_MIN_STEP = 19
GRID_PLAY_GAP = 6  # between a hand and the play under it
NO_TEAM: RGB = (112, 120, 128)  # 找朋友: a seat not (yet) known to be on the dealer's team
WINNER_GLOW = (*GOLD, 255)


@dataclass(frozen=True, slots=True)
class ReplayScene:
    """Everything one replay picture shows (also its cache key)."""

    players: int
    hands: tuple[tuple[Card, ...], ...]
    suit_of: tuple[int, ...]  # effective suit per card id (trump = 4): groups a hand
    plays: tuple[tuple[int, tuple[Card, ...]], ...]  # the trick shown, in play order
    winner: int | None  # its winner (or standing winner)
    won: bool  # the trick is over (else still being played)
    trick_no: int  # the trick shown (0: none yet, at the start)
    tricks: int  # tricks in the hand
    trick_points: int
    start: bool  # frame 0: after the bury
    trump: Suit | None
    level: int
    dealer: int
    team: frozenset[int]  # the dealer's side as known at this frame
    declarations: tuple[tuple[int, tuple[Card, ...]], ...]
    buried: tuple[Card, ...]
    calls: tuple[tuple[int, Card], ...]  # 找朋友: (nth, card)
    attackers_points: int
    hand_no: int
    row_heights: tuple[int, ...]  # per seat, the same on every frame (no jumping)
    # The last frame: (attackers' points, kitty multiplier, winner side, level change).
    result: tuple[int, int, str, int] | None
    lang: str = "en"
    four_colour: bool = False

    @property
    def friends(self) -> bool:
        return self.players != 4

    @property
    def grid(self) -> bool:
        """Two columns of seats (see ``GRID_SEATS``)."""
        return self.players > GRID_SEATS

    @property
    def faces(self) -> FaceStyle:
        return FaceStyle(self.lang, self.four_colour)


def _standing_winner(ctx: TrumpContext, plays: Sequence[tuple[int, Sequence[Card]]]) -> int | None:
    if not plays:
        return None
    try:
        lead = make_lead(ctx, plays[0][1])
        return plays[trick_winner(ctx, lead, [c for _, c in plays])][0]
    except ValueError:  # a failed throw's attempt shown as led: crown nobody
        return None


def replay_scene(
    replay: HandReplay, frame: int | Frame, lang: str = "en", four_colour: bool = False
) -> ReplayScene:
    """The scene of ``replay.frames[frame]`` (an index or the frame itself)."""
    f = replay.frames[frame] if isinstance(frame, int) else frame
    ctx = TrumpContext.of(replay.rules, replay.level_rank, replay.trump_suit)
    t = f.trick
    plays = t.plays if t is not None else ()
    won = t is not None and t.winner is not None
    winner = t.winner if t is not None and t.winner is not None else _standing_winner(ctx, plays)
    last = f.index == len(replay.frames) - 1
    s = replay.summary
    team = frozenset(s.team or (s.dealer,)) if last and replay.rules.friends else frozenset(f.team)
    if replay.rules.friends is None:
        team = frozenset(x for x in range(replay.players) if (x - replay.dealer) % 2 == 0)
    suit_of = tuple(ctx.suit_of)
    return ReplayScene(
        players=replay.players,
        hands=f.hands,
        suit_of=suit_of,
        plays=plays,
        winner=winner,
        won=won,
        trick_no=t.trick_no if t is not None else 0,
        tricks=len(replay.trick_frames()),
        trick_points=sum(POINTS[c] for _, cs in plays for c in cs),
        start=f.kind == "start",
        trump=replay.trump_suit,
        level=replay.level_rank,
        dealer=replay.dealer,
        team=team,
        declarations=tuple((d.seat, tuple(d.cards)) for d in replay.declarations),
        buried=replay.buried,
        calls=tuple((c.nth, c.card) for c in replay.calls),
        attackers_points=f.attackers_points,
        hand_no=replay.hand_no,
        row_heights=_row_heights(replay, suit_of),
        result=(s.attackers_points, s.multiplier, s.winner, s.level_change) if last else None,
        lang=lang_of(lang),
        four_colour=four_colour,
    )


# ---- a hand: one or more rows, a small gap between suits -----------------------------
@dataclass(frozen=True, slots=True)
class HandGeometry:
    """How a hand is laid out: its cards' width, the widest it may be, the overlap it
    prefers and the least one before it wraps into another row, and the rows' offset."""

    card_w: int
    max_w: int
    step: int
    min_step: int
    row_dy: int

    @property
    def card_h(self) -> int:
        return card_height(self.card_w)


ONE_COLUMN = HandGeometry(CARD_W, HAND_MAX, STEP, MIN_STEP, ROW_DY)
TWO_COLUMNS = HandGeometry(GRID_CARD_W, GRID_HAND_MAX, 28, GRID_MIN_STEP, GRID_ROW_DY)


def _geometry(players: int) -> HandGeometry:
    return TWO_COLUMNS if players > GRID_SEATS else ONE_COLUMN


def _hand_rows(
    suit_of: Sequence[int], cards: Sequence[Card], g: HandGeometry = ONE_COLUMN
) -> list[tuple[list[Card], float]]:
    """(cards, step) per row: the fewest rows whose steps are all at least
    ``g.min_step``, the cards shared out evenly."""

    def step_for(row: Sequence[Card]) -> float:
        if len(row) <= 1:
            return g.step
        gaps = sum(1 for a, b in pairwise(row) if suit_of[a] != suit_of[b])
        return min(g.step, (g.max_w - g.card_w - gaps * SUIT_GAP) / (len(row) - 1))

    cards = list(cards)
    if not cards:
        return []
    n = 1
    while True:
        size = -(-len(cards) // n)
        rows = [cards[i : i + size] for i in range(0, len(cards), size)]
        if all(step_for(r) >= g.min_step for r in rows) or size == 1:
            return [(r, step_for(r)) for r in rows]
        n += 1


def _hand_height(suit_of: Sequence[int], cards: Sequence[Card], g: HandGeometry) -> int:
    rows = max(1, len(_hand_rows(suit_of, cards, g)))
    return g.card_h + (rows - 1) * g.row_dy


def _row_heights(replay: HandReplay, suit_of: Sequence[int]) -> tuple[int, ...]:
    """Each seat's row (two columns: its cell): room for its fullest hand and its
    biggest play of the hand; the same on every frame."""
    g = _geometry(replay.players)
    out = []
    for seat in range(replay.players):
        hand = max(
            (_hand_height(suit_of, f.hands[seat], g) for f in replay.frames), default=g.card_h
        )
        most = max(
            (len(cs) for f in replay.frames if f.trick for s, cs in f.trick.plays if s == seat),
            default=0,
        )
        if g is TWO_COLUMNS:  # the play under the hand
            play = _grid_play_size([Card.BJ] * most)[1] if most else 0
            out.append(hand + (GRID_PLAY_GAP + play if play else 0) + 2 * ROW_PAD)
        else:
            play = _trick_size([Card.BJ] * most)[1]
            out.append(max(hand, play, CARD_H) + 2 * ROW_PAD)
    return tuple(out)


def _bands(sc: ReplayScene) -> list[tuple[int, int, int]]:
    """(seat, x, band) per seat: its column's left edge and its band (row) index."""
    if not sc.grid:
        return [(seat, 0, seat) for seat in range(sc.players)]
    half = (sc.players + 1) // 2  # the first half down the left column, in turn
    return [(seat, 0 if seat < half else COL_W, seat % half) for seat in range(sc.players)]


def _band_heights(sc: ReplayScene) -> list[int]:
    heights: list[int] = []
    for seat, _, band in _bands(sc):
        if band == len(heights):
            heights.append(0)
        heights[band] = max(heights[band], sc.row_heights[seat])
    return heights


def _paste_hand(
    canvas: Image.Image, sc: ReplayScene, cards: Sequence[Card], x0: float, y: int
) -> None:
    g = _geometry(sc.players)
    rows = _hand_rows(sc.suit_of, cards, g)
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


def _trick_size(cards: Sequence[Card]) -> tuple[int, int]:
    return fan_size(
        len(cards), TRICK_X1 - TRICK_X0 - 12, CARD_W, TRICK_STEP, TRICK_MIN_STEP, ROW_DY
    )


GRID_PLAY_MAX = COL_W - GRID_HAND_X - 2 * ORDER_R - 20  # the play's width under a hand


def _grid_play_size(cards: Sequence[Card]) -> tuple[int, int]:
    return fan_size(len(cards), GRID_PLAY_MAX, CARD_W, TRICK_STEP, TRICK_MIN_STEP, ROW_DY)


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
    g = _geometry(sc.players)
    hand = sc.hands[seat]
    hand_h = _hand_height(sc.suit_of, hand, g)
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
        w, fh = _grid_play_size(played)
        cx = x0 + GRID_HAND_X + 2 * ORDER_R + 14 + w / 2
        cy = y + h - ROW_PAD - fh / 2
        room = GRID_PLAY_MAX
    else:
        w, fh = _trick_size(played)
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
    bands = _band_heights(sc)
    height = HEADER_H + sum(bands) + 8 + _footer_height(sc)
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    d = ImageDraw.Draw(canvas, "RGBA")
    d.rounded_rectangle((3, 3, WIDTH - 4, height - 4), radius=20, outline=FELT_DARK, width=4)
    _header(canvas, d, sc)
    tops = [HEADER_H + sum(bands[:b]) for b in range(len(bands))]
    for seat, x0, band in _bands(sc):
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
