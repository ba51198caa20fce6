"""The match: a deterministic state machine driven by actions (docs/rules.md §1–8).

    match = Match(preset("classic"), seed="table-42")
    events = match.apply(DealCards(108))       # or a few cards at a time
    match.apply(Declare(1, (Card.H2,)))
    ...

``apply`` either returns the events an action caused or raises ``RuleError``
and leaves the match exactly as it was (every check runs before any change).
Each phase of a hand is its own module (``rules.flow_deal``, ``rules.flow_kitty``,
``rules.flow_tricks`` on ``rules.flow_state``); ``Match`` adds construction,
``apply``, the front ends' help and snapshots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.actions import (
    Action,
    Bury,
    CallFriends,
    DealCards,
    Declare,
    NextHand,
    Pass,
    Play,
    TakeBack,
    WithdrawBid,
    action_from_dict,
)
from rules.burying import suggest_bury
from rules.cards import ALL_CARDS, NUM_CARDS, POINTS, Card
from rules.declare import Declaration, count_overrides, possible_declarations
from rules.errors import RuleError
from rules.events import Event, Phase
from rules.flow_deal import MAX_REDEALS as MAX_REDEALS
from rules.flow_tricks import TrickFlow
from rules.friends import suggest_calls
from rules.hand_state import (
    HandState,
    hand_from_dict,
    hand_to_dict,
    summary_from_dict,
    summary_to_dict,
)
from rules.hand_state import shuffled_deck as shuffled_deck
from rules.play import generate_follow
from rules.ruleset import RuleSet
from rules.trump import TRUMP, TrumpContext
from rules.views import DeclarationView, FriendCallView, HandSummary, TrickView, View


class Match(TrickFlow):
    """A whole match: hands until a team wins (docs/rules.md §6)."""

    def __init__(
        self,
        rules: RuleSet,
        seed: str,
        *,
        first_dealer: int | None = None,
        levels: Sequence[int] | None = None,
        hand_no: int = 1,
        redeals: int = 0,
        secret: str | None = None,
    ) -> None:
        """A new match, or (with ``levels``/``hand_no``/``first_dealer``) one that
        starts at a given hand, e.g. to replay a single hand record. ``seed`` deals
        the first hand; with a ``secret`` the later hands deal from seeds derived
        from it (``hand_seed``), so no record foretells another hand."""
        self.rules = rules.validate()
        self.seed = str(seed)
        self.secret = secret
        start = rules.levels[0]
        # One level per team (fixed partners) or per seat (找朋友).
        slots = rules.players if rules.friends is not None else 2
        self.levels: list[int] = list(levels) if levels is not None else [start] * slots
        self.hand_no = 0
        self.phase: Phase = "dealing"
        self.next_dealer: int | None = first_dealer
        self.history: list[HandSummary] = []
        self.winner: int | None = None
        self.hand_log: list[Action] = []  # this hand's accepted actions (for records)
        self.hand: HandState = self._new_hand(hand_no, redeals, first_dealer)
        self.before_play: dict[str, Any] | None = None

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return its events or raise RuleError (state unchanged)."""
        if self.phase == "finished":
            raise RuleError("match_over", "the match is over")
        hand_before = self.hand
        if isinstance(action, DealCards):
            events = self._deal(action)
        elif isinstance(action, Declare):
            events = self._declare(action)
        elif isinstance(action, Pass):
            events = self._pass(action)
        elif isinstance(action, Bury):
            events = self._bury(action)
        elif isinstance(action, CallFriends):
            events = self._call(action)
        elif isinstance(action, Play):
            if self.rules.play_takeback == "off":
                events = self._play(action)
            else:
                events = self._play_keeping_undo(action)
        elif isinstance(action, WithdrawBid):
            events = self._withdraw(action)
        elif isinstance(action, TakeBack):
            events = self._take_back(action)
        elif isinstance(action, NextHand):
            return self._next_hand()
        else:
            raise RuleError("unknown_action", f"unknown action {action!r}")
        if self.hand is hand_before:  # a redeal starts a fresh log
            self.hand_log.append(action)
        return events

    # ---- help for front ends ---------------------------------------------------------------
    def declaration_options(self, seat: int) -> list[Declaration]:
        """The declarations ``seat`` could make right now (none outside the deal; in
        "stealing" (炒地皮), the steals open to the seat whose turn it is)."""
        self._check_seat(seat)
        h = self.hand
        if self.phase == "stealing":
            if seat != h.steal_turn:
                return []
            return possible_declarations(
                self.rules,
                h.level_rank,
                seat,
                h.hands[seat],
                h.declarations[-1] if h.declarations else None,
                count_overrides(h.declarations),
            )
        if self.phase not in ("dealing", "declaring"):
            return []
        current = h.declarations[-1] if h.declarations else None
        return possible_declarations(
            self.rules,
            self._declare_level(seat),
            seat,
            h.hands[seat],
            current,
            count_overrides(h.declarations),
        )

    def suggest(self, seat: int) -> Action | None:
        """A legal default action for ``seat`` now, or None if it has nothing to do."""
        self._check_seat(seat)
        h = self.hand
        if self.phase == "declaring":
            return None if seat in h.passes else Pass(seat)
        if self.phase == "stealing":
            return Pass(seat) if seat == h.steal_turn else None
        if self.phase == "burying" and seat == self.burier:
            return Bury(
                seat, tuple(default_bury(self.context, h.hands[seat], self.rules.kitty_size))
            )
        if self.phase == "calling" and seat == h.dealer:
            return CallFriends(seat, tuple(suggest_calls(self.rules, self.context, h.hands[seat])))
        if self.phase == "playing" and seat == h.turn:
            ctx = self.context
            lead = self.current_lead()
            if lead is None:
                return Play(seat, (default_lead(ctx, h.hands[seat]),))
            return Play(seat, tuple(generate_follow(ctx, h.hands[seat], lead)))
        return None

    def view_for(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: the public view, with no hidden card)."""
        if seat is not None:
            self._check_seat(seat)
        h = self.hand
        # The burier (the dealer, or under 炒地皮 the last thief) alone sees the kitty.
        burier_view = seat is not None and seat == self.burier
        scored = self.phase in ("scored", "finished")
        hand = None if seat is None else tuple(self.hand_of(seat))
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            hand_no=self.hand_no,
            levels=self._levels(),
            dealer=h.dealer,
            # Before hand 1 has a dealer, a seat sees the level it declares with.
            level_rank=h.level_rank if seat is None else self._declare_level(seat),
            trump_suit=h.trump_suit,
            trump_fixed=h.trump_fixed,
            declarations=tuple(
                DeclarationView(d.seat, d.cards, d.form, d.suit) for d in h.declarations
            ),
            passes=tuple(sorted(h.passes)),
            dealt=h.dealt,
            deal_total=self.deal_total,
            hand=hand,
            hand_sizes=tuple(sum(x) for x in h.hands),
            kitty_taken=tuple(h.kitty) if burier_view and h.trump_fixed else None,
            buried=tuple(h.buried) if (burier_view or scored) and h.buried else None,
            turn=self.turn,
            trick_no=h.current.trick_no if h.current else len(h.tricks),
            current=tuple(h.current.plays) if h.current else (),
            tricks=tuple(
                TrickView(t.trick_no, t.leader, tuple(t.plays), t.winner, t.points)
                for t in h.tricks
            ),
            attackers_points=h.attackers_points + h.penalties,
            defenders_points=h.defenders_points,
            penalties=h.penalties,
            history=tuple(self.history),
            winner=self.winner,
            # Only played cards reveal friends: ``call_done`` is set when the copy falls.
            friend_calls=tuple(
                FriendCallView(
                    c,
                    h.call_seen[i],
                    h.call_done[i],
                    h.call_wasted[i],
                )
                for i, c in enumerate(h.calls)
            ),
            friends=tuple(h.friends()),
            seat_points=tuple(h.seat_points),
            burier=self.burier if h.trump_fixed else None,
            steal_turn=self.steal_turn,
        )

    # ---- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A complete, lossless snapshot (includes hidden cards: keep it server-side)."""
        h = self.hand
        out: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "levels": list(self.levels),
            "hand_no": self.hand_no,
            "phase": self.phase,
            "next_dealer": self.next_dealer,
            "winner": self.winner,
            "history": [summary_to_dict(s) for s in self.history],
            "hand_log": [a.to_dict() for a in self.hand_log],
            "hand": hand_to_dict(h),
        }
        if self.secret is not None:
            out["secret"] = self.secret
        if self.before_play is not None:  # 悔牌: lossless, so a restarted bot can take back
            out["before_play"] = self.before_play
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        rules = RuleSet.from_dict(data["rules"])
        m = cls.__new__(cls)
        m.rules = rules
        m.seed = data["seed"]
        m.secret = data.get("secret")
        m.levels = list(data["levels"])
        m.hand_no = data["hand_no"]
        m.phase = data["phase"]
        m.next_dealer = data["next_dealer"]
        m.winner = data["winner"]
        m.history = [summary_from_dict(s) for s in data["history"]]
        m.hand_log = actions_from_json(data["hand_log"])
        hand = hand_from_dict(data["hand"])
        m.hand = hand
        m.before_play = data.get("before_play")
        return m

    def copy(self) -> Match:
        return Match.from_dict(self.to_dict())


def replay(rules: RuleSet, seed: str, actions: Sequence[Action], **kwargs: Any) -> Match:
    """Rebuild a match from its seed and action log."""
    m = Match(rules, seed, **kwargs)
    for a in actions:
        m.apply(a)
    return m


def actions_from_json(items: Sequence[dict[str, Any]]) -> list[Action]:
    return [action_from_dict(x) for x in items]


# ---- defaults used by suggest() ---------------------------------------------------------


def _cheapness(ctx: TrumpContext, card: int) -> tuple[int, int, int, int]:
    return (ctx.suit_of[card] == TRUMP, POINTS[card], ctx.pos[card], card)


def default_lead(ctx: TrumpContext, hand: Sequence[int]) -> Card:
    """The cheapest single card: a low plain card without points if possible."""
    held = [c for c in range(NUM_CARDS) if hand[c]]
    return ALL_CARDS[min(held, key=lambda c: _cheapness(ctx, c))]


def default_bury(ctx: TrumpContext, hand: Sequence[int], n: int) -> list[Card]:
    """The suggested kitty: pairs and tractors kept, a short suit voided (rules.burying)."""
    return [ALL_CARDS[c] for c in suggest_bury(ctx, hand, n)]
