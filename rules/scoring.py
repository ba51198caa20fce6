"""End of a hand: kitty multiplier, score → levels, next dealer, match win
(docs/rules.md §5–6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.ruleset import RuleSet
from rules.ruleset_parts import Shape

Team = Literal[0, 1]  # team 0 = seats 0 & 2, team 1 = seats 1 & 3


def team_of(seat: int) -> Team:
    return 0 if seat % 2 == 0 else 1


def kitty_multiplier(rules: RuleSet, lead_shapes: Sequence[Shape]) -> int:
    """Multiplier for the kitty's points when the attackers win the last trick.

    The winning play has the lead's shape, so the lead's units decide: its
    largest unit by card count (a throw counts by its largest unit).
    """
    if not lead_shapes:
        return 1
    w, length = max(lead_shapes, key=lambda s: (s[0] * s[1], s[1] >= 2, s[0]))
    size = w * length
    scheme = rules.kitty_scheme
    if scheme == "power":
        return min(1 << size, rules.kitty_cap)
    if scheme == "linear":
        return min(2 * size, rules.kitty_cap)
    if scheme == "tournament":
        if len(lead_shapes) > 1:
            return 2  # a throw counts as a single (甩牌抠底按单抠计)
        if length >= 2:
            return 8
        return 4 if w >= 2 else 2
    # seed-003: Titanic 2·3^len, triple 6, tractor 2·2^len, pair 4, single 2
    if any(s[0] >= 3 and s[1] >= 2 for s in lead_shapes):
        n = max(s[1] for s in lead_shapes if s[0] >= 3 and s[1] >= 2)
        titanic: int = 2 * 3**n
        return min(titanic, rules.kitty_cap)
    if any(s[0] >= 3 for s in lead_shapes):
        return 6
    if any(s[1] >= 2 for s in lead_shapes):
        n = max(s[1] for s in lead_shapes if s[1] >= 2)
        return min(2 << n, rules.kitty_cap)
    if any(s[0] >= 2 for s in lead_shapes):
        return 4
    return 2


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """What the attackers' points are worth: who gains how many levels."""

    winner: Literal["defenders", "attackers"]
    levels: int

    @property
    def takeover(self) -> bool:
        return self.winner == "attackers"


def score_result(rules: RuleSet, attackers_points: int) -> ScoreResult:
    table = rules.score_table
    band = table.bands[0]
    for b in table.bands[1:]:
        if b.min_points is not None and attackers_points >= b.min_points:
            band = b
    levels = band.levels
    last = table.bands[-1]
    if band is last and table.extra_step and last.min_points is not None:
        levels += (attackers_points - last.min_points) // table.extra_step
    if table.cap is not None:
        levels = min(levels, table.cap)
    return ScoreResult(band.winner, levels)


def advance_level(rules: RuleSet, level: int, steps: int, defending: bool = True) -> int:
    """Climb ``steps`` levels; stop at the last level and at must-play levels.

    With ``must_defend`` a team at a must-play level leaves it only by winning as
    the defenders (house-rules.md 1g): a take-over there gains no level.
    """
    seq = rules.levels
    i = seq.index(level)
    if rules.must_defend and not defending and level in rules.must_play:
        return level
    for _ in range(steps):
        if i == len(seq) - 1:
            break
        i += 1
        if seq[i] in rules.must_play:
            break
    return seq[i]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    attackers_points: int
    result: ScoreResult
    levels: tuple[int, int]  # both teams' levels after the hand
    next_dealer: int
    match_winner: Team | None
    jack_reset: bool = False


def settle_hand(
    rules: RuleSet,
    levels: tuple[int, int],
    dealer: int,
    attackers_points: int,
    last_trick_by_attackers: bool = False,
    last_winning_cards: Sequence[int] = (),
) -> HandOutcome:
    """Apply a hand's score: new levels, next dealer, and the match winner if any.

    A team wins the match by defending successfully at the last level.
    """
    defenders: Team = team_of(dealer)
    attackers: Team = 1 - defenders  # type: ignore[assignment]
    result = score_result(rules, attackers_points)
    new = list(levels)
    winner: Team | None = None
    jack_reset = False
    if result.winner == "defenders":
        if levels[defenders] == rules.levels[-1]:
            winner = defenders
        new[defenders] = advance_level(rules, levels[defenders], result.levels)
        next_dealer = (dealer + 2) % 4 if rules.hold_next == "partner" else dealer
    else:
        new[attackers] = advance_level(rules, levels[attackers], result.levels, defending=False)
        next_dealer = (dealer + 1) % 4
    if (
        rules.jack_rule
        and levels[defenders] == 11
        and last_trick_by_attackers
        and any(c < 52 and c % 13 + 2 == 11 for c in last_winning_cards)
    ):
        new[defenders] = rules.levels[0]
        jack_reset = True
    return HandOutcome(attackers_points, result, (new[0], new[1]), next_dealer, winner, jack_reset)
