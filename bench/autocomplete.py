"""Worst-case time of the /play autocomplete (``rules.options`` + ``bot.discord_app.autocomplete``).

Run ``python -m bench.autocomplete`` (``--help`` for options). The slow case is a
follow: a standing trump throw with pairs and tractors against a long trump holding
full of pairs, where ``legal_follows`` has thousands of combinations to try. The
bench draws ``--cases`` such situations per deck count (seeded: the same cases every
run): a trump lead of 6–10 cards built from 1–4 pairs or tractors plus singles,
against 12–18 trumps with many pairs. For each case it times

* ``legal_follows`` without a budget (limit 400, what the autocomplete used to call);
* ``rules.options.play_options`` (its ``legal_follows`` stops at the node budget);
* the whole autocomplete answer: ``bot.discord_app.autocomplete.play_options`` + ``choices``;
* the autocomplete answer for a leader holding a random full hand;

and prints the median and the worst of each (ms, wall clock: this is a latency),
and the share of cases whose options list every legal follow (up to 25) despite
the budget.
The autocomplete target is ≤ 200 ms in the worst case (Discord drops an answer that
takes 3 s). Every option offered is checked with ``is_legal_follow``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Sequence

from bot.discord_app.autocomplete import choices
from bot.discord_app.autocomplete import play_options as autocomplete_options
from rules.cards import ALL_CARDS, Card, counts_of
from rules.game import Match
from rules.notation import format_cards
from rules.options import FOLLOW_NODE_BUDGET, play_options
from rules.play import Lead, is_legal_follow, legal_follows, make_lead
from rules.presets import preset
from rules.scripted import deal_and_declare
from rules.trump import TRUMP, TrumpContext
from rules.views import View

PRESET_FOR_DECKS = {1: "one-deck", 2: "classic", 3: "three-decks", 4: "four-decks"}
TARGET_MS = 200.0


def base_view(preset_name: str) -> View:
    """A real follower's view in the playing phase (its hand and trick replaced per case)."""
    m = Match(preset(preset_name), f"bench-autocomplete/{preset_name}")
    deal_and_declare(m)
    if m.phase == "burying":
        dealer = m.hand.dealer
        assert dealer is not None
        suggestion = m.suggest(dealer)
        assert suggestion is not None
        m.apply(suggestion)
    leader = m.hand.turn
    assert leader is not None
    return m.view_for((leader + 1) % 4)


def draw_case(ctx: TrumpContext, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """(lead, follower's trumps): the lead's tuples come from the top of trump."""
    decks = ctx.rules.decks
    trumps = list(ctx.suit_cards[TRUMP])  # weakest first
    left = counts_of(c for c in trumps for _ in range(decks))
    lead: list[Card] = []
    width = 2 if decks < 3 else rng.choice([2, 2, 3])
    top = len(trumps) - 1
    for _ in range(rng.randint(1, 4)):  # pairs or tractors, strongest first
        length = rng.choice([1, 1, 2])
        for _ in range(length):
            c = trumps[top]
            top -= 1
            if left[c] >= width and len(lead) + width <= 10:
                lead += [ALL_CARDS[c]] * width
                left[c] -= width
    while len(lead) < rng.randint(6, 10):  # singles below them
        c = trumps[top]
        top -= 1
        if left[c]:
            lead.append(ALL_CARDS[c])
            left[c] -= 1
    rest = [c for c in trumps[: top + 1] for _ in range(left[c])]
    follower: list[Card] = []
    want = rng.randint(12, 18)
    pairs = [c for c in dict.fromkeys(rest) if left[c] >= 2]
    rng.shuffle(pairs)
    for c in pairs[: rng.randint(4, 8)]:
        if len(follower) + 2 <= want:
            follower += [ALL_CARDS[c]] * 2
            left[c] -= 2
    singles = [c for c in rest if left[c]]
    rng.shuffle(singles)
    for c in singles:
        if len(follower) >= want:
            break
        if left[c]:
            follower.append(ALL_CARDS[c])
            left[c] -= 1
    return lead, follower


def _ms(f: object) -> tuple[float, object]:
    t = time.perf_counter()
    out = f()  # type: ignore[operator]
    return (time.perf_counter() - t) * 1000, out


def run(decks: int, cases: int, seed: int) -> dict[str, object]:
    view0 = base_view(PRESET_FOR_DECKS[decks])
    ctx = view0.context
    seat = view0.seat
    assert seat is not None
    leader = (seat - 1) % 4
    rng = random.Random(seed * 10 + decks)
    full: list[float] = []
    opts: list[float] = []
    answer: list[float] = []
    leads: list[float] = []
    complete: list[bool] = []
    worst_case = ""
    worst_full = -1.0
    for _ in range(cases):
        lead_cards, follower = draw_case(ctx, rng)
        lead: Lead = make_lead(ctx, lead_cards)
        # Keep the rest of the real hand's plain cards, so the view stays plausible.
        plain = [c for c in view0.hand or () if ctx.suit_of[c] != TRUMP]
        hand = tuple(ctx.sort_cards([*follower, *plain[: max(0, 25 - len(follower))]]))
        view = dataclasses.replace(
            view0, hand=hand, current=((leader, tuple(lead_cards)),), turn=seat, tricks=()
        )
        counts = counts_of(hand)
        t_full, found = _ms(lambda: legal_follows(ctx, counts, lead, limit=400))  # noqa: B023
        t_opts, got = _ms(lambda: play_options(view, 25))  # noqa: B023
        t_answer, _ = _ms(lambda: choices(autocomplete_options(view), "", "en"))  # noqa: B023
        for o in got:  # type: ignore[attr-defined]
            assert is_legal_follow(ctx, counts, lead, [int(c) for c in o.cards]), o
        # A lead from a random full hand: throws judged against the unseen cards.
        deck = [c for c in ALL_CARDS for _ in range(decks)]
        rng.shuffle(deck)
        lead_view = dataclasses.replace(
            view0,
            seat=leader,
            turn=leader,
            hand=tuple(ctx.sort_cards(deck[: view0.rules.hand_size])),
            current=(),
            tricks=(),
            buried=None,
        )
        t_lead, _ = _ms(lambda: choices(autocomplete_options(lead_view), "", "en"))  # noqa: B023
        leads.append(t_lead)
        full.append(t_full)
        # Did the budgeted options list as many follows as there are (up to 25)?
        if len(found) < 400:  # type: ignore[arg-type]
            complete.append(len(got) >= min(25, len(found)))  # type: ignore[arg-type]
        opts.append(t_opts)
        answer.append(t_answer)
        if t_full > worst_full:
            worst_full = t_full
            n_found = len(found)  # type: ignore[arg-type]
            worst_case = (
                f"lead {format_cards(lead_cards)} vs {format_cards(ctx.sort_cards(follower))}"
                f" ({n_found} follows found)"
            )
    return {
        "decks": decks,
        "full": full,
        "opts": opts,
        "answer": answer,
        "leads": leads,
        "complete": complete,
        "worst_case": worst_case,
    }


def _fmt(xs: Sequence[float]) -> str:
    return f"{statistics.median(xs):.1f} / {max(xs):.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.autocomplete", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--cases", type=int, default=300, help="situations per deck count")
    ap.add_argument("--decks", default="1,2,3,4", help="comma-separated deck counts (1..4)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"node budget {FOLLOW_NODE_BUDGET}; {args.cases} cases per deck count; ms median / worst")
    print(
        "| decks | follow: legal_follows, no budget | follow: rules.options.play_options"
        " | follow: autocomplete answer | lead: autocomplete answer | full follow lists |"
    )
    print("|---|---|---|---|---|---|")
    worst_answer = 0.0
    notes = []
    for d in (int(x) for x in args.decks.split(",")):
        r = run(d, args.cases, args.seed)
        full, opts, answer, leads = r["full"], r["opts"], r["answer"], r["leads"]
        assert isinstance(full, list) and isinstance(opts, list)
        assert isinstance(answer, list) and isinstance(leads, list)
        done = r["complete"]
        assert isinstance(done, list)
        share = f"{100 * sum(done) / max(1, len(done)):.0f} %"
        print(f"| {d} | {_fmt(full)} | {_fmt(opts)} | {_fmt(answer)} | {_fmt(leads)} | {share} |")
        worst_answer = max(worst_answer, *answer, *leads)
        notes.append(f"  {d} decks, slowest unbudgeted case: {r['worst_case']}")
    print("\n".join(notes))
    verdict = "met" if worst_answer <= TARGET_MS else "MISSED"
    print(
        f"worst autocomplete answer {worst_answer:.1f} ms (target ≤ {TARGET_MS:.0f} ms): {verdict}"
    )
    return 0 if worst_answer <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
