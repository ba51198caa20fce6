"""The stored records the service hands to its front ends, named here: a front end
(Discord, console, web) imports them from the service and nothing from storage.

``Database`` is the handle a front end opens (``bot.service.startup``) and gives the
service; ``MessageRefs`` the Discord side's stored message ids, handed over as
``TableService.message_refs``; the rest are what the service's calls return.
"""

from storage.db import Database
from storage.messages import MessageRefs
from storage.models import ACTIVE_STATUSES
from storage.replays import StoredHand
from storage.table_info import SeatInfo, TableInfo
from storage.tournament_director import LogEntry
from storage.tournaments import FORMATS, EntryInfo, EventInfo

__all__ = [
    "ACTIVE_STATUSES",
    "FORMATS",
    "Database",
    "EntryInfo",
    "EventInfo",
    "LogEntry",
    "MessageRefs",
    "SeatInfo",
    "StoredHand",
    "TableInfo",
]
