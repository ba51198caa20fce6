"""A round's tables into match results (``pairing.Result``): pure, so a restarted
bot and the standings page agree. A table's stored result is the N/S view (levels
gained by N/S minus E/W's; duplicate: the N/S raw score); a bye is a win."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.tournament.duplicate import LEVEL_WEIGHT, TableResult, ns_raw, two_table_imps
from bot.service.tournament.pairing import BYE, MatchPoints, Result
from rules.ruleset import RuleSet
from storage.tournaments import PairingInfo, PlayedHand


def threshold(rules: RuleSet) -> int:
    """The take-over line: the fewest points with which the attackers win."""
    lines = [
        b.min_points
        for b in rules.score_table.bands
        if b.winner == "attackers" and b.min_points is not None
    ]
    return min(lines) if lines else 0


def level_diff(hands: Sequence[PlayedHand]) -> int:
    """Levels N/S gained over the table's hands minus the levels E/W gained."""
    if not hands:
        return 0
    first, last = hands[0].levels_before, hands[-1].levels_after
    return (last[0] - first[0]) - (last[1] - first[1])


def board_result(board: int, table: int, hand: PlayedHand, rules: RuleSet) -> TableResult:
    """A duplicate table's one hand as ``duplicate`` scores it."""
    return TableResult(
        board=board,
        table=table,
        ns_attacked=hand.dealer % 2 == 1,
        attackers_points=hand.attackers_points,
        threshold=threshold(rules),
        ns_levels=level_diff([hand]),
    )


NO_SHOW_RULES = ("counts", "forfeit")  # an event's rule for a no-show's match


def absent_teams(t: PairingInfo) -> set[int]:
    """The teams with a seat an AI took for a no-show (N/S seats are even)."""
    return {t.ns_team if seat % 2 == 0 else t.ew_team for seat in t.no_shows}


def round_results(
    round_no: int,
    tables: Sequence[PairingInfo],
    points: MatchPoints,
    *,
    duplicate: bool = False,
    no_show: str = "counts",
) -> list[Result]:
    """Each team's result of one finished round (two per match, one per bye).

    Duplicate: a match is played at two tables (team A N/S at the odd one, E/W at
    the even one); its margin is the odd table's ``ns_raw``, the IMPs of team A
    over the boards (``board_imps``). ``no_show``: ``counts`` — the result stands as
    the AI seats played it; ``forfeit`` — a team with a no-show (at either table of
    a duplicate match) loses the match, both if both had one (the margin stays)."""
    by_no = {t.table_no: t for t in tables}
    out: list[Result] = []
    for t in tables:
        if t.ew_team == BYE:
            out.append(Result(round_no, t.ns_team, BYE, points.win, 0))
            continue
        if duplicate and t.table_no % 2 == 0:
            continue
        d = (t.ns_raw if duplicate else t.level_diff) or 0
        ns_points, ew_points = points.of(d), points.of(-d)
        if no_show == "forfeit":
            absent = absent_teams(t)
            other = by_no.get(t.table_no + 1) if duplicate else None
            if other is not None:
                absent |= absent_teams(other)
            if absent:
                ns_points = points.loss if t.ns_team in absent else points.win
                ew_points = points.loss if t.ew_team in absent else points.win
        out.append(Result(round_no, t.ns_team, t.ew_team, ns_points, d))
        out.append(Result(round_no, t.ew_team, t.ns_team, ew_points, -d))
    return out


def board_imps(
    first: Sequence[PlayedHand], second: Sequence[PlayedHand], first_board: int, rules: RuleSet
) -> int:
    """Team A's IMPs over a duplicate match: board by board, its N/S result at the
    first table against the other team's N/S result at the second (a board one
    table has not played scores nothing)."""
    total = 0
    for i, (a, b) in enumerate(zip(first, second, strict=False)):
        board = first_board + i
        total += two_table_imps(board_result(board, 1, a, rules), board_result(board, 2, b, rules))
    return total


def ns_raw_of(board: int, table: int, hand: PlayedHand, rules: RuleSet) -> int:
    return ns_raw(board_result(board, table, hand, rules), LEVEL_WEIGHT)


def winners(tables: Sequence[PairingInfo], results: Sequence[Result]) -> list[int]:
    """Knockout: each match's winner in bracket (table) order: the more match points
    (a forfeit), else the margin; a draw goes to the higher seed (the lower number)."""
    by_team = {r.team: r for r in results}
    seen: set[int] = set()
    out = []
    for t in sorted(tables, key=lambda t: t.table_no):
        if t.ns_team in seen:
            continue
        seen.update((t.ns_team, t.ew_team))
        if t.ew_team == BYE:
            out.append(t.ns_team)
            continue
        ns, ew = by_team[t.ns_team], by_team.get(t.ew_team)
        if ew is not None and ns.points != ew.points:  # a forfeit decides before levels
            out.append(t.ns_team if ns.points > ew.points else t.ew_team)
            continue
        d = ns.level_diff
        if d == 0:
            out.append(min(t.ns_team, t.ew_team))
        else:
            out.append(t.ns_team if d > 0 else t.ew_team)
    return out
