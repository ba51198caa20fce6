"""``python -m bot rules [--json] [--lang L]``: every house-rule setting, its values,
its default and what it means (the list ``--rule NAME=VALUE`` and the Rules panel
take)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.text.i18n import LANGUAGES, known_language, language, text
from bot.text.settings_text import group_label, setting_help, setting_label, value_label
from rules.presets import PRESETS
from rules.settings import GROUPS, REGISTRY, Setting


def setting_json(s: Setting) -> dict[str, Any]:
    return {
        "name": s.name,
        "group": s.group,
        "choices": list(s.choices),
        "range": list(s.bounds) if s.bounds is not None else None,
        "examples": list(s.examples),
        "allowed": s.allowed(),
        "default": s.default,
        "description": {lang: setting_help(lang, s) for lang in LANGUAGES},
        "label": {lang: setting_label(lang, s.name) for lang in LANGUAGES},
        "presets": REGISTRY.changed_by(s, PRESETS),
        "source": s.source,
    }


def listing(lang: str) -> str:
    lines: list[str] = []
    for group in GROUPS:
        settings = REGISTRY.in_group(group)
        if not settings:
            continue
        lines.append(f"== {group_label(lang, group)} ==")
        for s in settings:
            values = [
                value_label(lang, s, v) + f" ({v})" if value_label(lang, s, v) != v else v
                for v in s.choices
            ]
            if s.bounds is not None:
                values.append(f"{s.bounds[0]}..{s.bounds[1]}")
            if not s.choices and s.bounds is None:  # free-form: its examples, worded
                values += [
                    value_label(lang, s, v) + f" ({v})" if value_label(lang, s, v) != v else v
                    for v in s.examples
                ] or [s.allowed()]
            lines.append(f"{s.name} = {s.default}   [{' | '.join(values)}]")
            lines.append(f"    {setting_label(lang, s.name)}: {setting_help(lang, s)}")
            changed = REGISTRY.changed_by(s, PRESETS)
            if changed:
                lines.append(
                    "    "
                    + text(
                        lang,
                        "rules_cli.presets",
                        presets=", ".join(f"{p}={s.read(PRESETS[p])}" for p in changed),
                    )
                )
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot rules", description=__doc__)
    parser.add_argument("--json", action="store_true", help="machine-readable list")
    parser.add_argument("--lang", default="en", help="en, zh-CN or zh-TW")
    args = parser.parse_args(argv)
    if not known_language(args.lang):
        print(f"{parser.prog}: {text('en', 'unknown_language', name=args.lang)}", file=sys.stderr)
        return 2
    if args.json:
        json.dump([setting_json(s) for s in REGISTRY], sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(listing(language(args.lang)))
    return 0
