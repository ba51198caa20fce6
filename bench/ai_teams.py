"""Where the teams' clues (``rules.ai.teams.RATIOS``) come from, repeatable:
``python -m bench.ai_teams --preset friends-8 --games 60``.

It plays games of the basic player at every seat of a 找朋友 preset and, for every
play by a seat whose side is not known yet while calls are pending (its own plays of
called cards left out: those settle calls), notes what the play was — a lead; or a
follow onto a trick the dealer's side is winning or not, with points or without,
beating the trick so far or not — and whether the seat held a copy of a pending call
then. It prints, per kind of play, how often each group made it and the likelihood
ratio P(kind | holds a copy) ÷ P(kind | holds none) next to the one the player uses.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence

from rules.actions import DealCards, Play
from rules.ai.basic import BasicPlayer
from rules.ai.state import public_of
from rules.ai.teams import LEAD_RATIO, RATIOS
from rules.cards import POINTS
from rules.game import Match
from rules.presets import FRIENDS_PRESETS
from rules.views import View

Kind = tuple[bool, bool, bool] | None  # RATIOS' key; None: a lead


def count(name: str, games: int, seed: str = "teams") -> Counter[tuple[Kind, bool]]:
    """(kind of play, held a pending copy) -> plays, over ``games`` hands of basic play."""
    rules = FRIENDS_PRESETS[name]
    basic = BasicPlayer()
    tab: Counter[tuple[Kind, bool]] = Counter()
    for g in range(games):
        rng = random.Random(f"{seed}/{name}/{g}")
        m = Match(rules, f"{seed}/{name}/{g}", first_dealer=rng.randrange(rules.players))
        m.apply(DealCards(10_000))
        while m.phase not in ("scored", "finished"):
            if m.phase == "dealing":  # (nobody declared: dealt again)
                m.apply(DealCards(10_000))
                continue
            for s in range(rules.players):
                v = m.view_for(s)
                a = basic.choose(v, rng)
                if a is None:
                    continue
                if isinstance(a, Play) and v.phase == "playing" and v.on_dealer_team(s) is None:
                    pending = {int(c.call.card) for c in v.friend_calls if c.joined is None}
                    cards = [int(c) for c in a.cards]
                    if pending and s != v.dealer and not pending & set(cards):
                        holder = any(int(c) in pending for c in v.hand or ())
                        tab[(kind_of(v, s, cards), holder)] += 1
                m.apply(a)
                break
    return tab


def kind_of(view: View, seat: int, cards: Sequence[int]) -> Kind:
    """The kind of ``seat``'s play ``cards`` in ``view`` (before it is made)."""
    if not view.current:
        return None
    pub = public_of(view)
    w = pub.winner()
    friend_wins = bool(view.on_dealer_team(w))
    pub.record(seat, cards)
    return (friend_wins, any(POINTS[c] for c in cards), pub.winner() == seat)


def ratio(tab: Counter[tuple[Kind, bool]], kind: Kind) -> float:
    """P(kind | holds a copy) ÷ P(kind | holds none), with half a play added to each
    count (no division by zero for a kind one group never made)."""
    held = sum(v for (_, h), v in tab.items() if h)
    not_held = sum(v for (_, h), v in tab.items() if not h)
    return ((tab[(kind, True)] + 0.5) / held) / ((tab[(kind, False)] + 0.5) / not_held)


def describe(kind: Kind) -> str:
    if kind is None:
        return "lead"
    friend_wins, fed, beats = kind
    side = "dealer's side winning" if friend_wins else "unknown seat winning"
    return f"follow, {side}, {'points' if fed else 'no points'}, {'beats' if beats else 'under'}"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.ai_teams",
        description="Count the teams' clues in games of the basic player.",
    )
    ap.add_argument("--preset", default="friends-8", help="a 找朋友 preset (friends-N)")
    ap.add_argument("--games", type=int, default=60, help="hands to play")
    ap.add_argument("--seed", default="teams")
    args = ap.parse_args(argv)
    if args.preset not in FRIENDS_PRESETS:
        ap.error(f"not a 找朋友 preset: {args.preset} (one of {', '.join(FRIENDS_PRESETS)})")
    if args.games < 1:
        ap.error("--games must be at least 1")
    tab = count(args.preset, args.games, args.seed)
    kinds: list[Kind] = [None, *RATIOS]
    print(f"{args.preset}, {args.games} hands of basic play, seed {args.seed!r}")
    print(f"  {'play':52s} {'holder':>7s} {'none':>6s} {'ratio':>6s} {'used':>5s}")
    for k in kinds:
        used = LEAD_RATIO if k is None else RATIOS[k]
        print(
            f"  {describe(k):52s} {tab[(k, True)]:7d} {tab[(k, False)]:6d}"
            f" {ratio(tab, k):6.2f} {used:5.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
