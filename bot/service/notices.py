"""Notifications the service emits; front ends turn them into messages.

``Public`` is for the whole table; ``Private`` for one seat only. A public notice
never carries a card that is not already on the table (played, declared, or the
kitty revealed at the end of a hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.events import Event


@dataclass(frozen=True, slots=True)
class Notice:
    table_id: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class Public(Notice):
    """``kind``: table_created, seats_changed, game_started, event, auto_acted,
    table_ended, hand_ready, changed_elsewhere (another process stored a change:
    the table held here was reloaded; ``Core.watch``)."""

    kind: str
    event: Event | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Private(Notice):
    """``kind``: event (a private rules event: cards dealt, kitty), hand_changed,
    your_turn, bury_now."""

    seat: int
    user_id: int | None
    kind: str
    event: Event | None = None
    params: dict[str, Any] = field(default_factory=dict)
