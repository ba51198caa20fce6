"""The offline console table: you and three AI players, in the terminal.

``python -m bot console`` (``bot/console/cli.py``) — the same table service and a
local SQLite file as the Discord bot, so you can quit at any time (``quit``,
Ctrl-D or Ctrl-C) and resume where you stopped. Commands can also come from a
pipe (non-interactive).

Time stands still while the console waits for you: the service's timers run
on a clock the console moves forward only when it is not your move. A timer
that keeps failing (a full disk) is retried with a growing pause, said once,
and never keeps ``quit`` waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from rich.console import Console

from bot.console.commands import AUTO_ASKS, ConsoleCommands
from bot.console.terminal import TIMEOUT, LineReader, TimerFailures
from bot.console.text import command_of
from bot.console.views import CHANNEL, YOU, YOUR_SEAT
from bot.service import FakeClock, Notice, Private, Public, ServiceError, TableService
from bot.service.state import TableStatus
from bot.text.i18n import preset_label, seat_name
from bot.text.render import cards_text, event_line, match_won_event, reader_cards
from rules.events import CardsDealt, KittyTaken
from rules.game import Match
from rules.ruleset import RuleSet

# Seconds between your moves on 托管 (or the table's ai_delay, if longer): a pace a
# person can follow, and time to type a line that takes over.
AUTO_PACE = 0.8

YES = ("y", "yes", "是", "好", "对", "對")

FIRST_RETRY = 1.0  # seconds before a failed timer is tried again; doubles up to MAX_RETRY
MAX_RETRY = 30.0


class ConsoleTable(ConsoleCommands):
    def __init__(
        self,
        service: TableService,
        clock: FakeClock,
        out: Console,
        locale: str = "en",
        preset_name: str = "classic",
        *,
        preset_given: bool = False,
        rules: RuleSet | None = None,
        fresh: bool = False,
        locale_given: bool = True,
        deal: int | None = None,
        level: str = "basic",
    ) -> None:
        self.service = service
        self.clock = clock
        self.out = out
        self.locale = locale
        self.preset_name = preset_name
        self.preset_given = preset_given  # --preset was typed, not the default
        self.rules = rules  # --rule / --rules: the house rules of a new table
        self.fresh = fresh or deal is not None  # --new: close the saved table, start another
        self.deal = deal  # --deal N: the new table deals finished hand #N's cards again
        self.locale_given = locale_given  # --lang was typed: it wins over the saved language
        self.level = level  # --level: the AI level of the other seats of a new table
        self.table_id: int | None = None
        self.asked_at: int | None = None  # deal position at which we offered a declaration
        self.deal_hold: int | None = None  # the deal waits here until Enter / pass / declare
        self.passed_at: tuple[int, int] | None = None  # (hand, declarations) at your pass
        self.last_prompt: object = None
        self.last_refusal: object = None  # (line, refusal, prompt) last said
        self.stopping = False  # Ctrl-C / SIGTERM: stop at the next safe point
        self.stalled = False
        self.autoplay = False  # 托管: the AI moves for you until the hand ends or you type
        self.auto_pace = AUTO_PACE
        self.retry = FIRST_RETRY
        self.retry_at = 0.0  # event-loop time before which a failed timer is left alone
        self.failures = TimerFailures()
        # --new on a saved table: asked once at a terminal (None: a pipe, no question).
        self.confirm: Callable[[], Awaitable[bool]] | None = None
        self.reader: LineReader | None = None  # set by run(); 复盘 reads its steps from it
        self.final: tuple[TableStatus, Match | None] | None = None  # the match is over
        service.core.subscribe(self._on_notice)

    # ---- output ---------------------------------------------------------------------------
    def _on_notice(self, n: Notice) -> None:
        if isinstance(n, Public) and n.kind == "event" and n.event is not None:
            line = event_line(self.locale, n.event, self._seats(), self._ctx())
            if line:
                self.say(line)
        elif isinstance(n, Public) and n.kind == "followup_delayed":
            self.say(self._t("followup_delayed"))
        elif isinstance(n, Public) and n.kind == "auto_acted":
            seat = seat_name(self.locale, n.params.get("seat") or 0)
            self.say(self._t("console.auto_acted", seat=seat))
        elif isinstance(n, Private) and n.seat == YOUR_SEAT and n.event is not None:
            if isinstance(n.event, CardsDealt):
                return  # the hand is shown when you are asked
            if isinstance(n.event, KittyTaken):
                shown = reader_cards(self.locale, cards_text(n.event.cards, self._ctx()))
                self.say(self._t("kitty_was", cards=shown))

    # ---- set-up ----------------------------------------------------------------------------
    async def open(self) -> None:
        await self.service.start()
        if self.deal is not None:  # refused (unknown hand, …) before the saved table is closed
            asked = self.preset_name if self.preset_given else None
            await self.service.lifecycle.deal_rules(None, self.deal, asked)
        try:
            status = await self.service.queries.status(CHANNEL)
        except ServiceError:
            status = None
        if status is not None and self.fresh and self.confirm and not await self.confirm():
            self.say(self._t("console.kept_old"))
            self.fresh = False
        if status is not None and self.fresh:
            await self.service.lifecycle.end_table(CHANNEL, YOU)
            self.say(self._t("console.ended_old"))
            status = None
        if status is not None:
            self.table_id = status.table.id
            saved_locale = status.table.seats[YOUR_SEAT].locale
            if not self.locale_given and saved_locale:
                self.locale = saved_locale  # the save speaks the language it was played in
            saved = status.table.rules.name
            hand = status.view.hand_no if status.view is not None else 1
            preset = preset_label(self.locale, saved)
            self.say(self._t("console.resuming", preset=preset, table=self.table_id, hand=hand))
            if self.preset_given and self.preset_name != saved:
                self.say(
                    self._t(
                        "console.preset_ignored",
                        preset=preset_label(self.locale, saved),
                        asked=self.preset_name,
                    )
                )
            if self.rules is not None and self.rules != status.table.rules:
                self.say(self._t("console.rules_ignored"))
            return
        if not self.fresh:
            await self._say_last_over()
        # --deal: the hand's own rules (a --preset given must agree with them)
        preset_name = self.preset_name if self.deal is None or self.preset_given else None
        await self._new_table(preset_name, self.rules, self.level)

    async def _say_last_over(self) -> None:
        """Run again after a finished match: say which match is over, and that a new
        one starts (not silently)."""
        last = await self.service.queries.last_table(CHANNEL)
        if last is None or last.status != "finished":
            return
        _, match = await self.service.queries.past_table(last.id)
        if not self.locale_given and last.seats and last.seats[YOUR_SEAT].locale:
            self.locale = last.seats[YOUR_SEAT].locale or self.locale
        won = match_won_event(match.view_for(YOUR_SEAT)) if match is not None else None
        result = event_line(self.locale, won, None, None) if won is not None else None
        self.say(self._t("console.last_over", table=last.id, result=result or ""))

    # ---- the loop ------------------------------------------------------------------------
    async def pump(self) -> str | None:
        """Run the table until you must act. Returns what you are asked for, "stalled"
        when a due timer failed, "waiting" while it pauses before the next try, or
        "quit" after Ctrl-C."""
        for _ in range(100_000):
            if self.stopping:
                return "quit"
            status = self.service.queries.cached_status(self.table_id or 0)
            if status is None:
                if self.final is None and self.table_id is not None:
                    # Over: keep the match as stored, to look back at it.
                    self.final = await self.service.queries.past_table(self.table_id)
                return "over"
            view = self.service.queries.seat_view(status.table.id, YOUR_SEAT)
            if view is None:
                return None
            if view.phase == "finished":
                return "over"
            if view.phase == "dealing":
                if self.deal_hold == view.dealt:
                    return "declare"  # only Enter, pass or a declaration deals on
                options = self._declaration_options()
                if options and self.asked_at != view.dealt:
                    self.asked_at = self.deal_hold = view.dealt
                    return "declare"
            elif view.phase == "declaring" and YOUR_SEAT not in view.passes:
                return "declare_or_pass"
            elif view.phase == "stealing" and view.steal_turn == YOUR_SEAT:
                return "steal"  # 炒地皮: declare higher to take the kitty, or pass
            elif view.phase == "burying" and view.burier == YOUR_SEAT:
                return "bury"
            elif view.phase == "calling" and view.dealer == YOUR_SEAT:
                return "call"
            elif view.phase == "playing" and view.turn == YOUR_SEAT:
                return "play"
            elif view.phase == "scored":
                return "next"
            deadline = self.service.automation.next_deadline()
            if deadline is None:
                return None
            if self.stalled and asyncio.get_running_loop().time() < self.retry_at:
                return "waiting"  # a failed timer: not again before its pause is over
            if deadline > self.clock.now():
                self.clock.advance((deadline - self.clock.now()).total_seconds())
            if await self.service.tick() == 0:
                # The timer failed (the service backs off in game time, which this
                # console's clock skips through): wait in real time, do not spin.
                due = self.service.automation.next_deadline()
                if self.service.automation.failing() or (
                    due is not None and due <= self.clock.now()
                ):
                    return "stalled"
        return None

    def prompt_for(self, asked: str | None) -> str:
        view = self._view()
        key = (
            asked,
            view.hand if view else None,
            view.trick_no if view else 0,
            len(view.current) if view else 0,
            len(view.declarations) if view else 0,
        )
        if key == self.last_prompt:
            return ""  # nothing changed since we last asked: stay quiet
        self.last_prompt = key
        if asked in ("declare", "declare_or_pass", "steal") and view is not None:
            self.show_hand()
            return self._ask_text(asked, view)
        if asked in ("bury", "call"):
            self.show_hand()
        if asked == "play":
            self.show_status()
            self.show_hand()
        return self._ask_text(asked, view)

    # ---- running ---------------------------------------------------------------------------
    async def run(self, reader: LineReader) -> None:
        service_log = logging.getLogger("bot.service")
        service_log.addHandler(self.failures)
        self.reader = reader
        if self.confirm is None and reader.interactive:
            self.confirm = lambda: self._ask_new(reader)
        try:
            await self.open()
            await self._loop(reader)
        finally:
            service_log.removeHandler(self.failures)
        self.out.print()
        self.say(self._t("console.saved"))

    async def _loop(self, reader: LineReader) -> None:
        show_cursor = True
        while True:
            asked = await self.pump()
            if asked == "quit":
                return
            timeout = None
            if asked in ("stalled", "waiting"):
                if asked == "stalled":
                    self._stalled()
                timeout = max(0.0, self.retry_at - asyncio.get_running_loop().time())
                asked = None
            elif self.stalled:
                self.stalled, self.retry = False, FIRST_RETRY
                self.say(self._t("console.unstalled"))
            if self.autoplay:
                if not await self._autoplay(reader, asked):
                    return
                continue
            prompt = self.prompt_for(asked)
            if prompt:
                self.say(prompt, style="bold cyan")
                show_cursor = True
            if show_cursor:
                self.out.print("> ", end="")
            line = await reader.readline(timeout)
            show_cursor = line != TIMEOUT
            if line == TIMEOUT:
                continue  # time to try the failed timer again
            if line is None or not await self.handle(line, asked):
                return

    async def _ask_new(self, reader: LineReader) -> bool:
        """--new at a terminal with a saved game: close it only after a yes."""
        self.say(self._t("console.confirm_new"), style="bold cyan")
        self.out.print("> ", end="")
        line = await reader.readline()
        return line is not None and line.strip().lower() in YES

    async def _autoplay(self, reader: LineReader, asked: str | None) -> bool:
        """托管: a line you type meanwhile takes over (and is run); otherwise the AI
        moves for you, one move per pace, until the hand is over. False to quit."""
        status = self.service.queries.cached_status(self.table_id or 0)
        delay = status.options.ai_delay if status is not None else 0.0
        line = await reader.readline(max(self.auto_pace, delay))
        if line is None:
            return False
        if line != TIMEOUT:
            cmd, _ = command_of(line)
            self._stop_auto()
            self.last_prompt = None  # show the hand and the prompt again
            return cmd == "auto" or await self.handle(line, asked)
        if asked in ("next", "over"):
            self.autoplay = False  # 托管 plays one hand; the next one is yours to start
            self.say(self._t("console.auto_done"))
            return True
        if asked not in AUTO_ASKS:
            self._stop_auto()  # nothing to do
            return True
        try:
            await self._auto_move(asked)
        except ServiceError as exc:
            self._stop_auto()  # never spin on a refused move
            self.say(self._refusal(exc, asked), style="red")
        return True

    def _stalled(self) -> None:
        """A due timer failed: say so once; wait longer before each new try."""
        self.retry_at = asyncio.get_running_loop().time() + self.retry
        if not self.stalled:
            self.stalled = True
            code = self.failures.last_code
            reason = ServiceError(code).message(self.locale) if code else ""
            self.out.print()
            self.say(self._t("console.stalled", reason=reason, seconds=int(MAX_RETRY)), style="red")
        self.retry = min(self.retry * 2, MAX_RETRY)
