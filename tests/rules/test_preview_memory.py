"""The selection verdict (rules.preview) and the card memory (rules.memory), both
from one seat's own view; checked against what the table then actually does."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.actions import Play
from rules.cards import POINTS, Card, Suit, counts_of
from rules.errors import RuleError
from rules.events import ThrowFailed
from rules.game import Match
from rules.memory import card_memory, memory_allowed
from rules.notation import parse_cards
from rules.options import play_options
from rules.presets import PRESETS
from rules.preview import preview, preview_bury, preview_play
from rules.scripted import deal_and_declare
from rules.trump import TRUMP
from rules.views import TrickView
from tests.support.play_options import BASE, lead_view, playing_match

C = parse_cards


# ---- preview: leads ---------------------------------------------------------------------
def test_a_pair_lead_is_legal_and_named() -> None:
    p = preview_play(lead_view("♠A ♠A ♠K ♦4"), C("♠A ♠A"))
    assert (p.code, p.ok, p.params["shape"]) == ("lead_ok", True, (2, 1))


def test_mixed_suits_nothing_and_cards_not_held_are_refused() -> None:
    view = lead_view("♠A ♠A ♠K ♦4")
    assert preview_play(view, C("♠A ♦4")).code == "mixed_suit_lead"
    assert preview_play(view, ()).code == "nothing_selected"
    p = preview_play(view, C("♠K ♠K"))
    assert p.code == "not_held" and not p.ok and "♠K" in p.params["cards"]


def test_throws_are_safe_or_risky_from_the_own_view() -> None:
    safe = preview_play(lead_view("♠A ♠A ♠K ♠K ♠Q ♦4"), C("♠A ♠A ♠K ♠K ♠Q"))
    assert safe.code == "throw_safe" and safe.ok and safe.params["units"] == 2
    risky = preview_play(lead_view("♦K ♦K ♦Q ♠4"), C("♦K ♦K ♦Q"))
    assert risky.code == "throw_risky" and risky.ok
    assert risky.params["suit"] == "♦" and risky.params["weakest"] in ("♦Q", "♦K♦K", "♦K ♦K")


def test_played_cards_make_the_preview_of_a_throw_safe() -> None:
    base = lead_view("♦K ♦K ♦Q ♠4")
    seat = base.seat
    assert seat is not None
    o = [(seat + k) % 4 for k in range(1, 4)]
    plays = ((o[0], tuple(C("♦A"))), (o[1], tuple(C("♦A"))), (o[2], tuple(C("♦3"))))
    trick = TrickView(1, o[0], (*plays, (seat, tuple(C("♦4")))), o[0], 0)
    view = dataclasses.replace(base, tricks=(trick,))
    assert preview_play(view, C("♦K ♦K ♦Q")).code == "throw_safe"


def test_out_of_turn_and_wrong_phase() -> None:
    seat = BASE.hand.turn
    assert seat is not None
    other = BASE.view_for((seat + 1) % 4)
    assert other.hand
    p = preview_play(other, other.hand[:1])
    assert p.code == "not_your_turn" and p.params["turn"] == seat and not p.ok
    assert preview_play(dataclasses.replace(other, phase="burying"), ()).code == "wrong_phase"


# ---- preview: follows ---------------------------------------------------------------------
def _follow_view(hand: str, lead: str) -> tuple[int, object]:
    base = lead_view(hand)
    seat = base.seat
    assert seat is not None
    leader = (seat + 3) % 4
    return seat, dataclasses.replace(base, current=((leader, tuple(C(lead))),))


def test_follow_verdicts_name_what_must_be_played() -> None:
    _, view = _follow_view("♠5 ♠5 ♠9 ♦4 ♦6", "♠7 ♠7")
    assert preview_play(view, C("♠5 ♠5")).code == "follow_ok"  # type: ignore[arg-type]
    p = preview_play(view, C("♠5 ♠9"))  # type: ignore[arg-type]
    assert p.code == "must_match_shape" and p.params["suit"] == "♠" and not p.ok
    assert preview_play(view, C("♠9 ♦4")).code == "must_follow_suit"  # type: ignore[arg-type]
    assert preview_play(view, C("♠5")).code == "wrong_count"  # type: ignore[arg-type]


def test_a_follow_that_wins_the_trick_so_far_says_so() -> None:
    _, view = _follow_view("♠A ♠3 ♦4", "♠7")
    assert preview_play(view, C("♠A")).params["winning"] is True  # type: ignore[arg-type]
    assert preview_play(view, C("♠3")).params["winning"] is False  # type: ignore[arg-type]


# ---- preview: bury --------------------------------------------------------------------------
def test_bury_preview_counts_the_selection() -> None:
    m = Match(PRESETS["classic"], "preview-bury")
    deal_and_declare(m)
    dealer = m.hand.dealer
    assert m.phase == "burying" and dealer is not None
    view = m.view_for(dealer)
    assert view.hand is not None and len(view.hand) == 33
    p = preview(view, view.hand[:5])
    assert p.code == "bury_count" and p.params == {"count": 8, "selected": 5}
    ok = preview_bury(view, view.hand[:8])
    assert ok.ok and ok.params["points"] == sum(c.points for c in view.hand[:8])


# ---- preview agrees with the table ------------------------------------------------------------
def _candidates(rng: random.Random, m: Match, seat: int) -> list[tuple[Card, ...]]:
    view = m.view_for(seat)
    assert view.hand is not None
    out = [o.cards for o in play_options(view, 6)]
    hand = list(view.hand)
    for _ in range(6):
        k = rng.randint(1, min(len(hand), 5))
        out.append(tuple(rng.sample(hand, k)))
    return out


# Three and four decks take half a minute of CPU each: slow runs (.ci/run runs them).
BIG = pytest.mark.slow


@pytest.mark.parametrize(
    "preset",
    [
        "classic",
        "one-deck-two-color",
        pytest.param("three-decks", marks=BIG),
        pytest.param("four-decks", marks=BIG),
    ],
)
def test_preview_agrees_with_the_table_over_whole_hands(preset: str) -> None:
    rng = random.Random(preset)
    m = playing_match(preset, f"preview-{preset}")
    checked = 0
    while m.phase == "playing":
        seat = m.hand.turn
        assert seat is not None
        view = m.view_for(seat)
        for cards in _candidates(rng, m, seat):
            p = preview_play(view, cards)
            trial = m.copy()
            try:
                events = trial.apply(Play(seat, cards))
            except RuleError as exc:
                assert not p.ok, (p, exc)
                assert p.code == exc.code, (p, exc)
            else:
                assert p.ok, (p, cards)
                if any(isinstance(e, ThrowFailed) for e in events):
                    assert p.code == "throw_risky", p  # never "safe" when it fails
            checked += 1
        action = m.suggest(seat)
        assert action is not None
        m.apply(action)
    assert checked > 100


# ---- card memory --------------------------------------------------------------------------
def test_memory_is_forbidden_only_where_the_rules_say_so() -> None:
    assert not memory_allowed(PRESETS["tournament"])
    assert all(memory_allowed(PRESETS[p]) for p in ("classic", "three-decks", "four-decks"))


@pytest.mark.parametrize("preset", ["classic", "one-deck", "three-decks"])
def test_memory_matches_the_hidden_state(preset: str) -> None:
    m = playing_match(preset, f"memory-{preset}")
    rng = random.Random(preset)
    steps = 0
    while m.phase == "playing":
        steps += 1
        if steps % 7 == 0:
            h = m.hand
            played = [0] * 54
            for t in h.tricks:
                for _, cards in t.plays:
                    for c in cards:
                        played[c] += 1
            if h.current is not None:
                for _, cards in h.current.plays:
                    for c in cards:
                        played[c] += 1
            for seat in range(4):
                mem = card_memory(m.view_for(seat))
                total = m.rules.total_points
                assert mem.points_out == total - sum(POINTS[c] * n for c, n in enumerate(played))
                # Elsewhere = the other three hands, and the kitty unless this is the dealer.
                others = sum(
                    POINTS[c] * n for s in range(4) if s != seat for c, n in enumerate(h.hands[s])
                )
                kitty = 0 if seat == h.dealer else sum(POINTS[c] for c in h.buried)
                assert mem.points_elsewhere == others + kitty
                for sm in mem.suits:
                    for card, n in sm.high:
                        assert n == played[card] > 0 and card.suit == sm.suit
                    assert sm.level == played[Card.of(sm.suit, m.hand.level_rank)]
                # A shown void is real: that seat holds no card of the suit.
                ctx = m.context
                for s, voids in enumerate(mem.voids):
                    for suit in voids:
                        assert not any(
                            n and ctx.suit_of[c] == suit for c, n in enumerate(h.hands[s])
                        )
        seat = m.hand.turn
        assert seat is not None
        opts = play_options(m.view_for(seat), 4)
        pick = rng.choice([o for o in opts if not o.may_fail] or opts)
        m.apply(Play(seat, pick.cards))
    assert steps > 10


def test_memory_names_jokers_and_voids() -> None:
    base = lead_view("♠4 ♦6")
    seat = base.seat
    assert seat is not None
    o = [(seat + k) % 4 for k in range(1, 4)]
    trick = TrickView(
        1,
        seat,
        (
            (seat, tuple(C("♠A"))),
            (o[0], tuple(C("BJ"))),
            (o[1], tuple(C("♠K"))),
            (o[2], tuple(C("♠3"))),
        ),
        o[0],
        10,
    )
    mem = card_memory(dataclasses.replace(base, tricks=(trick,)))
    assert mem.jokers == ((Card.BJ, 1),)
    spades = mem.suits[Suit.SPADES]
    assert spades.high == ((Card.SA, 1), (Card.SK, 1)) and spades.played == 3
    assert mem.voids[o[0]] == (Suit.SPADES,) and mem.voids[seat] == ()
    assert TRUMP not in mem.voids[o[0]]
    assert counts_of(base.hand or ())  # the own hand stays untouched
