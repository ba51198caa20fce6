"""Plain-text rendering shared by the console table and the Discord bot.

Everything here takes a *view* (public or one seat's), so it can only show what
that audience may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from bot.text.i18n import EN, counted, language, seat_name, text
from bot.text.score_text import takeover_text
from rules.cards import Card, rank_name
from rules.events import (
    BidWithdrawn,
    BuryDone,
    CallStarted,
    Declared,
    Event,
    FriendJoined,
    FriendsCalled,
    HandScored,
    HandStarted,
    KittyStolen,
    MatchWon,
    Passed,
    Played,
    Redealt,
    StealingOver,
    ThrowFailed,
    TookBack,
    TrickWon,
    TrumpFixed,
)
from rules.friends import FriendCall, format_calls
from rules.notation import format_cards
from rules.play import make_lead
from rules.tricks import trick_winner
from rules.trump import TRUMP, TrumpContext
from rules.views import HandSummary, View

# How cards are written: ``format_cards`` (text) by default; the Discord adapter
# passes ``bot.discord_app.emojis.card_format(...)`` (emoji faces with the text beside them).
CardFormat = Callable[[Iterable[Card]], str]


class NamedSeat(Protocol):
    """What the words read of a seat to name its player (the service's ``SeatInfo``
    is one): who sits there, whether an AI plays it, the name to show."""

    @property
    def user_id(self) -> int | None: ...

    @property
    def display_name(self) -> str: ...

    @property
    def is_ai(self) -> bool: ...


def trump_label(locale: str | None, view: View) -> str:
    if not view.trump_fixed:
        if view.declarations:
            d = view.declarations[-1]
            suit = text(locale, "word.no_trump") if d.trump_suit is None else d.trump_suit.symbol
            return text(locale, "trump.declared", suit=suit)
        return text(locale, "trump.unknown")
    return text(locale, "word.no_trump") if view.trump_suit is None else view.trump_suit.symbol


def cards_text(
    cards: Iterable[Card], ctx: TrumpContext | None = None, fmt: CardFormat = format_cards
) -> str:
    """Cards in display order (plain suits ♠ ♥ ♣ ♦, then trump, weakest first) when
    the hand's trump is known; as given otherwise."""
    return fmt(ctx.sort_cards(cards) if ctx is not None else cards)


def result_text(locale: str | None, winner: str, levels: int) -> str:
    """Who won the hand and what it is worth: "the attackers take over", …"""
    if levels == 0:  # no "go up 0 levels" (defenders who win the match at A gain none)
        return text(locale, "result.takeover" if winner == "attackers" else "result.defenders_hold")
    code = "result.takeover_up" if winner == "attackers" else "result.defenders_up"
    return counted(locale, code, levels, levels=levels)


def stored_trump_text(locale: str | None, letter: str) -> str:
    """A stored trump ("S", "H", "C", "D" or "NT") as the table shows it (♠ … no-trump)."""
    if letter in ("S", "H", "C", "D"):
        return "♠♥♣♦"["SHCD".index(letter)]
    return text(locale, "word.no_trump") if letter == "NT" else letter


def player_name(locale: str | None, seats: Sequence[NamedSeat] | None, seat: int) -> str:
    base = seat_name(locale, seat, len(seats) if seats is not None else 4)
    if seats is None:
        return base
    info = seats[seat]
    if info.is_ai and info.user_id is not None and info.display_name:  # a player on auto (托管)
        auto = text(locale, "word.auto")
        return text(locale, "player_name", seat=base, name=f"{info.display_name}, 🤖 {auto}")
    if info.is_ai:
        return text(locale, "player_name", seat=base, name=text(locale, "word.ai"))
    if info.display_name:
        return text(locale, "player_name", seat=base, name=info.display_name)
    return base


def play_text(
    locale: str | None,
    seats: Sequence[NamedSeat] | None,
    seat: int,
    cards: Iterable[Card],
    ctx: TrumpContext | None = None,
    fmt: CardFormat = format_cards,
) -> str:
    """One player's cards in a trick: "North (Ann): ♠A ♠A"."""
    fmt = reader_format(locale, fmt)
    return text(
        locale,
        "event.played",
        who=player_name(locale, seats, seat),
        cards=cards_text(cards, ctx, fmt),
    )


def suit_groups(ctx: TrumpContext, cards: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """The hand grouped by effective suit: plain suits ♠♥♣♦ first, trump last."""
    groups: dict[int, list[Card]] = {}
    for c in ctx.sort_cards(cards):
        groups.setdefault(ctx.suit_of[c], []).append(c)
    out: list[tuple[str, list[Card]]] = []
    for suit in sorted(groups, key=lambda s: (s == TRUMP, s)):
        out.append((ctx.suit_name(suit), groups[suit]))
    return out


def reader_cards(locale: str | None, shown: str) -> str:
    """Card text in the reader's notation: English writes the jokers BJ / LJ (as the
    English card notation does), Chinese 大王 / 小王."""
    if language(locale) != EN:
        return shown
    return shown.replace("大王", "BJ").replace("小王", "LJ")


def reader_format(locale: str | None, fmt: CardFormat = format_cards) -> CardFormat:
    """``fmt`` in the reader's notation (see ``reader_cards``). Wrapping twice is
    harmless; every line of this module that names cards goes through it."""
    if language(locale) != EN:
        return fmt
    return lambda cards: reader_cards(locale, fmt(cards))


def hand_cards(locale: str | None, cards: Iterable[Card]) -> str:
    """A hand row in the reader's notation (see ``reader_format``)."""
    return reader_format(locale)(cards)


def hand_lines(locale: str | None, view: View) -> list[str]:
    if view.hand is None:
        return []
    ctx = view.shown_context  # during the deal: by the trump declared so far
    lines = []
    for name, cards in suit_groups(ctx, view.hand):
        label = text(locale, "word.trump") if name == "trump" else name
        lines.append(f"{label:>5} ({len(cards):>2}): {hand_cards(locale, cards)}")
    return lines


def status_lines(
    locale: str | None,
    view: View,
    seats: Sequence[NamedSeat] | None = None,
    *,
    show_last: bool = False,
    sort: bool = False,
    fmt: CardFormat = format_cards,
) -> list[str]:
    """Trump, level, dealer, levels, whose turn, the trick, points, cards left.

    ``show_last`` adds the last finished trick while the new one is still empty
    (the console's table panel; Discord shows it in an embed field instead);
    ``sort`` prints played cards in display order instead of as played."""
    fmt = reader_format(locale, fmt)
    lv = view.levels
    dealer = (
        text(locale, "dealer_undecided")
        if view.dealer is None
        else player_name(locale, seats, view.dealer)
    )
    ctx = view.context if sort and view.trump_fixed else None
    lines = [
        text(
            locale,
            "status.head",
            hand=view.hand_no,
            level=rank_name(view.level_rank),
            trump=trump_label(locale, view),
            dealer=dealer,
        ),
        text(locale, "status.levels", ns=rank_name(lv[0]), ew=rank_name(lv[1]))
        if not view.friends_mode
        else text(locale, "levels_each", levels=levels_each(locale, view.levels, seats)),
    ]
    if view.friend_calls:
        lines.append(friends_line(locale, view, seats))
    if view.phase == "dealing":
        lines.append(text(locale, "status.dealing", dealt=view.dealt, total=view.deal_total))
    if view.phase == "stealing" and view.steal_turn is not None:  # 炒地皮
        who = player_name(locale, seats, view.steal_turn)
        lines.append(text(locale, "status.steal_turn", who=who))
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
            plays = " · ".join(play_text(locale, seats, s, c, ctx, fmt) for s, c in last.plays)
            winner = player_name(locale, seats, last.winner or 0)
            head = text(locale, "last_trick", n=last.trick_no, winner=winner, points=last.points)
            lines.append(text(locale, "trick_line", head=head, plays=plays))
        best = current_winner(view)
        trick = " · ".join(
            ("★" if s == best else "") + play_text(locale, seats, s, c, ctx, fmt)
            for s, c in view.current
        )
        lines.append(text(locale, "status.trick", n=view.trick_no, plays=trick or "—"))
        if best is not None:
            lines.append(text(locale, "status.winning", who=player_name(locale, seats, best)))
        if view.turn is not None:
            lines.append(text(locale, "status.turn", who=player_name(locale, seats, view.turn)))
        counts = " ".join(
            f"{seat_name(locale, s, view.players)} {n}" for s, n in enumerate(view.hand_sizes)
        )
        lines.append(text(locale, "status.cards_left", counts=counts))
    return lines


def current_winner(view: View) -> int | None:
    """The seat whose play now wins the trick in progress (the pictures' gold); None
    before the lead."""
    if not view.current:
        return None
    ctx = view.context
    try:
        lead = make_lead(ctx, view.current[0][1])
        return view.current[trick_winner(ctx, lead, [c for _, c in view.current])][0]
    except ValueError:  # not a lead the rules accept (a failed throw is shown as played)
        return None


def event_line(
    locale: str | None,
    ev: Event,
    seats: Sequence[NamedSeat] | None = None,
    ctx: TrumpContext | None = None,
    fmt: CardFormat = format_cards,
) -> str | None:
    """One line describing a public event (or None for events not worth a line).

    With the hand's trump context ``ctx``, played cards and the kitty are sorted;
    the jokers in the reader's notation (BJ / LJ in English)."""
    fmt = reader_format(locale, fmt)

    def name(seat: int) -> str:
        return player_name(locale, seats, seat)

    if isinstance(ev, HandStarted):
        return text(locale, "event.hand_started", n=ev.hand_no)
    if isinstance(ev, Declared):
        return text(locale, f"event.{ev.kind}", who=name(ev.seat), cards=fmt(ev.cards))
    if isinstance(ev, Passed):
        return None
    if isinstance(ev, Redealt):
        return text(locale, "event.redealt")
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
        return text(locale, "event.buried", who=name(ev.seat))
    if isinstance(ev, KittyStolen):  # 炒地皮
        suit = text(locale, "word.no_trump") if ev.trump_suit is None else ev.trump_suit.symbol
        return text(locale, "event.kitty_stolen", who=name(ev.seat), cards=fmt(ev.cards), suit=suit)
    if isinstance(ev, StealingOver):
        return text(locale, "event.stealing_over_call" if ev.calling else "event.stealing_over")
    if isinstance(ev, ThrowFailed):
        beaten = ev.beaten_by is not None  # who holds the higher unit, and its cards
        return text(
            locale,
            "event.throw_failed_beaten" if beaten else "event.throw_failed",
            who=name(ev.seat),
            attempted=cards_text(ev.attempted, ctx, fmt),
            forced=cards_text(ev.forced, ctx, fmt),
            penalty=ev.penalty,
            by=name(ev.beaten_by) if ev.beaten_by is not None else "",
            beater=cards_text(ev.beater, ctx, fmt),
        )
    if isinstance(ev, BidWithdrawn):
        shown = cards_text(ev.cards, ctx, fmt)
        return text(locale, "event.bid_withdrawn", who=name(ev.seat), cards=shown)
    if isinstance(ev, TookBack):  # 悔牌
        code = "event.took_back_penalty" if ev.penalty else "event.took_back"
        shown = cards_text(ev.cards, ctx, fmt)
        return text(locale, code, who=name(ev.seat), cards=shown, penalty=ev.penalty)
    if isinstance(ev, Played):
        return play_text(locale, seats, ev.seat, ev.cards, ctx, fmt)
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
        return text(locale, "friends_called", who=name(ev.seat), calls=calls_text(locale, ev.calls))
    if isinstance(ev, FriendJoined):
        call = reader_cards(locale, format_calls([FriendCall(ev.card, ev.nth)]))
        code = "friend_wasted" if ev.wasted else "friend_joined"
        return text(locale, code, who=name(ev.seat), call=call)
    if isinstance(ev, MatchWon) and ev.seats:
        return text(locale, "match_won_seats", who=", ".join(name(s) for s in ev.seats))
    if isinstance(ev, MatchWon):
        team = text(locale, "team.ns" if ev.team == 0 else "team.ew")
        return text(locale, "event.match_won", team=team)
    return None


def match_won_event(view: View) -> MatchWon | None:
    """The finished match's ``MatchWon`` as the view can rebuild it: 找朋友 names every
    winning seat (the last hand's dealer team members who played the last level)."""
    if view.winner is None:
        return None
    last = view.history[-1] if view.history else None
    if not view.friends_mode or last is None:
        return MatchWon(view.winner, view.levels)
    goal = view.rules.levels[-1]
    seats = tuple(s for s in last.team if last.levels_before[s] == goal)
    return MatchWon(view.winner, view.levels, seats or (view.winner,))


def levels_each(
    locale: str | None, levels: Sequence[int], seats: Sequence[NamedSeat] | None
) -> str:
    """找朋友: every seat's own level ("Seat 1 2 · Seat 2 3 …")."""
    n = len(levels)
    return " · ".join(f"{seat_name(locale, s, n)} {rank_name(lv)}" for s, lv in enumerate(levels))


def calls_text(locale: str | None, calls: Sequence[FriendCall] | str) -> str:
    """Friend calls as the reader writes a list: ``#1 ♠A, #1 ♥A`` in English,
    ``#1 ♠A，#1 ♥A`` in Chinese (the call parser reads both)."""
    shown = reader_cards(locale, calls if isinstance(calls, str) else format_calls(calls))
    return shown if language(locale) == EN else shown.replace(", ", "，")


def friends_line(locale: str | None, view: View, seats: Sequence[NamedSeat] | None) -> str:
    """The calls, each with who answered it once played, and the dealer's team so far."""
    calls = ("，" if language(locale) != EN else ", ").join(
        reader_cards(locale, format_calls([c.call]))
        + (f" → {player_name(locale, seats, c.joined)}" if c.joined is not None else "")
        for c in view.friend_calls
    )
    team = [view.dealer, *view.friends] if view.dealer is not None else []
    names = ", ".join(player_name(locale, seats, s) for s in team)
    return text(locale, "friends_status", calls=calls, team=names)


def hand_summary_text(
    locale: str | None,
    s: HandSummary,
    seats: Sequence[NamedSeat] | None = None,
    fmt: CardFormat = format_cards,
) -> str:
    """``summary_text`` of a scored hand as the view keeps it (``View.history``)."""
    ev = HandScored(
        s.hand_no,
        s.dealer,
        0,
        s.kitty,
        sum(c.points for c in s.kitty),
        s.multiplier,
        0,
        s.attackers_points,
        s.winner,  # type: ignore[arg-type]
        s.level_change,
        s.levels_after,
        s.next_dealer,
        team=s.team,  # 找朋友: the teams as they ended and every seat's level
    )
    return summary_text(locale, ev, seats if s.team else None, fmt=fmt)  # 找朋友 names seats


def summary_text(
    locale: str | None,
    ev: HandScored,
    seats: Sequence[NamedSeat] | None = None,
    ctx: TrumpContext | None = None,
    fmt: CardFormat = format_cards,
) -> str:
    fmt = reader_format(locale, fmt)
    kitty = cards_text(ev.kitty, ctx, fmt) or "—"
    mult = f" ×{ev.multiplier}" if ev.multiplier else ""
    head = text(
        locale, "summary.head", n=ev.hand_no, kitty=kitty, points=ev.kitty_points, mult=mult
    )
    if ev.team:  # 找朋友: the teams as they ended, and every seat's level
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
            parts.append(counted(locale, "friends_bonus", ev.bonus, bonus=ev.bonus))
        parts.append(text(locale, "levels_each", levels=levels_each(locale, ev.levels, seats)))
        return " ".join(parts)
    return head + text(
        locale,
        "hand_result",
        points=ev.attackers_points,
        result=result_text(locale, ev.winner, ev.level_change),
        next=player_name(locale, seats, ev.next_dealer),
        ns=rank_name(ev.levels[0]),
        ew=rank_name(ev.levels[1]),
    )
