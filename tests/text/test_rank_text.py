"""Ranked play's words and pictures: tier names in three languages, the hand's
段位 lines with promotion and demotion, a leaver's line, the rank card and the
leaderboard pictures."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures.ladder import BoardLine, render_leaderboard, render_rank_card
from bot.text.rank_text import (
    board_text,
    forfeit_line,
    rank_card_text,
    rank_change_lines,
    tier_label,
)
from rules.ladder import Standing


def test_tier_labels() -> None:
    assert [tier_label("en", t) for t in (0, 9, 12, 13, 14)] == [
        "Level 2",
        "Level J",
        "Level A",
        "A★1",
        "A★2",
    ]
    assert tier_label("zh-CN", 0) == "打2" and tier_label("zh-TW", 12) == "打A"


def test_hand_lines_say_promotion_and_demotion() -> None:
    changes = [
        {"seat": 0, "name": "alice", "delta": 25, "points": 410, "tier": 4, "move": "up"},
        {"seat": 1, "name": "bob", "delta": -20, "points": 490, "tier": 4, "move": "down"},
        {"seat": 2, "name": "", "delta": 0, "points": 300, "tier": 3, "move": ""},
    ]
    assert rank_change_lines("en", changes) == [
        "Ranked:",
        "alice: +25 → 410 points (Level 6)",
        "⬆ alice is promoted to Level 6!",
        "bob: -20 → 490 points (Level 6)",
        "⬇ bob drops to Level 6.",
        "South: 0 → 300 points (Level 5)",
    ]
    zh = rank_change_lines("zh-CN", changes)
    assert zh[0] == "排位：" and zh[2] == "⬆ alice 晋级 打6！" and zh[5].startswith("南：")
    assert rank_change_lines("en", []) == []
    line = forfeit_line(
        "en", {"seat": 1, "name": "bob", "hands": 5, "delta": -61, "points": 0, "tier": 0}
    )
    assert line == "bob left a ranked match: counted as 5 lost hands, -61 → 0 points (Level 2)."


def test_card_and_board_text() -> None:
    s = Standing(27.25, 4.5, 437, 40, 25)
    card = rank_card_text("en", "alice", "fixed", 1, s, 3, [True, False])
    assert card.splitlines() == [
        "**alice** — Level 6 · 437 points (63 to Level 7) · fixed partners, season 1",
        "Rating μ 27.2 σ 4.50 · 40 hands · 62% won · place 3",
        "Recent: ✓ ✗",
    ]
    none = rank_card_text("zh-TW", "bob", "friends", 0, None, None, [])
    assert none == "bob 還沒有排位牌局（找朋友，常設排位）。"
    board = board_text("en", "fixed", 0, [(1, "<@1>", s)], (7, Standing(points=20)))
    assert board.splitlines() == [
        "**Leaderboard** — fixed partners, the open ladder",
        "1. <@1> — Level 6 · 437 points · 40 hands",
        "Your place: 7 — Level 2 · 20 points",
    ]


def test_pictures_draw_in_each_language() -> None:
    s = Standing(27.25, 4.5, 437, 40, 25)
    for lang in ("en", "zh-CN", "zh-TW"):
        card = Image.open(io.BytesIO(render_rank_card("alice", "fixed", 1, s, 3, [True], lang)))
        assert card.size == (480, 220)
        lines = [BoardLine(i + 1, f"p{i}", s, i == 2) for i in range(20)]
        board = Image.open(io.BytesIO(render_leaderboard(lines, "friends", 2, lang)))
        assert board.size[0] == 480 and board.size[1] > 20 * 22
    # No hands yet: a card all the same (and a different picture).
    empty = render_rank_card("bob", "fixed", 0, None, None, [], "en")
    assert empty != render_rank_card("bob", "fixed", 0, s, 1, [], "en")


def test_the_rank_card_draws_the_best_partner() -> None:
    """The issue's card: … recent form, best partner. Drawn on the form row, at the
    right; the rest of the card is the same picture."""
    s = Standing(27.25, 4.5, 437, 40, 25)
    for lang in ("en", "zh-CN", "zh-TW"):
        plain = Image.open(io.BytesIO(render_rank_card("alice", "fixed", 1, s, 3, [True], lang)))
        png = render_rank_card("alice", "fixed", 1, s, 3, [True], lang, partner=("鲍勃", 5, 4))
        card = Image.open(io.BytesIO(png))
        assert card.size == plain.size
        top = (0, 0, 480, 180)
        assert card.crop(top).tobytes() == plain.crop(top).tobytes()
        right = (260, 185, 480, 215)
        assert card.crop(right).tobytes() != plain.crop(right).tobytes()
    # No partner yet (fewer than 3 hands together): nothing drawn there.
    assert render_rank_card("bob", "fixed", 0, s, 1, [], "en", partner=None) == render_rank_card(
        "bob", "fixed", 0, s, 1, [], "en"
    )
