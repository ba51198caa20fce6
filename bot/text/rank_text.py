"""Ranked play in words: tiers (打2 … 打A, A★1 …), the ladder's modes and seasons,
the hand summary's 段位 lines, ``/rank`` and ``/leaderboard`` as text (the
pictures draw the same numbers; the text stays for screen readers)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.text.i18n import seat_name, text
from rules import ladder
from rules.cards import rank_name
from rules.ladder import Standing


def tier_label(locale: str | None, tier: int) -> str:
    if tier < ladder.LEVEL_TIERS:
        return text(locale, "rank.tier_level", level=rank_name(tier + 2))
    return text(locale, "rank.tier_star", star=tier - ladder.LEVEL_TIERS + 1)


def mode_label(locale: str | None, mode: str) -> str:
    return text(locale, f"rank.mode.{mode}")


def season_label(locale: str | None, season: int) -> str:
    return text(locale, "rank.season", season=season) if season else text(locale, "rank.season0")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def form_marks(recent: Sequence[bool]) -> str:
    """Recent form, latest first: ✓ won, ✗ lost."""
    return " ".join("✓" if w else "✗" for w in recent) or "—"


def rank_change_lines(
    locale: str | None, changes: Sequence[Mapping[str, Any]], players: int = 4
) -> list[str]:
    """The hand summary's 段位 lines (the ``rank_changed`` notice's ``changes``):
    each person's points, then promotions and demotions said aloud."""
    if not changes:
        return []
    lines = [text(locale, "rank.head")]
    for c in changes:
        name = str(c.get("name") or seat_name(locale, int(c["seat"]), players))
        tier = tier_label(locale, int(c["tier"]))
        lines.append(
            text(
                locale,
                "rank.line",
                name=name,
                delta=signed(int(c["delta"])),
                points=c["points"],
                tier=tier,
            )
        )
        if c.get("move") == "up":
            lines.append(text(locale, "rank.promoted", name=name, tier=tier))
        elif c.get("move") == "down":
            lines.append(text(locale, "rank.demoted", name=name, tier=tier))
    return lines


def forfeit_line(locale: str | None, c: Mapping[str, Any], players: int = 4) -> str:
    """A player left a ranked match: what it cost (the ``rank_forfeit`` notice)."""
    name = str(c.get("name") or seat_name(locale, int(c["seat"]), players))
    tier = tier_label(locale, int(c["tier"]))
    line = text(
        locale,
        "rank.forfeit",
        name=name,
        hands=c["hands"],
        delta=signed(int(c["delta"])),
        points=c["points"],
        tier=tier,
    )
    if c.get("move") == "down":
        line += "\n" + text(locale, "rank.demoted", name=name, tier=tier)
    return line


def rank_card_text(
    locale: str | None,
    name: str,
    mode: str,
    season: int,
    standing: Standing | None,
    place: int | None,
    recent: Sequence[bool],
) -> str:
    m, sn = mode_label(locale, mode), season_label(locale, season)
    if standing is None:
        return text(locale, "rank.none", name=name, mode=m, season=sn)
    rate = standing.wins / standing.hands if standing.hands else 0.0
    return text(
        locale,
        "rank.card",
        name=name,
        tier=tier_label(locale, standing.tier),
        points=standing.points,
        to_next=ladder.points_to_next(standing.points),
        next_tier=tier_label(locale, standing.tier + 1),
        mode=m,
        season=sn,
        mu=f"{standing.mu:.1f}",
        sigma=f"{standing.sigma:.2f}",
        hands=standing.hands,
        rate=f"{rate:.0%}",
        place=place if place is not None else "—",
        form=form_marks(recent),
    )


def board_text(
    locale: str | None,
    mode: str,
    season: int,
    top: Sequence[tuple[int, str, Standing]],
    mine: tuple[int, Standing] | None,
) -> str:
    """``top``: (place, mention, standing); ``mine``: the asker's (place, standing)."""
    lines = [
        text(
            locale, "board.head", mode=mode_label(locale, mode), season=season_label(locale, season)
        )
    ]
    if not top:
        lines.append(text(locale, "board.empty"))
    for place, mention, s in top:
        lines.append(
            text(
                locale,
                "board.line",
                place=place,
                mention=mention,
                tier=tier_label(locale, s.tier),
                points=s.points,
                hands=s.hands,
            )
        )
    if mine is not None:
        place, s = mine
        lines.append(
            text(locale, "board.you", place=place, tier=tier_label(locale, s.tier), points=s.points)
        )
    return "\n".join(lines)
