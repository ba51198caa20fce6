"""One error type for every refused action, with a stable reason code.

``code`` is what front ends translate; ``params`` fill the translated message;
``str(error)`` is a plain English message for a player. Messages only ever name
cards the player tried to play or must play themselves — never another hand.
"""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"
