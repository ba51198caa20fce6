"""找朋友 in the strong player's play-outs: the friend calls as the cards fall.

A sampled world fixes who holds every called copy, so playing it out decides who
joins the dealer's team (the seat that plays the counted copy, exactly as the engine
counts it, ``no_double_join`` included). ``Calls`` follows that: the calls, the team
found so far and each seat's captured points. Each simulated seat decides with the
sides it could tell at that moment (``sides_for``: what is public, plus whether it
holds a pending called copy itself), never the world's teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.ruleset import RuleSet
from rules.scoring import score_result
from rules.views import View


@dataclass(slots=True)
class Calls:
    """The friend calls during one play-out (``copy`` before each)."""

    n: int
    dealer: int
    no_double_join: bool
    cards: list[int]  # per call: the called card
    nth: list[int]  # per call: the copy that makes a friend
    seen: list[int]  # per call: copies counted so far
    done: list[int | None]  # per call: the seat that completed it
    team: int  # bit s set: seat s is on the dealer's team (dealer and friends found)
    seat_points: list[int]  # trick points each seat captured
    offset: int  # the view's penalties (kept as they are: rare, and not per seat in a view)

    @classmethod
    def of_view(cls, view: View) -> Calls:
        assert view.dealer is not None and view.rules.friends is not None
        n = view.players
        team = 1 << view.dealer
        for s in view.friends:
            team |= 1 << s
        points = list(view.seat_points) if view.seat_points else [0] * n
        calls = cls(
            n=n,
            dealer=view.dealer,
            no_double_join=view.rules.friends.no_double_join,
            cards=[int(c.call.card) for c in view.friend_calls],
            nth=[c.call.nth for c in view.friend_calls],
            seen=[c.seen for c in view.friend_calls],
            done=[c.joined for c in view.friend_calls],
            team=team,
            seat_points=points,
            offset=0,
        )
        calls.offset = view.attackers_points - calls.attackers_points()
        return calls

    def copy(self) -> Calls:
        return Calls(
            self.n,
            self.dealer,
            self.no_double_join,
            self.cards,
            self.nth,
            list(self.seen),
            list(self.done),
            self.team,
            list(self.seat_points),
            self.offset,
        )

    @property
    def settled(self) -> bool:
        return all(d is not None for d in self.done)

    def on_team(self, seat: int) -> bool:
        return bool(self.team >> seat & 1)

    def note_play(self, seat: int, cards: Sequence[int]) -> None:
        """Count the called cards in a play (as ``rules.flow_kitty`` does)."""
        for card in cards:
            for i, c in enumerate(self.cards):
                if c != card or self.done[i] is not None:
                    continue
                on_team = self.on_team(seat)
                if self.seen[i] + 1 == self.nth[i] and on_team and self.no_double_join:
                    continue  # not counted: the next copy completes the call
                self.seen[i] += 1
                if self.seen[i] == self.nth[i]:
                    self.done[i] = seat
                    self.team |= 1 << seat

    def note_trick(self, winner: int, points: int) -> None:
        self.seat_points[winner] += points

    def attackers_points(self) -> int:
        """The attackers' points by the team found so far (unknown seats count as
        attackers, as the engine counts them)."""
        team = self.team
        return self.offset + sum(p for s, p in enumerate(self.seat_points) if not team >> s & 1)

    def sides_for(self, seat: int, hand: Sequence[int]) -> list[int]:
        """``rules.ai.state.friend_sides`` for ``seat`` at this point of the play-out."""
        settled = self.settled
        team = self.team
        sides = [1 if team >> s & 1 else (-1 if settled else 0) for s in range(self.n)]
        if sides[seat] == 0:
            sides[seat] = -1
            done = self.done
            for i, c in enumerate(self.cards):  # (a loop: no generator for 1–3 cards)
                if done[i] is None and hand[c]:
                    sides[seat] = 1  # holds a copy still to fall: on the dealer's side
                    break
        return sides

    def utility(self, rules: RuleSet, seat: int, total: int, point_weight: float) -> float:
        """``rules.ai.sim.utility`` with the teams this play-out ended with: ±(1 + levels
        gained, the small-team bonus included) plus the weighted points for ``seat``."""
        res = score_result(rules, total)
        mine = self.on_team(seat)
        won = (res.winner == "defenders") == mine
        levels = res.levels
        small = bin(self.team).count("1") < 1 + rules.friend_calls
        if res.winner == "defenders" and rules.friends is not None and small:
            levels += rules.friends.small_team_bonus
        v = float(1 + levels) if won else -float(1 + levels)
        pts = -total if mine else total
        return v + point_weight * pts / rules.step
