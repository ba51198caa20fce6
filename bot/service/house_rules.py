"""House rules at a table and saved per server.

The lobby's creator edits the table's rule set setting by setting (``set_rules``);
once the match starts the rules are locked (a new match may change them). A server
keeps named rule sets (``save_rules`` … ``import_rules``) that ``/table new
preset:`` opens and ``/rules default`` makes the server's default. Every rule set
is validated by the engine before anything is stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.service.errors import ServiceError
from bot.service.notices import Public
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import REGISTRY, SettingError
from storage.rule_sets import NAME_MAX, RuleSets, SavedRuleSet

if TYPE_CHECKING:
    from bot.service.service import TableService

# Saved names: letters (any script), digits, - and _; no spaces (slash options,
# console flags and file names all take them as they are).
_NAME = re.compile(rf"[\w\-]{{1,{NAME_MAX}}}")
EXPORT_MAX_BYTES = 64 * 1024  # a rule set is ~2 KB; anything bigger is not one




def setting_error(exc: SettingError) -> ServiceError:
    """A refused setting in words the front ends translate (never the engine's English)."""
    if exc.code == "unknown_setting":
        return ServiceError("setting_unknown", setting=exc.setting)
    if exc.code == "bad_value":
        return ServiceError("setting_bad_value", setting=exc.setting, allowed=exc.allowed)
    return ServiceError("setting_conflict", setting=exc.setting, fallback=str(exc))


async def set_rules(
    service: TableService, channel_id: int, user_id: int, changes: Mapping[str, str]
) -> RuleSet:
    """Change settings of the lobby's rule set. Only the creator; only before the start."""
    async with service._locked(channel_id) as live:
        t = live.table
        if user_id != t.creator_id:
            raise ServiceError("not_creator")
        if t.status != "lobby":
            raise ServiceError("rules_locked")
        try:
            rules = REGISTRY.apply(t.rules, changes)
        except SettingError as exc:
            raise setting_error(exc) from exc
        if rules.players != t.rules.players:
            raise ServiceError("setting_conflict", setting=", ".join(changes))
        live.table = await service._guard(
            service.store.update_table(t.id, t.version, rules=rules)
        )
        await service._emit(
            [Public(t.id, t.channel_id, "rules_changed", params={"changes": dict(changes)})]
        )
        return rules


def _check_name(name: str) -> str:
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise ServiceError("rules_bad_name", most=NAME_MAX)
    if name in PRESET_NAMES or name in FRIENDS_PRESETS or name.startswith("friends-"):
        raise ServiceError("rules_name_builtin", name=name)
    return name


class SavedRules:
    """A server's saved rule sets, with the permission checks of ``/rules``."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = RuleSets(service.db)

    async def save(self, guild_id: int, user_id: int, name: str, channel_id: int) -> SavedRuleSet:
        """Save the rule set of the table in ``channel_id`` under ``name``. Replacing a
        set someone else saved needs its creator (``delete`` it first otherwise)."""
        name = _check_name(name)
        live = await self.service._table_for(channel_id)
        old = await self.service._guard(self.store.get(guild_id, name))
        if old is not None and old.creator_id != user_id:
            raise ServiceError("rules_not_yours", name=name)
        saved: SavedRuleSet = await self.service._guard(
            self.store.save(guild_id, name, live.table.rules, user_id)
        )
        return saved

    async def import_json(
        self, guild_id: int, user_id: int, name: str, payload: bytes | str
    ) -> SavedRuleSet:
        """Validate a rule-set file and save it; a malformed or unplayable file is
        refused with the reason and nothing is saved."""
        name = _check_name(name)
        raw = payload.encode() if isinstance(payload, str) else payload
        if len(raw) > EXPORT_MAX_BYTES:
            raise ServiceError("rules_file_bad", reason=f"> {EXPORT_MAX_BYTES // 1024} KB")
        try:
            rules = RuleSet.from_json(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ServiceError("rules_file_bad", reason="UTF-8") from None
        except RuleSetError as exc:
            raise ServiceError("rules_file_bad", reason=str(exc)) from exc
        old = await self.service._guard(self.store.get(guild_id, name))
        if old is not None and old.creator_id != user_id:
            raise ServiceError("rules_not_yours", name=name)
        saved: SavedRuleSet = await self.service._guard(
            self.store.save(guild_id, name, rules, user_id)
        )
        return saved

    async def get(self, guild_id: int, name: str) -> SavedRuleSet:
        saved: SavedRuleSet | None = await self.service._guard(self.store.get(guild_id, name))
        if saved is None:
            raise ServiceError("rules_unknown", name=name)
        return saved

    async def list(self, guild_id: int) -> list[SavedRuleSet]:
        saved: list[SavedRuleSet] = await self.service._guard(self.store.list(guild_id))
        return saved

    async def delete(self, guild_id: int, user_id: int, name: str, *, can_manage: bool) -> None:
        saved = await self.get(guild_id, name)
        if saved.creator_id != user_id and not can_manage:
            raise ServiceError("rules_not_yours", name=name)
        await self.service._guard(self.store.delete(guild_id, name))
        settings = await self.service._guard(self.service.settings.get(guild_id))
        if settings.preset == name:  # the default goes back to the built-in one
            await self.service._guard(self.service.settings.set(guild_id, preset="classic"))

    async def set_default(self, guild_id: int, name: str, *, can_manage: bool) -> str:
        """The server's default rule set for ``/table new`` (Manage Server)."""
        if not can_manage:
            raise ServiceError("needs_manage_server")
        if name not in PRESET_NAMES:
            await self.get(guild_id, name)
        await self.service._guard(self.service.settings.set(guild_id, preset=name))
        return name

    async def default(self, guild_id: int | None) -> str | None:
        """The server's default (None: none set, or no server)."""
        if guild_id is None:
            return None
        settings = await self.service._guard(self.service.settings.get(guild_id))
        return None if settings.preset == "classic" else str(settings.preset)

    async def resolve(self, guild_id: int | None, name: str | None) -> RuleSet | None:
        """The saved rule set called ``name`` in this server (None: not a saved name)."""
        if guild_id is None or name is None or name in PRESET_NAMES or name.startswith("friends"):
            return None
        saved: SavedRuleSet | None = await self.service._guard(self.store.get(guild_id, name))
        if saved is None:
            return None
        return saved.rules
