"""House rules at a table: the lobby's creator (or a moderator, as the refusal
says) edits the table's rule set setting by setting (``set_rules``); once the match starts the rules are locked (a new match
may change them). Every change is validated by the engine before it is stored;
saved sets per server are ``bot.service.saved_rules``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.service.core import Core
from bot.service.errors import ServiceError, guarded, rules_reason
from bot.service.notices import Public
from rules.ruleset import RuleSet
from rules.settings import REGISTRY, SettingError
from storage.rule_sets import NAME_MAX

# Saved names: letters (any script), digits, - and _; no spaces (slash options,
# console flags and file names all take them as they are).
_NAME = re.compile(rf"[\w\-]{{1,{NAME_MAX}}}")
EXPORT_MAX_BYTES = 64 * 1024  # a rule set is ~2 KB; anything bigger is not one


def setting_error(exc: SettingError) -> ServiceError:
    """A refused setting in words the front ends translate (never the engine's English)."""
    if exc.code == "unknown_setting":
        return ServiceError("setting_unknown", setting=exc.setting)
    if exc.code == "bad_value":
        allowed = exc.allowed
        if exc.setting in REGISTRY and (examples := REGISTRY.get(exc.setting).examples):
            allowed = ", ".join(examples)  # free-form: the values one types, not English
        return ServiceError("setting_bad_value", setting=exc.setting, allowed=allowed)
    if exc.reason is not None:  # the engine says why: bombs need 4+ decks, …
        return ServiceError("setting_conflict_reason", setting=exc.setting, **rules_reason(exc))
    return ServiceError("setting_conflict", setting=exc.setting, fallback=str(exc))


async def set_rules(
    core: Core,
    channel_id: int,
    user_id: int,
    changes: Mapping[str, str],
    moderator: bool = False,
) -> RuleSet:
    """Change settings of the lobby's rule set: the creator, or a moderator (the front
    end says who is one: Manage Channels on Discord, as for ending a table); only
    before the start."""
    async with core.locked(channel_id) as live:
        t = live.table
        if user_id != t.creator_id and not moderator:
            raise ServiceError("not_creator")
        if t.status != "lobby":
            raise ServiceError("rules_locked")
        if live.options.ranked:  # the server's ranked rule set, the same for everyone
            raise ServiceError("ranked_rules_fixed")
        try:
            rules = REGISTRY.apply(t.rules, changes)
        except SettingError as exc:
            raise setting_error(exc) from exc
        if rules.players != t.rules.players:
            raise ServiceError("setting_conflict", setting=", ".join(changes))
        live.table = await guarded(core.store.update_table(t.id, t.version, rules=rules))
        await core.emit(
            [Public(t.id, t.channel_id, "rules_changed", params={"changes": dict(changes)})]
        )
        return rules
