"""A refusal in the reader's language: a code plus parameters (the service's
``ServiceError``, a rules error, a preview's refusal) turned into one sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.i18n import language, policy_label, seat_name, shape_text, text
from bot.text.rules_text import form_text
from bot.text.settings_text import ruleset_reason

# Rules errors whose English message from rules/ is already the best wording.
ENGLISH_FROM_RULES = frozenset({"must_match_shape", "must_follow_suit", "not_held", "wrong_count"})


def error_text(locale: str | None, code: str, given: Mapping[str, Any]) -> str:
    params = dict(given)
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
    if language(locale) == "en" and code in ENGLISH_FROM_RULES and "fallback" in params:
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
    if code == "bad_declaration" and params.get("forms"):
        # These cards are no declaration form of this table: name the forms it has.
        allowed = (form_text(locale, f) for f in params["forms"])
        params["allowed"] = text(locale, "list_sep").join(allowed)
        code = "bad_declaration_forms"
    if code == "bad_seat" and "count" in params:
        code = "bad_seat_range"  # a lobby seat: say which seats the table has
    params.setdefault("fallback", code)
    return text(locale, code, **params)
