"""Ranked play as pictures: ``/rank``'s card (段位 with the points to the next
tier, rating μ/σ, hands, win rate, place, recent form and best partner) and ``/leaderboard``'s
top 20. Plain data in, PNG out (cached by content), in the asker's language;
the same light card as the progress chart, readable on dark and light themes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.cache import CACHE
from bot.pictures.draw import (
    GOLD,
    GREEN,
    GRID,
    INK,
    MUTED,
    PANEL,
    RED,
    TEAM_COLOURS,
    draw_name,
    draw_text,
    encode_png,
    name_runs,
    name_width,
    text_width,
)
from bot.pictures.words import lang_of, word
from rules import ladder
from rules.cards import rank_name
from rules.ladder import Standing

WIDTH = 480
SMALL = 13


@dataclass(frozen=True, slots=True)
class BoardLine:
    place: int
    name: str
    standing: Standing
    mine: bool = False


def tier_word(lang: str, tier: int) -> str:
    if tier < ladder.LEVEL_TIERS:
        return word(lang, "rank_tier_level", level=rank_name(tier + 2))
    return word(lang, "rank_tier_star", star=tier - ladder.LEVEL_TIERS + 1)


def _caption(lang: str, mode: str, season: int) -> str:
    m = word(lang, f"rank_mode_{mode}")
    s = word(lang, "rank_season", season=season) if season else word(lang, "rank_season0")
    return f"{m} · {s}"


def _fit(name: str, size: int, width: int) -> str:
    """A display name cut (with …) to ``width`` pixels; "?" when no font we have
    can draw any of it (a name of emoji only)."""
    name = "".join(run for run, _ in name_runs(name, size)) or "?"
    if name_width(name, size) <= width:
        return name
    while name and name_width(name + "…", size) > width:
        name = name[:-1]
    return name + "…"


def _draw_card(
    name: str,
    mode: str,
    season: int,
    s: Standing | None,
    place: int | None,
    recent: tuple[bool, ...],
    lang: str,
    partner: tuple[str, int, int] | None = None,
) -> bytes:
    im = Image.new("RGB", (WIDTH, 220), PANEL)
    d = ImageDraw.Draw(im)
    draw_name(d, (20, 22), _fit(name, 20, WIDTH - 40), 20, INK, anchor="lm")
    draw_text(d, (20, 48), _caption(lang, mode, season), SMALL, MUTED, anchor="lm")
    if s is None:
        draw_text(d, (WIDTH / 2, 130), word(lang, "rank_no_hands"), 16, MUTED, anchor="mm")
        return encode_png(im)
    # The tier, large, and the bar to the next one.
    draw_text(d, (20, 88), tier_word(lang, s.tier), 30, TEAM_COLOURS[0], anchor="lm")
    draw_text(d, (WIDTH - 20, 80), word(lang, "rank_points", points=s.points), 16, INK, anchor="rm")
    to_next = ladder.points_to_next(s.points)
    nxt = word(lang, "rank_to_next", to_next=to_next, tier=tier_word(lang, s.tier + 1))
    draw_text(d, (WIDTH - 20, 100), nxt, SMALL, MUTED, anchor="rm")
    done = (ladder.TIER_POINTS - to_next) / ladder.TIER_POINTS
    d.rounded_rectangle((20, 116, WIDTH - 20, 126), radius=5, fill=GRID)
    d.rounded_rectangle((20, 116, 20 + max(10, done * (WIDTH - 40)), 126), radius=5, fill=GOLD)
    # Four figures in a row.
    rate = s.wins / s.hands if s.hands else 0.0
    figures = [
        (word(lang, "rank_rating"), f"μ {s.mu:.1f}  σ {s.sigma:.2f}"),
        (word(lang, "rank_hands"), str(s.hands)),
        (word(lang, "rank_win_rate"), f"{rate:.0%}"),
        (word(lang, "rank_place"), "—" if place is None else str(place)),
    ]
    for (label, value), x in zip(figures, (20, 200, 290, 390), strict=True):
        draw_text(d, (x, 146), label, SMALL, MUTED, anchor="lm")
        draw_text(d, (x, 166), value, 15, INK, anchor="lm")
    # Recent form, latest first: a green or red dot a hand.
    draw_text(d, (20, 198), word(lang, "rank_recent"), SMALL, MUTED, anchor="lm")
    x = 24 + text_width(word(lang, "rank_recent"), SMALL)
    for won in recent:
        d.ellipse((x, 192, x + 12, 204), fill=GREEN if won else RED)
        x += 17
    if partner is not None:  # best partner, the right half of the form row
        who, together, won_together = partner
        label, figure = word(lang, "rank_partner"), f"{won_together}/{together}"
        draw_text(d, (256, 198), label, SMALL, MUTED, anchor="lm")
        draw_text(d, (WIDTH - 20, 198), figure, SMALL, MUTED, anchor="rm")
        x = 262 + text_width(label, SMALL)
        room = WIDTH - 28 - text_width(figure, SMALL) - x
        draw_name(d, (x, 198), _fit(who, 14, room), 14, INK, anchor="lm")
    return encode_png(im)


def render_rank_card(
    name: str,
    mode: str,
    season: int,
    standing: Standing | None,
    place: int | None,
    recent: Sequence[bool],
    lang: str = "en",
    partner: tuple[str, int, int] | None = None,
) -> bytes:
    """``/rank``'s card. ``standing`` None: no ranked hand yet. ``partner``: the
    best partner's (name, hands together, won together), None when none yet."""
    lg, rc = lang_of(lang), tuple(recent)
    key = ("rank", name, mode, season, standing, place, rc, lg, partner)
    return CACHE.get(key, lambda: _draw_card(name, mode, season, standing, place, rc, lg, partner))


def _draw_board(lines: tuple[BoardLine, ...], mode: str, season: int, lang: str) -> bytes:
    row = 22
    height = 70 + row * max(len(lines), 1) + 10
    im = Image.new("RGB", (WIDTH, height), PANEL)
    d = ImageDraw.Draw(im)
    draw_text(d, (20, 22), word(lang, "rank_board"), 20, INK, anchor="lm")
    draw_text(d, (WIDTH - 20, 22), _caption(lang, mode, season), SMALL, MUTED, anchor="rm")
    if not lines:
        draw_text(d, (WIDTH / 2, 80), word(lang, "rank_no_hands"), 16, MUTED, anchor="mm")
        return encode_png(im)
    y = 60
    for line in lines:
        if line.mine:
            d.rectangle((12, y - 2, WIDTH - 12, y + row - 4), fill=GRID)
        mid = y + (row - 6) / 2
        colour = GOLD if line.place <= 3 else INK
        draw_text(d, (40, mid), str(line.place), 14, colour, anchor="rm")
        draw_name(d, (52, mid), _fit(line.name, 14, 200), 14, INK, anchor="lm")
        draw_text(
            d, (270, mid), tier_word(lang, line.standing.tier), 14, TEAM_COLOURS[0], anchor="lm"
        )
        draw_text(d, (WIDTH - 90, mid), str(line.standing.points), 14, INK, anchor="rm")
        draw_text(d, (WIDTH - 20, mid), str(line.standing.hands), SMALL, MUTED, anchor="rm")
        y += row
    return encode_png(im)


def render_leaderboard(
    lines: Sequence[BoardLine], mode: str, season: int, lang: str = "en"
) -> bytes:
    """``/leaderboard``: place, name, tier, points and hands; the asker's line
    (``mine``) shaded, also when it is added below the top."""
    ls, lg = tuple(lines), lang_of(lang)
    return CACHE.get(("board", ls, mode, season, lg), lambda: _draw_board(ls, mode, season, lg))
