"""The words of a play panel (Discord's, the live table's): header, verdict line,
last trick, card memory.

Everything is built from one seat's own view, in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.text.error_text import error_text
from bot.text.i18n import seat_name, shape_text, text
from bot.text.render import NamedSeat, player_name, reader_cards, trump_label
from rules.cards import Card, rank_name
from rules.memory import CardMemory
from rules.notation import format_cards
from rules.preview import Preview
from rules.trump import TRUMP
from rules.views import View

CardsText = Callable[[Sequence[Card]], str]  # how a front end shows cards inline


def verdict(locale: str | None, p: Preview, seats: Sequence[NamedSeat] | None = None) -> str:
    params = dict(p.params)
    if p.code == "lead_ok":
        return text(locale, "preview.lead_ok", kind=_kind(locale, params["shape"]))
    if p.code == "follow_ok":
        return text(locale, "preview.follow_wins" if params.get("winning") else "preview.follow_ok")
    if p.code == "throw_risky":
        shapes = params.get("shapes") or [(1, 1)]
        suit = params["suit"]
        if suit in ("trump", "black", "red"):
            suit = text(locale, f"word.{suit}")
        unit = _kind(locale, min(shapes, key=lambda s: s[0] * s[1]))
        return text(locale, "preview.throw_risky", suit=suit, unit=unit)
    if p.code == "not_your_turn":
        turn = params.get("turn")
        who = player_name(locale, seats, turn) if isinstance(turn, int) else "?"
        return text(locale, "preview.not_your_turn", turn_name=who)
    if f"preview.{p.code}" in _PREVIEW_KEYS:
        return text(locale, f"preview.{p.code}", **params)
    # A rules refusal: the same words the table would answer with.
    return error_text(locale, p.code, params).rstrip(".。")


_PREVIEW_KEYS = frozenset(
    {
        "preview.throw_safe",
        "preview.nothing_selected",
        "preview.bury_count",
        "preview.bury_ok",
    }
)


def _kind(locale: str | None, shape: Sequence[int]) -> str:
    w, length = int(shape[0]), int(shape[1])
    if (w, length) == (1, 1):
        return text(locale, "word.single")
    return shape_text(locale, (w, length))


def header(locale: str | None, view: View, seats: Sequence[NamedSeat] | None) -> str:
    return text(
        locale,
        "panel.header",
        hand=view.hand_no,
        trump=trump_label(locale, view),
        state=panel_state(locale, view, seats),
    )


def panel_state(locale: str | None, view: View, seats: Sequence[NamedSeat] | None) -> str:
    """What the table waits for, from this seat's point of view."""
    if view.phase in ("dealing", "declaring"):
        state = text(locale, "panel.state.declare")
    elif view.phase == "stealing" and view.steal_turn is not None:  # 炒地皮
        if view.steal_turn == view.seat:
            state = text(locale, "panel.state.steal")
        else:
            who = player_name(locale, seats, view.steal_turn)
            state = text(locale, "panel.state.steal_wait", who=who)
    elif view.phase == "burying" and view.burier not in (None, view.dealer):  # a thief
        if view.seat == view.burier:
            state = text(locale, "panel.state.rebury", count=view.rules.kitty_size)
        else:
            who = player_name(locale, seats, view.burier or 0)
            state = text(locale, "panel.state.rebury_wait", who=who)
    elif view.phase == "burying":
        if view.seat == view.dealer:
            state = text(locale, "panel.state.bury", count=view.rules.kitty_size)
        else:
            state = text(locale, "panel.state.bury_wait")
    elif view.phase == "calling":  # 找朋友: the dealer calls friends with /call
        if view.seat == view.dealer:
            state = text(locale, "panel.state.call", n=view.rules.friend_calls)
        else:
            state = text(locale, "panel.state.call_wait")
    elif view.phase == "playing" and view.turn is not None:
        if view.turn == view.seat:
            state = text(locale, "panel.state.follow" if view.current else "panel.state.lead")
        else:
            state = text(locale, "panel.state.wait", who=player_name(locale, seats, view.turn))
    else:
        state = text(locale, "panel.state.over")
    return state


def trick_line(
    locale: str | None, view: View, seats: Sequence[NamedSeat] | None, show: CardsText
) -> str | None:
    if view.phase != "playing" or not view.current:
        return None
    plays = " · ".join(f"{player_name(locale, seats, s)}: {show(c)}" for s, c in view.current)
    return text(locale, "panel.trick", n=view.trick_no, plays=plays)


def last_trick_text(
    locale: str | None, view: View, seats: Sequence[NamedSeat] | None, show: CardsText
) -> str:
    last = view.last_trick
    if last is None:
        return text(locale, "panel.no_last")
    plays = "\n".join(f"{player_name(locale, seats, s)}: {show(c)}" for s, c in last.plays)
    winner = player_name(locale, seats, last.winner if last.winner is not None else last.leader)
    return text(
        locale, "panel.last", n=last.trick_no, winner=winner, points=last.points, plays=plays
    )


def memory_text(locale: str | None, mem: CardMemory, suit_name: Sequence[str]) -> str:
    """``suit_name``: effective suit → its name (♠ ♥ ♣ ♦ trump, or black/red)."""
    none = text(locale, "memory.none")
    lines = [
        text(locale, "memory.header", tricks=mem.tricks_played),
        text(
            locale,
            "memory.points",
            out=mem.points_out,
            total=mem.points_total,
            elsewhere=mem.points_elsewhere,
        ),
    ]
    level = rank_name(mem.level_rank)
    for sm in mem.suits:
        high = reader_cards(locale, " ".join(format_cards([c] * n) for c, n in sm.high)) or none
        lines.append(
            text(
                locale,
                "memory.suit",
                suit=sm.suit.symbol,
                high=high,
                level=f"{sm.suit.symbol}{level}",
                n=sm.level,
                copies=mem.decks,
            )
        )
    jokers = reader_cards(locale, " ".join(format_cards([c] * n) for c, n in mem.jokers))
    jokers = jokers or none
    lines.append(text(locale, "memory.jokers", jokers=jokers))
    voids = []
    for seat, suits in enumerate(mem.voids):
        if suits and seat != mem.seat:
            names = " ".join(
                text(locale, "word.trump") if s == TRUMP else _plain(locale, suit_name[s])
                for s in suits
            )
            voids.append(f"{seat_name(locale, seat)} {names}")
    lines.append(text(locale, "memory.voids", voids=", ".join(voids) or none))
    return "\n".join(lines)


def _plain(locale: str | None, name: str) -> str:
    return text(locale, f"word.{name}") if name in ("black", "red") else name
