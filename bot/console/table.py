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

from bot.console.terminal import TIMEOUT, LineReader, TimerFailures
from bot.console.text import (
    ask_text,
    command_of,
    missing_text,
    notation_like,
    notation_reason,
)
from bot.console.views import CHANNEL, YOU, YOUR_SEAT, ConsoleViews
from bot.service import FakeClock, Notice, Private, Public, ServiceError, TableOptions, TableService
from bot.service.ai_seats import table_ai_level
from bot.service.auto import auto_move
from bot.service.state import TableStatus
from bot.text.i18n import preset_label, seat_name, sentences
from bot.text.render import calls_text, cards_text, event_line, match_won_event, reader_cards
from rules.actions import CallFriends, Pass
from rules.events import CardsDealt, KittyTaken
from rules.game import Match
from rules.ruleset import RuleSet
from rules.views import View

CONSOLE_OPTIONS = TableOptions(
    turn_seconds=0,  # no AFK timer at your own table
    deal_seconds=5,
    deal_steps=5,
    declare_seconds=15,
    bury_seconds=0,  # off: the console waits for you
    ai_delay=0,
    next_hand_seconds=0,
)

# The asks 托管 answers for you; at "next" (the hand is over) or "over" it ends.
AUTO_ASKS = ("declare", "declare_or_pass", "steal", "bury", "call", "play")
# Seconds between your moves on 托管 (or the table's ai_delay, if longer): a pace a
# person can follow, and time to type a line that takes over.
AUTO_PACE = 0.8

YES = ("y", "yes", "是", "好", "对", "對")

FIRST_RETRY = 1.0  # seconds before a failed timer is tried again; doubles up to MAX_RETRY
MAX_RETRY = 30.0


class ConsoleTable(ConsoleViews):
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

    async def _new_table(self, preset_name: str | None, rules: RuleSet | None, level: str) -> None:
        """Open this console's table: you and AI players at ``level``; started."""
        status = await self.service.lifecycle.create_table(
            guild_id=None,
            channel_id=CHANNEL,
            creator_id=YOU,
            creator_name="you",
            preset_name=preset_name,
            options=CONSOLE_OPTIONS,
            locale=self.locale,
            rules=rules,
            deal=self.deal,
        )
        self.table_id = status.table.id
        for _ in range(len(status.table.seats) - 1):  # 3, or N − 1 at a 找朋友 table
            await self.service.lifecycle.add_ai(CHANNEL, YOU, level=level)
        await self.service.lifecycle.start_game(CHANNEL, YOU)
        rules = status.table.rules
        name = preset_label(self.locale, rules.name)
        if rules.friends is not None:
            self.say(
                self._t(
                    "console.new_table_friends", preset=name, n=rules.players, table=self.table_id
                )
            )
        else:
            self.say(self._t("console.new_table", preset=name, table=self.table_id))

    async def _new_match(self) -> None:
        """``new`` / 下一场 after a match: another match in place, at the finished
        one's rules and AI level."""
        if self.final is None:
            self.say(self._t("console.new_not_over"), style="red")
            return
        old = self.final[0].table
        self.final, self.deal = None, None
        self.asked_at = self.deal_hold = self.passed_at = None
        self.last_prompt = None
        await self._new_table(old.rules.name, old.rules, table_ai_level(old))

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
                due = self.service.automation.next_deadline()  # (a datetime is never falsy)
                if self.service.automation.failing() or (due and due <= self.clock.now()):
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

    def _ask_text(self, asked: str | None, view: View | None) -> str:
        """What you are asked to do, in words (no panels)."""
        passed_before = (
            view is not None
            and self.passed_at is not None
            and self.passed_at[0] == view.hand_no
            and len(view.declarations) > self.passed_at[1]
        )
        if asked == "call" and view is not None:
            return self._t(
                "console.call",
                n=view.rules.friend_calls,
                suggested=calls_text(self.locale, self._suggested_call()),
            )
        asking = ("declare", "declare_or_pass", "steal")
        options = self._declaration_options() if asked in asking else []
        return ask_text(self.locale, asked, view, self._seats(), options, passed_before)

    async def handle(self, line: str, asked: str | None) -> bool:
        """Run one command. Returns False to quit."""
        cmd, rest = command_of(line)
        try:
            if cmd == "quit":
                return False
            if cmd == "help":
                self.say(self._t("console.help"))
                view = self._view()
                if view is not None and view.friends_mode:
                    self.say(self._t("console.help_call"))
                if view is not None and view.rules.kitty_theft != "off":
                    self.say(self._t("console.help_steal"))
                if view is not None and view.rules.bid_takeback != "off":
                    self.say(self._t("console.help_unbid"))
                if view is not None and view.rules.play_takeback != "off":
                    self.say(self._t("console.help_takeback"))
                self.say(self._t("console.help_replay"))
            elif cmd == "rules":
                self.show_rules()
            elif cmd == "hand":
                self.show_hand()
            elif cmd == "status":
                self.show_status()
            elif cmd == "last":
                self._last_trick()
            elif cmd == "kitty":
                self._kitty()
            elif cmd == "progress":
                await self._progress()
            elif cmd == "replay":
                await self._replay(rest)
            elif cmd == "hint":
                self._hint()
            elif cmd == "auto" and self.autoplay:
                self._stop_auto()  # 托管 again: take over
            elif cmd == "auto" and asked not in AUTO_ASKS:
                # Nothing of yours to play now (the hand is over): say what is asked.
                what = self._ask_text(asked, self._view()) if asked else ""
                self.say(what or self._t("console.nothing_now"), style="bold cyan")
            elif cmd == "auto":
                self.autoplay = True
                self.say(self._t("console.auto_on"))
                await self._auto_move(asked)
            elif cmd == "go":
                await self._go(asked)
            elif cmd == "play":
                await self._cards(self.service.moves.play, rest)
            elif cmd == "bury":
                await self._cards(self.service.moves.bury, rest)
            elif cmd == "call":
                await self.service.moves.call_friends(CHANNEL, YOU, rest or self._suggested_call())
            elif cmd == "" and asked == "call":
                await self.service.moves.call_friends(CHANNEL, YOU, self._suggested_call())
            elif cmd == "declare":
                await self._cards(self.service.moves.declare, rest)
                self.deal_hold = None
            elif asked == "declare" and cmd in ("", "pass"):
                self.deal_hold = None  # deal on
            elif cmd == "pass":
                await self._pass()
            elif cmd == "unbid":  # house rule bid_takeback
                await self.service.moves.withdraw_bid(CHANNEL, YOU)
            elif cmd == "takeback":  # 悔牌 (house rule play_takeback)
                await self.service.moves.take_back(CHANNEL, YOU)
            elif cmd == "new":
                await self._new_match()
            elif cmd == "next" or (cmd == "" and asked == "next"):
                await self.service.lifecycle.next_hand(CHANNEL, YOU)
            elif cmd == "" and asked in ("declare_or_pass", "steal"):
                await self._pass()
            elif cmd == "":
                # An empty line at your move: say again what is expected.
                what = self._ask_text(asked, self._view()) if asked else ""
                self.say(what or self._t("console.nothing_now"), style="bold cyan")
            else:
                await self._contextual(line.strip(), asked)
        except ServiceError as exc:
            refusal = self._refusal(exc, asked)
            # The same line refused the same way again (a pasted burst): answer once.
            if (line.strip(), refusal, self.last_prompt) != self.last_refusal:
                self.say(refusal, style="red")
            self.last_refusal = (line.strip(), refusal, self.last_prompt)
            return True
        self.last_refusal = None
        return True

    async def _cards(self, fn: Callable[..., object], cards: str) -> None:
        try:
            await fn(CHANNEL, YOU, cards)  # type: ignore[misc]
        except ServiceError as exc:
            exc.params.setdefault("asked_cards", cards)
            raise

    async def _pass(self) -> None:
        view = self._view()
        await self.service.moves.pass_(CHANNEL, YOU)
        if view is not None:
            self.passed_at = (view.hand_no, len(view.declarations))

    def _refusal(self, exc: ServiceError, asked: str | None) -> str:
        """The refusal in your language, made precise where the console knows more."""
        if self.final is not None and exc.code in ("no_table", "match_over", "not_started"):
            return self._t("console.over")  # not Discord's "no table in this channel"
        if exc.code == "not_held":
            missing = missing_text(
                self.locale, self._view(), str(exc.params.get("asked_cards", ""))
            )
            if missing:
                return missing
        message = exc.message(self.locale)
        if (
            exc.code == "bad_cards"
            and exc.params.get("bare")
            and not notation_like(str(exc.params.get("token", "")))
        ):
            # Letters no card notation uses (clear亮): not a command, nothing about cards.
            return self._t("console.not_command", word=exc.params.get("token", ""))
        if exc.code == "bad_cards" and exc.params.get("bare"):
            # One word that is neither a command nor cards: say both, and where help is.
            return self._t(
                "console.unknown_word",
                word=exc.params.get("token", ""),
                reason=notation_reason(self.locale, exc.params),
            )
        if exc.code == "wrong_phase":
            what = self._ask_text(asked, self._view()) if asked else ""
            view = self._view()
            if what:
                message = sentences(self.locale, message, self._t("console.now", what=what))
            elif view is not None:
                wait = self._t("console.wait", phase=self._t(f"phase.{view.phase}"))
                message = sentences(self.locale, message, wait)
        return message

    async def _contextual(self, cards: str, asked: str | None) -> None:
        actions: dict[str | None, Callable[..., object]] = {
            "call": self.service.moves.call_friends,
            "play": self.service.moves.play,
            "bury": self.service.moves.bury,
            "declare": self.service.moves.declare,
            "declare_or_pass": self.service.moves.declare,
            "steal": self.service.moves.declare,  # 炒地皮
        }
        fn = actions.get(asked)
        if fn is None:
            self.say(self._t("console.no_cards_now"))
            return
        try:
            await self._cards(fn, cards)
        except ServiceError as exc:
            if exc.code == "bad_cards" and exc.params.get("token") == cards.strip():
                exc.params["bare"] = True  # no command word, and not cards either
            raise
        if asked == "declare":
            self.deal_hold = None

    def _stop_auto(self) -> None:
        if self.autoplay:
            self.autoplay = False
            self.say(self._t("console.auto_off"))

    async def _go(self, asked: str | None) -> None:
        """``go``: the hint's move, once (deal on, pass, bury, call, play)."""
        if asked == "declare":
            self.deal_hold = None  # the default during the deal: no declaration, deal on
        else:
            await self._suggested()

    async def _suggested(self) -> None:
        """Make the hint's move (the engine's suggestion: what ``hint`` shows)."""
        match = self.service.queries.match_of(self.table_id or 0)
        action = match.suggest(YOUR_SEAT) if match is not None else None
        cards = getattr(action, "cards", None)
        if action is None:
            self.say(self._t("console.nothing_now"))
        elif action.kind == "pass":
            await self._pass()
        elif action.kind == "bury" and cards is not None:
            await self.service.moves.bury(CHANNEL, YOU, cards)
        elif isinstance(action, CallFriends):
            await self.service.moves.call_friends(CHANNEL, YOU, action.calls)
        elif action.kind == "play" and cards is not None:
            await self.service.moves.play(CHANNEL, YOU, cards)

    async def _auto_move(self, asked: str | None) -> None:
        """托管: one move of the table's AI for you (the service's ``auto_move``, the
        same choice its AI seats and ``/auto`` make)."""
        view = self._view()
        action = await auto_move(self.service.core, self.service.changes, CHANNEL, YOU)
        if asked == "declare":
            self.deal_hold = None  # declared or not, the deal goes on
        elif isinstance(action, Pass) and view is not None:
            self.passed_at = (view.hand_no, len(view.declarations))

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
