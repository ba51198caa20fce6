"""A server's saved house rules (``/rules save|list|show|delete``), by name."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from rules.ruleset import RuleSet
from storage.db import Database
from storage.models import SavedRuleSetRow

NAME_MAX = 32


@dataclass(frozen=True, slots=True)
class SavedRuleSet:
    guild_id: int
    name: str
    rules: RuleSet
    creator_id: int


class RuleSets:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def save(self, guild_id: int, name: str, rules: RuleSet, creator_id: int) -> SavedRuleSet:
        """Store ``rules`` under ``name`` (replacing a set of that name)."""
        async with self.db.session() as s:
            row = await s.get(SavedRuleSetRow, (guild_id, name))
            if row is None:
                row = SavedRuleSetRow(guild_id=guild_id, name=name, creator_id=creator_id)
                s.add(row)
            row.rules_json = rules.to_json()
            return SavedRuleSet(guild_id, name, rules, row.creator_id)

    async def get(self, guild_id: int, name: str) -> SavedRuleSet | None:
        async with self.db.session() as s:
            row = await s.get(SavedRuleSetRow, (guild_id, name))
            return None if row is None else _saved(row)

    async def list(self, guild_id: int) -> list[SavedRuleSet]:
        async with self.db.session() as s:
            rows = await s.scalars(
                select(SavedRuleSetRow)
                .where(SavedRuleSetRow.guild_id == guild_id)
                .order_by(SavedRuleSetRow.name)
            )
            return [_saved(r) for r in rows]

    async def delete(self, guild_id: int, name: str) -> bool:
        async with self.db.session() as s:
            row = await s.get(SavedRuleSetRow, (guild_id, name))
            if row is None:
                return False
            await s.delete(row)
            return True


def _saved(row: SavedRuleSetRow) -> SavedRuleSet:
    return SavedRuleSet(row.guild_id, row.name, RuleSet.from_json(row.rules_json), row.creator_id)
