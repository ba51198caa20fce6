"""Dealing and declaring: a new hand, the deal, 亮主/反主, passes and fixing trump
or dealing again (docs/rules.md §1, §7). Part of ``Match`` (see ``rules.flow_state``).
"""

from __future__ import annotations

from rules.actions import DealCards, Declare, Pass, WithdrawBid
from rules.cards import NUM_CARDS, Card, Suit
from rules.errors import RuleError
from rules.events import (
    BidWithdrawn,
    BuryStarted,
    CardsDealt,
    DealProgress,
    Declared,
    Event,
    HandStarted,
    KittyTaken,
    Passed,
    Redealt,
    TrumpFixed,
)
from rules.flow_kitty import KittyFlow
from rules.hand_state import HandState, hand_seed, shuffled_deck
from rules.ruleset_parts import NT_RANK

MAX_REDEALS = 3  # empty deals in a row before the fallback applies anyway


class DealFlow(KittyFlow):
    """From a fresh deck to trump fixed and the kitty in the dealer's hand."""

    def _new_hand(self, hand_no: int, redeals: int, dealer: int | None) -> HandState:
        # No dealer yet (hand 1): declarations are read at the declarer's own team
        # level (``_declare_level``) and the hand plays at the dealer's; shown until
        # then is team 0's level (both teams' when they are equal, as in a new match).
        level = self.level_of(dealer) if dealer is not None else self.levels[0]
        self.hand_no = hand_no
        self.phase = "dealing"
        self.hand_log = []
        n = self.rules.players
        h = HandState(
            hand_no=hand_no,
            redeals=redeals,
            dealer=dealer,
            level_rank=level,
            deck=shuffled_deck(self.rules, self.seed, hand_no, redeals),
            start_dealer=dealer,
            hands=[[0] * NUM_CARDS for _ in range(n)],
        )
        if self.friends_mode:
            h.seat_points = [0] * n
            h.seat_penalties = [0] * n
        return h

    def _declare_level(self, seat: int) -> int:
        """The level rank ``seat`` declares with: the hand's, or in a hand without a
        dealer yet, its own team's (the level the hand plays at if it ends up dealing)."""
        h = self.hand
        return h.level_rank if h.dealer is not None else self.level_of(seat)

    def _deal(self, action: DealCards) -> list[Event]:
        if self.phase != "dealing":
            raise RuleError("wrong_phase", "the deal is over", phase=self.phase)
        if action.count < 1:
            raise RuleError("bad_count", "deal at least one card")
        h = self.hand
        total = self.deal_total
        start = h.dealer if h.dealer is not None else 0
        got: dict[int, list[Card]] = {}
        end = min(total, h.dealt + action.count)
        for i in range(h.dealt, end):
            seat = (start + i) % self.rules.players
            card = h.deck[i]
            h.hands[seat][card] += 1
            got.setdefault(seat, []).append(card)
        h.dealt = end
        events: list[Event] = [CardsDealt(s, tuple(cs)) for s, cs in sorted(got.items())]
        events.append(DealProgress(h.dealt, total))
        if h.dealt == total:
            self.phase = "declaring"
        return events

    def _declare(self, action: Declare) -> list[Event]:
        self._check_seat(action.seat)
        if self.phase == "stealing":  # 炒地皮: an over-declaration takes the kitty
            return self._steal(action)
        if self.phase not in ("dealing", "declaring"):
            raise RuleError(
                "wrong_phase", "trump can only be declared during the deal", phase=self.phase
            )
        h = self.hand
        decl, kind = self._checked_declaration(action, self._declare_level(action.seat))
        h.declarations.append(decl)
        h.passes.clear()
        return [Declared(action.seat, decl.cards, decl.suit, decl.form, kind)]

    def _withdraw(self, action: WithdrawBid) -> list[Event]:
        """House rule ``bid_takeback`` (house-rules.md 1b): the winning bid is taken
        back; the bid before it, if any, wins again and everyone may answer anew."""
        self._check_seat(action.seat)
        if self.rules.bid_takeback == "off":
            raise RuleError("withdraw_off", "bids cannot be withdrawn at this table")
        if self.phase not in ("dealing", "declaring"):
            raise RuleError("wrong_phase", "the bidding is over", phase=self.phase)
        h = self.hand
        if not h.declarations or h.declarations[-1].seat != action.seat:
            raise RuleError("withdraw_not_winning", "only the winning bid can be withdrawn")
        decl = h.declarations.pop()
        h.passes.clear()
        return [BidWithdrawn(action.seat, decl.cards)]

    def _pass(self, action: Pass) -> list[Event]:
        self._check_seat(action.seat)
        if self.phase == "stealing":
            return self._steal_pass(action)
        if self.phase != "declaring":
            raise RuleError(
                "wrong_phase", "you can pass once all cards are dealt", phase=self.phase
            )
        h = self.hand
        if action.seat in h.passes:
            raise RuleError("already_passed", "you have already passed")
        h.passes.add(action.seat)
        events: list[Event] = [Passed(action.seat)]
        if len(h.passes) == self.rules.players:
            events.extend(self._fix_trump())
        return events

    def _fix_trump(self) -> list[Event]:
        h = self.hand
        rules = self.rules
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
                flipped = h.deck[self.deal_total + rules.declaration.fallback_arg - 1]
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
        h.level_rank = self.level_of(dealer)
        h.trump_suit = suit
        h.trump_fixed = True
        events: list[Event] = [TrumpFixed(suit, h.level_rank, dealer, how, flipped)]  # type: ignore[arg-type]
        h.kitty = h.deck[self.deal_total :]
        if h.kitty:
            for c in h.kitty:
                h.hands[dealer][c] += 1
            self.phase = "burying"
            events.append(KittyTaken(dealer, tuple(h.kitty)))
            events.append(BuryStarted(dealer, len(h.kitty)))
        else:
            events.extend(self._after_bury())
        return events

    def _redeal(self, reason: str) -> list[Event]:
        old = self.hand
        if self.secret is not None:  # a deal: table's first seed is public (its record's)
            self.seed = hand_seed(self.secret, old.hand_no, old.redeals + 1)
        self.hand = self._new_hand(old.hand_no, old.redeals + 1, old.dealer)
        return [
            Redealt(reason),
            HandStarted(self.hand_no, self.hand.dealer, self.hand.level_rank, self._levels()),
        ]
