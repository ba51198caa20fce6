"""Each house rule that changes play: ``python -m bench.ai rules [--pairs N] [--only NAME …]``.

For every variant in ``VARIANTS`` (a preset with some settings changed) it plays two
match-ups on duplicate deals with ``match``'s machinery (``match.run_pairs``): strong
against basic and basic against random, and prints one table: each match-up's hands won
(95 % paired-bootstrap interval) and how often each level used the rule, per 100 hands,
counted from the hand's public events (``Usage``), never from the AI's own bookkeeping:

* bombs: follows of four or more identical cards on a lead that is not one itself
  (``rules.play.is_bomb``), how many on tricks holding points, off the led suit (and
  not trump), and how many took the trick; counted with bombs off too, where such a
  follow is an ordinary one (the control);
* throws: multi-unit leads attempted, how many failed (``ThrowFailed``);
* tractors: leads holding a tractor (what the tractor's minimum length / width moves);
* steals (炒地皮): kitties stolen (``KittyStolen``), of the steal turns where the seat
  held a legal steal (and of all its steal turns);
* kitty: the points the attackers took from the kitty (× multiplier), by who buried it;
* calls (找朋友): called cards that are trump or point cards, and wasted calls.

A variant's deals depend only on the seed and its base preset, so every variant of one
base is played on the same deals as the base itself. Basic against random is exactly
reproducible from ``--seed``; strong under ``--budget-ms`` is not (its samples depend on
the machine's speed); ``--samples`` makes it so.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.ai.match import run_pairs
from bench.ai.records import Config, PairResult
from bench.ai.stats import summarise, timing
from rules.cards import POINTS
from rules.events import (
    Event,
    FriendJoined,
    FriendsCalled,
    KittyStolen,
    Played,
    StealTurn,
    ThrowFailed,
    TrickWon,
)
from rules.game import Match
from rules.play import is_bomb, make_lead
from rules.presets import preset
from rules.ruleset import RuleSet
from rules.ruleset_parts import DeclarationRules, FriendRules
from rules.trump import TRUMP


@dataclass(frozen=True)
class Variant:
    """A named table: ``base`` preset with ``changes`` (RuleSet fields); ``shows`` names
    the usage figures that speak to it (``METRICS``)."""

    name: str
    base: str
    changes: dict[str, Any] = field(default_factory=dict)
    shows: tuple[str, ...] = ("throws",)

    def rules(self) -> RuleSet:
        # The base's name is kept: only settings differ, and a name preset() knows.
        return dataclasses.replace(preset(self.base), **self.changes).validate()


_FOLLOWS = ("throws", "tractors")
_JOKERLESS = DeclarationRules(forms=("L1", "L2"))  # no jokers: no joker declarations
# Bombs need four decks, so they sit on four-decks; the follow protections and tractor
# width on three-decks, where triples make every protection bite; the rest on classic;
# must_defend needs must-play ranks (tournament); the call policies on friends-6.
VARIANTS: tuple[Variant, ...] = (
    Variant("classic", "classic", {}, ("throws", "tractors", "kitty")),
    Variant("four-decks", "four-decks", {}, ("bombs", "throws")),
    Variant("bombs any-suit", "four-decks", {"bombs": "any-suit"}, ("bombs", "throws")),
    Variant("bombs following-suit", "four-decks", {"bombs": "following-suit"}, ("bombs",)),
    Variant(
        "bombs any-suit, trump-first",
        "four-decks",
        {"bombs": "any-suit", "bomb_order": "trump-first"},
        ("bombs",),
    ),
    Variant("throw_beating all", "classic", {"throw_beating": "all"}),
    Variant("throw_beating highest", "classic", {"throw_beating": "highest"}),
    Variant("throw_beating unit-length", "classic", {"throw_beating": "unit-length"}),
    Variant("throws forbidden", "classic", {"throws": "forbidden"}, _FOLLOWS),
    Variant("penalty per-card", "classic", {"penalty_mode": "per-card"}),
    Variant("three-decks", "three-decks", {}, _FOLLOWS),
    *(
        Variant(f"follow_protection {p}", "three-decks", {"follow_protection": p}, _FOLLOWS)
        for p in ("longer-tuples", "tractor-on-tractor", "both", "suit-only")
    ),
    Variant(
        "follow_protection longer-tuples-strict",
        "three-decks",
        {"follow_protection": "longer-tuples-strict"},
        _FOLLOWS,
    ),
    Variant("tractor_min_length 3", "classic", {"tractor_min_length": 3}, _FOLLOWS),
    Variant("tractor_min_width 3", "three-decks", {"tractor_min_width": 3}, _FOLLOWS),
    Variant("kitty_theft on", "classic", {"kitty_theft": "on"}, ("steals", "kitty")),
    *(
        Variant(f"kitty multiplier {s}", "classic", {"kitty_scheme": s}, ("kitty",))
        for s in ("seed-003", "tournament", "linear")
    ),
    Variant("kitty_cap 4", "classic", {"kitty_cap": 4}, ("kitty",)),
    Variant("tournament", "tournament", {}, ("kitty",)),
    Variant("must_defend", "tournament", {"must_defend": True}, ("kitty",)),
    Variant(
        "short deck from 5",
        "classic",
        {"lowest_rank": 5, "levels": tuple(range(5, 15))},
        _FOLLOWS,
    ),
    Variant("short deck, no jokers", "classic", {"jokers": False, "declaration": _JOKERLESS}),
    Variant("friends-6", "friends-6", {}, ("calls",)),
    *(
        Variant(f"call policy {p}", "friends-6", {"friends": FriendRules(policy=p)}, ("calls",))
        for p in ("trumps-allowed", "no-top-card", "no-point-card")
    ),
)
VARIANT_NAMES = tuple(v.name for v in VARIANTS)
MATCHUPS = (("strong", "basic"), ("basic", "random"))


class Usage:
    """One hand's use of the house rules by label ("A"/"B"), from its public events;
    ``match.play_pair`` builds one per hand (a ``match.Tally``)."""

    def __init__(self, rules: RuleSet, labels: Sequence[str]) -> None:
        self.labels = labels
        self.c: Counter[str] = Counter()
        self.failed = False  # a ThrowFailed: the Played that follows is its forced unit
        self.lead: tuple[int, ...] = ()
        self.bombs: list[tuple[int, bool]] = []  # this trick's bombs: (seat, off-suit)

    def _add(self, seat: int, what: str, k: int = 1) -> None:
        self.c[f"{self.labels[seat]}:{what}"] += k

    def see(self, match: Match, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, StealTurn):
                self._add(e.seat, "steal_turns")
                if match.steal_turn == e.seat and match.declaration_options(e.seat):
                    self._add(e.seat, "steal_chances")
            elif isinstance(e, KittyStolen):
                self._add(e.seat, "steals")
            elif isinstance(e, FriendsCalled):
                ctx = match.context
                for call in e.calls:
                    self._add(e.seat, "calls")
                    self._add(e.seat, "trump_calls", ctx.is_trump(call.card))
                    self._add(e.seat, "point_calls", POINTS[call.card] > 0)
            elif isinstance(e, FriendJoined) and e.wasted and match.dealer is not None:
                self._add(match.dealer, "wasted_calls")
            elif isinstance(e, ThrowFailed):
                self._add(e.seat, "throws")
                self._add(e.seat, "throws_failed")
                self.failed = True
            elif isinstance(e, Played):
                self._played(match, e)
            elif isinstance(e, TrickWon):
                for seat, off in self.bombs:
                    self._add(seat, "bombs")
                    self._add(seat, "bombs_on_points", e.points > 0)
                    self._add(seat, "bombs_off_suit", off)
                    self._add(seat, "bombs_won", e.seat == seat)
                self.bombs, self.lead = [], ()

    def _played(self, match: Match, e: Played) -> None:
        ctx = match.context
        if not self.lead:
            self.lead = e.cards
            if not self.failed:
                lead = make_lead(ctx, e.cards)
                self._add(e.seat, "throws", lead.is_throw)
                self._add(e.seat, "tractors", any(u.is_tractor for u in lead.units))
            self.failed = False
        elif is_bomb(e.cards) and not is_bomb(self.lead):
            s, led = ctx.suit_of[e.cards[0]], ctx.suit_of[self.lead[0]]
            self.bombs.append((e.seat, s not in (led, TRUMP)))

    def counts(self) -> dict[str, int]:
        return {k: v for k, v in self.c.items() if v}


# usage figure -> (counts it reads, how the row prints them per 100 hands)
METRICS: dict[str, tuple[str, ...]] = {
    "bombs": ("bombs", "bombs_on_points", "bombs_off_suit", "bombs_won"),
    "throws": ("throws", "throws_failed"),
    "tractors": ("tractors",),
    "steals": ("steals", "steal_chances", "steal_turns"),
    "kitty": ("kitty_points",),
    "calls": ("calls", "trump_calls", "point_calls", "wasted_calls"),
}
WORDS = {
    "bombs": "bombs {} ({} on points, {} off-suit, {} won)",
    "throws": "throws {} ({} failed)",
    "tractors": "tractor leads {}",
    "steals": "steals {} of {} chances ({} turns)",
    "kitty": "kitty points lost {}",
    "calls": "calls {}: {} trump, {} point cards, {} wasted",
}


def play_variant(
    v: Variant, a: str, b: str, pairs: int, args: argparse.Namespace
) -> dict[str, Any]:
    """One match-up under a variant: hands won and the usage per label."""
    cfg = Config(a, b, args.seed, v.base, args.budget_ms, args.samples, args.cpu_clock)
    t0 = time.time()
    results = run_pairs(cfg, pairs, args.jobs, None, v.rules(), Usage)
    stats = summarise(results, args.seed, reps=1000)
    return {
        "a": a,
        "b": b,
        "pairs": pairs,
        "hands": 2 * pairs,
        "hands_won": stats["all"]["hands_won"],
        "usage": usage_totals(results),
        # decision times and strong's samples a play by label: a search starved of
        # samples plays basic's choice
        "timing": timing(results),
        "seconds": round(time.time() - t0, 1),
    }


def usage_totals(results: Sequence[PairResult]) -> dict[str, int]:
    """Every count summed over the pairs, with the kitty's points by burier."""
    total: Counter[str] = Counter()
    for r in results:
        total.update(r.usage)
        for h in r.hands:
            total[f"{h.buried_by}:kitty_points"] += h.kitty_lost
    return dict(sorted(total.items()))


def usage_text(v: Variant, run: dict[str, Any], label: str) -> str:
    """What ``label`` did under the variant, per 100 hands."""
    per = 100 / run["hands"]
    parts = []
    for what in v.shows:
        nums = [run["usage"].get(f"{label}:{k}", 0) * per for k in METRICS[what]]
        parts.append(WORDS[what].format(*(f"{x:.1f}" for x in nums)))
    return "; ".join(parts)


def won_text(run: dict[str, Any]) -> str:
    hw = run["hands_won"]
    lo, hi = hw["ci95"]
    return f"{100 * hw['value']:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


def table(rows: Sequence[tuple[Variant, list[dict[str, Any]]]]) -> str:
    """The markdown table: a row per variant, both match-ups and each level's usage."""
    head = (
        "| variant | strong vs basic: hands won | basic vs random: hands won | "
        "usage per 100 hands: strong · basic (vs strong) | basic · random (vs basic) |"
    )
    lines = [head, "|---|---|---|---|---|"]
    for v, runs in rows:
        cells = [v.name]
        by = {(r["a"], r["b"]): r for r in runs}
        for mu in MATCHUPS:
            cells.append(won_text(by[mu]) if mu in by else "—")
        for mu in MATCHUPS:
            r = by.get(mu)
            cells.append("—" if r is None else f"{usage_text(v, r, 'A')} · {usage_text(v, r, 'B')}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai rules", description=(__doc__ or "").split("\n")[0]
    )
    ap.add_argument("--pairs", type=int, default=20, help="deals per variant and match-up")
    ap.add_argument(
        "--strong-pairs", type=int, default=None, help="strong vs basic's pairs (default --pairs)"
    )
    ap.add_argument("--seed", default="0", help="seed of the deals and the players' rngs")
    ap.add_argument("--budget-ms", type=float, default=40, help="strong player's time budget")
    ap.add_argument("--samples", type=int, default=None, help="strong's samples (reproducible)")
    ap.add_argument("--cpu-clock", action="store_true", help="strong's budget in CPU time")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="these variants (see --list)")
    ap.add_argument("--no-strong", action="store_true", help="basic vs random only")
    ap.add_argument("--list", action="store_true", help="print the variants and exit")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--json", default=None, help="also write every figure to this file")
    args = ap.parse_args(argv)
    if args.list:
        for v in VARIANTS:
            print(f"{v.name:<40} {v.base:<12} {v.changes}")
        return 0
    unknown = sorted(set(args.only or ()) - set(VARIANT_NAMES))
    if unknown:
        ap.error(f"unknown variants {unknown}; see --list")
    chosen = [v for v in VARIANTS if not args.only or v.name in args.only]
    matchups = MATCHUPS[1:] if args.no_strong else MATCHUPS
    rows: list[tuple[Variant, list[dict[str, Any]]]] = []
    t0 = time.time()
    for v in chosen:
        runs = []
        for a, b in matchups:
            pairs = args.strong_pairs if a == "strong" and args.strong_pairs else args.pairs
            runs.append(play_variant(v, a, b, pairs, args))
            print(
                f"  {v.name}: {a} vs {b} {won_text(runs[-1])} ({time.time() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
        rows.append((v, runs))
    budget = f"{args.budget_ms:g} ms" + (" of CPU" if args.cpu_clock else "")
    print(f"seed {args.seed!r}, strong at {budget}, {time.time() - t0:.0f} s")
    print(table(rows))
    if args.json:
        out = {
            "seed": args.seed,
            "budget_ms": args.budget_ms,
            "cpu_clock": args.cpu_clock,
            "samples": args.samples,
            "variants": [
                {"name": v.name, "base": v.base, "changes": repr(v.changes), "runs": runs}
                for v, runs in rows
            ],
        }
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    return 0
