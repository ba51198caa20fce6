"""The Prometheus text exposition format (version 0.0.4) of our counters and gauges."""

from __future__ import annotations

from collections.abc import Iterable

from bot.compiled import is_compiled
from bot.service.metrics import COUNTERS, Counter

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


def _metric(name: str, kind: str, help_text: str, value: float | int) -> list[str]:
    return [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}", f"{name} {value}"]


def metrics_text(
    tables_open: int | None, database_up: bool, counters: Iterable[Counter] = COUNTERS
) -> str:
    """Every metric as ``# HELP`` / ``# TYPE`` lines and one ``name value`` sample;
    the tables gauge is left out while the database cannot be read."""
    lines: list[str] = []
    if tables_open is not None:
        lines += _metric(
            "shengji_tables_open", "gauge", "Tables open (lobby or in play).", tables_open
        )
    lines += _metric(
        "shengji_database_up", "gauge", "1 when the database answered.", int(database_up)
    )
    lines += _metric(
        "shengji_rules_compiled",
        "gauge",
        "1 when the compiled build of rules/ plays (SHENGJI_COMPILED=1).",
        int(is_compiled()),
    )
    for c in counters:
        lines += _metric(c.name, "counter", c.help, c.value)
    return "\n".join(lines) + "\n"
