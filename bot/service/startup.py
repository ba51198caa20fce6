"""Opening the database, for the entry points and front ends: ``open_database``
gives the handle the service runs on, and ``run_or_explain`` turns whatever stops
it from opening (a wrong DATABASE_URL, a full disk, a newer schema) into one
sentence and exit code 2 (``storage.startup`` words it)."""

from storage.db import Database
from storage.startup import EXIT_CODE, run_or_explain

__all__ = ["EXIT_CODE", "open_database", "run_or_explain"]


def open_database(url: str) -> Database:
    """The database at ``url`` (SQLite or PostgreSQL): its pool opens on first use,
    ``upgrade`` brings its schema up to date, ``dispose`` closes it."""
    return Database(url)
