"""The basic policy's fast paths give exactly what their definitions give.

``sure_units`` finds the highest unseen tuple of each width once instead of asking
``beatable`` per unit, and ``_sure_beaters`` reads the unseen cards once for all the
cards that could win a single lead instead of ``_single_beatable`` per card. Both run in
every play-out and every step of the inference's walk, so a difference would change
the strong player's games without failing any rule check: these compare them with the
definitions over many holdings and real positions (ties in rank included: the
off-suit level cards share one position among the trumps).
"""

from __future__ import annotations

import random

import pytest

from rules.ai.common import Unseen, beatable, sure_units
from rules.ai.following import _opps_after, _single_beatable, _sure_beaters
from rules.ai.state import public_of, suit_units
from rules.cards import NUM_CARDS, Suit, counts_of
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.trump import TrumpContext
from tests.support.ai_helpers import into_play
from tests.support.house_helpers import play_hand

PRESETS = ("classic", "four-decks", "one-deck-two-color", "friends-6")


def _random_counts(rules: RuleSet, rng: random.Random, share: float) -> list[int]:
    """Each card of the deck held ``share`` of the time, copy by copy."""
    return [
        sum(rng.random() < share for _ in range(rules.decks)) if rules.in_deck(c) else 0
        for c in range(NUM_CARDS)
    ]


@pytest.mark.parametrize("name", [*PRESETS, "classic:tractor_min_length=3"])
def test_sure_units_is_the_units_nothing_unseen_beats(name: str) -> None:
    base, _, setting = name.partition(":")
    rules = preset(base)
    if setting:
        key, value = setting.split("=")
        rules = rules.with_overrides(**{key: int(value)})
    rng = random.Random(f"sure/{name}")
    checked = 0
    for trial in range(300):
        trump = rng.choice((None, *Suit))
        ctx = TrumpContext.of(rules, rng.choice(rules.levels), trump)
        hand = _random_counts(rules, rng, 0.45)
        unseen = [rules.decks - h if rules.in_deck(c) else 0 for c, h in enumerate(hand)]
        for c in range(NUM_CARDS):  # some of the rest already played
            unseen[c] -= sum(rng.random() < 0.4 for _ in range(unseen[c]))
        for s in range(5):
            units = suit_units(ctx, hand, s)
            want = [u for u in units if not beatable(ctx, unseen, u)]
            assert sure_units(ctx, unseen, units) == want, (trial, s)
            checked += len(units)
    assert checked > 1000


@pytest.mark.parametrize("name", PRESETS)
def test_sure_beaters_are_the_cards_no_opponent_after_can_beat(name: str) -> None:
    rules = preset(name)
    positions = 0
    for game in range(12):
        for plays in range(1, 60, 3):
            m = into_play(rules, f"beaters/{name}/{game}", plays)
            if m.phase != "playing":
                break
            view = m.view_for(m.view_for(0).turn or 0)
            if not view.current or len(view.current[0][1]) != 1 or view.seat is None:
                continue  # not a follow of a single lead
            seat = view.seat
            pub = public_of(view)
            hand = counts_of(view.hand or ())
            kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
            assert pub.lead is not None
            s = pub.lead.suit
            mine = [c for c in pub.ctx.suit_cards[s] for _ in range(hand[c])]
            opps_after = _opps_after(pub, seat)
            for beaters in (mine, [c for c in mine if pub.ctx.pos[c] % 2]):
                want = [
                    c
                    for c in beaters
                    if not _single_beatable(pub, c, Unseen(pub, seat, hand, kitty), opps_after)
                ]
                got = _sure_beaters(pub, beaters, Unseen(pub, seat, hand, kitty), opps_after)
                assert got == want, (game, plays, beaters)
            positions += 1
    assert positions > 40


@pytest.mark.parametrize("name", ["classic", "friends-6", "four-decks"])
def test_the_compiled_builds_loops_decide_what_the_interpreters_builtins_decide(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``rules.ai.state``, ``common``, ``following``, ``leading``, ``inference`` and
    ``rules.units`` take indexed loops where mypyc compiles them (``_NATIVE``) and zips,
    ``compress``, itemgetters and ``min`` in the interpreter. Both ways must decide
    alike: a whole hand, a fixed-sample strong seat (the walk, its carry at 找朋友, the
    play-outs) among basic seats, every action and draw compared. Here both run as
    source, the flag switched by hand."""
    import rules.ai.common as common
    import rules.ai.following as following
    import rules.ai.inference as inference
    import rules.ai.leading as leading
    import rules.ai.state as state
    import rules.units as units
    from rules.ai.basic import BasicPlayer
    from rules.ai.strong import StrongPlayer
    from rules.game import Match

    rules = preset(name)
    got = []
    for native in (False, True):
        for module in (state, common, following, leading, inference, units):
            monkeypatch.setattr(module, "_NATIVE", native)
        rng = random.Random(f"native/{name}")
        m = Match(rules, f"native/{name}", first_dealer=0)
        players = [StrongPlayer(None, max_samples=4), *[BasicPlayer()] * (rules.players - 1)]
        actions = play_hand(m, players, rng)
        got.append((actions, rng.getstate()))
    assert len(got[0][0]) > 25 * rules.players // 2
    assert got[0] == got[1]
