"""Per-table locks inside one process: two actions for one table never interleave.

(Across processes the version column does the same job: see ``Store._bump``.)
"""

from __future__ import annotations

import asyncio
from collections import defaultdict


class TableLocks:
    def __init__(self) -> None:
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def __call__(self, table_id: int) -> asyncio.Lock:
        return self._locks[table_id]

    def forget(self, table_id: int) -> None:
        lock = self._locks.get(table_id)
        if lock is not None and not lock.locked():
            del self._locks[table_id]
