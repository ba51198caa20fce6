"""The AI benchmarks (``python -m bench.ai``): duplicate deals, statistics reproducible
from the seed (in one process or several), the count of point cards led into a shown
void, the oracles, the runs' records read back (paired, gap, pool), the latency sweep,
the walk diagnostic and the command lines."""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import time
from typing import Any

import pytest

from bench.ai.__main__ import main as ai_main
from bench.ai.match import main, play_pair, report, run_pairs
from bench.ai.play import pair_params
from bench.ai.players import ORACLE_KWARGS, STRONG_KWARGS, build_player, strong_kwargs
from bench.ai.records import (
    Config,
    HandRecord,
    HandRow,
    MatchRun,
    PairResult,
    read_run,
    write_run,
)
from bench.ai.stats import bootstrap, summarise, timing, wilson
from bench.ai.voids import VoidLeads, shown_voids
from rules.actions import Action, Play
from rules.ai.base import LEVELS, make_player
from rules.ai.basic import BasicPlayer
from rules.ai.common import ruff_suits
from rules.ai.state import public_of
from rules.ai.strong import StrongPlayer
from rules.cards import Card, Suit, counts_of
from rules.presets import preset
from rules.trump import TRUMP
from rules.views import TrickView, View
from tests.support.ai_helpers import lead_view

SLOW = os.environ.get("SHENGJI_SLOW") == "1"


def test_pairs_are_duplicate_deals() -> None:
    r = play_pair(Config("basic", "random", "dup"), 0)
    a, b = r.hands
    assert (a.level, a.dealer) == (b.level, b.dealer)
    assert a.a_attacking != b.a_attacking  # A attacks once and defends once
    for h in r.hands:
        assert h.a_levels == 0 or h.b_levels == 0
        assert h.a_won == (h.a_levels > 0 or (h.a_attacking and h.attackers_points >= 80))


def test_seats_won_credit_each_seat_with_its_own_side() -> None:
    """Fixed partners: two seats per hand won, so the share is the hands-won figure.
    找朋友: the winning side's seats, by label, whatever the mix of A and B in it."""
    r = play_pair(Config("basic", "random", "seats"), 0)
    for h in r.hands:
        assert (h.a_seats_won, h.b_seats_won) == ((2, 0) if h.a_won else (0, 2))
        assert (h.a_seats_lost, h.b_seats_lost) == ((0, 2) if h.a_won else (2, 0))
    stats = summarise([r], "seats", reps=50)
    assert stats["seats_won"]["value"] == stats["all"]["hands_won"]["value"]
    assert stats["seats_won"]["ceiling"] == 1.0  # fixed partners: A could win every hand
    rules = preset("friends-6")
    mixed = 0
    hands = []
    for pair in range(3):
        for h in play_pair(Config("basic", "random", "seats", preset="friends-6"), pair).hands:
            assert 1 <= h.a_seats_won + h.b_seats_won <= rules.players - 1
            assert h.a_seats_won + h.b_seats_won + h.a_seats_lost + h.b_seats_lost == 6
            assert h.a_seats_won + h.a_seats_lost == 3  # A and B alternate round the table
            mixed += h.a_seats_won > 0 and h.b_seats_won > 0
            hands.append(h)
    assert mixed  # sides mix A and B seats: the reason for the figure
    ceiling = summarise([PairResult(hands)], "seats", reps=50)["seats_won"]["ceiling"]
    assert 0.5 < ceiling < 1.0


def _sides(won: tuple[int, int], lost: tuple[int, int]) -> HandRecord:
    return HandRecord(
        pair=0,
        run=0,
        a_won=True,
        a_levels=1,
        b_levels=0,
        a_seats_won=won[0],
        b_seats_won=won[1],
        a_seats_lost=lost[0],
        b_seats_lost=lost[1],
        level=2,
        dealer=0,
        trump=None,
        a_attacking=False,
        attackers_points=0,
        margin=0,
    )


def test_seats_won_ceiling_is_the_best_a_could_do_with_the_sides() -> None:
    """The ceiling is the highest share of A seats among the winners A could reach by
    choosing which side wins each hand, the sides kept: not always the side with the
    larger share (a lone A seat loses to 4 A seats of 5 when that raises the total)."""
    from bench.ai.stats import seat_ceiling

    hands = [
        _sides((1, 2), (2, 1)),  # the B-heavy side won: A would make the other side win
        _sides((3, 0), (0, 3)),
        _sides((1, 1), (2, 2)),  # equal shares: the smaller side costs the ratio less
    ]
    ceiling = summarise([PairResult(hands)], "c", reps=10)["seats_won"]["ceiling"]
    assert ceiling == pytest.approx((2 + 3 + 1) / (3 + 3 + 2))
    # (1 A) alone vs (4 A, 1 B): with (3 A, 2 B) from another hand, 7/10 beats 4/6
    assert seat_ceiling([(3, 2, 2, 3), (1, 0, 4, 1)]) == pytest.approx(0.7)
    assert seat_ceiling([(3, 2, 2, 3), (1, 0, 1, 4)]) == pytest.approx(4 / 6)
    # the exhaustive maximum over every choice, on random sides of six seats
    import itertools

    rnd = random.Random(5)
    for _ in range(30):
        sides = []
        for _ in range(rnd.randint(1, 6)):
            won = rnd.randint(1, 5)
            a_w = rnd.randint(0, won)
            a_l = rnd.randint(0, 6 - won)
            sides.append((a_w, won - a_w, a_l, 6 - won - a_l))
        best = max(
            sum(s[2 * k] for s, k in zip(sides, pick, strict=True))
            / sum(s[2 * k] + s[2 * k + 1] for s, k in zip(sides, pick, strict=True))
            for pick in itertools.product((0, 1), repeat=len(sides))
        )
        assert seat_ceiling(sides) == pytest.approx(best)


def test_pair_parameters_come_from_the_seed() -> None:
    rules = preset("classic")
    assert pair_params(rules, "s", 3) == pair_params(rules, "s", 3)
    assert {pair_params(rules, "s", i)[1] for i in range(40)} <= set(range(2, 12))
    assert len({pair_params(rules, "s", i) for i in range(10)}) == 10


def test_statistics_are_reproducible_from_the_seed() -> None:
    cfg = Config("basic", "random", "repro")
    one = summarise(run_pairs(cfg, 3, jobs=1), cfg.seed, reps=200)
    again = summarise(run_pairs(cfg, 3, jobs=1), cfg.seed, reps=200)
    assert one == again
    parallel = summarise(run_pairs(cfg, 3, jobs=2), cfg.seed, reps=200)
    assert parallel == one
    other = summarise(run_pairs(Config("basic", "random", "other"), 3, jobs=1), "other", reps=200)
    assert other != one


def test_strong_with_a_sample_cap_is_reproducible() -> None:
    cfg = Config("strong", "basic", "repro-strong", samples=2)
    a = run_pairs(cfg, 1)
    b = run_pairs(cfg, 1)
    assert [h for r in a for h in r.hands] == [h for r in b for h in r.hands]
    t = timing(a)
    assert t["A"]["decisions"] > 0 and t["A"]["p99_ms"] >= t["A"]["median_ms"]


def test_intervals() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo < 0.21
    assert wilson(0, 0) == (0.0, 1.0)
    r = play_pair(Config("basic", "basic", "mirror"), 0)
    lo2, hi2 = bootstrap(
        [r.hands], lambda hs: sum(h.a_won for h in hs) / len(hs), random.Random(0), 50
    )
    assert lo2 == hi2 == 0.5  # a mirror match: each side wins once


def code(run: Any, argv: list[str]) -> int:
    """A command's exit code, whether it returns it or argparse exits with it."""
    try:
        return int(run(argv))
    except SystemExit as exc:
        return int(exc.code or 0)


def test_one_command_with_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bench.ai``: the list of commands, each run by name; an unknown one or
    none is refused with the list."""
    assert ai_main(["--help"]) == 0
    listed = capsys.readouterr().out
    for name in ("match", "lone", "paired", "gap", "pool", "latency", "stall", "walk"):
        assert f"\n  {name} " in listed
    assert ai_main([]) == 2 and "usage: python -m bench.ai COMMAND" in capsys.readouterr().err
    assert ai_main(["strong", "basic"]) == 2
    assert "unknown command 'strong'" in capsys.readouterr().err
    assert code(ai_main, ["match", "--help"]) == 0
    assert "usage: python -m bench.ai match" in capsys.readouterr().out
    # an unknown preset is refused before anything runs
    assert code(main, ["basic", "random", "--preset", "nope"]) == 2
    assert "unknown preset 'nope'" in capsys.readouterr().err


def test_command_line(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    out = os.path.join(str(tmp_path), "figures.json")
    argv = ["match", "basic", "random", "--pairs", "2", "--seed", "cli", "--quiet", "--json", out]
    assert ai_main(argv) == 0
    text = capsys.readouterr().out
    for word in (
        "hands won",
        "level rate",
        "level swing",
        "point margin",
        "A attacking",
        "A defending",
        "decision time A (basic)",
        "p99",
        "point cards led into a shown void, A (basic)",
    ):
        assert word in text
    assert os.path.exists(out)


@pytest.mark.slow
def test_basic_beats_random() -> None:
    """The target of the README, at a smaller size unless SHENGJI_SLOW=1."""
    pairs = 500 if SLOW else 12
    cfg = Config("basic", "random", "slow")
    stats = summarise(run_pairs(cfg, pairs, jobs=2), cfg.seed, reps=300)
    assert stats["all"]["level_rate"]["value"] >= 0.9


# ---- point cards led into a shown void ------------------------------------------------------

# Hearts trump, level 2, seat 1 deals: seat 1 discards on spades (a shown void, trumps
# still out); seat 0 wins the trick and leads next.
SPADES_VOID_1 = [(2, "♠3"), (3, "♠4"), (0, "♠6"), (1, "♦5")]
OWN = "♠K ♠10 ♣4 ♥3 ♥4 ♥6 ♥6 ♥7 ♥7 ♥8 ♥8 ♥9 ♥9 ♥J ♥J ♥Q ♥A ♥A ♠2 ♣2 ♦2 ♦2 LJ BJ"


def test_void_leads_are_read_from_the_record() -> None:
    view = lead_view(0, OWN, [SPADES_VOID_1])
    assert shown_voids(view)[1] == {Suit.SPADES} and not any(
        shown_voids(view)[s] for s in (0, 2, 3)
    )
    check = VoidLeads()
    check.before(view, "A", Play(0, (Card.S10,)))  # points into seat 1's void: counted
    check.before(view, "A", Play(0, (Card.C4,)))  # no points
    check.before(view, "A", Play(0, (Card.H3,)))  # a trump
    assert check.counts == {"A": [1, 0, 0, 0]}
    # The opponents win that trick (seat 1 ruffs): lost, with its points.
    won = TrickView(
        2, 0, ((0, (Card.S10,)), (1, (Card.H5,)), (2, (Card.S5,)), (3, (Card.S4,))), 1, 20
    )
    check.after([view.tricks[0]])
    assert check.pending and check.counts["A"][2:] == [0, 0]
    check.after([view.tricks[0], won])
    assert not check.pending and check.counts["A"] == [1, 0, 1, 20]
    # Nothing but such point cards in hand: forced.
    check.before(dataclasses.replace(view, hand=(Card.SK, Card.S10)), "B", Play(0, (Card.SK,)))
    assert check.counts["B"] == [1, 1, 0, 0]
    # A void shown in trumps too: the opponent cannot ruff; not counted.
    ruffless = lead_view(
        0,
        OWN.replace("♣4 ", ""),
        [
            [(2, "♥3"), (3, "♥4"), (0, "♥5"), (1, "♦5")],
            [(0, "♠6"), (1, "♦6"), (2, "♠3"), (3, "♠4")],
        ],
    )
    assert TRUMP in shown_voids(ruffless)[1]
    check.before(ruffless, "C", Play(0, (Card.S10,)))
    assert "C" not in check.counts


def test_void_leads_in_a_tiny_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player that gifts points into every shown void it can: the harness counts
    exactly the leads the player itself (through the AI's own state) meant as gifts."""
    gifts: list[int] = []

    class Gift(BasicPlayer):
        level = "gift"

        def choose(self, view: View, rng: random.Random) -> Action | None:
            seat = view.seat
            if view.phase == "playing" and seat == view.turn and not view.current:
                assert seat is not None and view.hand is not None
                pub = public_of(view)
                own = counts_of(view.hand)
                kitty = counts_of(view.buried) if view.buried else None
                unseen = pub.unseen(own, kitty)
                ruffs = ruff_suits(pub, seat, sum(pub.ctx.suit_counts[TRUMP](unseen)))
                for c in view.hand:
                    if c.points and ruffs >> pub.ctx.suit_of[c] & 1:
                        gifts.append(c)
                        return Play(seat, (c,))
            return super().choose(view, rng)

    monkeypatch.setitem(LEVELS, "gift", Gift)
    results = run_pairs(Config("gift", "basic", "tiny-voids"), 3)
    stats = summarise(results, "tiny-voids", reps=100)
    a = stats["void_leads"]["A"]
    assert a["leads"] == len(gifts) > 0
    assert a["per_100_hands"]["value"] == pytest.approx(100 * len(gifts) / stats["hands"])
    lo, hi = a["per_100_hands"]["ci95"]
    assert lo <= a["per_100_hands"]["value"] <= hi
    assert 0 <= a["lost"] <= a["leads"] and a["points_lost"] >= 5 * a["lost"]
    b = stats["void_leads"]["B"]
    assert b["leads"] < a["leads"]
    text = report(Config("gift", "basic", "tiny-voids"), stats, timing(results))
    assert "point cards led into a shown void, A (gift)" in text
    assert "point cards led into a shown void, B (basic)" in text


def test_cpu_clock_budget() -> None:
    """``--cpu-clock``: the strong player's budget is counted in process CPU time."""
    wall = build_player("strong", Config("strong", "basic", "c", budget_ms=50))
    cpu = build_player("strong", Config("strong", "basic", "c", budget_ms=50, cpu_clock=True))
    assert isinstance(wall, StrongPlayer) and isinstance(cpu, StrongPlayer)
    assert wall.clock is time.perf_counter and cpu.clock is time.process_time
    assert cpu.budget_ms == 50


# ---- the oracle: the ceiling, bench only ------------------------------------------------------


def test_oracle_is_bench_only_and_labelled_as_cheating(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.ai.players import OraclePlayer

    assert "oracle" not in LEVELS
    with pytest.raises(ValueError):
        make_player("oracle")
    assert isinstance(build_player("oracle", Config("oracle", "basic", "o")), OraclePlayer)
    assert main(["oracle", "basic", "--pairs", "1", "--seed", "o", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("oracle (CHEATING: sees every hand) (A) vs basic (B)")
    assert "decision time A (oracle (CHEATING: sees every hand))" in text


def test_oracle_reads_the_true_hands() -> None:
    """Its choice follows the real deal: dealing the hidden cards differently changes
    some of its plays (the honest players' never change, see tests/ai/test_ai.py)."""
    from bench.ai.players import OraclePlayer
    from rules.game import Match
    from tests.support.ai_helpers import permute_hidden, play_until

    changed = 0
    for seed in range(6):
        m = Match(preset("classic"), f"oracle/{seed}", levels=(5, 5), first_dealer=seed % 4)
        play_until(m, [BasicPlayer() for _ in range(4)], random.Random(seed), plays=4 + 5 * seed)
        seat = m.turn
        assert seat is not None
        m2 = permute_hidden(m, seat, random.Random(seed))
        assert m.view_for(seat) == m2.view_for(seat)
        a1 = OraclePlayer().choose_seeing(m, seat, random.Random(1))
        a2 = OraclePlayer().choose_seeing(m2, seat, random.Random(1))
        changed += a1 != a2
    assert changed


def test_oracle_beats_basic_in_a_tiny_run() -> None:
    cfg = Config("oracle", "basic", "oracle-tiny")
    stats = summarise(run_pairs(cfg, 6), cfg.seed, reps=200)
    assert stats["all"]["hands_won"]["value"] > 0.5


def match_file(tmp_path: object, name: str, cfg: Config, pairs: int) -> tuple[str, list[Any]]:
    """A ``match --json`` file of ``cfg``'s first pairs, and the hands played."""
    results = run_pairs(cfg, pairs)
    hands = [h for r in results for h in r.hands]
    path = os.path.join(str(tmp_path), name)
    stats = summarise(results, cfg.seed, reps=20)
    write_run(path, MatchRun(cfg, [h.row() for h in hands], stats, timing(results)))
    return path, hands


def test_gap_share(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench.ai gap``: the share of the oracle's edge over basic a player closes, in
    hands won and in level swing."""
    from bench.ai.gap import main as gap_main

    paths, won, swing = [], [], []
    for a in ("strong", "oracle"):
        path, hands = match_file(tmp_path, f"{a}.json", Config(a, "basic", "gap", samples=2), 2)
        paths.append(path)
        won.append(sum(h.a_won for h in hands) / len(hands))
        swing.append(sum(h.a_levels - h.b_levels for h in hands) / len(hands))
    assert ai_main(["gap", *paths]) == 0
    out = capsys.readouterr().out
    if won[1] != 0.5:
        share = 100 * (won[0] - 0.5) / (won[1] - 0.5)
        assert f"strong closes {share:.1f} % of the oracle's edge" in out
    if swing[1]:
        assert f"per hand: strong closes {100 * swing[0] / swing[1]:.1f} %" in out
    assert code(gap_main, ["--help"]) == 0
    assert "oracle's edge" in capsys.readouterr().out


def test_gap_pools_runs_and_gives_seats_won_at_friends(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.ai gap`` pools several runs by their hands and, at a 找朋友 preset,
    gives the share closed in seats won (the rows read back agree with the figures the
    runs wrote); runs on other deals are refused."""
    from bench.ai.gap import main as gap_main
    from bench.ai.gap import pooled

    paths: dict[tuple[str, str], str] = {}
    runs: dict[str, list[MatchRun]] = {"strong": [], "oracle": []}
    for seed in ("gapf1", "gapf2"):
        for a in ("strong", "oracle"):
            cfg = Config(a, "basic", seed, preset="friends-5", samples=2)
            path, _ = match_file(tmp_path, f"{a}-{seed}.json", cfg, 1)
            paths[(a, seed)] = path
            run = read_run(path)
            assert isinstance(run, MatchRun) and run.config == cfg
            runs[a].append(run)
    argv = [paths[(a, s)] for s in ("gapf1", "gapf2") for a in ("strong", "oracle")]
    assert gap_main(argv) == 0
    out = capsys.readouterr().out
    p, o = pooled(runs["strong"]), pooled(runs["oracle"])
    sw = [r.stats["seats_won"] for r in runs["strong"]]
    assert p["seats_won"] == sum(s["a"] for s in sw) / sum(s["a"] + s["b"] for s in sw)
    assert "(2 runs, 4 hands)" in out
    assert f"seats won: strong {100 * p['seats_won']:.1f} %" in out
    assert f"oracle {100 * o['seats_won']:.1f} %" in out
    # a strong run against an oracle run of another seed: refused, nothing printed
    assert gap_main([paths[("strong", "gapf1")], paths[("oracle", "gapf2")]]) == 2
    assert "must share the preset, the seed" in capsys.readouterr().err
    assert gap_main([paths[("strong", "gapf1")]]) == 2
    missing = os.path.join(str(tmp_path), "missing.json")
    assert gap_main([paths[("strong", "gapf1")], missing]) == 2  # said, no traceback
    assert "cannot read" in capsys.readouterr().err
    assert code(gap_main, []) == 2
    assert "seats won" not in capsys.readouterr().out


def test_paired_compares_two_runs_deal_by_deal(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.ai match --json`` writes a row per hand; ``bench.ai paired`` takes two
    runs on the same deals and prints X − Y (the mean of the per-deal differences, which
    over equal deals is the difference of the two rates), refusing runs on other deals,
    against other opponents or without the rows."""
    import json

    from bench.ai.paired import main as paired_main
    from bench.ai.records import HAND_FIELDS

    def run(a: str, b: str, seed: str) -> tuple[str, dict[str, object]]:
        path = os.path.join(str(tmp_path), f"{a}-{b}-{seed}.json")
        argv = ["match", a, b, "--pairs", "4", "--seed", seed, "--quiet", "--json", path]
        assert ai_main(argv) == 0
        with open(path) as f:
            return path, json.load(f)

    x, xr = run("basic", "random", "pr1")
    y, yr = run("simple", "random", "pr1")
    capsys.readouterr()
    assert xr["hand_fields"] == list(HAND_FIELDS)
    assert len(xr["hands"]) == 8  # type: ignore[arg-type]
    back = read_run(x)  # the rows read back: A's hands won as the run counted them
    assert isinstance(back, MatchRun) and len(back.pairs) == 4
    won = [h.a_won for h in back.hands]
    assert sum(won) / 8 == xr["stats"]["all"]["hands_won"]["value"]  # type: ignore[index]
    assert paired_main([x, y]) == 0
    out = capsys.readouterr().out
    hx = xr["stats"]["all"]["hands_won"]["value"]  # type: ignore[index]
    hy = yr["stats"]["all"]["hands_won"]["value"]  # type: ignore[index]
    assert f"hands won: X − Y = {100 * (hx - hy):+.1f} points" in out
    assert "over 4 deals" in out
    assert paired_main([x, x]) == 0
    assert "+0.0 points ± 0.0" in capsys.readouterr().out
    z, _ = run("basic", "random", "pr2")
    w, _ = run("basic", "simple", "pr1")
    capsys.readouterr()
    assert paired_main([x, z]) == 2  # other deals
    assert paired_main([x, w]) == 2  # another opponent
    old = os.path.join(str(tmp_path), "old.json")
    with open(old, "w") as f:
        json.dump({k: v for k, v in yr.items() if k not in ("hands", "hand_fields")}, f)
    assert paired_main([x, old]) == 2  # no per-hand rows
    assert paired_main([x]) == 2
    assert paired_main([x, os.path.join(str(tmp_path), "missing.json")]) == 2
    assert code(paired_main, []) == 2
    assert "X − Y" not in capsys.readouterr().out
    assert code(paired_main, ["-h"]) == 0
    assert "deal by deal" in capsys.readouterr().out


def test_pool_gives_the_share_of_the_decisive_edge(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.ai pool`` pools runs of one match-up (other seeds) into hands won, seats
    won, the ceiling ``match`` computes per run and the share of the edge between
    50 % and that ceiling; runs of another match-up or without the losing side's seats
    are refused."""
    import json

    from bench.ai.pool import main as pool_main

    def run(a: str, seed: str, preset_name: str) -> tuple[str, dict[str, object]]:
        path = os.path.join(str(tmp_path), f"{a}-{seed}-{preset_name}.json")
        argv = [a, "random", "--pairs", "3", "--seed", seed, "--quiet", "--preset", preset_name]
        assert ai_main(["match", *argv, "--json", path]) == 0
        with open(path) as f:
            return path, json.load(f)

    x1, r1 = run("basic", "po1", "friends-6")
    x2, r2 = run("basic", "po2", "friends-6")
    capsys.readouterr()
    assert ai_main(["pool", x1, x2]) == 0
    out = capsys.readouterr().out
    s1, s2 = r1["stats"]["seats_won"], r2["stats"]["seats_won"]  # type: ignore[index]
    seats = (s1["a"] + s2["a"]) / (s1["a"] + s1["b"] + s2["a"] + s2["b"])
    assert "12 hands, seeds po1, po2" in out
    assert f"seats won   {100 * seats:5.1f} %" in out
    # one run alone: its ceiling is the one match printed for it
    assert pool_main([x1]) == 0
    out = capsys.readouterr().out
    ceiling = s1["ceiling"]
    assert f"ceiling     {100 * ceiling:5.1f} %" in out
    share = (s1["a"] / (s1["a"] + s1["b"]) - 0.5) / (ceiling - 0.5)
    assert f"share of the decisive edge {100 * share:.1f} %" in out
    assert f"classic hands won {50 + 50 * share:.1f} %" in out
    # at classic the ceiling is 100 %: the share is (hands won − 50 %) ÷ 50 %
    c, rc = run("basic", "po1", "classic")
    capsys.readouterr()
    assert pool_main([c]) == 0
    out = capsys.readouterr().out
    won = rc["stats"]["all"]["hands_won"]["value"]  # type: ignore[index]
    assert "ceiling     100.0 %" in out
    assert f"classic hands won {100 * won:.1f} %" in out
    # …and the stronger side is A's whole team, so it won as often as A did
    assert f"stronger side won {100 * won:5.1f} % [" in out
    assert f"of the {len(rc['hands'])} hands whose sides" in out  # type: ignore[arg-type]
    # refused, with nothing printed: another preset, another player, an older run
    s, _ = run("simple", "po1", "friends-6")
    capsys.readouterr()
    assert pool_main([x1, c]) == 2
    assert pool_main([x1, s]) == 2
    old = os.path.join(str(tmp_path), "old.json")
    r1["hand_fields"] = r1["hand_fields"][:7]  # type: ignore[index]
    with open(old, "w") as f:
        json.dump(r1, f)
    assert pool_main([old]) == 2
    assert code(pool_main, []) == 2
    assert pool_main([os.path.join(str(tmp_path), "missing.json")]) == 2
    with open(os.path.join(str(tmp_path), "junk.json"), "w") as f:
        f.write("[1, 2]")
    assert pool_main([os.path.join(str(tmp_path), "junk.json")]) == 2
    assert "seats won" not in capsys.readouterr().out
    assert code(pool_main, ["--help"]) == 0
    assert "share of the decisive edge" in capsys.readouterr().out


def rows(*hands: tuple[int, int, int, int, int]) -> list[HandRow]:
    """Hands as (A won, A and B seats among the winners, A and B seats among the losers)."""
    return [HandRow(0, 0, bool(w), 0, 0, aw, bw, al, bl) for w, aw, bw, al, bl in hands]


def test_the_stronger_side_counts_only_hands_whose_sides_differ() -> None:
    """``bench.ai pool``'s stronger side: of the hands whose sides held unequal shares of
    A's seats, how often the side with the larger share won; equal shares (two A and two
    B seats against one and one) do not count."""
    from bench.ai.pool import figures

    hands = rows((1, 2, 1, 1, 2), (0, 1, 2, 2, 1), (1, 2, 2, 1, 1), (1, 3, 1, 0, 2))
    f = figures([hands])
    assert f["uneven"] == 3 and f["stronger_side"] == pytest.approx(2 / 3)
    f = figures([rows((0, 1, 3, 2, 0)), rows((1, 2, 0, 0, 2))])  # 25 % of A lost to 100 %
    assert f["uneven"] == 2 and f["stronger_side"] == pytest.approx(0.5)
    assert math.isnan(figures([rows((1, 1, 1, 2, 2))])["stronger_side"])
    # shares, not counts: two A and two B seats won against a lone A seat
    f = figures([rows((1, 2, 2, 1, 0))])
    assert f["uneven"] == 1 and f["stronger_side"] == 0.0


def test_the_rate_the_stronger_side_would_need_for_a_seats_share() -> None:
    """Two A seats and a B against one A and two B in every hand: A's share of the
    winners' seats is 1/3 + p/3 when the stronger side wins a share p of them, so 60 %
    takes p = 80 %; an even hand counts as it fell; past the ceiling nothing does."""
    from bench.ai.pool import stronger_needed

    uneven = rows((1, 2, 1, 1, 2), (0, 1, 2, 2, 1)) * 5
    assert stronger_needed([uneven], 0.6) == pytest.approx(0.8)
    assert stronger_needed([uneven], 0.5) == pytest.approx(0.5)
    # an even hand (two A and two B seats won against one of each) counts as it fell
    even = rows((1, 2, 2, 1, 1))
    p = stronger_needed([uneven + even], 0.6)
    a = 2 + 10 * (p * 2 + (1 - p) * 1)
    assert a / (4 + 10 * 3) == pytest.approx(0.6)
    assert math.isnan(stronger_needed([uneven], 0.7))  # above 2/3: no rate reaches it


def test_latency_sweep_times_the_strong_seats_at_each_preset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench.ai latency`` prints one row per preset asked for (the strong seats'
    decisions: their count, median, p99, maximum, how many over 2 s) and the worst p99;
    an unknown preset is refused before anything runs."""
    from bench.ai.latency import main as latency_main
    from bench.ai.latency import measure
    from bench.ai.stats import p99

    assert p99([float(k) for k in range(1, 101)]) == 99.0
    assert p99([0.5]) == 0.5
    assert p99([float(k) for k in range(1, 201)]) == 198.0
    argv = ["latency", "--pairs", "1", "--samples", "2", "--presets", "one-deck,friends-5"]
    assert ai_main(argv) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:4]}
    assert set(rows) == {"one-deck", "friends-5"}
    assert rows["one-deck"][1] == "4×1" and rows["friends-5"][1] == "5×2"
    f = measure("one-deck", 1, "latency", samples=2)  # the same deal: the same decisions
    assert int(rows["one-deck"][2]) == f["decisions"] > 0
    assert f["median"] <= f["p99"] <= f["max"] < 2.0 and f["over"] == 0
    assert "within the 2 s bound" in out
    assert latency_main(["--presets", "one-deck,friends-11"]) == 2
    assert "strong" not in capsys.readouterr().out


def test_experiments_reach_the_players_through_the_kwargs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``STRONG_KWARGS`` and ``ORACLE_KWARGS`` (set by experiments before a run) reach
    the players ``bench.ai`` seats; empty, the players are the defaults."""
    from bench.ai.players import OraclePlayer

    cfg = Config("oracle", "strong", "kw", budget_ms=100)
    oracle = build_player("oracle", cfg)
    assert isinstance(oracle, OraclePlayer) and oracle.max_candidates == 6
    monkeypatch.setitem(ORACLE_KWARGS, "max_candidates", 12)
    monkeypatch.setitem(STRONG_KWARGS, "confidence", 0.5)
    oracle = build_player("oracle", cfg)
    strong = build_player("strong", cfg)
    assert isinstance(oracle, OraclePlayer) and oracle.max_candidates == 12
    assert isinstance(strong, StrongPlayer) and strong.confidence == 0.5


def test_the_team_oracle_pins_every_pending_called_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--oracle teams`` (a diagnostic that cheats on the teams only): the strong
    search's samples get each pending called card where it really is, and nothing else
    of the other hands, and only while it decides with the match."""
    import rules.ai.strong as strong_module
    from bench.ai.players import TeamOracle
    from rules.ai.state import shown_cards
    from rules.presets import FRIENDS_PRESETS
    from tests.support.ai_helpers import into_play

    seen: list[list[list[int]]] = []
    real_sampler = strong_module.Sampler

    def spy(pub, seat, hand, kitty, shown):  # type: ignore[no-untyped-def]
        seen.append([list(row) for row in shown])
        return real_sampler(pub, seat, hand, kitty, shown)

    monkeypatch.setattr(strong_module, "Sampler", spy)
    rules = FRIENDS_PRESETS["friends-8"]
    m = into_play(rules, "team-oracle/1", 3)
    seat = m.turn
    assert seat is not None
    v = m.view_for(seat)
    pending = [int(fc.call.card) for fc in v.friend_calls if fc.joined is None]
    assert pending
    player = TeamOracle(None, max_samples=2, max_candidates=3)
    for k in range(4):  # until a decision is searched
        player.choose_seeing(m, seat, random.Random(k))
        if seen:
            break
    assert seen, "no searched decision"
    plain = shown_cards(v)
    for s in range(rules.players):
        for c in range(len(plain[s])):
            pinned = c in pending and s != seat
            want = max(plain[s][c], m.hand.hands[s][c]) if pinned else plain[s][c]
            assert seen[0][s][c] == want
    assert player.pinned(v) == plain  # outside choose_seeing: no match, nothing more


def test_walk_diagnostic_scores_deals_against_the_true_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.ai walk``: a deal that is the true one places every hidden card and
    leaves no play unexplained (the other seats are basic players); fresh deals place
    fewer and explain less; malformed settings are refused."""
    from bench.ai import walk as ai_walk
    from rules.ai.inference import Walk
    from rules.game import Match

    settings = ai_walk.parse_settings("fresh,0.3:2")
    assert [s.name for s in settings] == ["fresh", "0.3:2"]
    (carried,) = ai_walk.parse_settings("0.3:2+carry")
    assert carried.carry and carried.name == "0.3:2+carry" and not settings[1].carry
    for bad in ("0:3", "1.5:3", "0.5:0", "x", "0.3:2+walk", "0.3:2+"):
        with pytest.raises((argparse.ArgumentTypeError, ValueError)):
            ai_walk.parse_settings(bad)
    probe = ai_walk.run("classic", "walk-test", 1, settings, 3)
    fresh = [r for (name, _), rows in probe.rows.items() if name == "fresh" for r in rows]
    assert fresh and all(0.0 < p < 1.0 for p, _, _ in fresh)
    assert sum(u for _, u, _ in fresh) > 0
    # A carried walk goes on at every play of the seat, recorded at the same tricks.
    probe = ai_walk.run("classic", "walk-test", 1, [carried], 3)
    assert {t for _, t in probe.rows} == {
        t for _, t in ai_walk.run("classic", "walk-test", 1, settings[:1], 3).rows
    }
    assert probe.carried["0.3:2+carry"].plays  # where it stood at the seat's last play

    truth: list[tuple[list[list[int]], list[int]]] = []
    real_measure = ai_walk.Probe.measure

    def measure(
        self: ai_walk.Probe, match: Match, seat: int, trick: int, rng: random.Random
    ) -> None:
        truth[:] = [([list(h) for h in match.hand.hands], counts_of(match.hand.buried))]
        real_measure(self, match, seat, trick, rng)

    monkeypatch.setattr(ai_walk.Probe, "measure", measure)
    monkeypatch.setattr(Walk, "deal", lambda self: ([list(h) for h in truth[0][0]], truth[0][1]))
    probe = ai_walk.run("classic", "walk-test", 1, ai_walk.parse_settings("0.3:2"), 3)
    rows = [r for rows in probe.rows.values() for r in rows]
    assert rows and all(p == 1.0 and u == 0.0 for p, u, _ in rows)
    assert ai_main(["walk", "--deals", "1", "--samples", "2", "--settings", "fresh"]) == 0
    out = capsys.readouterr().out
    assert "reads the true deal" in out and "placed" in out
    # The true deal leaves no basic seat's play unexplained: every per-seat share is 0
    # (here the walk's deals are the true deal, and the true deal's own line too).
    assert probe.shares["0.3:2"] and set(probe.shares["0.3:2"]) == {0.0}
    assert set(probe.shares[ai_walk.TRUE]) == {0.0}


def test_walk_diagnostic_with_other_players_in_the_other_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``bench.ai walk --others LEVEL``: the other seats are played by that level (the
    probe seat stays basic), so the true deal no longer explains all their plays; the
    per-seat shares are printed; the strong level is refused (it is what is measured)."""
    from bench.ai import walk as ai_walk
    from rules.ai.inference import Walk

    levels: list[str] = []
    real_play_deal = ai_walk.play_deal

    def spy(*args: Any, **kwargs: Any) -> Any:
        levels.extend(type(p).__name__ for p in args[4][1:])
        return real_play_deal(*args, **kwargs)

    truth = ai_walk.parse_settings("0.3:2")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ai_walk, "play_deal", spy)
        real_measure = ai_walk.Probe.measure
        dealt: list[tuple[list[list[int]], list[int]]] = []

        def measure(self: ai_walk.Probe, match: Any, seat: int, trick: Any, rng: Any) -> None:
            dealt[:] = [([list(h) for h in match.hand.hands], counts_of(match.hand.buried))]
            real_measure(self, match, seat, trick, rng)

        mp.setattr(ai_walk.Probe, "measure", measure)
        mp.setattr(Walk, "deal", lambda self: ([list(h) for h in dealt[0][0]], dealt[0][1]))
        probe = ai_walk.run("classic", "walk-test", 2, truth, 2, others="random")
    assert levels and set(levels) == {"RandomPlayer"}
    shares = probe.shares["0.3:2"]
    assert shares and max(shares) > 0.0  # (random players depart from basic in the truth)
    assert sorted(probe.shares[ai_walk.TRUE]) == sorted(shares)  # (the deals were the truth)
    # Random players' throws can end a hand early: a decision with no hidden card left
    # (the last trick, the others' cards all down) is not measured (it once divided by 0).
    fresh = ai_walk.run("friends-6", "walk", 10, ai_walk.parse_settings("fresh"), 1, "random")
    assert fresh.rows and fresh.shares[ai_walk.TRUE]
    assert (
        ai_walk.main(
            ["--deals", "1", "--samples", "2", "--settings", "fresh", "--others", "simple"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "simple players in the other seats" in out and "per-seat share" in out
    assert "true deal  per-seat share unexplained" in out
    with pytest.raises(SystemExit):
        ai_walk.main(["--others", "strong"])


def test_walk_diagnostic_times_the_deals_not_its_own_counting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bench.ai walk``'s ms per deal is the sampler's and the walk's time: the
    diagnostic's own count of unexplained plays (a full replay per deal) is not in it.
    A fake CPU clock moves one second per count and a millisecond per walk step."""
    from bench.ai import walk as ai_walk
    from rules.ai.inference import History, Walk

    clock = [0.0]
    real_mismatches, real_step = History.mismatches, Walk.step

    def counting(self: History, *args: Any, **kw: Any) -> int:
        clock[0] += 1.0
        return real_mismatches(self, *args, **kw)

    def stepping(self: Walk, k: int) -> None:
        clock[0] += 0.001
        real_step(self, k)

    monkeypatch.setattr(History, "mismatches", counting)
    monkeypatch.setattr(Walk, "step", stepping)
    monkeypatch.setattr(ai_walk.time, "process_time", lambda: clock[0])
    probe = ai_walk.run("classic", "walk-clock", 1, ai_walk.parse_settings("fresh,0.3:2"), 3)
    by_setting: dict[str, list[float]] = {}
    for (name, _), rows in probe.rows.items():
        by_setting.setdefault(name, []).extend(secs for _, _, secs in rows)
    assert by_setting["fresh"] and all(secs == 0.0 for secs in by_setting["fresh"])
    assert by_setting["0.3:2"] and all(secs == pytest.approx(0.001) for secs in by_setting["0.3:2"])


def test_each_side_can_seat_its_own_strong_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--a-kwargs``/``--b-kwargs``: two settings of the strong player against each
    other; the settings are checked against the player's signature."""
    cfg = Config("strong", "strong", "kw", samples=2, a_kwargs='{"walk": 3, "model_error": 0.5}')
    a, b = build_player("strong", cfg, "A"), build_player("strong", cfg, "B")
    assert isinstance(a, StrongPlayer) and isinstance(b, StrongPlayer)
    assert (a.walk, a.model_error, a.max_samples) == (3, 0.5, 2)
    assert (b.walk, b.model_error) == (StrongPlayer(None, max_samples=1).walk, 0.05)
    with pytest.raises(argparse.ArgumentTypeError):
        strong_kwargs('{"walks": 3}')
    with pytest.raises(argparse.ArgumentTypeError):
        strong_kwargs("[3]")
    assert (
        main(
            [
                "strong",
                "strong",
                "--pairs",
                "1",
                "--samples",
                "2",
                "--quiet",
                "--b-kwargs",
                '{"walk": 2}',
            ]
        )
        == 0
    )
    assert 'B\'s settings {"walk": 2}' in capsys.readouterr().out
    assert code(main, ["strong", "basic", "--pairs", "1", "--b-kwargs", '{"walk": 2}']) == 2
    assert "--b-kwargs sets a strong player's settings; the player is basic" in (
        capsys.readouterr().err
    )
