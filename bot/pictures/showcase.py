"""Fixed, hand-built scenes: the README's pictures and the golden images of the
tests. Built from fixed cards (no AI, no deal), so only a drawing change moves
them."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.pictures.draw import FELT, encode_png
from bot.pictures.faces import EMOJI_SIZE, card_face, card_height, emoji_png
from bot.pictures.ladder import BoardLine
from rules.cards import ALL_CARDS, Card, Suit
from rules.game import Match
from rules.ladder import LEVEL_TIERS, TIER_POINTS, Standing
from rules.notation import parse_cards
from rules.presets import preset
from rules.progress import HandProgress
from rules.views import HandSummary, TrickView, View


def base_view(seat: int | None = None) -> View:
    return Match(preset("classic"), "golden", first_dealer=0).view_for(seat)


def showcase_table() -> View:
    """Hand 3, hearts trump at level 5, North deals; East led a ♠ pair, South beat it
    with a trump pair, West discarded; North to play."""
    plays = (
        (1, tuple(parse_cards("♠KK"))),
        (2, tuple(parse_cards("♥33"))),
        (3, tuple(parse_cards("♣5 ♦10"))),
    )
    last = TrickView(
        3, 0, ((0, (Card.DA,)), (1, (Card.D5,)), (2, (Card.DK,)), (3, (Card.D2,))), 0, 15
    )
    return replace(
        base_view(),
        phase="playing",
        hand_no=3,
        levels=(5, 3),
        dealer=0,
        level_rank=5,
        trump_suit=Suit.HEARTS,
        trump_fixed=True,
        turn=0,
        trick_no=4,
        current=plays,
        tricks=(last,),
        attackers_points=35,
    )


def showcase_last_trick() -> View:
    return replace(showcase_table(), current=(), turn=0, trick_no=4)


def showcase_hand() -> View:
    cards = parse_cards("♠A K 10 5 5 3 ♥A 5 5 2 ♣Q J 10 10 9 4 ♦K 8 6 5 ♠2 小王 大王 大王 ♣5")
    return replace(
        showcase_table(),
        seat=0,
        hand=tuple(cards),
    )


SHOWCASE_SUMMARY = HandSummary(
    hand_no=3,
    dealer=0,
    level_rank=5,
    trump_suit=Suit.HEARTS,
    attackers_points=130,
    kitty=tuple(parse_cards("♠K 10 ♣5 5 ♦3 4 ♥6 ♣2")),
    multiplier=2,
    winner="attackers",
    level_change=1,
    levels_before=(5, 3),
    levels_after=(5, 4),
    next_dealer=1,
)

SHOWCASE_PROGRESS = [
    HandProgress(1, 0, 2, "H", 60, "defenders", 1, (2, 2), (3, 2), 0),
    HandProgress(2, 2, 3, "S", 20, "defenders", 2, (3, 2), (5, 2), 0),
    HandProgress(3, 0, 5, "NT", 130, "attackers", 1, (5, 2), (5, 3), 2),
    HandProgress(4, 1, 3, "D", 85, "attackers", 0, (5, 3), (5, 3), 0),
    HandProgress(5, 2, 5, "C", 0, "defenders", 3, (5, 3), (8, 3), 0),
    HandProgress(6, 0, 8, "H", 160, "attackers", 2, (8, 3), (8, 5), 4),
]

# /rank and /leaderboard: at 打J, the tier whose letter the CJK subset once lacked.
SHOWCASE_STANDING = Standing(mu=27.4, sigma=3.12, points=9 * TIER_POINTS + 40, hands=86, wins=49)
SHOWCASE_RECENT = (True, True, False, True, False, True, True, True, False, True)
SHOWCASE_PARTNER = ("Bram", 31, 20)


def showcase_board() -> list[BoardLine]:
    """Ten players from A★2 down to 打7 (J, Q, K, A and two star tiers), the
    asker (Femi, as on the rank card) shaded on the line of 打J."""
    # Latin names: the bundled subset holds only the pictures' own Chinese words
    # (a Chinese name needs the system's full CJK font).
    names = ("Ada", "Bram", "Chloé", "Dev", "Eun-ji", "Femi", "Gus", "Hana", "Ivo", "Jun")
    lines = []
    for i, name in enumerate(names):
        points = (LEVEL_TIERS + 1 - i) * TIER_POINTS + 80 - 7 * i
        s = Standing(mu=30.0 - i, sigma=2.5 + i / 10, points=points, hands=120 - 9 * i, wins=60)
        lines.append(BoardLine(i + 1, name, s, mine=s.tier == 9))
    return lines


def card_sheet(width: int = 60) -> bytes:
    """All 54 faces: one suit per row, the jokers at the end of the first two."""
    gap = 6
    h = card_height(width)
    sheet = Image.new("RGB", (14 * (width + gap) + gap, 4 * (h + gap) + gap), FELT)
    for c in ALL_CARDS:
        col, row = (c % 13, c // 13) if c < 52 else (13, c - 52)
        face = card_face(Card(c), width)
        sheet.paste(face, (gap + col * (width + gap), gap + row * (h + gap)), face)
    return encode_png(sheet)


def emoji_sheet(background: tuple[int, int, int] = (49, 51, 56)) -> bytes:
    """The 54 emoji faces at full size on Discord's dark background, then a strip at
    22 px, the size they show inline."""
    size, gap = EMOJI_SIZE, 4
    big = Image.new("RGB", (14 * (size + gap) + gap, 4 * (size + gap) + gap), background)
    for c in ALL_CARDS:
        col, row = (c % 13, c // 13) if c < 52 else (13, c - 52)
        face = Image.open(io.BytesIO(emoji_png(Card(c)))).convert("RGBA")
        big.paste(face, (gap + col * (size + gap), gap + row * (size + gap)), face)
    small = big.resize((big.width * 22 // size, big.height * 22 // size), Image.Resampling.LANCZOS)
    sheet = Image.new("RGB", (big.width, big.height + small.height + gap), background)
    sheet.paste(big, (0, 0))
    sheet.paste(small, (0, big.height + gap))
    return encode_png(sheet)
