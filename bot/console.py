"""The offline console table: you and three AI players, in the terminal.

``python -m bot console`` — the same table service and a local SQLite file as
the Discord bot, so you can quit at any time (``quit`` or Ctrl-D) and resume
where you stopped. Commands can also come from a pipe (non-interactive).

Time stands still while the console waits for you: the service's timers run
on a clock the console moves forward only when it is not your move.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.panel import Panel

from bot.i18n import language, seat_name
from bot.render import event_line, hand_lines, player_name, status_lines
from bot.service import FakeClock, Notice, Private, Public, ServiceError, TableOptions, TableService
from rules.declare import Declaration
from rules.events import CardsDealt, KittyTaken
from rules.notation import format_cards
from storage import Database, SeatInfo
from storage.startup import run_or_explain

CHANNEL = 1  # the console's one "channel"
YOU = 1  # the console's one human user id
YOUR_SEAT = 0

HELP = """Commands (cards in any notation: ♠A, SA, sa, A♠, 黑桃A, ♥10/HT, ♠AAKK, 小王/LJ, 大王/BJ):
  play CARDS   (or p CARDS)   lead or follow        bury CARDS (b)   bury the kitty
  declare CARDS (d)           declare trump         pass             no (more) declaration
  CARDS alone                 play / bury / declare, whatever fits the moment
  hand (h)   status (s)   last (l) last trick   progress   hint   auto (let the hint play)
  next (n) next hand
  help (?)   quit (q)       the table is saved; run the console again to resume"""

CONSOLE_OPTIONS = TableOptions(
    turn_seconds=0,  # no AFK timer at your own table
    deal_seconds=5,
    deal_steps=5,
    declare_seconds=15,
    bury_seconds=0,  # off: the console waits for you
    ai_delay=0,
    next_hand_seconds=0,
)


class ConsoleTable:
    def __init__(
        self,
        service: TableService,
        clock: FakeClock,
        out: Console,
        locale: str = "en",
        preset_name: str = "classic",
    ) -> None:
        self.service = service
        self.clock = clock
        self.out = out
        self.locale = locale
        self.preset_name = preset_name
        self.table_id: int | None = None
        self.asked_at: int | None = None  # deal position at which we offered a declaration
        self.last_prompt: object = None
        service.subscribe(self._on_notice)

    # ---- output ---------------------------------------------------------------------------
    def _seats(self) -> tuple[SeatInfo, ...] | None:
        status = self.service.cached_status(self.table_id or 0)
        return None if status is None else status.table.seats

    def _on_notice(self, n: Notice) -> None:
        if isinstance(n, Public) and n.kind == "event" and n.event is not None:
            line = event_line(self.locale, n.event, self._seats())
            if line:
                self.out.print(line)
        elif isinstance(n, Public) and n.kind == "auto_acted":
            self.out.print(f"(auto) {seat_name(self.locale, n.params.get('seat') or 0)}")
        elif isinstance(n, Private) and n.seat == YOUR_SEAT and n.event is not None:
            if isinstance(n.event, CardsDealt):
                return  # the hand is shown when you are asked
            if isinstance(n.event, KittyTaken):
                self.out.print(f"[bold]Kitty:[/bold] {format_cards(n.event.cards)}")

    def show_hand(self) -> None:
        view = self.service.seat_view(self.table_id or 0, YOUR_SEAT)
        if view is None:
            self.out.print("No hand yet.")
            return
        self.out.print(Panel("\n".join(hand_lines(self.locale, view)) or "—", title="Your hand"))

    def show_status(self) -> None:
        view = self.service.seat_view(self.table_id or 0, YOUR_SEAT)
        if view is None:
            self.out.print("The game has not started.")
            return
        self.out.print(
            Panel("\n".join(status_lines(self.locale, view, self._seats())), title="Table")
        )

    # ---- set-up ----------------------------------------------------------------------------
    async def open(self) -> None:
        await self.service.start()
        try:
            status = await self.service.status(CHANNEL)
            self.table_id = status.table.id
            self.out.print("Resuming your table.")
        except ServiceError:
            status = await self.service.create_table(
                guild_id=None,
                channel_id=CHANNEL,
                creator_id=YOU,
                creator_name="you",
                preset_name=self.preset_name,
                options=CONSOLE_OPTIONS,
                locale=self.locale,
            )
            self.table_id = status.table.id
            for _ in range(3):
                await self.service.add_ai(CHANNEL, YOU, level="basic")
            await self.service.start_game(CHANNEL, YOU)
            self.out.print(
                "New table: you sit North; your partner is South. Type help for commands."
            )

    # ---- the loop ------------------------------------------------------------------------
    async def pump(self) -> str | None:
        """Run the table until you must act. Returns what you are asked for."""
        for _ in range(100_000):
            status = self.service.cached_status(self.table_id or 0)
            if status is None:
                return "over"
            view = self.service.seat_view(status.table.id, YOUR_SEAT)
            if view is None:
                return None
            if view.phase == "finished":
                return "over"
            if view.phase == "dealing":
                options = self._declaration_options()
                if options and self.asked_at != view.dealt:
                    self.asked_at = view.dealt
                    return "declare"
            elif view.phase == "declaring" and YOUR_SEAT not in view.passes:
                return "declare_or_pass"
            elif view.phase == "burying" and view.dealer == YOUR_SEAT:
                return "bury"
            elif view.phase == "playing" and view.turn == YOUR_SEAT:
                return "play"
            elif view.phase == "scored":
                return "next"
            deadline = self.service.next_deadline()
            if deadline is None:
                return None
            if deadline > self.clock.now():
                self.clock.advance((deadline - self.clock.now()).total_seconds())
            await self.service.tick()
        return None

    def prompt_for(self, asked: str | None) -> str:
        view = self.service.seat_view(self.table_id or 0, YOUR_SEAT)
        key = (
            asked,
            view.hand if view else None,
            view.trick_no if view else 0,
            len(view.current) if view else 0,
        )
        if key == self.last_prompt:
            return ""  # nothing changed since we last asked: stay quiet
        self.last_prompt = key
        if asked in ("declare", "declare_or_pass") and view is not None:
            self.show_hand()
            opts = self._declaration_options()
            shown = ", ".join(format_cards(d.cards) for d in opts)
            if asked == "declare":
                return f"You can declare: {shown} (declare CARDS, or Enter to keep dealing)"
            if not shown:
                return "Nothing to declare: Enter (or pass) to let the hand begin"
            return f"You can declare: {shown} (declare CARDS, or pass)"
        if asked == "bury":
            self.show_hand()
            return f"Bury {view.rules.kitty_size if view else 0} cards (bury CARDS)"
        if asked == "play":
            self.show_status()
            self.show_hand()
            return "Your turn (play CARDS)"
        if asked == "next":
            return "Hand over — Enter or next for the next hand"
        if asked == "over":
            return "The match is over — quit, or delete the console database to start afresh"
        return ""

    async def handle(self, line: str, asked: str | None) -> bool:
        """Run one command. Returns False to quit."""
        word, _, rest = line.strip().partition(" ")
        cmd = word.lower()
        rest = rest.strip()
        try:
            if cmd in ("q", "quit", "exit"):
                return False
            if cmd in ("?", "help"):
                self.out.print(HELP)
            elif cmd in ("h", "hand"):
                self.show_hand()
            elif cmd in ("s", "status"):
                self.show_status()
            elif cmd in ("l", "last"):
                self._last_trick()
            elif cmd == "progress":
                await self._progress()
            elif cmd == "hint":
                self._hint()
            elif cmd == "auto":
                await self._auto()
            elif cmd in ("p", "play"):
                await self.service.play(CHANNEL, YOU, rest)
            elif cmd in ("b", "bury"):
                await self.service.bury(CHANNEL, YOU, rest)
            elif cmd in ("d", "declare"):
                await self.service.declare(CHANNEL, YOU, rest)
            elif cmd == "pass":
                await self.service.pass_(CHANNEL, YOU)
            elif cmd in ("n", "next") or (cmd == "" and asked == "next"):
                await self.service.next_hand(CHANNEL, YOU)
            elif cmd == "":
                if asked == "declare_or_pass":
                    await self.service.pass_(CHANNEL, YOU)
            else:
                await self._contextual(line.strip(), asked)
        except ServiceError as exc:
            self.out.print(f"[red]{exc.message(self.locale)}[/red]")
        return True

    async def _contextual(self, cards: str, asked: str | None) -> None:
        actions: dict[str | None, Callable[..., object]] = {
            "play": self.service.play,
            "bury": self.service.bury,
            "declare": self.service.declare,
            "declare_or_pass": self.service.declare,
        }
        fn = actions.get(asked)
        if fn is None:
            self.out.print("Nothing to do with cards right now. Type help for commands.")
            return
        await fn(CHANNEL, YOU, cards)  # type: ignore[misc]

    def _declaration_options(self) -> list[Declaration]:
        match = self.service.match_of(self.table_id or 0)
        return match.declaration_options(YOUR_SEAT) if match is not None else []

    def _hint(self) -> None:
        match = self.service.match_of(self.table_id or 0)
        action = match.suggest(YOUR_SEAT) if match is not None else None
        cards = getattr(action, "cards", None)
        self.out.print(
            f"Hint: {action.kind} {format_cards(cards) if cards else ''}"
            if action
            else "Nothing to do."
        )

    async def _auto(self) -> None:
        """Let the suggestion move for you (the same move an absent player gets)."""
        match = self.service.match_of(self.table_id or 0)
        action = match.suggest(YOUR_SEAT) if match is not None else None
        cards = getattr(action, "cards", None)
        if action is None:
            self.out.print("Nothing to do right now.")
        elif action.kind == "pass":
            await self.service.pass_(CHANNEL, YOU)
        elif action.kind == "bury" and cards is not None:
            await self.service.bury(CHANNEL, YOU, cards)
        elif action.kind == "play" and cards is not None:
            await self.service.play(CHANNEL, YOU, cards)

    def _last_trick(self) -> None:
        view = self.service.seat_view(self.table_id or 0, YOUR_SEAT)
        trick = view.last_trick if view else None
        if trick is None:
            self.out.print("No trick finished yet.")
            return
        plays = " · ".join(
            f"{player_name(self.locale, self._seats(), s)}: {format_cards(c)}"
            for s, c in trick.plays
        )
        self.out.print(
            f"Trick {trick.trick_no}: {plays} → {seat_name(self.locale, trick.winner or 0)} (+{trick.points})"
        )

    async def _progress(self) -> None:
        for p in await self.service.progress(CHANNEL):
            self.out.print(
                f"Hand {p.hand_no}: dealer {seat_name(self.locale, p.dealer)}, trump {p.trump}, "
                f"attackers {p.attackers_points} → {p.winner} +{p.level_change}"
            )

    async def run(self, stdin: TextIO) -> None:
        await self.open()
        while True:
            asked = await self.pump()
            prompt = self.prompt_for(asked)
            if prompt:
                self.out.print(f"[bold cyan]{prompt}[/bold cyan]")
            self.out.print("> ", end="")
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                self.out.print("\nSaved. Run the console again to resume.")
                return
            if not await self.handle(line, asked):
                self.out.print("Saved. Run the console again to resume.")
                return


async def run_console(
    db_url: str, preset_name: str, locale: str, stdin: TextIO, out: Console
) -> None:
    db = Database(db_url)
    try:
        await db.upgrade()
        clock = FakeClock()
        service = TableService(db, clock=clock, defaults=CONSOLE_OPTIONS)
        table = ConsoleTable(service, clock, out, locale=language(locale), preset_name=preset_name)
        await table.run(stdin)
    finally:
        await db.dispose()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot console", description="Play Shengji in the terminal."
    )
    parser.add_argument(
        "--db", default="shengji-console.db", help="SQLite file (default: shengji-console.db)"
    )
    parser.add_argument("--preset", default="classic", help="rule preset for a new table")
    parser.add_argument("--lang", default="en", help="en, zh-CN or zh-TW")
    args = parser.parse_args(argv)
    out = Console(highlight=False)
    url = args.db if "://" in args.db else f"sqlite+aiosqlite:///{args.db}"
    # A database that cannot be opened: one sentence and exit code 2 (storage.startup).
    result = run_or_explain(
        lambda: asyncio.run(run_console(url, args.preset, args.lang, sys.stdin, out)), url
    )
    return result or 0
