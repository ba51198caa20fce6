"""The Discord-free application core: tables, seats, timers, AI seats, notices."""

from bot.service.clock import Clock, FakeClock, SystemClock
from bot.service.errors import ServiceError
from bot.service.notices import Notice, Private, Public
from bot.service.options import TableOptions
from bot.service.service import TableService
from bot.service.shards import Shards
from bot.service.state import TableStatus

__all__ = [
    "Clock",
    "FakeClock",
    "Notice",
    "Private",
    "Public",
    "ServiceError",
    "Shards",
    "SystemClock",
    "TableOptions",
    "TableService",
    "TableStatus",
]
