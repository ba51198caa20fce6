"""The match: a deterministic state machine driven by actions (docs/rules.md §1–8).

    match = Match(preset("classic"), seed="table-42")
    events = match.apply(DealCards(108))       # or a few cards at a time
    match.apply(Declare(1, (Card.H2,)))
    ...

``apply`` either returns the events an action caused or raises ``RuleError``
and leaves the match exactly as it was (every check runs before any change).
``Match`` holds the match's state (``rules.flow_state``) and one object per phase of a
hand working on it (``rules.flow_deal``, ``rules.flow_kitty``, ``rules.flow_tricks``);
it routes actions to them and adds the front ends' help and snapshots.
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
)
from rules.burying import suggest_bury
from rules.cards import ALL_CARDS, NUM_CARDS, POINTS, Card
from rules.declare import Declaration, count_overrides, possible_declarations
from rules.errors import RuleError
from rules.events import Event, Phase
from rules.flow_deal import MAX_REDEALS as MAX_REDEALS
from rules.flow_deal import DealFlow
from rules.flow_kitty import KittyFlow
from rules.flow_state import MatchState
from rules.flow_tricks import TrickFlow
from rules.friends import suggest_calls
from rules.hand_state import HandState
from rules.hand_state import shuffled_deck as shuffled_deck
from rules.play import Lead, generate_follow
from rules.ruleset import RuleSet
from rules.trump import TRUMP, TrumpContext
from rules.views import DeclarationView, FriendCallView, HandSummary, TrickView, View


class Match:
    """A whole match: hands until a team wins (docs/rules.md §6).

    The match's fields live in ``state`` (``MatchState``); each phase of a hand is
    an object working on that state (``DealFlow``, ``KittyFlow``, ``TrickFlow``).
    ``Match`` routes actions to them and answers the front ends; its fields and
    queries below read the state."""

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
        state = MatchState(
            rules,
            seed,
            first_dealer=first_dealer,
            levels=levels,
            hand_no=hand_no,
            redeals=redeals,
            secret=secret,
        )
        self._compose(state)

    def _compose(self, state: MatchState) -> None:
        self.state = state
        self._kitty = KittyFlow(state)
        self._deal = DealFlow(state, self._kitty)
        self._tricks = TrickFlow(state, self._kitty)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return its events or raise RuleError (state unchanged)."""
        s = self.state
        if s.phase == "finished":
            raise RuleError("match_over", "the match is over")
        hand_before = s.hand
        stealing = s.phase == "stealing"  # 炒地皮: a bid takes the kitty, a pass lets it be
        if isinstance(action, DealCards):
            events = self._deal.deal(action)
        elif isinstance(action, Declare):
            events = self._kitty.steal(action) if stealing else self._deal.declare(action)
        elif isinstance(action, Pass):
            events = self._kitty.pass_steal(action) if stealing else self._deal.pass_bid(action)
        elif isinstance(action, Bury):
            events = self._kitty.bury(action)
        elif isinstance(action, CallFriends):
            events = self._kitty.call(action)
        elif isinstance(action, Play):
            if s.rules.play_takeback == "off":
                events = self._tricks.play(action)
            else:
                events = self._tricks.play_keeping_undo(action)
        elif isinstance(action, WithdrawBid):
            events = self._deal.withdraw(action)
        elif isinstance(action, TakeBack):
            events = self._tricks.take_back(action)
        elif isinstance(action, NextHand):
            return self._deal.next_hand()
        else:
            raise RuleError("unknown_action", f"unknown action {action!r}")
        if s.hand is hand_before:  # a redeal starts a fresh log
            s.hand_log.append(action)
        return events

    # ---- the state, read (``state`` holds them) ---------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def seed(self) -> str:
        return self.state.seed

    @property
    def secret(self) -> str | None:
        return self.state.secret

    @property
    def levels(self) -> list[int]:
        return self.state.levels

    @property
    def hand_no(self) -> int:
        return self.state.hand_no

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def history(self) -> list[HandSummary]:
        return self.state.history

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def hand_log(self) -> list[Action]:
        return self.state.hand_log

    @property
    def hand(self) -> HandState:
        return self.state.hand

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def dealer(self) -> int | None:
        return self.state.dealer

    @property
    def start_dealer(self) -> int | None:
        return self.state.start_dealer

    @property
    def burier(self) -> int | None:
        return self.state.burier

    @property
    def steal_turn(self) -> int | None:
        return self.state.steal_turn

    @property
    def turn(self) -> int | None:
        return self.state.turn

    @property
    def context(self) -> TrumpContext:
        return self.state.context

    @property
    def deal_total(self) -> int:
        return self.state.deal_total

    def on_dealer_team(self, seat: int) -> bool:
        return self.state.on_dealer_team(seat)

    def hand_of(self, seat: int) -> list[Card]:
        return self.state.hand_of(seat)

    def current_lead(self) -> Lead | None:
        return self._tricks.current_lead()

    def can_take_back(self, seat: int) -> bool:
        return self._tricks.can_take_back(seat)

    # ---- help for front ends ---------------------------------------------------------------
    def declaration_options(self, seat: int) -> list[Declaration]:
        """The declarations ``seat`` could make right now (none outside the deal; in
        "stealing" (炒地皮), the steals open to the seat whose turn it is)."""
        s = self.state
        s.check_seat(seat)
        h = s.hand
        if s.phase == "stealing":
            if seat != h.steal_turn:
                return []
            return possible_declarations(
                s.rules,
                h.level_rank,
                seat,
                h.hands[seat],
                h.declarations[-1] if h.declarations else None,
                count_overrides(h.declarations),
            )
        if s.phase not in ("dealing", "declaring"):
            return []
        current = h.declarations[-1] if h.declarations else None
        return possible_declarations(
            s.rules,
            s.declare_level(seat),
            seat,
            h.hands[seat],
            current,
            count_overrides(h.declarations),
        )

    def suggest(self, seat: int) -> Action | None:
        """A legal default action for ``seat`` now, or None if it has nothing to do."""
        s = self.state
        s.check_seat(seat)
        h = s.hand
        if s.phase == "declaring":
            return None if seat in h.passes else Pass(seat)
        if s.phase == "stealing":
            return Pass(seat) if seat == h.steal_turn else None
        if s.phase == "burying" and seat == s.burier:
            return Bury(seat, tuple(default_bury(s.context, h.hands[seat], s.rules.kitty_size)))
        if s.phase == "calling" and seat == h.dealer:
            return CallFriends(seat, tuple(suggest_calls(s.rules, s.context, h.hands[seat])))
        if s.phase == "playing" and seat == h.turn:
            ctx = s.context
            lead = self._tricks.current_lead()
            if lead is None:
                return Play(seat, (default_lead(ctx, h.hands[seat]),))
            return Play(seat, tuple(generate_follow(ctx, h.hands[seat], lead)))
        return None

    def view_for(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: the public view, with no hidden card)."""
        s = self.state
        if seat is not None:
            s.check_seat(seat)
        h = s.hand
        # The burier (the dealer, or under 炒地皮 the last thief) alone sees the kitty.
        burier_view = seat is not None and seat == s.burier
        scored = s.phase in ("scored", "finished")
        hand = None if seat is None else tuple(s.hand_of(seat))
        return View(
            seat=seat,
            rules=s.rules,
            phase=s.phase,
            hand_no=s.hand_no,
            levels=s.levels_tuple(),
            dealer=h.dealer,
            # Before hand 1 has a dealer, a seat sees the level it declares with.
            level_rank=h.level_rank if seat is None else s.declare_level(seat),
            trump_suit=h.trump_suit,
            trump_fixed=h.trump_fixed,
            declarations=tuple(
                DeclarationView(d.seat, d.cards, d.form, d.suit) for d in h.declarations
            ),
            passes=tuple(sorted(h.passes)),
            dealt=h.dealt,
            deal_total=s.deal_total,
            hand=hand,
            hand_sizes=tuple(sum(x) for x in h.hands),
            kitty_taken=tuple(h.kitty) if burier_view and h.trump_fixed else None,
            buried=tuple(h.buried) if (burier_view or scored) and h.buried else None,
            turn=s.turn,
            trick_no=h.current.trick_no if h.current else len(h.tricks),
            current=tuple(h.current.plays) if h.current else (),
            tricks=tuple(
                TrickView(t.trick_no, t.leader, tuple(t.plays), t.winner, t.points)
                for t in h.tricks
            ),
            attackers_points=h.attackers_points + h.penalties,
            defenders_points=h.defenders_points,
            penalties=h.penalties,
            history=tuple(s.history),
            winner=s.winner,
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
            burier=s.burier if h.trump_fixed else None,
            steal_turn=s.steal_turn,
        )

    # ---- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A complete, lossless snapshot (includes hidden cards: keep it server-side)."""
        return self.state.to_dict()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        m = cls.__new__(cls)
        m._compose(MatchState.from_dict(data))
        return m

    def copy(self) -> Match:
        return Match.from_dict(self.to_dict())


def replay(rules: RuleSet, seed: str, actions: Sequence[Action], **kwargs: Any) -> Match:
    """Rebuild a match from its seed and action log."""
    m = Match(rules, seed, **kwargs)
    for a in actions:
        m.apply(a)
    return m


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
