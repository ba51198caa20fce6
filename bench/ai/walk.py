"""How close the inference's deals come to the true deal: ``python -m bench.ai walk``.

A diagnostic that reads the true deal (bench only). Basic players play seeded deals;
at one seat's first play of every fourth trick the seat's view is handed to the
strong player's sampler and walk (``rules.ai.inference.Walk``) under each setting
``ERROR:WALK`` (``settle`` twice ``WALK``, as the strong player does; ``fresh``:
independent consistent deals, no inference), and for the first ``--samples`` deals
it yields the run prints, by trick:

* *placed*: the share of the hidden cards (the other hands and a kitty the seat did
  not bury) that the deal gives to their true holder;
* *unexplained*: the other seats' past plays the basic policy does not explain in
  the deal (the true deal: none — every other seat here is a basic player);
* *ms*: CPU milliseconds per deal, the walk included (the play-outs and this
  diagnostic's own counting are not).

A setting ``ERROR:WALK+carry`` walks as the strong player with ``carry_walk`` does: at
every play of the seat (not only the measured ones) the walk goes on from where it
stood at the seat's previous play, the plays since taken out
(``rules.ai.inference.carry``), and takes ``--samples`` deals.

Each setting's row is followed by the *per-seat share*: for every other seat with at
least ``LEAST`` judged plays at a measured decision, the share of them its deals
left unexplained on average (median, quartiles, tenth from the top). A last line gives
the same share in the true deal: how often that level departs from basic (0 for basic
players), against which the walk's shares can be read.

The other seats play exactly the model the walk assumes, so *placed* is what the
inference could learn from a perfectly modelled table, not from people;
``--others simple`` (or ``random``) seats another level there instead, to see how far
the deals stay from explaining players who are not basic (the true deal then leaves
their departures unexplained too).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.ai.play import Clock, pair_params, play_deal
from rules.actions import Action
from rules.ai.base import LEVELS, Player
from rules.ai.basic import BasicPlayer
from rules.ai.inference import Carried, History, Walk, carry
from rules.ai.sim import Sampler
from rules.ai.state import public_of, shown_cards
from rules.cards import counts_of
from rules.game import Match
from rules.presets import preset

TRICKS = (4, 8, 12, 16, 20)
LEAST = 8  # judged plays of a seat before its per-seat share is counted
TRUE = "true deal"  # (the per-seat shares' key for the true deal)


@dataclass(frozen=True)
class Setting:
    name: str
    error: float | None  # None: fresh deals
    walk: int = 0
    carry: bool = False  # walk on from the seat's previous play (``+carry``)


def parse_settings(text: str) -> list[Setting]:
    """``fresh,0.5:3,0.1:10`` → settings (``ERROR:WALK``)."""
    out: list[Setting] = []
    for part in text.split(","):
        part = part.strip()
        if part == "fresh":
            out.append(Setting("fresh", None))
            continue
        body, plus, extra = part.partition("+")
        if plus and extra != "carry":
            raise argparse.ArgumentTypeError(f"not ERROR:WALK[+carry]: {part!r}")
        error, _, walk = body.partition(":")
        e, w = float(error), int(walk or 3)
        if not 0.0 < e <= 1.0 or w < 1:
            raise argparse.ArgumentTypeError(f"not ERROR:WALK with 0 < ERROR ≤ 1: {part!r}")
        out.append(Setting(f"{e:g}:{w}" + ("+carry" if plus else ""), e, w, bool(plus)))
    return out


@dataclass
class Probe(BasicPlayer):
    """Plays as basic; at its first play of every fourth trick it measures the
    settings' deals against the true deal (``choose_seeing``: it is handed the match,
    as the oracle is)."""

    settings: Sequence[Setting] = ()
    samples: int = 20
    # (setting, trick) -> per decision (placed, unexplained, seconds per deal)
    rows: dict[tuple[str, int], list[tuple[float, float, float]]] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    carried: dict[str, Carried] = field(default_factory=dict)  # per +carry setting
    # setting -> per measured decision and other seat (≥ LEAST judged plays), the share
    # of its judged plays the deals left unexplained on average
    shares: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        BasicPlayer.__init__(self)

    def choose_seeing(self, match: Match, seat: int, rng: random.Random) -> Action | None:
        view = match.view_for(seat)
        if view.phase == "playing" and view.turn == seat:
            t = len(view.tricks) // 4 * 4
            if t in TRICKS and t not in self.done:
                self.done.add(t)
                self.measure(match, seat, t, random.Random(rng.getrandbits(64)))
            elif any(st.carry for st in self.settings):
                self.measure(match, seat, None, random.Random(rng.getrandbits(64)))
        return self.choose(view, rng)

    def measure(self, match: Match, seat: int, trick: int | None, rng: random.Random) -> None:
        """The settings' deals at this play, recorded under ``trick`` (None: only the
        carried walks go on, nothing is recorded)."""
        view = match.view_for(seat)
        assert view.hand is not None
        n = match.players
        true = [list(match.hand.hands[s]) for s in range(n)]
        true_kitty = counts_of(match.hand.buried)
        hand = counts_of(view.hand)
        pub = public_of(view)
        kitty = counts_of(view.buried) if seat == view.dealer and view.buried else None
        sampler = Sampler(pub, seat, hand, kitty, shown_cards(view))
        history = History(view, seat, pub)
        hidden = sum(sum(true[s]) for s in range(n) if s != seat)
        if kitty is None:
            hidden += sum(true_kitty)
        if not hidden:
            return  # (the hand's last trick, the others' cards all played: nothing to place)
        judged = [len(steps) for steps in history.steps]
        if trick is not None:
            self.shares.setdefault(TRUE, []).extend(
                history.seat_mismatches(s, true[s], true_kitty) / judged[s]
                for s in range(n)
                if judged[s] >= LEAST
            )
        for st in self.settings:
            if trick is None and not st.carry:
                continue
            placed, secs = 0.0, 0.0
            per_seat = [0] * n
            walk: Walk | None = None
            for _ in range(self.samples):
                t0 = time.process_time()  # the deal's own cost, not this diagnostic's
                if st.error is None:
                    hands, hk = sampler.sample(rng)
                    hands[seat] = list(hand)
                else:
                    if walk is None:
                        old = self.carried.get(st.name) if st.carry else None
                        start = carry(old, sampler, history, hand, rng)
                        walk = Walk(sampler, history, rng, hand, kitty, st.error, start)
                        walk.step(2 * st.walk)
                    else:
                        walk.step(st.walk)
                    hands, hk = walk.deal()
                secs += time.process_time() - t0
                if trick is None:
                    continue
                right = sum(
                    min(a, b)
                    for s in range(n)
                    if s != seat
                    for a, b in zip(hands[s], true[s], strict=True)
                )
                if kitty is None:
                    right += sum(min(a, b) for a, b in zip(hk, true_kitty, strict=True))
                placed += right / hidden
                for s in range(n):
                    per_seat[s] += history.seat_mismatches(
                        s, hands[s], kitty if kitty is not None else hk
                    )
            if walk is not None and st.carry:
                self.carried[st.name] = Carried(
                    history.key(hand), history.plays, walk.holding_now()
                )
            if trick is None:
                continue
            unexplained = sum(per_seat)
            row = (placed / self.samples, unexplained / self.samples, secs / self.samples)
            self.rows.setdefault((st.name, trick), []).append(row)
            self.shares.setdefault(st.name, []).extend(
                per_seat[s] / (judged[s] * self.samples) for s in range(n) if judged[s] >= LEAST
            )


def run(
    name: str,
    seed: str,
    deals: int,
    settings: Sequence[Setting],
    samples: int,
    others: str = "basic",
) -> Probe:
    rules = preset(name)
    probe = Probe(settings=settings, samples=samples)
    for d in range(deals):
        deal, level, dealer = pair_params(rules, seed, d)
        probe.done = set()
        probe.carried = {}
        players: list[Player] = [probe, *(LEVELS[others]() for _ in range(rules.players - 1))]
        play_deal(
            rules, deal, level, dealer, players, ["A"] * rules.players, random.Random(d), Clock()
        )
    return probe


def report(probe: Probe, settings: Sequence[Setting]) -> str:
    lines = [f"{'setting':>9}  " + "  ".join(f"{'trick ' + str(t):>23}" for t in TRICKS)]
    lines.append(f"{'':>9}  " + "  ".join(f"{'placed unexpl.   ms':>23}" for _ in TRICKS))
    for st in settings:
        cells = []
        for t in TRICKS:
            got = probe.rows.get((st.name, t), [])
            if not got:
                cells.append(f"{'—':>23}")
                continue
            p = statistics.mean(r[0] for r in got)
            u = statistics.mean(r[1] for r in got)
            ms = 1000 * statistics.mean(r[2] for r in got)
            cells.append(f"{100 * p:5.1f} % {u:6.1f} {ms:6.1f}")
        lines.append(f"{st.name:>9}  " + "  ".join(cells))
        lines += _share_line("", probe.shares.get(st.name, []))
    lines += _share_line(TRUE, probe.shares.get(TRUE, []))
    counts = {t: len(probe.rows.get((settings[0].name, t), [])) for t in TRICKS}
    lines.append("decisions per trick: " + ", ".join(f"{t}: {k}" for t, k in counts.items()))
    return "\n".join(lines)


def _share_line(name: str, shares: Sequence[float]) -> list[str]:
    """The per-seat shares' summary line (none without shares)."""
    if not shares:
        return []
    got, k = sorted(shares), len(shares)
    return [
        f"{name:>9}  per-seat share unexplained ({k} seats with ≥ {LEAST} judged plays): "
        f"median {statistics.median(got):.2f}, quartiles "
        f"{got[k // 4]:.2f} – {got[3 * k // 4]:.2f}, a tenth above {got[9 * k // 10]:.2f}"
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai walk", description=(__doc__ or "").split("\n")[0]
    )
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", default="walk")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--samples", type=int, default=20, help="deals per setting and decision")
    ap.add_argument(
        "--settings",
        type=parse_settings,
        default=parse_settings("fresh,0.5:3,0.1:10"),
        help="comma-separated ERROR:WALK (model error, proposals between deals), "
        "ERROR:WALK+carry (the walk goes on from the seat's previous play) or fresh",
    )
    ap.add_argument(
        "--others",
        choices=sorted(k for k in LEVELS if k != "strong"),
        default="basic",
        help="the level of every other seat (the walk takes them for basic players)",
    )
    args = ap.parse_args(argv)
    probe = run(args.preset, args.seed, args.deals, args.settings, args.samples, args.others)
    print(
        f"the inference's deals against the true deal: preset {args.preset}, seed "
        f"{args.seed!r}, {args.deals} deals, {args.samples} deals per setting and decision, "
        f"{args.others} players in the other seats (reads the true deal: a diagnostic)"
    )
    print(report(probe, args.settings))
    return 0
