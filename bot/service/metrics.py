"""Process-wide counters for operators (``/metrics`` of ``bot.web``): actions the
service committed, Discord REST calls, errors logged. A counter is one integer
add — nothing on the hot path waits for it; the web side only reads them."""

from __future__ import annotations

import logging
from dataclasses import dataclass


@dataclass(slots=True)
class Counter:
    name: str
    help: str
    value: int = 0

    def inc(self, by: int = 1) -> None:
        self.value += by


ACTIONS = Counter("shengji_actions_total", "Rules actions the table service committed.")
REST_CALLS = Counter("shengji_rest_calls_total", "REST calls made to Discord.")
ERRORS = Counter("shengji_errors_total", "Errors logged (level ERROR or worse).")
COUNTERS = (ACTIONS, REST_CALLS, ERRORS)


class ErrorCounter(logging.Handler):
    """Counts every record at ERROR or above (a failed timer, an unexpected
    exception in a command, a storage failure): whatever went wrong is logged."""

    def __init__(self, counter: Counter = ERRORS) -> None:
        super().__init__(logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter.inc()
