"""找朋友: the teams' clues (``rules.ai.teams.TeamEvidence``) read the public plays only,
weigh a deal by who it gives the pending called copies, and point at the real holders
more often than not in games of the basic player."""

from __future__ import annotations

import math
import random

import pytest
from ai_helpers import into_play, permute_hidden, sampler_at

from rules.ai.teams import RATIOS, TeamEvidence
from rules.cards import NUM_CARDS
from rules.game import Match
from rules.presets import FRIENDS_PRESETS


def positions(name: str, count: int) -> list[tuple[Match, int]]:
    """(match, viewing seat) a third of the way into hands of basic play, calls pending."""
    rules = FRIENDS_PRESETS[name]
    out: list[tuple[Match, int]] = []
    for k in range(count):
        m = into_play(rules, f"teams/{name}/{k}", rules.players * 6)
        if m.phase != "playing":
            continue
        seat = m.turn
        assert seat is not None
        v = m.view_for(seat)
        if any(fc.joined is None for fc in v.friend_calls):
            out.append((m, seat))
    return out


@pytest.mark.parametrize("name", ["friends-6", "friends-8"])
def test_clues_name_unknown_seats_and_pending_calls(name: str) -> None:
    found = 0
    for m, seat in positions(name, 12):
        v = m.view_for(seat)
        ev = TeamEvidence.of(v, seat)
        called = {int(fc.call.card) for fc in v.friend_calls}
        for clue in ev.clues:
            found += 1
            assert clue.seat != seat and clue.seat != v.dealer
            assert clue.seat not in v.friends  # a revealed friend tells nothing more
            assert set(clue.cards) <= called and clue.cards
            assert clue.ratio > 0
        # The weight: 1 when no clue's seat holds one of its cards, else the product.
        empty = [[0] * NUM_CARDS for _ in range(v.players)]
        assert ev.weight(empty) == 1.0
        for clue in ev.clues:
            hands = [[0] * NUM_CARDS for _ in range(v.players)]
            hands[clue.seat][clue.cards[0]] = 1
            want = math.prod(
                c.ratio for c in ev.clues if c.seat == clue.seat and clue.cards[0] in c.cards
            )
            assert ev.weight(hands) == pytest.approx(want)
    assert found  # the positions do hold clues


def test_clues_read_only_the_public_plays() -> None:
    """Dealing the cards the seat cannot see differently changes no clue."""
    for m, seat in positions("friends-8", 6):
        rng = random.Random(seat)
        m2 = permute_hidden(m, seat, rng)
        a = TeamEvidence.of(m.view_for(seat), seat)
        b = TeamEvidence.of(m2.view_for(seat), seat)
        assert a.clues == b.clues


def test_temper_shrinks_every_ratio_towards_one() -> None:
    for m, seat in positions("friends-8", 4):
        v = m.view_for(seat)
        full, half = TeamEvidence.of(v, seat), TeamEvidence.of(v, seat, temper=0.5)
        assert [c.ratio**0.5 for c in full.clues] == pytest.approx([c.ratio for c in half.clues])


@pytest.mark.parametrize("name", ["friends-6", "friends-8"])
def test_the_true_deal_weighs_more_than_sampled_ones(name: str) -> None:
    """In games of the basic player the clues favour the real holders: the real deal's
    log weight is above the mean of the sampler's deals (which place the called copies
    knowing only the hard facts) on average over the positions."""
    gaps = []
    for m, seat in positions(name, 16):
        v, pub, hand, kitty, sampler = sampler_at(m, seat)
        ev = TeamEvidence.of(v, seat)
        if not ev.clues:
            continue
        true = [list(m.hand.hands[s]) for s in range(v.players)]
        rng = random.Random(7)
        sampled = [math.log(ev.weight(sampler.sample(rng)[0])) for _ in range(40)]
        gaps.append(math.log(ev.weight(true)) - sum(sampled) / len(sampled))
    assert len(gaps) >= 5
    assert sum(gaps) / len(gaps) > 0.2


def test_resampled_deals_follow_the_clues() -> None:
    """``resample`` keeps one of its fresh deals with odds in proportion to its weight:
    over many draws the mean log weight of the kept deals is above the sampler's own,
    and with one draw it is the sampler's deal itself."""
    m, seat = positions("friends-8", 4)[0]
    v, pub, hand, kitty, sampler = sampler_at(m, seat)
    ev = TeamEvidence.of(v, seat)
    assert ev.clues
    a, b = random.Random(1), random.Random(1)
    assert ev.resample(sampler, a, 1) == sampler.sample(b)
    rng = random.Random(2)
    plain = [math.log(ev.weight(sampler.sample(rng)[0])) for _ in range(60)]
    kept = [math.log(ev.weight(ev.resample(sampler, rng, 8)[0])) for _ in range(60)]
    assert sum(kept) / 60 > sum(plain) / 60 + 0.5


def test_the_ratios_are_counted_from_basic_games(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench.ai_teams`` counts every telling play once, by whether its seat held a
    pending copy (checked against the seat's own hand), and prints each kind's ratio."""
    from bench.ai_teams import count, main, ratio

    tab = count("friends-6", 3)
    assert sum(tab.values()) > 50
    assert {held for _, held in tab} == {True, False}
    fed = (True, True, False)  # points fed to the dealer's side
    assert ratio(tab, fed) > 1.0 > ratio(tab, (True, False, False))
    assert main(["--preset", "friends-6", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "follow, dealer's side winning, points, under" in out
    assert len([ln for ln in out.splitlines() if ln.startswith("  ")]) == 1 + 1 + len(RATIOS)
    with pytest.raises(SystemExit):
        main(["--preset", "classic"])
    assert "not a 找朋友 preset" in capsys.readouterr().err
