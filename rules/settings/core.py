"""House rules: every rule a named setting over ``RuleSet`` data.

A ``Setting`` is a typed view of one aspect of a rule set: a stable name, the
values it takes (as the strings players type or pick), its default (today's
behaviour of the engine) and how to read it from / write it into a
``RuleSet``. Settings never add code paths of their own: the engine reads the
``RuleSet`` fields, the setting only names them. Group modules
(``rules.settings.<group>``) declare their ``SETTINGS``; ``rules.settings``
gathers them into ``REGISTRY``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from rules.ruleset import RuleSet, RuleSetError

Group = Literal["follows", "declaring", "scoring", "deck", "friends"]
GROUPS: tuple[Group, ...] = ("follows", "declaring", "scoring", "deck", "friends")


@dataclass(frozen=True, slots=True)
class Setting:
    """One house rule.

    ``choices`` lists every value for a pick-one setting; for a number, ``choices``
    is empty and ``bounds`` gives the inclusive range (``"auto"`` may be allowed
    too, via ``choices=("auto",)`` plus ``bounds``). ``read`` returns the current
    value as its string; ``write`` returns a new rule set (not yet validated).
    ``description`` is the English line; the catalog code ``setting.<name>``
    holds it in every language (bot/ translates, rules/ stays pure).
    """

    name: str
    group: Group
    default: str
    description: str
    read: Callable[[RuleSet], str]
    write: Callable[[RuleSet, str], RuleSet]
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    # Sources the scenario tests cite: seeds, docs/rules.md, the web table's rules.
    source: str = ""
    # Free-form settings (neither choices nor bounds): values a picker offers.
    examples: tuple[str, ...] = ()

    def parse(self, raw: str) -> str:
        """Normalise ``raw`` to one of this setting's values or raise RuleSetError."""
        value = str(raw).strip().lower()
        if value in self.choices:
            return value
        if self.bounds is not None:
            try:
                n = int(value)
            except ValueError:
                pass
            else:
                lo, hi = self.bounds
                if lo <= n <= hi:
                    return str(n)
        raise SettingError(
            f"{self.name}: {raw!r} is not one of {self.allowed()}",
            setting=self.name,
            code="bad_value",
            allowed=self.allowed(),
        )

    def allowed(self) -> str:
        """The values in words, for error messages and ``bot rules``."""
        parts = list(self.choices)
        if self.bounds is not None:
            parts.append(f"{self.bounds[0]}..{self.bounds[1]}")
        return ", ".join(parts)


class SettingError(RuleSetError):
    """A refused setting: ``code`` says why (``unknown_setting``, ``bad_value``,
    ``conflict``) so front ends can word it in the player's language; ``reason`` is
    the engine's own ``RuleSetError`` behind a conflict (its code and params say
    why, e.g. ``bombs_need_decks``). The message stays English for logs and
    library users."""

    def __init__(
        self,
        message: str,
        *,
        setting: str,
        code: str,
        allowed: str = "",
        reason: RuleSetError | None = None,
    ) -> None:
        super().__init__(code, message, setting=setting, allowed=allowed)
        self.setting = setting
        self.allowed = allowed
        self.reason = reason


class Registry:
    """The settings by name, in display order (grouped)."""

    def __init__(self, settings: tuple[Setting, ...]) -> None:
        names = [s.name for s in settings]
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            raise ValueError(f"settings declared twice: {sorted(dupes)}")
        self._by_name = {s.name: s for s in sorted(settings, key=lambda s: GROUPS.index(s.group))}

    def __iter__(self) -> Iterator[Setting]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def get(self, name: str) -> Setting:
        try:
            return self._by_name[name]
        except KeyError:
            raise SettingError(
                f"unknown setting {name!r}; known: {', '.join(self._by_name)}",
                setting=name,
                code="unknown_setting",
            ) from None

    def in_group(self, group: Group) -> list[Setting]:
        return [s for s in self._by_name.values() if s.group == group]

    def values(self, rules: RuleSet) -> dict[str, str]:
        """Every setting's current value in ``rules``."""
        return {s.name: s.read(rules) for s in self._by_name.values()}

    def apply(self, rules: RuleSet, changes: Mapping[str, object]) -> RuleSet:
        """``rules`` with ``changes`` (name -> value) made, validated.

        Raises ``RuleSetError`` naming the setting for an unknown name, a bad value
        or a combination that cannot be played (the message says why).
        """
        out = rules
        for name, raw in changes.items():
            setting = self.get(name)
            try:
                value = setting.parse(str(raw))
            except SettingError:
                raise
            except RuleSetError as exc:  # a subclass's own parse: still a bad value
                raise SettingError(
                    str(exc), setting=name, code="bad_value", allowed=setting.allowed(), reason=exc
                ) from exc
            try:
                out = setting.write(out, value)
            except SettingError:
                raise
            except RuleSetError as exc:
                raise SettingError(
                    f"{name}: {exc}", setting=name, code="conflict", reason=exc
                ) from exc
        try:
            return out.validate()
        except RuleSetError as exc:
            names = ", ".join(changes)
            raise SettingError(
                f"{names}: {exc}", setting=names, code="conflict", reason=exc
            ) from exc

    def diff(self, rules: RuleSet, base: RuleSet) -> list[tuple[Setting, str, str]]:
        """(setting, base value, value) for each setting where ``rules`` differs."""
        out = []
        for s in self._by_name.values():
            mine, theirs = s.read(rules), s.read(base)
            if mine != theirs:
                out.append((s, theirs, mine))
        return out

    def changed_by(self, setting: Setting, presets: Mapping[str, RuleSet]) -> list[str]:
        """The presets whose value differs from the setting's default."""
        return [name for name, rs in presets.items() if setting.read(rs) != setting.default]
