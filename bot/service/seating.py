"""Seats and rule-set choices: pure checks with friendly refusals."""

from __future__ import annotations

from bot.service.errors import ServiceError, rules_reason
from bot.service.state import LiveTable
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES, friends_rules, preset
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import MAX_DECKS
from storage import SeatInfo, TableInfo

DECKS_PRESET = {1: "one-deck", 2: "classic", 3: "three-decks", 4: "four-decks"}


def rules_for(preset_name: str | None, decks: int | None, players: int | None = None) -> RuleSet:
    """The rule set for ``/table new preset: decks: players:`` (the deck count picks a
    preset; a friends preset, or ``players`` other than 4, makes a 找朋友 table)."""
    named_friends = preset_name is not None and preset_name.startswith("friends-")
    if named_friends or preset_name == "friends" or (players is not None and players != 4):
        if named_friends:
            assert preset_name is not None
            try:  # friends-6, or any friends-N / friends-NxD (the console's --preset)
                base = preset(preset_name)
            except RuleSetError:
                choices = ", ".join((*PRESET_NAMES, *FRIENDS_PRESETS))
                raise ServiceError("unknown_preset", name=preset_name, choices=choices) from None
            if players is None or players == base.players:
                players, decks = base.players, base.decks if decks is None else decks
        if decks is not None and not 2 <= decks <= MAX_DECKS:
            raise ServiceError("friends_decks", decks=decks, most=MAX_DECKS)
        try:
            return friends_rules(players or 6, decks)
        except RuleSetError as exc:
            raise ServiceError("bad_option", **rules_reason(exc)) from exc
    if decks is not None and decks not in DECKS_PRESET:
        # Fixed partners stop at four decks; five seat five to ten at 找朋友.
        raise ServiceError("decks_friends_only", decks=decks)
    name = preset_name or (DECKS_PRESET.get(decks or 2, "classic"))
    if name not in PRESET_NAMES:
        choices = ", ".join((*PRESET_NAMES, *FRIENDS_PRESETS))
        raise ServiceError("unknown_preset", name=name, choices=choices)
    rules = preset(name)
    if decks is not None and decks != rules.decks:
        if preset_name in (None, "classic") and decks in DECKS_PRESET:
            return preset(DECKS_PRESET[decks])
        try:
            kitty = {1: 6, 2: 8, 3: 6, 4: 0}[decks]
            rules = rules.with_overrides(decks=decks, kitty_size=kitty)
        except RuleSetError as exc:
            raise ServiceError("bad_option", **rules_reason(exc)) from exc
        except KeyError as exc:
            raise ServiceError("bad_option", detail=str(exc)) from exc
    return rules


def free_seat(t: TableInfo, seat: int | None) -> int:
    """The wanted seat if it is free, or the first free seat."""
    if seat is None:
        free = [s.seat for s in t.seats if s.empty]
        if not free:
            raise ServiceError("table_full")
        return free[0]
    if not 0 <= seat < len(t.seats):
        # The number the player gave (1-based) and the table's range, to say both.
        raise ServiceError("bad_seat", n=seat + 1, count=len(t.seats))
    if not t.seats[seat].empty:
        raise ServiceError("seat_taken", seat=seat, players=len(t.seats))
    return seat


def require_member(t: TableInfo, user_id: int) -> None:
    """Only a seated player or the table's creator may manage the lobby."""
    if t.seat_of(user_id) is None and user_id != t.creator_id:
        raise ServiceError("not_seated")


def is_auto(seat: SeatInfo) -> bool:
    """A player's seat played by the AI for now (托管, ``bot.service.auto``), not an
    AI player's seat."""
    return seat.user_id is not None and seat.ai_level is not None


def seat_of(live: LiveTable, user_id: int) -> int:
    """The user's seat at a started table (refused: not seated, or not started)."""
    seat = live.table.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_seated")
    if live.match is None:
        raise ServiceError("not_started")
    return seat
