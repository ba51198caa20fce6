"""What the bench scripts' command lines share."""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import sys

from bench.compiled import is_compiled
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
    return "rules/ compiled" if is_compiled() else "pure Python"


def build_words() -> str:
    """A report header's note of the compiled build ("" for pure Python)."""
    return "; rules/ compiled (bench/compiled.py)" if is_compiled() else ""


def worker_pool(jobs: int) -> multiprocessing.pool.Pool:
    """A pool of ``jobs`` worker processes, forked where the platform can (the workers
    then see what the parent set up, e.g. a diagnostic's player)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(jobs)
