"""Dealing and declaring: a new hand, the deal, 亮主/反主, passes and fixing trump
or dealing again, and the next hand (docs/rules.md §1, §7). One of ``Match``'s phases
(see ``rules.flow_state``).
"""

from __future__ import annotations

from rules.actions import DealCards, Declare, Pass, WithdrawBid
from rules.cards import Card, Suit
from rules.errors import RuleError
from rules.events import (
    BidWithdrawn,
    CardsDealt,
    DealProgress,
    Declared,
    Event,
    HandStarted,
    Passed,
    Redealt,
    TrumpFixed,
)
from rules.flow_kitty import KittyFlow
from rules.flow_state import MatchState
from rules.hand_state import hand_seed
from rules.ruleset_parts import NT_RANK

MAX_REDEALS = 3  # empty deals in a row before the fallback applies anyway


class DealFlow:
    """From a fresh deck to trump fixed (where the kitty phase takes over), and on to
    the next hand once one is scored."""

    def __init__(self, state: MatchState, kitty: KittyFlow) -> None:
        self.s = state  # the match's state, changed here
        self.kitty = kitty  # takes over once trump is fixed

    def deal(self, action: DealCards) -> list[Event]:
        if self.s.phase != "dealing":
            raise RuleError("wrong_phase", "the deal is over", phase=self.s.phase)
        if action.count < 1:
            raise RuleError("bad_count", "deal at least one card")
        h = self.s.hand
        total = self.s.deal_total
        start = h.dealer if h.dealer is not None else 0
        got: dict[int, list[Card]] = {}
        end = min(total, h.dealt + action.count)
        for i in range(h.dealt, end):
            seat = (start + i) % self.s.rules.players
            card = h.deck[i]
            h.hands[seat][card] += 1
            got.setdefault(seat, []).append(card)
        h.dealt = end
        events: list[Event] = [CardsDealt(s, tuple(cs)) for s, cs in sorted(got.items())]
        events.append(DealProgress(h.dealt, total))
        if h.dealt == total:
            self.s.phase = "declaring"
        return events

    def declare(self, action: Declare) -> list[Event]:
        self.s.check_seat(action.seat)
        if self.s.phase not in ("dealing", "declaring"):
            raise RuleError(
                "wrong_phase", "trump can only be declared during the deal", phase=self.s.phase
            )
        h = self.s.hand
        decl, kind = self.s.checked_declaration(action, self.s.declare_level(action.seat))
        h.declarations.append(decl)
        h.passes.clear()
        return [Declared(action.seat, decl.cards, decl.suit, decl.form, kind)]

    def withdraw(self, action: WithdrawBid) -> list[Event]:
        """House rule ``bid_takeback`` (house-rules.md 1b): the winning bid is taken
        back; the bid before it, if any, wins again and everyone may answer anew."""
        self.s.check_seat(action.seat)
        if self.s.rules.bid_takeback == "off":
            raise RuleError("withdraw_off", "bids cannot be withdrawn at this table")
        if self.s.phase not in ("dealing", "declaring"):
            raise RuleError("wrong_phase", "the bidding is over", phase=self.s.phase)
        h = self.s.hand
        if not h.declarations or h.declarations[-1].seat != action.seat:
            raise RuleError("withdraw_not_winning", "only the winning bid can be withdrawn")
        decl = h.declarations.pop()
        h.passes.clear()
        return [BidWithdrawn(action.seat, decl.cards)]

    def pass_bid(self, action: Pass) -> list[Event]:
        self.s.check_seat(action.seat)
        if self.s.phase != "declaring":
            raise RuleError(
                "wrong_phase", "you can pass once all cards are dealt", phase=self.s.phase
            )
        h = self.s.hand
        if action.seat in h.passes:
            raise RuleError("already_passed", "you have already passed")
        h.passes.add(action.seat)
        events: list[Event] = [Passed(action.seat)]
        if len(h.passes) == self.s.rules.players:
            events.extend(self._fix_trump())
        return events

    def _fix_trump(self) -> list[Event]:
        h = self.s.hand
        rules = self.s.rules
        how: str
        flipped: Card | None = None
        if h.declarations:
            decl = h.declarations[-1]
            suit = decl.suit
            how = "declared"
            if h.dealer is None:  # hand 1: the last standing declarer deals (抢庄)
                first = rules.first_dealer == "first-bid"
                h.dealer = h.declarations[0].seat if first else decl.seat
        else:
            fallback = rules.declaration.fallback
            if h.dealer is not None and h.level_rank == NT_RANK:
                fallback = "no-trump"  # 打无主: nobody declares, only jokers are trump
            if (h.dealer is None or fallback == "redeal") and h.redeals < MAX_REDEALS:
                return self._redeal("nobody declared")
            if h.dealer is None:
                # Hand 1 after MAX_REDEALS empty deals: the first seat dealt to deals
                # (choice), so a table of passing players still gets to play.
                h.dealer = 0
            if fallback == "redeal":
                fallback = "no-trump"
            if fallback == "flip":
                flipped = h.deck[self.s.deal_total + rules.declaration.fallback_arg - 1]
                suit = flipped.suit
                how = "flip"
            elif fallback == "suit":
                suit = Suit(rules.declaration.fallback_arg)
                how = "suit"
            else:
                suit = None
                how = "no-trump"
        dealer = h.dealer
        assert dealer is not None
        h.level_rank = self.s.level_of(dealer)
        h.trump_suit = suit
        h.trump_fixed = True
        fixed = TrumpFixed(suit, h.level_rank, dealer, how, flipped)  # type: ignore[arg-type]
        return [fixed, *self.kitty.take()]

    def _redeal(self, reason: str) -> list[Event]:
        old = self.s.hand
        if self.s.secret is not None:  # a deal: table's first seed is public (its record's)
            self.s.seed = hand_seed(self.s.secret, old.hand_no, old.redeals + 1)
        h = self.s.hand = self.s.new_hand(old.hand_no, old.redeals + 1, old.dealer)
        return [
            Redealt(reason),
            HandStarted(self.s.hand_no, h.dealer, h.level_rank, self.s.levels_tuple()),
        ]

    def next_hand(self) -> list[Event]:
        """The hand was scored: the next one is dealt (by the hand's next dealer)."""
        if self.s.phase != "scored":
            raise RuleError("wrong_phase", "the hand is not over yet", phase=self.s.phase)
        if self.s.secret is not None:
            self.s.seed = hand_seed(self.s.secret, self.s.hand_no + 1)
        h = self.s.hand = self.s.new_hand(self.s.hand_no + 1, 0, self.s.next_dealer)
        return [HandStarted(self.s.hand_no, h.dealer, h.level_rank, self.s.levels_tuple())]
