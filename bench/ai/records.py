"""The records ``bench.ai`` keeps and the runs its ``--json`` files hold.

A run's settings are a ``Config``. A ``match`` keeps a ``HandRecord`` per hand and
writes each as a ``HandRow`` (the fields ``paired``, ``gap`` and ``pool`` read back);
a ``lone`` run keeps a ``DealResult`` per deal and writes each as a ``DealRow``. A file
is read back as a ``MatchRun`` or a ``LoneRun`` (``read_run``), so every subcommand that
compares runs reads the same typed rows.

The file format is the one the earlier ``bench.ai_*`` scripts wrote — a list of field
names (``hand_fields`` / ``fields``) and a row of integers per hand or deal — so their
files still read; a file without the rows (or with fewer fields) is refused.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, TypeVar


@dataclass(frozen=True)
class Config:
    a: str  # player A's level (``lone``: the player alone in its seat)
    b: str  # player B's level (``lone``: every other seat's)
    seed: str
    preset: str = "classic"
    budget_ms: float | None = None
    samples: int | None = None
    cpu_clock: bool = False  # strong's budget in process CPU time, not wall time
    # Keyword arguments (JSON) of a strong player on side A / B, over STRONG_KWARGS: two
    # settings of the strong player against each other (``--a-kwargs``, ``--b-kwargs``).
    a_kwargs: str = ""
    b_kwargs: str = ""
    oracle: str = "all"  # what level ``oracle`` seats (``players.ORACLES``)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Config:
        """A run's settings as ``--json`` wrote them (a key added since defaults)."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass(frozen=True)
class HandRow:
    """One hand of a ``match``, as ``--json`` writes it."""

    pair: int  # the deal (a duplicate pair: two hands)
    run: int  # 0: A at seats 0/2 (找朋友: A deals); 1: the other way round
    a_won: bool  # A's side won the hand
    a_levels: int
    b_levels: int
    # seats on the side that won the hand, by label (找朋友: teams mix A and B seats) …
    a_seats_won: int
    b_seats_won: int
    # … and on the side that lost it (with the above: the whole table)
    a_seats_lost: int
    b_seats_lost: int

    @property
    def sides(self) -> tuple[int, int, int, int]:
        """(A and B seats among the winners, A and B seats among the losers)."""
        return (self.a_seats_won, self.b_seats_won, self.a_seats_lost, self.b_seats_lost)

    def row(self) -> HandRow:
        return HandRow(**{k: getattr(self, k) for k in HAND_FIELDS})


HAND_FIELDS = tuple(f.name for f in fields(HandRow))


@dataclass(frozen=True)
class HandRecord(HandRow):
    """Everything ``match`` keeps of a hand (its statistics); ``row()`` is what it writes."""

    level: int
    dealer: int
    trump: int | None
    a_attacking: bool
    attackers_points: int
    margin: int  # A's point margin from the take-over line
    # point cards led into a shown void (``VoidLeads``), by label:
    # [leads, forced, tricks lost, points lost]
    void_leads: dict[str, list[int]] = field(default_factory=dict)
    # the kitty: who buried it ("A"/"B") and the points it gave the attackers
    # (kitty points × multiplier, 0 when the dealer's side won the last trick)
    buried_by: str = ""
    kitty_lost: int = 0


@dataclass
class PairResult:
    """A deal played twice (``match``): its two hands and the decisions' times."""

    hands: list[HandRecord]
    times: dict[str, list[float]] = field(default_factory=dict)  # label -> seconds
    samples: dict[str, list[int]] = field(default_factory=dict)  # strong: samples/decision
    # ``rules``: the house rules' use in both hands, "label:what" -> count
    usage: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DealRow:
    """One deal of a ``lone`` run, as ``--json`` writes it."""

    deal: int
    seat: int  # the lone seat
    dealer: int
    won: bool  # the lone seat's side won, the player under test in it
    basic_won: bool  # … with basic in it
    levels: int  # levels the lone seat gained
    basic_levels: int

    def row(self) -> DealRow:
        return DealRow(**{k: getattr(self, k) for k in DEAL_FIELDS})


DEAL_FIELDS = tuple(f.name for f in fields(DealRow))


@dataclass(frozen=True)
class DealResult(DealRow):
    """A ``lone`` deal with its decisions' times (by label, as ``PairResult``'s)."""

    times: dict[str, list[float]] = field(default_factory=dict)
    samples: dict[str, list[int]] = field(default_factory=dict)


class RunError(ValueError):
    """A ``--json`` file that is not a run the subcommand can read (the message says
    why, naming the file)."""


@dataclass
class MatchRun:
    """A ``match --json`` file."""

    config: Config
    hands: list[HandRow]
    stats: dict[str, Any] = field(default_factory=dict)
    timing: dict[str, dict[str, float]] = field(default_factory=dict)

    @property
    def pairs(self) -> list[int]:
        """The deals played, in order."""
        return sorted({h.pair for h in self.hands})

    def to_json(self) -> dict[str, Any]:
        return {
            "config": asdict(self.config),
            "stats": self.stats,
            "timing": self.timing,
            "hand_fields": list(HAND_FIELDS),
            "hands": [_ints(h, HAND_FIELDS) for h in self.hands],
        }


@dataclass
class LoneRun:
    """A ``lone --json`` file."""

    config: Config
    deals: list[DealRow]
    stats: dict[str, Any] = field(default_factory=dict)
    timing: dict[str, dict[str, float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": asdict(self.config),
            "stats": self.stats,
            "timing": self.timing,
            "fields": list(DEAL_FIELDS),
            "deals": [_ints(d, DEAL_FIELDS) for d in self.deals],
        }


Run = MatchRun | LoneRun


def write_run(path: str, run: Run) -> None:
    with open(path, "w") as f:
        json.dump(run.to_json(), f, indent=2)


def read_run(path: str) -> Run:
    """The run in ``path``; RunError saying why when it is none."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as exc:
        raise RunError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise RunError(f"{path}: not JSON ({exc})") from None
    try:
        if not isinstance(data, dict):
            raise TypeError("not an object")
        config = Config.from_json(data["config"])
        stats, timing = data.get("stats", {}), data.get("timing", {})
        if "hand_fields" in data:
            hands = _rows(HandRow, HAND_FIELDS, data["hand_fields"], data["hands"])
            return MatchRun(config, hands, stats, timing)
        if "fields" in data:
            deals = _rows(DealRow, DEAL_FIELDS, data["fields"], data["deals"])
            return LoneRun(config, deals, stats, timing)
    except (KeyError, TypeError, ValueError) as exc:
        raise RunError(f"{path}: not a bench.ai --json run ({exc})") from None
    raise RunError(f"{path}: no per-hand or per-deal rows (written by an older bench.ai)")


def read_runs(paths: Sequence[str]) -> list[Run]:
    return [read_run(p) for p in paths]


R = TypeVar("R", HandRow, DealRow)


def _rows(cls: type[R], want: Sequence[str], names: Sequence[str], rows: Any) -> list[R]:
    missing = [n for n in want if n not in names]
    if missing:
        raise ValueError(f"rows without {', '.join(missing)}: written by an older bench.ai")
    at = [list(names).index(n) for n in want]
    flags = {f.name for f in fields(cls) if f.type == "bool"}
    out = []
    for row in rows:
        values: dict[str, Any] = {n: int(row[i]) for n, i in zip(want, at, strict=True)}
        values.update((n, bool(values[n])) for n in flags)
        out.append(cls(**values))
    return out


def _ints(row: HandRow | DealRow, names: Sequence[str]) -> list[int]:
    return [int(getattr(row, n)) for n in names]
