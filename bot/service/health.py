"""What ``/healthz`` and ``/metrics`` report of the stored tables (the web side reads
storage only through the service)."""

from __future__ import annotations

import logging

from storage import Database, Store

log = logging.getLogger(__name__)


async def tables_open(db: Database) -> int | None:
    """Open tables in the database (None: it cannot be read now)."""
    try:
        return len(await Store(db).active_versions())
    except Exception as exc:  # any database failure: reported, never raised
        log.warning("health check: the database did not answer: %s", type(exc).__name__)
        return None
