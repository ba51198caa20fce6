"""A finished hand in one line, for lists of hands to replay or deal again
(``/history``, the ``deal:`` and ``hand`` autocompletes): "#12 · table 3 · hand 2 ·
85 points · the attackers take over"."""

from __future__ import annotations

from typing import Protocol

from bot.text.i18n import text
from bot.text.render import result_text

LABEL_MAX = 100  # a Discord choice's name holds 100 characters


class LabelledHand(Protocol):
    """What the label reads of a finished hand (the service's ``StoredHand`` is one)."""

    @property
    def hand_id(self) -> int: ...

    @property
    def table_id(self) -> int: ...

    @property
    def hand_no(self) -> int: ...

    @property
    def attackers_points(self) -> int: ...

    @property
    def winner(self) -> str: ...

    @property
    def level_change(self) -> int: ...


def hand_label(locale: str | None, hand: LabelledHand) -> str:
    result = result_text(locale, hand.winner, hand.level_change)
    line = text(
        locale,
        "replay.hand_label",
        hand=hand.hand_id,
        table=hand.table_id,
        no=hand.hand_no,
        points=hand.attackers_points,
        result=result,
    )
    return line if len(line) <= LABEL_MAX else line[: LABEL_MAX - 1] + "…"
