"""House rule bombs (four or more decks): the bombs a follower may play that take the
trick now, and when the basic player spends one.

A bomb (as many identical cards as were led, four or more) beats any play that is not
a bomb, so it wins almost any trick it is played on; but it is four or more of the
hand's strongest cards spent at once. The basic player bombs only a trick worth it:
ten points or more on the table, or any points when nobody after it can answer (it
plays last) or the dealer's side is fighting for the last tricks. Never a point-less
trick. Which bombs are legal and who wins with one are the engine's to say
(``rules.follows.bomb_follows``, ``rules.tricks.trick_winner`` through ``Public``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.state import Public
from rules.follows import bomb_follows
from rules.tricks import bomb_key

BOMB_POINTS = 10  # table points that make a trick worth a bomb when others play after us


def winning_bombs(pub: Public, seat: int, hand: Sequence[int]) -> list[list[int]]:
    """The bombs ``seat`` may legally play now that would take the trick so far,
    weakest first (empty when bombs are off or the lead is shorter than four)."""
    lead = pub.lead
    if pub.rules.bombs == "off" or lead is None or len(lead.cards) < 4 or not pub.trick:
        return []
    ctx = pub.ctx
    out: list[list[int]] = []
    for b in bomb_follows(ctx, hand, lead):
        cards = [int(c) for c in b]
        after = pub.copy()
        after.record(seat, cards)
        if after.winner() == seat:  # the engine's trick winner (a bigger bomb may stand)
            out.append(cards)
    out.sort(key=lambda cs: bomb_key(ctx, cs))
    return out


def bomb_worth(pub: Public, last: bool, endgame: bool) -> bool:
    """Is the trick worth a bomb? Ten points or more; any points when we play last (the
    bomb then surely wins) or in the dealer's endgame; never a point-less trick."""
    table = pub.table_points
    if table <= 0:
        return False
    return table >= BOMB_POINTS or last or endgame
