"""House rule ``kitty_theft`` (炒地皮; house-rules.md 1b kitty_theft_policy: "Whether
other players may over-bid after the landlord has put down the kitty, pick it up,
re-bury it and change trump. This can repeat").

off (today): the dealer buries and play (or the friend calls) begins. on: after
each bury the other seats, in turn from the burier's left, may over-declare by the
normal override rules at the hand's level; a thief changes trump, picks the buried
cards up and buries again, and a new round starts after them. The dealer (庄家),
and so the sides and the first leader, never change. The round ends when every
other seat has passed in turn.
"""

from __future__ import annotations

import random

import pytest

from rules.actions import Action, Bury, DealCards, Declare, NextHand, Pass
from rules.ai import make_player
from rules.cards import Suit
from rules.events import (
    BuryStarted,
    KittyStolen,
    KittyTaken,
    StealingOver,
    StealPassed,
    StealTurn,
)
from rules.game import Match, replay
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet
from rules.settings import REGISTRY, SettingError
from tests.support.declaring import C, all_pass, deal_all, refused, stack
from tests.support.match_helpers import assert_conserved

THEFT = REGISTRY.apply(preset("classic"), {"kitty_theft": "on"})
KITTY = (C.S3, C.S4, C.S6, C.S7, C.C3, C.C4, C.C6, C.C7)


def _buried(
    theft: str = "on", *, first_dealer: int = 0, seat1: tuple[C, ...] = (C.D2, C.D2)
) -> Match:
    """Hand 1 with seat 0 dealing: seat 0 declares ♥2 and buries the kitty as dealt;
    seat 1 holds ♦2♦2, seat 2 a pair of small jokers, seat 3 ♠2♠2 and the big jokers."""
    rules = REGISTRY.apply(preset("classic"), {"kitty_theft": theft})
    m = Match(rules, "theft", first_dealer=first_dealer)
    stack(
        m,
        {0: [C.H2], 1: list(seat1), 2: [C.LJ, C.LJ], 3: [C.S2, C.S2, C.BJ, C.BJ]},
        kitty=KITTY,
    )
    deal_all(m)
    m.apply(Declare(0, (C.H2,)))
    all_pass(m)
    assert m.phase == "burying" and m.hand.trump_suit == Suit.HEARTS
    m.apply(Bury(0, KITTY))
    return m


def test_off_by_default_and_play_starts_after_the_bury() -> None:
    assert REGISTRY.get("kitty_theft").read(preset("classic")) == "off"
    m = _buried("off")
    assert m.phase == "playing" and m.turn == 0


def test_the_bury_opens_a_stealing_round_from_the_burier_s_left() -> None:
    rules = THEFT
    m = Match(rules, "theft", first_dealer=0)
    stack(m, {0: [C.H2]}, kitty=KITTY)
    deal_all(m)
    m.apply(Declare(0, (C.H2,)))
    all_pass(m)
    events = m.apply(Bury(0, KITTY))
    assert StealTurn(1, 0) in events
    assert (m.phase, m.steal_turn, m.burier, m.turn) == ("stealing", 1, 0, None)
    assert m.suggest(1) == Pass(1) and m.suggest(2) is None


def test_a_steal_changes_trump_and_burier_but_not_the_dealer() -> None:
    m = _buried()
    before = len(m.hand_of(1))
    events = m.apply(Declare(1, (C.D2, C.D2)))
    assert KittyStolen(1, (C.D2, C.D2), Suit.DIAMONDS, "L2", 0) in events
    assert KittyTaken(1, KITTY) in events and BuryStarted(1, 8) in events
    assert KittyTaken(1, KITTY).audience == 1  # the cards are the thief's to see
    assert (m.phase, m.dealer, m.burier) == ("burying", 0, 1)
    assert m.hand.trump_suit == Suit.DIAMONDS and m.hand.buried == []
    assert len(m.hand_of(1)) == before + 8
    assert_conserved(m)
    # The thief buries like the dealer does; the dealer may not.
    refused(m, Bury(0, tuple(m.hand_of(0)[:8])), "not_burier")
    assert m.suggest(1) is not None and isinstance(m.suggest(1), Bury)
    assert m.suggest(0) is None
    m.apply(Bury(1, KITTY))
    assert (m.phase, m.steal_turn, m.burier) == ("stealing", 2, 1)


def test_repeated_steals_then_everyone_passes_and_the_dealer_leads() -> None:
    m = _buried()
    m.apply(Declare(1, (C.D2, C.D2)))
    m.apply(Bury(1, KITTY))
    # Seat 2 over-declares no-trump with its small jokers, and buries again.
    m.apply(Declare(2, (C.LJ, C.LJ)))
    assert m.hand.trump_suit is None and m.burier == 2
    m.apply(Bury(2, KITTY))
    # A new round after seat 2: the original dealer may steal too; all pass here.
    assert m.steal_turn == 3
    # ♠2♠2 does not beat the small jokers; only the big ones do.
    assert [d.cards for d in m.declaration_options(3)] == [(C.BJ, C.BJ)]
    assert m.declaration_options(1) == []  # not its turn
    m.apply(Pass(3))
    m.apply(Pass(0))
    events = m.apply(Pass(1))
    assert StealPassed(1) in events and StealingOver(2) in events
    assert (m.phase, m.turn, m.dealer, m.burier) == ("playing", 0, 0, 2)
    assert m.hand.buried == list(KITTY)
    assert [d.seat for d in m.hand.declarations] == [0, 1, 2]


def test_a_weaker_declaration_is_refused_and_changes_nothing() -> None:
    m = _buried()
    refused(m, Declare(1, (C.D2,)), "declaration_too_weak")  # one ♦2 ties ♥2
    refused(m, Declare(1, (C.S5,)), "bad_declaration")
    refused(m, Declare(1, (C.BJ, C.BJ)), "not_held")  # seat 3 holds them
    options = [d.cards for d in m.declaration_options(1)]
    assert (C.D2, C.D2) in options and all(len(o) == 2 for o in options)


def test_out_of_turn_is_refused() -> None:
    m = _buried()
    refused(m, Declare(2, (C.LJ, C.LJ)), "not_your_steal_turn")
    refused(m, Pass(3), "not_your_steal_turn")
    refused(m, Pass(0), "not_your_steal_turn")  # the burier is not asked
    m.apply(Pass(1))
    refused(m, Pass(1), "not_your_steal_turn")
    assert m.steal_turn == 2


def test_all_pass_plays_with_the_dealer_leading() -> None:
    m = _buried()
    for s in (1, 2, 3):
        m.apply(Pass(s))
    assert (m.phase, m.turn, m.burier) == ("playing", 0, 0)
    assert m.hand.trump_suit == Suit.HEARTS


def test_a_fallback_hand_is_stolen_by_any_declaration() -> None:
    """Nobody declared in a later hand: trump comes from the fallback (no-trump in
    classic), and any valid declaration steals."""
    m = Match(THEFT, "theft-fallback", first_dealer=0, hand_no=2)
    stack(m, {1: [C.D2]}, kitty=KITTY)
    deal_all(m)
    all_pass(m)
    assert m.hand.trump_suit is None and not m.hand.declarations
    m.apply(Bury(0, KITTY))
    m.apply(Declare(1, (C.D2,)))
    assert m.hand.trump_suit == Suit.DIAMONDS and m.burier == 1


def test_views_hide_the_buried_cards_from_everyone_but_the_burier() -> None:
    m = _buried()
    assert m.view_for(0).buried == KITTY and m.view_for(0).burier == 0
    for s in (1, 2, 3, None):
        v = m.view_for(s)
        assert v.buried is None and v.kitty_taken is None
        assert v.steal_turn == 1
    m.apply(Declare(1, (C.D2, C.D2)))
    assert m.view_for(1).kitty_taken == KITTY  # what the thief picked up
    assert m.view_for(0).buried is None and m.view_for(0).kitty_taken is None
    m.apply(Bury(1, KITTY))
    assert m.view_for(1).buried == KITTY
    assert all(m.view_for(s).buried is None for s in (0, 2, 3, None))


def test_record_round_trip() -> None:
    """A dealt (not stacked) hand, so the record's seed rebuilds it: seat 0 declares
    ♣2 and buries; seat 1 steals with ♦2♦2 and buries; seat 2 steals with the small
    jokers; everyone else passes and play begins."""
    m = Match(THEFT, "steal-42", first_dealer=0)
    m.apply(DealCards(100))
    m.apply(Declare(0, (C.C2,)))
    all_pass(m)
    for thief, cards in ((1, (C.D2, C.D2)), (2, (C.LJ, C.LJ))):
        bury = m.suggest(m.burier or 0)
        assert isinstance(bury, Bury)
        m.apply(bury)
        m.apply(Declare(thief, cards))
    bury = m.suggest(2)
    assert isinstance(bury, Bury)
    m.apply(bury)
    for s in (3, 0, 1):
        m.apply(Pass(s))
    assert m.phase == "playing" and m.turn == 0
    lead = m.suggest(0)
    assert lead is not None
    m.apply(lead)
    text = write_record(m)
    assert "\nbury: " in text and "\nbury 1: " in text and "\nbury 2: " in text
    assert "@100 1: ♦2 ♦2" in text and "@100 2: 小王 小王" in text
    assert "pass 3 0 1" in text
    again = parse_record(text).replay()
    assert again.to_dict() == m.to_dict()
    assert write_record(again) == text


def test_snapshot_round_trip_and_old_snapshots_load() -> None:
    m = _buried()
    m.apply(Declare(1, (C.D2, C.D2)))
    data = m.to_dict()
    assert data["hand"]["burier"] == 1
    back = Match.from_dict(data)
    assert back.to_dict() == data and back.burier == 1
    back.apply(Bury(1, KITTY))
    assert Match.from_dict(back.to_dict()).steal_turn == 2
    # A snapshot written before the rule existed: no burier, no steal turn.
    old = _buried("off").to_dict()
    assert "burier" not in old["hand"] and "steal_turn" not in old["hand"]
    loaded = Match.from_dict(old)
    assert loaded.burier == 0 and loaded.steal_turn is None
    assert "kitty_theft" not in preset("classic").to_json()
    assert RuleSet.from_json(THEFT.to_json()) == THEFT


def test_the_setting_needs_a_kitty() -> None:
    with pytest.raises(SettingError) as info:
        REGISTRY.apply(preset("classic"), {"kitty_size": "0", "kitty_theft": "on"})
    assert info.value.setting == "kitty_theft" and "kitty" in str(info.value)
    with pytest.raises(SettingError) as info:
        REGISTRY.apply(THEFT, {"kitty_size": "0"})
    assert "kitty_theft" in str(info.value)


# ---- property: random matches replay identically ---------------------------------------


def _seat_to_act(m: Match) -> int | None:
    if m.phase == "stealing":
        return m.steal_turn
    if m.phase in ("burying", "calling"):
        return m.burier if m.phase == "burying" else m.dealer
    return m.turn


def _play_one(
    rules: RuleSet,
    seed: str,
    rng: random.Random,
    levels: tuple[str, ...] = ("random", "basic", "simple"),
) -> tuple[Match, list[Action]]:
    m = Match(rules, seed, first_dealer=rng.randrange(rules.players))
    players = [make_player(rng.choice(levels)) for _ in range(rules.players)]
    log: list[Action] = []

    def act(a: Action) -> None:
        m.apply(a)
        log.append(a)
        assert_conserved(m)

    act(DealCards(m.deal_total))
    while m.phase == "declaring":
        s = next(s for s in range(rules.players) if s not in m.hand.passes)
        a = players[s].choose(m.view_for(s), rng)
        act(a if a is not None else Pass(s))
    for _ in range(500):
        if m.phase in ("scored", "finished"):
            break
        s = _seat_to_act(m)
        assert s is not None, m.phase
        a = players[s].choose(m.view_for(s), rng)
        assert a is not None, (players[s].level, m.phase)
        act(a)
        for v in range(rules.players):  # only the burier sees the kitty before the end
            if v != m.burier and m.phase not in ("scored", "finished"):
                assert m.view_for(v).buried is None
    return m, log


@pytest.mark.parametrize("i", range(6))
def test_random_matches_replay_from_record_and_snapshot(i: int) -> None:
    base = preset(("one-deck", "classic", "friends-5")[i % 3])
    rules = REGISTRY.apply(base, {"kitty_theft": "on"})
    rng = random.Random(f"theft-{i}")
    m, log = _play_one(rules, f"theft-{i}", rng)
    assert m.phase in ("scored", "finished")
    start = m.hand.start_dealer
    assert replay(rules, f"theft-{i}", log, first_dealer=start).to_dict() == m.to_dict()
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    record = parse_record(write_record(m))
    assert record.replay().to_dict() == m.to_dict()
    if m.phase == "scored":
        m.apply(NextHand())


def test_random_players_steal_and_the_hands_replay() -> None:
    """Random players steal whenever they hold a steal, half the time: hands with
    real (and repeated) steals replay from the record and the snapshot."""
    rules = REGISTRY.apply(preset("classic"), {"kitty_theft": "on"})
    stolen = 0
    for i in range(12):
        m, _ = _play_one(rules, f"thief-{i}", random.Random(f"thief-{i}"), ("random",))
        steals = len([a for a in m.hand_log if isinstance(a, Bury)]) - 1
        if steals:
            stolen += steals
            assert parse_record(write_record(m)).replay().to_dict() == m.to_dict()
            assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    assert stolen > 0


# Seat 1 with ♦2♦2 and a long, paired diamond suit: a steal is clearly good.
DIAMONDS = (
    C.D2,
    C.D2,
    *(c for r in (14, 13, 12, 11, 10, 9, 8) for c in [C.of(Suit.DIAMONDS, r)] * 2),
)


@pytest.mark.parametrize("level", ["random", "simple", "basic", "strong"])
@pytest.mark.parametrize("strong_suit", [False, True])
def test_every_ai_level_acts_legally_when_stealing_and_as_the_thief(
    level: str, strong_suit: bool
) -> None:
    m = _buried(seat1=DIAMONDS if strong_suit else (C.D2, C.D2))
    player = make_player(level)
    rng = random.Random(level)
    a = player.choose(m.view_for(1), rng)
    assert a is not None and a.seat == 1  # type: ignore[attr-defined]
    m.apply(a)
    if level in ("basic", "strong"):  # they steal exactly when the suit is clearly good
        assert (m.phase == "burying") == strong_suit
    if m.phase == "stealing":
        assert m.steal_turn == 2
        return
    assert m.burier == 1  # it stole: now it buries like a dealer
    bury = player.choose(m.view_for(1), rng)
    assert isinstance(bury, Bury)
    m.apply(bury)
    assert m.phase == "stealing" and m.steal_turn == 2
