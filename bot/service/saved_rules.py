"""A server's saved rule sets (``/rules save|list|show|delete|default|import``),
with their permission checks: a set is replaced or deleted by whoever saved it (or
someone with Manage Server); ``/table new preset:`` opens one; the server's default
is the guild setting ``preset``. Every rule set is validated before it is stored."""

from __future__ import annotations

import re

from bot.service.errors import ServiceError, guarded, rules_reason
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES, preset
from rules.ruleset import RuleSet, RuleSetError
from storage import Database, Settings
from storage.rule_sets import NAME_MAX, RuleSets, SavedRuleSet

# Saved names: letters (any script), digits, - and _; no spaces (slash options,
# console flags and file names all take them as they are).
_NAME = re.compile(rf"[\w\-]{{1,{NAME_MAX}}}")
EXPORT_MAX_BYTES = 64 * 1024  # a rule set is ~2 KB; anything bigger is not one


def _check_name(name: str) -> str:
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise ServiceError("rules_bad_name", most=NAME_MAX)
    if name in PRESET_NAMES or name in FRIENDS_PRESETS or name.startswith("friends-"):
        raise ServiceError("rules_name_builtin", name=name)
    return name


class SavedRules:
    """A server's saved rule sets, with the permission checks of ``/rules``."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.store = RuleSets(db)
        self.settings = settings

    async def save(self, guild_id: int, user_id: int, name: str, rules: RuleSet) -> SavedRuleSet:
        """Save ``rules`` (a table's) under ``name``. Replacing a set someone else
        saved needs its creator (``delete`` it first otherwise)."""
        name = _check_name(name)
        old = await guarded(self.store.get(guild_id, name))
        if old is not None and old.creator_id != user_id:
            raise ServiceError("rules_not_yours", name=name)
        saved: SavedRuleSet = await guarded(self.store.save(guild_id, name, rules, user_id))
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
            raise ServiceError("rules_file_bad", **rules_reason(exc)) from exc
        old = await guarded(self.store.get(guild_id, name))
        if old is not None and old.creator_id != user_id:
            raise ServiceError("rules_not_yours", name=name)
        saved: SavedRuleSet = await guarded(self.store.save(guild_id, name, rules, user_id))
        return saved

    async def get(self, guild_id: int, name: str) -> SavedRuleSet:
        saved: SavedRuleSet | None = await guarded(self.store.get(guild_id, name))
        if saved is None:
            raise ServiceError("rules_unknown", name=name)
        return saved

    async def list(self, guild_id: int) -> list[SavedRuleSet]:
        saved: list[SavedRuleSet] = await guarded(self.store.list(guild_id))
        return saved

    async def delete(self, guild_id: int, user_id: int, name: str, *, can_manage: bool) -> None:
        saved = await self.get(guild_id, name)
        if saved.creator_id != user_id and not can_manage:
            raise ServiceError("rules_not_yours", name=name)
        await guarded(self.store.delete(guild_id, name))
        settings = await guarded(self.settings.get(guild_id))
        if settings.preset == name:  # the default goes back to the built-in one
            await guarded(self.settings.set(guild_id, preset="classic"))

    async def set_default(self, guild_id: int, name: str, *, can_manage: bool) -> str:
        """The server's default rule set for ``/table new`` (Manage Server)."""
        if not can_manage:
            raise ServiceError("needs_manage_server")
        if name not in PRESET_NAMES:
            await self.get(guild_id, name)
        await guarded(self.settings.set(guild_id, preset=name))
        return name

    async def default(self, guild_id: int | None) -> str | None:
        """The server's default (None: none set, or no server)."""
        if guild_id is None:
            return None
        settings = await guarded(self.settings.get(guild_id))
        return None if settings.preset == "classic" else str(settings.preset)

    async def name_of(self, guild_id: int | None, rules: RuleSet) -> str:
        """What a rule set is called: its preset's name while it is that preset
        unchanged, else the name of the set saved in this server that it is, else
        its preset's name + "-custom" (a table's edited rules)."""
        try:
            if preset(rules.name) == rules:
                return rules.name
        except RuleSetError:  # a name no preset has (an imported file's)
            pass
        if guild_id is not None:
            for saved in await self.list(guild_id):
                if saved.rules == rules:
                    return saved.name
        return f"{rules.name}-custom"

    async def resolve(self, guild_id: int | None, name: str | None) -> RuleSet | None:
        """The saved rule set called ``name`` in this server (None: not a saved name)."""
        if guild_id is None or name is None or name in PRESET_NAMES or name.startswith("friends"):
            return None
        saved: SavedRuleSet | None = await guarded(self.store.get(guild_id, name))
        if saved is None:
            return None
        return saved.rules
