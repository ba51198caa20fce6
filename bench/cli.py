"""What the bench scripts' command lines share."""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import sys

from bot.compiled import ENV, is_compiled
from rules.presets import preset


def preset_names(value: str) -> list[str] | None:
    """The presets of a comma-separated ``--presets`` value, or None after saying on
    stderr which one is unknown."""
    names = [n for n in value.split(",") if n]
    try:
        for n in names:
            preset(n)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return None
    return names


def build_label() -> str:
    """Which build of ``rules/`` this run uses, for a header line."""
    if is_compiled():
        return "rules/ compiled"
    return "pure Python" + _not_as_asked()


def build_words() -> str:
    """A report header's note of the compiled build ("" for pure Python as asked)."""
    if is_compiled():
        return "; rules/ compiled (bot/compiled)"
    note = _not_as_asked()
    return "; pure Python" + note if note else ""


def _not_as_asked() -> str:
    """When ``SHENGJI_COMPILED=1`` asked for the build and the source runs (a stale or
    missing build: stderr said why), the header says so too — a CPU-time budget then
    buys fewer samples, and a queued run started after an edit is easy to miss."""
    if os.environ.get(ENV) != "1":
        return ""
    return " although SHENGJI_COMPILED=1 asked for the build (stale or missing)"


def worker_pool(jobs: int) -> multiprocessing.pool.Pool:
    """A pool of ``jobs`` worker processes, forked where the platform can (the workers
    then see what the parent set up, e.g. a diagnostic's player)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(jobs)
