"""Autocomplete choices for the ``seat`` option of /table join and /table addbot.

A table has 4 to 10 seats, so the option cannot carry fixed choices (they would
name four at most): the choices are the free seats of the table in the channel,
named as the table names them in the reader's language (North … West at four
seats, "Seat n" at a 找朋友 table). The value is the seat's number, 1 to N — what a
player types — and the handler turns it into the service's 0-based seat.
"""

from __future__ import annotations

from bot.discord_app.autocomplete import MAX_CHOICES
from bot.service.records import TableInfo
from bot.text.i18n import seat_name


def seat_choices(table: TableInfo | None, typed: str, locale: str | None) -> list[tuple[str, int]]:
    """(name, number) of every free seat a typed text fits: a number's start ("1"
    fits 1 and 10) or a part of the name ("w" fits West). None while the table plays
    or when there is no table here: nothing to take."""
    if table is None or table.status != "lobby":
        return []
    players = len(table.seats)
    typed = typed.strip().lower()
    out: list[tuple[str, int]] = []
    for s in table.seats:
        if not s.empty:
            continue
        name = seat_name(locale, s.seat, players)[:100]
        number = s.seat + 1
        if not typed or str(number).startswith(typed) or typed in name.lower():
            out.append((name, number))
    return out[:MAX_CHOICES]  # 10 seats at most: far below Discord's 25


def seat_index(number: int | None) -> int | None:
    """The service's seat (0-based) for the number a player gave (1-based)."""
    return None if number is None else number - 1
