"""A match's state: its fields, the queries every phase of a hand reads, and its
lossless snapshot.

``Match`` (``rules.game``) holds one ``MatchState`` and three phase objects, each
given the state (and the phase it hands over to) when the match is made:
``DealFlow`` (``rules.flow_deal``: dealing and declaring), ``KittyFlow``
(``rules.flow_kitty``: the kitty and friend calls) and ``TrickFlow``
(``rules.flow_tricks``: tricks and the hand's end). The phases change the state;
``Match`` routes actions to them and answers the front ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rules.actions import Action, Declare, action_from_dict
from rules.cards import NUM_CARDS, Card, cards_of, counts_of
from rules.declare import Declaration, count_overrides, judge_declaration, read_declaration
from rules.errors import RuleError
from rules.events import Phase
from rules.hand_state import (
    HandState,
    hand_from_dict,
    hand_to_dict,
    shuffled_deck,
    summary_from_dict,
    summary_to_dict,
)
from rules.notation import format_cards
from rules.ruleset import RuleSet
from rules.scoring import team_of
from rules.trump import TrumpContext
from rules.views import HandSummary


class MatchState:
    """The match's fields and the queries every phase uses (changes nothing)."""

    rules: RuleSet
    seed: str  # the current hand's (records carry it); see ``secret``
    # With a secret, each later hand and redeal deals from ``hand_seed(secret, …)`` (kept
    # server-side, never in a record); None: every hand deals from ``seed``.
    secret: str | None
    levels: list[int]
    hand_no: int
    phase: Phase
    next_dealer: int | None
    history: list[HandSummary]
    winner: int | None
    hand_log: list[Action]  # this hand's accepted actions (for records)
    hand: HandState
    # 悔牌 (``play_takeback`` on): the hand as it was before the last play of the
    # unfinished trick, as ``hand_to_dict`` data; None otherwise.
    before_play: dict[str, Any] | None

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
        """A new match at its first hand (``Match``'s arguments)."""
        self.rules = rules.validate()
        self.seed = str(seed)
        self.secret = secret
        start = rules.levels[0]
        # One level per team (fixed partners) or per seat (找朋友).
        slots = rules.players if rules.friends is not None else 2
        self.levels = list(levels) if levels is not None else [start] * slots
        self.hand_no = 0
        self.phase = "dealing"
        self.next_dealer = first_dealer
        self.history = []
        self.winner = None
        self.hand_log = []
        self.hand = self.new_hand(hand_no, redeals, first_dealer)
        self.before_play = None

    def new_hand(self, hand_no: int, redeals: int, dealer: int | None) -> HandState:
        """A fresh deal of hand ``hand_no``: the match is set to deal it (its number,
        "dealing", an empty log); the caller makes it ``hand``."""
        # No dealer yet (hand 1): declarations are read at the declarer's own team
        # level (``declare_level``) and the hand plays at the dealer's; shown until
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

    # ---- queries --------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def friends_mode(self) -> bool:
        return self.rules.friends is not None

    def level_of(self, seat: int) -> int:
        """The level ``seat`` plays at: its team's, or its own (找朋友)."""
        return self.levels[seat if self.friends_mode else team_of(seat)]

    def declare_level(self, seat: int) -> int:
        """The level rank ``seat`` declares with: the hand's, or in a hand without a
        dealer yet, its own team's (the level the hand plays at if it ends up dealing)."""
        h = self.hand
        return h.level_rank if h.dealer is not None else self.level_of(seat)

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
    def burier(self) -> int | None:
        """Who buries (or buried last) this hand's kitty: the dealer, or under
        ``kitty_theft`` (炒地皮) the last seat that stole it."""
        h = self.hand
        return h.burier if h.burier is not None else h.dealer

    @property
    def steal_turn(self) -> int | None:
        """炒地皮: the seat that may steal the kitty or pass now (None outside "stealing")."""
        return self.hand.steal_turn if self.phase == "stealing" else None

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

    def check_seat(self, seat: int) -> None:
        n = self.rules.players
        if not 0 <= seat < n:
            raise RuleError("bad_seat", f"seat must be 0..{n - 1}, got {seat}", seat=seat)

    def levels_tuple(self) -> tuple[int, ...]:
        return tuple(self.levels)

    def checked_declaration(
        self, action: Declare, level: int
    ) -> tuple[Declaration, Literal["declare", "reinforce", "override"]]:
        """The declaration ``action`` makes at ``level`` and how it stands against the
        current bid (``judge_declaration``); RuleError if it is not one, the seat does
        not hold the cards, or it does not beat the bid (a bid in the deal, or a steal
        of the kitty, 炒地皮)."""
        decl = read_declaration(self.rules, level, action.seat, action.cards)
        need = counts_of(action.cards)
        hand = self.hand.hands[action.seat]
        if any(need[c] > hand[c] for c in range(NUM_CARDS)):
            raise RuleError(
                "not_held",
                f"you do not hold {format_cards(action.cards)}",
                cards=format_cards(action.cards),
            )
        declared = self.hand.declarations
        current = declared[-1] if declared else None
        kind = judge_declaration(self.rules, current, decl, count_overrides(declared))
        return decl, kind

    # ---- snapshot ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A complete, lossless snapshot (includes hidden cards: keep it server-side)."""
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
            "hand": hand_to_dict(self.hand),
        }
        if self.secret is not None:
            out["secret"] = self.secret
        if self.before_play is not None:  # 悔牌: lossless, so a restarted bot can take back
            out["before_play"] = self.before_play
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchState:
        s = cls.__new__(cls)
        s.rules = RuleSet.from_dict(data["rules"])
        s.seed = data["seed"]
        s.secret = data.get("secret")
        s.levels = list(data["levels"])
        s.hand_no = data["hand_no"]
        s.phase = data["phase"]
        s.next_dealer = data["next_dealer"]
        s.winner = data["winner"]
        s.history = [summary_from_dict(x) for x in data["history"]]
        s.hand_log = [action_from_dict(x) for x in data["hand_log"]]
        s.hand = hand_from_dict(data["hand"])
        s.before_play = data.get("before_play")
        return s
