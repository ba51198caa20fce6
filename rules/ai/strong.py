"""The strong player: determinised Monte-Carlo search over the basic policy.

For a play decision it lists candidate plays (legal plays from its hand, de-duplicated,
at most ``max_candidates``, the basic player's choice first: ``rules.ai.candidates``),
then, until the time budget is spent, samples the hidden cards consistently with what
it has seen (``rules.ai.sim.Sampler``: cards played, shown voids and pair-less suits,
hand sizes, declared cards, its own buried kitty) and plays every candidate out to the
end of the hand in that same sample with the basic policy. A play-out scores the hand's result
for this seat's team: ±(1 + levels gained) for winning or losing the hand, plus the
attackers' points (signed for the team) in score steps times ``point_weight``.

Samples are weighed by inference (``rules.ai.inference``): a sample weighs
``model_error ** m``, where ``m`` counts the other seats' past plays the basic policy
would not have made from their sampled cards, so deals that explain what the others
chose count for more (``model_error=None``: every sample alike; at 找朋友 tables
``friends_model_error``, at up to ``friends_infer_seats`` seats). With ``walk`` > 0
the samples instead come from a Metropolis walk over deals
(``rules.ai.inference.Walk``: ``settle`` proposals first, then ``walk`` between
samples) that visits deals in proportion to those weights, so its samples weigh alike
and the elimination below works as without inference. With ``carry_walk`` (by
default at 找朋友 tables) a seat's walk goes on from where it stood at the seat's
previous decision of the hand (the plays since taken out:
``rules.ai.inference.carry``), so every decision's walking adds up; the player then
remembers that much between its decisions (per seat, in memory), and the same
decisions in the same order decide alike.

The samples are shared by all candidates, so candidates are compared sample by sample
(paired): after a few samples a candidate clearly worse than the basic choice, or no
different from it at all, is dropped; the search stops early when only the basic
choice is left. The play is the candidate whose mean gain over the basic choice has the
best lower confidence bound (mean − ``confidence`` × standard error), if positive;
otherwise the basic choice (means and standard errors are weighted, the error from
the samples' effective number). Follows with nothing to weigh (the trick cannot be won
and the partner is not winning it, or the partner wins behind us) are played at once.
Declaring defers to the basic player. The kitty and the friend calls are searched
the same way from the first lead (``rules.ai.opening``): a few other kitties or call
sets against the basic one, each played out in the same sampled deals, within
``start_budget`` times a play's budget (``search_start=False``: the basic player's).

At 找朋友 tables (N seats) the same search runs with N-seat samples and play-outs: a
sample deals the unseen cards (the called copies still out among the seats that may
hold them), the play-out settles the calls as the copies fall (``rules.ai.calls``), and
the hand is scored for the teams it ended with (the small-team bonus included).

Decisions depend only on the view and the rng. With a time budget the number of
samples depends on the machine's speed; ``max_samples`` (with ``budget_ms=None``) makes
the search exactly reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from rules.actions import Action, Bury, CallFriends, Play
from rules.ai.basic import BasicPlayer, play_policy
from rules.ai.calls import Calls
from rules.ai.candidates import candidates, trivial
from rules.ai.inference import Carried, History, Walk, carry
from rules.ai.opening import Option, StartWorlds, bury_option, call_options
from rules.ai.sim import Sampler, playout, utility
from rules.ai.state import as_cards, public_of, shown_cards
from rules.burying import bury_options
from rules.cards import counts_of
from rules.views import View

DEFAULT_BUDGET_MS = 300.0
# How often another seat's play is taken to depart from the basic policy (the model of
# the others): samples weigh error ** mismatches (``rules.ai.inference``); None = off.
# At fixed partners it raised hands won against basic from 61 % to 68 % (error 0.5);
# once the walk was cheap, a sharper model walked longer (0.05, 20 proposals between
# samples) took 71.7 % of fresh deals where 0.5 with 3 took 69.4 % (+2.3 ± 1.4 paired),
# and 54.2 % of the hands head to head against it (docs/ai.md). So steep a
# model needs the walk: weighing independent deals (walk=0) wants a milder one (0.5).
# At 找朋友 tables a walk that starts afresh at every decision measured no clear gain
# (+2.1 ± 1.7 points alone in a seat at friends-6); one carried from decision to
# decision (``carry_walk``) with a sharper model (0.01) +2.5 ± 1.1 over 2,000 deals.
# But the others are basic players there, the model's exact truth; among ``simple``
# players that model cost −2.1 ± 1.1 against none, while 0.05 carried measured +1.0 ± 1.5
# over 0.01 there and +1.4 ± 1.7 among basic players (800 deals each), so 0.05, as at
# fixed partners, where it holds up among simple players too (+1.2 ± 1.3 against none).
# At friends-8 it did not help (−0.6 ± 1.7 over 800 deals at 0.01, at half the samples;
# −1.4 ± 1.7 at 0.05), so inference runs at 找朋友 tables of at most
# ``friends_infer_seats`` seats.
DEFAULT_MODEL_ERROR = 0.05
DEFAULT_FRIENDS_MODEL_ERROR: float | None = 0.05
DEFAULT_FRIENDS_INFER_SEATS = 6
# Proposals of the inference's walk between samples (0: weigh independent samples
# instead; ``settle``, before the first sample, defaults to twice as many).
DEFAULT_WALK = 20
# The kitty's and the calls' budget, in plays' budgets: one decision a hand, and the
# hand is played with it. Four against one: 70.6 % against 70.0 % of 1,000 hands at
# classic (docs/ai-strength.md).
DEFAULT_START_BUDGET = 4.0
ELIMINATE_AFTER = 3  # samples before candidates that are clearly worse are dropped


class StrongPlayer:
    level = "strong"

    def __init__(
        self,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        *,
        max_samples: int | None = None,
        max_candidates: int = 6,
        point_weight: float = 1.0,
        confidence: float = 1.0,
        effect: float = 0.0,
        elimination: float = 2.0,
        model_error: float | None = DEFAULT_MODEL_ERROR,
        friends_model_error: float | None = DEFAULT_FRIENDS_MODEL_ERROR,
        friends_infer_seats: int = DEFAULT_FRIENDS_INFER_SEATS,
        walk: int = DEFAULT_WALK,
        settle: int | None = None,
        carry_walk: bool | None = None,
        search_start: bool = True,
        start_budget: float = DEFAULT_START_BUDGET,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if budget_ms is None and max_samples is None:
            raise ValueError("give a time budget, a sample cap, or both")
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.max_candidates = max_candidates
        self.point_weight = point_weight
        self.confidence = confidence
        self.effect = effect
        self.elimination = elimination
        self.model_error = model_error
        self.friends_model_error = friends_model_error
        self.friends_infer_seats = friends_infer_seats
        self.walk = walk
        self.settle = 2 * walk if settle is None else settle
        # Carry the walk from decision to decision (None: at 找朋友 tables only, where
        # five hidden hands are too many deals to walk through in one decision's
        # budget; at classic it measured −1.5 ± 2.1 alone in a seat, so not there).
        self.carry_walk = carry_walk
        self._carried: dict[int, Carried] = {}  # per seat, where its last walk stood
        self.search_start = search_start
        self.start_budget = start_budget
        self.clock = clock
        self.basic = BasicPlayer()
        self.last_samples = 0  # samples used by the last search (for the harness)

    def choose(self, view: View, rng: random.Random) -> Action | None:
        seat = view.seat
        if seat is None or view.hand is None:
            return None
        if self.search_start and seat == view.dealer:
            # (after a kitty theft (炒地皮) the dealer may not know the kitty: basic then)
            knows = seat == view.burier and bool(view.buried)
            if view.phase == "burying" and seat == view.burier:
                return self._bury(view, seat, rng)
            if view.phase == "calling" and (knows or not view.rules.kitty_size):
                return self._call(view, seat, rng)
        if view.phase != "playing" or seat != view.turn:
            return self.basic.choose(view, rng)
        start = self.clock()
        hand = counts_of(view.hand)
        pub = public_of(view)
        kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
        base = play_policy(pub, seat, hand, kitty)
        self.last_samples = 0
        if trivial(pub, seat, hand):
            return Play(seat, as_cards(base))
        cands = candidates(pub, seat, hand, kitty, base, rng, self.max_candidates)
        if len(cands) == 1:
            return Play(seat, as_cards(cands[0]))
        sampler = Sampler(pub, seat, hand, kitty, self.pinned(view))
        calls = Calls.of_view(view) if view.friends_mode else None
        error = self.model_error
        if view.friends_mode:
            error = self.friends_model_error if pub.n <= self.friends_infer_seats else None
        history = None if error is None else History(view, seat, pub)
        srng = random.Random(rng.getrandbits(64))
        late = self._deadline(start)
        rows: list[list[float]] = []
        misses: list[int] = []  # per sample, the past plays the model does not explain
        alive = list(range(len(cands)))
        samples = 0
        walk: Walk | None = None
        while len(alive) > 1 and (self.max_samples is None or samples < self.max_samples):
            if history is None or error is None:
                hands, hidden_kitty = sampler.sample(srng)
            elif self.walk:
                if walk is None:
                    # (carried on from this seat's last walk of the hand, or afresh)
                    old = self._carried.get(seat) if self._carries(view) else None
                    carried = carry(old, sampler, history, hand, srng)
                    walk = Walk(sampler, history, srng, hand, kitty, error, carried)
                    walk.step(self.settle)  # (a longer first stretch, to settle)
                else:
                    walk.step(self.walk)
                hands, hidden_kitty = walk.deal()  # (its deals weigh alike: no misses)
            else:
                hands, hidden_kitty = sampler.sample(srng)
                hands[seat] = list(hand)
                misses.append(
                    history.mismatches(hands, kitty if kitty is not None else hidden_kitty)
                )
            world_kitty = kitty if kitty is not None else hidden_kitty
            values = [0.0] * len(cands)
            done = True
            for i in alive:
                hs = [list(h) for h in hands]
                hs[seat] = list(hand)
                world = None if calls is None else calls.copy()
                total = playout(
                    pub.copy(), hs, world_kitty, first=(seat, cands[i]), stop=late, calls=world
                )
                if total is None or late():
                    done = False  # (even in the first sample: then the basic choice)
                    break
                if world is None:
                    values[i] = utility(pub, seat, total, self.point_weight)
                else:
                    values[i] = world.utility(pub.rules, seat, total, self.point_weight)
            if not done:
                break  # out of time inside a sample: drop the partial one
            rows.append(values)
            samples += 1
            if samples >= ELIMINATE_AFTER:
                weights = _weights(misses[:samples], error)
                alive = [i for i in alive if i == 0 or _keep(rows, weights, i, self.elimination)]
            if late():
                break
        self.last_samples = samples
        if walk is not None and history is not None and self._carries(view):
            self._carried[seat] = Carried(history.key(hand), history.plays, walk.holding_now())
        weights = _weights(misses[:samples], error)
        pick = select(rows, alive, self.confidence, self.effect, weights)
        return Play(seat, as_cards(cands[pick]))

    def _carries(self, view: View) -> bool:
        """Does this decision's walk go on from the seat's last one (``carry_walk``)?"""
        return view.friends_mode if self.carry_walk is None else self.carry_walk

    def pinned(self, view: View) -> list[list[int]]:
        """Per seat, the cards its samples must give that seat: the declared cards not
        played yet (``shown_cards``). A bench diagnostic pins more (``bench.ai``'s
        ``--oracle teams``)."""
        return shown_cards(view)

    def _deadline(self, start: float, times: float = 1.0) -> Callable[[], bool]:
        """Has ``times`` the budget run out since ``start``? (Never, without a budget.)"""
        if self.budget_ms is None:
            return lambda: False
        deadline, clock = start + times * self.budget_ms / 1000.0, self.clock
        return lambda: clock() > deadline

    # ---- before the first lead -----------------------------------------------------------

    def _bury(self, view: View, seat: int, rng: random.Random) -> Action:
        start = self.clock()
        assert view.hand is not None
        hand = counts_of(view.hand)
        kitties = bury_options(view.context, hand, view.rules.kitty_size, self.max_candidates)
        self.last_samples = 0
        pick = 0
        if len(kitties) > 1:
            options = [bury_option(view, hand, k) for k in kitties]
            pick = self._search_start(view, seat, options, rng, start)
        return Bury(seat, as_cards(kitties[pick]))

    def _call(self, view: View, seat: int, rng: random.Random) -> Action:
        start = self.clock()
        assert view.hand is not None
        hand = counts_of(view.hand)
        kitty = tuple(counts_of(view.buried or ()))
        sets = call_options(view, hand, self.max_candidates)
        self.last_samples = 0
        pick = 0
        if len(sets) > 1:
            options = [Option(tuple(hand), kitty, calls) for calls in sets]
            pick = self._search_start(view, seat, options, rng, start)
        return CallFriends(seat, sets[pick])

    def _search_start(
        self,
        view: View,
        seat: int,
        options: Sequence[Option],
        rng: random.Random,
        start: float,
    ) -> int:
        """The option to take (0 is the basic one): ``options`` played out from the first
        lead in shared samples, eliminated and selected as plays are."""
        worlds = StartWorlds(view, seat, options[0])
        srng = random.Random(rng.getrandbits(64))
        late = self._deadline(start, self.start_budget)
        rows: list[list[float]] = []
        alive = list(range(len(options)))
        while len(alive) > 1 and (self.max_samples is None or len(rows) < self.max_samples):
            values = worlds.values(srng, options, alive, self.point_weight, stop=late)
            if values is None:
                break  # out of time inside a sample: drop the partial one
            rows.append(values)
            if len(rows) >= ELIMINATE_AFTER:
                alive = [i for i in alive if i == 0 or _keep(rows, None, i, self.elimination)]
            if late():
                break
        self.last_samples = len(rows)
        return select(rows, alive, self.confidence, self.effect)


def _weights(misses: Sequence[int], error: float | None) -> list[float] | None:
    """Sample weights ``error ** mismatches``, scaled so the best-explained sample
    weighs 1 (no underflow however long the hand); None without inference."""
    if error is None or not misses:
        return None
    best = min(misses)
    return [error ** (m - best) for m in misses]


def _diffs(
    rows: Sequence[Sequence[float]], i: int, weights: Sequence[float] | None = None
) -> tuple[float, float]:
    """Mean and standard error of candidate ``i``'s gain over candidate 0, the samples
    counted by ``weights`` (the standard error from their effective number)."""
    n = len(rows)
    diffs = [r[i] - r[0] for r in rows]
    if weights is None or n < 2:
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return mean, (var / n) ** 0.5
    total = sum(weights)
    if total <= 0.0:
        return 0.0, 0.0
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    eff = total * total / sum(w * w for w in weights)
    if eff <= 1.0 + 1e-9:
        return mean, float("inf")
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    var *= eff / (eff - 1.0)
    return mean, (var / eff) ** 0.5


def _keep(
    rows: Sequence[Sequence[float]], weights: Sequence[float] | None, i: int, z: float
) -> bool:
    """Keep sampling candidate ``i`` unless it is clearly worse than the basic choice,
    or has made no difference at all so far."""
    mean, se = _diffs(rows, i, weights)
    if se == 0.0 and mean == 0.0:
        return False
    return mean + z * se >= 0.0


def select(
    rows: Sequence[Sequence[float]],
    alive: Sequence[int],
    confidence: float,
    effect: float = 0.0,
    weights: Sequence[float] | None = None,
) -> int:
    """The candidate to play: the one whose gain over the basic choice (candidate 0),
    paired sample by sample, has the best lower confidence bound, if that is positive
    and the mean gain is at least ``effect`` standard deviations of the paired gains.

    Unlike the standard error, the effect size does not shrink with more samples; it
    was tried against gains that are the play-outs' bias and made the player weaker at
    0.5 (docs/ai-strength.md), so the default, 0, leaves it off."""
    if len(rows) < 3:
        return 0  # too few samples to overrule the basic choice
    best, best_score = 0, 0.0
    for i in alive:
        if i == 0:
            continue
        mean, se = _diffs(rows, i, weights)
        score = mean - confidence * se
        if effect and mean < effect * se * len(rows) ** 0.5:  # (se·√n: the sd of the gains)
            continue
        if mean > 0 and score > best_score + 1e-12:
            best, best_score = i, score
    return best
