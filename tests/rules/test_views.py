"""What a seat (or the public) may see: ``Match.view_for`` and ``Match.suggest``.

docs/rules.md §5: only the dealer sees the kitty and the buried cards until the hand
ends. A view never contains another seat's hidden cards: checked field by field, and by
non-interference (swapping hidden cards between other seats, or inside the undealt deck
or the buried kitty, must not change the view at all).
"""

from __future__ import annotations

import copy
import dataclasses
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from rules.actions import Action, Bury, DealCards, Declare, NextHand, Pass
from rules.cards import Card, Suit, cards_of, full_deck
from rules.declare import possible_declarations
from rules.errors import RuleError
from rules.game import Match
from rules.presets import PRESETS
from rules.views import View
from tests.support.random_play import random_action

C = Card
SLOW = os.environ.get("SHENGJI_SLOW") == "1"


# ---- helpers ------------------------------------------------------------------------------


def stack(
    match: Match, hands: dict[int, Sequence[Card]] | None = None, kitty: Sequence[Card] = ()
) -> None:
    """Stack the current hand's deck (seat s gets ``hands[s]`` first, the kitty starts
    with ``kitty``; the rest is filled lowest card id first)."""
    rules = match.rules
    pool = Counter(full_deck(rules.decks))
    wanted = Counter([c for cs in (hands or {}).values() for c in cs] + list(kitty))
    pool.subtract(wanted)
    assert min(pool.values()) >= 0
    rest = sorted(pool.elements())
    size = rules.hand_size
    seat_cards = {}
    for s in range(4):
        cs = list((hands or {}).get(s, []))
        cs += [rest.pop(0) for _ in range(size - len(cs))]
        seat_cards[s] = cs
    kit = list(kitty) + [rest.pop(0) for _ in range(rules.kitty_size - len(kitty))]
    start = match.hand.dealer if match.hand.dealer is not None else 0
    match.hand.deck = [seat_cards[(start + i) % 4][i // 4] for i in range(4 * size)] + kit


def cards_in(value: Any) -> Iterator[Card]:
    """Every Card anywhere inside a value (dataclasses, tuples, lists, dicts)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for x in value:
            yield from cards_in(x)
    elif isinstance(value, dict):
        for k, x in value.items():
            yield from cards_in(k)
            yield from cards_in(x)


PUBLIC_CARD_FIELDS = {"declarations", "current", "tricks", "history"}
PRIVATE_CARD_FIELDS = {"hand", "kitty_taken", "buried"}


def audit_view(m: Match, seat: int | None) -> View:
    """The view holds the seat's own hand, public information, and (for the dealer)
    the kitty; nothing else that is a card."""
    h = m.hand
    v = m.view_for(seat)
    assert v.seat == seat
    scored = m.phase in ("scored", "finished")
    # own hand, exactly
    if seat is None:
        assert v.hand is None
    else:
        assert v.hand is not None
        assert Counter(v.hand) == Counter(cards_of(h.hands[seat]))
    assert v.hand_sizes == tuple(sum(x) for x in h.hands)
    # the kitty: the dealer's own business until the hand is scored
    is_dealer = seat is not None and seat == h.dealer
    if is_dealer and h.trump_fixed:
        assert v.kitty_taken == tuple(h.kitty)
    else:
        assert v.kitty_taken is None
    if h.buried and (is_dealer or scored):
        assert v.buried == tuple(h.buried)
    else:
        assert v.buried is None
    # public card fields are exactly the public record
    assert [(d.seat, d.cards) for d in v.declarations] == [
        (d.seat, d.cards) for d in h.declarations
    ]
    assert [t.plays for t in v.tricks] == [tuple(t.plays) for t in h.tricks]
    assert v.current == (tuple(h.current.plays) if h.current else ())
    assert v.history == tuple(m.history)
    # no other field carries a card at all
    for f in dataclasses.fields(v):
        if f.name in PUBLIC_CARD_FIELDS | PRIVATE_CARD_FIELDS or f.name == "rules":
            continue
        assert not list(cards_in(getattr(v, f.name))), f.name
    return v


def _swap_hidden(m: Match, viewer: int | None, rng: random.Random) -> None:
    """Change hidden information in ways the viewer cannot know about, and check that
    the view does not change. Everything is restored afterwards."""
    h = m.hand
    base = m.view_for(viewer)
    hidden = [s for s in range(4) if s != viewer]
    # 1. one card moves each way between two other seats
    a, b = rng.sample(hidden, 2)
    xs = sorted(set(cards_of(h.hands[a])))
    ys = sorted(set(cards_of(h.hands[b])))
    pairs = [(x, y) for x in xs[:4] for y in ys[:4] if x != y]
    if pairs:
        x, y = rng.choice(pairs)
        ha, hb = h.hands[a], h.hands[b]
        ha[x] -= 1
        ha[y] += 1
        hb[y] -= 1
        hb[x] += 1
        try:
            assert m.view_for(viewer) == base, ("hand swap", a, b)
        finally:
            ha[x] += 1
            ha[y] -= 1
            hb[y] += 1
            hb[x] -= 1
    # 2. the undealt cards and the kitty (before anybody took it): any order
    if not h.trump_fixed and len(h.deck) - h.dealt >= 2:
        saved = list(h.deck)
        tail = h.deck[h.dealt :]
        rng.shuffle(tail)
        h.deck[h.dealt :] = tail[::-1]
        try:
            assert m.view_for(viewer) == base, "undealt deck"
        finally:
            h.deck[:] = saved
    # 3. the buried cards and the kitty the dealer took, unless the viewer dealt
    if h.trump_fixed and viewer != h.dealer and m.phase not in ("scored", "finished"):
        for name in ("buried", "kitty"):
            pile: list[Card] = getattr(h, name)
            if not pile:
                continue
            x = pile[0]
            options = sorted({(s, y) for s in hidden for y in cards_of(h.hands[s]) if y != x})
            if not options:
                continue
            s, y = rng.choice(options)
            pile[0] = y
            h.hands[s][y] -= 1
            h.hands[s][x] += 1
            try:
                assert m.view_for(viewer) == base, name
            finally:
                pile[0] = x
                h.hands[s][y] += 1
                h.hands[s][x] -= 1


# ---- deterministic walk through one hand --------------------------------------------------


def _walk_hand() -> list[tuple[str, Match]]:
    """A classic hand 1: seat 1 declares, deals, buries; snapshots of every phase."""
    m = Match(PRESETS["classic"], "views")
    stack(m, {1: [C.H2]}, kitty=[C.S5, C.S10, C.SK, C.D3, C.D4, C.D6, C.D7, C.D8])
    snaps: list[tuple[str, Match]] = [("start", copy.deepcopy(m))]
    m.apply(DealCards(40))
    m.apply(Declare(1, (C.H2,)))
    snaps.append(("dealing", copy.deepcopy(m)))
    m.apply(DealCards(100))
    snaps.append(("declaring", copy.deepcopy(m)))
    for s in range(4):
        m.apply(Pass(s))
    snaps.append(("burying", copy.deepcopy(m)))
    bury = (C.S5, C.S10, C.SK, C.D3, C.D4, C.D6, C.D7, C.D8)
    m.apply(Bury(1, bury))
    snaps.append(("playing", copy.deepcopy(m)))
    while m.phase == "playing":
        a = m.suggest(m.hand.turn)  # type: ignore[arg-type]
        assert a is not None
        m.apply(a)
        if len(m.hand.tricks) == 3 and m.hand.current and len(m.hand.current.plays) == 2:
            snaps.append(("mid-trick", copy.deepcopy(m)))
    snaps.append(("scored", copy.deepcopy(m)))
    m.apply(NextHand())
    snaps.append(("next-hand", copy.deepcopy(m)))
    return snaps


SNAPS = _walk_hand()


@pytest.mark.parametrize(("label", "m"), SNAPS, ids=[label for label, _ in SNAPS])
def test_every_view_of_every_phase_passes_the_audit(label: str, m: Match) -> None:
    for seat in (None, 0, 1, 2, 3):
        audit_view(m, seat)
        _swap_hidden(m, seat, random.Random(label))


def test_seat_view_holds_exactly_its_own_hand() -> None:
    m = dict(SNAPS)["burying"]
    for seat in range(4):
        v = m.view_for(seat)
        assert v.hand is not None
        assert Counter(v.hand) == Counter(cards_of(m.hand.hands[seat]))
        assert list(v.hand) == m.hand_of(seat)  # sorted for display
    assert len(m.view_for(1).hand or ()) == 33  # the dealer holds the kitty now
    assert m.view_for(None).hand is None


def test_public_view_hides_kitty_and_buried_until_scored() -> None:
    by = dict(SNAPS)
    for label in ("start", "dealing", "declaring", "burying", "playing", "mid-trick"):
        for seat in (None, 0, 2, 3):
            v = by[label].view_for(seat)
            assert v.kitty_taken is None and v.buried is None, (label, seat)
    v = by["scored"].view_for(None)
    assert v.hand is None and v.kitty_taken is None
    assert v.buried == (C.S5, C.S10, C.SK, C.D3, C.D4, C.D6, C.D7, C.D8)
    assert by["scored"].view_for(3).buried == v.buried


def test_dealer_view_shows_kitty_taken_and_buried() -> None:
    by = dict(SNAPS)
    kitty = (C.S5, C.S10, C.SK, C.D3, C.D4, C.D6, C.D7, C.D8)
    assert by["declaring"].view_for(1).kitty_taken is None  # not yet taken
    v = by["burying"].view_for(1)
    assert v.kitty_taken == kitty and v.buried is None
    v = by["playing"].view_for(1)
    assert v.kitty_taken == kitty and v.buried == kitty
    assert by["mid-trick"].view_for(1).buried == kitty


def test_next_hand_view_starts_clean_and_history_shows_the_old_kitty() -> None:
    m = dict(SNAPS)["next-hand"]
    for seat in (None, 0, 1, 2, 3):
        v = m.view_for(seat)
        assert v.buried is None and v.kitty_taken is None
        assert v.tricks == () and v.current == () and v.declarations == ()
        assert v.history[-1].kitty == (C.S5, C.S10, C.SK, C.D3, C.D4, C.D6, C.D7, C.D8)
        assert v.hand == (() if seat is not None else None)


def test_view_attackers_and_public_fields() -> None:
    m = dict(SNAPS)["mid-trick"]
    v = m.view_for(None)
    assert v.dealer == 1 and v.attackers == (2, 0)
    assert v.trump_suit == Suit.HEARTS and v.trump_fixed and v.level_rank == 2
    assert v.turn == m.hand.turn and v.trick_no == 4 and len(v.current) == 2
    assert v.last_trick is not None and v.last_trick.trick_no == 3
    assert v.attackers_points == m.hand.attackers_points + m.hand.penalties
    assert dict(SNAPS)["dealing"].view_for(None).attackers is None


# ---- property: random matches, every phase, every preset ---------------------------------------

VIEW_HANDS = 3 if SLOW else 1


@pytest.mark.parametrize("name", list(PRESETS))
def test_views_never_leak_in_random_matches(name: str) -> None:
    rules = PRESETS[name]
    seed = f"views/{name}"
    m = Match(rules, seed)
    rng = random.Random(seed)
    step = 0
    every = 1 if rules.decks == 1 else 3
    phases = set()
    while m.phase != "finished" and m.hand_no <= VIEW_HANDS:
        if step % every == 0 or m.phase != "playing":
            phases.add(m.phase)
            for seat in (None, 0, 1, 2, 3):
                audit_view(m, seat)
                _swap_hidden(m, seat, rng)
        m.apply(random_action(m, rng))
        step += 1
    for seat in (None, 0, 1, 2, 3):
        audit_view(m, seat)
    assert {"dealing", "declaring", "playing"} <= phases


# Card-bearing fields an event for the whole table may carry: cards shown by the rules.
PUBLIC_EVENT_CARDS = {
    "Declared": {"cards"},  # 亮主: shown to everybody
    "Played": {"cards"},
    # The attempt is shown, then taken back; "beater": the higher unit that makes it fail.
    "ThrowFailed": {"attempted", "forced", "beater"},
    "TrumpFixed": {"flipped"},  # the flipped kitty card
    "HandScored": {"kitty"},  # the kitty is shown once the hand is over
}
# Private events: the seat they go to owns those cards.
PRIVATE_EVENTS = {"CardsDealt", "KittyTaken", "KittyBuried"}


@pytest.mark.parametrize("name", ["classic", "tournament", "one-deck", "four-decks"])
def test_events_are_routed_to_who_may_see_them(name: str) -> None:
    rules = PRESETS[name]
    seed = f"events/{name}"
    m = Match(rules, seed)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    while m.phase != "finished" and m.hand_no <= 2:
        before = copy.deepcopy(m.hand) if m.phase in ("dealing", "declaring") else None
        events = m.apply(random_action(m, rng))
        for e in events:
            kind = type(e).__name__
            kinds[kind] += 1
            carrying = {f.name for f in dataclasses.fields(e) if list(cards_in(getattr(e, f.name)))}
            if e.audience is None:
                assert kind not in PRIVATE_EVENTS
                assert carrying <= PUBLIC_EVENT_CARDS.get(kind, set()), (kind, carrying)
            else:
                assert kind in PRIVATE_EVENTS
                seat = e.audience
                assert seat == e.seat  # type: ignore[attr-defined]
                if kind == "CardsDealt":
                    assert before is not None
                    got = Counter(cards_of(m.hand.hands[seat])) - Counter(
                        cards_of(before.hands[seat])
                    )
                    assert got == Counter(e.cards)  # type: ignore[attr-defined]
                else:
                    assert seat == m.hand.dealer
    assert kinds["CardsDealt"] and kinds["Played"] and kinds["HandScored"]


# ---- suggest ---------------------------------------------------------------------------------


def _check_suggestions(m: Match) -> list[Action]:
    """Who gets a suggestion, and each one is accepted by apply()."""
    h = m.hand
    sugg = {s: m.suggest(s) for s in range(4)}
    have = {s for s, a in sugg.items() if a is not None}
    if m.phase in ("dealing", "scored", "finished"):
        assert have == set()
    elif m.phase == "declaring":
        assert have == {s for s in range(4) if s not in h.passes}
        assert all(sugg[s] == Pass(s) for s in have)
    elif m.phase == "burying":
        assert have == {h.dealer}
    else:
        assert have == {h.turn}
    for s in have:
        a = sugg[s]
        assert a is not None
        trial = copy.deepcopy(m)
        trial.apply(a)  # must not raise
    return [a for a in sugg.values() if a is not None]


SUGGEST_HANDS = 4 if SLOW else 2


@pytest.mark.parametrize("name", list(PRESETS))
def test_suggest_is_always_accepted(name: str) -> None:
    rules = PRESETS[name]
    seed = f"suggest/{name}"
    m = Match(rules, seed)
    rng = random.Random(seed)
    while m.phase != "finished" and m.hand_no <= SUGGEST_HANDS:
        acts = _check_suggestions(m)
        if acts and rng.random() < 0.6:
            m.apply(rng.choice(acts))
        else:
            m.apply(random_action(m, rng))
    _check_suggestions(m)


def test_a_table_of_suggest_players_finishes_hands() -> None:
    """suggest() alone (plus dealing and NextHand) plays whole hands."""
    m = Match(PRESETS["one-deck"], "suggest-only")
    m.apply(DealCards(52))
    seat = next(
        s
        for s in range(4)
        if possible_declarations(m.rules, m.hand.level_rank, s, m.hand.hands[s], None)
    )
    opts = possible_declarations(m.rules, m.hand.level_rank, seat, m.hand.hands[seat], None)
    m.apply(Declare(seat, opts[0].cards))
    for _ in range(3):
        while m.phase not in ("scored", "finished", "dealing"):
            acts = [a for a in (m.suggest(s) for s in range(4)) if a is not None]
            m.apply(acts[0])
        if m.phase != "scored":
            break
        m.apply(NextHand())
        m.apply(DealCards(52))
    assert m.history


# ---- seats outside 0..3 -----------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4])
def test_view_for_a_bad_seat_is_refused(seat: int) -> None:
    m = dict(SNAPS)["playing"]
    with pytest.raises(RuleError) as info:
        m.view_for(seat)
    assert info.value.code == "bad_seat"


@pytest.mark.parametrize("seat", [-1, 4])
def test_suggest_for_a_bad_seat_is_not_an_illegal_action(seat: int) -> None:
    m = dict(SNAPS)["declaring"]
    try:
        a = m.suggest(seat)
    except RuleError as e:
        assert e.code == "bad_seat"
        return
    assert a is None
