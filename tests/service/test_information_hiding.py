"""Information hiding in the service's notices, as a property over random tables.

Random matches (several seeds and presets; AI seats plus scripted humans that
declare, override, bury, lead singles, pairs and throws at random, and now and
then let a timer act for them, or leave mid-hand) run through the service. A
listener inspects every notice the moment it is emitted, against the server-side
state at that moment:

* a Public notice never carries a hidden card: the cards in public events are
  only cards just played (or shown in a failed throw by their owner), shown in a
  declaration by the seat holding them, the kitty once the hand is scored, or the
  kitty card flipped by the rules; CardsDealt / KittyTaken / KittyBuried are
  never public, and no other public event or parameter carries a card;
* the public view never holds a hand, the kitty taken or (before the score) the
  buried cards;
* every Private notice goes to the right seat: its event's audience is its seat,
  and its user is the user sitting there (None for an AI seat).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
from collections import Counter
from typing import Any

import pytest

from bot.service import FakeClock, Notice, Private, Public, ServiceError, TableOptions, TableService
from rules.ai import LEVELS
from rules.cards import NUM_CARDS, Card
from rules.declare import possible_declarations
from rules.events import (
    CardsDealt,
    Declared,
    Event,
    HandScored,
    KittyBuried,
    KittyTaken,
    Played,
    ThrowFailed,
    TrumpFixed,
)
from rules.game import Match
from rules.notation import format_cards
from rules.play import generate_follow
from storage import Database

SLOW = os.environ.get("SHENGJI_SLOW") == "1"
CH = 6001
USERS = (401, 402, 403, 404)
PRIVATE_ONLY = (CardsDealt, KittyTaken, KittyBuried)
# Public events and the fields of theirs that may carry cards.
CARD_FIELDS = {
    Played: {"cards"},
    Declared: {"cards"},
    HandScored: {"kitty"},
    TrumpFixed: {"flipped"},
    ThrowFailed: {"attempted", "forced", "beater"},
}


def cards_in(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for v in value for c in cards_in(v)]
    if isinstance(value, dict):
        return [c for v in value.values() for c in cards_in(v)]
    return []


def within(cards: Any, counts: list[int] | Counter[int]) -> bool:
    need = Counter(int(c) for c in cards)
    return all(counts[c] >= k for c, k in need.items())


class Auditor:
    """Checks each notice against the state at the moment it is emitted."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self.tid = 0
        self.public_cards = 0
        self.counts: Counter[str] = Counter()
        self.problems: list[str] = []

    def __call__(self, n: Notice) -> None:
        try:
            self.check(n)
        except AssertionError as exc:  # collect: the service swallows nothing, but be clear
            self.problems.append(f"{n!r}: {exc}")

    def check(self, n: Notice) -> None:
        if n.table_id != self.tid or not self.tid:
            return
        m = self.svc.queries.match_of(self.tid)
        status = self.svc.queries.cached_status(self.tid)
        if isinstance(n, Public):
            self.counts[f"public:{n.kind}"] += 1
            assert not cards_in(n.params), "a public parameter carries a card"
            if status is not None and status.view is not None:
                view = status.view
                assert view.hand is None and view.kitty_taken is None
                assert view.buried is None or view.phase in ("scored", "finished")
            if n.event is not None:
                assert m is not None
                self.public_event(n.event, m)
        elif isinstance(n, Private):
            self.counts[f"private:{n.kind}"] += 1
            assert status is not None
            assert 0 <= n.seat < 4
            assert n.user_id == status.table.seats[n.seat].user_id, "sent to the wrong user"
            if n.kind in ("hand_changed", "your_turn", "bury_now"):
                assert n.user_id is not None
            if n.event is not None:
                assert m is not None
                assert n.event.audience == n.seat, "a private event for another seat"
                self.private_event(n.seat, n.event, m)

    def public_event(self, ev: Event, m: Match) -> None:
        name = type(ev).__name__
        self.counts[name] += 1
        assert not isinstance(ev, PRIVATE_ONLY), f"{name} announced publicly"
        assert ev.audience is None
        allowed = CARD_FIELDS.get(type(ev), set())
        for f in dataclasses.fields(ev):
            value = getattr(ev, f.name)
            if cards_in(value):
                assert f.name in allowed, f"{name}.{f.name} carries cards"
                self.public_cards += len(cards_in(value))
        h = m.hand
        if isinstance(ev, Played):
            trick = h.current if h.current and h.current.trick_no == ev.trick_no else None
            if trick is None:
                trick = next(t for t in h.tricks if t.trick_no == ev.trick_no)
            assert (ev.seat, ev.cards) in trick.plays, "played cards are not on the table"
        elif isinstance(ev, Declared):
            assert within(ev.cards, h.hands[ev.seat]), "declared cards the seat does not hold"
            assert h.declarations and h.declarations[-1].seat == ev.seat
            assert tuple(h.declarations[-1].cards) == tuple(ev.cards)
        elif isinstance(ev, HandScored):
            assert m.phase in ("scored", "finished")
            assert sorted(ev.kitty) == sorted(m.history[-1].kitty)
            assert len(ev.kitty) == m.rules.kitty_size
        elif isinstance(ev, TrumpFixed) and ev.flipped is not None:
            self.counts["flipped"] += 1
            assert ev.how == "flip"
            index = m.rules.declaration.fallback_arg - 1
            assert h.kitty[index] == ev.flipped, "a card other than the flip card is shown"
        elif isinstance(ev, ThrowFailed):
            trick = h.current if h.current and h.current.plays else h.tricks[-1]
            assert trick.plays[0] == (ev.seat, ev.forced)
            now = Counter(int(c) for c in m.hand_of(ev.seat)) + Counter(int(c) for c in ev.forced)
            assert within(ev.attempted, now), "a failed throw shows cards the seat did not hold"
            assert ev.beaten_by is not None and ev.beaten_by != ev.seat
            assert within(ev.beater, m.hand.hands[ev.beaten_by]), "a beater not held"

    def private_event(self, seat: int, ev: Event, m: Match) -> None:
        self.counts[f"private:{type(ev).__name__}"] += 1
        if isinstance(ev, CardsDealt):
            assert within(ev.cards, m.hand.hands[seat])
        elif isinstance(ev, KittyTaken):
            assert m.dealer == seat and sorted(ev.cards) == sorted(m.hand.kitty)
        elif isinstance(ev, KittyBuried):
            assert m.dealer == seat and sorted(ev.cards) == sorted(m.hand.buried)


class RandomHumans:
    """Human seats making random (mostly legal) moves, sometimes leaving it to a timer."""

    def __init__(self, svc: TableService, seats: dict[int, int], rng: random.Random) -> None:
        self.svc = svc
        self.seats = seats
        self.rng = rng
        self.idle: set[tuple[int, int, str, int]] = set()  # (hand, seat, phase, step) left idle
        self.declare = True

    def _idle(self, m: Match, seat: int, p: float) -> bool:
        key = (m.hand_no, seat, m.phase, len(m.hand_log))
        if key in self.idle:
            return True
        if self.rng.random() < p:
            self.idle.add(key)
            return True
        return False

    async def move(self, m: Match) -> bool:
        rng, svc = self.rng, self.svc
        current = m.hand.declarations[-1] if m.hand.declarations else None
        for seat, user in list(self.seats.items()):
            hand = m.hand.hands[seat]
            if m.phase in ("dealing", "declaring"):
                options = possible_declarations(m.rules, m.hand.level_rank, seat, hand, current)
                chance = 0.15 if m.phase == "dealing" else 0.3
                if self.declare and options and rng.random() < chance:
                    await self._try(
                        svc.moves.declare(CH, user, format_cards(rng.choice(options).cards))
                    )
                    return True
                if m.phase == "declaring" and seat not in m.hand.passes:
                    if self._idle(m, seat, 0.2):
                        continue
                    await self._try(svc.moves.pass_(CH, user))
                    return True
            elif m.phase == "burying" and seat == m.dealer:
                if self._idle(m, seat, 0.3):
                    continue
                cards = rng.sample(m.hand_of(seat), m.rules.kitty_size)
                await self._try(svc.moves.bury(CH, user, format_cards(cards, "ascii")))
                return True
            elif m.phase == "playing" and seat == m.turn:
                if self._idle(m, seat, 0.08):
                    continue
                await self._try(svc.moves.play(CH, user, format_cards(self._play(m, seat))))
                return True
        return False

    def _play(self, m: Match, seat: int) -> list[Card]:
        ctx, rng = m.context, self.rng
        counts = m.hand.hands[seat]
        lead = m.current_lead()
        if lead is not None:
            return generate_follow(ctx, counts, lead, rng)
        by_suit: dict[int, list[Card]] = {}
        for c in m.hand_of(seat):
            by_suit.setdefault(ctx.suit_of[c], []).append(c)
        suit_cards = rng.choice(list(by_suit.values()))
        r = rng.random()
        if r < 0.25 and len(set(suit_cards)) >= 2:  # a throw (it may fail)
            distinct = sorted(set(suit_cards), key=lambda c: ctx.pos[c], reverse=True)
            return distinct[: rng.randint(2, min(4, len(distinct)))]
        pairs = [c for c in set(suit_cards) if counts[c] >= 2]
        if r < 0.5 and pairs:
            c = rng.choice(sorted(pairs))
            return [c, c]
        return [rng.choice(suit_cards)]

    @staticmethod
    async def _try(call: Any) -> None:
        with contextlib.suppress(ServiceError):
            await call  # a refused move changes nothing; the timer or the next try moves on


# (preset, seed, human seats, whether the humans ever declare)
CASES = [
    ("classic", 1, 2, True),
    ("classic", 2, 1, True),
    ("one-deck", 3, 3, True),
    ("one-deck", 4, 0, True),
    ("tournament", 5, 2, True),
    ("tournament", 9, 4, False),  # nobody declares: redeals, then a kitty card is flipped
    ("one-deck-two-color", 6, 2, True),
    ("qq-super", 7, 4, True),
    ("three-decks", 8, 1, True),
]
if SLOW:
    CASES += [
        (p, s, h, True)
        for p in ("classic", "tournament", "four-decks")
        for s, h in ((11, 0), (12, 2), (13, 3), (14, 4))
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("preset_name", "seed", "humans", "declare"), CASES)
async def test_notices_never_leak(
    sqlite_db: Database, preset_name: str, seed: int, humans: int, declare: bool
) -> None:
    rng = random.Random(seed)
    clock = FakeClock()
    opts = TableOptions(
        turn_seconds=20,
        deal_seconds=2,
        deal_steps=3,
        declare_seconds=5,
        bury_seconds=30,
        ai_delay=rng.choice([0, 1]),
        next_hand_seconds=5,
    )
    svc = TableService(sqlite_db, clock=clock, defaults=opts, seed_source=lambda: f"leak{seed}")
    audit = Auditor(svc)
    svc.core.subscribe(audit)
    st = await svc.lifecycle.create_table(
        guild_id=1,
        channel_id=CH,
        creator_id=USERS[0],
        creator_name="h0",
        preset_name=preset_name,
        sit=humans > 0,
    )
    audit.tid = tid = st.table.id
    levels = [lvl for lvl in ("basic", "simple", "random") if lvl in LEVELS]
    seats = list(range(4))
    rng.shuffle(seats)
    human_seats = {0: USERS[0]} if humans else {}
    for seat in seats:
        if seat == 0 and humans:
            continue
        if len(human_seats) < humans:
            await svc.lifecycle.join(CH, USERS[seat], f"h{seat}", seat=seat)
            human_seats[seat] = USERS[seat]
        else:
            await svc.lifecycle.add_ai(CH, USERS[0], seat=seat, level=rng.choice(levels))
    await svc.lifecycle.start_game(CH, USERS[0])
    players = RandomHumans(svc, human_seats, rng)
    players.declare = declare
    hands = 3 if SLOW else 2
    leave_at = rng.randint(5, 40) if humans >= 2 and declare else None
    for step in range(20_000):
        m = svc.queries.match_of(tid)
        if m is None or m.hand_no > hands:
            break
        if leave_at is not None and step == leave_at and m.phase != "finished":
            seat = max(players.seats)
            await svc.lifecycle.leave(CH, players.seats.pop(seat))  # an AI takes over mid-hand
            leave_at = None
            continue
        if await players.move(m):
            continue
        deadline = svc.automation.next_deadline()
        assert deadline is not None, f"stuck in {m.phase}"
        clock.advance(max(0.0, (deadline - clock.now()).total_seconds()))
        await svc.tick()
    else:
        raise AssertionError("the table never got through its hands")

    assert not audit.problems, "\n".join(audit.problems[:5])
    # The run saw what it should have checked.
    assert audit.counts["Played"] > 20
    assert audit.counts["private:CardsDealt"] >= 4
    assert audit.counts["HandScored"] >= 1
    assert audit.public_cards > 0
    if m is not None and m.rules.kitty_size:
        assert audit.counts["private:KittyTaken"] >= 1
        assert audit.counts["private:KittyBuried"] >= 1
    if not declare:
        assert audit.counts["Redealt"] == 3 and audit.counts["flipped"] >= 1


async def test_the_auditor_catches_leaks(sqlite_db: Database) -> None:
    """The property is not vacuous: a leaked deal, a stray card parameter or a
    misrouted private event are all reported."""
    svc = TableService(
        sqlite_db, clock=FakeClock(), defaults=TableOptions(ai_delay=0, deal_seconds=0)
    )
    st = await svc.lifecycle.create_table(guild_id=1, channel_id=CH, creator_id=USERS[0], sit=False)
    for _ in range(4):
        await svc.lifecycle.add_ai(CH, USERS[0])
    await svc.lifecycle.start_game(CH, USERS[0])
    m = svc.queries.match_of(st.table.id)
    assert m is not None
    audit = Auditor(svc)
    audit.tid = st.table.id
    hand0 = tuple(m.hand_of(0))[:3] or (Card(0),)
    t, c = st.table.id, CH
    audit(Public(t, c, "event", CardsDealt(0, hand0)))
    audit(Public(t, c, "auto_acted", params={"card": hand0[0]}))
    audit(Private(t, c, 1, None, "event", KittyTaken(0, hand0)))
    audit(Public(t, c, "event", Declared(0, hand0, None, "L1", "declare")))
    missing = next(Card(x) for x in range(NUM_CARDS) if not m.hand.hands[2][x])
    audit(Public(t, c, "event", Played(2, (missing,), 1, 3)))
    assert len(audit.problems) == 5, audit.problems
