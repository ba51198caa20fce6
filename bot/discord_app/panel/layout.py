"""How a hand fits a Discord message: pure, no Discord imports.

Discord allows 5 rows per message and 25 options per select menu; the panel keeps
two rows for buttons, so the hand gets at most ``MAX_SELECTS`` = 3 selects (75
options). Suits stay whole in one select when they can; a long suit (a four-deck
trump suit) is split. The largest case is a four-deck hand (54 cards, no kitty);
the three-deck dealer choosing a bury sees 39 + 6 = 45.

Each option's value names the card and which copy it is (``"12.1"``), because a
multi-deck hand holds identical cards and option values must differ. The
selection itself lives in the message (options marked ``default``), so a panel
needs no memory in the bot and survives a restart.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.trump import TRUMP, TrumpContext
from rules.views import View

MAX_OPTIONS = 25
MAX_SELECTS = 3


@dataclass(frozen=True, slots=True)
class Slot:
    card: Card
    copy: int  # 0 for the first copy of this card in the hand, 1 for the next …

    @property
    def value(self) -> str:
        return f"{int(self.card)}.{self.copy}"


@dataclass(frozen=True, slots=True)
class Group:
    """One select menu: its cards, and the effective suits it shows."""

    slots: tuple[Slot, ...]
    suits: tuple[int, ...]


def slots_of(ctx: TrumpContext, cards: Iterable[Card]) -> list[Slot]:
    """The cards in display order (plain suits ♠♥♣♦ then trump), copies numbered."""
    seen: dict[Card, int] = {}
    out = []
    for c in ctx.sort_cards(cards):
        k = seen.get(c, 0)
        seen[c] = k + 1
        out.append(Slot(c, k))
    return out


def group_hand(ctx: TrumpContext, cards: Sequence[Card]) -> list[Group]:
    """Split the cards into at most ``MAX_SELECTS`` groups of ≤ 25, by suit."""
    slots = slots_of(ctx, cards)
    if len(slots) > MAX_OPTIONS * MAX_SELECTS:
        raise ValueError(f"{len(slots)} cards do not fit {MAX_SELECTS} selects")
    by_suit: dict[int, list[Slot]] = {}
    for s in slots:
        by_suit.setdefault(ctx.suit_of[s.card], []).append(s)
    order = sorted(by_suit, key=lambda s: (s == TRUMP, s))
    # First try whole suits, packed in order (a suit starts a new select only when
    # it does not fit the current one).
    packed: list[list[int]] = []
    size = 0
    whole = True
    for suit in order:
        n = len(by_suit[suit])
        if n > MAX_OPTIONS:
            whole = False
            break
        if not packed or size + n > MAX_OPTIONS:
            packed.append([])
            size = 0
        packed[-1].append(suit)
        size += n
    if whole and len(packed) <= MAX_SELECTS:
        return [
            Group(tuple(s for suit in group for s in by_suit[suit]), tuple(group))
            for group in packed
        ]
    # Otherwise: fill the selects evenly in display order, splitting suits.
    per = -(-len(slots) // MAX_SELECTS)
    out = []
    for i in range(0, len(slots), per):
        chunk = tuple(slots[i : i + per])
        suits = tuple(dict.fromkeys(ctx.suit_of[s.card] for s in chunk))
        out.append(Group(chunk, suits))
    return out


def parse_value(value: str) -> Slot | None:
    card, _, copy = value.partition(".")
    if not (card.isdigit() and copy.isdigit()) or not 0 <= int(card) < 54:
        return None
    return Slot(Card(int(card)), int(copy))


def selected_cards(values: Iterable[str], hand: Sequence[Card]) -> list[Card] | None:
    """The cards the chosen option values stand for; None if one is not in ``hand``
    (the panel no longer matches the hand)."""
    have: dict[Card, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    out = []
    for v in dict.fromkeys(values):
        slot = parse_value(v)
        if slot is None or slot.copy >= have.get(slot.card, 0):
            return None
        out.append(slot.card)
    return out


def stamp(view: View) -> str:
    """What a panel was drawn for: when this changes, the panel is stale.

    While playing or burying: the hand number, phase and the seat's own cards (a
    play, or a move made for the player on a timer, changes them). While dealing
    and declaring: the hand number and how many declarations were made (a new
    declaration changes what the player may declare). 炒地皮: whose turn to steal it
    is and how many declarations were made.
    """
    if view.phase in ("dealing", "declaring"):
        key = f"{view.hand_no}/decl/{len(view.declarations)}"
    elif view.phase == "stealing":
        key = f"{view.hand_no}/steal/{len(view.declarations)}/{view.steal_turn}"
    else:
        hand = ",".join(str(int(c)) for c in sorted(view.hand or ()))
        key = f"{view.hand_no}/{view.phase}/{hand}"
    return f"{zlib.crc32(key.encode()):08x}"
