"""Tournament pairings, standings and duplicate scoring (bot.service.tournament):
properties over simulated events plus hand-checked cases."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.service.tournament.duplicate import (
    TableResult,
    imps,
    matchpoints,
    ns_raw,
    two_table_imps,
)
from bot.service.tournament.pairing import (
    BYE,
    MatchPoints,
    Result,
    knockout_first_round,
    knockout_next_round,
    round_robin,
    standings,
    swiss_round,
)


def _simulate_swiss(n: int, rounds: int, seed: int) -> list[Result]:
    rng = random.Random(seed)
    teams = list(range(n))
    scoring = MatchPoints()
    results: list[Result] = []
    for r in range(1, rounds + 1):
        pairs, bye = swiss_round(teams, results)
        seated = [t for p in pairs for t in p] + ([bye] if bye is not None else [])
        assert sorted(seated) == teams  # everyone plays or sits out, once
        for a, b in pairs:
            diff = rng.randint(-5, 5)
            results.append(Result(r, a, b, scoring.of(diff), diff))
            results.append(Result(r, b, a, scoring.of(-diff), -diff))
        if bye is not None:
            results.append(Result(r, bye, BYE, scoring.win))
    return results


@pytest.mark.parametrize(("n", "rounds"), [(8, 3), (9, 4), (16, 5), (64, 6), (7, 6)])
def test_swiss_never_rematches_and_shares_byes(n: int, rounds: int) -> None:
    for seed in range(5):
        results = _simulate_swiss(n, rounds, seed)
        meetings = Counter(frozenset((r.team, r.opponent)) for r in results if r.opponent != BYE)
        assert max(meetings.values()) == 2  # each meeting is counted from both sides once
        byes = Counter(r.team for r in results if r.opponent == BYE)
        assert not byes or max(byes.values()) - min(byes.get(t, 0) for t in range(n)) <= 1
        table = standings(list(range(n)), results)
        assert [s.place for s in table] == list(range(1, n + 1))
        assert sum(s.points for s in table) == sum(r.points for r in results)
        # Buchholz is the sum of the opponents' scores.
        points = {s.team: s.points for s in table}
        for s in table:
            assert s.buchholz == sum(points[o] for o in s.opponents)
        keys = [s.key() for s in table]
        assert keys == sorted(keys)


def test_swiss_first_round_pairs_by_seed_and_bye_goes_to_the_bottom() -> None:
    pairs, bye = swiss_round([0, 1, 2, 3, 4], [])
    assert bye == 4
    assert pairs == [(0, 1), (2, 3)]


def test_swiss_pairs_equal_scores_and_avoids_a_rematch() -> None:
    results = [
        Result(1, 0, 1, 2),
        Result(1, 1, 0, 0),
        Result(1, 2, 3, 2),
        Result(1, 3, 2, 0),
    ]
    pairs, bye = swiss_round([0, 1, 2, 3], results)
    assert bye is None
    assert pairs == [(0, 2), (1, 3)]  # the winners meet, then the losers


def test_swiss_settles_for_a_rematch_only_when_none_is_avoidable() -> None:
    teams = [0, 1]
    results = [Result(1, 0, 1, 2), Result(1, 1, 0, 0)]
    pairs, _ = swiss_round(teams, results)
    assert pairs == [(0, 1)]


def test_dropped_teams_are_not_paired() -> None:
    pairs, bye = swiss_round([0, 1, 2, 3], [], dropped=frozenset({1}))
    assert 1 not in {t for p in pairs for t in p} and bye == 3


def test_match_points_by_level_difference() -> None:
    assert [MatchPoints().of(d) for d in (3, 0, -1)] == [2, 1, 0]
    wide = MatchPoints(draw_margin=1)
    assert [wide.of(d) for d in (2, 1, -1, -2)] == [2, 1, 1, 0]


@pytest.mark.parametrize("n", [2, 3, 4, 7, 8, 10])
def test_round_robin_meets_everyone_once(n: int) -> None:
    rounds = round_robin(list(range(n)))
    assert len(rounds) == (n if n % 2 else n - 1)
    met: Counter[frozenset[int]] = Counter()
    for pairs in rounds:
        seated = [t for p in pairs for t in p if t != BYE]
        assert len(seated) == len(set(seated))
        met.update(frozenset(p) for p in pairs if BYE not in p)
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(n), 2)}
    assert set(met.values()) == {1}


def test_knockout_bracket() -> None:
    first = knockout_first_round([10, 11, 12, 13, 14, 15])  # six teams: two byes
    assert len(first) == 4
    assert (10, BYE) in first and (11, BYE) in first
    top_half = {t for p in first[:2] for t in p}
    assert 10 in top_half and 11 not in top_half  # seeds 1 and 2 meet only in the final
    assert knockout_first_round([0, 1, 2, 3, 4, 5, 6, 7])[0] == (0, 7)
    assert knockout_next_round([0, 3, 1, 2]) == [(0, 3), (1, 2)]
    # A dropped winner (BYE) or the odd one out: a walkover.
    assert knockout_next_round([0, BYE, 1, 2]) == [(0, BYE), (1, 2)]
    assert knockout_next_round([0, 1, 2]) == [(0, 1), (2, BYE)]


def _r(table: int, ns_attacked: bool, points: int, ns_levels: int) -> TableResult:
    return TableResult(1, table, ns_attacked, points, 80, ns_levels)


def test_duplicate_raw_result_from_north_south() -> None:
    # N/S attacked and took 120: +40 margin and E/W lost the deal (+1 level for N/S).
    assert ns_raw(_r(1, True, 120, 1)) == 40 + 40
    # N/S dealt and held E/W to 0: a margin of 80 and three levels.
    assert ns_raw(_r(2, False, 0, 3)) == 80 + 120


def test_two_table_imps_compare_the_same_seats() -> None:
    a_ns = _r(1, False, 40, 1)  # team A, N/S at table 1, defended: E/W took 40
    b_ns = _r(2, True, 40, -1)  # team B, N/S at table 2, attacked with the same cards: 40
    # A: +40 + 40 = 80; B: −40 − 40 = −80; the 160 swing (151..200) is 6 IMPs for A.
    assert two_table_imps(a_ns, b_ns) == 6
    assert two_table_imps(b_ns, a_ns) == -6
    assert two_table_imps(a_ns, a_ns) == 0


def test_imp_scale_is_capped_and_symmetric() -> None:
    assert [imps(d) for d in (0, 10, 11, 30, 31, 600, 601, 5000)] == [0, 0, 1, 1, 2, 11, 12, 12]
    assert imps(-250) == -imps(250)
    assert imps(5000, cap=8) == 8


def test_matchpoints_across_tables() -> None:
    results = [_r(1, True, 120, 1), _r(2, True, 60, -1), _r(3, True, 120, 1)]
    mp = matchpoints(results)
    assert mp == {1: (3, 1), 2: (0, 4), 3: (3, 1)}
    with pytest.raises(ValueError):
        matchpoints([_r(1, True, 0, 0), TableResult(2, 2, True, 0, 80, 0)])
