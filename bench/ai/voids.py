"""The check ``bench.ai match`` runs on every lead: point cards led into a shown void.

It reads only what the public trick record and the leader's own view show, never the
AI's own bookkeeping, so it measures the players independently of their code."""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Action, Play
from rules.trump import TRUMP
from rules.views import TrickView, View


def shown_voids(view: View) -> list[set[int]]:
    """Per seat, the effective suits it has shown a void in during this hand's finished
    tricks: it played a card of another suit to a trick led in that suit."""
    suit_of = view.context.suit_of
    voids: list[set[int]] = [set() for _ in range(4)]
    for t in view.tricks:
        led = suit_of[t.plays[0][1][0]]
        for seat, cards in t.plays[1:]:
            if any(suit_of[c] != led for c in cards):
                voids[seat].add(led)
    return voids


class VoidLeads:
    """Counts, per label, leads of point cards in a plain suit into an opponent who has
    shown a void in that suit and none in trumps while trumps the leader cannot place are
    still out (so the opponent may ruff the points). Reads the public record and the
    leader's own view only. Per label: [leads, forced (the leader held nothing but such
    point cards), tricks the opponents won, points in them]."""

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = {}
        self._pending: list[tuple[str, int, int]] = []  # (label, seat, trick index)

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def before(self, view: View, label: str, action: Action) -> None:
        """Note ``action``, about to be played by the seat of ``view`` (its own view)."""
        seat = view.seat
        if seat is None or view.current or not isinstance(action, Play) or view.hand is None:
            return
        suit_of = view.context.suit_of
        suits = {suit_of[c] for c in action.cards}
        if len(suits) != 1 or TRUMP in suits or not any(c.points for c in action.cards):
            return
        voids = shown_voids(view)
        ruffs = {
            s for o in ((seat + 1) % 4, (seat + 3) % 4) if TRUMP not in voids[o] for s in voids[o]
        }
        if not suits & ruffs or not _trumps_out(view):
            return
        row = self.counts.setdefault(label, [0, 0, 0, 0])
        row[0] += 1
        row[1] += all(c.points and suit_of[c] in ruffs for c in view.hand)
        self._pending.append((label, seat, len(view.tricks)))

    def after(self, tricks: Sequence[TrickView]) -> None:
        """Settle the pending leads whose tricks are finished (``tricks``: the hand's)."""
        left = []
        for label, seat, idx in self._pending:
            if idx >= len(tricks):
                left.append((label, seat, idx))
                continue
            t = tricks[idx]
            if t.winner is not None and (t.winner - seat) % 2:
                row = self.counts[label]
                row[2] += 1
                row[3] += t.points
        self._pending = left


def _trumps_out(view: View) -> bool:
    """Are there trumps the seat of ``view`` cannot place (not played, not its own, not
    in the kitty it buried)?"""
    ctx = view.context
    suit_of = ctx.suit_of
    total = view.rules.decks * len(ctx.suit_cards[TRUMP])
    known = [c for t in view.tricks for _, cs in t.plays for c in cs]
    known += [*(view.hand or ()), *(view.buried or ())]
    return total > sum(1 for c in known if suit_of[c] == TRUMP)
