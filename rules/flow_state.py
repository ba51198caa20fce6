"""What every phase of the hand flow reads: the match's fields and its queries.

``Match`` (``rules.game``) is built from one class per phase of a hand, each on the
one before: ``MatchState`` (this) → ``KittyFlow`` (``rules.flow_kitty``: the kitty
and friend calls) → ``DealFlow`` (``rules.flow_deal``: dealing and declaring) →
``TrickFlow`` (``rules.flow_tricks``: tricks and the hand's end) → ``Match``
(construction, ``apply``, front-end help, snapshots).
"""

from __future__ import annotations

from typing import Any

from rules.actions import Action
from rules.cards import Card, cards_of
from rules.errors import RuleError
from rules.events import Phase
from rules.hand_state import HandState
from rules.ruleset import RuleSet
from rules.scoring import team_of
from rules.trump import TrumpContext
from rules.views import HandSummary, SeatsOfRules


class MatchState(SeatsOfRules):
    """The fields ``Match`` sets and the queries every phase uses."""

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

    # ---- public API (``players`` and ``friends_mode``: ``SeatsOfRules``) ---------------
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

    def _check_seat(self, seat: int) -> None:
        n = self.rules.players
        if not 0 <= seat < n:
            raise RuleError("bad_seat", f"seat must be 0..{n - 1}, got {seat}", seat=seat)

    def _levels(self) -> tuple[int, ...]:
        return tuple(self.levels)
