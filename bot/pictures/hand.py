"""A seat's hand for its DM: overlapped rows grouped by suit (plain suits ♠♥♣♦,
trump last on a gold band), point cards (5, 10, K) marked with a gold dot under
the corner index. At most 400 px wide: what a phone shows in a DM.
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
    WHITE,
    draw_text,
    encode_png,
    note,
    paste_pip,
    put,
    suit_colour,
)
from bot.pictures.faces import FaceStyle, card_face, card_height
from bot.pictures.layout import fan_rows
from bot.pictures.words import lang_of, word
from rules.cards import Card, Suit
from rules.ruleset import RuleSet
from rules.trump import TRUMP, TrumpContext
from rules.views import View

WIDTH = 400
CARD_W = 46
CARD_H = card_height(CARD_W)
STEP, MIN_STEP = 22, 19
LABEL_W = 50  # room for TRUMP at 12 px (the smallest words drawn)
PAD = 6
ROW_DY = 44  # a wrapped row leaves the corner index and the point mark visible
GROUP_GAP = 8
FAN_W = WIDTH - LABEL_W - 2 * PAD
POINT_MARK_Y = 38


def groups(ctx: TrumpContext, cards: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """(effective suit, cards weakest first) with the plain suits first, trump last."""
    out: dict[int, list[Card]] = {}
    for c in ctx.sort_cards(cards):
        out.setdefault(ctx.suit_of[c], []).append(c)
    return sorted(out.items(), key=lambda kv: (kv[0] == TRUMP, kv[0]))


def _group_height(n: int) -> int:
    rows = fan_rows(n, FAN_W, CARD_W, STEP, MIN_STEP)
    return CARD_H + (len(rows) - 1) * ROW_DY


def _label(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    suit: int,
    rules: RuleSet,
    trump: Suit | None,
    y: int,
    n: int,
    provisional: bool,
    lang: str = "en",
    four_colour: bool = False,
) -> None:
    cx = PAD + LABEL_W // 2 - 2
    if suit == TRUMP:
        draw_text(d, (cx, y + 6), word(lang, "trump"), 12, INK, anchor="mt")
        if trump is None:  # no-trump: "NT", as on the table
            nt = word(lang, "nt")
            draw_text(d, (cx, y + 32), nt, 14 if len(nt) < 3 else 12, INK, anchor="mm")
        else:
            paste_pip(canvas, int(trump), cx, y + 32, 22, suit_colour(int(trump), four_colour))
        if provisional:  # declared, not fixed yet
            draw_text(d, (cx + 13, y + 32), "?", 13, INK, anchor="lm")
        draw_text(d, (cx, y + 50), str(n), 12, INK, anchor="mt")
        return
    if rules.two_colour:  # effective suit 0 = black (♠♣), 1 = red (♥♦)
        paste_pip(canvas, suit, cx - 7, y + 22, 16, WHITE if suit == 0 else None)
        paste_pip(canvas, suit + 2, cx + 7, y + 22, 16, WHITE if suit == 0 else None)
    else:
        # Black (and four-colour green) pips on the felt would vanish: draw them white.
        ink = WHITE if suit in (0, 2) else suit_colour(suit, four_colour)
        paste_pip(canvas, suit, cx, y + 22, 24, ink)
    draw_text(d, (cx, y + 42), str(n), 12, WHITE, anchor="mt")


def _draw(
    cards: tuple[Card, ...],
    rules: RuleSet,
    level: int,
    trump: Suit | None,
    provisional: bool = False,
    lang: str = "en",
    four_colour: bool = False,
) -> bytes:
    ctx = TrumpContext.of(rules, level, trump)
    style = FaceStyle(lang, four_colour)
    grouped = groups(ctx, cards)
    height = PAD + sum(_group_height(len(cs)) + GROUP_GAP for _, cs in grouped) - GROUP_GAP + PAD
    canvas = Image.new("RGB", (WIDTH, max(height, CARD_H + 2 * PAD)), FELT)
    d = ImageDraw.Draw(canvas)
    if not grouped:
        draw_text(d, (WIDTH / 2, canvas.height / 2), "—", 24, WHITE, anchor="mm")
    y = PAD
    for suit, cs in grouped:
        gh = _group_height(len(cs))
        band = GOLD if suit == TRUMP else FELT_DARK
        d.rounded_rectangle((PAD - 3, y - 3, WIDTH - PAD + 3, y + gh + 3), radius=8, fill=band)
        _label(canvas, d, suit, rules, trump, y, len(cs), provisional, lang, four_colour)
        note("card", CARD_W)
        i = 0
        for r, (k, step) in enumerate(fan_rows(len(cs), FAN_W, CARD_W, STEP, MIN_STEP)):
            for j in range(k):
                c = cs[i]
                x, cy = round(PAD + LABEL_W + j * step), y + r * ROW_DY
                put(canvas, card_face(c, CARD_W, style), (x, cy))
                if c.points:
                    mx = x + CARD_W * 0.19
                    d.ellipse(
                        (mx - 4, cy + POINT_MARK_Y - 4, mx + 4, cy + POINT_MARK_Y + 4),
                        fill=GOLD,
                        outline=INK,
                    )
                i += 1
        y += gh + GROUP_GAP
    return encode_png(canvas)


def shown_trump(view: View) -> tuple[Suit | None, bool]:
    """(trump suit to group by, provisional?): the fixed trump, else the standing
    declaration's suit (public), else none yet."""
    return view.shown_trump, not view.trump_fixed


def render_hand(view: View, lang: str = "en", four_colour: bool = False) -> bytes:
    """PNG of ``view.hand`` (a seat's own view); an empty picture for the public view.
    Before trump is fixed, the standing declaration's suit is shown as trump, with
    a "?". ``lang``: the language of the words drawn; ``four_colour``: ♣ green, ♦ blue."""
    cards = tuple(view.hand or ())
    trump, provisional = shown_trump(view)
    lg = lang_of(lang)
    key = ("hand", cards, view.rules, view.level_rank, trump, provisional, lg, four_colour)
    return CACHE.get(
        key,
        lambda: _draw(cards, view.rules, view.level_rank, trump, provisional, lg, four_colour),
    )


def render_cards(
    cards: Sequence[Card],
    rules: RuleSet,
    level: int,
    trump: Suit | None,
    lang: str = "en",
    four_colour: bool = False,
) -> bytes:
    """The same picture for any cards (e.g. the dealer's kitty choice)."""
    lg = lang_of(lang)
    key = ("hand", tuple(cards), rules, level, trump, False, lg, four_colour)
    return CACHE.get(key, lambda: _draw(tuple(cards), rules, level, trump, False, lg, four_colour))
