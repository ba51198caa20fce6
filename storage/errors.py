"""Storage errors a front end can explain to a player."""

from __future__ import annotations


class StorageError(Exception):
    """Base class. ``code`` is stable for translation; the message is English."""

    code = "storage_error"


class StorageUnavailable(StorageError):
    code = "storage_unavailable"

    def __init__(self, detail: str = "") -> None:
        super().__init__(
            "the game database cannot be reached right now; nothing was changed — "
            "please try again in a moment" + (f" ({detail})" if detail else "")
        )


class StorageFull(StorageError):
    code = "storage_full"

    def __init__(self) -> None:
        super().__init__("the game database is full; nothing was changed — tell the bot's host")


class NewerSchema(StorageError):
    """The database was upgraded by a newer version of the bot than this one."""

    code = "newer_schema"

    def __init__(self, revision: str) -> None:
        super().__init__(
            f"the database schema is at revision {revision}, newer than this version of the "
            "bot knows: run the newer bot version, or point DATABASE_URL at another database"
        )
        self.revision = revision


class StaleVersion(StorageError):
    """Another writer changed the table first; reload and try again."""

    code = "stale_version"

    def __init__(self, table_id: int, expected: int) -> None:
        super().__init__(f"table {table_id} changed (expected version {expected}); reload it")
        self.table_id = table_id
        self.expected = expected


class DuplicateAction(StorageError):
    """The same interaction (idempotency key) was already applied."""

    code = "duplicate_action"

    def __init__(self, key: str) -> None:
        super().__init__(f"action {key!r} was already applied")
        self.key = key


class TableExists(StorageError):
    code = "table_exists"

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an active table")
        self.channel_id = channel_id


class TableNotFound(StorageError):
    code = "table_not_found"

    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table {table_id}")
        self.table_id = table_id
