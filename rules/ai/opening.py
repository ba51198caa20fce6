"""The strong player's decisions before the first lead: the kitty and the friend calls.

The basic player buries by a cost table (``rules.burying``) and calls the strongest
cards it lacks (``rules.friends.suggest_calls``). The strong player lists a few other
options (``bury_options``, ``call_options``) and compares them the way it compares
plays: each sample deals the cards the seat cannot see among the other hands
(``rules.ai.sim.Sampler``: hand sizes, declared cards), and every option is played out
from the first lead to the end of the hand in that same deal with the basic policy.
Options share the samples, so they are compared sample by sample (paired).

A kitty is weighed with the calls the seat would then make (the basic call from the
hand that is left), so a bury at a 找朋友 table is judged with its calls.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.ai.calls import Calls
from rules.ai.sim import Sampler, playout, utility
from rules.ai.state import Public, blank_public, shown_cards
from rules.cards import ALL_CARDS, NUM_CARDS
from rules.friends import FriendCall, call_allowed, suggest_calls
from rules.trump import TRUMP
from rules.views import View


@dataclass(frozen=True, slots=True)
class Option:
    """One way to start the hand: the seat's cards, its kitty and (找朋友) its calls."""

    hand: tuple[int, ...]  # counts by card id, the kitty taken out
    kitty: tuple[int, ...]
    calls: tuple[FriendCall, ...] | None = None


def bury_option(view: View, hand: Sequence[int], buried: Sequence[int]) -> Option:
    """The option of burying ``buried`` (card ids) from ``hand`` (counts, kitty in);
    at a 找朋友 table with the basic call from what is left."""
    kitty = [0] * NUM_CARDS
    left = list(hand)
    for c in buried:
        kitty[c] += 1
        left[c] -= 1
    calls = None
    if view.rules.friends is not None and view.rules.friend_calls:
        calls = tuple(suggest_calls(view.rules, view.context, left))
    return Option(tuple(left), tuple(kitty), calls)


def call_options(view: View, hand: Sequence[int], cap: int) -> list[tuple[FriendCall, ...]]:
    """Up to ``cap`` distinct legal call sets, the basic call first, then that call with
    one of its cards swapped for another strong card the seat lacks (each as the first
    copy after the seat's own), the strongest first."""
    rules, ctx = view.rules, view.context
    base = tuple(suggest_calls(rules, ctx, hand))
    out = [base]
    keys = {frozenset(base)}
    allowed = [c for c in range(NUM_CARDS) if call_allowed(rules, ctx, c) and hand[c] < rules.decks]
    # The top cards of each suit first (an ace, then a king …), trumps after plain suits.
    allowed.sort(key=lambda c: (ctx.suit_of[c] == TRUMP, -ctx.pos[c], c))
    for c in allowed:
        call = FriendCall(ALL_CARDS[c], hand[c] + 1)
        if call in base:
            continue
        for i in range(len(base)):
            if any(int(f.card) == c for j, f in enumerate(base) if j != i):
                continue
            alt = (*base[:i], call, *base[i + 1 :])
            if frozenset(alt) not in keys:
                keys.add(frozenset(alt))
                out.append(alt)
            if len(out) >= cap:
                return out
    return out


class StartWorlds:
    """Deals of the hidden cards as they stand at the first lead, and each option's
    play-out result in one deal."""

    def __init__(self, view: View, seat: int, ref: Option) -> None:
        sizes = list(view.hand_sizes)
        sizes[seat] = sum(ref.hand)
        sides = None
        if view.friends_mode:
            sides = [1 if s == view.dealer else 0 for s in range(view.players)]
        self.pub: Public = blank_public(view, sizes, sides)
        self.seat = seat
        self.sampler = Sampler(self.pub, seat, ref.hand, ref.kitty, shown_cards(view))

    def values(
        self,
        rng: random.Random,
        options: Sequence[Option],
        alive: Sequence[int],
        point_weight: float,
        stop: Callable[[], bool] | None = None,
    ) -> list[float] | None:
        """Each live option's result in one sampled deal (others 0.0), or None when
        ``stop`` said to give up."""
        hands, _ = self.sampler.sample(rng)
        out = [0.0] * len(options)
        for i in alive:
            got = self.result(hands, options[i], point_weight, stop)
            if got is None:
                return None
            out[i] = got
        return out

    def result(
        self,
        hands: Sequence[Sequence[int]],
        opt: Option,
        point_weight: float,
        stop: Callable[[], bool] | None = None,
    ) -> float | None:
        """``opt``'s result for the seat, played out from the first lead in the deal
        ``hands`` (the seat's own entry is ignored: the option's hand is played)."""
        pub, seat = self.pub, self.seat
        hs = [list(h) for h in hands]
        hs[seat] = list(opt.hand)
        world = None if opt.calls is None else start_calls(pub, opt.calls)
        total = playout(pub.copy(), hs, opt.kitty, stop=stop, calls=world)
        if total is None:
            return None
        if world is None:
            return utility(pub, seat, total, point_weight)
        return world.utility(pub.rules, seat, total, point_weight)


def start_calls(pub: Public, calls: Sequence[FriendCall]) -> Calls:
    """The calls as they stand at the first lead: nothing counted, nobody joined."""
    friends = pub.rules.friends
    assert friends is not None
    n = len(calls)
    return Calls(
        n=pub.n,
        dealer=pub.dealer,
        no_double_join=friends.no_double_join,
        cards=[int(c.card) for c in calls],
        nth=[c.nth for c in calls],
        seen=[0] * n,
        done=[None] * n,
        team=1 << pub.dealer,
        seat_points=[0] * pub.n,
        offset=0,
    )
