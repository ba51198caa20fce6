"""Scoring a hand once its last trick is won (docs/rules.md §6; 找朋友 in docs/rules.md).

Pure: from the rules, the hand's state and the levels before it, what the hand
became — its summary for the match history, the ``HandScored`` event and, when a
side reaches the goal, ``MatchWon``. ``Match`` records the result; nothing here
changes the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.cards import POINTS, Card
from rules.events import HandScored, MatchWon
from rules.friends import settle_friends
from rules.hand_state import HandState
from rules.ruleset import RuleSet
from rules.scoring import kitty_multiplier, settle_hand, team_of
from rules.units import Lead
from rules.views import HandSummary


@dataclass(frozen=True, slots=True)
class HandClose:
    """What a finished hand became: ``won`` is None while the match goes on."""

    summary: HandSummary
    scored: HandScored
    won: MatchWon | None


@dataclass(frozen=True, slots=True)
class _Settled:
    """The part the two modes decide differently."""

    winner: Literal["defenders", "attackers"]
    levels: tuple[int, ...]
    gainer: int  # a level slot of the winning side, to count its steps
    next_dealer: int
    won: MatchWon | None
    team: tuple[int, ...] = ()
    bonus: int = 0
    jack_reset: bool = False


def close_hand(
    rules: RuleSet,
    hand: HandState,
    levels: tuple[int, ...],
    last_lead: Lead,
    attackers_last: bool,
    winning: tuple[Card, ...],
) -> HandClose:
    """Score ``hand``: ``last_lead`` and ``winning`` are the last trick's lead and
    winning play, ``attackers_last`` whether a seat off the dealer's team won it (the
    kitty then counts for the attackers, multiplied by the lead's shape)."""
    dealer = hand.dealer
    assert dealer is not None
    kitty_points = sum(POINTS[c] for c in hand.buried)
    multiplier = kitty_multiplier(rules, last_lead.shapes) if attackers_last else 0
    total = hand.attackers_points + kitty_points * multiplier + hand.penalties
    if rules.friends is not None:
        settled = _settle_friends(rules, hand, levels, dealer, total)
    else:
        settled = _settle_partners(rules, levels, dealer, total, attackers_last, winning)
    change = rules.levels.index(settled.levels[settled.gainer]) - rules.levels.index(
        levels[settled.gainer]
    )
    summary = HandSummary(
        hand_no=hand.hand_no,
        dealer=dealer,
        level_rank=hand.level_rank,
        trump_suit=hand.trump_suit,
        attackers_points=total,
        kitty=tuple(hand.buried),
        multiplier=multiplier,
        winner=settled.winner,
        level_change=change,
        levels_before=levels,
        levels_after=settled.levels,
        next_dealer=settled.next_dealer,
        team=settled.team,
    )
    scored = HandScored(
        hand_no=hand.hand_no,
        dealer=dealer,
        trick_points=hand.attackers_points,
        kitty=tuple(hand.buried),
        kitty_points=kitty_points,
        multiplier=multiplier,
        penalties=hand.penalties,
        attackers_points=total,
        winner=settled.winner,
        level_change=change,
        levels=settled.levels,
        next_dealer=settled.next_dealer,
        jack_reset=settled.jack_reset,
        team=settled.team,
        bonus=settled.bonus,
    )
    return HandClose(summary, scored, settled.won)


def _settle_partners(
    rules: RuleSet,
    levels: tuple[int, ...],
    dealer: int,
    total: int,
    attackers_last: bool,
    winning: tuple[Card, ...],
) -> _Settled:
    out = settle_hand(rules, (levels[0], levels[1]), dealer, total, attackers_last, winning)
    winner = out.result.winner
    won = None
    if out.match_winner is not None:
        won = MatchWon(out.match_winner, out.levels)
    return _Settled(
        winner=winner,
        levels=out.levels,
        gainer=team_of(dealer) if winner == "defenders" else 1 - team_of(dealer),
        next_dealer=out.next_dealer,
        won=won,
        jack_reset=out.jack_reset,
    )


def _settle_friends(
    rules: RuleSet, hand: HandState, levels: tuple[int, ...], dealer: int, total: int
) -> _Settled:
    """找朋友: the teams are settled now (the dealer and the friends found)."""
    out = settle_friends(rules, levels, dealer, [dealer, *hand.friends()], total)
    won = None
    if out.match_winners:
        won = MatchWon(out.match_winners[0], out.levels, out.match_winners)
    return _Settled(
        winner=out.result.winner,
        levels=out.levels,
        gainer=out.winners[0],
        next_dealer=out.next_dealer,
        won=won,
        team=out.team,
        bonus=out.bonus,
    )
