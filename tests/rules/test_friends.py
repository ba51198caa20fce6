"""找朋友 (Finding Friends): hand-checked scenarios from the rule text (README)."""

from __future__ import annotations

import pytest

from rules import RuleError, preset
from rules.actions import CallFriends, DealCards, Play, action_from_dict
from rules.cards import POINTS, full_deck
from rules.events import FriendJoined, HandScored
from rules.friends import FriendCall, check_calls, parse_calls, settle_friends, suggest_calls
from rules.game import Match
from rules.notation import parse_card, parse_cards
from rules.presets import FRIENDS_PRESETS, PRESET_NAMES, friends_rules
from rules.record import parse_record, write_record
from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import FriendRules, friends_kitty
from rules.trump import TrumpContext
from tests.support.friends_helpers import ready_to_call as _ready

HA = parse_card("♥A")


def _discard(m: Match, seat: int) -> Play:
    """A plain, pointless, non-heart card: a discard that cannot win a heart trick."""
    ctx = m.context
    for c in m.hand_of(seat):
        if not ctx.is_trump(c) and POINTS[c] == 0 and c.suit != HA.suit:
            return Play(seat, (c,))
    raise AssertionError("no discard")


def test_friend_joins_on_the_trick_the_called_copy_falls_and_points_move() -> None:
    rules = preset("friends-5")
    hearts = parse_cards("♥44556677889910 10JJQQKK")
    m = _ready(rules, {0: hearts, 1: [HA, HA]}, parse_cards("♥33"))
    m.apply(CallFriends(0, (FriendCall(HA, 2),)))
    # Trick 1: seat 1 must follow ♥K with the first ♥A (not the called copy) and wins.
    m.apply(Play(0, (parse_card("♥K"),)))
    events = m.apply(Play(1, (HA,)))
    assert not any(isinstance(e, FriendJoined) for e in events)
    for s in (2, 3, 4):
        m.apply(_discard(m, s))
    public = m.view_for(None)
    assert public.tricks[0].winner == 1 and public.tricks[0].points == 10
    assert public.friends == () and public.friend_calls[0].joined is None
    assert public.friend_calls[0].seen == 1
    assert public.attackers_points == 10  # seat 1 is not known as a friend yet
    assert public.on_dealer_team(1) is None and public.attackers is None
    # Trick 2: seat 1 leads the second ♥A: it joins now, and its 10 points move.
    events = m.apply(Play(1, (HA,)))
    joined = [e for e in events if isinstance(e, FriendJoined)]
    assert joined == [FriendJoined(1, 0, HA, 2, 2, wasted=False)]
    public = m.view_for(None)
    assert public.friends == (1,)
    assert public.attackers_points == 0 and public.defenders_points == 10
    assert public.attackers == (2, 3, 4)


def _dealer_holds_one_ace(rules: RuleSet) -> Match:
    hearts = [HA, *parse_cards("♥55667788991010JJQQKK"), parse_card("♥4")]
    m = _ready(rules, {0: hearts, 1: [HA]}, parse_cards("♥4 ♥33"))
    m.apply(CallFriends(0, (FriendCall(HA, 1),)))
    return m


def test_dealer_playing_the_called_copy_wastes_the_call_by_default() -> None:
    m = _dealer_holds_one_ace(preset("friends-5"))
    events = m.apply(Play(0, (HA,)))
    assert [e for e in events if isinstance(e, FriendJoined)] == [
        FriendJoined(0, 0, HA, 1, 1, wasted=True)
    ]
    events = m.apply(Play(1, (HA,)))  # the next copy no longer counts
    assert not any(isinstance(e, FriendJoined) for e in events)
    assert m.view_for(None).friends == ()
    assert m.view_for(None).friend_calls[0].wasted


def test_no_double_join_passes_the_call_to_the_next_copy() -> None:
    rules = friends_rules(5, friends=FriendRules(no_double_join=True))
    m = _dealer_holds_one_ace(rules)
    assert not any(isinstance(e, FriendJoined) for e in m.apply(Play(0, (HA,))))
    events = m.apply(Play(1, (HA,)))
    assert [e for e in events if isinstance(e, FriendJoined)] == [
        FriendJoined(1, 0, HA, 1, 1, wasted=False)
    ]
    assert m.view_for(None).friends == (1,)


def test_wasted_call_hand_scores_with_the_dealer_alone_and_the_bonus() -> None:
    m = _dealer_holds_one_ace(preset("friends-5"))
    m.apply(Play(0, (HA,)))  # the dealer spends the call
    scored: list[HandScored] = []
    while m.phase == "playing":
        seat = m.turn
        assert seat is not None
        a = m.suggest(seat)
        assert a is not None
        scored += [e for e in m.apply(a) if isinstance(e, HandScored)]
    (s,) = scored
    assert s.team == (0,)
    assert s.bonus == (1 if s.winner == "defenders" else 0)


@pytest.mark.parametrize(
    ("players", "decks", "kitty"),
    [(4, 2, 8), (5, 2, 8), (6, 2, 6), (6, 3, 6), (7, 2, 10), (7, 3, 8), (8, 4, 8),
     (9, 3, 9), (10, 4, 6), (10, 3, 12), (10, 5, 10), (9, 5, 9), (8, 5, 6), (5, 5, 5),
     (4, 5, 6)],
)  # fmt: skip
def test_kitty_leaves_an_equal_deal_and_at_least_five(players: int, decks: int, kitty: int) -> None:
    assert friends_kitty(players, decks) == kitty
    rules = friends_rules(players, decks)
    assert rules.kitty_size == kitty
    assert rules.hand_size * players + kitty == 54 * decks


def test_presets_and_overrides() -> None:
    assert {n: (r.players, r.decks, r.friend_calls) for n, r in FRIENDS_PRESETS.items()} == {
        "friends-5": (5, 2, 1),
        "friends-6": (6, 3, 2),
        "friends-8": (8, 4, 3),
    }
    assert not set(FRIENDS_PRESETS) & set(PRESET_NAMES)  # four-seat front ends unchanged
    assert friends_rules(7).decks == 3 and friends_rules(10).decks == 5
    with pytest.raises(RuleSetError):
        friends_rules(11)
    with pytest.raises(RuleSetError):
        RuleSet(players=6).validate()  # six seats need the friends mode
    r = friends_rules(6, 2, FriendRules(calls=1, policy="no-point-card"))
    assert RuleSet.from_json(r.to_json()) == r
    # Four-player rule sets keep their JSON (stored snapshots and records).
    assert "players" not in preset("classic").to_dict()
    assert "friends" not in preset("classic").to_dict()


def test_call_policies() -> None:
    ctx = TrumpContext.of(preset("friends-5"), 14, None)  # level A, no-trump

    def ok(policy: str, card: str) -> bool:
        rules = friends_rules(5, friends=FriendRules(policy=policy))  # type: ignore[arg-type]
        try:
            check_calls(rules, ctx, [FriendCall(parse_card(card), 1)])
        except RuleError:
            return False
        return True

    assert ok("non-trump", "♠K") and not ok("non-trump", "BJ") and not ok("non-trump", "♣A")
    assert ok("trumps-allowed", "BJ") and ok("trumps-allowed", "♣A")
    # Level A: the top spade is the K.
    assert not ok("no-top-card", "♠K") and ok("no-top-card", "♠Q")
    assert not ok("no-point-card", "♠K") and not ok("no-point-card", "♠5")
    assert ok("no-point-card", "♠Q")


def test_bad_calls_are_refused_and_change_nothing() -> None:
    m = _ready(preset("friends-6"), {}, [])
    before = m.to_dict()
    for calls, code in [
        ((FriendCall(HA, 1),), "wrong_call_count"),
        ((FriendCall(HA, 4), FriendCall(HA, 1)), "bad_call_copy"),
        ((FriendCall(HA, 1), FriendCall(HA, 1)), "duplicate_call"),
        ((FriendCall(HA, 1), FriendCall(parse_card("BJ"), 1)), "call_not_allowed"),
    ]:
        with pytest.raises(RuleError) as info:
            m.apply(CallFriends(0, calls))
        assert info.value.code == code
    with pytest.raises(RuleError) as info:
        m.apply(CallFriends(1, (FriendCall(HA, 1), FriendCall(HA, 2))))
    assert info.value.code == "not_dealer_call"
    assert m.to_dict() == before


def test_suggested_call_is_legal_and_avoids_what_the_dealer_holds() -> None:
    m = _ready(preset("friends-8"), {0: [HA, HA, HA, HA]}, [])
    action = m.suggest(0)
    assert isinstance(action, CallFriends) and len(action.calls) == 3
    check_calls(m.rules, m.context, action.calls)
    assert FriendCall(HA, 1) not in action.calls  # all four ♥A are the dealer's
    assert suggest_calls(m.rules, m.context, m.hand.hands[0]) == list(action.calls)
    m.apply(action)
    assert m.phase == "playing"


def test_call_notation_round_trips() -> None:
    calls = (FriendCall(HA, 2), FriendCall(parse_card("♠K"), 1))
    action = CallFriends(3, calls)
    assert action_from_dict(action.to_dict()) == action
    assert parse_calls("#2 ♥A, 1 SK") == list(calls)
    assert parse_calls("红桃A") == [FriendCall(HA, 1)]


def test_settle_bonus_next_dealer_and_match_winner() -> None:
    rules = preset("friends-5")  # step 40
    two = [2] * 5
    # Dealer alone (1 of 2 called), shut out: +3 and the bonus level.
    out = settle_friends(rules, two, 0, [0], 0)
    assert out.bonus == 1 and out.levels == (6, 2, 2, 2, 2) and out.next_dealer == 0
    # Full team holds with 50: +1 each; the next dealer is the friend after the dealer.
    out = settle_friends(rules, two, 3, [3, 1], 50)
    assert out.bonus == 0 and out.levels == (2, 3, 2, 3, 2) and out.next_dealer == 1
    assert out.team == (3, 1)
    # 130 ≥ 3 steps: every attacker +1; the next dealer is the first attacker after.
    out = settle_friends(rules, two, 3, [3, 1], 130)
    assert out.levels == (3, 2, 3, 2, 3) and out.next_dealer == 4
    # 80..119: the attackers take over without a level.
    out = settle_friends(rules, two, 0, [0, 2], 90)
    assert out.levels == tuple(two) and out.next_dealer == 1
    # A team member defending at A wins the match.
    out = settle_friends(rules, [14, 5, 14, 2, 2], 0, [0, 1], 10)
    assert out.match_winners == (0,)


def test_hand_record_round_trips_with_calls() -> None:
    m = Match(preset("friends-6"), "record-6", first_dealer=2)
    m.apply(DealCards(156))
    while m.phase != "scored":
        a = next(x for s in range(6) if (x := m.suggest(s)) is not None)
        m.apply(a)
    text = write_record(m)
    assert "\ncall: #" in text and '[Levels "2 2 2 2 2 2"]' in text
    assert "\n1. [2] " in text and "[Team " in text
    again = parse_record(text).replay()
    assert again.to_dict()["hand"] == m.to_dict()["hand"]
    assert again.history == m.history and again.levels == m.levels
    assert Match.from_dict(m.to_dict()).to_dict() == m.to_dict()
    # Card conservation: every card was dealt once, played or buried.
    played = sorted(c for t in m.hand.tricks for _, p in t.plays for c in p)
    assert sorted(played + list(m.hand.buried)) == sorted(full_deck(3))


def test_four_player_snapshots_keep_their_shape() -> None:
    """The friends mode adds nothing to a four-player match's JSON (stored snapshots
    and records of running tables keep loading and comparing equal)."""
    m = Match(preset("classic"), "shape", first_dealer=1)
    m.apply(DealCards(108))
    while m.phase != "scored":
        m.apply(next(a for s in range(4) if (a := m.suggest(s)) is not None))
    d = m.to_dict()
    assert not {"calls", "call_seen", "call_done", "seat_points"} & set(d["hand"])
    assert "team" not in d["history"][0] and len(d["levels"]) == 2
    assert "players" not in d["rules"] and "friends" not in d["rules"]
    assert Match.from_dict(d).to_dict() == d
    assert "call:" not in write_record(m) and "[Team " not in write_record(m)
