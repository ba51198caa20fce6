"""找朋友 test helpers: rigged N-seat deals, random legal N-seat hands, and hands
played by AI levels round the table at every kind of 找朋友 table (``TABLES``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from rules.actions import Action, Bury, CallFriends, DealCards, NextHand, Pass, Play
from rules.ai import make_player
from rules.cards import NUM_CARDS, Card, full_deck
from rules.friends import FriendCall, call_allowed, check_calls
from rules.game import Match
from rules.presets import FRIENDS_PRESETS, friends_rules
from rules.ruleset import RuleSet
from rules.ruleset_parts import FriendRules


def rig(match: Match, hands: dict[int, Iterable[Card]], kitty: Iterable[Card] = ()) -> None:
    """Deal ``hands`` (topped up from the rest of the decks, low spades first) before
    any card is dealt; the kitty gets ``kitty`` and the rest."""
    rules = match.rules
    n = rules.players
    pool = Counter(full_deck(rules.decks))
    wanted = Counter([c for cs in hands.values() for c in cs] + list(kitty))
    for c, k in wanted.items():
        assert pool[c] >= k, f"only {pool[c]} copies of {c!r} exist"
    pool.subtract(wanted)
    rest = sorted(pool.elements(), key=int)
    size = rules.hand_size
    seat_cards = {}
    for s in range(n):
        cs = list(hands.get(s, []))
        assert len(cs) <= size
        cs += [rest.pop(0) for _ in range(size - len(cs))]
        seat_cards[s] = cs
    kit = list(kitty) + [rest.pop(0) for _ in range(rules.kitty_size - len(list(kitty)))]
    start = match.hand.dealer if match.hand.dealer is not None else 0
    deck = [seat_cards[(start + i) % n][i // n] for i in range(n * size)]
    match.hand.deck = deck + kit


def ready_to_call(rules: RuleSet, hands: dict[int, list[Card]], kitty: list[Card]) -> Match:
    """Dealt, nobody declares (dealer 0, no-trump at level 2), kitty buried as taken:
    the dealer is to call friends."""
    m = Match(rules, "friends-test", first_dealer=0)
    rig(m, hands, kitty)
    m.apply(DealCards(10_000))
    for s in range(rules.players):
        m.apply(Pass(s))
    assert m.phase == "burying" and m.hand.trump_suit is None
    m.apply(Bury(0, tuple(m.hand.kitty)))
    assert m.phase == "calling"
    return m


def random_calls(match: Match, rng: random.Random) -> CallFriends:
    """A random legal call (the policy's cards, any copy), to make joins, wasted calls
    and missing friends all happen in property tests."""
    rules = match.rules
    ctx = match.context
    allowed = [c for c in range(NUM_CARDS) if call_allowed(rules, ctx, c)]
    calls: list[FriendCall] = []
    while len(calls) < rules.friend_calls:
        call = FriendCall(Card(rng.choice(allowed)), rng.randint(1, rules.decks))
        if call not in calls:
            calls.append(call)
    assert match.dealer is not None
    return CallFriends(match.dealer, tuple(calls))


def random_action(match: Match, rng: random.Random) -> Action:
    """A legal action: random single-card leads and calls, else the suggestion."""
    if match.phase == "dealing":
        return DealCards(rng.choice((7, 30, 500)))
    if match.phase == "scored":
        return NextHand()
    if match.phase == "calling":
        return random_calls(match, rng)
    if match.phase == "playing" and match.current_lead() is None and rng.random() < 0.7:
        seat = match.turn
        assert seat is not None
        return Play(seat, (rng.choice(match.hand_of(seat)),))
    for s in range(match.players):
        a = match.suggest(s)
        if a is not None:
            return a
    raise AssertionError(f"nothing to do in phase {match.phase}")


TABLES: list[RuleSet] = [
    *FRIENDS_PRESETS.values(),
    friends_rules(7, 3, FriendRules(no_double_join=True)),
    friends_rules(10, 4, FriendRules(policy="no-point-card")),
    friends_rules(10),  # five decks: quintuples
    friends_rules(4, 5),  # 66 cards a hand
]


def play_ai_hands(rules: RuleSet, levels: list[str], seed: str, hands: int) -> Match:
    """Play ``hands`` hands with these AI levels round the table; every action an AI
    chooses from its own view must be accepted (``apply`` raises otherwise)."""
    rng = random.Random(seed)
    players = [make_player(levels[s % len(levels)]) for s in range(rules.players)]
    m = Match(rules, seed)
    done = 0
    while m.phase != "finished" and done < hands:
        if m.phase == "dealing":
            m.apply(DealCards(rng.choice((9, 40))))
        acted = False
        for s in range(rules.players):
            if m.phase == "calling" and s == m.dealer:
                a = players[s].choose(m.view_for(s), rng)
                assert isinstance(a, CallFriends)
                check_calls(rules, m.context, a.calls)
            a = players[s].choose(m.view_for(s), rng)
            if a is not None:
                m.apply(a)
                acted = True
                break
        if m.phase == "scored":
            done += 1
            if done < hands:
                m.apply(NextHand())
            continue
        assert acted or m.phase == "dealing", f"nobody acts in phase {m.phase}"
    return m
