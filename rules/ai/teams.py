"""找朋友: what the plays so far say about who holds the pending called cards.

Players feed points to the side they believe they are on. A seat that holds a copy of
a pending call expects to join the dealer, so when the dealer (or a revealed friend) is
winning a trick it tends to add points to it; a seat that holds none tends to keep its
points and to beat the dealer's card. ``TeamEvidence`` reads these signs from the
public plays (nothing else) and gives each sampled deal a weight: per seat, the
product of the likelihood ratios of its telling plays when the deal gives that seat a
copy of the calls pending at the time of the play, 1 when it gives none. The strong
player weighs its samples by it (``StrongPlayer(team_evidence=…)``), so deals whose
friends-to-be behaved like friends count for more.

The ratios are P(play | holds a copy) ÷ P(play | holds none), counted in games of the
basic player at every seat (friends-5, friends-6 and friends-8; README, strength
figures); ``temper`` (≤ 1) shrinks them, since one seat's plays are not independent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.ai.calls import Calls
from rules.ai.sim import Sampler
from rules.ai.state import blank_public
from rules.cards import POINTS
from rules.views import View

# (a known friend of the dealer's is winning the trick, the play adds points, it wins
# the trick so far) -> likelihood ratio; leads have their own entry.
RATIOS: dict[tuple[bool, bool, bool], float] = {
    (True, True, False): 4.0,  # points fed to the dealer's side: a friend-to-be
    (True, False, False): 0.63,  # the dealer's side left without points
    (True, True, True): 0.7,  # the dealer's side beaten
    (True, False, True): 0.7,
    (False, True, False): 0.45,  # points given to a seat of unknown side
    (False, True, True): 0.45,
    (False, False, False): 1.15,
    (False, False, True): 0.85,
}
LEAD_RATIO = 0.67


@dataclass(frozen=True, slots=True)
class Clue:
    """A seat's telling plays made while the same calls were pending: their ratios'
    product, and the called cards that made a holder then."""

    seat: int
    cards: tuple[int, ...]
    ratio: float


class TeamEvidence:
    """The clues in a view's plays, for weighing the deals sampled for ``seat``."""

    def __init__(self, clues: Sequence[Clue]) -> None:
        self.clues = tuple(clues)

    @classmethod
    def of(cls, view: View, seat: int, temper: float = 1.0) -> TeamEvidence:
        """Replay the view's plays (public: the cards and who played them), noting each
        play by a seat whose side is not known yet while calls are pending; a seat that
        later plays a card it was judged on held it then, so those plays say nothing of
        the deal and are left out, as are the plays of called cards (they settle calls)."""
        assert view.dealer is not None and view.friends_mode
        n = view.players
        now = Calls.of_view(view)
        calls = Calls(
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
        plays = [*(t.plays for t in view.tricks), view.current]
        sizes = [0] * n
        for trick in plays:
            for s, shown in trick:
                sizes[s] += len(shown)
        pub = blank_public(view, sizes, None)
        noted: list[tuple[int, tuple[int, ...], float, int]] = []  # seat, cards, ratio, when
        last: dict[tuple[int, int], int] = {}  # (seat, card) -> when it last played one
        when = 0
        for trick in plays:
            for s, cards_c in trick:
                cards = tuple(int(c) for c in cards_c)
                pending = tuple(
                    c for c, d in zip(calls.cards, calls.done, strict=True) if d is None
                )
                telling = s != seat and pending and not calls.on_team(s)
                if telling and not set(cards) & set(pending):
                    if not pub.trick:
                        noted.append((s, pending, LEAD_RATIO, when))
                        pub.record(s, cards)
                    else:
                        friend_wins = calls.on_team(pub.winner())
                        fed = any(POINTS[c] for c in cards)
                        pub.record(s, cards)
                        beats = pub.winner() == s
                        noted.append((s, pending, RATIOS[(friend_wins, fed, beats)], when))
                else:
                    pub.record(s, cards)
                for c in cards:
                    last[(s, c)] = when
                calls.note_play(s, cards)
                when += 1
            if len(pub.trick) == n:
                points = pub.table_points
                w = pub.end_trick()
                calls.note_trick(w, points)
        product: dict[tuple[int, tuple[int, ...]], float] = {}
        for s, pending, ratio, t in noted:
            if any(last.get((s, c), -1) > t for c in pending):
                continue  # it held a called copy then: true in every deal
            key = (s, pending)
            product[key] = product.get(key, 1.0) * ratio**temper
        return cls([Clue(s, cards, r) for (s, cards), r in product.items()])

    def weight(self, hands: Sequence[Sequence[int]]) -> float:
        """The deal's weight: each clue's ratio when the deal gives its seat a copy of
        one of its cards, 1 otherwise."""
        w = 1.0
        for clue in self.clues:
            held = hands[clue.seat]
            if any(held[c] for c in clue.cards):
                w *= clue.ratio
        return w

    def resample(
        self, sampler: Sampler, rng: random.Random, draws: int
    ) -> tuple[list[list[int]], list[int]]:
        """One of ``draws`` fresh deals, each kept with odds in proportion to its
        weight: deals drawn so (sampling-importance-resampling) weigh alike, so the
        search compares its candidates over all its samples rather than a heavy few."""
        deals = [sampler.sample(rng) for _ in range(draws)]
        weights = [self.weight(hands) for hands, _ in deals]
        r = rng.random() * sum(weights)
        for deal, w in zip(deals, weights, strict=True):
            r -= w
            if r < 0:
                return deal
        return deals[-1]
