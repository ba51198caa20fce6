"""Follows and throws: what a follow must give up, throws and their penalty."""

from __future__ import annotations

from dataclasses import replace

from rules.settings.core import Setting

SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="throw_penalty",
        group="follows",
        default="10",
        description="Points a failed throw (甩牌) costs",
        read=lambda rs: str(rs.throw_penalty),
        write=lambda rs, v: replace(rs, throw_penalty=int(v)),
        bounds=(0, 100),
        source="RULES.md section 4",
    ),
)
