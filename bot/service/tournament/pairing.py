"""Tournament pairings and standings: pure functions, no I/O (the event service
stores what they return). Teams are ints (their entry numbers, 0 = top seed).

- Swiss: teams of equal score meet, never the same opponent twice while a
  pairing without a rematch exists; with an odd count the lowest-placed team that
  has not had one gets the bye (it scores a win). Ties break by Buchholz (the sum
  of the opponents' scores), then the level difference, then the seed.
- Round robin: the circle method, a bye each round when the count is odd.
- Knockout: seeds 1 v N, 2 v N-1 …, byes to the top seeds up to a power of two;
  each next round pairs the winners in bracket order (a team whose opponent
  dropped out has a walkover: a bye).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

BYE = -1  # the "opponent" of a team that sits a round out
TABLE = -2  # the "opponent" at a 找朋友 table of individuals (many: no Buchholz)


@dataclass(frozen=True, slots=True)
class Result:
    """One team's round: the opponent (BYE for a bye), match points, levels for − against."""

    round_no: int
    team: int
    opponent: int
    points: int
    level_diff: int = 0


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """Win / draw / loss points and how a round is decided (by levels reached, or the
    level difference: a draw only when it is within ``draw_margin``)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    draw_margin: int = 0

    def of(self, level_diff: int) -> int:
        if abs(level_diff) <= self.draw_margin:
            return self.draw
        return self.win if level_diff > 0 else self.loss


@dataclass(slots=True)
class Standing:
    team: int
    points: int = 0
    buchholz: int = 0
    level_diff: int = 0
    opponents: list[int] = field(default_factory=list)
    byes: int = 0
    place: int = 0

    def key(self) -> tuple[int, int, int, int]:
        return (-self.points, -self.buchholz, -self.level_diff, self.team)


def standings(teams: Sequence[int], results: Sequence[Result]) -> list[Standing]:
    """Every team's standing, best first (places 1..n; equal keys never occur: the
    seed breaks the last tie)."""
    table = {t: Standing(t) for t in teams}
    for r in results:
        s = table[r.team]
        s.points += r.points
        s.level_diff += r.level_diff
        if r.opponent == BYE:
            s.byes += 1
        elif r.opponent != TABLE:
            s.opponents.append(r.opponent)
    for s in table.values():
        s.buchholz = sum(table[o].points for o in s.opponents if o in table)
    ordered = sorted(table.values(), key=Standing.key)
    for i, s in enumerate(ordered, 1):
        s.place = i
    return ordered


def swiss_round(
    teams: Sequence[int], results: Sequence[Result], dropped: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int | None]:
    """The next Swiss round: (pairs, the team with the bye or None)."""
    order = [s for s in standings(teams, results) if s.team not in dropped]
    bye: int | None = None
    if len(order) % 2:
        # The lowest-placed team with the fewest byes sits out.
        fewest = min(s.byes for s in order)
        pick = next(s for s in reversed(order) if s.byes == fewest)
        bye = pick.team
        order = [s for s in order if s.team != bye]
    met: dict[int, set[int]] = {s.team: set(s.opponents) for s in order}
    ranked = [s.team for s in order]
    budget = [SEARCH_BUDGET]
    pairs = _pair(ranked, met, budget)
    if pairs is None:  # no rematch-free pairing (or too costly to find): by placing
        pairs = [(ranked[i], ranked[i + 1]) for i in range(0, len(ranked), 2)]
    return pairs, bye


SEARCH_BUDGET = 20_000  # pairing attempts before settling for rematches


def _pair(
    ranked: list[int], met: Mapping[int, set[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Top-down pairing with backtracking: the best-placed free team meets the next
    best it has not met yet (None: impossible, or the budget ran out)."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if other in met[first]:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tail = _pair(rest[:i] + rest[i + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def round_robin(teams: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Every round of a round robin (circle method): each team meets each other
    once; with an odd count one team sits out each round (paired with BYE)."""
    slots = list(teams) + ([BYE] if len(teams) % 2 else [])
    n = len(slots)
    rounds: list[list[tuple[int, int]]] = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 or b == BYE else (b, a))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]  # rotate all but the first
    return rounds


def knockout_first_round(seeds: Sequence[int]) -> list[tuple[int, int]]:
    """Seeded bracket: 1 v N, with byes (BYE) for the top seeds up to a power of two,
    laid out so the top two seeds can only meet in the final."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = [0]
    while len(order) < size:  # the standard bracket order of seed positions
        m = len(order) * 2
        order = [x for s in order for x in (s, m - 1 - s)]
    entries = list(seeds) + [BYE] * (size - len(seeds))
    return [(entries[order[i]], entries[order[i + 1]]) for i in range(0, size, 2)]


def knockout_next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round: the winners of adjacent matches meet, in bracket order. A
    winner whose opponent is BYE (that winner dropped out) has a walkover, and so
    has the last one of an odd count (a match both teams of which dropped)."""
    slots = [*winners, BYE] if len(winners) % 2 else list(winners)
    return [(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)]
