"""复式 (duplicate) scoring: a board is one deal played at several tables with the
same cards at the same seats; a result is scored against the others who held the
same cards. Pure functions (the event service feeds them stored hands).

A board is dealt once, by its own dealer (``board_dealer``), and never dealt
again: hand 1 of a fresh match would otherwise go to whoever declares first and
be redealt when nobody does, so a table that passed out played other cards than
its twin (``board_match``).

A table's raw result is read from the North/South seats (0 and 2): the points
margin of the side that attacked against the take-over line, plus a weight per
level gained, both signed for N/S. Which suit is trump may differ between
tables — that is the play — so only the N/S view is compared.

- Two tables (teams swap seats): the difference converted to a capped IMP-like
  scale (``imps``); team A's score is imps(A's N/S result − B's N/S result).
- Many tables: matchpoints, 2 for each N/S result beaten on the board, 1 a tie;
  E/W get the rest.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.game import Match
from rules.ruleset import RuleSet

# The upper edge of each IMP step of a raw difference (an 80-point game at two
# decks: a 10-point swing is noise, a lost take-over about 4, a slam of levels 12).
IMP_STEPS: tuple[int, ...] = (10, 30, 50, 80, 110, 150, 200, 250, 300, 400, 500, 600)
LEVEL_WEIGHT = 40  # raw points one level is worth (the score step at two decks)


def board_dealer(board: int, players: int = 4) -> int:
    """Who deals board ``board`` (from 1): seats 0, 1, 2, 3 in turn, as bridge
    boards rotate N, E, S, W."""
    return (board - 1) % players


def board_rules(rules: RuleSet) -> RuleSet:
    """The event's rules as a board plays them. A board is one deal, so when
    nobody declares it is not dealt again: a ``redeal`` fallback becomes seed 000
    rule 七, the dealer turns up the first kitty card for trump (a joker: no
    trump), or with no kitty no-trump (the classic rule). Other fallbacks stand."""
    d = rules.declaration
    if d.fallback != "redeal":
        return rules
    turned = replace(d, fallback="flip", fallback_arg=1)
    kept = turned if rules.kitty_size > 0 else replace(d, fallback="no-trump", fallback_arg=0)
    return replace(rules, declaration=kept)


def board_match(rules: RuleSet, key: str, board: int) -> Match:
    """Board ``board``: a single hand dealt from its ``key`` with its dealer set,
    so every table of it plays these very cards whoever declares (or nobody)."""
    return Match(board_rules(rules), key, first_dealer=board_dealer(board, rules.players))


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's hand of a board, as the rules scored it."""

    board: int
    table: int
    ns_attacked: bool  # were N/S the attackers (the side not dealing)?
    attackers_points: int  # with the kitty and throw penalties
    threshold: int  # the take-over line of the rule set (80 at two decks)
    ns_levels: int  # levels N/S gained this hand minus levels E/W gained


def ns_raw(r: TableResult, level_weight: int = LEVEL_WEIGHT) -> int:
    margin = r.attackers_points - r.threshold
    return (margin if r.ns_attacked else -margin) + level_weight * r.ns_levels


def imps(difference: int, cap: int = len(IMP_STEPS)) -> int:
    """A raw difference on the IMP-like scale, signed, at most ``cap`` either way."""
    step = bisect_right(IMP_STEPS, abs(difference) - 1) if difference else 0
    step = min(step, cap)
    return step if difference >= 0 else -step


def two_table_imps(
    first: TableResult, second: TableResult, level_weight: int = LEVEL_WEIGHT
) -> int:
    """IMPs for the team that sat N/S at ``first`` (and E/W at ``second``)."""
    if first.board != second.board:
        raise ValueError("results of different boards")
    return imps(ns_raw(first, level_weight) - ns_raw(second, level_weight))


def matchpoints(
    results: Sequence[TableResult], level_weight: int = LEVEL_WEIGHT
) -> dict[int, tuple[int, int]]:
    """Per table of one board: (N/S matchpoints, E/W matchpoints)."""
    if len({r.board for r in results}) > 1:
        raise ValueError("results of different boards")
    raws = {r.table: ns_raw(r, level_weight) for r in results}
    top = 2 * (len(results) - 1)
    out: dict[int, tuple[int, int]] = {}
    for table, mine in raws.items():
        ns = sum(
            2 if mine > other else 1 if mine == other else 0
            for t, other in raws.items()
            if t != table
        )
        out[table] = (ns, top - ns)
    return out
