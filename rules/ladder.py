"""Ranked play's arithmetic (issue 22), pure: no I/O, no clock.

Rating: OpenSkill's Weng-Lin Plackett-Luce model, one rating per server, season
and mode ("fixed" partners | "friends" 找朋友). Every ranked hand is a two-team
game: with fixed partners the two partnerships; at 找朋友 the dealer's side as the
hand ended (``HandSummary.team``) against everyone else, any split (1 v 4, 2 v 3,
3 v 3 …). openskill sums a team's μ, so a lone dealer is expected to lose to four
and gains more when he does not. The winners get rank 0, the losers rank 1.

How much a hand teaches: its *margin* is the levels the winners gained plus one
for a take-over (the attackers winning the deal), at least 1. openskill's ranks
only say who won, so the μ step of its update is multiplied by the hand's weight
``1 + (margin - 1) / 2`` (capped at ``MAX_WEIGHT``); σ shrinks as openskill says.

段位 (rank points): ``TIER_POINTS`` points a tier; tiers are named after the
levels, 打2 … 打A, then A★1, A★2 … without end. A hand moves a player's points by
``round(POINT_SCALE * weight * (outcome - p))`` plus ``WIN_BONUS`` for a win,
``p`` being openskill's chance that the player's side wins (each side as its
average player). Within the first
``FLOOR_TIERS`` tiers (打2 … 打5) a player never drops below the start of the tier
he is in (no demotion there). 托管 and time-outs are the player's own play: the
seat's hand is rated like any other. Leaving a ranked match forfeits it: the
leaver loses every hand the match still had to play (``forfeit_hands``), each a
one-margin loss against the others' average as they sat.

AI seats are players too (key ``ai:<level>``): rated so that they anchor the
scale, never shown on the human leaderboard, no rank points.

A hand reaches the ladder as a ``HandResult`` (``hand_result`` reads it off the
rules' ``HandSummary``); ``rate`` rates it. Storage reads and writes the standings
around that, inside the hand's transaction (``storage.ratings``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from rules.scoring import team_of
from rules.views import HandSummary

Mode = Literal["fixed", "friends"]
MODES: tuple[Mode, ...] = ("fixed", "friends")

MU = 25.0
SIGMA = MU / 3
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)  # openskill's defaults, named here

TIER_POINTS = 100
LEVEL_TIERS = 13  # 打2 … 打A
FLOOR_TIERS = 4  # 打2 … 打5: no demotion
POINT_SCALE = 40
WIN_BONUS = 5
MAX_WEIGHT = 2.5
SOFT_SIGMA = 2.0  # a new season widens σ by this much (soft start) …
SOFT_KEEP = 0.5  # … and keeps this share of the rank points


def ai_key(level: str) -> str:
    return f"ai:{level}"


def is_ai(key: str) -> bool:
    return key.startswith("ai:")


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's rating and 段位 in one server, season and mode."""

    mu: float = MU
    sigma: float = SIGMA
    points: int = 0
    hands: int = 0
    wins: int = 0

    @property
    def tier(self) -> int:
        return tier_of(self.points)

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate μ − 3σ."""
        return self.mu - 3 * self.sigma


def tier_of(points: int) -> int:
    return max(points, 0) // TIER_POINTS


def tier_name(tier: int) -> str:
    """打2 … 打A for the first 13 tiers, then A★1, A★2 …"""
    if tier < LEVEL_TIERS:
        level = tier + 2
        return "打" + {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level))
    return f"A★{tier - LEVEL_TIERS + 1}"


def points_to_next(points: int) -> int:
    return (tier_of(points) + 1) * TIER_POINTS - max(points, 0)


def hand_margin(winner: str, level_change: int) -> int:
    """Levels the winners gained, plus one for a take-over; at least 1."""
    return max(1, max(level_change, 0) + (1 if winner == "attackers" else 0))


def hand_weight(margin: int) -> float:
    return min(MAX_WEIGHT, 1 + (max(margin, 1) - 1) / 2)


def move_points(points: int, delta: int) -> int:
    """``points + delta``, but never below 0, nor below the start of the tier
    held when that tier is one of the first ``FLOOR_TIERS``."""
    tier = tier_of(points)
    floor = tier * TIER_POINTS if tier < FLOOR_TIERS else 0
    return max(points + delta, floor, 0)


@dataclass(frozen=True, slots=True)
class Change:
    """What one rated hand did to one player."""

    key: str
    before: Standing
    after: Standing
    won: bool

    @property
    def delta(self) -> int:
        return self.after.points - self.before.points

    @property
    def promoted(self) -> bool:
        return self.after.tier > self.before.tier

    @property
    def demoted(self) -> bool:
        return self.after.tier < self.before.tier


def average(side: Sequence[Standing]) -> Standing:
    """A side as one player: mean μ, root-mean-square σ."""
    mu = sum(s.mu for s in side) / len(side)
    sigma = math.sqrt(sum(s.sigma**2 for s in side) / len(side))
    return Standing(mu, sigma)


def win_chance(winners: Sequence[Standing], losers: Sequence[Standing]) -> float:
    """openskill's chance that ``winners``' side beats ``losers``' side, each side
    taken as its average player: at 找朋友 the head count is part of the game (a
    lone dealer plays for more levels), not a reason to win no points."""
    a, b = average(winners), average(losers)
    teams = [[MODEL.create_rating([a.mu, a.sigma])], [MODEL.create_rating([b.mu, b.sigma])]]
    return float(MODEL.predict_win(teams)[0])


def rate_hand(
    standings: Mapping[str, Standing],
    winners: Sequence[str],
    losers: Sequence[str],
    margin: int = 1,
) -> list[Change]:
    """One ranked hand: ``winners`` beat ``losers`` by ``margin`` (``hand_margin``).
    ``standings`` holds every player's standing before it (a missing key: a new
    player). The result lists winners then losers, in the order given."""
    if not winners or not losers or set(winners) & set(losers):
        raise ValueError("a hand needs two disjoint sides")
    before = {k: standings.get(k, Standing()) for k in (*winners, *losers)}
    weight = hand_weight(margin)
    p_win = win_chance([before[k] for k in winners], [before[k] for k in losers])
    teams = [
        [MODEL.create_rating([before[k].mu, before[k].sigma]) for k in side]
        for side in (winners, losers)
    ]
    rated = MODEL.rate(teams, ranks=[0, 1])
    out: list[Change] = []
    for side, new_side, won in ((winners, rated[0], True), (losers, rated[1], False)):
        p = p_win if won else 1 - p_win
        delta = round(POINT_SCALE * weight * ((1.0 if won else 0.0) - p))
        if won:
            delta += WIN_BONUS
        for key, new in zip(side, new_side, strict=True):
            old = before[key]
            mu = old.mu + (float(new.mu) - old.mu) * weight
            points = old.points if is_ai(key) else move_points(old.points, delta)
            after = Standing(mu, float(new.sigma), points, old.hands + 1, old.wins + int(won))
            out.append(Change(key, old, after, won))
    return out


def forfeit_hands(levels: Sequence[int], opponent_level: int) -> int:
    """The hands a leaver is charged with: as many as the opponents' best level
    still has to climb to finish (a hand per level up to the last, plus the hand
    defending it), at least one. ``levels`` is the rule set's level sequence."""
    if opponent_level not in levels:
        return 1
    return max(1, len(levels) - levels.index(opponent_level))


def forfeit(
    standings: Mapping[str, Standing], leaver: str, others: Sequence[str], hands: int
) -> Change:
    """Leaving a ranked match: ``hands`` one-margin losses of ``leaver`` against
    the average of ``others`` (as they sat; their standings do not move).
    Returns the total change."""
    start = standings.get(leaver, Standing())
    rest = average([standings.get(k, Standing()) for k in others])
    now = start
    for _ in range(max(hands, 1)):
        changes = rate_hand({leaver: now, "~rest": rest}, ["~rest"], [leaver])
        now = changes[1].after
    return Change(leaver, start, now, False)


def soft_start(previous: Standing | None) -> Standing:
    """A player's first standing of a new season: the last season's μ, σ widened
    by ``SOFT_SIGMA`` (at most the starting σ), ``SOFT_KEEP`` of its points;
    hands and wins start again."""
    if previous is None:
        return Standing()
    sigma = min(SIGMA, math.hypot(previous.sigma, SOFT_SIGMA))
    return Standing(previous.mu, sigma, int(previous.points * SOFT_KEEP))


def sides(
    seats: Sequence[str | None], dealer: int, team: Sequence[int], winner: str
) -> tuple[list[str], list[str]]:
    """(winners, losers) by player key for a finished hand. ``seats`` holds every
    seat's key (None: an empty seat, not rated); ``team`` the dealer's side at
    找朋友 (``HandSummary.team``), empty with fixed partners (seats dealer, dealer+2)."""
    defending = set(team) if team else {dealer % 4, (dealer + 2) % 4}
    defenders = [k for i, k in enumerate(seats) if k is not None and i in defending]
    attackers = [k for i, k in enumerate(seats) if k is not None and i not in defending]
    if winner == "defenders":
        return defenders, attackers
    return attackers, defenders


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A rated seat of a finished hand: who sat there (a user id as text, or
    ``ai:<level>``) and whether it was on the dealer's side as the hand ended."""

    seat: int
    player: str
    defending: bool


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the ladder reads it: the winning side, the levels it
    moved and the rated seats (in seat order)."""

    winner: str  # defenders | attackers
    level_change: int
    seats: tuple[RatedSeat, ...]

    @property
    def margin(self) -> int:
        return hand_margin(self.winner, self.level_change)

    def sides(self) -> tuple[list[str], list[str]]:
        """(winners, losers) by player key."""
        defenders = [s.player for s in self.seats if s.defending]
        attackers = [s.player for s in self.seats if not s.defending]
        return (defenders, attackers) if self.winner == "defenders" else (attackers, defenders)


def hand_result(
    summary: HandSummary, people: Iterable[tuple[int, str]], ai: Iterable[tuple[int, str]] = ()
) -> HandResult:
    """The ladder's view of a finished hand. ``people``: (seat, player key) of every
    seat a person sat in (a seat on 托管 too: the player's own play); ``ai``: (seat,
    level) of the AI seats. A seat defends when it is in the dealer's team as the
    hand ended (``summary.team``, 找朋友), else when it partners the dealer. One
    rating per AI level: two seats of one level count once on their side, and not
    at all when they sat on both sides."""

    def defending(seat: int) -> bool:
        if summary.team:
            return seat in summary.team
        return team_of(seat) == team_of(summary.dealer)

    seats = [RatedSeat(seat, player, defending(seat)) for seat, player in people]
    by_key: dict[str, list[RatedSeat]] = {}
    for seat, level in ai:
        by_key.setdefault(ai_key(level), []).append(RatedSeat(seat, ai_key(level), defending(seat)))
    for same in by_key.values():
        if len({s.defending for s in same}) == 1:
            seats.append(same[0])
    return HandResult(
        summary.winner, summary.level_change, tuple(sorted(seats, key=lambda s: s.seat))
    )


def rate(standings: Mapping[str, Standing], hand: HandResult) -> list[Change]:
    """Rate one finished hand (``rate_hand`` by its sides and margin); nothing when
    a side is empty (nobody to play against: nothing to learn)."""
    winners, losers = hand.sides()
    if not winners or not losers:
        return []
    return rate_hand(standings, winners, losers, hand.margin)
