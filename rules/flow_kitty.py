"""The kitty and friend calls: burying, stealing the kitty (炒地皮, house rule
``kitty_theft``), 找朋友 calls and friends joining as called cards fall (docs/rules.md §5;
找朋友 in docs/rules.md). One of ``Match``'s phases (see ``rules.flow_state``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Bury, CallFriends, Declare, Pass
from rules.cards import NUM_CARDS, Card, counts_of
from rules.errors import RuleError
from rules.events import (
    BuryDone,
    BuryStarted,
    CallStarted,
    Event,
    FriendJoined,
    FriendsCalled,
    KittyBuried,
    KittyStolen,
    KittyTaken,
    StealingOver,
    StealPassed,
    StealTurn,
)
from rules.flow_state import MatchState
from rules.friends import check_calls
from rules.hand_state import TrickState
from rules.notation import format_cards


class KittyFlow:
    """From the kitty taken to the first lead, and who the called friends are."""

    def __init__(self, state: MatchState) -> None:
        self.s = state  # the match's state, changed here

    def take(self) -> list[Event]:
        """Trump is fixed: the dealer takes the kitty and buries (without a kitty,
        play or the friend calls start at once)."""
        h = self.s.hand
        dealer = h.dealer
        assert dealer is not None
        h.kitty = h.deck[self.s.deal_total :]
        if not h.kitty:
            return self._after_bury()
        for c in h.kitty:
            h.hands[dealer][c] += 1
        self.s.phase = "burying"
        return [KittyTaken(dealer, tuple(h.kitty)), BuryStarted(dealer, len(h.kitty))]

    def bury(self, action: Bury) -> list[Event]:
        self.s.check_seat(action.seat)
        h = self.s.hand
        if self.s.phase != "burying":
            raise RuleError("wrong_phase", "it is not time to bury", phase=self.s.phase)
        if action.seat != self.s.burier:
            if h.burier is None or h.burier == h.dealer:
                raise RuleError("not_dealer", "only the dealer buries the kitty")
            raise RuleError("not_burier", "only the seat that took the kitty buries it")
        n = self.s.rules.kitty_size
        if len(action.cards) != n:
            raise RuleError("wrong_bury_count", f"bury exactly {n} cards", count=n)
        need = counts_of(action.cards)
        hand = h.hands[action.seat]
        for c in range(NUM_CARDS):
            if need[c] > hand[c]:
                raise RuleError(
                    "not_held",
                    f"you do not hold {format_cards([c] * need[c])}",
                    cards=format_cards([c] * need[c]),
                )
        for c in action.cards:
            hand[c] -= 1
        h.buried = list(action.cards)
        events: list[Event] = [KittyBuried(action.seat, tuple(action.cards)), BuryDone(action.seat)]
        if self.s.rules.kitty_theft == "on":
            # 炒地皮: the others, in turn from the burier's left, may take the kitty.
            self.s.phase = "stealing"
            h.steal_turn = (action.seat + 1) % self.s.rules.players
            events.append(StealTurn(h.steal_turn, action.seat))
            return events
        return [*events, *self._after_bury()]

    # ---- 炒地皮 (house rule ``kitty_theft``, house-rules.md 1b kitty_theft_policy) ------
    def _check_steal_turn(self, seat: int) -> None:
        self.s.check_seat(seat)
        if self.s.phase != "stealing":
            raise RuleError("wrong_phase", "it is not time to steal the kitty", phase=self.s.phase)
        if seat != self.s.hand.steal_turn:
            raise RuleError("not_your_steal_turn", "it is not your turn to steal the kitty")

    def steal(self, action: Declare) -> list[Event]:
        """An over-declaration at the hand's level: trump changes, the thief takes the
        buried cards and buries again; the dealer (and so the sides) stays."""
        self._check_steal_turn(action.seat)
        h = self.s.hand
        decl, _kind = self.s.checked_declaration(action, h.level_rank)
        hand = h.hands[action.seat]
        # Every check passed: change the match.
        previous = self.s.burier
        assert previous is not None
        h.declarations.append(decl)
        h.trump_suit = decl.suit
        taken = list(h.buried)
        for c in taken:
            hand[c] += 1
        h.kitty = taken  # what the thief picked up (their ``kitty_taken``)
        h.buried = []
        h.burier = action.seat
        h.steal_turn = None
        self.s.phase = "burying"
        return [
            KittyStolen(action.seat, decl.cards, decl.suit, decl.form, previous),
            KittyTaken(action.seat, tuple(taken)),
            BuryStarted(action.seat, len(taken)),
        ]

    def pass_steal(self, action: Pass) -> list[Event]:
        self._check_steal_turn(action.seat)
        h = self.s.hand
        burier = self.s.burier
        assert burier is not None
        nxt = (action.seat + 1) % self.s.rules.players
        events: list[Event] = [StealPassed(action.seat)]
        if nxt == burier:  # everyone else passed in turn: the kitty stands
            h.steal_turn = None
            events.append(StealingOver(burier, calling=self.s.rules.friend_calls > 0))
            events.extend(self._after_bury())
            return events
        h.steal_turn = nxt
        events.append(StealTurn(nxt, burier))
        return events

    def _after_bury(self) -> list[Event]:
        """Play starts, or first (找朋友) the dealer calls friends."""
        h = self.s.hand
        assert h.dealer is not None
        if self.s.rules.friend_calls:
            self.s.phase = "calling"
            return [CallStarted(h.dealer, self.s.rules.friend_calls)]
        self._start_play()
        return []

    def call(self, action: CallFriends) -> list[Event]:
        self.s.check_seat(action.seat)
        h = self.s.hand
        if self.s.phase != "calling":
            raise RuleError("wrong_phase", "it is not time to call friends", phase=self.s.phase)
        if action.seat != h.dealer:
            raise RuleError("not_dealer_call", "only the dealer calls friends")
        check_calls(self.s.rules, self.s.context, action.calls)
        h.calls = list(action.calls)
        h.call_seen = [0] * len(h.calls)
        h.call_done = [None] * len(h.calls)
        h.call_wasted = [False] * len(h.calls)
        self._start_play()
        return [FriendsCalled(action.seat, tuple(action.calls))]

    def friends_joining(self, seat: int, cards: Sequence[Card], trick_no: int) -> list[Event]:
        """Count the called cards in this play; whoever plays a called copy joins."""
        h = self.s.hand
        rules = self.s.rules
        assert rules.friends is not None
        events: list[Event] = []
        for card in cards:
            for i, call in enumerate(h.calls):
                if h.call_done[i] is not None or call.card != card:
                    continue
                on_team = self.s.on_dealer_team(seat)
                if h.call_seen[i] + 1 == call.nth and on_team and rules.friends.no_double_join:
                    continue  # not counted: the next copy completes the call
                h.call_seen[i] += 1
                if h.call_seen[i] == call.nth:
                    h.call_done[i] = seat
                    h.call_wasted[i] = on_team
                    events.append(
                        FriendJoined(seat, i, call.card, call.nth, trick_no, wasted=on_team)
                    )
        return events

    def recount(self) -> None:
        """找朋友: the sides' points from per-seat points, by the teams known now."""
        h = self.s.hand
        att = dfn = pen = 0
        for s in range(self.s.rules.players):
            if self.s.on_dealer_team(s):
                dfn += h.seat_points[s]
                pen += h.seat_penalties[s]
            else:
                att += h.seat_points[s]
                pen -= h.seat_penalties[s]
        h.attackers_points, h.defenders_points, h.penalties = att, dfn, pen

    def _start_play(self) -> None:
        h = self.s.hand
        self.s.phase = "playing"
        assert h.dealer is not None
        h.turn = h.dealer
        h.current = TrickState(1, h.dealer)
