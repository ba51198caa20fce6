"""Tricks: leads, follows, failed throws, trick winners and the hand's end
(docs/rules.md §4–6; scoring is ``rules.hand_close``). Part of ``Match`` (see ``rules.flow_state``).
"""

from __future__ import annotations

from dataclasses import fields

from rules.actions import Play, TakeBack
from rules.cards import ALL_CARDS, POINTS, Card
from rules.errors import RuleError
from rules.events import Event, HandStarted, Played, ThrowFailed, TookBack, TrickWon
from rules.flow_deal import DealFlow
from rules.hand_close import HandClose, close_hand
from rules.hand_state import HandState, TrickState, hand_from_dict, hand_seed, hand_to_dict
from rules.play import Lead, check_follow, check_lead, make_lead, unit_beater
from rules.scoring import team_of
from rules.tricks import trick_winner
from rules.trump import TrumpContext
from rules.units import Unit


class TrickFlow(DealFlow):
    """From the first lead to the hand's last trick and the next hand."""

    def current_lead(self) -> Lead | None:
        t = self.hand.current
        if t is None or not t.plays:
            return None
        return make_lead(self.context, t.plays[0][1])

    def _play(self, action: Play) -> list[Event]:
        self._check_seat(action.seat)
        if self.phase != "playing":
            raise RuleError("wrong_phase", "it is not time to play", phase=self.phase)
        h = self.hand
        trick = h.current
        assert trick is not None and h.dealer is not None
        if action.seat != h.turn:
            raise RuleError("not_your_turn", "it is not your turn", turn=h.turn)
        ctx = self.context
        hand = h.hands[action.seat]
        cards = list(action.cards)
        events: list[Event] = []
        penalty = 0
        if not trick.plays:
            others = [h.hands[s] for s in range(self.rules.players) if s != action.seat]
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
        if penalty and self.friends_mode:
            h.seat_penalties[action.seat] += penalty
        elif penalty:
            attacker = team_of(action.seat) != team_of(h.dealer)
            h.penalties += -penalty if attacker else penalty
        for c in cards:
            hand[c] -= 1
        played = tuple(ALL_CARDS[c] for c in cards)
        trick.plays.append((action.seat, played))
        n = self.rules.players
        done = len(trick.plays) == n
        h.turn = None if done else (action.seat + 1) % n
        events.append(Played(action.seat, played, trick.trick_no, h.turn))
        if self.friends_mode:
            events.extend(self._friends_joining(action.seat, played, trick.trick_no))
            self._recount()
        if done:
            events.extend(self._finish_trick(ctx, trick))
        return events

    def _beater(
        self, ctx: TrumpContext, seat: int, forced: Unit
    ) -> tuple[int | None, tuple[Card, ...]]:
        """Who beats a failed throw's forced unit, and with what: the first seat in
        turn after the thrower (the one who would have played over it)."""
        n = self.rules.players
        for k in range(1, n):
            other = (seat + k) % n
            cards = unit_beater(ctx, forced, self.hand.hands[other])
            if cards is not None:
                return other, cards
        return None, ()  # unreachable: the unit failed because someone beats it

    # ---- 悔牌 (house rule ``play_takeback``, house-rules.md 1d) ---------------------------
    def _play_keeping_undo(self, action: Play) -> list[Event]:
        """``_play``, keeping the hand from before it while the trick stays open."""
        before = hand_to_dict(self.hand)
        events = self._play(action)  # raises before any change: ``before`` is then dropped
        t = self.hand.current
        self.before_play = before if self.phase == "playing" and t and t.plays else None
        return events

    def can_take_back(self, seat: int) -> bool:
        t = self.hand.current
        return (
            self.before_play is not None
            and self.phase == "playing"
            and t is not None
            and bool(t.plays)
            and t.plays[-1][0] == seat
        )

    def _take_back(self, action: TakeBack) -> list[Event]:
        self._check_seat(action.seat)
        mode = self.rules.play_takeback
        if mode == "off":
            raise RuleError("takeback_off", "take-backs are not allowed at this table")
        if self.phase != "playing":
            raise RuleError("wrong_phase", "it is not time to play", phase=self.phase)
        t = self.hand.current
        if self.before_play is None or t is None or not t.plays:
            raise RuleError("takeback_too_late", "there is no play in this trick to take back")
        if t.plays[-1][0] != action.seat:
            raise RuleError(
                "takeback_not_last", "only the last player may take back", seat=t.plays[-1][0]
            )
        cards = t.plays[-1][1]
        h = self.hand
        restored = hand_from_dict(self.before_play)
        for f in fields(HandState):  # in place: ``Match.apply`` logs by identity
            setattr(h, f.name, getattr(restored, f.name))
        self.before_play = None  # one step back only
        penalty = self.rules.throw_penalty if mode == "penalty" else 0
        if penalty and self.friends_mode:
            h.seat_penalties[action.seat] += penalty
            self._recount()
        elif penalty:
            assert h.dealer is not None
            attacker = team_of(action.seat) != team_of(h.dealer)
            h.penalties += -penalty if attacker else penalty
        return [TookBack(action.seat, cards, t.trick_no, penalty)]

    def _finish_trick(self, ctx: TrumpContext, trick: TrickState) -> list[Event]:
        h = self.hand
        assert h.dealer is not None
        lead = make_lead(ctx, trick.plays[0][1])
        idx = trick_winner(ctx, lead, [p for _, p in trick.plays])
        winner = trick.plays[idx][0]
        points = sum(POINTS[c] for _, p in trick.plays for c in p)
        trick.winner = winner
        trick.points = points
        attackers_won = not self.on_dealer_team(winner)
        if self.friends_mode:
            h.seat_points[winner] += points
            self._recount()
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
            self.rules, h, self._levels(), lead, attackers_won, trick.plays[idx][1]
        )
        events.extend(self._close_hand(closing))
        return events

    def _close_hand(self, closing: HandClose) -> list[Event]:
        """Record the hand and move on: the match is over, or the next hand waits."""
        summary = closing.summary
        self.levels = list(summary.levels_after)
        self.history.append(summary)
        self.next_dealer = summary.next_dealer
        events: list[Event] = [closing.scored]
        if closing.won is None:
            self.phase = "scored"
        else:
            self.winner = closing.won.team
            self.phase = "finished"
            events.append(closing.won)
        return events

    def _next_hand(self) -> list[Event]:
        if self.phase != "scored":
            raise RuleError("wrong_phase", "the hand is not over yet", phase=self.phase)
        if self.secret is not None:
            self.seed = hand_seed(self.secret, self.hand_no + 1)
        self.hand = self._new_hand(self.hand_no + 1, 0, self.next_dealer)
        return [HandStarted(self.hand_no, self.hand.dealer, self.hand.level_rank, self._levels())]
