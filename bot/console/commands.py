"""What a line you type at the console table does: the commands (``play``, ``bury``,
``call``, ``declare``, ``pass``, ``go``, ``auto``, ``new``, …) and bare cards taken
as the move you are asked for, the moves they make through the table service, and a
refusal worded for the console. A base of ``ConsoleTable`` (``bot.console.table``),
which opens the table, runs it until you must act and reads the lines.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.console.text import ask_text, command_of, missing_text, notation_like, notation_reason
from bot.console.views import CHANNEL, YOU, YOUR_SEAT, ConsoleViews
from bot.service import ServiceError, TableOptions
from bot.service.ai_seats import table_ai_level
from bot.service.auto import auto_move
from bot.text.i18n import preset_label, sentences
from bot.text.render import calls_text
from rules.actions import CallFriends, Pass
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


class ConsoleCommands(ConsoleViews):
    """The commands; ``ConsoleTable`` sets these attributes (and the views' ones)."""

    deal: int | None
    asked_at: int | None
    deal_hold: int | None
    passed_at: tuple[int, int] | None
    last_refusal: object
    autoplay: bool

    # ---- a new table (``open`` starts one too) ---------------------------------------------
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

    # ---- what you are asked, and what a line does ------------------------------------------
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
