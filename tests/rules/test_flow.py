"""The match flow end to end (docs/rules.md §4–8): random matches under every preset
run to a winner with the hand invariants checked, deterministic sweeps for the level
rules (must-play A, the tournament jack rule, dealer rotation), four decks without a
kitty, throw penalties, and every refused action (its reason code, state unchanged).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from rules.actions import Action, Bury, DealCards, Declare, NextHand, Pass, Play
from rules.cards import ALL_CARDS, POINTS, Card, Suit, cards_of, full_deck
from rules.declare import possible_declarations
from rules.errors import RuleError
from rules.events import (
    CardsDealt,
    Event,
    HandScored,
    HandStarted,
    KittyTaken,
    MatchWon,
    Played,
    Redealt,
    ThrowFailed,
    TrickWon,
    TrumpFixed,
)
from rules.game import Match, replay
from rules.play import make_lead
from rules.presets import PRESETS
from rules.ruleset import RuleSet
from rules.scoring import kitty_multiplier, score_result, team_of
from rules.trump import TrumpContext
from tests.support.random_play import random_action

C = Card
SLOW = os.environ.get("SHENGJI_SLOW") == "1"
J, Q, K, A = 11, 12, 13, 14


# ---- helpers ------------------------------------------------------------------------------


def stack(
    match: Match,
    hands: dict[int, Sequence[Card]] | None = None,
    kitty: Sequence[Card] = (),
    last: Callable[[Card], bool] = lambda c: False,
) -> None:
    """Stack the current hand's deck: ``hands[s]`` are seat s's first cards in deal
    order, ``kitty`` the kitty's first cards; the rest is filled from the unused
    cards, lowest card id first (cards with ``last(c)`` after all others), seat 0's
    hand first, then seats 1, 2, 3 and the kitty."""
    rules = match.rules
    pool = Counter(full_deck(rules.decks))
    wanted = Counter([c for cs in (hands or {}).values() for c in cs] + list(kitty))
    for c, n in wanted.items():
        assert pool[c] >= n, f"only {pool[c]} copies of {c!r} exist"
    pool.subtract(wanted)
    rest = sorted(pool.elements(), key=lambda c: (last(c), int(c)))
    size = rules.hand_size
    seat_cards = {}
    for s in range(4):
        cs = list((hands or {}).get(s, []))
        cs += [rest.pop(0) for _ in range(size - len(cs))]
        seat_cards[s] = cs
    kit = list(kitty) + [rest.pop(0) for _ in range(rules.kitty_size - len(kitty))]
    start = match.hand.dealer if match.hand.dealer is not None else 0
    deck = [seat_cards[(start + i) % 4][i // 4] for i in range(4 * size)]
    match.hand.deck = deck + kit


def deal_all(match: Match) -> list[Event]:
    left = match.deal_total - match.hand.dealt
    return match.apply(DealCards(left)) if left else []


def all_pass(match: Match) -> list[Event]:
    events: list[Event] = []
    for s in range(4):
        if s not in match.hand.passes:
            events.extend(match.apply(Pass(s)))
    return events


def refused(match: Match, action: Action, code: str) -> RuleError:
    before = match.to_dict()
    with pytest.raises(RuleError) as info:
        match.apply(action)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert match.to_dict() == before
    return info.value


def check_conservation(m: Match) -> None:
    """Every card of the packs is in exactly one place."""
    h = m.hand
    places: Counter[int] = Counter()
    for s in range(4):
        places.update(cards_of(h.hands[s]))
    for t in h.tricks:
        for _, p in t.plays:
            places.update(p)
    if h.current is not None:
        for _, p in h.current.plays:
            places.update(p)
    if h.trump_fixed:
        places.update(h.buried)  # the kitty went into the dealer's hand
    else:
        places.update(h.deck[h.dealt :])  # undealt cards and the kitty
    assert places == Counter(full_deck(m.rules.decks))


def check_hand_scored(m: Match, e: HandScored, levels_before: tuple[int, int]) -> None:
    rules = m.rules
    h = m.hand
    dealer = e.dealer
    defenders = team_of(dealer)
    kitty_points = sum(POINTS[c] for c in h.buried)
    assert not any(any(x) for x in h.hands)  # every card was played
    assert e.kitty == tuple(h.buried) and len(h.buried) == rules.kitty_size
    assert e.kitty_points == kitty_points
    assert e.trick_points == h.attackers_points
    assert h.attackers_points + h.defenders_points + kitty_points == rules.total_points
    won = sum(t.points for t in h.tricks if team_of(t.winner) != defenders)
    assert won == h.attackers_points
    assert e.penalties == h.penalties
    assert e.attackers_points == e.trick_points + e.kitty_points * e.multiplier + e.penalties
    last = h.tricks[-1]
    attackers_last = team_of(last.winner) != defenders
    if attackers_last:
        lead = make_lead(m.context, last.plays[0][1])
        assert e.multiplier == kitty_multiplier(rules, lead.shapes) > 0
    else:
        assert e.multiplier == 0
    # tricks: the dealer leads first, then the last winner
    assert h.tricks[0].leader == dealer
    for a, b in zip(h.tricks, h.tricks[1:], strict=False):
        assert b.leader == a.winner
    # score → levels and the next dealer
    assert e.winner == score_result(rules, e.attackers_points).winner
    assert e.levels == tuple(m.levels)
    assert e.next_dealer == ((dealer + 2) % 4 if e.winner == "defenders" else (dealer + 1) % 4)
    gainer = defenders if e.winner == "defenders" else 1 - defenders
    i, j = rules.levels.index(levels_before[gainer]), rules.levels.index(e.levels[gainer])
    if not e.jack_reset or gainer != defenders:
        assert j >= i
        # a climb stops at A and at must-play levels: none strictly inside the climb
        assert not [r for r in rules.levels[i + 1 : j] if r in rules.must_play]
    loser = 1 - gainer
    if not e.jack_reset:
        assert e.levels[loser] == levels_before[loser]
    jack = (
        rules.jack_rule
        and levels_before[defenders] == J
        and attackers_last
        and any(c.rank == J for c in last.plays[[s for s, _ in last.plays].index(last.winner)][1])
    )
    assert e.jack_reset == bool(jack)
    if jack:
        assert e.levels[defenders] == rules.levels[0]


def run_match(
    rules: RuleSet,
    seed: str,
    *,
    max_hands: int = 300,
    each_step: Callable[[Match, Action, list[Event]], None] | None = None,
) -> tuple[Match, list[Action]]:
    """Play a random match to the end, checking the flow invariants as it goes."""
    m = Match(rules, seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    levels_before = (m.levels[0], m.levels[1])
    while m.phase != "finished" and m.hand_no <= max_hands:
        a = random_action(m, rng, mixed=True)
        phase = m.phase
        ev = m.apply(a)
        actions.append(a)
        check_conservation(m)
        for e in ev:
            if isinstance(e, HandScored):
                check_hand_scored(m, e, levels_before)
                won = [x for x in ev if isinstance(x, MatchWon)]
                at_top = levels_before[team_of(e.dealer)] == rules.levels[-1]
                if e.winner == "defenders" and at_top:
                    assert won == [MatchWon(team_of(e.dealer), e.levels)]
                    assert m.phase == "finished" and m.winner == team_of(e.dealer)
                else:
                    assert not won and m.phase == "scored"
            if isinstance(e, HandStarted) and phase == "scored":
                last = m.history[-1]
                assert e.hand_no == last.hand_no + 1
                assert e.dealer == last.next_dealer == m.dealer
                assert e.level_rank == m.levels[team_of(last.next_dealer)]
                levels_before = (m.levels[0], m.levels[1])
            if isinstance(e, TrumpFixed):
                assert e.level_rank == m.levels[team_of(e.dealer)]
        if each_step is not None:
            each_step(m, a, ev)
    return m, actions


# ---- random matches under every preset ------------------------------------------------------

MATCH_SEEDS = ["m1", "m2", "m3"] if SLOW else ["m1"]


@pytest.mark.parametrize("seed", MATCH_SEEDS)
@pytest.mark.parametrize("name", list(PRESETS))
def test_random_match_runs_to_a_winner(name: str, seed: str) -> None:
    rules = PRESETS[name]
    seen: Counter[str] = Counter()

    def count(m: Match, a: Action, ev: list[Event]) -> None:
        for e in ev:
            seen[type(e).__name__] += 1
            if isinstance(e, HandScored):
                seen[e.winner] += 1

    m, _ = run_match(rules, f"{name}/{seed}", each_step=count)
    # the random players exercise the interesting paths
    assert seen["ThrowFailed"] and seen["defenders"] and seen["attackers"]
    assert seen["Declared"] and seen["TrumpFixed"] > seen["Redealt"]
    assert m.phase == "finished"
    assert m.winner in (0, 1)
    last = m.history[-1]
    assert last.winner == "defenders"
    assert last.levels_before[m.winner] == rules.levels[-1]
    assert team_of(last.dealer) == m.winner
    refused(m, NextHand(), "match_over")
    refused(m, DealCards(1), "match_over")
    # history: hands in order, each hand's levels continue the last
    assert [s.hand_no for s in m.history] == list(range(1, len(m.history) + 1))
    for a, b in zip(m.history, m.history[1:], strict=False):
        assert b.levels_before == a.levels_after
        assert b.dealer == a.next_dealer


@pytest.mark.slow
def test_many_random_matches() -> None:
    n = 30 if SLOW else 4
    for i in range(n):
        for name in PRESETS:
            m, _ = run_match(PRESETS[name], f"many/{name}/{i}", max_hands=3 if not SLOW else 300)
            assert m.hand_no >= 1


def test_hand1_deal_starts_at_seat_0_later_hands_at_the_dealer() -> None:
    seen = []

    def step(m: Match, a: Action, ev: list[Event]) -> None:
        if isinstance(a, DealCards) and m.hand.dealt == min(a.count, m.deal_total):
            start = 0 if m.hand_no == 1 else m.dealer
            assert start is not None
            got = {e.seat: e.cards for e in ev if isinstance(e, CardsDealt)}
            deck = m.hand.deck
            for i in range(m.hand.dealt):  # deck[i] goes to seat (start + i) % 4
                seat = (start + i) % 4
                assert got[seat][i // 4] == deck[i]
            seen.append((m.hand_no, start))

    run_match(PRESETS["one-deck"], "start-seat", max_hands=4, each_step=step)
    assert {h for h, _ in seen} >= {1, 2, 3}
    assert len({s for _, s in seen}) >= 2


# ---- deterministic sweeps: one seat holds the strongest trumps --------------------------------


def sweep(
    rules: RuleSet,
    levels: tuple[int, int],
    dealer: int,
    strong: int,
    *,
    trump: Suit = Suit.SPADES,
    kitty_points: bool = False,
    last: Card | None = None,
    hand_no: int = 3,
) -> tuple[Match, list[Event]]:
    """``strong`` is dealt the ``hand_size`` strongest trumps and leads them from the top
    (keeping ``last`` for the last trick); the others play suggest(). ``strong`` wins
    every trick it leads; as an attacker it trumps the dealer's first lead."""
    m = Match(rules, "sweep", first_dealer=dealer, levels=levels, hand_no=hand_no)
    level = levels[team_of(dealer)]
    ctx = TrumpContext.of(rules, level, trump)
    full = full_deck(rules.decks)
    trumps = sorted((c for c in full if ctx.is_trump(c)), key=ctx.order, reverse=True)
    strong_cards = trumps[: rules.hand_size]
    plain = [c for c in full if not ctx.is_trump(c)]
    if kitty_points:
        kitty = [c for c in plain if POINTS[c]][: rules.kitty_size]
    else:
        kitty = [c for c in plain if not POINTS[c]][: rules.kitty_size]
    stack(m, {strong: strong_cards}, kitty=kitty)
    deal_all(m)
    if rules.declaration.forms[0].endswith("+P"):  # seed 001: a small joker and a pair
        shown = next(
            d.cards
            for d in possible_declarations(rules, level, strong, m.hand.hands[strong], None)
            if d.suit == trump and d.form == rules.declaration.forms[0]
        )
        m.apply(Declare(strong, shown))
    else:
        m.apply(Declare(strong, (Card.of(trump, level),)))
    events = all_pass(m)
    if rules.kitty_size:
        events += m.apply(Bury(dealer, tuple(kitty)))
    while m.phase == "playing":
        seat = m.hand.turn
        assert seat is not None
        if seat == strong and m.current_lead() is None:
            held = sorted(cards_of(m.hand.hands[seat]), key=ctx.order, reverse=True)
            keep = [c for c in held if c != last] or held
            events += m.apply(Play(seat, (keep[0],)))
        else:
            a = m.suggest(seat)
            assert a is not None
            events += m.apply(a)
    return m, events


def scored(events: list[Event]) -> HandScored:
    (e,) = [x for x in events if isinstance(x, HandScored)]
    return e


@pytest.mark.parametrize(
    ("name", "start", "steps"),
    [("tournament", K, 1), ("classic", Q, 2), ("twos-trump", K, 1)],
)
def test_must_play_a_defenders_gain_stops_at_a(name: str, start: int, steps: int) -> None:
    """Attackers score 0 → defenders +3, but the climb stops at A (K+3 → A only)."""
    rules = PRESETS[name]
    m, ev = sweep(rules, (start, rules.levels[0]), dealer=0, strong=0)
    e = scored(ev)
    assert (e.trick_points, e.attackers_points, e.multiplier) == (0, 0, 0)
    assert e.winner == "defenders"
    assert score_result(rules, 0).levels == 3
    assert e.levels == (A, rules.levels[0])
    assert e.level_change == steps
    assert e.next_dealer == 2  # defenders hold: the partner deals
    assert m.phase == "scored" and m.winner is None
    m.apply(NextHand())
    assert (m.dealer, m.hand.level_rank) == (2, A)


def test_must_play_a_attackers_gain_stops_at_a() -> None:
    """Tournament attackers at K capture everything (+3 capped) and stop at A."""
    rules = PRESETS["tournament"]
    _, ev = sweep(rules, (5, K), dealer=0, strong=1, kitty_points=True)
    e = scored(ev)
    assert e.winner == "attackers" and e.attackers_points >= 150
    assert e.levels == (5, A) and e.level_change == 1
    assert e.next_dealer == 1  # take-over: the seat after the old dealer


def test_tournament_must_play_stops_the_climb_at_a_even_from_q() -> None:
    rules = PRESETS["tournament"]
    _, ev = sweep(rules, (Q, 2), dealer=2, strong=2)
    e = scored(ev)
    assert e.levels == (A, 2) and e.level_change == 2 and e.next_dealer == 0


@pytest.mark.parametrize("name", ["classic", "tournament", "one-deck", "three-decks", "qq-super"])
def test_defending_at_the_last_level_wins_the_match(name: str) -> None:
    rules = PRESETS[name]
    top = rules.levels[-1]
    m, ev = sweep(rules, (5, top), dealer=1, strong=1)
    e = scored(ev)
    assert e.winner == "defenders"
    won = [x for x in ev if isinstance(x, MatchWon)]
    assert won == [MatchWon(1, e.levels)]
    assert m.phase == "finished" and m.winner == 1
    refused(m, NextHand(), "match_over")
    refused(m, Pass(0), "match_over")


def test_seed_001_match_ends_at_k() -> None:
    rules = PRESETS["seed-001"]
    assert rules.levels[0] == A and rules.levels[-1] == K
    m, ev = sweep(rules, (K, 3), dealer=0, strong=0, trump=Suit.HEARTS)
    assert scored(ev).winner == "defenders"
    assert m.winner == 0 and m.phase == "finished"


def test_attackers_at_a_taking_over_do_not_win_yet() -> None:
    rules = PRESETS["classic"]
    m, ev = sweep(rules, (5, A), dealer=0, strong=1, kitty_points=True)
    e = scored(ev)
    assert e.winner == "attackers" and e.levels == (5, A)
    assert m.winner is None and m.phase == "scored"
    assert not [x for x in ev if isinstance(x, MatchWon)]
    m.apply(NextHand())
    assert (m.dealer, m.hand.level_rank) == (1, A)


def test_takeover_rotation_and_kitty_capture() -> None:
    """Classic: the attacker holding the top trumps wins every trick; the kitty's points
    count ×2 (a single wins the last trick); the seat after the old dealer deals next."""
    rules = PRESETS["classic"]
    m, ev = sweep(rules, (7, 4), dealer=2, strong=3, kitty_points=True)
    e = scored(ev)
    kitty = sum(POINTS[c] for c in m.hand.buried)
    assert kitty > 0
    assert e.trick_points == rules.total_points - kitty
    assert (e.kitty_points, e.multiplier) == (kitty, 2)
    assert e.attackers_points == rules.total_points - kitty + 2 * kitty
    assert e.winner == "attackers"
    expected = score_result(rules, e.attackers_points).levels
    assert e.levels == (7, min(4 + expected, A))
    assert e.next_dealer == 3
    assert all(team_of(t.winner) == 1 for t in m.hand.tricks)
    m.apply(NextHand())
    assert (m.dealer, m.hand.level_rank) == (3, e.levels[1])


def test_tournament_jack_rule_defenders_restart_at_2() -> None:
    """比赛规则: 庄家打J级时，对家用J牌抠底，庄家重新从2级开始."""
    rules = PRESETS["tournament"]
    m, ev = sweep(rules, (J, 2), dealer=0, strong=1, kitty_points=True, last=C.HJ)
    e = scored(ev)
    last = m.hand.tricks[-1]
    assert last.winner == 1 and last.plays[0] == (1, (C.HJ,))
    assert e.jack_reset
    assert e.winner == "attackers"
    assert e.multiplier == 2  # tournament single ×2
    assert e.levels == (2, J)  # defenders restart at 2; attackers 2 +3 → 5, 10, J
    assert e.next_dealer == 1
    m.apply(NextHand())
    assert m.levels == [2, J] and m.hand.level_rank == J


def test_tournament_jack_rule_needs_a_jack_in_the_last_trick() -> None:
    rules = PRESETS["tournament"]
    m, ev = sweep(rules, (J, 2), dealer=0, strong=1, kitty_points=True, last=C.BJ)
    e = scored(ev)
    assert m.hand.tricks[-1].plays[0] == (1, (C.BJ,))
    assert not e.jack_reset
    assert e.levels == (J, J)


def test_jack_rule_is_tournament_only() -> None:
    rules = PRESETS["classic"]
    _, ev = sweep(rules, (J, 2), dealer=0, strong=1, kitty_points=True, last=C.HJ)
    e = scored(ev)
    assert not e.jack_reset and e.levels[0] == J


def test_tournament_score_cap_three_levels() -> None:
    rules = PRESETS["tournament"]
    _, ev = sweep(rules, (2, 2), dealer=0, strong=1, kitty_points=True)
    e = scored(ev)
    assert e.attackers_points >= 150
    assert e.levels == (2, J) and e.level_change == 3  # 2 → 5 → 10 → J


# ---- four decks: no kitty, no bury ------------------------------------------------------------


def test_four_decks_has_no_kitty_and_no_bury_phase() -> None:
    rules = PRESETS["four-decks"]
    m = Match(rules, "four")
    stack(m, {2: [C.D2]})
    ev = deal_all(m)
    assert m.deal_total == 216 and m.hand.dealt == 216
    assert [sum(h) for h in m.hand.hands] == [54] * 4
    m.apply(Declare(2, (C.D2,)))
    ev = all_pass(m)
    assert not [e for e in ev if isinstance(e, KittyTaken)]
    assert m.phase == "playing" and m.dealer == 2 and m.hand.turn == 2
    assert m.hand.kitty == [] and m.view_for(2).kitty_taken in (None, ())
    refused(m, Bury(2, ()), "wrong_phase")
    while m.phase == "playing":
        a = m.suggest(m.hand.turn)  # type: ignore[arg-type]
        assert a is not None
        ev = m.apply(a)
    e = scored(ev)
    assert e.kitty == () and e.kitty_points == 0
    assert e.trick_points + m.hand.defenders_points == 400
    assert len(m.hand.tricks) >= 1


# ---- failed throws --------------------------------------------------------------------------


def _declared_hand(hands: dict[int, Sequence[Card]], rules: RuleSet | None = None) -> Match:
    """Hand 2, dealer 0, level 2, ♥ trump declared by seat 0, kitty buried back."""
    rules = rules or PRESETS["classic"]
    m = Match(rules, "throws", first_dealer=0, levels=(2, 2), hand_no=2)
    kitty = [C.C6, C.C6, C.C7, C.C7, C.C8, C.C8, C.C9, C.C9]
    seat0 = [C.H2, *hands.get(0, [])]
    stack(m, {**hands, 0: seat0}, kitty=kitty)
    deal_all(m)
    m.apply(Declare(0, (C.H2,)))
    all_pass(m)
    m.apply(Bury(0, tuple(kitty)))
    return m


def test_failed_throw_by_the_dealer_plays_the_forced_unit_and_pays() -> None:
    m = _declared_hand({0: [C.SA, C.SK, C.S3], 1: [C.S4]})
    before = Counter(m.hand_of(0))
    ev = m.apply(Play(0, (C.SA, C.SK, C.S3)))
    (tf,) = [e for e in ev if isinstance(e, ThrowFailed)]
    assert tf.seat == 0 and sorted(tf.attempted) == sorted((C.SA, C.SK, C.S3))
    assert tf.forced == (C.S3,) and tf.penalty == 10 and tf.audience is None
    (pl,) = [e for e in ev if isinstance(e, Played)]
    assert (pl.seat, pl.cards, pl.next_seat) == (0, (C.S3,), 1)
    assert before - Counter(m.hand_of(0)) == Counter([C.S3])  # A and K stay in hand
    assert m.hand.penalties == 10  # a defender's failed throw: +10 for the attackers
    assert m.view_for(None).attackers_points == 10
    refused(m, Play(1, (C.S4, C.S4)), "wrong_count")  # the trick is a single now


def test_failed_throw_names_the_first_seat_in_turn_that_beats_it_and_its_cards() -> None:
    # Seat 1 has no spade; seat 2's pairs ♠44 ♠55 beat the forced ♠33 (seat 3's lone ♠6
    # does not): the event says seat 2 and shows its strongest pair over it.
    m = _declared_hand(
        {0: [C.SA, C.SA, C.S3, C.S3], 1: [C.C3], 2: [C.S5, C.S5, C.S4, C.S4], 3: [C.S6]}
    )
    ev = m.apply(Play(0, (C.SA, C.SA, C.S3, C.S3)))
    (tf,) = [e for e in ev if isinstance(e, ThrowFailed)]
    assert tf.forced == (C.S3, C.S3)
    assert (tf.beaten_by, tf.beater) == (2, (C.S5, C.S5))
    single = _declared_hand({0: [C.SA, C.SK, C.S3], 1: [C.S4]})
    (tf,) = [e for e in single.apply(Play(0, (C.SA, C.SK, C.S3))) if isinstance(e, ThrowFailed)]
    assert tf.beaten_by == 1 and tf.beater == (C.SA,)  # seat 1's ♠4 and ♠A: the higher


def test_failed_throw_by_an_attacker_costs_the_attackers() -> None:
    m = _declared_hand({0: [C.C3], 1: [C.CA, C.DA, C.DK, C.D4], 2: [C.D5]})
    m.apply(Play(0, (C.C3,)))
    m.apply(Play(1, (C.CA,)))
    for seat in (2, 3):
        a = m.suggest(seat)
        assert a is not None
        ev = m.apply(a)
    assert next(e for e in ev if isinstance(e, TrickWon)).seat == 1
    ev = m.apply(Play(1, (C.DA, C.DK, C.D4)))
    (tf,) = [e for e in ev if isinstance(e, ThrowFailed)]
    assert tf.forced == (C.D4,) and tf.penalty == 10
    assert m.hand.penalties == -10
    while m.phase == "playing":
        a = m.suggest(m.hand.turn)  # type: ignore[arg-type]
        assert a is not None
        ev = m.apply(a)
    e = scored(ev)
    assert e.penalties == -10
    assert e.attackers_points == e.trick_points + e.kitty_points * e.multiplier - 10


def test_throw_penalty_zero() -> None:
    rules = PRESETS["classic"].with_overrides(throw_penalty=0, name="no-penalty")
    m = _declared_hand({0: [C.SA, C.SK, C.S3], 1: [C.S4]}, rules)
    ev = m.apply(Play(0, (C.SA, C.SK, C.S3)))
    (tf,) = [e for e in ev if isinstance(e, ThrowFailed)]
    assert tf.penalty == 0 and m.hand.penalties == 0


def test_successful_throw_is_played_as_thrown() -> None:
    m = _declared_hand({0: [C.SA, C.SA, C.SK]})
    ev = m.apply(Play(0, (C.SA, C.SA, C.SK)))
    assert not [e for e in ev if isinstance(e, ThrowFailed)]
    (pl,) = [e for e in ev if isinstance(e, Played)]
    assert sorted(pl.cards) == sorted((C.SA, C.SA, C.SK))
    assert m.hand.penalties == 0


# ---- refused actions: reason codes, state unchanged --------------------------------------------


def _at(phase: str) -> Match:
    """A classic hand 2 (dealer 0, ♥ declared by seat 0) stopped in ``phase``.

    Seats 0-2 hold only the spades given here (the other spades go to seat 3)."""
    m = Match(PRESETS["classic"], "errors", first_dealer=0, levels=(2, 2), hand_no=2)
    stack(
        m,
        {0: [C.H2, C.SA, C.SA, C.S3], 1: [C.S4, C.S5, C.S5, C.S6], 2: [C.S7, C.C3]},
        kitty=[C.D3] * 2 + [C.D4] * 2 + [C.D6] * 2 + [C.D7] * 2,
        last=lambda c: c.suit == Suit.SPADES,
    )
    if phase == "dealing":
        m.apply(DealCards(10))
        return m
    deal_all(m)
    if phase == "declaring":
        return m
    if phase == "declaring-passed":
        m.apply(Pass(0))
        return m
    m.apply(Declare(0, (C.H2,)))
    all_pass(m)
    if phase == "burying":
        return m
    m.apply(Bury(0, (C.D3, C.D3, C.D4, C.D4, C.D6, C.D6, C.D7, C.D7)))
    if phase == "playing":
        return m
    m.apply(Play(0, (C.SA, C.SA)))
    if phase == "following":
        return m
    while m.phase == "playing":
        a = m.suggest(m.hand.turn)  # type: ignore[arg-type]
        assert a is not None
        m.apply(a)
    assert phase == "scored" == m.phase
    return m


ERRORS: list[tuple[str, Callable[[Match], Action], str]] = [
    ("dealing", lambda m: Pass(0), "wrong_phase"),
    ("dealing", lambda m: Bury(0, ()), "wrong_phase"),
    ("dealing", lambda m: Play(0, (C.H2,)), "wrong_phase"),
    ("dealing", lambda m: NextHand(), "wrong_phase"),
    ("dealing", lambda m: DealCards(0), "bad_count"),
    ("dealing", lambda m: DealCards(-3), "bad_count"),
    ("dealing", lambda m: Declare(0, (C.H3,)), "bad_declaration"),
    ("dealing", lambda m: Declare(3, (C.H2,)), "not_held"),
    ("dealing", lambda m: Declare(4, (C.H2,)), "bad_seat"),
    ("declaring", lambda m: DealCards(1), "wrong_phase"),
    ("declaring", lambda m: Bury(0, ()), "wrong_phase"),
    ("declaring", lambda m: Play(0, (C.SA,)), "wrong_phase"),
    ("declaring", lambda m: Pass(-1), "bad_seat"),
    ("declaring", lambda m: Declare(1, (C.LJ,)), "bad_declaration"),
    ("declaring-passed", lambda m: Pass(0), "already_passed"),
    ("declaring-passed", lambda m: Pass(4), "bad_seat"),
    ("burying", lambda m: Pass(1), "wrong_phase"),
    ("burying", lambda m: Declare(1, (C.S2,)), "wrong_phase"),
    ("burying", lambda m: DealCards(1), "wrong_phase"),
    ("burying", lambda m: Play(0, (C.SA,)), "wrong_phase"),
    ("burying", lambda m: Bury(1, tuple(cards_of(m.hand.hands[1])[:8])), "not_dealer"),
    ("burying", lambda m: Bury(0, tuple(cards_of(m.hand.hands[0])[:7])), "wrong_bury_count"),
    ("burying", lambda m: Bury(0, tuple(cards_of(m.hand.hands[0])[:9])), "wrong_bury_count"),
    ("burying", lambda m: Bury(0, (C.S4,) * 8), "not_held"),
    ("burying", lambda m: Bury(7, ()), "bad_seat"),
    ("burying", lambda m: NextHand(), "wrong_phase"),
    ("playing", lambda m: Bury(0, tuple(cards_of(m.hand.hands[0])[:8])), "wrong_phase"),
    ("playing", lambda m: Play(1, (C.S4,)), "not_your_turn"),
    ("playing", lambda m: Play(0, (C.S4,)), "not_held"),
    ("playing", lambda m: Play(0, (C.SA, C.SA, C.SA)), "not_held"),
    ("playing", lambda m: Play(0, ()), "empty_play"),
    ("playing", lambda m: Play(0, (C.SA, C.H2)), "mixed_suit_lead"),
    ("playing", lambda m: Play(0, (C.SA, C.H3)), "mixed_suit_lead"),
    ("playing", lambda m: Play(5, (C.SA,)), "bad_seat"),
    ("playing", lambda m: NextHand(), "wrong_phase"),
    ("playing", lambda m: DealCards(1), "wrong_phase"),
    ("following", lambda m: Play(0, (C.S3,)), "not_your_turn"),
    ("following", lambda m: Play(2, (C.S7, C.C3)), "not_your_turn"),
    ("following", lambda m: Play(1, (C.S4,)), "wrong_count"),
    ("following", lambda m: Play(1, (C.S4, C.S6, C.S5)), "wrong_count"),
    ("following", lambda m: Play(1, (C.S4, C.S4)), "not_held"),
    ("following", lambda m: Play(1, (C.S4, C.S6)), "must_match_shape"),
    ("following", lambda m: Play(1, (C.S4, _plain_not_spade(m, 1))), "must_follow_suit"),
    ("scored", lambda m: Play(0, (C.SA,)), "wrong_phase"),
    ("scored", lambda m: Pass(0), "wrong_phase"),
    ("scored", lambda m: DealCards(1), "wrong_phase"),
    ("scored", lambda m: Bury(0, ()), "wrong_phase"),
]


def _plain_not_spade(m: Match, seat: int) -> Card:
    ctx = m.context
    return next(c for c in cards_of(m.hand.hands[seat]) if ctx.suit_of[c] not in (0,))


@pytest.mark.parametrize(
    ("phase", "make", "code"), ERRORS, ids=[f"{p}-{c}-{i}" for i, (p, _, c) in enumerate(ERRORS)]
)
def test_refused_action_has_its_code_and_changes_nothing(
    phase: str, make: Callable[[Match], Action], code: str
) -> None:
    m = _at(phase)
    err = refused(m, make(m), code)
    assert str(err)  # a readable message
    # and the match still accepts a legal action afterwards
    acts = [a for a in (m.suggest(s) for s in range(4)) if a is not None]
    if m.phase == "dealing":
        acts = [DealCards(1)]
    if m.phase == "scored":
        acts = [NextHand()]
    m.apply(acts[0])


def test_error_messages_never_name_another_seats_cards() -> None:
    """A refused follow names only the player's own cards / required shape."""
    m = _at("following")
    others = {s: set(cards_of(m.hand.hands[s])) for s in (0, 2, 3)}
    own = set(cards_of(m.hand.hands[1]))
    for make in (
        lambda: Play(1, (C.S4, C.S6)),
        lambda: Play(1, (C.S4, _plain_not_spade(m, 1))),
    ):
        with pytest.raises(RuleError) as info:
            m.apply(make())
        text = str(info.value)
        for s, cards in others.items():
            for c in cards - own:
                assert str(c) not in text.split(), (s, c, text)


FUZZ_PRESETS = list(PRESETS) if SLOW else ["classic", "one-deck", "four-decks", "tournament"]


@pytest.mark.parametrize("name", FUZZ_PRESETS)
def test_random_wrong_actions_are_refused_cleanly(name: str) -> None:
    """Random junk actions during random matches: either accepted, or a RuleError that
    leaves to_dict() unchanged; never another exception."""
    rules = PRESETS[name]
    m = Match(rules, f"fuzz/{name}")
    rng = random.Random(name)
    hands = 3 if SLOW else 1
    codes: Counter[str] = Counter()
    steps = 0
    while m.phase != "finished" and m.hand_no <= hands:
        steps += 1
        if steps % 3 == 0:
            for _ in range(2):
                junk = _junk(m, rng)
                before = m.to_dict()
                try:
                    m.apply(junk)
                    codes["accepted"] += 1
                except RuleError as e:
                    codes[e.code] += 1
                    assert m.to_dict() == before, (junk, e.code)
        m.apply(random_action(m, rng, mixed=True))
    assert len(codes) >= 5


def _junk(m: Match, rng: random.Random) -> Action:
    seat = rng.choice([0, 1, 2, 3, 0, 1, 2, 3, -1, 4])
    if 0 <= seat < 4 and rng.random() < 0.6:
        held = cards_of(m.hand.hands[seat])
        cards = tuple(rng.sample(held, rng.randint(0, min(len(held), 8)))) if held else ()
    else:
        cards = tuple(rng.choice(ALL_CARDS) for _ in range(rng.randint(0, 8)))
    turn = m.hand.turn if m.hand.turn is not None else 0
    return rng.choice(
        [
            DealCards(rng.randint(-1, 2)),
            Declare(seat, cards[:3]),
            Pass(seat),
            Bury(seat, cards),
            Play(seat, cards),
            Play(turn, cards[:4]),
            NextHand(),
        ]
    )


def test_redeal_starts_a_fresh_hand_log_and_replays() -> None:
    rules = PRESETS["classic"]
    m = Match(rules, "redeal-log")
    actions: list[Action] = [DealCards(200), Pass(0), Pass(1), Pass(2), Pass(3)]
    for a in actions:
        ev = m.apply(a)
    assert isinstance(ev[-2], Redealt)
    assert m.hand_log == [] and m.hand.redeals == 1
    assert m.phase == "dealing"
    assert replay(rules, "redeal-log", actions).to_dict() == m.to_dict()
