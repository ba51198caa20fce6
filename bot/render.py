"""Plain-text rendering shared by the console table and the Discord bot.

Everything here takes a *view* (public or one seat's), so it can only show what
that audience may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bot.i18n import language, seat_name, text
from bot.score_text import takeover_text
from rules.cards import Card, rank_name
from rules.events import (
    BuryDone,
    CallStarted,
    Declared,
    Event,
    FriendJoined,
    FriendsCalled,
    HandScored,
    HandStarted,
    MatchWon,
    Passed,
    Played,
    Redealt,
    ThrowFailed,
    TrickWon,
    TrumpFixed,
)
from rules.friends import FriendCall, format_calls
from rules.notation import format_cards
from rules.trump import TRUMP, TrumpContext
from rules.views import View
from storage.tables import SeatInfo

# How cards are written: ``format_cards`` (text) by default; the Discord adapter
# passes ``bot.emojis.card_format(...)`` (emoji faces with the text beside them).
CardFormat = Callable[[Iterable[Card]], str]


def _t(locale: str | None, en: str, zh_cn: str, zh_tw: str | None = None) -> str:
    lang = language(locale)
    if lang == "zh-CN":
        return zh_cn
    if lang == "zh-TW":
        return zh_tw or zh_cn
    return en


def trump_label(locale: str | None, view: View) -> str:
    if not view.trump_fixed:
        if view.declarations:
            d = view.declarations[-1]
            suit = text(locale, "word.no_trump") if d.trump_suit is None else d.trump_suit.symbol
            return _t(locale, f"{suit} (declared)", f"{suit}（已亮）", f"{suit}（已亮）")
        return "?"
    return text(locale, "word.no_trump") if view.trump_suit is None else view.trump_suit.symbol


def cards_text(
    cards: Iterable[Card], ctx: TrumpContext | None = None, fmt: CardFormat = format_cards
) -> str:
    """Cards in display order (plain suits ♠ ♥ ♣ ♦, then trump, weakest first) when
    the hand's trump is known; as given otherwise."""
    return fmt(ctx.sort_cards(cards) if ctx is not None else cards)


def result_text(locale: str | None, winner: str, levels: int) -> str:
    """Who won the hand and what it is worth: "the attackers take over", …"""
    if winner == "attackers":
        code = "result.takeover" if levels == 0 else "result.takeover_up"
    else:
        code = "result.defenders_up"
    return text(locale, code, levels=levels)


def stored_trump_text(locale: str | None, letter: str) -> str:
    """A stored trump ("S", "H", "C", "D" or "NT") as the table shows it (♠ … no-trump)."""
    if letter in ("S", "H", "C", "D"):
        return "♠♥♣♦"["SHCD".index(letter)]
    return text(locale, "word.no_trump") if letter == "NT" else letter


def player_name(locale: str | None, seats: Sequence[SeatInfo] | None, seat: int) -> str:
    base = seat_name(locale, seat, len(seats) if seats is not None else 4)
    if seats is None:
        return base
    info = seats[seat]
    if info.is_ai and info.user_id is not None and info.display_name:  # a player on auto (托管)
        return f"{base} ({info.display_name}, 🤖 {text(locale, 'word.auto')})"
    if info.is_ai:
        return f"{base} ({text(locale, 'word.ai')})"
    if info.display_name:
        return f"{base} ({info.display_name})"
    return base


def suit_groups(ctx: TrumpContext, cards: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """The hand grouped by effective suit: plain suits ♠♥♣♦ first, trump last."""
    groups: dict[int, list[Card]] = {}
    for c in ctx.sort_cards(cards):
        groups.setdefault(ctx.suit_of[c], []).append(c)
    out: list[tuple[str, list[Card]]] = []
    for suit in sorted(groups, key=lambda s: (s == TRUMP, s)):
        out.append((ctx.suit_name(suit), groups[suit]))
    return out


def hand_lines(locale: str | None, view: View) -> list[str]:
    if view.hand is None:
        return []
    ctx = view.context
    lines = []
    for name, cards in suit_groups(ctx, view.hand):
        label = text(locale, "word.trump") if name == "trump" else name
        lines.append(f"{label:>5} ({len(cards):>2}): {format_cards(cards)}")
    return lines


def status_lines(
    locale: str | None,
    view: View,
    seats: Sequence[SeatInfo] | None = None,
    *,
    show_last: bool = False,
    sort: bool = False,
    fmt: CardFormat = format_cards,
) -> list[str]:
    """Trump, level, dealer, levels, whose turn, the trick, points, cards left.

    ``show_last`` adds the last finished trick while the new one is still empty
    (the console's table panel; Discord shows it in an embed field instead);
    ``sort`` prints played cards in display order instead of as played."""
    lv = view.levels
    dealer = (
        text(locale, "dealer_undecided")
        if view.dealer is None
        else player_name(locale, seats, view.dealer)
    )
    ctx = view.context if sort and view.trump_fixed else None
    lines = [
        _t(
            locale,
            f"Hand {view.hand_no} · level {rank_name(view.level_rank)} · trump {trump_label(locale, view)}"
            f" · dealer {dealer}",
            f"第 {view.hand_no} 局 · 打 {rank_name(view.level_rank)} · 主 {trump_label(locale, view)}"
            f" · 庄家 {dealer}",
            f"第 {view.hand_no} 局 · 打 {rank_name(view.level_rank)} · 主 {trump_label(locale, view)}"
            f" · 莊家 {dealer}",
        ),
        _t(
            locale,
            f"Levels: N/S {rank_name(lv[0])} · E/W {rank_name(lv[1])}",
            f"级别：南北 {rank_name(lv[0])} · 东西 {rank_name(lv[1])}",
            f"級別：南北 {rank_name(lv[0])} · 東西 {rank_name(lv[1])}",
        )
        if not view.friends_mode
        else text(locale, "levels_each", levels=levels_each(locale, view.levels, seats)),
    ]
    if view.friend_calls:
        lines.append(friends_line(locale, view, seats))
    if view.phase == "dealing":
        lines.append(
            _t(
                locale,
                f"Dealing… {view.dealt}/{view.deal_total}",
                f"发牌中… {view.dealt}/{view.deal_total}",
                f"發牌中… {view.dealt}/{view.deal_total}",
            )
        )
    if view.dealer is not None and view.phase in ("playing", "scored", "finished"):
        lines.append(
            text(
                locale,
                "attackers_points",
                points=view.attackers_points,
                worth=takeover_text(locale, view.rules),
            )
        )
    if view.phase == "playing":
        last = view.last_trick
        if show_last and not view.current and last is not None:
            plays = " · ".join(
                f"{player_name(locale, seats, s)}: {cards_text(c, ctx, fmt)}" for s, c in last.plays
            )
            winner = player_name(locale, seats, last.winner or 0)
            lines.append(
                text(locale, "last_trick", n=last.trick_no, winner=winner, points=last.points)
                + f": {plays}"
            )
        trick = " · ".join(
            f"{player_name(locale, seats, s)}: {cards_text(cards, ctx, fmt)}"
            for s, cards in view.current
        )
        lines.append(
            _t(
                locale,
                f"Trick {view.trick_no}: ",
                f"第 {view.trick_no} 轮：",
                f"第 {view.trick_no} 輪：",
            )
            + (trick or "—")
        )
        if view.turn is not None:
            lines.append(
                _t(locale, "Turn: ", "轮到：", "輪到：") + player_name(locale, seats, view.turn)
            )
        lines.append(
            _t(locale, "Cards left: ", "剩余张数：", "剩餘張數：")
            + " ".join(
                f"{seat_name(locale, s, view.players)} {n}" for s, n in enumerate(view.hand_sizes)
            )
        )
    return lines


def event_line(
    locale: str | None,
    ev: Event,
    seats: Sequence[SeatInfo] | None = None,
    ctx: TrumpContext | None = None,
    fmt: CardFormat = format_cards,
) -> str | None:
    """One line describing a public event (or None for events not worth a line).

    With the hand's trump context ``ctx``, played cards and the kitty are sorted."""
    name = lambda s: player_name(locale, seats, s)  # noqa: E731
    if isinstance(ev, HandStarted):
        return _t(
            locale,
            f"Hand {ev.hand_no} begins.",
            f"第 {ev.hand_no} 局开始。",
            f"第 {ev.hand_no} 局開始。",
        )
    if isinstance(ev, Declared):
        what = {
            "declare": ("declares", "亮主", "亮主"),
            "reinforce": ("reinforces", "自保", "自保"),
            "override": ("overrides", "反主", "反主"),
        }[ev.kind]
        return f"{name(ev.seat)} {_t(locale, *what)}: {fmt(ev.cards)}"
    if isinstance(ev, Passed):
        return None
    if isinstance(ev, Redealt):
        return _t(
            locale,
            "Nobody declared: the cards are dealt again.",
            "没人亮主，重新发牌。",
            "沒人亮主，重新發牌。",
        )
    if isinstance(ev, TrumpFixed):
        flip = f" ({fmt([ev.flipped])})" if ev.flipped is not None else ""
        level = rank_name(ev.level_rank)
        if ev.trump_suit is None:
            return text(locale, "trump_fixed_none", flip=flip, level=level, dealer=name(ev.dealer))
        return text(
            locale,
            "trump_fixed",
            suit=ev.trump_suit.symbol,
            flip=flip,
            level=level,
            dealer=name(ev.dealer),
        )
    if isinstance(ev, BuryDone):
        return _t(
            locale,
            f"{name(ev.seat)} has buried the kitty.",
            f"{name(ev.seat)} 已埋底。",
            f"{name(ev.seat)} 已埋底。",
        )
    if isinstance(ev, ThrowFailed):
        return _t(
            locale,
            f"{name(ev.seat)} tried to throw {cards_text(ev.attempted, ctx, fmt)} but it can be beaten: "
            f"{cards_text(ev.forced, ctx, fmt)} is played, penalty {ev.penalty}.",
            f"{name(ev.seat)} 甩牌 {cards_text(ev.attempted, ctx, fmt)} 失败，改出 {cards_text(ev.forced, ctx, fmt)}，罚 {ev.penalty} 分。",
            f"{name(ev.seat)} 甩牌 {cards_text(ev.attempted, ctx, fmt)} 失敗，改出 {cards_text(ev.forced, ctx, fmt)}，罰 {ev.penalty} 分。",
        )
    if isinstance(ev, Played):
        return f"{name(ev.seat)}: {cards_text(ev.cards, ctx, fmt)}"
    if isinstance(ev, TrickWon):
        return text(
            locale,
            "trick_won",
            who=name(ev.seat),
            n=ev.trick_no,
            points=ev.points,
            total=ev.attackers_points,
        )
    if isinstance(ev, HandScored):
        return summary_text(locale, ev, seats, ctx, fmt)
    if isinstance(ev, CallStarted):
        return text(locale, "call_started", who=name(ev.seat), n=ev.count)
    if isinstance(ev, FriendsCalled):
        return text(locale, "friends_called", who=name(ev.seat), calls=format_calls(ev.calls))
    if isinstance(ev, FriendJoined):
        call = format_calls([FriendCall(ev.card, ev.nth)])
        code = "friend_wasted" if ev.wasted else "friend_joined"
        return text(locale, code, who=name(ev.seat), call=call)
    if isinstance(ev, MatchWon) and ev.seats:
        return text(locale, "match_won_seats", who=", ".join(name(s) for s in ev.seats))
    if isinstance(ev, MatchWon):
        team = (
            _t(locale, "North/South", "南北", "南北")
            if ev.team == 0
            else _t(locale, "East/West", "东西", "東西")
        )
        return _t(
            locale, f"🏆 {team} win the match!", f"🏆 {team}赢得比赛！", f"🏆 {team}贏得比賽！"
        )
    return None


def levels_each(locale: str | None, levels: Sequence[int], seats: Sequence[SeatInfo] | None) -> str:
    """找朋友: every seat's own level ("Seat 1 2 · Seat 2 3 …")."""
    n = len(levels)
    return " · ".join(f"{seat_name(locale, s, n)} {rank_name(lv)}" for s, lv in enumerate(levels))


def friends_line(locale: str | None, view: View, seats: Sequence[SeatInfo] | None) -> str:
    """The calls, each with who answered it once played, and the dealer's team so far."""
    calls = ", ".join(
        format_calls([c.call])
        + (f" → {player_name(locale, seats, c.joined)}" if c.joined is not None else "")
        for c in view.friend_calls
    )
    team = [view.dealer, *view.friends] if view.dealer is not None else []
    names = ", ".join(player_name(locale, seats, s) for s in team)
    return text(locale, "friends_status", calls=calls, team=names)


def summary_text(
    locale: str | None,
    ev: HandScored,
    seats: Sequence[SeatInfo] | None = None,
    ctx: TrumpContext | None = None,
    fmt: CardFormat = format_cards,
) -> str:
    kitty = cards_text(ev.kitty, ctx, fmt) or "—"
    mult = f" ×{ev.multiplier}" if ev.multiplier else ""
    if ev.team:  # 找朋友: the teams as they ended, and every seat's level
        head = _t(
            locale,
            f"Hand {ev.hand_no} over. Kitty: {kitty} ({ev.kitty_points} pts{mult}). ",
            f"第 {ev.hand_no} 局结束。底牌：{kitty}（{ev.kitty_points} 分{mult}）。",
            f"第 {ev.hand_no} 局結束。底牌：{kitty}（{ev.kitty_points} 分{mult}）。",
        )
        team = ", ".join(player_name(locale, seats, s) for s in ev.team)
        parts = [
            head + text(locale, "friends_team", team=team),
            text(
                locale,
                "hand_result_friends",
                points=ev.attackers_points,
                result=result_text(locale, ev.winner, ev.level_change),
                next=player_name(locale, seats, ev.next_dealer),
            ),
        ]
        if ev.bonus:
            parts.append(text(locale, "friends_bonus", bonus=ev.bonus))
        parts.append(text(locale, "levels_each", levels=levels_each(locale, ev.levels, seats)))
        return " ".join(parts)
    return _t(
        locale,
        f"Hand {ev.hand_no} over. Kitty: {kitty} ({ev.kitty_points} pts{mult}). ",
        f"第 {ev.hand_no} 局结束。底牌：{kitty}（{ev.kitty_points} 分{mult}）。",
        f"第 {ev.hand_no} 局結束。底牌：{kitty}（{ev.kitty_points} 分{mult}）。",
    ) + text(
        locale,
        "hand_result",
        points=ev.attackers_points,
        result=result_text(locale, ev.winner, ev.level_change),
        next=player_name(locale, seats, ev.next_dealer),
        ns=rank_name(ev.levels[0]),
        ew=rank_name(ev.levels[1]),
    )
