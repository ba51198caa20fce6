"""What the console shows: your hand, the table, the rules, the last trick, the
kitty, the progress, hints and 复盘 (the last finished hand, step by step) —
read-only views of the table, as a base of ``ConsoleTable`` (``bot.console.table``), which holds the service and the screen."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.panel import Panel

from bot.console.replay_step import line_command, step_through
from bot.console.terminal import red_suits
from bot.console.text import kitty_lines, last_trick_text, progress_lines
from bot.service import ServiceError
from bot.service.records import SeatInfo
from bot.service.replays import replay_of
from bot.text.i18n import text
from bot.text.render import (
    cards_text,
    event_line,
    hand_lines,
    match_won_event,
    reader_cards,
    status_lines,
)
from bot.text.rules_text import rules_lines
from bot.text.settings_text import all_setting_lines
from rules.declare import Declaration
from rules.trump import TrumpContext
from rules.views import View

if TYPE_CHECKING:
    from rich.console import Console

    from bot.console.terminal import LineReader
    from bot.service import TableService
    from bot.service.state import TableStatus
    from rules.game import Match

CHANNEL = 1  # the console's one "channel"
YOU = 1  # the console's one human user id
YOUR_SEAT = 0


class ConsoleViews:
    """The console's read-only views; ``ConsoleTable`` sets these attributes."""

    service: TableService
    out: Console
    locale: str
    table_id: int | None
    reader: LineReader | None
    last_prompt: object
    # The match is over: the table as stored (the service no longer holds it), so
    # its final state, rules and progress can still be looked at.
    final: tuple[TableStatus, Match | None] | None

    def say(self, message: str, style: str | None = None) -> None:
        """Print plain text (escaped for rich), with ♥/♦ cards in red."""
        body = red_suits(escape(message))
        self.out.print(f"[{style}]{body}[/{style}]" if style else body)

    def _panel(self, lines: Sequence[str], title_code: str, **params: object) -> None:
        body = red_suits(escape("\n".join(lines))) or "—"
        self.out.print(Panel(body, title=text(self.locale, title_code, **params)))

    def _t(self, code: str, **params: object) -> str:
        return text(self.locale, code, **params)

    def _status(self) -> TableStatus | None:
        """The table's status: as held while it plays, as stored once it is over."""
        status = self.service.queries.cached_status(self.table_id or 0)
        if status is None and self.final is not None:
            return self.final[0]
        return status

    def _view(self) -> View | None:
        view = self.service.queries.seat_view(self.table_id or 0, YOUR_SEAT)
        if view is None and self.final is not None and self.final[1] is not None:
            return self.final[1].view_for(YOUR_SEAT)  # the match is over: its last state
        return view

    def _ctx(self) -> TrumpContext | None:
        view = self._view()
        return view.context if view is not None and view.trump_fixed else None

    def _seats(self) -> tuple[SeatInfo, ...] | None:
        """The seats, yours named "you" in your language (not the name stored)."""
        status = self._status()
        if status is None:
            return None
        seats = list(status.table.seats)
        you = text(self.locale, "word.you")
        seats[YOUR_SEAT] = dataclasses.replace(seats[YOUR_SEAT], display_name=you)
        return tuple(seats)

    def show_hand(self) -> None:
        view = self._view()
        if view is None:
            self.say(self._t("console.no_hand"))
            return
        self._panel(hand_lines(self.locale, view), "console.title_hand")

    def show_status(self) -> None:
        view = self._view()
        if view is None:
            self.say(self._t("console.not_started"))
            return
        lines = status_lines(self.locale, view, self._seats(), show_last=True, sort=True)
        won = match_won_event(view) if view.phase == "finished" else None
        if won is not None:
            lines.append(event_line(self.locale, won, self._seats(), None) or "")
        self._panel(lines, "console.title_table", table=self.table_id)

    def show_rules(self) -> None:
        """规则: the table's rules in words and every house-rule setting."""
        status = self._status()
        if status is None:
            self.say(self._t("console.not_started"))
            return
        rules = status.table.rules
        lines = rules_lines(self.locale, rules, status.options.turn_seconds)
        lines += ["", *all_setting_lines(self.locale, rules)]
        lines = [line.replace("**", "") for line in lines]  # Discord's bold, not a terminal's
        self._panel(lines, "console.title_rules")

    def _declaration_options(self) -> list[Declaration]:
        match = self.service.queries.match_of(self.table_id or 0)
        return match.declaration_options(YOUR_SEAT) if match is not None else []

    def _suggested_call(self) -> str:
        return self.service.queries.suggested_call(self.table_id or 0, YOUR_SEAT) or ""

    def _hint(self) -> None:
        match = self.service.queries.match_of(self.table_id or 0)
        action = match.suggest(YOUR_SEAT) if match is not None else None
        cards = getattr(action, "cards", None)
        if action is None:
            self.say(self._t("console.nothing_now"))
            return
        shown = cards_text(cards, self._ctx()) if cards else self._suggested_call()
        shown = reader_cards(self.locale, shown)
        kind = self._t(f"hint.{action.kind}", fallback=action.kind)
        self.say(self._t("console.hint", kind=kind, cards=shown).rstrip())

    def _last_trick(self) -> None:
        self.say(last_trick_text(self.locale, self._view(), self._seats()))

    def _kitty(self) -> None:
        """The dealer looks at the kitty they took and what they buried, again."""
        for line in kitty_lines(self.locale, self._view()):
            self.say(line)

    async def _progress(self) -> None:
        hands = await self.service.queries.table_progress(self.table_id or 0)
        view = self._view()
        dealer = view.dealer if view is not None else None
        if view is not None and view.phase == "scored" and view.history:
            dealer = view.history[-1].next_dealer  # this hand is over: who deals the next
        elif view is not None and view.phase == "finished":
            dealer = None  # the match is over: nobody deals next
        for line in progress_lines(self.locale, hands, view.hand_no if view else 1, dealer):
            self.say(line)

    async def _replay(self, number: str = "") -> None:
        """复盘 [N]: step through this table's hand N, or its last finished hand, then
        back to the table."""
        if number.strip():
            if not number.strip().isdigit():
                self.say(self._t("console.replay_number"))
                return
            # Refused like the command line's --hand (unknown hand, still in play).
            stored = await self.service.replays.table_hand(self.table_id or 0, int(number))
            hand, replay = stored, replay_of(stored)
        else:
            try:
                hand, replay = await self.service.replays.finished(
                    guild_id=None, channel_id=CHANNEL, hand_id=None
                )
            except ServiceError as exc:
                if exc.code != "replay_none":
                    raise
                self.say(self._t("replay.no_hand_yet"))
                return
            if hand.table_id != self.table_id:  # none yet at this table (an older table's)
                self.say(self._t("replay.no_hand_yet"))
                return
        reader = self.reader

        async def read() -> str | None:
            line = await reader.readline() if reader is not None else None
            return None if line is None else line_command(line)

        names = [self._t("word.you"), *([None] * (replay.players - 1))]
        await step_through(replay, self.locale, self.say, read, names=names)
        self.last_prompt = None  # show the hand and the prompt again
        self.say(self._t("replay.back"))
