"""A scripted table: the same actions from the same match, every time. Tests,
benchmarks and crash children drive matches with it (no AI, no randomness).

    while match.phase != "finished":
        match.apply(next_scripted(match))
"""

from __future__ import annotations

from rules.actions import Action, DealCards, Declare, NextHand, Pass
from rules.game import Match


def next_scripted(match: Match, *, deal: int = 25, declare: bool = False) -> Action:
    """Deal ``deal`` cards at a time, then whatever ``Match.suggest`` proposes for
    the first seat that can act, and the next hand once one is scored. With
    ``declare``, the first level card dealt becomes trump (nobody declares otherwise)."""
    if match.phase == "dealing":
        return DealCards(deal)
    if match.phase == "scored":
        return NextHand()
    seats = range(match.rules.players)
    if declare and match.phase == "declaring":
        view = match.view_for(None)
        if not view.declarations:
            for seat in seats:
                for card in match.hand_of(seat):
                    if not card.is_joker and card.rank == view.level_rank:
                        return Declare(seat, (card,))
    for seat in seats:
        action = match.suggest(seat)
        if action is not None:
            return action
    raise RuntimeError(f"nobody can act in phase {match.phase!r}")


def deal_and_declare(match: Match) -> None:
    """Deal every card of a new hand; the first seat able to declare makes its first
    declaration and everybody passes: the dealer then buries (or, without a kitty,
    leads)."""
    match.apply(DealCards(match.deal_total))
    seats = range(match.rules.players)
    seat = next(s for s in seats if match.declaration_options(s))
    match.apply(Declare(seat, match.declaration_options(seat)[0].cards))
    for s in seats:
        if match.phase == "declaring" and s not in match.hand.passes:
            match.apply(Pass(s))
