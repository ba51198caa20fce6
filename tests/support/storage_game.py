"""A short stored game (``Game``) for the storage tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.actions import Action
from rules.game import Match
from rules.presets import preset
from rules.scripted import next_scripted
from storage import (
    ActionReceipt,
    Store,
    TableInfo,
)

# One deck and only the levels K and A: a whole match takes two to four hands.
SHORT = preset("one-deck").with_overrides(levels=(13, 14))


@dataclass
class Game:
    """One table driven the way the bot drives it: apply, record, reload."""

    store: Store
    table: TableInfo
    match: Match
    declare: bool = False
    log: list[tuple[Action, ActionReceipt]] = field(default_factory=list)

    async def step(self, **record_kwargs: Any) -> tuple[Action, ActionReceipt]:
        action = next_scripted(self.match, declare=self.declare)
        self.match.apply(action)
        seat = getattr(action, "seat", None)
        actor = None if seat is None else self.table.seats[seat].user_id
        receipt = await self.store.record_action(
            self.table,
            action,
            self.match,
            actor_id=actor,
            idempotency_key=f"interaction-{self.table.id}-{self.table.seq + 1}",
            **record_kwargs,
        )
        assert receipt.seq == self.table.seq + 1
        assert receipt.version == self.table.version + 1
        self.table = await self.store.get_table(self.table.id)
        assert (self.table.seq, self.table.version) == (receipt.seq, receipt.version)
        self.log.append((action, receipt))
        return action, receipt

    async def play_hand(self) -> None:
        """Up to and including the play that scores the hand (the next one if the
        current hand is already scored)."""
        await self.step()
        while self.match.phase not in ("scored", "finished"):
            await self.step()

    async def play_match(self) -> None:
        while self.match.phase != "finished":
            await self.step()
