"""Hand records: a readable text format for one hand, like PGN for chess.

    [Rules "classic"]
    [Seed "table-42"]
    [Hand "3"]
    [Redeal "0"]
    [Levels "5 2"]
    [Dealer "2"]
    [Level "5"]
    [Trump "♥"]
    [Result "attackers 85; attackers +0; levels 5 2"]

    @17 1: ♥5
    @100 3: 小王 小王
    pass 0 1 2 3
    bury: ♠2 ♠3 ♠4 ♣6 ♣7 ♦2 ♦3 ♦4
    1. [2] ♠A ♠A [3] ♠3 ♠4 [0] ♠K ♠K [1] ♠5 ♠6 {2 wins 35}
    2. …
    kitty: ♠2 ♠3 …

Headers hold everything needed to rebuild the hand's start (rule set, seed, hand
number, redeal count, levels, dealer). ``@N seat: cards`` is a declaration made
after N cards were dealt; ``[seat] cards`` is one play (for a failed throw, the
attempted cards; the forced unit follows in a comment); ``[seat] undo``: that seat
took its play back (悔牌); ``@N seat: withdraw``: that seat withdrew its winning
bid. 炒地皮 (``kitty_theft``): after a bury, ``@N seat: cards`` lines are steals and
``pass …`` lines the seats that let the kitty stand; ``bury 2: cards`` is a bury by
a seat other than the dealer (a thief; plain ``bury:`` stays the dealer's). Text in
``{…}`` and lines starting with ``;`` are comments. The ``Rules`` header names a
preset, or holds the rule set's JSON when it is not one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.actions import (
    Action,
    Bury,
    CallFriends,
    DealCards,
    Declare,
    Pass,
    Play,
    TakeBack,
    WithdrawBid,
)
from rules.cards import Suit, rank_name
from rules.friends import format_calls, parse_calls
from rules.game import Match
from rules.notation import format_cards, parse_cards
from rules.presets import preset
from rules.ruleset import RuleSet, RuleSetError


class RecordError(ValueError):
    pass


@dataclass(slots=True)
class HandRecord:
    headers: dict[str, str]
    actions: list[Action] = field(default_factory=list)

    def rules(self) -> RuleSet:
        raw = self.headers.get("Rules", "classic")
        if not raw.startswith("{"):
            return preset(raw)
        return RuleSet.from_json(raw)

    def start(self) -> Match:
        """A match positioned at the start of this hand."""
        h = self.headers
        dealer = h.get("StartDealer", "-")
        lv = h.get("Levels", "")
        levels = tuple(int(x) for x in lv.split()) if lv else None
        rules = self.rules()
        slots = rules.players if rules.friends is not None else 2
        return Match(
            rules,
            h.get("Seed", ""),
            first_dealer=None if dealer == "-" else int(dealer),
            levels=levels if levels and len(levels) == slots else None,
            hand_no=int(h.get("Hand", "1")),
            redeals=int(h.get("Redeal", "0")),
        )

    def replay(self) -> Match:
        m = self.start()
        for a in self.actions:
            m.apply(a)
        return m


def _rules_header(rules: RuleSet) -> str:
    try:
        if preset(rules.name) == rules:
            return rules.name
    except RuleSetError:
        pass
    return rules.to_json()


def _trump_text(suit: Suit | None) -> str:
    return "NT" if suit is None else suit.symbol


def write_record(match: Match, start_dealer: int | None = None) -> str:
    """The current (or just-scored) hand of ``match`` as a record.

    ``start_dealer`` is the dealer known when the hand began (None when the
    declaring picks one); by default the match knows it.
    """
    h = match.hand
    if start_dealer is None:
        start_dealer = match.start_dealer
    levels_before = (
        match.history[-1].levels_before
        if (match.history and match.history[-1].hand_no == h.hand_no)
        else tuple(match.levels)
    )
    headers = {
        "Rules": _rules_header(match.rules),
        "Seed": match.seed,
        "Hand": str(h.hand_no),
        "Redeal": str(h.redeals),
        "Levels": " ".join(str(x) for x in levels_before),
        "StartDealer": "-" if start_dealer is None else str(start_dealer),
        "Dealer": "-" if h.dealer is None else str(h.dealer),
        "Level": rank_name(h.level_rank),
        "Trump": _trump_text(h.trump_suit) if h.trump_fixed else "?",
    }
    if match.history and match.history[-1].hand_no == h.hand_no:
        s = match.history[-1]
        sign = "+" if s.level_change >= 0 else ""
        headers["Result"] = (
            f"attackers {s.attackers_points}; {s.winner} {sign}{s.level_change}; "
            f"levels {' '.join(str(x) for x in s.levels_after)}"
        )
        if s.team:
            headers["Team"] = " ".join(str(x) for x in s.team)
    lines = [f'[{k} "{_escape(v)}"]' for k, v in headers.items()]
    lines.append("")
    dealt = 0
    trick_plays: list[str] = []
    trick_no = 1
    plays_in_trick = 0
    pending_passes: list[str] = []

    def flush_passes() -> None:
        if pending_passes:
            lines.append("pass " + " ".join(pending_passes))
            pending_passes.clear()

    for a in match.hand_log:
        if isinstance(a, DealCards):
            dealt = min(match.deal_total, dealt + a.count)
        elif isinstance(a, Declare):
            flush_passes()
            lines.append(f"@{dealt} {a.seat}: {format_cards(a.cards)}")
        elif isinstance(a, WithdrawBid):  # house rule bid_takeback
            flush_passes()
            lines.append(f"@{dealt} {a.seat}: withdraw")
        elif isinstance(a, Pass):
            pending_passes.append(str(a.seat))
        elif isinstance(a, Bury):
            flush_passes()
            who = "" if a.seat == h.dealer else f" {a.seat}"  # 炒地皮: a thief's bury
            lines.append(f"bury{who}: {format_cards(a.cards)}")
        elif isinstance(a, CallFriends):
            flush_passes()  # with no kitty the passes lead straight to the call
            lines.append(f"call: {format_calls(a.calls)}")
        elif isinstance(a, Play):
            flush_passes()
            trick_plays.append(f"[{a.seat}] {format_cards(a.cards)}")
            plays_in_trick += 1
            if plays_in_trick == match.rules.players:
                t = h.tricks[trick_no - 1] if trick_no - 1 < len(h.tricks) else None
                note = f" {{{t.winner} wins {t.points}}}" if t and t.winner is not None else ""
                lines.append(f"{trick_no}. " + " ".join(trick_plays) + note)
                trick_plays = []
                plays_in_trick = 0
                trick_no += 1
        elif isinstance(a, TakeBack):  # 悔牌: written in the trick as "[seat] undo"
            trick_plays.append(f"[{a.seat}] undo")
            plays_in_trick -= 1
    flush_passes()
    if trick_plays:
        lines.append(f"{trick_no}. " + " ".join(trick_plays))
    moves = (Pass, Bury, CallFriends, Play, TakeBack)
    if not any(isinstance(a, moves) for a in match.hand_log) and dealt:
        lines.append(f"dealt {dealt}")  # the deal stopped here (or nothing else happened)
    if h.buried and match.phase in ("scored", "finished"):
        lines.append(f"kitty: {format_cards(h.buried)}")
    return "\n".join(lines) + "\n"


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_DECL = re.compile(r"^@(\d+)\s+(\d+)\s*:\s*(.+)$")
_BURY = re.compile(r"^bury(?:\s+(\d+))?\s*:(.*)$")
_PLAY = re.compile(r"\[(\d+)\]\s*([^\[]*)")


def parse_record(text: str) -> HandRecord:
    """Parse a hand record back into headers and the actions that replay it."""
    headers: dict[str, str] = {}
    body: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        m = _HEADER.match(line)
        if m and not body:
            headers[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        else:
            body.append(re.sub(r"\{[^}]*\}", "", line).strip())
    record = HandRecord(headers)
    match = record.start()
    total = match.deal_total
    dealt = 0
    actions = record.actions
    dealer = headers.get("Dealer", "-")

    def deal_to(n: int) -> None:
        nonlocal dealt
        if n > dealt:
            actions.append(DealCards(n - dealt))
            dealt = n

    for line in body:
        if not line:
            continue
        if m := _DECL.match(line):
            at = int(m.group(1))
            if at < dealt or at > total:
                raise RecordError(f"declaration after {at} cards is out of order: {line!r}")
            deal_to(at)
            if m.group(3).strip() == "withdraw":
                actions.append(WithdrawBid(int(m.group(2))))
            else:
                actions.append(Declare(int(m.group(2)), tuple(parse_cards(m.group(3)))))
        elif line.startswith("pass"):
            deal_to(total)
            actions.extend(Pass(int(x)) for x in line[4:].split())
        elif m := _BURY.match(line):
            if m.group(1) is None and dealer == "-":
                raise RecordError("a bury line needs the Dealer header")
            deal_to(total)
            seat = int(m.group(1) if m.group(1) is not None else dealer)
            actions.append(Bury(seat, tuple(parse_cards(m.group(2)))))
        elif line.startswith("call:"):
            if dealer == "-":
                raise RecordError("a call line needs the Dealer header")
            actions.append(CallFriends(int(dealer), tuple(parse_calls(line[5:]))))
        elif line.startswith("kitty:"):
            continue
        elif line.startswith("dealt "):
            deal_to(int(line[6:]))
        elif re.match(r"^\d+\.", line):
            deal_to(total)
            rest = line.split(".", 1)[1]
            for seat, cards in _PLAY.findall(rest):
                if cards.strip() == "undo":
                    actions.append(TakeBack(int(seat)))
                else:
                    actions.append(Play(int(seat), tuple(parse_cards(cards))))
        else:
            raise RecordError(f"cannot read record line {line!r}")
    return record
