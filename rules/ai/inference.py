"""Inference for the strong player: how well a sampled deal explains the plays so far.

``Sampler`` deals the hidden cards consistently with the hard facts (voids, sizes,
shown cards), as if every such deal were equally likely. But the other seats chose
their plays from their cards: a seat that let a trick go cheaply when it could have
fed its winning partner a ten probably holds no ten. ``History`` scores a sampled deal
by replaying the hand from the start of the play with every past play of another
seat set against the basic policy's choice from that seat's sampled holding at that
moment (the model of the other seats the play-outs already use). Each play the
policy does not explain is a mismatch; the strong player weighs a sample by
``error ** mismatches`` (``error``: how often a real player departs from the
model), so deals that explain what was played count for more.

``Walk`` draws deals in proportion to those weights instead of weighing independent
ones: a Metropolis walk whose steps swap two hidden cards (``Sampler.swap``).

Only public facts and the sampled world are read: the plays in the view, and the
sample's hands with each seat's later plays added back. A player who departs from
the model in every world (a strong partner's search, a human's habit) costs every
sample alike and so changes no comparison.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import ceil, log
from typing import Final

from rules.ai.calls import Calls
from rules.ai.policy import play_policy
from rules.ai.sim import Sampler, pick_copy
from rules.ai.state import Public, blank_public
from rules.cards import NUM_CARDS
from rules.views import View

Plays = list[tuple[int, tuple[int, ...]]]


class History:
    """The plays of the hand so far, ready to be replayed in sampled worlds."""

    def __init__(self, view: View, seat: int, pub: Public) -> None:
        assert view.dealer is not None
        n = pub.n
        self.seat = seat
        self.dealer = view.dealer
        self.tricks: list[Plays] = [
            [(s, tuple(int(c) for c in cards)) for s, cards in t.plays] for t in view.tricks
        ]
        self.current: Plays = [(s, tuple(int(c) for c in cards)) for s, cards in view.current]
        # Every play so far in order: a walk carried from an earlier decision of this
        # hand starts from its deal with the plays since taken out (``carry``).
        self.plays: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            p for plays in [*self.tricks, self.current] for p in plays
        )
        later = [[0] * NUM_CARDS for _ in range(n)]  # per seat, the cards it has played
        for s, cards in self.plays:
            for c in cards:
                later[s][c] += 1
        self.later = later
        self.checks = sum(1 for s, _ in self.plays if s != seat)
        # Which hand of the match this is (``key``).
        self.hand_id = (view.hand_no, len(view.history))
        start = blank_public(view, [pub.sizes[s] + sum(later[s]) for s in range(n)], None)
        self.start = start
        self.calls: Calls | None = None
        if view.friends_mode:
            now = Calls.of_view(view)
            self.calls = Calls(
                n=n,
                dealer=view.dealer,
                no_double_join=now.no_double_join,
                cards=now.cards,
                nth=now.nth,
                seen=[0] * len(now.cards),
                done=[None] * len(now.cards),
                team=1 << view.dealer,
                seat_points=[0] * n,
                offset=0,
            )
        # Per other seat, its past plays with the public state (and calls) just before
        # each: a seat's plays are judged from its own cards only (and the dealer's
        # from the kitty too), so a deal's count is a sum over seats and a change to
        # two holders re-judges only their seats (``seat_mismatches``).
        self.steps: list[list[tuple[Public, Calls | None, list[int]]]] = [[] for _ in range(n)]
        for pub, calls, s, cards in self.replay():
            if s != seat:
                snap = None if calls is None else calls.copy()
                self.steps[s].append((pub.copy(), snap, sorted(cards)))

    def key(self, hand: Sequence[int]) -> tuple[object, ...]:
        """What tells this hand of the match (from this seat) from another: the seat,
        the hand's number and dealer, and the cards the seat held at the first lead
        (``hand``, what it holds now, with its plays added back)."""
        held = tuple(a + b for a, b in zip(hand, self.later[self.seat], strict=True))
        return (self.seat, *self.hand_id, self.dealer, held)

    def replay(self) -> Iterator[tuple[Public, Calls | None, int, tuple[int, ...]]]:
        """The hand's plays from its first, each as (public state, calls, seat, cards)
        just before it is recorded: the state the seat decided from. The state and
        calls are fresh copies, advanced as the replay goes on."""
        pub = self.start.copy()
        calls = None if self.calls is None else self.calls.copy()
        for plays in [*self.tricks, self.current]:
            for s, cards in plays:
                yield pub, calls, s, cards
                pub.record(s, cards)
                if calls is not None:
                    calls.note_play(s, cards)
            if len(pub.trick) == pub.n:
                points = pub.table_points
                w = pub.end_trick()
                if calls is not None:
                    calls.note_trick(w, points)

    def seat_mismatches(
        self, s: int, hand: Sequence[int], kitty: Sequence[int] | None, limit: int = 1 << 30
    ) -> int:
        """How many of seat ``s``'s past plays the basic policy does not explain when it
        now holds ``hand`` (the kitty counts for the dealer only); stops at ``limit``."""
        steps = self.steps[s]
        if not steps:
            return 0
        k = kitty if s == self.dealer else None
        if _NATIVE:  # the compiled build: an indexed C loop, no zip tuples
            later = self.later[s]
            h = [hand[c] + later[c] for c in range(NUM_CARDS)]
        else:
            h = [a + b for a, b in zip(hand, self.later[s], strict=True)]
        missed = 0
        for pub, calls, cards in steps:
            pub.forget_unseen(s)  # (cached from another holding)
            if calls is not None:
                pub.sides = calls.sides_for(s, h)
            got = play_policy(pub, s, h, k)
            if len(got) != len(cards) or sorted(got) != cards:
                missed += 1
                if missed >= limit:
                    return missed
            for c in cards:
                h[c] -= 1
        return missed

    def mismatches(
        self, hands: Sequence[Sequence[int]], kitty: Sequence[int] | None, limit: int = 1 << 30
    ) -> int:
        """How many past plays of the other seats the basic policy does not explain in
        the world where the seats now hold ``hands`` (this seat's own included) and
        the kitty is ``kitty``; counting stops at ``limit``."""
        if not self.checks:
            return 0
        missed = 0
        for s in range(len(self.steps)):
            missed += self.seat_mismatches(s, hands[s], kitty, limit - missed)
            if missed >= limit:
                return limit
        return missed


class Walk:
    """Deals drawn in proportion to ``error ** mismatches`` by a Metropolis walk.

    Independent consistent deals rarely explain the plays (at classic, ~9 mismatches
    where the true deal has none), so weighing them leaves few that count. The walk
    instead proposes a swap of two hidden cards (``Sampler.swap``; one step in
    ``FRESH``, a new consistent deal, so it does not stay stuck near one deal) and
    accepts it with odds ``error ** (new − old)``, so it settles among the deals that
    explain the plays and the deals it yields weigh alike.

    A proposal costs replays of the hand, so it is made cheap: a swap re-judges only
    the two seats it touched (``History.seat_mismatches``; the dealer's for the
    kitty), and the acceptance draw comes first, so the count stops at the mismatch
    that refuses the proposal."""

    FRESH = 5
    CUTOFF = 6  # a proposal this many mismatches behind is refused in any case (~1 %)

    def __init__(
        self,
        sampler: Sampler,
        history: History,
        rng: random.Random,
        hand: Sequence[int],
        kitty: Sequence[int] | None,
        error: float,
        start: list[list[int]] | None = None,
    ) -> None:
        self.sampler, self.history, self.rng = sampler, history, rng
        self.hand, self.kitty, self.error = list(hand), kitty, error
        self.n = len(history.later)
        self.holding = self._fresh() if start is None else start
        per = self._per_seat(self.holding, None, 1 << 30)  # (never short)
        assert per is not None
        self.per: list[int] = per  # each seat's count in the current deal
        self.missed = sum(per)

    def _fresh(self) -> list[list[int]]:
        hands, hidden = self.sampler.sample(self.rng)
        hands[self.history.seat] = list(self.hand)
        return [*hands, hidden]

    def _per_seat(
        self, holding: list[list[int]], seats: Sequence[int] | None, limit: int
    ) -> list[int] | None:
        """Each seat's count in ``holding``, recounting only ``seats`` (None: all) and
        taking the others' from the current deal; None once the total reaches
        ``limit``."""
        history = self.history
        kitty = self.kitty if self.kitty is not None else holding[self.n]
        if seats is None:
            per, seats = [0] * self.n, range(self.n)
        else:
            per = list(self.per)
            for s in seats:
                per[s] = 0
        total = sum(per)
        if total >= limit:
            return None
        for s in seats:
            per[s] = history.seat_mismatches(s, holding[s], kitty, limit - total)
            total += per[s]
            if total >= limit:
                return None
        return per

    def _seats(self, a: int, b: int) -> list[int]:
        """The seats whose plays a change to holders ``a`` and ``b`` can explain
        differently: their own, and the dealer's for the kitty (not this seat's)."""
        seat, dealer = self.history.seat, self.history.dealer
        out: list[int] = []
        for h in (a, b):
            s = dealer if h == self.n else h
            if s != seat and s not in out:
                out.append(s)
        return out

    def step(self, k: int) -> None:
        """``k`` proposals (a refused swap counts as one). The acceptance draw comes
        first, so counting a proposal stops at the first mismatch that refuses it."""
        rng = self.rng
        for _ in range(k):
            seats: list[int] | None = None
            if rng.randrange(self.FRESH) == 0:
                new = self._fresh()
            else:
                new = [list(h) for h in self.holding]
                pair = self.sampler.swap(new, rng)
                if pair is None:
                    continue
                seats = self._seats(*pair)
            per = self._per_seat(new, seats, self.missed + self._allowance(rng.random()))
            if per is not None:
                self.holding, self.per, self.missed = new, per, sum(per)

    def _allowance(self, u: float) -> int:
        """For the draw ``u``, how many more mismatches refuse a proposal: it is taken
        when ``error ** (new − old) > u``, i.e. new − old < log u / log error (at most
        ``CUTOFF``)."""
        error = self.error
        if u <= 0.0 or error >= 1.0:
            return self.CUTOFF
        if error <= 0.0:
            return 1
        return max(1, min(self.CUTOFF, ceil(log(u) / log(error))))

    def holding_now(self) -> tuple[tuple[int, ...], ...]:
        """The current deal, frozen (every seat, then the hidden kitty)."""
        return tuple(tuple(h) for h in self.holding)

    def deal(self) -> tuple[list[list[int]], list[int]]:
        """The walk's current deal: every seat's hand (this seat's own), the kitty."""
        return [list(h) for h in self.holding[: self.n]], list(self.holding[self.n])


@dataclass(frozen=True)
class Carried:
    """Where a seat's walk stood at the end of a decision: the hand it belongs to
    (``key``), the plays it had explained, and its deal (every seat, then the hidden
    kitty). The next decision of the hand walks on from there (``carry``) instead of
    from a fresh deal, so its walk adds to every earlier decision's."""

    key: tuple[object, ...]
    plays: tuple[tuple[int, tuple[int, ...]], ...]
    holding: tuple[tuple[int, ...], ...]


def carry(
    old: Carried | None,
    sampler: Sampler,
    history: History,
    hand: Sequence[int],
    rng: random.Random,
) -> list[list[int]] | None:
    """``old``'s deal brought up to this decision: each card another seat has played
    since is taken from its hand (swapped in first from whoever held it in the deal,
    for a card of the player's), then the deal is made to fit what has been shown since
    (``Sampler.repair``). None when there is none, it is another hand's (``History.key``)
    or another history's, or it cannot be fitted: the walk then deals afresh."""
    if old is None:
        return None
    k = len(old.plays)
    if old.key != history.key(hand) or history.plays[:k] != old.plays:
        return None
    holding = [list(h) for h in old.holding]
    seat = history.seat
    for s, cards in history.plays[k:]:
        if s == seat:
            continue
        mine = holding[s]
        for c in cards:
            if not mine[c]:
                owners = [h for h in range(len(holding)) if h != seat and holding[h][c]]
                if not owners or not sum(mine):
                    return None
                h = owners[rng.randrange(len(owners))]
                x = pick_copy(mine, rng)
                mine[x] -= 1
                holding[h][x] += 1
                holding[h][c] -= 1
                mine[c] += 1
            mine[c] -= 1
    holding[seat] = list(hand)
    if not sampler.repair(holding, rng):
        return None
    return holding


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
