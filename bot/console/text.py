"""What the console says, as pure functions of a seat's view: the prompt for what
you are asked, the last trick, the kitty, finished hands, and which cards of a
refused move you do not hold. No I/O (``bot/console/table.py`` prints them)."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.records import SeatInfo
from bot.text.i18n import seat_name, sentences, text
from bot.text.render import (
    cards_text,
    levels_each,
    play_text,
    player_name,
    reader_cards,
    result_text,
    stored_trump_text,
)
from rules.cards import Card
from rules.declare import Declaration
from rules.notation import NotationError, format_cards, parse_cards
from rules.progress import HandProgress
from rules.trump import TRUMP
from rules.views import View

Seats = Sequence[SeatInfo] | None

# Every word the console understands -> its command. English and both Chinese
# scripts work whatever --lang says (a player may type either).
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("q", "quit", "exit", "退出"), "quit"),
    **dict.fromkeys(("?", "？", "help", "帮助", "幫助"), "help"),
    **dict.fromkeys(("h", "hand", "手牌"), "hand"),
    **dict.fromkeys(("s", "status", "牌桌", "状态", "狀態"), "status"),
    **dict.fromkeys(("l", "last", "上一轮", "上一輪"), "last"),
    **dict.fromkeys(("k", "kitty", "底牌"), "kitty"),
    **dict.fromkeys(("c", "call", "叫", "找朋友"), "call"),
    **dict.fromkeys(("progress", "进度", "進度"), "progress"),
    **dict.fromkeys(("hint", "提示"), "hint"),
    **dict.fromkeys(("rules", "规则", "規則"), "rules"),
    **dict.fromkeys(("auto", "托管", "託管"), "auto"),  # on until you take over
    **dict.fromkeys(("go", "提示出"), "go"),  # the suggested move, once
    **dict.fromkeys(("p", "play", "出", "出牌"), "play"),
    **dict.fromkeys(("b", "bury", "埋", "埋底"), "bury"),
    **dict.fromkeys(("d", "declare", "亮", "亮主"), "declare"),
    **dict.fromkeys(("pass", "过", "過", "不亮"), "pass"),
    **dict.fromkeys(("n", "next", "下一局"), "next"),
    **dict.fromkeys(("new", "下一场", "下一場"), "new"),  # another match, once one is over
    **dict.fromkeys(("undo", "takeback", "悔牌", "悔"), "takeback"),
    **dict.fromkeys(("unbid", "撤回", "撤回亮主"), "unbid"),
    **dict.fromkeys(("replay", "复盘", "復盤"), "replay"),  # the last finished hand
}
# Chinese card commands may be written without a space: 出♠A, 出梅花4, 埋♣3♣4.
_GLUED = ("出牌", "埋底", "亮主", "出", "埋", "亮")


def command_of(line: str) -> tuple[str, str]:
    """(command, the rest) of a typed line; an unknown first word is returned as it
    is, lowercased, with the whole line as the rest (cards typed alone)."""
    line = line.strip()
    word, _, rest = line.partition(" ")
    if word.lower() in COMMANDS:
        return COMMANDS[word.lower()], rest.strip()
    for prefix in _GLUED:
        if word.startswith(prefix) and len(word) > len(prefix):
            return COMMANDS[prefix], line[len(prefix) :].strip()
    return word.lower(), rest.strip()


# Every character a card in any notation can be written with (rules/notation.py).
_NOTATION_CHARS = frozenset(
    "♠♥♣♦♤♡♧♢SHCDAKQJTLBXsshcdakqjtlbx0123456789 ,、，+#黑桃红紅心梅花草方块塊片砖磚大小王鬼"
)


def notation_like(word: str) -> bool:
    """Could ``word`` be meant as cards? False for a word with letters no card
    notation uses (``clear亮``): that is a mistyped command, not bad cards."""
    plain = unicodedata.normalize("NFKC", word).replace("\ufe0f", "")  # ＳＡ, ♠️
    return all(ch in _NOTATION_CHARS for ch in plain)


def notation_reason(locale: str, params: Mapping[str, Any]) -> str:
    """Why a card token could not be read, in the reader's language."""
    code = params.get("reason_code")
    if not code:
        return str(params.get("reason", ""))
    extra = params.get("reason_params") or {}
    return text(locale, f"notation.{code}", fallback=params.get("reason", ""), **extra)


def ask_text(
    locale: str,
    asked: str | None,
    view: View | None,
    seats: Seats,
    options: Sequence[Declaration],
    passed_before: bool,
) -> str:
    """What you are asked to do, in words. ``passed_before``: a declaration came
    after your pass in this window."""
    # The example is one of your own options, never a fixed card you may not hold.
    example = reader_cards(locale, format_cards(options[0].cards)) if options else ""
    if asked in ("declare", "declare_or_pass") and view is not None:
        shown = reader_cards(locale, ", ".join(format_cards(d.cards) for d in options))
        if asked == "declare":
            return text(locale, "console.can_declare", options=shown, example=example)
        again = ""
        if passed_before or len(view.declarations) >= 2:  # an override cleared the passes
            last = view.declarations[-1]
            who = player_name(locale, seats, last.seat)
            shown_last = reader_cards(locale, format_cards(last.cards))
            again = text(locale, "console.pass_again", who=who, cards=shown_last)
            again += "\n"
        if not shown:
            return again + text(locale, "console.nothing_to_declare")
        return again + text(locale, "console.can_declare_or_pass", options=shown, example=example)
    if asked == "steal":  # 炒地皮
        shown = ", ".join(format_cards(d.cards) for d in options)
        if not shown:
            return text(locale, "console.steal_none")
        return text(locale, "console.steal", options=shown, example=example)
    if asked == "bury":
        n = view.rules.kitty_size if view else 0
        return text(locale, "console.bury", n=n, example=bury_example(locale, view))
    codes = {"play": "console.your_turn", "next": "console.next", "over": "console.over"}
    return text(locale, codes[asked]) if asked in codes else ""


def bury_example(locale: str, view: View | None) -> str:
    """Two cards of your hand to show in the bury prompt: the lowest that are not
    trumps (burying a trump is seldom wise, so it makes a poor example)."""
    if view is None or not view.hand:
        return ""
    ctx = view.context
    plain = [c for c in view.hand if ctx.suit_of[c] != TRUMP] or list(view.hand)
    lowest = sorted(plain, key=lambda c: (ctx.pos[c], c))[:2]
    return reader_cards(locale, cards_text(lowest, ctx))


def missing_text(locale: str, view: View | None, asked_cards: str) -> str:
    """Name only the cards you lack ("You do not hold ♥3."), not all you asked for;
    "" when that cannot be worked out (the service's own message is used then)."""
    try:
        wanted = Counter(parse_cards(asked_cards))
    except NotationError:
        return ""
    held = Counter(view.hand or ()) if view is not None else Counter[Card]()
    short = {c: n - held[c] for c, n in wanted.items() if n > held[c]}
    if not short:
        return ""
    ctx = view.context if view is not None and view.trump_fixed else None
    cards = [c for c, n in short.items() for _ in range(n)]
    missing = reader_cards(locale, cards_text(cards, ctx))
    parts = [text(locale, "console.missing", cards=missing)]
    for c in ctx.sort_cards(short) if ctx else sorted(short):
        if held[c]:
            card = reader_cards(locale, format_cards([c]))
            parts.append(text(locale, "console.only_have", count=held[c], card=card))
    return sentences(locale, *parts)


def last_trick_text(locale: str, view: View | None, seats: Seats) -> str:
    trick = view.last_trick if view else None
    if view is None or trick is None:
        return text(locale, "console.no_trick")
    ctx = view.context
    plays = " · ".join(play_text(locale, seats, s, c, ctx) for s, c in trick.plays)
    winner = player_name(locale, seats, trick.winner or 0)
    head = text(locale, "last_trick", n=trick.trick_no, winner=winner, points=trick.points)
    return text(locale, "trick_line", head=head, plays=plays)


def kitty_lines(locale: str, view: View | None) -> list[str]:
    """The dealer's kitty as taken and as buried (sorted); others are told it is private."""
    if view is None or (view.kitty_taken is None and view.buried is None):
        return [text(locale, "console.no_kitty")]
    ctx = view.context if view.trump_fixed else None
    lines = []
    if view.kitty_taken is not None:
        taken = reader_cards(locale, cards_text(view.kitty_taken, ctx))
        lines.append(text(locale, "console.kitty_taken", cards=taken))
    if view.buried is not None:
        # After the hand everyone sees the kitty; only its burier buried it.
        code = "dm_buried" if view.burier == view.seat else "console.kitty_revealed"
        buried = reader_cards(locale, cards_text(view.buried, ctx))
        lines.append(text(locale, code, cards=buried))
    return lines


def progress_lines(
    locale: str, hands: Sequence[HandProgress], hand_no: int, dealer: int | None = None
) -> list[str]:
    """Finished hands; who dealt next is the following hand's dealer (``dealer``: the
    current hand's, when known). 找朋友: seats by number and, after each hand, every
    seat's own level."""
    if not hands:
        return [text(locale, "console.no_progress", n=hand_no)]
    lines = []
    for i, p in enumerate(hands):
        nxt = hands[i + 1].dealer if i + 1 < len(hands) else dealer
        line = text(
            locale,
            "console.progress",
            n=p.hand_no,
            dealer=seat_name(locale, p.dealer, p.players),
            trump=stored_trump_text(locale, p.trump),
            points=p.attackers_points,
            result=result_text(locale, p.winner, p.level_change),
        )
        if nxt is not None:
            who = seat_name(locale, nxt, p.players)
            line = sentences(locale, line, text(locale, "console.deals_next", who=who))
        if p.per_seat:
            each = text(locale, "levels_each", levels=levels_each(locale, p.levels_after, None))
            line = sentences(locale, line, each)
        lines.append(line)
    return lines
