"""Actions: the small values that drive a match. Each serialises to JSON and back.

Cards inside actions are written in the ASCII notation (``SA SA H10 BJ``) so the
JSON stays plain; the parser accepts it like any other notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rules.cards import Card
from rules.friends import FriendCall, format_calls, parse_calls
from rules.notation import format_cards, parse_cards


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        raise TypeError("abstract action")


@dataclass(frozen=True, slots=True)
class DealCards(Action):
    """Deal the next ``count`` cards (the front end paces the deal)."""

    count: int = 1
    kind: ClassVar[str] = "deal"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "count": self.count}


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """亮主 / reinforce / override: show level cards or jokers."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "declare"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "cards": format_cards(self.cards, "ascii")}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No (further) declaration from this seat in the window after the deal."""

    seat: int
    kind: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Bury(Action):
    """埋底: the dealer puts back as many cards as the kitty had."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "bury"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "cards": format_cards(self.cards, "ascii")}


@dataclass(frozen=True, slots=True)
class CallFriends(Action):
    """找朋友: the dealer's friend calls, made after burying."""

    seat: int
    calls: tuple[FriendCall, ...]
    kind: ClassVar[str] = "call"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "calls": format_calls(self.calls, "ascii")}


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lead or follow in the current trick."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "play"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "cards": format_cards(self.cards, "ascii")}


@dataclass(frozen=True, slots=True)
class WithdrawBid(Action):
    """The seat whose bid is winning withdraws it (house rule ``bid_takeback``)."""

    seat: int
    kind: ClassVar[str] = "withdraw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """悔牌: the last player of the unfinished trick takes their cards back
    (only under the ``play_takeback`` house rule)."""

    seat: int
    kind: ClassVar[str] = "takeback"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class NextHand(Action):
    """Start the next hand after a scored one."""

    kind: ClassVar[str] = "next_hand"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data.get("type")
    if kind == "deal":
        return DealCards(int(data.get("count", 1)))
    if kind == "declare":
        return Declare(int(data["seat"]), tuple(parse_cards(data["cards"])))
    if kind == "pass":
        return Pass(int(data["seat"]))
    if kind == "bury":
        return Bury(int(data["seat"]), tuple(parse_cards(data["cards"])))
    if kind == "call":
        return CallFriends(int(data["seat"]), tuple(parse_calls(data["calls"])))
    if kind == "play":
        return Play(int(data["seat"]), tuple(parse_cards(data["cards"])))
    if kind == "withdraw":
        return WithdrawBid(int(data["seat"]))
    if kind == "takeback":
        return TakeBack(int(data["seat"]))
    if kind == "next_hand":
        return NextHand()
    raise ValueError(f"unknown action type {kind!r}")
