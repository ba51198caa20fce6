"""``/progress`` on Discord as text: a code-block table of the hands, beside the
chart picture (the text stays for screen readers). Fixed partners: each team's
level as a bar; 找朋友: every seat's own level (``seat:level``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.text.i18n import seat_name, text
from bot.text.render import stored_trump_text
from rules.cards import rank_name
from rules.progress import HandProgress

MAX_HANDS = 20
MAX_CHARS = 1900  # a Discord message holds 2,000


def _hand_line(loc: str | None, p: HandProgress) -> str:
    side = "chart.attackers" if p.winner == "attackers" else "chart.defenders"
    result = text(loc, side, n=p.level_change)
    trump = stored_trump_text(loc, p.trump)
    if p.per_seat:
        wide = len(str(p.players))
        levels = " ".join(
            f"{s + 1:>{wide}}:{rank_name(lv):<2}" for s, lv in enumerate(p.levels_after)
        )
        dealer = seat_name(loc, p.dealer, p.players)
        return (
            f"{p.hand_no:>2}  {dealer:<7} {trump:<5} {p.attackers_points:>4}  {result:<8} "
            f"{levels}".rstrip()
        )
    bars = [
        rank_name(p.levels_after[t]).rjust(2) + " " + "▇" * (p.levels_after[t] - 1) for t in (0, 1)
    ]
    return (
        f"{p.hand_no:>2}  {seat_name(loc, p.dealer):<6} {trump:<5} {p.attackers_points:>4}  "
        f"{result:<8} {bars[0]:<12} {bars[1]}"
    )


def progress_text(loc: str | None, hands: Sequence[HandProgress]) -> str:
    """The last hands (up to ``MAX_HANDS``, fewer if the message would be too long),
    one line each, under a header."""
    header = text(loc, "chart.header_seats" if hands and hands[-1].per_seat else "chart.header")
    lines: list[str] = []
    size = len(header) + 10
    for p in reversed(hands[-MAX_HANDS:]):
        line = _hand_line(loc, p)
        size += len(line) + 1
        if size > MAX_CHARS:
            break
        lines.append(line)
    return "\n".join(["```", header, *reversed(lines), "```"])
