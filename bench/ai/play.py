"""How ``bench.ai`` plays a hand, and what its runs' command lines share.

A deal's parameters come from the run's seed (``pair_params``); ``play_deal`` plays one
hand of it as ``Match(rules, seed, levels=(r, …), first_dealer=d)`` — dealt four cards
at a time, every seat asked to declare after each step, then the window, the kitty and
the play — asking each seat's player and timing its decisions (``Clock``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence

from bench.ai.players import ORACLES, SeesAll, strong_kwargs
from bench.ai.records import Config
from bench.ai.voids import VoidLeads
from rules.actions import Action, DealCards, Pass
from rules.ai.base import LEVELS, Player
from rules.events import Event
from rules.game import Match
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError

DEAL_STEP = 4  # cards dealt between declaration rounds
PLAYERS = [*sorted(LEVELS), "oracle"]
# Sees every action's events with the match just after it (``rules`` counts the house
# rules' use from them); a watcher reads, it never acts.
Watch = Callable[[Match, Sequence[Event]], None]


def pair_params(rules: RuleSet, seed: str, pair: int) -> tuple[str, int, int]:
    """(deal seed, level rank, dealer seat) of a deal: a pure function of the seed. The
    rank is drawn from 2..J in the classic preset, so a gain of up to 3 levels is never
    cut short by A."""
    rnd = random.Random(f"{seed}/pair/{pair}")
    levels = rules.levels[:-3] if len(rules.levels) > 3 else rules.levels
    return f"{seed}/deal/{pair}", rnd.choice(levels), rnd.randrange(rules.players)


class Clock:
    """Times each player's decisions (card plays, burials and friend calls), in wall
    time or, with ``cpu`` (``--cpu-clock``), in the process's CPU time."""

    def __init__(self, cpu: bool = False) -> None:
        self.now = time.process_time if cpu else time.perf_counter
        self.times: dict[str, list[float]] = {}
        self.samples: dict[str, list[int]] = {}

    def ask(
        self, label: str, player: Player, match: Match, seat: int, rng: random.Random
    ) -> Action | None:
        view = match.view_for(seat)
        timed = view.phase in ("playing", "burying", "calling")
        t0 = self.now()
        if isinstance(player, SeesAll):
            action = player.choose_seeing(match, seat, rng)  # cheats: reads every hand
        else:
            action = player.choose(view, rng)
        if timed:
            self.times.setdefault(label, []).append(self.now() - t0)
            n = getattr(player, "last_samples", None)
            if isinstance(n, int) and view.phase == "playing" and n > 0:
                self.samples.setdefault(label, []).append(n)
        return action


def play_deal(
    rules: RuleSet,
    deal_seed: str,
    level: int,
    dealer: int,
    players: Sequence[Player],
    labels: Sequence[str],
    rng: random.Random,
    clock: Clock,
    void_leads: VoidLeads | None = None,
    watch: Watch | None = None,
) -> Match:
    """Play one hand to its end; every action the players choose must be legal."""
    n = rules.players
    slots = n if rules.friends is not None else 2
    m = Match(rules, deal_seed, levels=(level,) * slots, first_dealer=dealer)

    def apply(action: Action) -> None:
        events = m.apply(action)
        if watch is not None:
            watch(m, events)

    order = [(dealer + k) % n for k in range(n)]
    steps = 0
    while m.phase not in ("scored", "finished"):
        steps += 1
        if steps > 10_000:
            raise RuntimeError("the hand does not end")
        if m.phase == "dealing":
            apply(DealCards(DEAL_STEP))
            for s in order:
                if m.phase != "dealing":
                    break  # the window below asks everyone
                a = clock.ask(labels[s], players[s], m, s, rng)
                if a is not None:
                    apply(a)
            continue
        if m.phase == "declaring":
            for s in order:
                if m.phase != "declaring":
                    break
                if s in m.hand.passes:
                    continue
                a = clock.ask(labels[s], players[s], m, s, rng)
                apply(a if a is not None else Pass(s))
            continue
        if m.phase == "stealing":
            # 炒地皮 (``kitty_theft``): the seat whose turn it is steals or passes.
            t = m.steal_turn
            assert t is not None
            a = clock.ask(labels[t], players[t], m, t, rng)
            apply(a if a is not None else Pass(t))
            continue
        if m.phase in ("burying", "calling"):
            # a thief buries the kitty it stole; the dealer calls (and buries otherwise)
            d = m.burier if m.phase == "burying" and m.burier is not None else m.dealer
            assert d is not None
            a = clock.ask(labels[d], players[d], m, d, rng)
            if a is None:
                raise RuntimeError(f"{labels[d]} did not {m.phase[:-3]}")
            apply(a)
            continue
        if m.phase == "playing":
            t = m.turn
            assert t is not None
            a = clock.ask(labels[t], players[t], m, t, rng)
            if a is None:
                raise RuntimeError(f"{labels[t]} did not play")
            if void_leads is not None:
                void_leads.before(m.view_for(t), labels[t], a)
            apply(a)
            if void_leads is not None and void_leads.pending:
                void_leads.after(m.view_for(None).tricks)
            continue
        raise RuntimeError(f"unexpected phase {m.phase}")
    return m


# ---- what the command lines of match and lone share ------------------------------------


def add_run_args(ap: argparse.ArgumentParser, preset_default: str) -> None:
    """The deals', the strong player's and the output's options."""
    ap.add_argument("--preset", default=preset_default)
    ap.add_argument("--seed", default="0", help="seed of the deals and the players' rngs")
    ap.add_argument("--budget-ms", type=float, default=None, help="strong player's time budget")
    ap.add_argument(
        "--samples", type=int, default=None, help="strong player's samples per decision (cap)"
    )
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="count the strong player's budget in CPU time (a machine shared with other work)",
    )
    ap.add_argument(
        "--oracle",
        choices=sorted(ORACLES),
        default="all",
        help="what level oracle seats: all = sees every hand; teams = the strong player "
        "knowing where the called copies are (both CHEAT: bench only)",
    )
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--json", default=None, help="also write the figures and the rows")


def kwargs_option(ap: argparse.ArgumentParser, flag: str, who: str) -> None:
    ap.add_argument(
        flag,
        type=strong_kwargs,
        default={},
        help=f'{who}\'s strong settings as JSON, e.g. \'{{"model_error": 0.5, "walk": 3}}\'',
    )


def run_config(
    ap: argparse.ArgumentParser,
    args: argparse.Namespace,
    a: str,
    b: str,
    kwargs: dict[str, tuple[str, dict[str, object]]],
) -> Config:
    """The run's ``Config`` from its options; ``kwargs``: per side ("a", "b") the option
    that set it and the strong settings given, refused for a player that is not strong."""
    try:
        preset(args.preset)
    except RuleSetError as exc:
        ap.error(str(exc))
    level = {"a": a, "b": b}
    for side, (flag, given) in kwargs.items():
        if given and level[side] != "strong":
            ap.error(f"{flag} sets a strong player's settings; the player is {level[side]}")
    text = {
        side: json.dumps(given, sort_keys=True) if given else ""
        for side, (_, given) in kwargs.items()
    }
    return Config(
        a,
        b,
        args.seed,
        args.preset,
        args.budget_ms,
        args.samples,
        args.cpu_clock,
        text.get("a", ""),
        text.get("b", ""),
        args.oracle,
    )


def budget_words(cfg: Config) -> str:
    """The strong player's budget or sample cap, for a report's header line."""
    return (
        (f", strong budget {cfg.budget_ms:g} ms" if cfg.budget_ms is not None else "")
        + (" of CPU time" if cfg.cpu_clock and cfg.budget_ms is not None else "")
        + (f", strong samples {cfg.samples}" if cfg.samples is not None else "")
    )


def time_line(t: dict[str, float], who: str, cpu_clock: bool) -> str:
    """A report's line of one player's decision times (``stats.timing``'s figures)."""
    extra = f", median samples {t['median_samples']:g}" if "median_samples" in t else ""
    kind = " (CPU time)" if cpu_clock else ""
    return (
        f"  decision time{kind} {who}: median {t['median_ms']:.2f} ms, "
        f"p99 {t['p99_ms']:.1f} ms, max {t['max_ms']:.1f} ms "
        f"over {int(t['decisions'])} plays, burials and calls{extra}"
    )
