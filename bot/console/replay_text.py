"""复盘 in words: what the console shows at one step of a finished hand's replay.

A step is a trick boundary: step 0 is the table after the bury (declarations,
the kitty as dealt and as buried), step k the table after trick k. Every seat's
hand is face up — a replay exists only for a finished hand (``rules.replay``).
Pure functions of a ``HandReplay``; ``bot/console/replay_cli.py`` prints them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.text.i18n import seat_name, sentences, text
from bot.text.render import calls_text, hand_cards, result_text
from rules.cards import rank_name
from rules.replay import Frame, HandReplay

Names = Sequence[str | None] | None  # a display name per seat, when known


def steps(replay: HandReplay) -> int:
    """The last step: the number of tricks (step 0 is the start)."""
    return len(replay.trick_frames())


def who(locale: str, replay: HandReplay, seat: int, names: Names = None) -> str:
    base = seat_name(locale, seat, replay.players)
    name = names[seat] if names is not None and seat < len(names) else None
    return text(locale, "player_name", seat=base, name=name) if name else base


def _trump(locale: str, replay: HandReplay) -> str:
    suit = replay.trump_suit
    return text(locale, "word.no_trump") if suit is None else suit.symbol


def _seat_lines(locale: str, replay: HandReplay, frame: Frame, names: Names) -> list[str]:
    lines = []
    for seat, cards in enumerate(frame.hands):
        name = names[seat] if names is not None and seat < len(names) else None
        marks = [name] if name else []
        if seat == replay.dealer:
            marks.append(text(locale, "replay.dealer"))
        elif replay.rules.friends is not None and seat in frame.team:
            marks.append(text(locale, "replay.friend"))
        label = seat_name(locale, seat, replay.players)
        if marks:
            label = text(
                locale, "player_name", seat=label, name=text(locale, "score.comma").join(marks)
            )
        shown = hand_cards(locale, cards) or text(locale, "replay.no_cards")
        lines.append(text(locale, "event.played", who=label, cards=shown))
    return lines


def _trick_line(locale: str, replay: HandReplay, frame: Frame, names: Names) -> str:
    t = frame.trick
    if t is None:
        return text(locale, "console.no_trick")
    plays = " · ".join(
        text(locale, "event.played", who=who(locale, replay, s, names), cards=hand_cards(locale, c))
        for s, c in t.plays
    )
    winner = who(locale, replay, t.winner if t.winner is not None else t.leader, names)
    head = text(locale, "last_trick", n=t.trick_no, winner=winner, points=t.points)
    return text(locale, "trick_line", head=head, plays=plays)


def _start_lines(locale: str, replay: HandReplay, names: Names) -> list[str]:
    lines = []
    if replay.declarations:
        shown = " · ".join(
            text(
                locale,
                "event.played",
                who=who(locale, replay, d.seat, names),
                cards=hand_cards(locale, d.cards),
            )
            for d in replay.declarations
        )
        lines.append(text(locale, "replay.declared", declarations=shown))
    else:
        lines.append(text(locale, "replay.no_declaration"))
    lines.append(text(locale, "replay.kitty", cards=hand_cards(locale, replay.kitty) or "—"))
    buried = hand_cards(locale, replay.buried) or "—"
    if replay.burier != replay.dealer:  # 炒地皮: the last thief's bury is the one that counts
        thief = who(locale, replay, replay.burier, names)
        lines.append(text(locale, "replay.buried_by", who=thief, cards=buried))
    else:
        lines.append(text(locale, "replay.buried", cards=buried))
    if replay.calls:
        lines.append(text(locale, "replay.calls", calls=calls_text(locale, replay.calls)))
    return lines


def _summary_line(locale: str, replay: HandReplay, names: Names) -> str:
    s = replay.summary
    levels = " · ".join(
        f"{_side(locale, replay, i)} {rank_name(lv)}" for i, lv in enumerate(s.levels_after)
    )
    parts = [
        text(locale, "replay.kitty_end", cards=hand_cards(locale, s.kitty) or "—"),
        text(
            locale,
            "replay.result",
            points=s.attackers_points,
            result=result_text(locale, s.winner, s.level_change),
        ),
    ]
    if s.team and replay.rules.friends is not None:
        team = ", ".join(who(locale, replay, seat, names) for seat in s.team)
        parts.append(text(locale, "friends_team", team=team).strip())
    parts.append(text(locale, "levels_each", levels=levels))
    return sentences(locale, *parts)


def _side(locale: str, replay: HandReplay, i: int) -> str:
    """Whose level the i-th entry is: N/S and E/W at fixed partners, a seat at 找朋友."""
    if replay.rules.friends is not None:
        return seat_name(locale, i, replay.players)
    return text(locale, "replay.side_ns" if i == 0 else "replay.side_ew")


def step_lines(locale: str, replay: HandReplay, step: int, names: Names = None) -> list[str]:
    """Everything shown at ``step`` (0 … ``steps(replay)``), head line first."""
    last = steps(replay)
    step = max(0, min(step, last))
    frame = replay.frame_of_trick(step)
    head = text(
        locale,
        "replay.console_head",
        hand=replay.hand_no,
        step=step,
        steps=last,
        trump=_trump(locale, replay),
        level=rank_name(replay.level_rank),
        dealer=who(locale, replay, replay.dealer, names),
    )
    lines = [head]
    if step == 0:
        lines += _start_lines(locale, replay, names)
    lines += _seat_lines(locale, replay, frame, names)
    if step > 0:
        lines.append(_trick_line(locale, replay, frame, names))
    lines.append(
        text(
            locale,
            "replay.points",
            attackers=frame.attackers_points,
            defenders=frame.defenders_points,
        )
    )
    if step == last:
        lines.append(_summary_line(locale, replay, names))
    return lines
