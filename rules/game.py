"""The match: a deterministic state machine driven by actions (RULES.md 1-8).

    match = Match(preset("classic"), seed="table-42")
    events = match.apply(DealCards(108))       # or a few cards at a time
    match.apply(Declare(1, (Card.H2,)))
    ...

``apply`` either returns the events an action caused or raises ``RuleError``
and leaves the match exactly as it was (every check runs before any change).
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
    action_from_dict,
)
from rules.burying import suggest_bury
from rules.cards import ALL_CARDS, NUM_CARDS, POINTS, Card, Suit, cards_of, counts_of
from rules.declare import (
    Declaration,
    count_overrides,
    judge_declaration,
    possible_declarations,
    read_declaration,
)
from rules.errors import RuleError
from rules.events import (
    BuryDone,
    BuryStarted,
    CallStarted,
    CardsDealt,
    DealProgress,
    Declared,
    Event,
    FriendJoined,
    FriendsCalled,
    HandStarted,
    KittyBuried,
    KittyTaken,
    Passed,
    Phase,
    Played,
    Redealt,
    ThrowFailed,
    TrickWon,
    TrumpFixed,
)
from rules.friends import check_calls, suggest_calls
from rules.hand_close import HandClose, close_hand
from rules.hand_state import (
    HandState,
    TrickState,
    hand_from_dict,
    hand_to_dict,
    summary_from_dict,
    summary_to_dict,
)
from rules.hand_state import shuffled_deck as shuffled_deck
from rules.notation import format_cards
from rules.play import Lead, check_follow, check_lead, generate_follow, make_lead, trick_winner
from rules.ruleset import RuleSet
from rules.scoring import team_of
from rules.trump import TRUMP, TrumpContext
from rules.views import DeclarationView, FriendCallView, HandSummary, TrickView, View

MAX_REDEALS = 3  # empty deals in a row before the fallback applies anyway


class Match:
    """A whole match: hands until a team wins (RULES.md section 6)."""

    def __init__(
        self,
        rules: RuleSet,
        seed: str,
        *,
        first_dealer: int | None = None,
        levels: Sequence[int] | None = None,
        hand_no: int = 1,
        redeals: int = 0,
    ) -> None:
        """A new match, or (with ``levels``/``hand_no``/``first_dealer``) one that
        starts at a given hand, e.g. to replay a single hand record."""
        self.rules = rules.validate()
        self.seed = str(seed)
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

    # ---- public API ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def friends_mode(self) -> bool:
        return self.rules.friends is not None

    def level_of(self, seat: int) -> int:
        """The level ``seat`` plays at: its team's, or its own (找朋友)."""
        return self.levels[seat if self.friends_mode else team_of(seat)]

    def on_dealer_team(self, seat: int) -> bool:
        """As far as the cards played so far tell (friends join as they are found)."""
        h = self.hand
        if h.dealer is None:
            return False
        if self.friends_mode:
            return seat == h.dealer or seat in h.call_done
        return team_of(seat) == team_of(h.dealer)

    @property
    def start_dealer(self) -> int | None:
        """The dealer this hand began with (None: the declaring picks one)."""
        return self.hand.start_dealer

    @property
    def dealer(self) -> int | None:
        return self.hand.dealer

    @property
    def turn(self) -> int | None:
        return self.hand.turn if self.phase == "playing" else None

    @property
    def context(self) -> TrumpContext:
        return TrumpContext.of(self.rules, self.hand.level_rank, self.hand.trump_suit)

    @property
    def deal_total(self) -> int:
        return len(self.hand.deck) - self.rules.kitty_size

    def hand_of(self, seat: int) -> list[Card]:
        return self.context.sort_cards(cards_of(self.hand.hands[seat]))

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
            events = self._play(action)
        elif isinstance(action, NextHand):
            return self._next_hand()
        else:
            raise RuleError("unknown_action", f"unknown action {action!r}")
        if self.hand is hand_before:  # a redeal starts a fresh log
            self.hand_log.append(action)
        return events

    # ---- dealing and declaring ---------------------------------------------------------
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

    def _check_seat(self, seat: int) -> None:
        n = self.rules.players
        if not 0 <= seat < n:
            raise RuleError("bad_seat", f"seat must be 0..{n - 1}, got {seat}", seat=seat)

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
        if self.phase not in ("dealing", "declaring"):
            raise RuleError(
                "wrong_phase", "trump can only be declared during the deal", phase=self.phase
            )
        h = self.hand
        decl = read_declaration(
            self.rules, self._declare_level(action.seat), action.seat, action.cards
        )
        need = counts_of(action.cards)
        hand = h.hands[action.seat]
        if any(need[c] > hand[c] for c in range(NUM_CARDS)):
            raise RuleError(
                "not_held",
                f"you do not hold {format_cards(action.cards)}",
                cards=format_cards(action.cards),
            )
        current = h.declarations[-1] if h.declarations else None
        kind = judge_declaration(self.rules, current, decl, count_overrides(h.declarations))
        h.declarations.append(decl)
        h.passes.clear()
        return [Declared(action.seat, decl.cards, decl.suit, decl.form, kind)]

    def _pass(self, action: Pass) -> list[Event]:
        self._check_seat(action.seat)
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
                h.dealer = decl.seat
        else:
            fallback = rules.declaration.fallback
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
        self.hand = self._new_hand(old.hand_no, old.redeals + 1, old.dealer)
        return [
            Redealt(reason),
            HandStarted(self.hand_no, self.hand.dealer, self.hand.level_rank, self._levels()),
        ]

    def _bury(self, action: Bury) -> list[Event]:
        self._check_seat(action.seat)
        h = self.hand
        if self.phase != "burying":
            raise RuleError("wrong_phase", "it is not time to bury", phase=self.phase)
        if action.seat != h.dealer:
            raise RuleError("not_dealer", "only the dealer buries the kitty")
        n = self.rules.kitty_size
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
        return [
            KittyBuried(action.seat, tuple(action.cards)),
            BuryDone(action.seat),
            *self._after_bury(),
        ]

    def _after_bury(self) -> list[Event]:
        """Play starts, or first (找朋友) the dealer calls friends."""
        h = self.hand
        assert h.dealer is not None
        if self.rules.friend_calls:
            self.phase = "calling"
            return [CallStarted(h.dealer, self.rules.friend_calls)]
        self._start_play()
        return []

    def _call(self, action: CallFriends) -> list[Event]:
        self._check_seat(action.seat)
        h = self.hand
        if self.phase != "calling":
            raise RuleError("wrong_phase", "it is not time to call friends", phase=self.phase)
        if action.seat != h.dealer:
            raise RuleError("not_dealer_call", "only the dealer calls friends")
        check_calls(self.rules, self.context, action.calls)
        h.calls = list(action.calls)
        h.call_seen = [0] * len(h.calls)
        h.call_done = [None] * len(h.calls)
        h.call_wasted = [False] * len(h.calls)
        self._start_play()
        return [FriendsCalled(action.seat, tuple(action.calls))]

    def _friends_joining(self, seat: int, cards: Sequence[Card], trick_no: int) -> list[Event]:
        """Count the called cards in this play; whoever plays a called copy joins."""
        h = self.hand
        rules = self.rules
        assert rules.friends is not None
        events: list[Event] = []
        for card in cards:
            for i, call in enumerate(h.calls):
                if h.call_done[i] is not None or call.card != card:
                    continue
                on_team = self.on_dealer_team(seat)
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

    def _recount(self) -> None:
        """找朋友: the sides' points from per-seat points, by the teams known now."""
        h = self.hand
        att = dfn = pen = 0
        for s in range(self.rules.players):
            if self.on_dealer_team(s):
                dfn += h.seat_points[s]
                pen += h.seat_penalties[s]
            else:
                att += h.seat_points[s]
                pen -= h.seat_penalties[s]
        h.attackers_points, h.defenders_points, h.penalties = att, dfn, pen

    def _start_play(self) -> None:
        h = self.hand
        self.phase = "playing"
        assert h.dealer is not None
        h.turn = h.dealer
        h.current = TrickState(1, h.dealer)

    # ---- playing -----------------------------------------------------------------------
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
                events.append(
                    ThrowFailed(action.seat, result.attempted, result.lead.cards, penalty)
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
        self.hand = self._new_hand(self.hand_no + 1, 0, self.next_dealer)
        return [HandStarted(self.hand_no, self.hand.dealer, self.hand.level_rank, self._levels())]

    def _levels(self) -> tuple[int, ...]:
        return tuple(self.levels)

    # ---- help for front ends ---------------------------------------------------------------
    def declaration_options(self, seat: int) -> list[Declaration]:
        """The declarations ``seat`` could make right now (none outside the deal)."""
        self._check_seat(seat)
        if self.phase not in ("dealing", "declaring"):
            return []
        h = self.hand
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
        if self.phase == "burying" and seat == h.dealer:
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
        dealer_view = seat is not None and seat == h.dealer
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
            kitty_taken=tuple(h.kitty) if dealer_view and h.trump_fixed else None,
            buried=tuple(h.buried) if (dealer_view or scored) and h.buried else None,
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
        )

    # ---- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A complete, lossless snapshot (includes hidden cards: keep it server-side)."""
        h = self.hand
        return {
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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        rules = RuleSet.from_dict(data["rules"])
        m = cls.__new__(cls)
        m.rules = rules
        m.seed = data["seed"]
        m.levels = list(data["levels"])
        m.hand_no = data["hand_no"]
        m.phase = data["phase"]
        m.next_dealer = data["next_dealer"]
        m.winner = data["winner"]
        m.history = [summary_from_dict(s) for s in data["history"]]
        m.hand_log = actions_from_json(data["hand_log"])
        hand = hand_from_dict(data["hand"])
        m.hand = hand
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
