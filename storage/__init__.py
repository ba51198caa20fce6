"""Durable tables: SQLAlchemy 2 (async) on SQLite by default, PostgreSQL by DATABASE_URL."""

from storage.db import DEFAULT_URL, Database, database_url
from storage.errors import (
    DuplicateAction,
    StaleVersion,
    StorageError,
    StorageFull,
    StorageUnavailable,
    TableExists,
    TableNotFound,
)
from storage.locks import TableLocks
from storage.models import ACTIVE_STATUSES
from storage.replays import Replays, StoredHand
from storage.settings import GuildSettings, Settings
from storage.stats import PlayerStats, Stats
from storage.table_info import ActionReceipt, SeatInfo, TableInfo
from storage.tables import Store
from storage.tournaments import Tournaments

__all__ = [
    "ACTIVE_STATUSES",
    "DEFAULT_URL",
    "ActionReceipt",
    "Database",
    "DuplicateAction",
    "GuildSettings",
    "PlayerStats",
    "Replays",
    "SeatInfo",
    "Settings",
    "StaleVersion",
    "Stats",
    "StorageError",
    "StorageFull",
    "StorageUnavailable",
    "Store",
    "StoredHand",
    "TableExists",
    "TableInfo",
    "TableLocks",
    "TableNotFound",
    "Tournaments",
    "database_url",
]
