"""The random player: a uniformly random legal action in every phase.

During the deal it declares now and then (any declaration it could make); in the
window after the deal it picks uniformly among its declarations and passing; it buries
random cards; it leads a random unit (a single card, or a tuple or tractor it holds)
or, sometimes, attempts a random throw (which the engine may refuse as a failed throw,
with the penalty); it follows with a random legal play.
"""

from __future__ import annotations

import random

from rules.actions import Action, Bury, CallFriends, Declare, Pass, Play
from rules.ai.base import own_hand
from rules.ai.declaring import steal_options
from rules.ai.state import as_cards, cards_list
from rules.cards import NUM_CARDS, Card
from rules.declare import possible_declarations, read_declaration
from rules.friends import FriendCall, call_allowed
from rules.play import generate_follow, make_lead
from rules.trump import TrumpContext
from rules.units import Unit, decompose
from rules.views import View

# Chance, each time it is asked during the deal, that it shows a declaration it holds.
DECLARE_DURING_DEAL = 0.04
THROW_SHARE = 0.15  # share of leads that attempt a throw


def random_lead(ctx: TrumpContext, hand: list[int], rng: random.Random) -> list[int]:
    """A random lead: a random unit held, or (sometimes) a random attempted throw."""
    by_suit: dict[int, list[Unit]] = {}
    for s in range(5):
        cs = cards_list(hand, ctx.suit_cards[s])
        if cs:
            by_suit[s] = decompose(ctx, cs)
    suits = sorted(by_suit)
    s = rng.choice(suits)
    units = by_suit[s]
    if len(units) >= 2 and rng.random() < THROW_SHARE and ctx.rules.throws != "forbidden":
        k = rng.randint(2, len(units))
        picked = rng.sample(units, k)
        return [int(c) for u in picked for c in u.cards]
    # A unit held: any single card, or a tuple or tractor the suit's cards contain.
    options: list[list[int]] = []
    for u in units:
        for c in dict.fromkeys(u.cards):
            options.append([int(c)])
        if u.size > 1:
            options.append([int(c) for c in u.cards])
            if u.length > 1:  # the tuples of a tractor on their own
                w = u.width
                for k in range(u.length):
                    options.append([int(c) for c in u.cards[k * w : (k + 1) * w]])
    unique = {tuple(sorted(o)): o for o in options}
    return rng.choice(sorted(unique.values()))


def random_calls(view: View, rng: random.Random) -> tuple[FriendCall, ...]:
    """找朋友: random distinct calls the policy allows (any copy)."""
    rules = view.rules
    ctx = view.context
    allowed = [c for c in range(NUM_CARDS) if call_allowed(rules, ctx, c)]
    options = [FriendCall(Card(c), k) for c in allowed for k in range(1, rules.decks + 1)]
    return tuple(rng.sample(options, rules.friend_calls))


class RandomPlayer:
    level = "random"

    def choose(self, view: View, rng: random.Random) -> Action | None:
        if (own := own_hand(view)) is None:
            return None
        seat, hand = own
        rules = view.rules
        if view.phase in ("dealing", "declaring"):
            current = None
            if view.declarations:
                d = view.declarations[-1]
                current = read_declaration(rules, view.level_rank, d.seat, d.cards)
            options = possible_declarations(rules, view.level_rank, seat, hand, current)
            if view.phase == "dealing":
                if options and rng.random() < DECLARE_DURING_DEAL:
                    return Declare(seat, rng.choice(options).cards)
                return None
            if seat in view.passes:
                return None
            pick = rng.randrange(len(options) + 1)
            if pick == len(options):
                return Pass(seat)
            return Declare(seat, options[pick].cards)
        ctx = view.context
        if view.phase == "stealing" and seat == view.steal_turn:
            steals = steal_options(view, seat, hand)  # 炒地皮: sometimes steal
            if steals and rng.random() < 0.5:
                return Declare(seat, rng.choice(steals).cards)
            return Pass(seat)
        if view.phase == "burying" and seat == view.burier:
            cards = cards_list(hand, range(NUM_CARDS))
            return Bury(seat, as_cards(rng.sample(cards, rules.kitty_size)))
        if view.phase == "calling" and seat == view.dealer:
            return CallFriends(seat, random_calls(view, rng))
        if view.phase == "playing" and seat == view.turn:
            if not view.current:
                return Play(seat, as_cards(random_lead(ctx, hand, rng)))
            lead = make_lead(ctx, view.current[0][1])
            return Play(seat, tuple(generate_follow(ctx, hand, lead, rng)))
        return None
