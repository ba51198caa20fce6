"""What one client of the live table is sent: a JSON frame built from one seat's
``View`` (or the public view, for a spectator) and the table's public status.

A frame holds exactly what that view holds — the seat's own hand, the kitty only
for whoever may see it — plus the words of the client's language; it never reads
the match itself except for the seat's own choices (``Choices``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.service import TableStatus
from bot.text.i18n import seat_name, text
from bot.text.panel_text import memory_text, panel_state
from bot.text.render import (
    current_winner,
    friends_line,
    hand_summary_text,
    levels_each,
    player_name,
    reader_cards,
    suit_groups,
    trump_label,
)
from rules.cards import Card, rank_name
from rules.memory import card_memory
from rules.views import TrickView, View

# The page's own words: buttons and labels, looked up once per client.
UI_WORDS = (
    "live.play",
    "live.bury",
    "live.pass",
    "live.declare",
    "live.call",
    "live.take_back",
    "live.withdraw",
    "live.next_hand",
    "live.auto_on",
    "live.auto_off",
    "live.suggest",
    "live.clear",
    "live.last_trick",
    "live.kitty",
    "live.spectating",
    "live.reconnecting",
    "live.connected",
    "live.your_turn",
    "live.points",
    "live.hand_over",
    "live.no_access",
    "live.table_closed",
    "live.dealer_badge",
    "live.memory",
)


@dataclass(frozen=True, slots=True)
class Choices:
    """What this seat may do now, beyond the view: its declarations (or steals),
    a suggested selection and the dealer's suggested friend calls."""

    declare: tuple[tuple[Card, ...], ...] = ()
    suggestion: tuple[Card, ...] = ()
    calls: str = ""
    auto: bool = False


def _card(c: Card, lang: str) -> dict[str, Any]:
    if c.is_joker:
        return {"id": int(c), "rank": reader_cards(lang, str(c)), "suit": "", "red": c == Card.BJ}
    suit = c.suit
    assert suit is not None
    return {"id": int(c), "rank": rank_name(c.rank), "suit": suit.symbol, "red": suit.is_red}


@lru_cache(maxsize=16)
def _faces(lang: str) -> tuple[dict[str, Any], ...]:
    """Every card as ``card`` draws it in ``lang``, by card number (built once: a
    frame draws dozens of cards)."""
    return tuple(_card(c, lang) for c in Card)


def card(c: Card, lang: str) -> dict[str, Any]:
    """One card: its identity, and how the page draws it in ``lang``."""
    return dict(_faces(lang)[c])


def cards(cs: Iterable[Card], lang: str) -> list[dict[str, Any]]:
    faces = _faces(lang)
    return [dict(faces[c]) for c in cs]


def _plays(plays: Sequence[tuple[int, tuple[Card, ...]]], lang: str) -> list[dict[str, Any]]:
    return [{"seat": s, "cards": cards(c, lang)} for s, c in plays]


def _trick(t: TrickView, lang: str) -> dict[str, Any]:
    return {
        "no": t.trick_no,
        "plays": _plays(t.plays, lang),
        "winner": t.winner,
        "points": t.points,
    }


def _hand(view: View, lang: str) -> list[dict[str, Any]] | None:
    if view.hand is None:
        return None
    ctx = view.shown_context  # during the deal: grouped by the trump declared so far
    groups = []
    for name, group in suit_groups(ctx, view.hand):
        label = text(lang, "word.trump") if name == "trump" else name
        groups.append({"name": label, "trump": name == "trump", "cards": cards(group, lang)})
    return groups


def _can(view: View, choices: Choices) -> dict[str, Any]:
    seat = view.seat
    r = view.rules
    mine = seat is not None
    phase = view.phase
    bidding = phase in ("dealing", "declaring")
    return {
        "declare": [[int(c) for c in d] for d in choices.declare] if mine else [],
        "pass": mine
        and (
            (phase == "declaring" and seat not in view.passes)
            or (phase == "stealing" and view.steal_turn == seat)
        ),
        "bury": r.kitty_size if mine and phase == "burying" and view.burier == seat else 0,
        "call": r.friend_calls if mine and phase == "calling" and view.dealer == seat else 0,
        "play": mine and phase == "playing" and view.turn == seat,
        "take_back": mine
        and r.play_takeback != "off"
        and phase == "playing"
        and bool(view.current)
        and view.current[-1][0] == seat,
        "withdraw": mine
        and r.bid_takeback
        and bidding
        and bool(view.declarations)
        and view.declarations[-1].seat == seat,
        "next_hand": mine and phase == "scored",
        "auto": choices.auto,
    }


def _memory(status: TableStatus, view: View, lang: str) -> str | None:
    """The seat's card memory (记牌器) where the table allows it, during play."""
    if view.seat is None or view.phase != "playing" or not status.card_memory_on:
        return None
    ctx = view.context
    names = [ctx.suit_name(k) for k in range(5)]
    return memory_text(lang, card_memory(view), names).replace("**", "")


def _actor(view: View) -> int | None:
    """Whom the table waits for now (None: nobody in particular, or everyone)."""
    return {
        "playing": view.turn,
        "burying": view.burier,
        "calling": view.dealer,
        "stealing": view.steal_turn,
    }.get(view.phase)


def frame(
    status: TableStatus,
    view: View,
    lang: str,
    choices: Choices = Choices(),
    *,
    deadline_ms: int | None = None,
    hands: Sequence[Sequence[Card]] | None = None,
) -> dict[str, Any]:
    """The state frame of one client (``view.seat`` None: a spectator; ``hands``:
    every hand one trick behind, for a spectator where the table allows it)."""
    seats = status.table.seats
    n = view.players
    members = []
    for s in range(n):
        info = seats[s] if s < len(seats) else None
        members.append(
            {
                "seat": s,
                "place": seat_name(lang, s, n),
                "name": player_name(lang, seats, s),
                "ai": bool(info and info.is_ai),
                "cards": view.hand_sizes[s],
                "dealer": view.dealer == s,
                "team": view.on_dealer_team(s),
            }
        )
    scored = view.phase in ("scored", "finished") and bool(view.history)
    kitty = view.buried if view.buried else view.kitty_taken
    summary = hand_summary_text(lang, view.history[-1], seats) if scored else None
    levels = (
        levels_each(lang, view.levels, seats)
        if view.friends_mode
        else " · ".join(
            f"{text(lang, 'live.team', n=i + 1)} {rank_name(lv)}"
            for i, lv in enumerate(view.levels)
        )
    )
    trump = trump_label(lang, view)
    return {
        "t": "state",
        "table": status.table.id,
        "me": view.seat,
        "spectator": view.seat is None,
        "players": n,
        "seats": members,
        "phase": view.phase,
        "turn": _actor(view),
        "header": text(
            lang,
            "live.header",
            hand=view.hand_no,
            trump=trump,
            state=panel_state(lang, view, seats),
        ),
        "hand_no": view.hand_no,
        "trump": trump,
        "levels": levels,
        # 找朋友: the calls, who answered them, the dealer's team so far
        "friends": friends_line(lang, view, seats) if view.friends_mode else None,
        "points": {"attackers": view.attackers_points, "defenders": view.defenders_points},
        "points_text": text(lang, "live.points_line", points=view.attackers_points),
        "hand": _hand(view, lang),
        "declarations": [
            {"seat": d.seat, "cards": cards(d.cards, lang)} for d in view.declarations
        ],
        "trick": {
            "no": view.trick_no,
            "plays": _plays(view.current, lang),
            "winning": current_winner(view) if view.current else None,
        },
        "last": _trick(view.tricks[-1], lang) if view.tricks else None,
        "kitty": cards(kitty, lang) if kitty else None,
        "can": _can(view, choices),
        "suggest": [int(c) for c in choices.suggestion],
        "calls": choices.calls,
        "summary": summary,
        "deadline": deadline_ms,
        "dealt": [view.dealt, view.deal_total],
        "hands": [cards(h, lang) for h in hands] if hands is not None else None,
        "memory": _memory(status, view, lang),
    }


def words(lang: str) -> dict[str, str]:
    """The page's own words in ``lang`` (``UI_WORDS``)."""
    return {code.removeprefix("live."): text(lang, code) for code in UI_WORDS}
