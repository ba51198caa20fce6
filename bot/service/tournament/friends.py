"""找朋友 events by individuals (a rule set with ``friends``): pure, like
``pairing``. Players register alone; each round seats them by standings in
tables of the rule set's N players (Swiss by individual score: the leaders
together, and so on down), the fewest players who must sit out getting a bye —
the lowest-placed with the fewest byes so far. A player scores the levels they
gained at the table; a bye scores the round's mean (rounded down), so sitting
out neither helps nor hurts much."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.tournament.pairing import BYE, TABLE, Result, standings
from storage.tournaments import PairingInfo


def friends_round(
    players: Sequence[int], results: Sequence[Result], dropped: frozenset[int], size: int
) -> tuple[list[list[int]], list[int]]:
    """The round's tables (entries in seat order) and its byes."""
    order = [s for s in standings(players, results) if s.team not in dropped]
    sit_out = len(order) % size
    # From the bottom up, those with the fewest byes sit out.
    bottom_up = sorted(reversed(order), key=lambda s: s.byes)
    byes = sorted(s.team for s in bottom_up[:sit_out])
    seated = [s.team for s in order if s.team not in byes]
    tables = [seated[i : i + size] for i in range(0, len(seated), size)]
    return tables, byes


def seat_levels(levels_before: Sequence[int], levels_after: Sequence[int]) -> list[int]:
    """The levels each seat gained over a table's hands."""
    return [b - a for a, b in zip(levels_before, levels_after, strict=True)]


def friends_results(round_no: int, tables: Sequence[PairingInfo]) -> list[Result]:
    """Each player's round: the levels gained at their table, or a bye's mean."""
    out: list[Result] = []
    played: list[int] = []
    for t in tables:
        if t.ew_team == BYE:
            continue
        for team, gained in zip(t.seats, t.seat_levels, strict=False):
            out.append(Result(round_no, team, TABLE, gained, gained))
            played.append(gained)
    mean = sum(played) // len(played) if played else 0
    out += [Result(round_no, t.ns_team, BYE, mean, 0) for t in tables if t.ew_team == BYE]
    return out
