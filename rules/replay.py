"""复盘: a finished hand as a list of frames, for viewers (Discord, HTML, console).

    replay = hand_replay(parse_record(text))
    replay.frames[0]        # after the kitty is buried (and friends called)
    replay.frames[-1]       # the last trick taken
    replay.trick_frames()   # the index of the frame that ends each trick

A frame shows every seat's hand as it was at that step (face up: replays are
only for finished hands, see ``HandReplay.of``), the trick on the table, the
points so far and, at 找朋友, who has joined. Frames are plain immutable data
built by replaying the record on the engine, so a viewer never re-implements a
rule; ``to_dict`` gives the JSON the HTML viewer embeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.actions import Bury, CallFriends, Play, TakeBack
from rules.cards import Card, Suit, rank_name
from rules.declare import Declaration
from rules.friends import FriendCall, format_calls
from rules.game import Match
from rules.notation import format_cards
from rules.record import HandRecord
from rules.ruleset import RuleSet
from rules.views import HandSummary


class ReplayError(ValueError):
    """The record is not of a finished hand (or does not replay)."""


@dataclass(frozen=True, slots=True)
class TrickShown:
    trick_no: int
    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) in play order
    winner: int | None  # None while the trick is still being played
    points: int  # the trick's points once won (0 before)


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one step of the hand."""

    index: int
    kind: str  # "start" (kitty buried) | "play" | "trick" (a play that ended a trick) | "undo"
    seat: int | None  # who acted (None for "start")
    hands: tuple[tuple[Card, ...], ...]  # every seat's cards now, sorted for the hand's trump
    trick: TrickShown | None  # the trick on the table (the just-won one on a "trick" frame)
    tricks_done: int
    attackers_points: int  # with throw penalties, as the table shows it
    defenders_points: int
    team: tuple[int, ...]  # the dealer's side as known now (找朋友: dealer + joined friends)


@dataclass(frozen=True, slots=True)
class HandReplay:
    headers: dict[str, str]
    rules: RuleSet
    hand_no: int
    dealer: int
    burier: int  # who buried the kitty that counts: the dealer, or 炒地皮's last thief
    level_rank: int
    trump_suit: Suit | None
    declarations: tuple[Declaration, ...]
    kitty: tuple[Card, ...]  # the kitty as dealt (what the dealer picked up)
    buried: tuple[Card, ...]  # what the dealer put down
    calls: tuple[FriendCall, ...]
    frames: tuple[Frame, ...]
    summary: HandSummary

    @property
    def players(self) -> int:
        return self.rules.players

    def trick_frames(self) -> list[int]:
        """For each trick n (1-based, list index n-1): the frame that ends it."""
        return [f.index for f in self.frames if f.kind == "trick"]

    def frame_of_trick(self, n: int) -> Frame:
        """The frame at the end of trick ``n`` (0: the start, after the bury)."""
        if n <= 0:
            return self.frames[0]
        ends = self.trick_frames()
        if n > len(ends):
            raise IndexError(f"trick {n} of {len(ends)}")
        return self.frames[ends[n - 1]]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (ASCII card codes, see ``rules.notation``)."""

        def cards(cs: tuple[Card, ...]) -> str:
            return format_cards(cs, "ascii")

        def trick(t: TrickShown | None) -> dict[str, Any] | None:
            if t is None:
                return None
            return {
                "no": t.trick_no,
                "leader": t.leader,
                "plays": [[s, cards(c)] for s, c in t.plays],
                "winner": t.winner,
                "points": t.points,
            }

        s = self.summary
        return {
            "headers": dict(self.headers),
            "players": self.players,
            "friends": self.rules.friends is not None,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "burier": self.burier,
            "level": rank_name(self.level_rank),
            "trump": None if self.trump_suit is None else self.trump_suit.name,
            "declarations": [[d.seat, cards(d.cards)] for d in self.declarations],
            "kitty": cards(self.kitty),
            "buried": cards(self.buried),
            "calls": format_calls(self.calls) if self.calls else "",
            "frames": [
                {
                    "kind": f.kind,
                    "seat": f.seat,
                    "hands": [cards(h) for h in f.hands],
                    "trick": trick(f.trick),
                    "tricks_done": f.tricks_done,
                    "attackers": f.attackers_points,
                    "defenders": f.defenders_points,
                    "team": list(f.team),
                }
                for f in self.frames
            ],
            "summary": {
                "attackers_points": s.attackers_points,
                "kitty": cards(s.kitty),
                "multiplier": s.multiplier,
                "winner": s.winner,
                "level_change": s.level_change,
                "levels_before": list(s.levels_before),
                "levels_after": list(s.levels_after),
                "team": list(s.team),
            },
        }


def _team(m: Match) -> tuple[int, ...]:
    return tuple(s for s in range(m.rules.players) if m.on_dealer_team(s))


def _frame(m: Match, index: int, kind: str, seat: int | None) -> Frame:
    h = m.hand
    if kind == "trick":
        t = h.tricks[-1]
        shown: TrickShown | None = TrickShown(
            t.trick_no, t.leader, tuple(t.plays), t.winner, t.points
        )
    elif h.current is not None and h.current.plays:
        c = h.current
        shown = TrickShown(c.trick_no, c.leader, tuple(c.plays), None, 0)
    else:
        shown = None
    return Frame(
        index=index,
        kind=kind,
        seat=seat,
        hands=tuple(tuple(m.hand_of(s)) for s in range(m.rules.players)),
        trick=shown,
        tricks_done=len(h.tricks),
        attackers_points=h.attackers_points + h.penalties,
        defenders_points=h.defenders_points,
        team=_team(m),
    )


def hand_replay(record: HandRecord) -> HandReplay:
    """Replay a finished hand's record into frames; ReplayError if it is not finished."""
    m = record.start()
    frames: list[Frame] = []
    kitty: tuple[Card, ...] = ()
    try:
        for a in record.actions:
            if isinstance(a, Bury) and not kitty:
                # Picked up by the dealer, before the first bury (炒地皮: a thief's
                # pick-up is the dealer's buried cards, not the kitty dealt).
                kitty = tuple(m.hand.kitty)
            before = len(m.hand.tricks)
            m.apply(a)
            if m.phase == "playing" and not frames:
                frames.append(_frame(m, 0, "start", None))
            elif isinstance(a, Play) and frames:
                kind = "trick" if len(m.hand.tricks) > before else "play"
                frames.append(_frame(m, len(frames), kind, a.seat))
            elif isinstance(a, TakeBack) and frames:
                frames.append(_frame(m, len(frames), "undo", a.seat))
            elif isinstance(a, CallFriends | Bury):
                continue
    except Exception as exc:  # a RuleError or a malformed record: not a hand to show
        raise ReplayError(f"the record does not replay: {exc}") from exc
    if not m.history or m.history[-1].hand_no != m.hand.hand_no or not frames:
        raise ReplayError("only a finished hand can be replayed")
    h = m.hand
    assert h.dealer is not None
    return HandReplay(
        headers=dict(record.headers),
        rules=m.rules,
        hand_no=h.hand_no,
        dealer=h.dealer,
        burier=h.dealer if m.burier is None else m.burier,
        level_rank=h.level_rank,
        trump_suit=h.trump_suit,
        declarations=tuple(h.declarations),
        kitty=kitty,
        buried=tuple(h.buried),
        calls=tuple(h.calls),
        frames=tuple(frames),
        summary=m.history[-1],
    )
