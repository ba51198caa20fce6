"""复盘: what one frame of a finished hand shows (``ReplayScene``, ``replay_scene``)
and where it goes: the picture's sizes, each hand's rows (``hand_rows``), each seat's
row and, from seven seats, the two columns of seats (``seat_bands``). ``bot.pictures.replay``
draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from bot.pictures.faces import FaceStyle, card_height
from bot.pictures.layout import fan_size
from bot.pictures.words import lang_of
from rules.cards import POINTS, Card, Suit
from rules.play import make_lead
from rules.replay import Frame, HandReplay
from rules.tricks import trick_winner
from rules.trump import TrumpContext

WIDTH = 720
CARD_W = 46  # 28.75 px at 450 wide: the narrowest card the readability test allows is 28
CARD_H = card_height(CARD_W)
STEP, MIN_STEP = 24, 16  # a hand's overlap; below MIN_STEP it wraps into two rows
ROW_DY = 40  # a wrapped hand's second row: the first row's corner indices stay visible
SUIT_GAP = 5  # between two suits of a hand
HAND_X = 68
TRICK_X0, TRICK_X1 = 590, WIDTH - 10  # the column of each seat's play in the trick
ORDER_R = 14  # the play's place in the trick (1 = led), left of the play
HAND_MAX = TRICK_X0 - 2 * ORDER_R - 16 - HAND_X
TRICK_STEP, TRICK_MIN_STEP = 22, 12
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


def hand_geometry(players: int) -> HandGeometry:
    return TWO_COLUMNS if players > GRID_SEATS else ONE_COLUMN


def hand_rows(
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


def hand_height(suit_of: Sequence[int], cards: Sequence[Card], g: HandGeometry) -> int:
    rows = max(1, len(hand_rows(suit_of, cards, g)))
    return g.card_h + (rows - 1) * g.row_dy


def _row_heights(replay: HandReplay, suit_of: Sequence[int]) -> tuple[int, ...]:
    """Each seat's row (two columns: its cell): room for its fullest hand and its
    biggest play of the hand; the same on every frame."""
    g = hand_geometry(replay.players)
    out = []
    for seat in range(replay.players):
        hand = max(
            (hand_height(suit_of, f.hands[seat], g) for f in replay.frames), default=g.card_h
        )
        most = max(
            (len(cs) for f in replay.frames if f.trick for s, cs in f.trick.plays if s == seat),
            default=0,
        )
        if g is TWO_COLUMNS:  # the play under the hand
            play = grid_play_size([Card.BJ] * most)[1] if most else 0
            out.append(hand + (GRID_PLAY_GAP + play if play else 0) + 2 * ROW_PAD)
        else:
            play = trick_size([Card.BJ] * most)[1]
            out.append(max(hand, play, CARD_H) + 2 * ROW_PAD)
    return tuple(out)


def seat_bands(sc: ReplayScene) -> list[tuple[int, int, int]]:
    """(seat, x, band) per seat: its column's left edge and its band (row) index."""
    if not sc.grid:
        return [(seat, 0, seat) for seat in range(sc.players)]
    half = (sc.players + 1) // 2  # the first half down the left column, in turn
    return [(seat, 0 if seat < half else COL_W, seat % half) for seat in range(sc.players)]


def band_heights(sc: ReplayScene) -> list[int]:
    heights: list[int] = []
    for seat, _, band in seat_bands(sc):
        if band == len(heights):
            heights.append(0)
        heights[band] = max(heights[band], sc.row_heights[seat])
    return heights


def trick_size(cards: Sequence[Card]) -> tuple[int, int]:
    return fan_size(
        len(cards), TRICK_X1 - TRICK_X0 - 12, CARD_W, TRICK_STEP, TRICK_MIN_STEP, ROW_DY
    )


GRID_PLAY_MAX = COL_W - GRID_HAND_X - 2 * ORDER_R - 20  # the play's width under a hand


def grid_play_size(cards: Sequence[Card]) -> tuple[int, int]:
    return fan_size(len(cards), GRID_PLAY_MAX, CARD_W, TRICK_STEP, TRICK_MIN_STEP, ROW_DY)
