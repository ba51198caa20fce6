"""House rules as data: ``REGISTRY`` of every named setting, ``apply`` and ``diff``.

from rules.settings import apply, diff
rs = apply(preset("classic"), {"throw_penalty": "20"})
diff(rs, preset("classic"))  # [(Setting(throw_penalty), "10", "20")]
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.ruleset import RuleSet
from rules.settings import follows
from rules.settings.core import GROUPS, Group, Registry, Setting

REGISTRY = Registry(follows.SETTINGS)


def apply(rules: RuleSet, changes: Mapping[str, object]) -> RuleSet:
    return REGISTRY.apply(rules, changes)


def diff(rules: RuleSet, base: RuleSet) -> list[tuple[Setting, str, str]]:
    return REGISTRY.diff(rules, base)


__all__ = ["GROUPS", "REGISTRY", "Group", "Registry", "Setting", "apply", "diff"]
