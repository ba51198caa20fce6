"""One hand's state inside a ``Match`` and its lossless JSON form.

``Match`` (``rules.game``) owns these and changes them only through actions; this
module keeps the plain data and the snapshot (``to_dict``/``from_dict``) code
apart from the state machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import NUM_CARDS, Card, Suit, cards_of, counts_of, full_deck
from rules.declare import Declaration
from rules.friends import FriendCall, format_calls, parse_calls
from rules.notation import format_cards, parse_cards
from rules.ruleset import RuleSet
from rules.views import HandSummary

SEATS = 4  # the four-player game's seats (rule sets with ``players`` say otherwise)


@dataclass(slots=True)
class TrickState:
    trick_no: int
    leader: int
    plays: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    winner: int | None = None
    points: int = 0


@dataclass(slots=True)
class HandState:
    hand_no: int
    redeals: int
    dealer: int | None
    level_rank: int
    deck: list[Card]
    dealt: int = 0
    hands: list[list[int]] = field(default_factory=lambda: [[0] * NUM_CARDS for _ in range(SEATS)])
    declarations: list[Declaration] = field(default_factory=list)
    passes: set[int] = field(default_factory=set)
    trump_suit: Suit | None = None
    trump_fixed: bool = False
    kitty: list[Card] = field(default_factory=list)
    buried: list[Card] = field(default_factory=list)
    turn: int | None = None
    tricks: list[TrickState] = field(default_factory=list)
    current: TrickState | None = None
    attackers_points: int = 0  # trick points captured by the attackers
    defenders_points: int = 0
    penalties: int = 0  # added to the attackers' total (negative when they threw badly)
    # The dealer known when the hand began (None: hand 1 without a first dealer, where
    # the declaring picks one); hand records need it to rebuild the hand's start.
    start_dealer: int | None = None
    # 找朋友 only (empty otherwise): the calls, copies of each call's card counted,
    # the seat that completed each call, and per-seat trick points and throw penalties.
    calls: list[FriendCall] = field(default_factory=list)
    call_seen: list[int] = field(default_factory=list)
    call_done: list[int | None] = field(default_factory=list)
    call_wasted: list[bool] = field(default_factory=list)
    seat_points: list[int] = field(default_factory=list)
    seat_penalties: list[int] = field(default_factory=list)
    # 炒地皮 (``kitty_theft``): the seat that buried last when a thief took the kitty
    # (None: the dealer), and whose turn it is to steal or pass in "stealing".
    burier: int | None = None
    steal_turn: int | None = None

    def friends(self) -> list[int]:
        """Seats that joined the dealer's team so far, dealer excluded, no repeats."""
        out: list[int] = []
        for s in self.call_done:
            if s is not None and s != self.dealer and s not in out:
                out.append(s)
        return out


def shuffled_deck(rules: RuleSet, seed: str, hand_no: int, redeals: int) -> list[Card]:
    """The deal order of one hand: a pure function of the seed, hand and redeal."""
    deck = full_deck(rules.decks, rules.lowest_rank, rules.jokers)
    random.Random(f"{seed}/{hand_no}/{redeals}").shuffle(deck)
    return deck


def hand_seed(secret: str, hand_no: int, redeals: int = 0) -> str:
    """The seed of hand ``hand_no`` (dealt ``redeals`` times before) of a match with
    a ``secret``: one-way, so a finished hand's record (which must carry its own
    seed to replay) tells nothing about another deal's cards."""
    return hashlib.sha256(f"{secret}/hand/{hand_no}/{redeals}".encode()).hexdigest()[:24]


def hand_to_dict(h: HandState) -> dict[str, Any]:
    fmt = _fmt
    out: dict[str, Any] = {
        "hand_no": h.hand_no,
        "redeals": h.redeals,
        "dealer": h.dealer,
        "level_rank": h.level_rank,
        "deck": fmt(h.deck),
        "dealt": h.dealt,
        "hands": [fmt(cards_of(x)) for x in h.hands],
        "declarations": [
            {
                "seat": d.seat,
                "cards": fmt(d.cards),
                "form": d.form,
                "suit": None if d.suit is None else int(d.suit),
                "strength": d.strength,
            }
            for d in h.declarations
        ],
        "passes": sorted(h.passes),
        "trump_suit": None if h.trump_suit is None else int(h.trump_suit),
        "trump_fixed": h.trump_fixed,
        "kitty": fmt(h.kitty),
        "buried": fmt(h.buried),
        "turn": h.turn,
        "tricks": [trick_to_dict(t) for t in h.tricks],
        "current": None if h.current is None else trick_to_dict(h.current),
        "attackers_points": h.attackers_points,
        "defenders_points": h.defenders_points,
        "penalties": h.penalties,
        "start_dealer": h.start_dealer,
    }
    if h.seat_points:  # 找朋友 only: four-player snapshots keep their old shape
        out["calls"] = format_calls(h.calls, "ascii")
        out["call_seen"] = list(h.call_seen)
        out["call_done"] = list(h.call_done)
        out["call_wasted"] = list(h.call_wasted)
        out["seat_points"] = list(h.seat_points)
        out["seat_penalties"] = list(h.seat_penalties)
    if h.burier is not None:  # 炒地皮 only: other snapshots keep their old shape
        out["burier"] = h.burier
    if h.steal_turn is not None:
        out["steal_turn"] = h.steal_turn
    return out


def hand_from_dict(hd: dict[str, Any]) -> HandState:
    hand = HandState(
        hand_no=hd["hand_no"],
        redeals=hd["redeals"],
        dealer=hd["dealer"],
        level_rank=hd["level_rank"],
        deck=parse_cards(hd["deck"]),
        dealt=hd["dealt"],
        hands=[counts_of(parse_cards(x)) for x in hd["hands"]],
        passes=set(hd["passes"]),
        trump_suit=None if hd["trump_suit"] is None else Suit(hd["trump_suit"]),
        trump_fixed=hd["trump_fixed"],
        kitty=parse_cards(hd["kitty"]),
        buried=parse_cards(hd["buried"]),
        turn=hd["turn"],
        tricks=[trick_from_dict(t) for t in hd["tricks"]],
        current=None if hd["current"] is None else trick_from_dict(hd["current"]),
        attackers_points=hd["attackers_points"],
        defenders_points=hd["defenders_points"],
        penalties=hd["penalties"],
        # Older snapshots lack it: later hands always began with their dealer.
        start_dealer=hd.get("start_dealer", hd["dealer"] if hd["hand_no"] > 1 else None),
        calls=parse_calls(hd["calls"]) if hd.get("calls") else [],
        call_seen=list(hd.get("call_seen", [])),
        call_done=list(hd.get("call_done", [])),
        call_wasted=list(hd.get("call_wasted", [])),
        seat_points=list(hd.get("seat_points", [])),
        seat_penalties=list(hd.get("seat_penalties", [])),
        burier=hd.get("burier"),
        steal_turn=hd.get("steal_turn"),
    )
    for d in hd["declarations"]:
        # Stored as read when made: the hand's level may have changed since (hand 1).
        hand.declarations.append(
            Declaration(
                d["seat"],
                tuple(parse_cards(d["cards"])),
                d["form"],
                None if d["suit"] is None else Suit(d["suit"]),
                d["strength"],
            )
        )
    return hand


def _fmt(cards: Sequence[int]) -> str:
    return format_cards(cards, "ascii")


def trick_to_dict(t: TrickState) -> dict[str, Any]:
    return {
        "trick_no": t.trick_no,
        "leader": t.leader,
        "plays": [[s, _fmt(p)] for s, p in t.plays],
        "winner": t.winner,
        "points": t.points,
    }


def trick_from_dict(d: dict[str, Any]) -> TrickState:
    return TrickState(
        d["trick_no"],
        d["leader"],
        [(s, tuple(parse_cards(p))) for s, p in d["plays"]],
        d["winner"],
        d["points"],
    )


def summary_to_dict(s: HandSummary) -> dict[str, Any]:
    return {
        "hand_no": s.hand_no,
        "dealer": s.dealer,
        "level_rank": s.level_rank,
        "trump_suit": None if s.trump_suit is None else int(s.trump_suit),
        "attackers_points": s.attackers_points,
        "kitty": _fmt(s.kitty),
        "multiplier": s.multiplier,
        "winner": s.winner,
        "level_change": s.level_change,
        "levels_before": list(s.levels_before),
        "levels_after": list(s.levels_after),
        "next_dealer": s.next_dealer,
        **({"team": list(s.team)} if s.team else {}),
    }


def summary_from_dict(d: dict[str, Any]) -> HandSummary:
    return HandSummary(
        hand_no=d["hand_no"],
        dealer=d["dealer"],
        level_rank=d["level_rank"],
        trump_suit=None if d["trump_suit"] is None else Suit(d["trump_suit"]),
        attackers_points=d["attackers_points"],
        kitty=tuple(parse_cards(d["kitty"])),
        multiplier=d["multiplier"],
        winner=d["winner"],
        level_change=d["level_change"],
        levels_before=tuple(d["levels_before"]),
        levels_after=tuple(d["levels_after"]),
        next_dealer=d["next_dealer"],
        team=tuple(d.get("team", ())),
    )
