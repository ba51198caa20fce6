"""Rule sets: every variant of docs/rules.md as immutable, validated, JSON-able data.

``RuleSet`` here: its fields, what follows from them, ``validate`` and the JSON form.
The values a field may take, the nested parts and ``RuleSetError`` are
``rules.ruleset_parts``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from rules.ruleset_parts import (
    BID_ORDERS,
    BOMB_MIN_DECKS,
    BOMB_ORDERS,
    BOMBS,
    CALL_POLICIES,
    DECLARATION_FORMS,
    FOLLOW_PROTECTIONS,
    KITTY_SCHEMES,
    MAX_DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NT_RANK,
    PENALTY_MODES,
    PLAY_TAKEBACKS,
    THROW_BEATINGS,
    THROWS,
    BidOrder,
    BidTakeback,
    DeclarationRules,
    FirstDealer,
    FriendRules,
    KittyScheme,
    KittyTheft,
    PlayTakeback,
    ScoreBand,
    ScoreTable,
    Shape,
    classic_score_table,
    players_error,
    unknown_value,
)

# What RuleSet's own methods raise, where its users have always caught it:
from rules.ruleset_parts import RuleSetError as RuleSetError


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "classic"
    decks: int = 2
    kitty_size: int = 8
    # Level ranks a team climbs through, lowest first; the last is the match's goal.
    levels: tuple[int, ...] = tuple(range(2, 15))
    # Ranks that are always trump, strongest first (常主), e.g. (2,) or (5, 3, 2).
    permanent_trumps: tuple[int, ...] = ()
    # A climb stops at these ranks (the team must play them).
    must_play: tuple[int, ...] = ()
    two_colour: bool = False
    declaration: DeclarationRules = field(default_factory=DeclarationRules)
    throw_penalty: int = 10
    kitty_scheme: KittyScheme = "power"
    kitty_cap: int = 64
    score: ScoreTable | None = None  # None = the classic table for this step
    score_step: int | None = None  # None = 20 x decks
    # Dealer rotation: who deals after the defenders hold / after a take-over.
    hold_next: Literal["partner", "same"] = "partner"
    takeover_next: Literal["next"] = "next"
    # Tournament: defenders at J whose kitty is captured with a J restart at the first level.
    jack_rule: bool = False
    # Follow priority tables for leads of a given shape: lead "wxL" -> ranked groups of
    # patterns, each pattern a tuple of shapes. Empty = the generic order (README).
    follow_tables: tuple[tuple[Shape, tuple[tuple[tuple[Shape, ...], ...], ...]], ...] = ()
    # Seats at the table, in turn order. Four with ``friends`` None = fixed partners.
    players: int = 4
    # Set = 找朋友 (Finding Friends): per-player levels, called friends.
    friends: FriendRules | None = None
    # ---- house rules: the hand's flow
    # Hand 1 (no dealer yet): the winning bid's seat deals (抢庄), or the first bidder
    # (the winning bid still names trump).
    first_dealer: FirstDealer = "winning-bid"
    # 悔牌: the last player of the unfinished trick may take their cards back before
    # the next card; "penalty" also charges the taker's side ``throw_penalty`` points.
    play_takeback: PlayTakeback = "off"
    # The seat whose bid is winning may withdraw it while the declaring window is open
    # (the previous bid wins again).
    bid_takeback: BidTakeback = "off"
    # 炒地皮 (house-rules.md 1b kitty_theft_policy): after each bury the other seats in
    # turn may over-declare at the hand's level, pick the buried cards up and bury
    # again; the dealer (庄家) stays the same.
    kitty_theft: KittyTheft = "off"
    # ---- house rules: scoring, deck and declaring
    # The derived score table (``score`` None): attackers take over at
    # ``steps_to_take_over`` × step; ``deadzone`` steps after that give no level;
    # ``hand_cap`` caps the levels one hand gives (house-rules.md 1f).
    steps_to_take_over: int = 2
    deadzone: int = 1
    hand_cap: int | None = None
    # Must-play ranks are left only by winning them as defenders (house-rules.md 1g).
    must_defend: bool = False
    # Declarations of equal strength: house-rules.md 1b ``bid_policy``.
    bid_order: BidOrder = "jokers-over-suits"
    # Short deck: each pack without the ranks below ``lowest_rank`` (and without its
    # jokers when ``jokers`` is False); points stay as the cards say (house-rules 1a).
    lowest_rank: int = 2
    jokers: bool = True
    # ---- house rules: follows and throws (rules.settings.follows names them)
    # What following a shape forces out of a hand (see FOLLOW_PROTECTIONS).
    follow_protection: str = "none"
    # A tractor is at least this many consecutive tuples, each at least this wide.
    tractor_min_length: int = 2
    tractor_min_width: int = 2
    # How a play beats a matched throw (see THROW_BEATINGS).
    throw_beating: str = "longest-first"
    throws: str = "allowed"  # or "forbidden": a multi-unit lead is refused
    penalty_mode: str = "per-attempt"  # or "per-card": throw_penalty per card taken back
    bombs: str = "off"  # 4+ decks: "any-suit" / "following-suit"
    bomb_order: str = "rank-first"  # or "trump-first" (see BOMB_ORDERS)

    # ---- derived -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.score_step if self.score_step is not None else 20 * self.decks

    @property
    def total_points(self) -> int:
        """5s, 10s and Ks left in the deck: 100 a pack unless the short deck drops some."""
        return (
            self.decks
            * 4
            * sum(p for r, p in ((5, 5), (10, 10), (13, 10)) if r >= self.lowest_rank)
        )

    @property
    def pack_size(self) -> int:
        """Cards in one pack: 54, fewer with a short deck."""
        return 4 * (15 - self.lowest_rank) + (2 if self.jokers else 0)

    @property
    def deck_size(self) -> int:
        return self.pack_size * self.decks

    def in_deck(self, card: int) -> bool:
        """Whether the (short) deck has this card at all."""
        if card >= 52:
            return self.jokers
        return card % 13 + 2 >= self.lowest_rank

    @property
    def hand_size(self) -> int:
        return (self.deck_size - self.kitty_size) // self.players

    @property
    def friend_calls(self) -> int:
        """How many friends the dealer calls (0 without the friends mode)."""
        if self.friends is None:
            return 0
        f = self.friends.calls
        return f if f is not None else self.players // 2 - 1

    @property
    def score_table(self) -> ScoreTable:
        if self.score is not None:
            return self.score
        return classic_score_table(self.step, self.hand_cap, self.steps_to_take_over, self.deadzone)

    @property
    def max_width(self) -> int:
        """Widest tuple that exists (identical cards)."""
        return self.decks * (2 if self.two_colour else 1)

    def follow_table_for(self, shape: Shape) -> tuple[tuple[tuple[Shape, ...], ...], ...] | None:
        for lead_shape, table in self.follow_tables:
            if lead_shape == shape:
                return table
        return None

    # ---- validation and (de)serialisation -------------------------------------------
    def validate(self) -> RuleSet:
        """Raise ``RuleSetError`` for a rule set that cannot be played; return self."""
        if not 1 <= self.decks <= MAX_DECKS:
            raise RuleSetError(
                "decks_range",
                f"decks must be 1 to {MAX_DECKS}, got {self.decks}",
                most=MAX_DECKS,
                got=self.decks,
            )
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise players_error(n)
        if n != 4 and self.friends is None:
            raise RuleSetError(
                "players_need_friends", "more than four players needs the friends mode (找朋友)"
            )
        if self.friends is not None:
            fr = self.friends
            if fr.policy not in CALL_POLICIES:
                raise unknown_value("call_policy", fr.policy, CALL_POLICIES)
            if not 0 <= self.friend_calls < n:
                raise RuleSetError(
                    "friend_calls_range",
                    f"friend calls must be 0..{n - 1}, got {self.friend_calls}",
                    most=n - 1,
                    got=self.friend_calls,
                )
            if fr.small_team_bonus < 0:
                raise RuleSetError(
                    "not_negative", "small_team_bonus must be ≥ 0", setting="small_team_bonus"
                )
        total = self.deck_size
        if self.kitty_size < 0 or self.kitty_size >= total:
            raise RuleSetError(
                "kitty_range",
                f"kitty_size must be 0..{total - 1}, got {self.kitty_size}",
                most=total - 1,
                got=self.kitty_size,
            )
        if (total - self.kitty_size) % n:
            raise RuleSetError(
                "kitty_not_even",
                f"a kitty of {self.kitty_size} leaves {total - self.kitty_size} cards, "
                f"which do not divide among {n} players",
                kitty=self.kitty_size,
                left=total - self.kitty_size,
                players=n,
            )
        if not self.levels or len(set(self.levels)) != len(self.levels):
            raise RuleSetError("levels_bad", "levels must be a non-empty list of distinct ranks")
        if NT_RANK in self.levels and self.levels[-2:] != (14, NT_RANK):
            raise RuleSetError(
                "nt_not_last", "the no-trump rank (NT) can only be the last level, after A"
            )
        for r in (*self.levels, *self.permanent_trumps, *self.must_play):
            if not 2 <= r <= 14 and not (r == NT_RANK and r in self.levels):
                raise RuleSetError(
                    "rank_bad", f"rank {r} is not 2..14 (J=11, Q=12, K=13, A=14)", got=r
                )
        for r in self.must_play:
            if r not in self.levels:
                raise RuleSetError(
                    "must_play_not_level", f"must-play rank {r} is not one of the levels", rank=r
                )
        for f in self.declaration.forms:
            if f not in DECLARATION_FORMS:
                choices = ", ".join(DECLARATION_FORMS)
                raise RuleSetError(
                    "form_unknown",
                    f"unknown declaration form {f!r}; use {choices}",
                    form=str(f),
                    choices=choices,
                )
            n = 2 if f.endswith("+P") else int(f[-1])
            if n > self.max_width:
                raise RuleSetError(
                    "form_needs_decks",
                    f"declaration form {f} needs {n} copies; only {self.decks} decks",
                    form=f,
                    copies=n,
                    decks=self.decks,
                )
        d = self.declaration
        if d.fallback == "flip" and not 1 <= d.fallback_arg <= max(self.kitty_size, 0):
            raise RuleSetError(
                "flip_index", "fallback 'flip' needs a kitty card index within the kitty"
            )
        if d.fallback == "suit" and not 0 <= d.fallback_arg <= 3:
            raise RuleSetError("fallback_suit", "fallback 'suit' needs a suit 0..3")
        if self.kitty_scheme not in KITTY_SCHEMES:
            raise unknown_value("kitty_multiplier", self.kitty_scheme, KITTY_SCHEMES)
        if self.first_dealer not in ("winning-bid", "first-bid"):
            raise unknown_value("first_dealer", self.first_dealer, ("winning-bid", "first-bid"))
        if self.play_takeback not in PLAY_TAKEBACKS:
            raise unknown_value("play_takeback", self.play_takeback, PLAY_TAKEBACKS)
        if self.bid_takeback not in ("off", "on"):
            raise unknown_value("bid_takeback", self.bid_takeback, ("off", "on"))
        if self.kitty_theft not in ("off", "on"):
            raise unknown_value("kitty_theft", self.kitty_theft, ("off", "on"))
        if self.kitty_theft == "on" and self.kitty_size <= 0:
            raise RuleSetError("theft_needs_kitty", "kitty_theft needs a kitty (kitty_size > 0)")
        if self.throw_penalty < 0:
            raise RuleSetError("not_negative", "throw_penalty must be ≥ 0", setting="throw_penalty")
        self._validate_follows()
        if self.step <= 0:
            raise RuleSetError("step_positive", "score_step must be positive")
        self._validate_house_rules()
        bands = self.score_table.bands
        if not bands or bands[0].min_points is not None:
            raise RuleSetError(
                "bands_first", "the first score band must start at -∞ (min_points null)"
            )
        mins = [b.min_points for b in bands[1:]]
        if any(m is None for m in mins) or mins != sorted(mins):  # type: ignore[type-var]
            raise RuleSetError(
                "bands_order", "score bands must be in increasing order of min_points"
            )
        return self

    def _validate_house_rules(self) -> None:
        if not 1 <= self.steps_to_take_over <= 5:
            raise RuleSetError(
                "take_over_range",
                f"steps_to_take_over must be 1 to 5, got {self.steps_to_take_over}",
                got=self.steps_to_take_over,
            )
        if not 0 <= self.deadzone <= 1:
            raise RuleSetError(
                "deadzone_range", f"deadzone must be 0 or 1, got {self.deadzone}", got=self.deadzone
            )
        if self.hand_cap is not None and self.hand_cap < 1:
            raise RuleSetError(
                "at_least_one",
                f"hand_cap must be at least 1, got {self.hand_cap}",
                setting="hand_cap",
                got=self.hand_cap,
            )
        if self.score_step is not None and self.score_step % 5:
            raise RuleSetError(
                "step_multiple",
                f"score_step must be a multiple of 5, got {self.score_step}",
                got=self.score_step,
            )
        if self.step > self.total_points:  # house-rules.md 1f: at most the deck's points
            raise RuleSetError(
                "step_too_big",
                f"score_step {self.step} is more than the deck's {self.total_points} points",
                step=self.step,
                points=self.total_points,
            )
        if self.kitty_cap < 1:
            raise RuleSetError(
                "at_least_one",
                f"kitty_cap must be at least 1, got {self.kitty_cap}",
                setting="kitty_cap",
                got=self.kitty_cap,
            )
        if self.bid_order not in BID_ORDERS:
            raise unknown_value("bid_order", self.bid_order, BID_ORDERS)
        if self.must_defend and not self.must_play:
            raise RuleSetError("defend_needs_ranks", "must_defend needs must-play ranks to defend")
        low = self.lowest_rank
        if not 2 <= low <= 11:
            raise RuleSetError(
                "short_deck_range", f"a short deck keeps 2 (all) to J and up, got {low}", got=low
            )
        below = sorted({r for r in (*self.levels, *self.permanent_trumps) if r < low})
        if below:
            raise RuleSetError(
                "short_deck_removes",
                f"a short deck from {low} removes ranks the rules still use: {below}",
                low=low,
                ranks=tuple(below),
            )
        if not self.jokers and any(f[:2] in ("LJ", "BJ") for f in self.declaration.forms):
            raise RuleSetError(
                "jokers_needed", "declaring with jokers needs the jokers in the deck"
            )

    def _validate_follows(self) -> None:
        for name, allowed in (
            ("follow_protection", FOLLOW_PROTECTIONS),
            ("throw_beating", THROW_BEATINGS),
            ("throws", THROWS),
            ("penalty_mode", PENALTY_MODES),
            ("bombs", BOMBS),
            ("bomb_order", BOMB_ORDERS),
        ):
            if getattr(self, name) not in allowed:
                raise unknown_value(name, getattr(self, name), allowed)
        if not 2 <= self.tractor_min_length <= 12:
            raise RuleSetError(
                "tractor_length_range",
                "tractor_min_length must be 2..12",
                got=self.tractor_min_length,
            )
        if not 2 <= self.tractor_min_width <= MAX_DECKS * 2:
            raise RuleSetError(
                "tractor_width_range",
                "tractor_min_width must be at least 2",
                got=self.tractor_min_width,
            )
        if self.tractor_min_width > max(2, self.max_width):
            raise RuleSetError(
                "tractor_width_copies",
                f"tractor_min_width {self.tractor_min_width} needs that many identical cards;"
                f" only {self.max_width} exist",
                width=self.tractor_min_width,
                most=self.max_width,
            )
        if self.bombs != "off" and self.decks < BOMB_MIN_DECKS:
            raise RuleSetError(
                "bombs_need_decks",
                f"bombs need {BOMB_MIN_DECKS} or more decks (four identical cards); "
                f"this table has {self.decks}",
                least=BOMB_MIN_DECKS,
                decks=self.decks,
            )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        # House rules at their defaults stay out, so older records' JSON is unchanged.
        for name, default in _HOUSE_DEFAULTS.items():
            if d[name] == default:
                del d[name]
        # Four-player rule sets keep the JSON they had before the friends mode.
        if self.friends is None:
            del d["friends"]
            if self.players == 4:
                del d["players"]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            names = ", ".join(sorted(unknown))
            raise RuleSetError("unknown_fields", f"unknown rule set fields: {names}", fields=names)
        kw = dict(data)
        try:
            if "declaration" in kw and isinstance(kw["declaration"], dict):
                dd = dict(kw["declaration"])
                dd["forms"] = tuple(dd.get("forms", DeclarationRules().forms))
                kw["declaration"] = DeclarationRules(**dd)
            if isinstance(kw.get("friends"), dict):
                kw["friends"] = FriendRules(**kw["friends"])
            if kw.get("score") is not None:
                sd = kw["score"]
                kw["score"] = ScoreTable(
                    bands=tuple(ScoreBand(**b) for b in sd["bands"]),
                    extra_step=sd.get("extra_step"),
                    cap=sd.get("cap"),
                )
            for name in ("levels", "permanent_trumps", "must_play"):
                if name in kw:
                    kw[name] = tuple(kw[name])
            if "follow_tables" in kw:
                kw["follow_tables"] = _tables_from_json(kw["follow_tables"])
            return cls(**kw).validate()
        except (TypeError, KeyError) as exc:
            raise RuleSetError(
                "malformed", f"malformed rule set: {exc}", detail=str(exc).strip("'\"")
            ) from exc

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RuleSetError(
                "not_json",
                f"rule set is not valid JSON: {exc}",
                line=exc.lineno,
                column=exc.colno,
            ) from exc
        if not isinstance(data, dict):
            raise RuleSetError("not_object", "rule set JSON must be an object")
        return cls.from_dict(data)

    def with_overrides(self, **overrides: Any) -> RuleSet:
        """A copy with some fields changed, validated."""
        return replace(self, **overrides).validate()


# The house-rule fields (the block at the end of ``RuleSet``) and their defaults.
_FIELDS = fields(RuleSet)
_HOUSE_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in _FIELDS[[f.name for f in _FIELDS].index("friends") + 1 :]
}


def _tables_from_json(
    raw: Any,
) -> tuple[tuple[Shape, tuple[tuple[tuple[Shape, ...], ...], ...]], ...]:
    out = []
    for lead, groups in raw:
        out.append(
            (
                (int(lead[0]), int(lead[1])),
                tuple(
                    tuple(tuple((int(s[0]), int(s[1])) for s in pattern) for pattern in group)
                    for group in groups
                ),
            )
        )
    return tuple(out)
