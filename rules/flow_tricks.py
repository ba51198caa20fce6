"""Tricks: leads, follows, failed throws, trick winners and the hand's end
(docs/rules.md §4–6; scoring is ``rules.hand_close``). One of ``Match``'s phases (see
``rules.flow_state``).
"""

from __future__ import annotations

from dataclasses import fields

from rules.actions import Play, TakeBack
from rules.cards import ALL_CARDS, POINTS, Card
from rules.errors import RuleError
from rules.events import Event, Played, ThrowFailed, TookBack, TrickWon
from rules.flow_kitty import KittyFlow
from rules.flow_state import MatchState
from rules.hand_close import HandClose, close_hand
from rules.hand_state import HandState, TrickState, hand_from_dict, hand_to_dict
from rules.play import Lead, check_follow, check_lead, make_lead, unit_beater
from rules.scoring import team_of
from rules.tricks import trick_winner
from rules.trump import TrumpContext
from rules.units import Unit


class TrickFlow:
    """From the first lead to the hand's last trick, scored."""

    def __init__(self, state: MatchState, kitty: KittyFlow) -> None:
        self.s = state  # the match's state, changed here
        self.kitty = kitty  # 找朋友: friends join as the called cards fall

    def current_lead(self) -> Lead | None:
        t = self.s.hand.current
        if t is None or not t.plays:
            return None
        return make_lead(self.s.context, t.plays[0][1])

    def play(self, action: Play) -> list[Event]:
        self.s.check_seat(action.seat)
        if self.s.phase != "playing":
            raise RuleError("wrong_phase", "it is not time to play", phase=self.s.phase)
        h = self.s.hand
        trick = h.current
        assert trick is not None and h.dealer is not None
        if action.seat != h.turn:
            raise RuleError("not_your_turn", "it is not your turn", turn=h.turn)
        ctx = self.s.context
        hand = h.hands[action.seat]
        cards = list(action.cards)
        events: list[Event] = []
        penalty = 0
        if not trick.plays:
            others = [h.hands[s] for s in range(self.s.rules.players) if s != action.seat]
            result = check_lead(ctx, hand, cards, others)
            if result.kind == "failed_throw":
                penalty = result.penalty
                beaten_by, beater = self._beater(ctx, action.seat, result.lead.units[0])
                events.append(
                    ThrowFailed(
                        action.seat,
                        result.attempted,
                        result.lead.cards,
                        penalty,
                        beaten_by,
                        beater,
                    )
                )
            cards = list(result.lead.cards)
        else:
            lead = make_lead(ctx, trick.plays[0][1])
            check_follow(ctx, hand, lead, cards)
        # Accepted: change state.
        if penalty and self.s.friends_mode:
            h.seat_penalties[action.seat] += penalty
        elif penalty:
            attacker = team_of(action.seat) != team_of(h.dealer)
            h.penalties += -penalty if attacker else penalty
        for c in cards:
            hand[c] -= 1
        played = tuple(ALL_CARDS[c] for c in cards)
        trick.plays.append((action.seat, played))
        n = self.s.rules.players
        done = len(trick.plays) == n
        h.turn = None if done else (action.seat + 1) % n
        events.append(Played(action.seat, played, trick.trick_no, h.turn))
        if self.s.friends_mode:
            events.extend(self.kitty.friends_joining(action.seat, played, trick.trick_no))
            self.kitty.recount()
        if done:
            events.extend(self._finish_trick(ctx, trick))
        return events

    def _beater(
        self, ctx: TrumpContext, seat: int, forced: Unit
    ) -> tuple[int | None, tuple[Card, ...]]:
        """Who beats a failed throw's forced unit, and with what: the first seat in
        turn after the thrower (the one who would have played over it)."""
        n = self.s.rules.players
        for k in range(1, n):
            other = (seat + k) % n
            cards = unit_beater(ctx, forced, self.s.hand.hands[other])
            if cards is not None:
                return other, cards
        return None, ()  # unreachable: the unit failed because someone beats it

    # ---- 悔牌 (house rule ``play_takeback``, house-rules.md 1d) ---------------------------
    def play_keeping_undo(self, action: Play) -> list[Event]:
        """``play``, keeping the hand from before it while the trick stays open."""
        before = hand_to_dict(self.s.hand)
        events = self.play(action)  # raises before any change: ``before`` is then dropped
        t = self.s.hand.current
        self.s.before_play = before if self.s.phase == "playing" and t and t.plays else None
        return events

    def can_take_back(self, seat: int) -> bool:
        t = self.s.hand.current
        return (
            self.s.before_play is not None
            and self.s.phase == "playing"
            and t is not None
            and bool(t.plays)
            and t.plays[-1][0] == seat
        )

    def take_back(self, action: TakeBack) -> list[Event]:
        self.s.check_seat(action.seat)
        mode = self.s.rules.play_takeback
        if mode == "off":
            raise RuleError("takeback_off", "take-backs are not allowed at this table")
        if self.s.phase != "playing":
            raise RuleError("wrong_phase", "it is not time to play", phase=self.s.phase)
        t = self.s.hand.current
        if self.s.before_play is None or t is None or not t.plays:
            raise RuleError("takeback_too_late", "there is no play in this trick to take back")
        if t.plays[-1][0] != action.seat:
            raise RuleError(
                "takeback_not_last", "only the last player may take back", seat=t.plays[-1][0]
            )
        cards = t.plays[-1][1]
        h = self.s.hand
        restored = hand_from_dict(self.s.before_play)
        for f in fields(HandState):  # in place: ``Match.apply`` logs by identity
            setattr(h, f.name, getattr(restored, f.name))
        self.s.before_play = None  # one step back only
        penalty = self.s.rules.throw_penalty if mode == "penalty" else 0
        if penalty and self.s.friends_mode:
            h.seat_penalties[action.seat] += penalty
            self.kitty.recount()
        elif penalty:
            assert h.dealer is not None
            attacker = team_of(action.seat) != team_of(h.dealer)
            h.penalties += -penalty if attacker else penalty
        return [TookBack(action.seat, cards, t.trick_no, penalty)]

    def _finish_trick(self, ctx: TrumpContext, trick: TrickState) -> list[Event]:
        h = self.s.hand
        assert h.dealer is not None
        lead = make_lead(ctx, trick.plays[0][1])
        idx = trick_winner(ctx, lead, [p for _, p in trick.plays])
        winner = trick.plays[idx][0]
        points = sum(POINTS[c] for _, p in trick.plays for c in p)
        trick.winner = winner
        trick.points = points
        attackers_won = not self.s.on_dealer_team(winner)
        if self.s.friends_mode:
            h.seat_points[winner] += points
            self.kitty.recount()
        elif attackers_won:
            h.attackers_points += points
        else:
            h.defenders_points += points
        h.tricks.append(trick)
        events: list[Event] = [
            TrickWon(winner, trick.trick_no, points, h.attackers_points + h.penalties)
        ]
        if any(h.hands[0]):
            h.turn = winner
            h.current = TrickState(trick.trick_no + 1, winner)
            return events
        h.current = None
        h.turn = None
        closing = close_hand(
            self.s.rules, h, self.s.levels_tuple(), lead, attackers_won, trick.plays[idx][1]
        )
        events.extend(self._close_hand(closing))
        return events

    def _close_hand(self, closing: HandClose) -> list[Event]:
        """Record the hand and move on: the match is over, or the next hand waits."""
        summary = closing.summary
        self.s.levels = list(summary.levels_after)
        self.s.history.append(summary)
        self.s.next_dealer = summary.next_dealer
        events: list[Event] = [closing.scored]
        if closing.won is None:
            self.s.phase = "scored"
        else:
            self.s.winner = closing.won.team
            self.s.phase = "finished"
            events.append(closing.won)
        return events
