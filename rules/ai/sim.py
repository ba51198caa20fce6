"""Determinisation and play-outs for the strong player, at any number of seats.

``Sampler`` deals the cards a seat cannot see (the other hands, and the kitty unless
the seat buried it) at random, consistently with everything the seat has seen: the
cards played, the voids players have shown, the hand sizes and the cards shown in
declarations (still in the declarer's hand unless played; the dealer may have buried
them). At 找朋友 tables a sampled deal also settles who the unknown friends are: the
called copies still out fall only to seats that may hold them (not void in the suit),
and whoever plays the counted copy in the play-out joins (``rules.ai.calls``).
``playout`` then plays a sampled world to the end of the hand with the basic policy,
each simulated seat deciding only from the public state and its own cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.ai.calls import Calls
from rules.ai.policy import play_policy
from rules.ai.state import Public
from rules.cards import NUM_CARDS, POINTS
from rules.rng import shuffle
from rules.scoring import kitty_multiplier, score_result
from rules.trump import TRUMP

Policy = Callable[[Public, int, Sequence[int], Sequence[int] | None], list[int]]


class Sampler:
    """Random deals of the unseen cards, consistent with what ``seat`` has seen."""

    def __init__(
        self,
        pub: Public,
        seat: int,
        hand: Sequence[int],
        kitty: Sequence[int] | None,
        shown: Sequence[Sequence[int]],
    ) -> None:
        ctx = pub.ctx
        n = pub.n
        KITTY = self.kitty = n  # holder index of the hidden kitty
        self.seat = seat
        self.dealer = pub.dealer
        unseen = pub.unseen(hand, kitty)
        if min(unseen) < 0:
            raise ValueError("inconsistent view: more cards seen than the deck holds")
        # Holders: the other seats, and the kitty when this seat did not bury it.
        holders = [s for s in range(n) if s != seat]
        caps = {s: pub.sizes[s] for s in holders}
        kitty_hidden = kitty is None and pub.rules.kitty_size > 0 and seat != pub.dealer
        if kitty_hidden:
            holders.append(KITTY)
            caps[KITTY] = pub.rules.kitty_size
        self.holders = holders
        self.caps = [caps.get(h, 0) for h in range(n + 1)]
        total_cap = sum(self.caps)
        pool = sum(unseen)
        if kitty_hidden and total_cap != pool:
            # The kitty is not buried yet or already gone: only the hands are hidden.
            self.caps[KITTY] = max(0, pool - sum(caps[s] for s in holders if s != KITTY))
        suit_of = ctx.suit_of
        full = 0
        for h in holders:
            full |= 1 << h
        # Per card, the holders that may have it (shown voids rule some out).
        eligible = [full] * NUM_CARDS
        for s in holders:
            if s == KITTY:
                continue
            v = pub.voids[s]
            if v:
                for c in range(NUM_CARDS):
                    if v >> suit_of[c] & 1:
                        eligible[c] &= ~(1 << s)
        # Forced instances: declared cards stay with the declarer (the dealer's may
        # also be in the kitty).
        forced: list[tuple[int, int]] = []  # (card, mask)
        need: list[tuple[int, int, int, bool]] = []  # (seat, card, copies, or in the kitty)
        free = list(unseen)
        for s in holders:
            if s == KITTY:
                continue
            for c in range(NUM_CARDS):
                k = min(shown[s][c], free[c])
                if k <= 0:
                    continue
                mask = 1 << s
                if s == pub.dealer and kitty_hidden:
                    mask |= 1 << KITTY
                mask &= eligible[c] | (1 << KITTY)
                if not mask:
                    continue
                forced.extend([(c, mask)] * k)
                need.append((s, c, k, bool(mask >> KITTY & 1)))
                free[c] -= k
        # Seats that have shown they hold no pair in a suit take at most one card of
        # each identity of it: such suits are dealt card by card.
        self.nopairs = [0] * (n + 1)
        for s in holders:
            if s != KITTY:
                self.nopairs[s] = pub.nopairs[s]
        paired = 0
        for v in self.nopairs:
            paired |= v
        self.ident = ctx.ident
        self.suit_of = suit_of
        constrained: list[tuple[int, int]] = list(forced)
        unconstrained: list[int] = []
        for c in range(NUM_CARDS):
            k = free[c]
            if not k:
                continue
            if eligible[c] == full and not paired >> suit_of[c] & 1:
                unconstrained.extend([c] * k)
            else:
                constrained.extend([(c, eligible[c])] * k)
        self.constrained = constrained
        self.eligible = eligible
        self.need = need
        self.unconstrained = unconstrained
        self.full = full

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """(every seat's hand, this seat's left empty; the hidden kitty's counts)."""
        for _ in range(40):
            got = self._try(rng)
            if got is not None:
                return got
        got = self._exact(rng)
        if got is None:
            raise ValueError("no deal is consistent with this view")
        return got

    def swap(self, holding: list[list[int]], rng: random.Random) -> tuple[int, int] | None:
        """A random local change to a sampled deal (the hands, this seat's empty, then
        the hidden kitty, mutated): one card of one holder for one of another, each
        picked uniformly among the cards it holds, so the move is symmetric on
        physical deals. Returns the two holders that changed (the kitty is holder N),
        or None, changing nothing, when the result would break a shown fact (a void,
        a pair-less suit, a declared card)."""
        holders = [h for h in self.holders if sum(holding[h])]
        if len(holders) < 2:
            return None
        a, b = rng.sample(holders, 2)
        x, y = pick_copy(holding[a], rng), pick_copy(holding[b], rng)
        eligible = self.eligible
        if x == y or not (eligible[x] >> b & 1 and eligible[y] >> a & 1):
            return None
        ha, hb = holding[a], holding[b]
        ha[x] -= 1
        hb[y] -= 1
        ha[y] += 1
        hb[x] += 1
        if self._breaks(holding, a, y) or self._breaks(holding, b, x) or self._short(holding):
            ha[x] += 1
            hb[y] += 1
            ha[y] -= 1
            hb[x] -= 1
            return None
        return a, b

    def repair(self, holding: list[list[int]], rng: random.Random) -> bool:
        """Make a deal of an earlier view fit this one's facts (``holding`` mutated):
        each card a holder may no longer have (a void or a pair-less suit shown since)
        is swapped for a card of a holder that may have it. False, when that fails or
        the sizes or declared cards do not fit (the caller then deals afresh)."""
        eligible, holders = self.eligible, self.holders
        if any(sum(holding[h]) != self.caps[h] for h in holders):
            return False
        for h in holders:
            for c in range(NUM_CARDS):
                while holding[h][c] and (not eligible[c] >> h & 1 or self._breaks(holding, h, c)):
                    if not self._move_out(holding, h, c, rng):
                        return False
        for s, c, k, or_kitty in self.need:  # a declared card taken from its declarer
            while holding[s][c] + (holding[self.kitty][c] if or_kitty else 0) < k:
                if not self._bring_back(holding, s, c, rng):
                    return False
        return not self._short(holding)

    def _bring_back(self, holding: list[list[int]], s: int, c: int, rng: random.Random) -> bool:
        """Swap a ``c`` held elsewhere to seat ``s`` (which showed it) for one of its
        other cards that the holder may take."""
        owners = [g for g in self.holders if g != s and holding[g][c]]
        for _ in range(4 * len(owners)):
            g = owners[rng.randrange(len(owners))]
            y = pick_copy(holding[s], rng)
            if y != c and self.eligible[y] >> g & 1 and self._exchange(holding, s, y, g, c):
                return True
        return False

    def _move_out(self, holding: list[list[int]], h: int, c: int, rng: random.Random) -> bool:
        """Swap one ``c`` of holder ``h`` for a card of a holder that may take it."""
        eligible = self.eligible
        takers = [g for g in self.holders if g != h and eligible[c] >> g & 1 and sum(holding[g])]
        for _ in range(4 * len(takers)):
            g = takers[rng.randrange(len(takers))]
            y = pick_copy(holding[g], rng)
            if y != c and eligible[y] >> h & 1 and self._exchange(holding, h, c, g, y):
                return True
        return False

    def _exchange(self, holding: list[list[int]], a: int, x: int, b: int, y: int) -> bool:
        """Holder ``a``'s ``x`` for holder ``b``'s ``y``, unless either then holds a pair
        in a suit it has shown pair-less (then nothing changes)."""
        ha, hb = holding[a], holding[b]
        ha[x] -= 1
        hb[y] -= 1
        ha[y] += 1
        hb[x] += 1
        if not (self._breaks(holding, a, y) or self._breaks(holding, b, x)):
            return True
        ha[x] += 1
        hb[y] += 1
        ha[y] -= 1
        hb[x] -= 1
        return False

    def _breaks(self, holding: list[list[int]], h: int, c: int) -> bool:
        """Does holder ``h``, just given a ``c``, now hold a pair in a suit it has shown
        to be pair-less?"""
        if not self.nopairs[h] >> self.suit_of[c] & 1:
            return False
        held, ident = holding[h], self.ident
        held[c] -= 1  # (the rule ``_try`` deals by: may ``h`` take this ``c``?)
        broke = held[c] > 0 or (ident[26] != 26 and _twin_held(held, c, ident))
        held[c] += 1
        return broke

    def _short(self, holding: list[list[int]]) -> bool:
        """Is a declared card no longer where it must be?"""
        kit = self.kitty
        for s, c, k, or_kitty in self.need:
            if holding[s][c] + (holding[kit][c] if or_kitty else 0) < k:
                return True
        return False

    def _try(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        caps = list(self.caps)
        kit = self.kitty
        holding = [[0] * NUM_CARDS for _ in range(kit + 1)]
        order = list(self.constrained)
        shuffle(rng, order)
        order.sort(key=lambda x: bin(x[1]).count("1"))
        nopairs, suit_of, ident = self.nopairs, self.suit_of, self.ident
        two_colour = ident[26] != 26
        for c, mask in order:
            sc = suit_of[c]
            total = 0
            for h in self.holders:
                if mask >> h & 1 and caps[h] > 0:
                    if nopairs[h] >> sc & 1 and (
                        holding[h][c] or (two_colour and _twin_held(holding[h], c, ident))
                    ):
                        mask &= ~(1 << h)
                        continue
                    total += caps[h]
            if total <= 0:
                return None
            r = rng.random() * total
            chosen = -1
            for h in self.holders:
                if mask >> h & 1 and caps[h] > 0:
                    chosen = h
                    r -= caps[h]
                    if r < 0:
                        break
            holding[chosen][c] += 1
            caps[chosen] -= 1
        rest = list(self.unconstrained)
        shuffle(rng, rest)
        i = 0
        for h in self.holders:
            k = caps[h]
            for c in rest[i : i + k]:
                holding[h][c] += 1
            i += k
        if i != len(rest):
            return None
        return holding[:kit], holding[kit]

    def _exact(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        """Sequential sampling that checks, before each placement, that the cards left
        can still be dealt (a bipartite flow: cards by their allowed holders)."""
        caps = list(self.caps)
        k = self.kitty
        holding = [[0] * NUM_CARDS for _ in range(k + 1)]
        items = list(self.constrained) + [(c, self.full) for c in self.unconstrained]
        shuffle(rng, items)
        left: dict[int, int] = {}
        for _, m in items:
            left[m] = left.get(m, 0) + 1
        holders = self.holders

        for c, mask in items:
            left[mask] -= 1
            options = [h for h in holders if mask >> h & 1 and caps[h] > 0]
            shuffle(rng, options)
            for h in options:
                caps[h] -= 1
                if _dealable(left, caps, holders):
                    holding[h][c] += 1
                    break
                caps[h] += 1
            else:
                return None
        return holding[:k], holding[k]


def _dealable(left: dict[int, int], caps: Sequence[int], holders: Sequence[int]) -> bool:
    """Can ``left`` (count of cards per mask of allowed holders) be dealt within
    ``caps``? Max flow source -> mask -> holder -> sink, by augmenting paths."""
    masks = [m for m, k in left.items() if k > 0]
    need = [left[m] for m in masks]
    room = {h: caps[h] for h in holders}
    flow: dict[tuple[int, int], int] = {}  # (mask index, holder) -> cards sent
    total = sum(need)
    sent = 0
    while sent < total:
        # BFS from the masks with cards still to place to a holder with room.
        prev: dict[tuple[str, int], tuple[str, int] | None] = {}
        queue: list[tuple[str, int]] = []
        for i in range(len(masks)):
            if need[i] > 0:
                prev[("m", i)] = None
                queue.append(("m", i))
        end: tuple[str, int] | None = None
        while queue and end is None:
            nxt: list[tuple[str, int]] = []
            for node in queue:
                kind, x = node
                if kind == "m":
                    for h in holders:
                        if masks[x] >> h & 1 and ("h", h) not in prev:
                            prev[("h", h)] = node
                            if room[h] > 0:
                                end = ("h", h)
                                break
                            nxt.append(("h", h))
                else:
                    for i in range(len(masks)):
                        if flow.get((i, x), 0) > 0 and ("m", i) not in prev:
                            prev[("m", i)] = node
                            nxt.append(("m", i))
                if end is not None:
                    break
            queue = nxt
        if end is None:
            return False
        # Push as many cards as the path allows.
        path: list[tuple[tuple[str, int], tuple[str, int]]] = []
        node = end
        while (p := prev[node]) is not None:
            path.append((p, node))
            node = p
        push = min(need[node[1]], room[end[1]], total - sent)
        for a, b in path:
            if a[0] == "h":  # a backward step: undo cards sent from mask b to holder a
                push = min(push, flow[(b[1], a[1])])
        room[end[1]] -= push
        need[node[1]] -= push
        for a, b in path:
            if a[0] == "m":
                flow[(a[1], b[1])] = flow.get((a[1], b[1]), 0) + push
            else:
                flow[(b[1], a[1])] -= push
        sent += push
    return True


def pick_copy(counts: Sequence[int], rng: random.Random) -> int:
    """A card of the count vector ``counts``, each copy equally likely."""
    r = rng.randrange(sum(counts))
    for c, k in enumerate(counts):
        r -= k
        if r < 0:
            return c
    raise AssertionError("empty holding")  # pragma: no cover


def _twin_held(holding: Sequence[int], c: int, ident: Sequence[int]) -> bool:
    """Two-colour play: does the holding have a card of ``c``'s identity?"""
    i = ident[c]
    return any(holding[x] for x in (i, i + 26) if x < 52 and ident[x] == i)


def utility(pub: Public, seat: int, total: int, point_weight: float) -> float:
    """The hand's result for ``seat``'s team: ±(1 + levels gained) for winning or losing
    the hand, plus a small weight on the attackers' points (signed for this team)."""
    rules = pub.rules
    res = score_result(rules, total)
    attacker = pub.is_attacker(seat)
    won = (res.winner == "attackers") == attacker
    v = float(1 + res.levels) if won else -float(1 + res.levels)
    pts = total if attacker else -total
    return v + point_weight * pts / rules.step


def playout(
    pub: Public,
    hands: list[list[int]],
    kitty: Sequence[int],
    policy: Policy = play_policy,
    first: tuple[int, Sequence[int]] | None = None,
    stop: Callable[[], bool] | None = None,
    calls: Calls | None = None,
) -> int | None:
    """Play the hand to its end from ``pub`` (mutated, as are ``hands``), every seat
    deciding with ``policy`` from the public state and its own cards (the dealer also
    knows the kitty); ``first`` is a play to make before the policy takes over.
    ``calls`` (找朋友, mutated): the friend calls, settled as the copies fall; each seat
    decides with the sides it can tell then. Returns the attackers' final total, the
    kitty included, or None when ``stop`` (asked after every trick) said to give up."""
    dealer = pub.dealer
    rules = pub.rules
    n = pub.n
    while True:
        if first is not None:
            seat, cards = first
            first = None
        else:
            seat = (pub.leader + len(pub.trick)) % n
            if not pub.sizes[seat]:
                return pub.points
            if calls is not None:
                pub.sides = calls.sides_for(seat, hands[seat])
            cards = policy(pub, seat, hands[seat], kitty if seat == dealer else None)
        hand = hands[seat]
        for c in cards:
            hand[c] -= 1
        pub.record(seat, cards)
        if calls is not None:
            calls.note_play(seat, cards)
        if len(pub.trick) == n:
            lead = pub.lead
            assert lead is not None
            points = pub.table_points
            w = pub.end_trick()
            if calls is not None:
                calls.note_trick(w, points)
                pub.points = calls.attackers_points()
                attackers_won = not calls.on_team(w)
            else:
                attackers_won = pub.is_attacker(w)
            if not pub.sizes[w]:
                total = pub.points
                if attackers_won:
                    kp = sum(POINTS[c] * k for c, k in enumerate(kitty) if k)
                    total += kp * kitty_multiplier(rules, lead.shapes)
                return total
            if stop is not None and stop():
                return None


def suit_lengths(pub: Public, counts: Sequence[int]) -> list[int]:
    ctx = pub.ctx
    return [sum(ctx.suit_counts[s](counts)) for s in range(TRUMP + 1)]
