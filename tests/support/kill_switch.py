"""The crash children's switch: counts this process's database commits and
SIGKILLs the process at the first statement once ``at`` commits are made (0:
never), so a test can stop a run between any two writes."""

from __future__ import annotations

import os
import signal
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


class KillSwitch:
    def __init__(self, at: int = 0) -> None:
        self.at = at
        self.commits = 0
        event.listen(Engine, "commit", self._commit)
        event.listen(Engine, "before_cursor_execute", self._maybe_die)

    def _commit(self, *_args: Any) -> None:
        self.commits += 1

    def _maybe_die(self, *_args: Any) -> None:
        if self.at and self.commits >= self.at:
            os.kill(os.getpid(), signal.SIGKILL)
