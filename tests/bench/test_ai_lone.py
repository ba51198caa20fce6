"""``bench.ai lone``: one player alone among basic players, against basic in its seat."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench.ai.__main__ import main as ai_main
from bench.ai.lone import main, play_lone, run_deals, seat_result, summarise
from bench.ai.play import Clock, pair_params, play_deal
from bench.ai.records import DEAL_FIELDS, Config, LoneRun, read_run
from rules.ai.base import make_player
from rules.presets import preset


def test_basic_alone_plays_the_same_game_twice_and_the_seat_rotates() -> None:
    """Both runs of a deal share the cards and the rngs: basic in the seat changes nothing."""
    cfg = Config("basic", "basic", "lone-same", "friends-5")
    results = run_deals(cfg, 10)
    assert [r.seat for r in results] == [d % 5 for d in range(10)]
    assert all(r.won == r.basic_won and r.levels == r.basic_levels for r in results)
    stats = summarise(results)["all"]
    assert stats["diff"] == 0.0 and stats["decided"] == 0
    assert stats["won"] == stats["basic_won"] == sum(r.won for r in results) / 10


@pytest.mark.parametrize("name", ["classic", "friends-6"])
def test_a_seat_is_credited_with_its_own_side(name: str) -> None:
    rules = preset(name)
    deal, level, dealer = pair_params(rules, "lone-side", 3)
    players = [make_player("basic") for _ in range(rules.players)]
    m = play_deal(
        rules, deal, level, dealer, players, ["B"] * rules.players, random.Random(1), Clock()
    )
    h = m.history[-1]
    side = set(h.team) if rules.friends is not None else {h.dealer, (h.dealer + 2) % 4}
    results = [seat_result(rules, m, s) for s in range(rules.players)]
    winners = {s for s, (won, _) in enumerate(results) if won}
    assert winners == (side if h.winner == "defenders" else set(range(rules.players)) - side)
    assert {lv for won, lv in results if won} == {h.level_change}
    assert all(lv == 0 for won, lv in results if not won)


def test_random_alone_does_worse_than_basic_in_its_seat() -> None:
    results = run_deals(Config("random", "basic", "lone-random", "classic"), 40)
    stats = summarise(results)["all"]
    assert stats["diff"] < 0 and stats["won"] < stats["basic_won"]
    assert stats["decided"] > 0 and stats["decided_won"] < 0.5
    lo, hi = stats["decided_wilson95"]
    assert lo <= stats["decided_won"] <= hi


def test_strong_with_a_sample_cap_is_reproducible() -> None:
    cfg = Config("strong", "basic", "lone-strong", "friends-5", samples=2)
    a, b = play_lone(cfg, 2), play_lone(cfg, 2)
    assert (a.won, a.basic_won, a.levels, a.basic_levels) == (
        b.won,
        b.basic_won,
        b.levels,
        b.basic_levels,
    )
    assert a.samples["A"] == b.samples["A"]  # the lone seat searched, the same samples
    assert set(a.times) == {"A", "B"}  # timed as A in one run, the basic seats as B


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lone.json"
    argv = ["simple", "--preset", "friends-5", "--deals", "6", "--seed", "x", "--json", str(out)]
    assert ai_main(["lone", *argv]) == 0
    text = capsys.readouterr().out
    assert text.startswith("simple alone in one seat (rotating) among basic players")
    assert "all deals (6)" in text and "preset friends-5" in text
    data = json.loads(out.read_text())
    assert data["fields"] == list(DEAL_FIELDS) and len(data["deals"]) == 6
    assert [row[1] for row in data["deals"]] == [0, 1, 2, 3, 4, 0]
    run = read_run(str(out))  # the rows read back as they were played
    assert isinstance(run, LoneRun) and run.config.a == "simple"
    assert run.deals == [r.row() for r in run_deals(run.config, 6)]
    for argv, words in (
        (["simple", "--preset", "nope"], "unknown preset 'nope'"),
        (["simple", "--kwargs", '{"walk": 3}'], "the player is simple"),
        (["strong", "--kwargs", '{"nope": 1}'], "not a strong player's setting: nope"),
        (["simple", "--deals", "0"], "at least 1"),
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        assert words in capsys.readouterr().err


def test_the_team_oracle_is_seated_by_its_option_in_match_and_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--oracle teams`` (match's and lone's): level ``oracle`` seats the teams-only
    cheat, labelled as such, and nothing else changes."""
    from bench.ai.players import ORACLES, TeamOracle

    asked: list[int] = []
    real = TeamOracle.choose_seeing

    def counting(self: TeamOracle, *args: object) -> object:
        asked.append(1)
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TeamOracle, "choose_seeing", counting)
    tiny = ["--preset", "friends-5", "--samples", "2", "--oracle", "teams"]
    assert ai_main(["match", "oracle", "basic", "--pairs", "1", "--quiet", *tiny]) == 0
    out = capsys.readouterr().out
    assert asked and "vs basic (B): 1 pairs = 2 hands" in out
    # labelled as the cheat it is, not as the oracle that sees every hand
    assert out.startswith(ORACLES["teams"] + " (A) vs basic")
    assert "sees every hand" not in out
    asked.clear()
    assert ai_main(["lone", "oracle", "--deals", "1", *tiny]) == 0
    out = capsys.readouterr().out
    assert asked and out.startswith(ORACLES["teams"] + " alone in one seat")
    assert "sees every hand" not in out
    asked.clear()
    assert ai_main(["lone", "oracle", "--deals", "1", *tiny[:-2]]) == 0  # the default
    assert not asked and capsys.readouterr().out.startswith(ORACLES["all"])


def test_paired_compares_two_lone_runs_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench.ai paired`` takes ``bench.ai lone --json`` runs too: per deal the lone
    seat's win with X minus with Y, which over the same deals is the difference of the
    two players' edges; runs of other deals (seed, count) are refused."""
    from bench.ai.paired import main as paired_main

    def run(
        player: str, seed: str, deals: int, others: str = "basic"
    ) -> tuple[str, dict[str, object]]:
        path = tmp_path / f"{player}-{seed}-{deals}-{others}.json"
        argv = [player, "--preset", "friends-5", "--deals", str(deals), "--seed", seed]
        argv += ["--others", others]
        assert main([*argv, "--json", str(path)]) == 0
        return str(path), json.loads(path.read_text())

    x, xr = run("simple", "lp1", 10)
    y, yr = run("random", "lp1", 10)
    capsys.readouterr()
    assert paired_main([x, y]) == 0
    out = capsys.readouterr().out
    ex, ey = xr["stats"]["all"]["diff"], yr["stats"]["all"]["diff"]  # type: ignore[index]
    assert f"X alone − basic = {100 * ex:+.1f} points" in out
    assert f"Y alone − basic = {100 * ey:+.1f} points" in out
    assert f"lone seat won: X − Y = {100 * (ex - ey):+.1f} points" in out
    assert "over 10 deals" in out
    assert paired_main([x, x]) == 0
    assert "X − Y = +0.0 points ± 0.0" in capsys.readouterr().out
    z, _ = run("simple", "lp2", 10)
    w, _ = run("random", "lp1", 8)
    capsys.readouterr()
    assert paired_main([x, z]) == 2  # another seed
    assert "share the preset, the seed and the other seats' level" in capsys.readouterr().err
    v, _ = run("random", "lp1", 10, "simple")
    capsys.readouterr()
    assert paired_main([x, v]) == 2  # other players around the seat
    assert "'simple')" in capsys.readouterr().err
    assert paired_main([x, w]) == 2  # other deals
    assert "not the same deals" in capsys.readouterr().err
    assert paired_main([x, y, z]) == 2  # not two by two
    assert "two by two" in capsys.readouterr().err
    m = str(tmp_path / "match.json")
    assert ai_main(["match", "simple", "basic", "--pairs", "1", "--quiet", "--json", m]) == 0
    capsys.readouterr()
    assert paired_main([x, m]) == 2  # a lone run against a match run
    assert "give bench.ai match --json runs" in capsys.readouterr().err
    assert "X − Y" not in capsys.readouterr().out


def test_others_seats_another_level_around_the_seat_under_test(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--others LEVEL``: every seat but the one under test plays LEVEL, in both runs
    of a deal; the seat itself is the player, then basic."""
    from bench.ai import lone
    from bench.ai.players import build_player as real

    built: list[list[str]] = []

    def recording(level: str, cfg: Config, side: str = "") -> object:
        if not built or len(built[-1]) == 5:
            built.append([])
        built[-1].append(level)
        return real(level, cfg, side)

    monkeypatch.setattr(lone, "build_player", recording)
    argv = ["simple", "--preset", "friends-5", "--deals", "2", "--seed", "oth", "--others"]
    assert main([*argv, "random"]) == 0
    assert capsys.readouterr().out.startswith("simple alone in one seat (rotating) among random")
    assert built == [
        ["simple", "random", "random", "random", "random"],
        ["basic", "random", "random", "random", "random"],
        ["random", "simple", "random", "random", "random"],
        ["random", "basic", "random", "random", "random"],
    ]
    with pytest.raises(SystemExit):
        main([*argv, "nobody"])
    assert "invalid choice: 'nobody'" in capsys.readouterr().err
