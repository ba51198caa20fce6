"""Hand-made positions for the AI tests: a ``Public`` state (what the play policy
reads) and a ``View`` (what a player's ``choose`` reads), from card notation."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.actions import Action, DealCards, NextHand, Pass, Play
from rules.ai.base import Player
from rules.ai.basic import BasicPlayer
from rules.ai.sim import Sampler
from rules.ai.state import Public, public_of, shown_cards
from rules.cards import NUM_CARDS, Card, Suit, counts_of, full_deck
from rules.errors import RuleError
from rules.game import Match
from rules.notation import parse_cards
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.trump import TrumpContext
from rules.views import TrickView, View

Plays = Sequence[tuple[int, str]]  # (seat, cards in notation), in play order


def table(
    level: int,
    trump: Suit | None,
    dealer: int,
    trick: Plays,
    hand_size: int = 10,
    done: Sequence[Plays] = (),
) -> Public:
    """The public state with the finished tricks ``done`` and the current ``trick``."""
    ctx = TrumpContext.of(preset("classic"), level, trump)
    first = done[0] if done else trick
    pub = Public(
        ctx=ctx,
        rules=ctx.rules,
        dealer=dealer,
        played=[0] * NUM_CARDS,
        voids=[0] * 4,
        trick=[],
        leader=first[0][0] if first else dealer,
        points=0,
        sizes=[hand_size] * 4,
        tricks_done=0,
    )
    for t in done:
        for seat, text in t:
            pub.record(seat, parse_cards(text))
        pub.end_trick()
    for seat, text in trick:
        pub.record(seat, parse_cards(text))
    return pub


def hand(text: str) -> list[int]:
    return counts_of(parse_cards(text))


def lead_view(
    seat: int, own: str, done: Sequence[Plays], dealer: int = 1, trump: Suit = Suit.HEARTS
) -> View:
    """Seat ``seat``'s view in the classic preset at level 2, about to lead after the
    finished tricks ``done`` (the last one won by ``seat``), holding ``own``."""
    rules = preset("classic")
    ctx = TrumpContext.of(rules, 2, trump)
    cards = tuple(sorted(parse_cards(own)))
    per_seat = rules.hand_size
    dealt = 54 * rules.decks - rules.kitty_size
    played = [0] * 4
    tricks = []
    attackers = 0
    for k, t in enumerate(done):
        plays = tuple((s, tuple(parse_cards(text))) for s, text in t)
        for s, cs in plays:
            played[s] += len(cs)
        points = sum(Card(c).points for _, cs in plays for c in cs)
        winner = _winner(ctx, plays)
        if (winner - dealer) % 2:
            attackers += points
        tricks.append(TrickView(k + 1, plays[0][0], plays, winner, points))
    assert tricks[-1].winner == seat, "the last trick must be won by the seat to lead"
    sizes = tuple(per_seat - played[s] for s in range(4))
    assert sizes[seat] == len(cards), "the hand must match the cards played"
    return View(
        seat=seat,
        rules=rules,
        phase="playing",
        hand_no=1,
        levels=(2, 2),
        dealer=dealer,
        level_rank=2,
        trump_suit=trump,
        trump_fixed=True,
        declarations=(),
        passes=(),
        dealt=dealt,
        deal_total=dealt,
        hand=cards,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        kitty_taken=None,
        buried=None,
        turn=seat,
        trick_no=len(done) + 1,
        current=(),
        tricks=tuple(tricks),
        attackers_points=attackers,
        defenders_points=0,
        penalties=0,
        history=(),
        winner=None,
    )


def _winner(ctx: TrumpContext, plays: Sequence[tuple[int, tuple[Card, ...]]]) -> int:
    """The winner of a trick of singles."""
    pub = Public(ctx, ctx.rules, 0, [0] * NUM_CARDS, [0] * 4, [], 0, 0, [25] * 4, 0)
    for s, cs in plays:
        pub.record(s, cs)
    return pub.winner()


def permute_hidden(m: Match, viewer: int, rng: random.Random) -> Match:
    """A copy of ``m`` where the cards ``viewer`` cannot see are dealt differently but
    consistently with everything public: two other seats (or a seat and the kitty the
    viewer did not bury) swap cards of the same effective suit, never a declared card.
    Any number of seats (找朋友: a called copy may move to another seat; the calls
    show only the copies played)."""
    m2 = m.copy()
    h = m2.hand
    ctx = m2.context
    shown = {c for d in h.declarations for c in d.cards}
    holders: list[list[int]] = [h.hands[s] for s in range(m2.players) if s != viewer]
    kitty_counts = counts_of(h.buried)
    if viewer != h.dealer and h.buried:
        holders.append(kitty_counts)
    swaps = 0
    for _ in range(200):
        a, b = rng.sample(range(len(holders)), 2)
        ha, hb = holders[a], holders[b]
        ca = [c for c in range(NUM_CARDS) if ha[c] and c not in shown]
        if not ca:
            continue
        x = rng.choice(ca)
        cb = [
            c
            for c in range(NUM_CARDS)
            if hb[c] and c not in shown and c != x and ctx.suit_of[c] == ctx.suit_of[x]
        ]
        if not cb:
            continue
        y = rng.choice(cb)
        ha[x] -= 1
        ha[y] += 1
        hb[y] -= 1
        hb[x] += 1
        swaps += 1
    if viewer != h.dealer and h.buried:
        h.buried = [Card(c) for c in range(NUM_CARDS) for _ in range(kitty_counts[c])]
    assert swaps
    return m2


def assert_consistent(
    v: View,
    pub: Public,
    seat: int,
    hand: list[int],
    kitty: list[int] | None,
    hands: list[list[int]],
    hidden_kitty: list[int],
) -> None:
    """A sampled deal (``hands``, this seat's empty or its own; the hidden kitty)
    agrees with everything ``seat`` has seen."""
    rules = pub.rules
    shown = shown_cards(v)
    assert not any(hands[seat]) or hands[seat] == hand
    hands = [h if s != seat else [0] * NUM_CARDS for s, h in enumerate(hands)]
    for s in range(pub.n):
        if s == seat:
            continue
        assert sum(hands[s]) == v.hand_sizes[s]
        for c in range(NUM_CARDS):
            if hands[s][c]:
                assert not pub.voids[s] >> pub.ctx.suit_of[c] & 1, "a shown void"
            if pub.nopairs[s] >> pub.ctx.suit_of[c] & 1:
                twins = [x for x in range(52) if pub.ctx.ident[x] == pub.ctx.ident[c]]
                assert sum(hands[s][x] for x in twins) <= 1, "a pair it has not"
            if s != v.dealer:
                assert hands[s][c] >= shown[s][c], "a declared card moved"
            else:
                assert hands[s][c] + hidden_kitty[c] >= shown[s][c]
    total = [0] * NUM_CARDS
    for h in [*hands, hand, hidden_kitty, kitty or [0] * NUM_CARDS, pub.played]:
        for c in range(NUM_CARDS):
            total[c] += h[c]
    assert total == counts_of(full_deck(rules.decks)), "every card exactly once"
    if rules.kitty_size and seat != v.dealer:
        assert sum(hidden_kitty) == rules.kitty_size


def sampler_at(m: Match, seat: int) -> tuple[View, Public, list[int], list[int] | None, Sampler]:
    """What ``seat`` sees and a sampler of the cards it cannot: (view, public state,
    hand, its buried kitty if it buried one, sampler)."""
    v = m.view_for(seat)
    pub = public_of(v)
    hand = counts_of(v.hand or ())
    kitty = counts_of(v.buried) if seat == v.dealer and v.buried else None
    return v, pub, hand, kitty, Sampler(pub, seat, hand, kitty, shown_cards(v))


def into_phase(rules: RuleSet, seed: str, phase: str) -> Match:
    """A match dealt from ``seed`` and played by basic up to ``phase`` (e.g. burying)."""
    rng = random.Random(seed)
    m = Match(rules, seed, first_dealer=rng.randrange(rules.players))
    basic = BasicPlayer()
    m.apply(DealCards(10_000))
    for _ in range(10_000):
        if m.phase == phase:
            return m
        if m.phase == "dealing":  # (nobody declared: dealt again)
            m.apply(DealCards(10_000))
        for s in range(rules.players):
            a = basic.choose(m.view_for(s), rng)
            if a is not None:
                m.apply(a)
                break
    raise AssertionError(f"never reached {phase}")


def into_play(rules: RuleSet, seed: str, plays: int) -> Match:
    """A match ``plays`` cards into the play, every seat played by basic."""
    rng = random.Random(seed)
    m = Match(rules, seed, first_dealer=rng.randrange(rules.players))
    basic = BasicPlayer()
    m.apply(DealCards(10_000))
    count = 0
    for _ in range(10_000):
        if m.phase == "playing" and count >= plays:
            return m
        if m.phase in ("scored", "finished"):
            return m
        for s in range(rules.players):
            a = basic.choose(m.view_for(s), rng)
            if a is not None:
                m.apply(a)
                count += isinstance(a, Play)
                break
    raise AssertionError("no progress")


def apply_ok(m: Match, action: Action, who: str) -> None:
    try:
        m.apply(action)
    except RuleError as exc:  # pragma: no cover - the failure message is the point
        raise AssertionError(f"{who} chose an illegal action {action!r}: {exc}") from exc


def drive(
    m: Match,
    players: Sequence[Player],
    rng: random.Random,
    hands: int = 1,
    stop: Callable[[Match], bool] | None = None,
) -> None:
    """Play ``hands`` hands, asking every seat whenever it may act (all four during the
    deal, in a random order), applying every AI action."""
    names = [type(p).__name__ for p in players]
    played_hands = 0
    for _ in range(20_000):
        if stop is not None and stop(m):
            return
        if m.phase == "finished":
            return
        if m.phase == "scored":
            played_hands += 1
            if played_hands >= hands:
                return
            m.apply(NextHand())
            continue
        if m.phase == "dealing":
            m.apply(DealCards(rng.randint(1, 6)))
            order = rng.sample(range(4), 4)
            for s in order:
                if m.phase not in ("dealing", "declaring"):
                    break
                a = players[s].choose(m.view_for(s), rng)
                if a is not None:
                    apply_ok(m, a, names[s])
            continue
        if m.phase == "declaring":
            for s in rng.sample(range(4), 4):
                if m.phase != "declaring" or s in m.hand.passes:
                    continue
                a = players[s].choose(m.view_for(s), rng)
                apply_ok(m, a if a is not None else Pass(s), names[s])
            continue
        if m.phase == "burying":
            d = m.dealer
            assert d is not None
            for s in range(4):  # nobody but the dealer has anything to do
                if s != d:
                    assert players[s].choose(m.view_for(s), rng) is None
            a = players[d].choose(m.view_for(d), rng)
            assert a is not None, f"{names[d]} did not bury"
            apply_ok(m, a, names[d])
            continue
        if m.phase == "playing":
            s = m.turn
            assert s is not None
            o = (s + rng.randint(1, 3)) % 4  # a seat whose turn it is not has nothing to do
            assert players[o].choose(m.view_for(o), rng) is None
            a = players[s].choose(m.view_for(s), rng)
            assert a is not None, f"{names[s]} did not play"
            apply_ok(m, a, names[s])
            continue
    raise AssertionError("the match did not progress")


def play_until(m: Match, players: Sequence[Player], rng: random.Random, plays: int) -> None:
    """Drive the match into the playing phase and ``plays`` cards into it."""
    count = [0]

    def stop(match: Match) -> bool:
        if match.phase == "playing":
            if count[0] >= plays:
                return True
            count[0] += 1
        return False

    drive(m, players, rng, stop=stop)
