"""The one error type the service raises to front ends: a code plus parameters,
rendered in the player's language by ``bot.text.i18n``."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

from bot.text.error_text import error_text
from rules.errors import RuleError
from rules.notation import NotationError
from rules.ruleset import RuleSetError
from storage import StorageError

T = TypeVar("T")


class ServiceError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, locale: str | None) -> str:
        return error_text(locale, self.code, self.params)

    def __str__(self) -> str:
        return self.message("en")


def from_rule_error(err: RuleError) -> ServiceError:
    params = dict(err.params)
    params.setdefault("fallback", err.message)
    return ServiceError(err.code, **params)


def rules_reason(err: RuleSetError) -> dict[str, Any]:
    """``ServiceError`` params saying why a rule set was refused: the engine's code
    and params (translated by ``message`` into ``reason`` / ``detail``; a refused
    setting's own ``reason`` if it has one), its English as the fallback."""
    inner = getattr(err, "reason", None)
    found = inner if isinstance(inner, RuleSetError) else err
    return {"reason": str(found), "rules_code": found.code, "rules_params": dict(found.params)}


def from_notation_error(err: NotationError) -> ServiceError:
    return ServiceError(
        "bad_cards",
        token=err.token,
        reason=err.reason,
        reason_code=err.code,
        reason_params=err.params,
        fallback=str(err),
    )


async def guarded(coro: Awaitable[T]) -> T:
    """Await a storage call; a storage failure becomes the ServiceError front ends word."""
    try:
        return await coro
    except StorageError as exc:
        raise ServiceError(exc.code) from exc
