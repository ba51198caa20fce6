"""Speed benchmark of the card-play engine (``rules.play``).

Run ``python -m bench.engine`` (``--help`` for options). For 1, 2, 3 and 4 decks
(presets one-deck, classic, three-decks, four-decks), and for the 找朋友 presets
(friends-5, friends-6, friends-8: N seats, `--friends`), it prints:

* the median µs of ``check_follow`` over the follows of random play (the lead mix
  is whatever random play produces: singles, tuples, tractors, throws);
* the median µs to generate a legal play: ``generate_follow`` for followers, a
  random legal single-unit lead for leaders;
* complete random-legal hands per CPU second on one core: seeded deal (one card at
  a time to seats 0..3, kitty last), random trump (a suit or no-trump, random level
  rank), the dealer takes the kitty and buries random cards, every trick (random
  unit leads, occasional throws judged by ``check_lead``, ``generate_follow`` for
  the followers, ``trick_winner``), kitty multiplier and ``settle_hand``.

Each deck count runs two phases: a *sampling* phase that times single calls with
``perf_counter_ns`` (and checks every generated follow with ``check_follow``), then
a *throughput* phase of ``--hands`` uninstrumented hands timed with
``process_time`` (CPU time, so other load on the machine matters less). Card
conservation and the point total are asserted at the end of every hand, so a broken
engine cannot produce fast numbers; a generated follow that ``check_follow`` refuses
is printed as an engine bug and makes the exit status 1. ``--verify`` also checks
every lead and follow of the throughput phase (slow; a correctness run, not a timing).
The targets for two decks are ≥ 1,000 hands/s and ≤ 20 µs median per follow check.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import NUM_CARDS, POINTS, Card, Suit
from rules.errors import RuleError
from rules.friends import FriendsOutcome, settle_friends
from rules.notation import format_cards
from rules.play import (
    Lead,
    check_follow,
    check_lead,
    generate_follow,
    make_lead,
    trick_points,
    trick_winner,
)
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError
from rules.scoring import HandOutcome, kitty_multiplier, settle_hand, team_of
from rules.trump import TrumpContext
from rules.units import decompose

PRESET_FOR_DECKS = {1: "one-deck", 2: "classic", 3: "three-decks", 4: "four-decks"}
# Hands per deck count for the throughput phase; sized so that a default run of all
# four deck counts takes about a minute (sampling included) on a 2-vCPU Xeon VM.
DEFAULT_HANDS = {1: 50_000, 2: 24_000, 3: 13_000, 4: 8_500}
# The 找朋友 presets (N seats): hands per preset for the throughput phase.
DEFAULT_FRIENDS_HANDS = {
    "friends-5": 12_000,
    "friends-6": 6_000,
    "friends-8": 3_000,
    "friends-10": 2_000,  # five decks
}
# Hands played with timing probes before the throughput phase: this share of
# ``--hands``, within [SAMPLE_MIN, SAMPLE_MAX] (every follow's hand is kept in memory).
SAMPLE_SHARE = 0.1
SAMPLE_MIN = 100
SAMPLE_MAX = 600

# How the leader picks a lead: a throw attempt with P_THROW, else a random card led
# alone with P_SINGLE or else with the whole unit (tuple or tractor) it belongs to.
P_THROW = 0.08
P_SINGLE = 0.5

perf_ns = time.perf_counter_ns


# ---- one hand of random legal play ------------------------------------------------------


@dataclass
class Probe:
    """Timings and samples collected by an instrumented hand."""

    gen_follow_ns: list[int] = field(default_factory=list)
    gen_lead_ns: list[int] = field(default_factory=list)
    # (ctx, hand before the follow, lead, follow) for the check_follow timing
    follows: list[tuple[TrumpContext, tuple[int, ...], Lead, list[Card]]] = field(
        default_factory=list
    )
    throws_tried: int = 0
    throws_failed: int = 0


def random_unit_lead(
    ctx: TrumpContext, hand: Sequence[int], cards: Sequence[int], rng: random.Random
) -> Lead:
    """A random legal single-unit lead: a random card of the hand (``cards``, the same
    cards as the count vector ``hand``), alone or with the whole unit it is in."""
    c = rng.choice(cards)
    if rng.random() < P_SINGLE or (hand[c] == 1 and not ctx.rules.two_colour):
        return make_lead(ctx, [c])
    suit_of = ctx.suit_of
    s = suit_of[c]
    for u in decompose(ctx, [x for x in cards if suit_of[x] == s]):
        if c in u.cards:
            return make_lead(ctx, u.cards)
    raise AssertionError("a card outside its own suit")  # pragma: no cover


def random_throw(
    ctx: TrumpContext,
    hand: Sequence[int],
    cards: Sequence[int],
    others: Sequence[Sequence[int]],
    rng: random.Random,
) -> tuple[Lead, int, str]:
    """Try a throw in the suit of a random card: its strongest units (half the
    time) or a random set of ≥ 2 of them, judged by ``check_lead``. Returns (lead,
    penalty, kind): the forced unit when the throw fails; kind "unit" when the suit
    holds a single unit."""
    suit_of = ctx.suit_of
    s = suit_of[rng.choice(cards)]
    units = decompose(ctx, [x for x in cards if suit_of[x] == s])
    if len(units) < 2 or ctx.rules.throws == "forbidden":  # house rule: no throws
        return make_lead(ctx, units[0].cards), 0, "unit"
    k = rng.randint(2, min(len(units), 5))
    if rng.random() < 0.5:
        chosen = sorted(units, key=lambda u: u.top, reverse=True)[:k]
    else:
        chosen = rng.sample(units, k)
    result = check_lead(ctx, hand, [x for u in chosen for x in u.cards], others)
    return result.lead, result.penalty, result.kind


def play_hand(
    rules: RuleSet,
    rng: random.Random,
    probe: Probe | None = None,
    verify: list[str] | None = None,
) -> HandOutcome | FriendsOutcome:
    """One complete hand of random legal play; asserts card conservation.

    At a 找朋友 table (N seats) the dealer's team is ``friend_calls`` random other
    seats (as if the calls had fallen so) and ``settle_friends`` scores the hand.

    With ``verify`` (a list), every unit lead is checked with ``check_lead`` and
    every follow with ``check_follow``; refused follows are appended to the list.

    Each seat's hand is kept twice: the count vector the engine reads and a card
    list (for random picks); every play is removed from both, so a card that is
    not held fails loudly (``list.remove``) and leftovers are caught at the end.
    """
    decks = rules.decks
    deck = [c for c in range(NUM_CARDS) for _ in range(decks)]
    rng.shuffle(deck)
    hand_size = rules.hand_size
    seats = rules.players
    lists: list[list[int]] = [[] for _ in range(seats)]
    for k in range(seats * hand_size):  # one card at a time to seats 0..N-1, kitty last
        lists[k % seats].append(deck[k])
    kitty = deck[seats * hand_size :]

    trump = rng.choice((None, Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))
    level = rng.choice(rules.levels)
    ctx = TrumpContext.of(rules, level, trump)
    dealer = rng.randrange(seats)
    if rules.friends is not None:
        others = [s for s in range(seats) if s != dealer]
        team = {dealer, *rng.sample(others, rules.friend_calls)}
        side = [0 if s in team else 1 for s in range(seats)]
        levels = [rng.choice(rules.levels) for _ in range(seats)]
        levels[dealer] = level
    else:
        side = [team_of(s) for s in range(seats)]
        levels = [0, 0]
        levels[side[dealer]] = level
        levels[1 - side[dealer]] = rng.choice(rules.levels)
    defenders = side[dealer]

    # The dealer takes the kitty and buries as many random cards.
    dl = lists[dealer]
    dl.extend(kitty)
    buried = rng.sample(dl, rules.kitty_size)
    for c in buried:
        dl.remove(c)
    hands = []
    for cl in lists:
        h = [0] * NUM_CARDS
        for c in cl:
            h[c] += 1
        hands.append(h)

    attackers = 0
    trick_pts_total = 0
    leader = dealer
    lead: Lead | None = None
    plays: list[Sequence[int]] = []
    w = 0
    left = hand_size  # cards still in each hand
    while left:
        hand = hands[leader]
        cards = lists[leader]
        if rng.random() >= P_THROW:
            if probe is not None:
                t0 = perf_ns()
                lead = random_unit_lead(ctx, hand, cards, rng)
                probe.gen_lead_ns.append(perf_ns() - t0)
            else:
                lead = random_unit_lead(ctx, hand, cards, rng)
            if verify is not None:
                assert check_lead(ctx, hand, lead.cards, []).kind == "unit"
        else:
            others = [hands[(leader + k) % seats] for k in range(1, seats)]
            lead, penalty, kind = random_throw(ctx, hand, cards, others, rng)
            if probe is not None and kind != "unit":
                probe.throws_tried += 1
                probe.throws_failed += kind == "failed_throw"
            if penalty:
                attackers += penalty if side[leader] == defenders else -penalty
        for c in lead.cards:
            hand[c] -= 1
            cards.remove(c)
        n = len(lead.cards)
        left -= n
        plays = [lead.cards]
        for k in range(1, seats):
            seat = (leader + k) % seats
            h = hands[seat]
            if probe is not None:
                before = tuple(h)
                t0 = perf_ns()
                follow = generate_follow(ctx, h, lead, rng)
                probe.gen_follow_ns.append(perf_ns() - t0)
                probe.follows.append((ctx, before, lead, follow))
            else:
                follow = generate_follow(ctx, h, lead, rng)
            if verify is not None:
                _verify_follow(ctx, h, lead, follow, verify)
            assert len(follow) == n, "follow of the wrong size"
            cl = lists[seat]
            for c in follow:
                h[c] -= 1
                cl.remove(c)
            plays.append(follow)
        w = trick_winner(ctx, lead, plays)
        pts = trick_points(plays)
        trick_pts_total += pts
        leader = (leader + w) % seats
        if side[leader] != defenders:
            attackers += pts

    # Conservation: every hand is empty and every point was played or buried.
    kitty_pts = sum(POINTS[c] for c in buried)
    for h, cl in zip(hands, lists, strict=True):
        assert not cl and not any(h), "cards created or lost"
    assert trick_pts_total + kitty_pts == rules.total_points, "points created or lost"

    assert lead is not None
    last_by_attackers = side[leader] != defenders  # the leader is now the last winner
    if last_by_attackers:
        attackers += kitty_pts * kitty_multiplier(rules, lead.shapes)
    if rules.friends is not None:
        members = [s for s in range(seats) if side[s] == defenders]
        return settle_friends(rules, levels, dealer, members, attackers)
    return settle_hand(
        rules,
        (levels[0], levels[1]),
        dealer,
        attackers,
        last_by_attackers,
        [Card(c) for c in plays[w]],
    )


def _verify_follow(
    ctx: TrumpContext, hand: Sequence[int], lead: Lead, follow: Sequence[int], bad: list[str]
) -> None:
    try:
        check_follow(ctx, hand, lead, follow)
    except RuleError as exc:  # the engine refused its own follow: an engine bug
        bad.append(
            f"{ctx.rules.name}, {ctx.describe()}: lead {format_cards(lead.cards)}, "
            f"generated {format_cards(follow)}: {exc}"
        )


# ---- measurement ----------------------------------------------------------------------


def lead_kind(lead: Lead) -> str:
    if len(lead.units) > 1:
        return "throw"
    u = lead.units[0]
    if u.length >= 2:
        return "tractor"
    return "single" if u.width == 1 else "tuple"


@dataclass
class DeckResult:
    decks: int
    preset: str
    hands: int
    hands_per_s: float
    check_us: float
    check_p90_us: float
    gen_follow_us: float
    gen_lead_us: float
    check_by_kind: dict[str, tuple[int, float]]
    throws: tuple[int, int]
    seconds: float
    illegal: list[str]  # generated follows that check_follow refused (engine bugs)


def _median_us(ns: Sequence[int]) -> float:
    return float(statistics.median(ns)) / 1000 if ns else float("nan")


def _p90_us(ns: Sequence[int]) -> float:
    if not ns:
        return float("nan")
    s = sorted(ns)
    return s[min(len(s) - 1, int(0.9 * len(s)))] / 1000


HOUSE: dict[str, str] = {}  # --rule NAME=VALUE: house rules on every measured table


def _with_house(rules: RuleSet) -> RuleSet:
    from rules.settings import apply

    # bombs need four decks: smaller tables keep them off.
    changes = {k: v for k, v in HOUSE.items() if k != "bombs" or rules.decks >= 4}
    return apply(rules, changes)


def measure(
    decks: int, hands: int, seed: int, profile: bool = False, verify: bool = False
) -> DeckResult:
    return measure_rules(_with_house(preset(PRESET_FOR_DECKS[decks])), hands, seed, profile, verify)


def measure_rules(
    rules: RuleSet, hands: int, seed: int, profile: bool = False, verify: bool = False
) -> DeckResult:
    decks = rules.decks
    start = time.perf_counter()

    # Sampling phase: time single calls, and check every generated follow.
    probe = Probe()
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(min(SAMPLE_MAX, max(SAMPLE_MIN, int(hands * SAMPLE_SHARE)))):
        play_hand(rules, rng, probe)
    check_ns: list[int] = []
    by_kind: dict[str, list[int]] = {}
    illegal: list[str] = []
    for ctx, before, lead, follow in probe.follows:
        t0 = perf_ns()
        try:
            check_follow(ctx, before, lead, follow)
        except RuleError:
            _verify_follow(ctx, before, lead, follow, illegal)
        dt = perf_ns() - t0
        check_ns.append(dt)
        by_kind.setdefault(lead_kind(lead), []).append(dt)

    # Throughput phase: uninstrumented hands on one core.
    rng = random.Random(seed)

    checked: list[str] | None = [] if verify else None

    def loop() -> None:
        for _ in range(hands):
            play_hand(rules, rng, None, checked)

    prof = cProfile.Profile() if profile else None
    cpu_start = time.process_time()
    if prof is not None:
        prof.runcall(loop)
    else:
        loop()
    cpu = time.process_time() - cpu_start
    if prof is not None:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(20)
        print(f"\n--- cProfile of {hands} hands, {decks} deck(s) (sorted by tottime) ---")
        print(out.getvalue().rstrip())

    kinds = ("single", "tuple", "tractor", "throw")
    return DeckResult(
        decks=decks,
        preset=rules.name,
        hands=hands,
        hands_per_s=hands / cpu if cpu > 0 else float("inf"),
        check_us=_median_us(check_ns),
        check_p90_us=_p90_us(check_ns),
        gen_follow_us=_median_us(probe.gen_follow_ns),
        gen_lead_us=_median_us(probe.gen_lead_ns),
        check_by_kind={k: (len(by_kind[k]), _median_us(by_kind[k])) for k in kinds if k in by_kind},
        throws=(probe.throws_tried, probe.throws_failed),
        seconds=time.perf_counter() - start,
        illegal=illegal + (checked or []),
    )


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    first = True
    lines = []
    for row in (headers, *rows):
        cells = [
            (c.ljust(w) if i == 0 or (not first and i == 1) else c.rjust(w))
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if first:
            lines.append("  ".join("-" * w for w in widths))
        first = False
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--hands",
        type=int,
        default=None,
        help="hands per deck count in the throughput phase "
        f"(default {', '.join(f'{d}: {n}' for d, n in DEFAULT_HANDS.items())})",
    )
    ap.add_argument(
        "--seed", type=int, default=20240601, help="seed of the deals and of every random choice"
    )
    ap.add_argument("--decks", default="1,2,3,4", help="comma-separated deck counts (1..4)")
    ap.add_argument(
        "--friends",
        default=",".join(DEFAULT_FRIENDS_HANDS),
        help="comma-separated 找朋友 tables to measure too: friends-N or friends-NxD ('' for none)",
    )
    ap.add_argument("--profile", action="store_true", help="cProfile top-20 of the hands loop")
    ap.add_argument(
        "--verify", action="store_true", help="also check_lead/check_follow every play (slow)"
    )
    ap.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule (rules.settings) on every table, repeatable; bombs only at 4 decks",
    )
    args = ap.parse_args(argv)
    for item in args.rule:
        name, _, value = item.partition("=")
        HOUSE[name.strip()] = value.strip()
    try:
        _with_house(preset("four-decks"))
    except RuleSetError as exc:
        ap.error(f"--rule: {exc}")
    try:
        deck_list = [int(x) for x in args.decks.split(",") if x.strip()]
    except ValueError:
        ap.error("--decks takes numbers like 1,2,3,4")
    if any(d not in PRESET_FOR_DECKS for d in deck_list):
        ap.error("--decks must be among 1,2,3,4")
    friends = [x.strip() for x in args.friends.split(",") if x.strip()]
    try:
        friends_rules = [preset(f) for f in friends]
    except RuleSetError as exc:
        ap.error(f"--friends: {exc}")
    if any(r.friends is None for r in friends_rules):
        ap.error("--friends takes 找朋友 tables (friends-N, friends-NxD)")
    if args.hands is not None and args.hands < 1:
        ap.error("--hands must be ≥ 1")

    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"Machine: {platform.platform()}; {_cpu_name()}; {os.cpu_count()} logical CPUs")
    print(f"seed {args.seed}; single process, one core")
    sys.stdout.flush()

    results = []
    for d in deck_list:
        hands = args.hands if args.hands is not None else DEFAULT_HANDS[d]
        results.append(measure(d, hands, args.seed, args.profile, args.verify))
    for name, rules in zip(friends, friends_rules, strict=True):
        hands = args.hands if args.hands is not None else DEFAULT_FRIENDS_HANDS.get(name, 2_000)
        results.append(
            measure_rules(_with_house(rules), hands, args.seed, args.profile, args.verify)
        )

    rows = [
        [
            str(r.decks),
            r.preset,
            f"{r.check_us:.1f}",
            f"{r.check_p90_us:.1f}",
            f"{r.gen_follow_us:.1f}",
            f"{r.gen_lead_us:.1f}",
            f"{r.hands_per_s:,.0f}",
            f"{r.hands:,}",
            f"{r.seconds:.1f}",
        ]
        for r in results
    ]
    print()
    print(
        _table(
            [
                "decks",
                "preset",
                "check µs",
                "p90 µs",
                "gen follow µs",
                "gen lead µs",
                "hands/s",
                "hands",
                "s",
            ],
            rows,
        )
    )
    print()
    print("check_follow median µs by lead kind (samples):")
    kind_rows = []
    for r in results:
        cells = [str(r.decks)]
        for k in ("single", "tuple", "tractor", "throw"):
            n, us = r.check_by_kind.get(k, (0, float("nan")))
            cells.append(f"{us:.1f} ({n})")
        tried, failed = r.throws
        cells.append(f"{tried - failed}/{tried}")
        kind_rows.append(cells)
    print(_table(["decks", "single", "tuple", "tractor", "throw", "throws ok"], kind_rows))
    print()
    print(
        "check µs / p90 µs: check_follow over every follow of the sampled hands; gen follow µs:\n"
        "generate_follow with an rng; gen lead µs: a random single-unit lead (make_lead\n"
        "included); hands/s: complete hands per CPU second (deal, trump, bury, tricks,\n"
        "kitty, settle_hand); s: wall time of the row, sampling included."
    )
    if args.profile:
        print("(hands/s above were measured under cProfile and are not comparable)")
    bad = [x for r in results for x in r.illegal]
    if bad:
        print(f"\nENGINE BUG: generate_follow produced {len(bad)} follow(s) check_follow refuses:")
        for line in bad[:5]:
            print("  " + line)
        return 1
    return 0


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


if __name__ == "__main__":
    raise SystemExit(main())
