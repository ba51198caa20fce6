"""Turn one committed action's rules events into notices for the front ends."""

from __future__ import annotations

from bot.service.notices import Notice, Private, Public
from bot.service.state import LiveTable
from rules.actions import Action
from rules.events import Event, KittyStolen, Played, PrivateCards, TookBack, TrumpFixed


def notices_for(live: LiveTable, action: Action, events: list[Event], auto: bool) -> list[Notice]:
    """Public events to the channel, private ones to their seat only, then a
    ``hand_changed`` per seat whose hand changed and a nudge for whoever must act."""
    t = live.table
    m = live.match
    out: list[Notice] = []
    changed: set[int] = set()
    for ev in events:
        seat = ev.audience
        if seat is None:
            out.append(Public(t.id, t.channel_id, "event", ev))
        else:
            out.append(Private(t.id, t.channel_id, seat, t.seats[seat].user_id, "event", ev))
        if isinstance(ev, PrivateCards):
            changed.add(ev.seat)
        if isinstance(ev, Played | TookBack):  # a take-back gives the cards back
            changed.add(ev.seat)
        if isinstance(ev, TrumpFixed | KittyStolen):
            changed.update(range(len(t.seats)))  # trump decides how hands are sorted
    if auto:
        seat = getattr(action, "seat", None)
        out.append(
            Public(t.id, t.channel_id, "auto_acted", params={"seat": seat, "kind": action.kind})
        )
    for seat in sorted(changed):
        if t.seats[seat].user_id is not None:
            out.append(Private(t.id, t.channel_id, seat, t.seats[seat].user_id, "hand_changed"))
    if m is not None:
        actor = {
            "playing": m.turn,
            "burying": m.burier,  # the dealer, or a seat that stole the kitty (炒地皮)
            "stealing": m.steal_turn,
            "calling": m.dealer,
        }.get(m.phase)
        if actor is not None and t.seats[actor].user_id is not None:
            kind = {"playing": "your_turn", "calling": "call_now", "stealing": "steal_now"}.get(
                m.phase, "bury_now"
            )
            out.append(Private(t.id, t.channel_id, actor, t.seats[actor].user_id, kind))
    return out
