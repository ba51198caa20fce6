"""The one error type the service raises to front ends: a code plus parameters,
rendered in the player's language by ``bot.i18n``."""

from __future__ import annotations

from typing import Any

from bot.i18n import seat_name, shape_text, text
from rules.errors import RuleError
from rules.notation import NotationError


class ServiceError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, locale: str | None) -> str:
        params = dict(self.params)
        if "seat" in params and "seat_name" not in params and isinstance(params["seat"], int):
            params["seat_name"] = seat_name(locale, params["seat"])
        if "turn" in params and isinstance(params["turn"], int):
            params.setdefault(
                "turn_name", params.get("turn_player") or seat_name(locale, params["turn"])
            )
        if "phase" in params:
            params["phase"] = text(locale, f"phase.{params['phase']}")
        if "shapes" in params:
            shapes = [tuple(s) for s in params["shapes"]]
            params["need"] = ", ".join(shape_text(locale, s) for s in shapes)  # type: ignore[arg-type]
            params["them"] = "it" if len(shapes) == 1 else "them"
        params.setdefault("fallback", self.code)
        return text(locale, self.code, **params)

    def __str__(self) -> str:
        return self.message("en")


def from_rule_error(err: RuleError) -> ServiceError:
    params = dict(err.params)
    params.setdefault("fallback", err.message)
    return ServiceError(err.code, **params)


def from_notation_error(err: NotationError) -> ServiceError:
    return ServiceError("bad_cards", token=err.token, reason=err.reason, fallback=str(err))
