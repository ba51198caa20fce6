"""Per-table options (pace and timers), stored with the table as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from bot.service.errors import ServiceError


@dataclass(frozen=True, slots=True)
class TableOptions:
    # Timers for people; 0 turns a timer off (the table then waits for the player).
    turn_seconds: int = 60  # per-turn timer
    declare_seconds: int = 15  # the window for overrides after the last card
    bury_seconds: int = 90
    # Pace: the whole progressive deal (0 = at once), in this many steps.
    deal_seconds: float = 4.0
    deal_steps: int = 5
    ai_delay: float = 1.0  # seconds an AI seat waits before acting
    next_hand_seconds: int = 15  # auto-start the next hand; 0 = wait for /table next
    language: str = "en"
    # 记牌器 (the panel's Cards out): None = as the rules allow (bot.discord_app.panel.memory_enabled).
    card_memory: bool | None = None
    # The four-colour deck in this table's pictures (♣ green, ♦ blue), as on the web table.
    four_colour: bool = False
    # Play this deal again: the finished hand (#id) whose cards the first hand deals
    # (``/table new deal:``; see bot.service.deals).
    deal: int | None = None
    # A ranked table (排位): its hands move the server's ladder (storage.ratings); its
    # rules are the server's and stay as they are; people only, no AI seats added.
    ranked: bool = False
    # A tournament's table (``bot.service.tournament``): the event's id. Its rules
    # are the event's; the event starts each next hand and ends the table.
    event: int | None = None
    # Spectators of the live table see every hand one trick behind (never at a
    # ranked or tournament table: ``table_options.set_spectator_hands``).
    spectator_hands: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known}).validate()

    def validate(self) -> TableOptions:
        if not 0 <= self.turn_seconds <= 3600:
            raise ServiceError("bad_option", detail="timer must be 0 (off) to 3600 seconds")
        if self.deal_seconds < 0 or self.deal_steps < 1:
            raise ServiceError("bad_option", detail="the deal pace must be ≥ 0 s in ≥ 1 step")
        if self.declare_seconds < 0 or self.bury_seconds < 0 or self.ai_delay < 0:
            raise ServiceError("bad_option", detail="timers cannot be negative")
        if self.spectator_hands and (self.ranked or self.event is not None):
            raise ServiceError("spectator_hands_closed")
        return self
