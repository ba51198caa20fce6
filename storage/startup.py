"""Start-up: accept the usual spellings of ``DATABASE_URL`` and turn whatever stops
the database from opening into one sentence that names the setting and the fix.

Entry points (``python -m bot``, ``python -m bot console --db``, ``python -m storage
upgrade``) print that sentence, exit with code 2 and show the traceback only when
``LOG_LEVEL=DEBUG``.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from storage.errors import NewerSchema, StorageFull

T = TypeVar("T")
EXIT_CODE = 2

# Driverless spellings people copy from their host's dashboard -> the async driver.
_SCHEMES = {
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
}


class UnsupportedUrl(ValueError):
    """DATABASE_URL names a database or driver this bot does not run on."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.scheme = url.partition("://")[0]


def normalize_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` mean asyncpg, ``sqlite://`` aiosqlite;
    anything else but those two async drivers is refused (``UnsupportedUrl``)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ArgumentError(f"Could not parse SQLAlchemy URL from string {url!r}")
    scheme = _SCHEMES.get(scheme.lower(), scheme)
    if scheme not in _SCHEMES.values():
        raise UnsupportedUrl(url)
    return f"{scheme}://{rest}"


def _where(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url.split("@")[-1]


def explain(exc: BaseException, url: str) -> str | None:
    """One sentence for a start-up failure, or None for an unexpected error (a bug:
    its traceback is the useful part)."""
    where = _where(url)
    chain: list[BaseException] = []
    e: BaseException | None = exc
    while e is not None and e not in chain:
        chain.append(e)
        e = getattr(e, "orig", None) or e.__cause__ or e.__context__
    names = {type(c).__name__ for c in chain}
    sqlstates = {getattr(c, "sqlstate", None) for c in chain}
    text = " ".join(str(c) for c in chain).lower()
    if isinstance(exc, NewerSchema):
        return (
            f"DATABASE_URL ({where}) holds a schema from a newer version of the bot "
            f"(revision {exc.revision}): run that newer version, or set DATABASE_URL to "
            "another database."
        )
    if isinstance(exc, StorageFull):
        return f"The database at DATABASE_URL ({where}) is full: free disk space on its host."
    if isinstance(exc, ArgumentError) or "could not parse sqlalchemy url" in text:
        return (
            f"DATABASE_URL ({url!r}) is not a database URL: use sqlite:///path/to/file.db "
            "or postgresql://user:password@host:5432/dbname."
        )
    if (
        isinstance(exc, UnsupportedUrl | NoSuchModuleError)
        or "can't load plugin" in text
        or ("requires an async driver" in text)
    ):
        scheme = url.partition("://")[0]
        return (
            f"DATABASE_URL uses {scheme!r}, which this bot does not support: use "
            "sqlite:///path/to/file.db or postgresql://user:password@host:5432/dbname."
        )
    if "3D000" in sqlstates or "InvalidCatalogNameError" in names:
        db = make_url(url).database
        return (
            f"The PostgreSQL database {db!r} in DATABASE_URL ({where}) does not exist: "
            f"create it (createdb {db}) or fix the name in DATABASE_URL."
        )
    if sqlstates & {"28000", "28P01"}:
        user = make_url(url).username
        return (
            f"PostgreSQL refused the user {user!r} from DATABASE_URL ({where}): check the "
            "user name and password in DATABASE_URL, or create the role."
        )
    if (
        "unable to open database file" in text
        or "readonly database" in text
        or ("read-only file system" in text)
    ):
        return (
            f"The SQLite file in DATABASE_URL ({where}) cannot be opened for writing: make "
            "its directory writable, or set DATABASE_URL to a writable path."
        )
    if names & {"ConnectionRefusedError", "ConnectionError", "gaierror", "TimeoutError"} or (
        "connect call failed" in text or "cannot be reached" in text
    ):
        return (
            f"Cannot connect to the database at DATABASE_URL ({where}): start the database "
            "server, or fix the host and port in DATABASE_URL."
        )
    return None


def run_or_explain(start: Callable[[], T], url: str, *, debug: bool | None = None) -> T | int:
    """Run ``start()``; a start-up failure prints its sentence to stderr and gives
    ``EXIT_CODE`` (the traceback too when ``debug``, by default LOG_LEVEL=DEBUG)."""
    try:
        return start()
    except Exception as exc:
        message = explain(exc, url)
        if message is None:
            raise
        if debug is None:
            debug = (os.environ.get("LOG_LEVEL") or "").upper() == "DEBUG"
        if debug:
            logging.getLogger("storage").exception("start-up failed")
        print(message, file=sys.stderr)
        return EXIT_CODE
