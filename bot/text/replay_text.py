"""A finished hand in one line, for lists of hands to replay or deal again
(``/history``, the ``deal:`` and ``hand`` autocompletes): "#12 · table 3 · hand 2 ·
85 points · the attackers take over"."""

from __future__ import annotations

from bot.text.i18n import text
from bot.text.render import result_text
from storage import StoredHand

LABEL_MAX = 100  # a Discord choice's name holds 100 characters


def hand_label(locale: str | None, hand: StoredHand) -> str:
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
