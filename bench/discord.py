"""REST calls the Discord bot makes per hand, measured in simcord's offline Discord.

Run ``python -m bench.discord`` (``--help`` for options). It runs the real bot
(discord.py client, cogs, presenter, table service on a temporary SQLite file,
``FakeClock``, no ticker task: timers are fired with ``bot.tick_now()`` after the
clock is moved to the next deadline) against simcord 3.2.1, and plays:

* **4 humans**: ``--hands`` two-deck hands (default 3) with four simulated members
  who act only through slash commands: ``/table new``, ``/table join`` ×3,
  ``/table start``; each hand the first player who can declares with ``/declare``
  (a value the autocomplete offered), everybody ``/pass``es, the dealer ``/bury``s
  the autocomplete suggestion, then ``/play`` the rules' suggested play until the
  hand is scored — except that a leader who can make a throw that fails does so,
  up to ``--failed-throws`` times a hand (default 2: a failed throw must not cost
  a call of its own); the next hand starts on its timer;
* **1 human + 3 AI**: the same with ``/table addbot`` ×3 and ``ai_delay > 0``;
* **4 humans, panel** (``--via panel``): the four play by clicking only — each
  action opens the play panel with ``/play`` (no cards), declares or passes with
  its buttons, buries with *Suggested bury* + *Bury selected*, and plays by picking
  the cards in its selects and pressing *Play selected* (failed throws too, as above).

Table pacing is the production default (progressive deal of ``deal_seconds`` in
``deal_steps`` steps, ``declare_seconds`` window, ``next_hand_seconds``) except the
turn timer, which is off (nobody is AFK); the four-human scenario also runs with an
instant deal (``deal_seconds=0``, as the tests use). ``--pacing`` picks one.

Every REST call of the bot is taken from ``env.http_requests`` and split into

* **global-rate-limited** calls: everything except interaction answers — channel
  message create/edit, DM channel open, DM create/edit (and anything else);
* **interaction answers**: ``POST /interactions/…/callback`` and ``/webhooks/…``
  followups, which Discord does not count against the bot's global rate limit.

A hand runs from the action that starts it (``/table start`` or the next-hand
timer) to the one that starts the next; lobby set-up and the command sync are
reported separately. The target is ≤ 60 global-rate-limited calls per two-deck
hand with four humans — every hand, including the first, which also opens the four
DM channels. The exit status is 1 if a four-human hand misses it; ``--quick`` plays
one hand per scenario as a CI smoke run and exits 0 whatever the counts (it fails
only if the bot or the run breaks).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import simcord

from bot.config import Config
from bot.discord_app.client import create_bot
from bot.service import FakeClock, TableOptions
from rules.actions import Play
from rules.cards import Card
from rules.errors import RuleError
from rules.events import ThrowFailed
from rules.game import Match
from rules.notation import format_cards
from tests.support.panel import Panel
from tests.support.settling import fast_settling

TARGET_GLOBAL_PER_HAND = 60
GLOBAL_KINDS = (
    "channel message create",
    "channel message edit",
    "DM channel open",
    "DM create",
    "DM edit",
    "other",
)
INTERACTION_KINDS = ("interaction callback", "followup")


@dataclass
class HandCalls:
    scenario: str
    label: str
    kinds: Counter[str] = field(default_factory=Counter)
    interactions: int = 0  # interactions the simulated users made (commands + autocomplete)
    tricks: int = 0
    failed_throws: int = 0

    @property
    def global_calls(self) -> int:
        return sum(self.kinds[k] for k in GLOBAL_KINDS)

    @property
    def answers(self) -> int:
        return sum(self.kinds[k] for k in INTERACTION_KINDS)


def classify(method: str, path: str, dm_channels: set[int]) -> str:
    parts = path.strip("/").split("/")
    if path.startswith("/interactions/"):
        return "interaction callback"
    if path.startswith("/webhooks/"):
        return "followup"
    if path == "/users/@me/channels":
        return "DM channel open"
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
        where = "DM" if int(parts[1]) in dm_channels else "channel message"
        if method == "POST" and len(parts) == 3:
            return f"{where} create"
        if method == "PATCH":
            return f"{where} edit"
    return "other"


def failing_throw(match: Match, seat: int) -> tuple[Card, ...] | None:
    """A throw the leader ``seat`` could try that the rules refuse as beatable (a
    failed throw: the forced unit is played and the penalty applies), or None.
    Tries each suit the seat holds, whole (the lowest cards make it beatable)."""
    h = match.hand
    if match.phase != "playing" or match.turn != seat or (h.current and h.current.plays):
        return None
    ctx = match.context
    by_suit: dict[int, list[Card]] = {}
    for c in match.hand_of(seat):
        by_suit.setdefault(ctx.suit_of[c], []).append(c)
    for cards in by_suit.values():
        if len(set(cards)) < 2:
            continue
        try:
            events = match.copy().apply(Play(seat, tuple(cards)))
        except RuleError:
            continue
        if any(isinstance(e, ThrowFailed) for e in events):
            return tuple(cards)
    return None


class Driver:
    """One bot in simcord with a guild, a channel and some members."""

    def __init__(
        self,
        env: Any,
        bot: Any,
        clock: FakeClock,
        names: Sequence[str],
        failed_throws: int = 0,
        via: str = "commands",
    ) -> None:
        self.env = env
        self.bot = bot
        self.clock = clock
        guild = env.create_guild("Bench")
        self.channel = guild.create_text_channel("shengji")
        self.members = [guild.add_member(env.create_user(n)) for n in names]
        self.interactions = 0
        self.failed_throws = failed_throws  # per hand, made by human leaders
        self.throws_made = 0
        self.via = via  # "commands" (/declare, /bury, /play …) or "panel" (clicks only)

    @property
    def match(self) -> Any:
        return self.bot.service.queries.match_of(self.bot.service.core.table_ids()[-1])

    def seats(self) -> list[Any]:
        status = self.bot.service.queries.cached_status(self.bot.service.core.table_ids()[-1])
        return list(status.table.seats)

    def member_at(self, seat: int) -> Any | None:
        uid = self.seats()[seat].user_id
        return next((m for m in self.members if m.id == uid), None)

    async def slash(self, member: Any, name: str, **options: Any) -> Any:
        self.interactions += 1
        result = await member.slash(self.channel, name, **options)
        if result.response is None:
            raise RuntimeError(f"/{name}: no answer")
        return result

    async def autocomplete(self, member: Any, name: str) -> list[dict[str, Any]]:
        self.interactions += 1
        found: list[dict[str, Any]] = await member.autocomplete(self.channel, name, "cards", "")
        return found

    async def run_timers(self) -> bool:
        """Move the clock to the next deadline and fire it. False if none is set."""
        deadline = self.bot.service.automation.next_deadline()
        if deadline is None:
            return False
        wait = (deadline - self.clock.now()).total_seconds()
        if wait > 0:
            self.clock.advance(wait)
        await self.bot.tick_now()
        return True

    async def panel(self, member: Any) -> Panel:
        """The member's play panel, opened with /play (no cards): ephemeral, so free."""
        result = await self.slash(member, "play")
        return Panel.of(self.env, member, result)

    def next_play(self, m: Match) -> tuple[Card, ...]:
        """The rules' suggestion, or (up to ``failed_throws`` a hand) a failing throw."""
        seat = m.turn
        assert seat is not None
        cards = None
        if self.throws_made < self.failed_throws:
            cards = failing_throw(m, seat)
        if cards is not None:
            self.throws_made += 1
            return cards
        suggested = m.suggest(seat)
        assert isinstance(suggested, Play)
        return tuple(suggested.cards)

    async def human_step(self) -> bool:
        """One action of a human seat that has something to do now. False if none."""
        m = self.match
        seats = self.seats()
        if m.phase == "declaring":
            humans = [s for s in range(4) if seats[s].user_id and s not in m.hand.passes]
            if not humans:
                return False
            if not m.hand.declarations:
                for s in humans:
                    if await self.declare(self.member_at(s)):
                        return True
            await self.pass_(self.member_at(humans[0]))
            return True
        if m.phase == "burying" and seats[m.dealer].user_id:
            await self.bury(self.member_at(m.dealer))
            return True
        if m.phase == "playing" and seats[m.turn].user_id:
            await self.play(self.member_at(m.turn), self.next_play(m))
            return True
        return False

    # Each action ``via`` slash commands (values the autocomplete offered) or clicks
    # in the play panel only.
    async def declare(self, member: Any) -> bool:
        """Make the first declaration ``member`` is offered. False if none."""
        if self.via == "panel":
            panel = await self.panel(member)
            declare = [b for b in panel.buttons() if b["custom_id"].startswith("sj:pd:")]
            if declare:
                self.interactions += 1
                await panel.member.click(panel.message, custom_id=declare[0]["custom_id"])
            return bool(declare)
        options = await self.autocomplete(member, "declare")
        if options:
            await self.slash(member, "declare", cards=options[0]["value"])
        return bool(options)

    async def pass_(self, member: Any) -> None:
        if self.via == "panel":
            panel = await self.panel(member)
            self.interactions += 1
            await panel.click("pass")
        else:
            await self.slash(member, "pass")

    async def bury(self, member: Any) -> None:
        """Bury the suggested cards."""
        if self.via == "panel":
            panel = await self.panel(member)
            self.interactions += 2
            await panel.click("sbury")
            await panel.click("bury")
        else:
            options = await self.autocomplete(member, "bury")
            await self.slash(member, "bury", cards=options[0]["value"])

    async def play(self, member: Any, cards: tuple[Card, ...]) -> None:
        if self.via == "panel":
            panel = await self.panel(member)
            self.interactions += len(await panel.choose(cards)) + 1
            await panel.click("play")
        else:
            await self.slash(member, "play", cards=format_cards(cards, "ascii"))

    async def play_hand(self) -> int:
        """Drive the current hand until it is scored. Returns the number of tricks."""
        self.throws_made = 0
        for _ in range(5000):
            m = self.match
            if m.phase in ("scored", "finished"):
                return len(m.hand.tricks)
            if await self.human_step():
                continue
            if not await self.run_timers():
                raise RuntimeError(f"stuck in phase {m.phase}: nobody to act, no timer")
        raise RuntimeError("the hand did not end")


async def scenario(
    name: str,
    humans: int,
    hands: int,
    options: TableOptions,
    workdir: Path,
    failed_throws: int = 0,
    via: str = "commands",
) -> tuple[list[HandCalls], HandCalls]:
    config = Config(
        token=None,
        database_url=f"sqlite+aiosqlite:///{workdir / (name.replace(' ', '-') + '.db')}",
        log_level="WARNING",
        dev_guild_id=None,
        shard_count=None,
    )
    clock = FakeClock()
    bot = create_bot(config, clock=clock, options=options, ticker=False)
    names = ("alice", "bob", "carol", "dave")[:humans]
    results: list[HandCalls] = []
    async with simcord.run(bot) as env:
        setup = HandCalls(name, "setup")
        await bot.tree.sync()
        d = Driver(env, bot, clock, names, failed_throws, via)
        bot.service.core.seed = lambda: f"bench-{name}"  # the same deals every run
        await d.slash(d.members[0], "table new")
        for member in d.members[1:]:
            await d.slash(member, "table join")
        for _ in range(4 - humans):
            await d.slash(d.members[0], "table addbot")

        def dm_channels() -> set[int]:
            return {m.user.dm_channel.id for m in d.members}

        def take(calls: HandCalls, since: int) -> int:
            reqs = env.http_requests[since:]
            dms = dm_channels()
            for r in reqs:
                calls.kinds[classify(r.method, r.path, dms)] += 1
            return since + len(reqs)

        cursor = take(setup, 0)
        setup.interactions, d.interactions = d.interactions, 0
        for hand in range(1, hands + 1):
            calls = HandCalls(name, f"hand {hand}")
            if hand == 1:
                await d.slash(d.members[0], "table start")
            else:
                while d.match.phase == "scored":  # the next-hand timer
                    if not await d.run_timers():
                        await d.slash(d.members[0], "table next")
            calls.tricks = await d.play_hand()
            calls.failed_throws = d.throws_made
            cursor = take(calls, cursor)
            calls.interactions, d.interactions = d.interactions, 0
            results.append(calls)
        await bot.database.dispose()
    return results, setup


def print_table(rows: list[HandCalls]) -> None:
    cols: list[tuple[str, int, Callable[[HandCalls], object]]] = [
        ("scenario", 19, lambda r: r.scenario),
        ("hand", 7, lambda r: r.label),
        ("tricks", 6, lambda r: r.tricks or ""),
        ("f.throws", 8, lambda r: r.failed_throws if r.tricks else ""),
        ("ch.create", 9, lambda r: r.kinds["channel message create"]),
        ("ch.edit", 7, lambda r: r.kinds["channel message edit"]),
        ("DM open", 7, lambda r: r.kinds["DM channel open"]),
        ("DM create", 9, lambda r: r.kinds["DM create"]),
        ("DM edit", 7, lambda r: r.kinds["DM edit"]),
        ("other", 5, lambda r: r.kinds["other"]),
        ("GLOBAL", 6, lambda r: r.global_calls),
        ("callbacks", 9, lambda r: r.kinds["interaction callback"]),
        ("followups", 9, lambda r: r.kinds["followup"]),
        ("user actions", 12, lambda r: r.interactions),
    ]
    print("  ".join(f"{h:>{w}}" for h, w, _ in cols))
    print("  ".join("-" * w for _, w, _ in cols))
    for r in rows:
        print("  ".join(f"{f(r)!s:>{w}}" for _, w, f in cols))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.discord", description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=3, help="hands per scenario (default 3)")
    ap.add_argument("--quick", action="store_true", help="one hand per scenario (CI smoke run)")
    ap.add_argument("--ai-delay", type=float, default=1.0, help="AI seats' delay in seconds")
    ap.add_argument(
        "--pacing",
        choices=("production", "instant", "both"),
        default="both",
        help="deal pacing of the four-human run: the production default (progressive deal), "
        "instant (deal_seconds=0), or both (default)",
    )
    ap.add_argument(
        "--failed-throws",
        type=int,
        default=2,
        help="failed throws per hand made by human leaders when they can (default 2)",
    )
    ap.add_argument(
        "--via",
        choices=("commands", "panel", "both"),
        default="both",
        help="how the four humans act: slash commands, clicks in the play panel only (with "
        "failed throws), or both (default)",
    )
    ap.add_argument(
        "--faults",
        metavar="SEED",
        nargs="?",
        const="bench",
        help="instead: REST requests per hand against the unreliable loopback Discord "
        "(latency, 429, 5xx, gateway cuts; bench/discord_faults.py), with this seed",
    )
    args = ap.parse_args(argv)
    hands = 1 if args.quick else args.hands
    if args.faults is not None:
        from bench.discord_faults import run

        return run(min(hands, 2), args.faults)
    production = TableOptions(turn_seconds=0)
    instant = replace(production, deal_seconds=0)
    runs: list[tuple[str, int, TableOptions, int, str]] = []
    throws = args.failed_throws
    if args.via in ("commands", "both"):
        if args.pacing in ("production", "both"):
            runs.append(("4 humans", 4, production, 0, "commands"))
            runs.append(("4 humans, f.throws", 4, production, throws, "commands"))
        if args.pacing in ("instant", "both"):
            runs.append(("4 humans, instant", 4, instant, 0, "commands"))
    if args.via in ("panel", "both"):
        pace = instant if args.pacing == "instant" else production
        runs.append(("4 humans, panel", 4, pace, throws, "panel"))
    if args.via in ("commands", "both"):
        ai = replace(production, ai_delay=args.ai_delay)
        runs.append(("1 human + 3 AI", 1, ai, throws, "commands"))

    started = time.perf_counter()
    rows: list[HandCalls] = []
    verdicts: list[tuple[str, list[HandCalls]]] = []
    with tempfile.TemporaryDirectory() as tmp, fast_settling():
        for name, humans, options, fails, via in runs:
            played, setup = asyncio.run(
                scenario(name, humans, hands, options, Path(tmp), fails, via)
            )
            rows += [setup, *played]
            verdicts.append((name, played))
    elapsed = time.perf_counter() - started

    print(
        f"REST calls of the bot per two-deck hand (simcord {simcord.__version__}, {elapsed:.1f} s)."
        f"\nPacing: deal {production.deal_seconds:g} s in {production.deal_steps} steps "
        f"(instant: at once), declare window {production.declare_seconds} s, next hand after "
        f"{production.next_hand_seconds} s, no turn timer, AI delay {args.ai_delay:g} s."
    )
    print()
    print_table(rows)
    print()
    print(
        "GLOBAL = calls under Discord's global rate limit (everything but interaction answers);"
        "\ncallbacks + followups = interaction answers (POST /interactions/…/callback and "
        "/webhooks/… followups);\nuser actions = slash commands and autocomplete requests of "
        "the simulated members (panel: opening it, each select and each click)."
    )
    print()
    missed = False
    for name, played in verdicts:
        worst = max(h.global_calls for h in played)
        mean = sum(h.global_calls for h in played) / len(played)
        answers = sum(h.answers for h in played) / len(played)
        line = (
            f"{name}: {mean:.1f} global-rate-limited calls per hand (worst {worst}), "
            f"{answers:.1f} interaction answers per hand"
        )
        if humans_of(name) == 4:
            over = [h.label for h in played if h.global_calls > TARGET_GLOBAL_PER_HAND]
            if over:
                missed = True
                line += f" — TARGET ≤ {TARGET_GLOBAL_PER_HAND} MISSED in {', '.join(over)}"
            else:
                line += f" — target ≤ {TARGET_GLOBAL_PER_HAND} met"
        print(line)
    if missed and not args.quick:
        return 1
    return 0


def humans_of(name: str) -> int:
    return 4 if name.startswith("4 humans") else 1


if __name__ == "__main__":
    sys.exit(main())
