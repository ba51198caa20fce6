"""Levels and scoring: the score table's steps, the kitty multiplier, where a climb
stops and how a match ends (docs/rules.md §5–6; house-rules.md 1e-1g)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.cards import RANK_NAMES
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import NT_RANK
from rules.settings.core import Setting

KITTY_SCHEMES = ("power", "seed-003", "tournament", "linear")
_RANK_OF = {"j": 11, "q": 12, "k": 13, "a": 14, "nt": NT_RANK, **{str(r): r for r in range(2, 11)}}


def _drop_own_table(rs: RuleSet) -> RuleSet:
    """A preset's own score table gives way to the derived one once its steps are
    edited; its cap survives as ``hand_cap``."""
    if rs.score is None:
        return rs
    return replace(rs, score=None, hand_cap=rs.score.cap)


def _write_step(rs: RuleSet, v: str) -> RuleSet:
    step = None if v == "auto" else int(v)
    if step == rs.score_step:
        return rs  # unchanged: a preset's own table stays
    return replace(_drop_own_table(rs), score_step=step)


def _write_steps(rs: RuleSet, v: str) -> RuleSet:
    if int(v) == rs.steps_to_take_over:
        return rs
    return replace(_drop_own_table(rs), steps_to_take_over=int(v))


def _write_deadzone(rs: RuleSet, v: str) -> RuleSet:
    if int(v) == rs.deadzone:
        return rs
    return replace(_drop_own_table(rs), deadzone=int(v))


def _read_cap(rs: RuleSet) -> str:
    cap = rs.score_table.cap
    return "none" if cap is None else str(cap)


def _write_cap(rs: RuleSet, v: str) -> RuleSet:
    cap = None if v == "none" else int(v)
    if rs.score is not None:
        return replace(rs, score=replace(rs.score, cap=cap))
    return replace(rs, hand_cap=cap)


def _read_last(rs: RuleSet) -> str:
    return "nt" if rs.levels[-1] == NT_RANK else "a"


def _write_last(rs: RuleSet, v: str) -> RuleSet:
    levels = tuple(r for r in rs.levels if r != NT_RANK)
    if v == "nt":
        return replace(rs, levels=(*levels, NT_RANK))
    return replace(rs, levels=levels, must_play=tuple(r for r in rs.must_play if r != NT_RANK))


def _read_defend(rs: RuleSet) -> str:
    if not rs.must_play:
        return "none"
    ranks = ",".join(RANK_NAMES.get(r, str(r)).lower() for r in rs.must_play)
    return f"{'defend' if rs.must_defend else 'stop'}:{ranks}"


def _write_defend(rs: RuleSet, v: str) -> RuleSet:
    if v == "none":
        return replace(rs, must_play=(), must_defend=False)
    kind, _, ranks = v.partition(":")
    order = {r: i for i, r in enumerate(rs.levels)}
    must = sorted({_RANK_OF[r] for r in ranks.split(",")}, key=lambda r: order.get(r, 99))
    return replace(rs, must_play=tuple(must), must_defend=kind == "defend")


@dataclass(frozen=True, slots=True)
class RanksSetting(Setting):
    """``none``, or ``stop:`` / ``defend:`` followed by ranks (``stop:2,a``)."""

    def parse(self, raw: str) -> str:
        value = str(raw).strip().lower().replace(" ", "")
        if value == "none":
            return value
        kind, sep, ranks = value.partition(":")
        names = [r for r in ranks.split(",") if r]
        if not sep or kind not in ("stop", "defend") or not names:
            raise RuleSetError(
                "bad_value",
                f"{self.name}: {raw!r} is not one of {self.allowed()}",
                setting=self.name,
                allowed=self.allowed(),
            )
        bad = [r for r in names if r not in _RANK_OF]
        if bad:
            raise RuleSetError(
                "not_a_rank",
                f"{self.name}: {', '.join(bad)} is not a rank (2..10, j, q, k, a, nt)",
                setting=self.name,
                ranks=", ".join(bad),
            )
        seen = sorted({_RANK_OF[r] for r in names})
        return f"{kind}:{','.join(RANK_NAMES.get(r, str(r)).lower() for r in seen)}"

    def allowed(self) -> str:
        return "none, stop:RANKS, defend:RANKS (e.g. stop:2,a or defend:5,10,k,a)"


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="score_step",
        group="scoring",
        default="auto",
        description="Points per scoring step: auto is 20 × decks (40 with two decks)",
        read=lambda rs: "auto" if rs.score_step is None else str(rs.score_step),
        write=_write_step,
        choices=("auto",),
        bounds=(5, 500),
        source="docs/rules.md §6; house-rules.md 1f step_size_per_deck",
    ),
    Setting(
        name="steps_to_take_over",
        group="scoring",
        default="2",
        description="Steps of points the attackers need to take over (2 = 80 with two decks)",
        read=lambda rs: str(rs.steps_to_take_over),
        write=_write_steps,
        bounds=(1, 5),
        source="docs/rules.md §6; house-rules.md 1f num_steps_to_non_landlord_turnover",
    ),
    Setting(
        name="deadzone",
        group="scoring",
        default="1",
        description="Steps after a take-over that give nobody a level (80-115 with two decks)",
        read=lambda rs: str(rs.deadzone),
        write=_write_deadzone,
        choices=("0", "1"),
        source="docs/rules.md §6; house-rules.md 1f deadzone_size",
    ),
    Setting(
        name="hand_cap",
        group="scoring",
        default="none",
        description="Most levels one hand can give (none = no limit)",
        read=_read_cap,
        write=_write_cap,
        choices=("none",),
        bounds=(1, 12),
        source="docs/rules.md §8 (tournament caps at 3, QQ at 6)",
    ),
    Setting(
        name="kitty_multiplier",
        group="scoring",
        default="power",
        description=(
            "How the kitty's points multiply when the attackers win the last trick: "
            "power 2^cards, seed-003, tournament 2/4/8, linear 2 × cards"
        ),
        read=lambda rs: rs.kitty_scheme,
        write=lambda rs, v: replace(rs, kitty_scheme=v),  # type: ignore[arg-type]
        choices=KITTY_SCHEMES,
        source="docs/rules.md §5; house-rules.md 1e kitty_penalty",
    ),
    Setting(
        name="kitty_cap",
        group="scoring",
        default="64",
        description="The largest kitty multiplier",
        read=lambda rs: str(rs.kitty_cap),
        write=lambda rs, v: replace(rs, kitty_cap=int(v)),
        bounds=(2, 4096),
        source="docs/rules.md §5",
    ),
    Setting(
        name="jack_rule",
        group="scoring",
        default="off",
        description="Defenders at J whose kitty is taken with a J restart at the first level",
        read=lambda rs: "on" if rs.jack_rule else "off",
        write=lambda rs, v: replace(rs, jack_rule=v == "on"),
        choices=("off", "on"),
        source="docs/rules.md §8 (tournament); house-rules.md 1g jack_variation",
    ),
    RanksSetting(
        name="must_defend",
        group="scoring",
        default="none",
        description=(
            "Ranks a climb stops at (stop:2,a); with defend: they are left only by "
            "winning them as defenders"
        ),
        read=_read_defend,
        write=_write_defend,
        source="docs/rules.md §8 (tournament must play 2 and A); house-rules.md 1g",
        examples=("none", "stop:a", "defend:a", "stop:2,a", "defend:5,10,k,a"),
    ),
    Setting(
        name="last_rank",
        group="scoring",
        default="a",
        description=(
            "The last level: A, or NT after A (打无主: only jokers are trump, nobody declares)"
        ),
        read=_read_last,
        write=_write_last,
        choices=("a", "nt"),
        source="house-rules.md 1g max_rank and 1b (no bidding at NT)",
    ),
)
