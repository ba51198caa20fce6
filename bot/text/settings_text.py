"""House rules in words: each setting's name, value and one-line help in the reader's
language (catalog codes ``setting.<name>``, ``setting.<name>.help`` and
``setting.<name>.<value>``; ``setting.group.<group>`` for the groups)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.i18n import text
from rules.cards import rank_name
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import NT_RANK
from rules.settings import GROUPS, REGISTRY, Group, Setting


def setting_label(locale: str | None, name: str) -> str:
    return text(locale, f"setting.{name}", fallback=name)


def setting_help(locale: str | None, setting: Setting) -> str:
    return text(locale, f"setting.{setting.name}.help", fallback=setting.description)


def group_label(locale: str | None, group: Group) -> str:
    return text(locale, f"setting.group.{group}", fallback=group)


def value_label(locale: str | None, setting: Setting, value: str) -> str:
    """A value in words: a choice (or an example) has its own label; ``kind:ranks``
    values (``defend:5,10,k,a``) word their kind; a number is itself."""
    kind, sep, rest = value.partition(":")
    if sep:
        ranks = rest.upper().replace(",", " ")
        return text(locale, f"setting.{setting.name}.{kind}", ranks=ranks, fallback=value)
    return text(locale, f"setting.{setting.name}.{value}", fallback=value)


def base_of(rules: RuleSet) -> RuleSet:
    """The built-in preset a rule set started from (by its ``name``), or itself."""
    try:
        return preset(rules.name)
    except RuleSetError:
        return rules


def house_rule_lines(locale: str | None, rules: RuleSet) -> list[str]:
    """One line per setting that differs from the preset the rules started from."""
    return [
        text(
            locale,
            "setting.line",
            name=setting_label(locale, s.name),
            value=value_label(locale, s, mine),
        )
        for s, _theirs, mine in REGISTRY.diff(rules, base_of(rules))
    ]


def all_setting_lines(locale: str | None, rules: RuleSet) -> list[str]:
    """Every setting, grouped, the ones that differ from the preset marked."""
    base = base_of(rules)
    out: list[str] = []
    for group in GROUPS:
        settings = REGISTRY.in_group(group)
        if not settings or (group == "friends" and rules.friends is None):
            continue
        out.append(f"**{group_label(locale, group)}**")
        for s in settings:
            value = s.read(rules)
            mark = " ✎" if value != s.read(base) else ""
            out.append(
                text(
                    locale,
                    "setting.line",
                    name=setting_label(locale, s.name),
                    value=value_label(locale, s, value) + mark,
                )
            )
    return out


def ruleset_reason(
    locale: str | None, code: str, params: Mapping[str, object], fallback: str = ""
) -> str:
    """Why a rule set was refused (``RuleSetError.code`` and ``params``) in the
    reader's words (catalog ``ruleset.<code>``): settings by their names, values by
    their labels, ranks by their names — never the engine's English."""
    p: dict[str, object] = dict(params)
    sep = text(locale, "list_sep")
    names = str(p.get("setting", "")).split(", ") if "setting" in p else []
    if names:
        p["setting_name"] = sep.join(setting_label(locale, n) for n in names)
    if len(names) == 1 and names[0] in REGISTRY:
        setting = REGISTRY.get(names[0])
        if "choices" in p:
            p["choices"] = sep.join(
                value_label(locale, setting, c) for c in str(p["choices"]).split(", ")
            )
        if "value" in p:
            p["value"] = value_label(locale, setting, str(p["value"]))
    for key in ("rank", "low"):
        value = p.get(key)
        if isinstance(value, int):
            p[key] = _rank(locale, value)
    ranks = p.get("ranks")
    if isinstance(ranks, tuple | list):
        p["ranks"] = sep.join(_rank(locale, int(r)) for r in ranks)
    for key in ("choices", "fields", "ranks", "allowed"):  # lists the reader's way (、)
        if isinstance(p.get(key), str):
            p[key] = str(p[key]).replace(", ", sep)
    return text(locale, f"ruleset.{code}", fallback=fallback or code, **p)


def _rank(locale: str | None, rank: int) -> str:
    return text(locale, "word.no_trump") if rank == NT_RANK else rank_name(rank)
