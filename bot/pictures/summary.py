"""The end of a hand as a picture: the kitty face up, the attackers' points, who
goes up and both teams' levels before → after."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    FELT,
    FELT_DARK,
    GOLD,
    SOFT,
    TEAM_COLOURS,
    WHITE,
    draw_text,
    encode_png,
)
from bot.pictures.faces import FaceStyle
from bot.pictures.layout import chip, fan_size, paste_fan
from bot.pictures.words import lang_of, word
from rules.cards import POINTS, rank_name
from rules.ruleset import RuleSet
from rules.views import HandSummary

WIDTH = 520
CARD_W = 52
STEP, MIN_STEP = 30, 14
ROW_DY = 30
SMALL = 15  # the smallest words: 13 px when Discord shows the picture 450 px wide


def _draw(s: HandSummary, rules: RuleSet | None, lang: str = "en") -> bytes:
    kitty = tuple(s.kitty)
    _, fan_h = fan_size(len(kitty), WIDTH - 40, CARD_W, STEP, MIN_STEP, ROW_DY)
    top = 84
    seats = len(s.levels_before)
    friends = bool(s.team) or seats != 2  # 找朋友: a level per seat, teams of the hand
    rows = (seats + 1) // 2 if friends else 2
    height = top + (fan_h + 34 if kitty else 0) + 26 + 32 * rows
    canvas = Image.new("RGB", (WIDTH, height), FELT)
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle((3, 3, WIDTH - 4, height - 4), radius=18, outline=FELT_DARK, width=4)
    defenders = s.dealer % 2
    attackers = 1 - defenders
    won = defenders if s.winner == "defenders" else attackers
    teams = (word(lang, "team0"), word(lang, "team1"))
    if friends:  # the sides of this hand: the dealer's team and the others
        teams = (word(lang, "role.defenders"), word(lang, "role.attackers"))
        defenders, attackers = 0, 1
        won = 0 if s.winner == "defenders" else 1
    draw_text(d, (20, 16), word(lang, "hand_no", n=s.hand_no), SMALL, SOFT)
    draw_text(d, (20, 36), f"{s.attackers_points}", 34, WHITE)
    pts_x = 20 + d.textlength(str(s.attackers_points), font_size=34) * 1.0 + 30
    draw_text(d, (pts_x, 40), word(lang, "points_title"), SMALL, SOFT)
    if rules is not None:
        draw_text(d, (pts_x, 60), word(lang, "takeover_at", n=2 * rules.step), SMALL, SOFT)
    verdict = (
        word(lang, "up", team=teams[won], n=s.level_change)
        if s.level_change
        else word(lang, "hold", team=teams[won])
    )
    chip(d, (WIDTH - 20, 40), verdict, 20, TEAM_COLOURS[won], WHITE, anchor="rm", pad=10)
    y = top
    if kitty:
        kp = sum(POINTS[c] for c in kitty)
        label = word(lang, "kitty", n=kp)
        if s.multiplier:
            label += word(lang, "kitty_mult", m=s.multiplier, total=kp * s.multiplier)
        draw_text(d, (20, y - 2), label, SMALL, GOLD if s.multiplier else SOFT)
        paste_fan(
            canvas,
            kitty,
            (WIDTH / 2, y + 24 + fan_h / 2),
            CARD_W,
            WIDTH - 40,
            step=STEP,
            min_step=MIN_STEP,
            row_dy=ROW_DY,
            style=FaceStyle(lang),
        )
        y += fan_h + 34
    d.rounded_rectangle((14, y, WIDTH - 14, y + 12 + 32 * rows), radius=12, fill=FELT_DARK)
    if friends:
        side = set(s.team) or {s.dealer}
        for seat in range(seats):
            col, row = divmod(seat, rows)
            x, ty = 30 + col * (WIDTH // 2 - 10), y + 22 + row * 32
            before, after = s.levels_before[seat], s.levels_after[seat]
            colour = TEAM_COLOURS[0] if seat in side else TEAM_COLOURS[1]
            draw_text(d, (x, ty), str(seat + 1), 16, colour, anchor="lm")
            draw_text(d, (x + 36, ty), rank_name(before), 18, WHITE, anchor="lm")
            draw_text(d, (x + 76, ty), "→", 18, SOFT, anchor="lm")
            ink = GOLD if after != before else WHITE
            draw_text(d, (x + 112, ty), rank_name(after), 18, ink, anchor="lm")
        return encode_png(canvas)
    for team in (0, 1):
        ty = y + 22 + team * 32
        before, after = s.levels_before[team], s.levels_after[team]
        draw_text(d, (30, ty), teams[team], 16, TEAM_COLOURS[team], anchor="lm")
        draw_text(d, (100, ty), rank_name(before), 18, WHITE, anchor="lm")
        draw_text(d, (140, ty), "→", 18, SOFT, anchor="lm")
        draw_text(
            d, (176, ty), rank_name(after), 18, GOLD if after != before else WHITE, anchor="lm"
        )
        role = word(lang, "role.defenders" if team == defenders else "role.attackers")
        draw_text(d, (WIDTH - 30, ty), role, SMALL, SOFT, anchor="rm")
    return encode_png(canvas)


def render_summary(summary: HandSummary, rules: RuleSet | None = None, lang: str = "en") -> bytes:
    """PNG of a scored hand (``View.history[-1]``); ``rules`` adds the take-over line;
    ``lang``: the language of the words drawn."""
    lg = lang_of(lang)
    key = ("summary", summary, rules, lg)
    return CACHE.get(key, lambda: _draw(summary, rules, lg))
