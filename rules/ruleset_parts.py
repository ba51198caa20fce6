"""The parts a rule set is made of (``rules.ruleset.RuleSet``): the values each field
may take and their limits, the nested parts (score bands and tables, the declaration
rules, the friends' rules) with the classic score table and the friends' kitty, and
``RuleSetError``, the error that names a field a table cannot be played with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

KittyScheme = Literal["power", "seed-003", "tournament", "linear"]
KITTY_SCHEMES: tuple[str, ...] = ("power", "seed-003", "tournament", "linear")
FallbackKind = Literal["no-trump", "flip", "suit", "redeal"]
FirstDealer = Literal["winning-bid", "first-bid"]
# 悔牌: who may take back a play (see ``RuleSet.play_takeback``).
PlayTakeback = Literal["off", "last-player", "penalty"]
PLAY_TAKEBACKS: tuple[str, ...] = ("off", "last-player", "penalty")
BidTakeback = Literal["off", "on"]
# 炒地皮: after a bury, the other seats may over-declare and take the kitty.
KittyTheft = Literal["off", "on"]
# Which cards the dealer may call as friends (找朋友): see ``FriendRules``.
CallPolicy = Literal["non-trump", "trumps-allowed", "no-top-card", "no-point-card"]
CALL_POLICIES: tuple[str, ...] = ("non-trump", "trumps-allowed", "no-top-card", "no-point-card")
MIN_PLAYERS, MAX_PLAYERS = 4, 10
# 打无主: the no-trump rank after A (house-rules.md 1g ``max_rank`` NT). As a level it
# has no level cards: only the jokers (and permanent trumps) are trump.
NT_RANK = 15
BidOrder = Literal["jokers-over-suits", "suit-order", "longer-only"]
BID_ORDERS: tuple[str, ...] = ("jokers-over-suits", "suit-order", "longer-only")
# Five decks seat ten at 找朋友 (27 cards each); units go up to quintuples.
MAX_DECKS = 5
# Declaration forms, weakest first in a rule set: "L<n>" = n identical level cards of
# one suit; "LJ<n>"/"BJ<n>" = n small/big jokers (no-trump); "LJ+P"/"BJ+P" = one
# small/big joker shown with a pair, or a tractor of pairs, of the suit (seed 001).
DECLARATION_FORMS = (
    "L1", "L2", "L3", "L4", "L5", "LJ2", "BJ2", "LJ3", "BJ3", "LJ4", "BJ4", "LJ5", "BJ5",
    "LJ+P", "BJ+P",
)  # fmt: skip

# House rules (follows and throws): the values each field takes.
FOLLOW_PROTECTIONS = (
    "none", "longer-tuples", "tractor-on-tractor", "both", "suit-only", "longer-tuples-strict",
)  # fmt: skip
THROW_BEATINGS = ("longest-first", "all", "highest", "unit-length")
THROWS = ("allowed", "forbidden")
PENALTY_MODES = ("per-attempt", "per-card")
BOMBS = ("off", "any-suit", "following-suit")
BOMB_MIN_DECKS = 4
# Between two bombs of one size: the higher rank first (trump breaks a tie), or trump
# first (the web table's order: any trump bomb over any plain one).
BOMB_ORDERS = ("rank-first", "trump-first")

# A follow pattern is a list of unit shapes "wxL" (width x length): "2x1" a pair,
# "2x3" a tractor of three pairs, "1x1" a single.
Shape = tuple[int, int]


class RuleSetError(ValueError):
    """A rule set that cannot be played. ``code`` (a stable reason, translated by the
    front ends under ``ruleset.<code>``) and ``params`` say which field and why, as
    ``RuleError`` does for actions; ``str(error)`` stays plain English for logs and
    library users."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"RuleSetError({self.code!r}, {self.message!r})"


def players_error(players: int) -> RuleSetError:
    return RuleSetError(
        "players_range",
        f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}",
        least=MIN_PLAYERS,
        most=MAX_PLAYERS,
        got=players,
    )


def unknown_value(setting: str, value: object, allowed: tuple[str, ...]) -> RuleSetError:
    """A field holding a value the engine does not know (a hand-edited file)."""
    choices = ", ".join(allowed)
    return RuleSetError(
        "unknown_value",
        f"{setting} must be one of {choices}, got {value!r}",
        setting=setting,
        value=str(value),
        choices=choices,
    )


@dataclass(frozen=True, slots=True)
class ScoreBand:
    """Attackers' points ≥ ``min_points`` (None = from -∞) give this result.

    ``winner`` is the team that gains ``levels``; ``"attackers"`` also means the
    attackers take over as defenders (a switch with 0 levels is a plain switch).
    """

    min_points: int | None
    winner: Literal["defenders", "attackers"]
    levels: int


@dataclass(frozen=True, slots=True)
class ScoreTable:
    bands: tuple[ScoreBand, ...]
    # Beyond the last band, one more level for each further ``extra_step`` points.
    extra_step: int | None = None
    # Most levels one hand may give (None = no cap).
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class DeclarationRules:
    forms: tuple[str, ...] = ("L1", "L2", "LJ2", "BJ2")
    self_reinforce: bool = True  # 自保: strengthen one's own suit
    self_override: bool = True  # 自反: change suit over one's own declaration
    fallback: FallbackKind = "no-trump"
    # flip: 1-based kitty card index; suit: 0..3 (Suit value)
    fallback_arg: int = 0
    # Most overrides in one hand (None = no limit); seed 001: one (顶牌只能顶一次).
    max_overrides: int | None = None


@dataclass(frozen=True, slots=True)
class FriendRules:
    """找朋友: the dealer's team is formed by calling cards after burying.

    ``calls`` None = players ÷ 2 − 1. ``no_double_join``: a called copy played by
    someone already on the dealer's team does not complete the call (the next copy
    does); without it such a copy spends the call (a wasted call).
    """

    calls: int | None = None
    policy: CallPolicy = "non-trump"
    no_double_join: bool = False
    # Levels a dealer team that wins while smaller than called gains on top.
    small_team_bonus: int = 1


def friends_kitty(players: int, decks: int, pack: int = 54) -> int:
    """The friends mode's kitty: what is left after an equal deal, at least 5.

    When the remainder is under 5, one card per player joins it until it is not;
    ``remainder + k × players`` always leaves a multiple of ``players``, so no card
    ever has to be removed from the decks.
    """
    kitty = pack * decks % players
    while kitty < 5:
        kitty += players
    return kitty


def classic_score_table(
    step: int, cap: int | None = None, steps: int = 2, deadzone: int = 1
) -> ScoreTable:
    """docs/rules.md §6 for any step s: 0 → +3, <s → +2, <2s → +1, <3s switch, …

    In general (house-rules.md 1f): the attackers take over at ``steps`` × s; below
    that the defenders gain ``steps`` + 1 for a clean sweep (0 points), then one
    level less per step; ``deadzone`` steps after the take-over give no level, then
    one more level per step.
    """
    bands = [ScoreBand(None, "defenders", steps + 1), ScoreBand(1, "defenders", steps)]
    bands.extend(ScoreBand(k * step, "defenders", steps - k) for k in range(1, steps))
    if deadzone:
        bands.append(ScoreBand(steps * step, "attackers", 0))
    bands.append(ScoreBand((steps + deadzone) * step, "attackers", 1))
    return ScoreTable(bands=tuple(bands), extra_step=step, cap=cap)
