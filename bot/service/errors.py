"""The one error type the service raises to front ends: a code plus parameters,
rendered in the player's language by ``bot.text.i18n``."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

from bot.text.i18n import language, policy_label, seat_name, shape_text, text
from bot.text.rules_text import form_text
from bot.text.settings_text import ruleset_reason
from rules.errors import RuleError
from rules.notation import NotationError
from rules.ruleset import RuleSetError
from storage import StorageError

T = TypeVar("T")

# Rules errors whose English message from rules/ is already the best wording.
ENGLISH_FROM_RULES = frozenset({"must_match_shape", "must_follow_suit", "not_held", "wrong_count"})


class ServiceError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, locale: str | None) -> str:
        params = dict(self.params)
        if "seat" in params and "seat_name" not in params and isinstance(params["seat"], int):
            players = params.get("players", 4)
            # The messages say "Seat {seat_name}" / "{seat_name} 位": at N seats the
            # number alone ("Seat 3", "3 位"), not "Seat Seat 3".
            seat = params["seat"]
            params["seat_name"] = seat_name(locale, seat) if players == 4 else str(seat + 1)
        if "turn" in params and isinstance(params["turn"], int):
            params.setdefault(
                "turn_name",
                params.get("turn_player")
                or seat_name(locale, params["turn"], params.get("players", 4)),
            )
        if isinstance(params.get("policy"), str):  # a call policy by its display name
            params["policy"] = policy_label(locale, params["policy"])
        if params.get("suit") in ("trump", "black", "red"):
            params["suit"] = text(locale, f"word.{params['suit']}")
        if language(locale) == "en" and self.code in ENGLISH_FROM_RULES and "fallback" in params:
            # The rules engine's own English says it best ("you hold a ♠ pair …").
            message = str(params["fallback"])
            return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
        if params.get("rules_code"):  # a refused rule set: the engine's reason, translated
            params["reason"] = params["detail"] = ruleset_reason(
                locale,
                str(params["rules_code"]),
                params.get("rules_params", {}),
                fallback=str(params.get("reason", "")),
            )
        elif params.get("reason_code"):  # a card notation error: its reason, translated
            params["reason"] = text(
                locale,
                f"notation.{params['reason_code']}",
                fallback=params.get("reason", ""),
                **params.get("reason_params", {}),
            )
        if "setting" in params:  # a house rule by its name in the reader's language
            names = str(params["setting"]).split(", ")
            params["setting_name"] = text(locale, "list_sep").join(
                text(locale, f"setting.{n}", fallback=n) for n in names
            )
        if "phase" in params:
            params["phase"] = text(locale, f"phase.{params['phase']}")
        if "shapes" in params:
            shapes = [tuple(s) for s in params["shapes"]]
            params["need"] = ", ".join(shape_text(locale, s) for s in shapes)
            params["them"] = "it" if len(shapes) == 1 else "them"
        code = self.code
        if code == "bad_declaration" and params.get("forms"):
            # These cards are no declaration form of this table: name the forms it has.
            allowed = (form_text(locale, f) for f in params["forms"])
            params["allowed"] = text(locale, "list_sep").join(allowed)
            code = "bad_declaration_forms"
        if code == "bad_seat" and "count" in params:
            code = "bad_seat_range"  # a lobby seat: say which seats the table has
        params.setdefault("fallback", self.code)
        return text(locale, code, **params)

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
