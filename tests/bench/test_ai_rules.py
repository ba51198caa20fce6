"""``python -m bench.ai rules``: the variants cover every setting value that changes
play and are valid tables, a tiny run gives its rows, and the usage counts agree with
the hands' public record (a bomb played is counted)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bench.ai.__main__ import COMMANDS
from bench.ai.play import Clock, play_deal
from bench.ai.rules import VARIANTS, Usage, main
from rules.actions import Action, Play
from rules.ai.basic import BasicPlayer
from rules.cards import counts_of
from rules.play import bomb_allowed, is_bomb, make_lead
from rules.presets import preset
from rules.ruleset_parts import (
    BOMBS,
    CALL_POLICIES,
    FOLLOW_PROTECTIONS,
    KITTY_SCHEMES,
    THROW_BEATINGS,
    THROWS,
)
from rules.views import View


def test_variants_cover_every_setting_value_and_are_valid() -> None:
    assert "rules" in COMMANDS
    seen: dict[str, set[object]] = {}
    for v in VARIANTS:
        rules = v.rules()  # validates
        base = preset(v.base)
        for key, value in v.changes.items():
            assert getattr(rules, key) == value != getattr(base, key), (v.name, key)
            seen.setdefault(key, set()).add(value)
        if rules.friends is not None:
            seen.setdefault("policy", set()).add(rules.friends.policy)
    assert len({v.name for v in VARIANTS}) == len(VARIANTS)
    assert seen["bombs"] == set(BOMBS) - {"off"}
    assert seen["bomb_order"] == {"trump-first"}
    assert seen["throw_beating"] == set(THROW_BEATINGS) - {"longest-first"}
    assert seen["throws"] == set(THROWS) - {"allowed"}
    assert seen["penalty_mode"] == {"per-card"}
    assert seen["follow_protection"] == set(FOLLOW_PROTECTIONS) - {"none"}
    assert seen["kitty_scheme"] == set(KITTY_SCHEMES) - {"power"}
    assert seen["policy"] == set(CALL_POLICIES)
    for key in ("tractor_min_length", "tractor_min_width", "kitty_theft", "kitty_cap"):
        assert key in seen
    for key in ("must_defend", "lowest_rank", "jokers"):
        assert key in seen


def test_a_tiny_run_gives_rows_with_counts(tmp_path: Path) -> None:
    out = tmp_path / "rules.json"
    only = ["classic", "kitty_theft on", "friends-6"]
    assert (
        main(["--pairs", "1", "--no-strong", "--seed", "t", "--json", str(out), "--only", *only])
        == 0
    )
    data = json.loads(out.read_text())
    assert [v["name"] for v in data["variants"]] == only
    for v in data["variants"]:
        (run,) = v["runs"]
        assert (run["a"], run["b"], run["hands"]) == ("basic", "random", 2)
        assert 0 <= run["hands_won"]["value"] <= 1
    usage = {v["name"]: v["runs"][0]["usage"] for v in data["variants"]}
    assert usage["classic"].get("B:throws", 0) >= usage["classic"].get("B:throws_failed", 0)
    theft = usage["kitty_theft on"]
    assert theft["A:steal_turns"] + theft["B:steal_turns"] > 0
    assert sum(theft.get(f"{k}:calls", 0) for k in "AB") == 0  # no calls without 找朋友
    assert sum(usage["friends-6"].get(f"{k}:calls", 0) for k in "AB") == 2 * 2  # 2 a hand


class Bomber(BasicPlayer):
    """Basic, but bombs every lead it legally can (no AI level bombs yet)."""

    def choose(self, view: View, rng: random.Random) -> Action | None:
        if view.phase == "playing" and view.turn == view.seat and view.current and view.hand:
            ctx, hand = view.context, counts_of(view.hand)
            lead = make_lead(ctx, view.current[0][1])
            for card, n in enumerate(hand):
                bomb = (card,) * len(lead.cards)
                if n >= len(bomb) and bomb_allowed(ctx, hand, lead, bomb):
                    assert view.seat is not None
                    return Play(view.seat, bomb)
        return super().choose(view, rng)


def test_bombs_played_are_counted_as_the_record_shows() -> None:
    rules = next(v for v in VARIANTS if v.name == "bombs any-suit").rules()
    labels = ["A", "B", "A", "B"]
    bombs = 0
    for deal in (0, 7):  # deals where a bomber holds a bomb for a four-card lead
        usage = Usage(rules, labels)
        m = play_deal(rules, f"bomb/{deal}", 2, deal % 4, [Bomber()] * 4, labels,
                      random.Random(deal), Clock(), None, usage.see)  # fmt: skip
        got = usage.counts()
        for label in "AB":
            shown = [
                t.points
                for t in m.view_for(None).tricks
                for seat, cards in t.plays[1:]
                if labels[seat] == label and is_bomb(cards) and not is_bomb(t.plays[0][1])
            ]
            assert got.get(f"{label}:bombs", 0) == len(shown)
            assert got.get(f"{label}:bombs_on_points", 0) == sum(p > 0 for p in shown)
            bombs += len(shown)
    assert bombs >= 2
