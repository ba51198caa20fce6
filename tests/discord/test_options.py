"""Suggested plays (rules.options) and the /play autocomplete built on them: single
units first, throws labelled and never first, a throw the player's own view shows
may fail flagged (and not offered by the autocomplete)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.discord_app.autocomplete import choices
from bot.discord_app.autocomplete import play_options as autocomplete_options
from rules.actions import Play
from rules.cards import Suit, counts_of
from rules.notation import parse_cards
from rules.options import PlayOption, play_options, shown_voids
from rules.play import check_lead, is_legal_follow, make_lead
from rules.presets import PRESETS
from rules.views import TrickView
from tests.support.play_options import BASE, C, lead_view, playing_match


def test_base_is_level_two_with_a_plain_trump() -> None:
    # The hands below assume level 2 and a trump suit other than ♠ and ♦.
    view = BASE.view_for(None)
    assert view.level_rank == 2
    assert view.trump_suit is not None and view.trump_suit.letter not in "SD"


def test_a_leader_without_pairs_gets_singles_first_and_a_failing_throw_last() -> None:
    view = lead_view("♦6 ♦5 ♠9 ♠7 ♠4")
    opts = play_options(view, 25)
    assert [o.kind for o in opts[:5]] == ["single"] * 5
    throws = [o for o in opts if o.kind == "throw"]
    assert throws and all(o.may_fail for o in throws)  # ♦A, ♠A … are all unseen
    assert {tuple(sorted(o.cards)) for o in throws} >= {tuple(sorted(C("♦6 ♦5")))}
    # The autocomplete offers none of them.
    offered = autocomplete_options(view)
    assert offered and all(o.kind == "single" for o in offered)
    assert all(len(parse_cards(v)) == 1 for _, v in choices(offered, ""))


def test_pairs_and_tractors_come_before_singles_and_are_labelled() -> None:
    view = lead_view("♠A ♠A ♠K ♠K ♦9 ♦9 ♦3")
    opts = play_options(view, 25)
    kinds = [o.kind for o in opts]
    assert kinds[:2] == ["tractor", "pair"]
    assert kinds.index("single") > 1
    names = [n for n, _ in choices(autocomplete_options(view), "", "en")]
    assert names[0] == "♠A ♠A ♠K ♠K · tractor of 2 pairs"
    assert names[1] == "♦9 ♦9 · pair"
    assert "♦3 · single" in names
    zh = [n for n, _ in choices(autocomplete_options(view), "", "zh-CN")]
    assert zh[1] == "♦9 ♦9 · 对子"


def test_a_throw_the_view_shows_safe_is_offered_after_every_single_unit() -> None:
    # ♠AAKK (tractor) + ♠Q: both ♠A and both ♠K are here, so nothing beats the ♠Q.
    view = lead_view("♠A ♠A ♠K ♠K ♠Q ♦4")
    opts = play_options(view, 25)
    first_throw = next(i for i, o in enumerate(opts) if o.kind == "throw")
    assert all(o.kind != "throw" for o in opts[:first_throw])
    safe = opts[first_throw]
    assert sorted(safe.cards) == sorted(C("♠A ♠A ♠K ♠K ♠Q")) and not safe.may_fail
    assert safe.units == 2
    for loc, word in (("en", "throw"), ("zh-CN", "甩牌"), ("zh-TW", "甩牌")):
        names = [n for n, _ in choices(autocomplete_options(view), "", loc)]
        assert any(n.endswith(word) and "♠Q" in n for n in names), names


def test_played_cards_make_a_throw_safe() -> None:
    # ♦KK + ♦Q: only ♦A (two copies) beat them; once both are played the throw is safe.
    base = lead_view("♦K ♦K ♦Q ♠4")
    assert all(o.may_fail for o in play_options(base, 25) if o.kind == "throw")
    seat = base.seat
    assert seat is not None
    others = [(seat + k) % 4 for k in range(1, 4)]
    trick = TrickView(
        1,
        others[0],
        (
            (others[0], tuple(C("♦A"))),
            (others[1], tuple(C("♦A"))),
            (others[2], tuple(C("♦3"))),
            (seat, tuple(C("♦4"))),
        ),
        others[0],
        0,
    )
    view = dataclasses.replace(base, tricks=(trick,))
    throws = [o for o in play_options(view, 25) if o.kind == "throw"]
    assert throws and not any(o.may_fail for o in throws)
    assert any(sorted(o.cards) == sorted(C("♦K ♦K ♦Q")) for o in autocomplete_options(view))
    assert not any(o.kind == "throw" for o in autocomplete_options(base))


def test_shown_voids_make_a_throw_safe() -> None:
    base = lead_view("♦6 ♦5 ♠4")
    seat = base.seat
    assert seat is not None
    others = [(seat + k) % 4 for k in range(1, 4)]
    # A ♦ lead by the player that every other seat ruffed or discarded on.
    trick = TrickView(
        1,
        seat,
        ((seat, tuple(C("♦3"))), *((s, tuple(C("♣3"))) for s in others)),
        seat,
        0,
    )
    view = dataclasses.replace(base, tricks=(trick,))
    assert all(3 in shown_voids(view)[s] for s in others)
    throws = [o for o in play_options(view, 25) if o.kind == "throw"]
    assert throws and not any(o.may_fail for o in throws)


def test_limit_and_a_short_list_keep_the_safest_first() -> None:
    view = lead_view("♠A ♠A ♠K ♠K ♠Q ♦4 ♦6")
    four = play_options(view, 4)
    assert len(four) == 4 and four == play_options(view, 25)[:4]
    assert four[0].kind != "throw"
    assert play_options(view, 0) == []


def test_no_options_out_of_turn_or_for_the_public() -> None:
    seat = BASE.hand.turn
    assert seat is not None
    assert play_options(BASE.view_for((seat + 1) % 4), 25) == []
    assert play_options(BASE.view_for(None), 25) == []


@pytest.mark.parametrize("preset", ["classic", "one-deck", "three-decks", "four-decks"])
def test_random_hands_options_are_legal_safest_first_and_honest(preset: str) -> None:
    """Through whole hands: every option is accepted; no throw comes before a single
    unit; a throw not flagged ``may_fail`` really succeeds against the real hands."""
    if preset not in PRESETS:
        pytest.skip(f"no preset {preset}")
    rng = random.Random(preset)
    m = playing_match(preset, f"options/{preset}")
    while m.phase == "playing":
        seat = m.hand.turn
        assert seat is not None
        view = m.view_for(seat)
        opts = play_options(view, 30)
        assert opts
        ctx = m.context
        hand = m.hand.hands[seat]
        lead = m.current_lead()
        if lead is None:
            kinds = [o.kind for o in opts]
            if "throw" in kinds:
                first = kinds.index("throw")
                assert all(k == "throw" for k in kinds[first:])
                flags = [o.may_fail for o in opts[first:]]
                assert flags == sorted(flags)  # safe throws before ones that may fail
            others = [m.hand.hands[s] for s in range(4) if s != seat]
            for o in opts:
                result = check_lead(ctx, hand, [int(c) for c in o.cards], others)
                if o.kind != "throw":
                    assert result.kind == "unit", o
                elif not o.may_fail:
                    assert result.kind == "throw", o
        else:
            assert all(o.kind == "follow" for o in opts)
            assert all(is_legal_follow(ctx, hand, lead, [int(c) for c in o.cards]) for o in opts)
        pick: PlayOption = rng.choice(opts[:4])
        m.apply(Play(seat, pick.cards))
    assert m.phase in ("scored", "finished")


def test_follow_options_start_with_a_legal_follow() -> None:
    m = BASE.copy()
    seat = m.hand.turn
    assert seat is not None
    a = m.suggest(seat)
    assert a is not None
    m.apply(a)
    nxt = m.hand.turn
    assert nxt is not None
    opts = play_options(m.view_for(nxt), 25)
    lead = make_lead(m.context, [int(c) for c in m.hand.current.plays[0][1]])
    assert opts and all(
        is_legal_follow(m.context, counts_of(m.hand_of(nxt)), lead, [int(c) for c in o.cards])
        for o in opts
    )


@pytest.mark.pure_python  # (counts calls by patching rules.best_follow)
def test_follow_options_effort_is_capped_on_the_worst_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench.autocomplete's slowest case: the unbudgeted search judges thousands of
    candidate plays; the options judge at most the node budget, and still start
    with a legal follow (issue 11, item 4)."""
    import rules.best_follow
    from rules.options import FOLLOW_NODE_BUDGET
    from rules.play import legal_follows

    lead_cards = C("BJ BJ LJ LJ ♠2 ♠2 ♦2 ♦2 ♣2 ♣2")
    hand = C("♠3 ♠3 ♠4 ♠4 ♠5 ♠6 ♠7 ♠8 ♠8 ♠10 ♠10 ♠Q ♠K ♠A ♠A ♥2 ♥2 ♦5")
    seat = BASE.hand.turn
    assert seat is not None
    follower = (seat + 1) % 4
    view = dataclasses.replace(
        BASE.view_for(follower),
        level_rank=2,
        trump_suit=Suit.SPADES,
        hand=tuple(hand),
        current=((seat, tuple(lead_cards)),),
        turn=follower,
    )
    ctx = view.context
    lead = make_lead(ctx, lead_cards)
    calls = 0
    real = rules.best_follow._vector_multi  # the search's costly step: one per judged candidate

    def counting(*args: object) -> tuple[int, ...]:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rules.best_follow, "_vector_multi", counting)
    legal_follows(ctx, counts_of(hand), lead, limit=400)
    unbounded = calls
    calls = 0
    opts = play_options(view, 25)
    assert unbounded > 5 * FOLLOW_NODE_BUDGET
    assert calls <= FOLLOW_NODE_BUDGET + 5
    assert opts and all(
        is_legal_follow(ctx, counts_of(hand), lead, [int(c) for c in o.cards]) for o in opts
    )
    # and within that budget it lists every legal follow of this hand (there are few)
    everything = {tuple(sorted(f)) for f in legal_follows(ctx, counts_of(hand), lead, 10**6)}
    assert {o.cards for o in opts} == everything
    assert choices(autocomplete_options(view), "")
