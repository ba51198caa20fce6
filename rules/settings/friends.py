"""找朋友 (Finding Friends): how many friends are called, which cards may be called,
double joins and the small-team bonus (docs/rules.md: 找朋友; house-rules.md 1c, 1f).

Views over ``FriendRules``; they mean something only at a 找朋友 table, so a
fixed-partner table refuses any value but the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import CALL_POLICIES, FriendRules
from rules.settings.core import Setting

_DEFAULTS = FriendRules()


def _friends(rs: RuleSet) -> FriendRules:
    return rs.friends if rs.friends is not None else _DEFAULTS


def _writer(
    name: str, default: str, value: Callable[[str], Any], field: str
) -> Callable[[RuleSet, str], RuleSet]:
    def write(rs: RuleSet, v: str) -> RuleSet:
        if rs.friends is None:
            if v == default:
                return rs
            raise RuleSetError(
                "friends_only",
                f"{name} applies only at 找朋友 (Finding Friends) tables",
                setting=name,
            )
        return replace(rs, friends=replace(rs.friends, **{field: value(v)}))

    return write


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="friend_calls",
        group="friends",
        default="auto",
        description="How many friends the dealer calls: auto is players ÷ 2 − 1",
        read=lambda rs: "auto" if _friends(rs).calls is None else str(_friends(rs).calls),
        write=_writer("friend_calls", "auto", lambda v: None if v == "auto" else int(v), "calls"),
        choices=("auto",),
        bounds=(0, 9),
        source="docs/rules.md 找朋友; house-rules.md 1a FindingFriends num_friends",
    ),
    Setting(
        name="call_policy",
        group="friends",
        default="non-trump",
        description=(
            "Which cards may be called: non-trump only, trumps too, no top card "
            "(A, or K at level A), or no point card"
        ),
        read=lambda rs: _friends(rs).policy,
        write=_writer("call_policy", "non-trump", str, "policy"),
        choices=CALL_POLICIES,
        source="docs/rules.md 找朋友; house-rules.md 1c friend_selection_policy",
    ),
    Setting(
        name="double_join",
        group="friends",
        default="allowed",
        description=(
            "A called card played by someone already on the dealer's team: spends the "
            "call (allowed) or is not counted (ignored)"
        ),
        read=lambda rs: "ignored" if _friends(rs).no_double_join else "allowed",
        write=_writer("double_join", "allowed", lambda v: v == "ignored", "no_double_join"),
        choices=("allowed", "ignored"),
        source="docs/rules.md 找朋友; house-rules.md 1c multiple_join_policy",
    ),
    Setting(
        name="small_team_bonus",
        group="friends",
        default="1",
        description="Extra levels for a dealer team that wins while smaller than called",
        read=lambda rs: str(_friends(rs).small_team_bonus),
        write=_writer("small_team_bonus", "1", int, "small_team_bonus"),
        bounds=(0, 3),
        source="docs/rules.md 找朋友; house-rules.md 1f bonus_level_policy",
    ),
)
