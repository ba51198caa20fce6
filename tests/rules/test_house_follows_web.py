"""House rules that cite the web table (rbtying/shengji), checked on the web table's own
test cases: follow protection (``trick_draw_policy``), beating a throw
(``throw_evaluation_policy``) and bombs (``bomb_policy``).

Every case below is ported from rbtying/shengji ``mechanics/src/trick.rs``, ``mod
tests``; each test names the web test it comes from. The web's values map to ours:
NoProtections = none, LongerTuplesProtected = longer-tuples, OnlyDrawTractorOnTractor
= tractor-on-tractor, LongerTuplesProtectedAndOnlyDrawTractorOnTractor = both,
NoFormatBasedDraw = suit-only; All = all, Highest = highest, TrickUnitLength =
unit-length; AllowBombs = any-suit, AllowBombsSuitFollowing = following-suit.

The web's ``TRUMP`` is level 4 with ♠ trump, so ♠2 ♠3 ♠5 … are trumps and ♠3 ♠5 are
adjacent (the 4s are level cards). Its plays in trump are ours in trump too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import Suit, TrumpContext, counts_of, make_lead, parse_cards, preset
from rules.follows import build_legal_follows, generate_follow, legal_follows
from rules.play import check_follow
from rules.settings import apply
from tests.support.play_checks import follow_error, winner

C = parse_cards
WEB_DRAW = {
    "NoProtections": "none",
    "LongerTuplesProtected": "longer-tuples",
    "OnlyDrawTractorOnTractor": "tractor-on-tractor",
    "LongerTuplesProtectedAndOnlyDrawTractorOnTractor": "both",
    "NoFormatBasedDraw": "suit-only",
}


def ctx_of(base: str, level: int, trump: Suit, **house: str) -> TrumpContext:
    # The web has no seed-003 follow tables (where a quad counts as a tractor): the
    # generic follow order for every number of decks.
    return TrumpContext.of(apply(replace(preset(base), follow_tables=()), house), level, trump)


def web(
    policy: str, base: str = "three-decks", level: int = 4, trump: Suit = Suit.SPADES, **house: str
) -> Any:
    """``is_legal_play`` under a web draw policy: legal(hand, lead, play) -> bool."""
    ctx = ctx_of(base, level, trump, follow_protection=WEB_DRAW[policy], **house)

    def legal(hand: str, lead: str, play: str) -> bool:
        ok = follow_error(ctx, hand, lead, play) is None
        # The follow listers agree with the judge, and the generated follow is legal.
        h, ld = counts_of(C(hand)), make_lead(ctx, C(lead))
        found = {tuple(sorted(f)) for f in legal_follows(ctx, h, ld)}
        assert found == {tuple(sorted(f)) for f in build_legal_follows(ctx, h, ld)[0]}
        assert (tuple(sorted(C(play))) in found) == ok
        check_follow(ctx, h, ld, generate_follow(ctx, h, ld))
        return ok

    return legal


# ---- follow protection: TrickFormat::is_legal_play ---------------------------------------


def test_legal_play_pairs_pair_and_triple_leads() -> None:
    # web test_legal_play_pairs: a pair lead, then a triple lead.
    none, ltp, nfd = web("NoProtections"), web("LongerTuplesProtected"), web("NoFormatBasedDraw")
    hand = "♠22 ♠33 ♠55"
    assert none(hand, "♠KK", "♠22") and not none(hand, "♠KK", "♠2 ♠3")
    assert nfd(hand, "♠KK", "♠22") and nfd(hand, "♠KK", "♠2 ♠3")
    # "Check that we don't break longer tuples if that's not required"
    hand = "♠222 ♠3 ♠5"
    assert ltp(hand, "♠KK", "♠3 ♠5") and nfd(hand, "♠KK", "♠3 ♠5")
    assert not none(hand, "♠KK", "♠3 ♠5")
    hand = "♠22 ♠33 ♠55"
    assert none(hand, "♠KKK", "♠22 ♠5") and not none(hand, "♠KKK", "♠2 ♠3 ♠5")
    assert nfd(hand, "♠KKK", "♠2 ♠3 ♠5")


def test_legal_play_pairs_tractor_lead() -> None:
    # web test_legal_play_pairs: the tractor lead (♠QQKK here; four decks: ♠2222 held).
    none, ltp, both, nfd = (
        web(p, "four-decks")
        for p in (
            "NoProtections",
            "LongerTuplesProtected",
            "LongerTuplesProtectedAndOnlyDrawTractorOnTractor",
            "NoFormatBasedDraw",
        )
    )
    hand, lead = "♠2222 ♠33 ♠55", "♠QQKK"
    for legal in (none, ltp, both):
        assert not legal(hand, lead, "♠2222")
        assert legal(hand, lead, "♠2233") and legal(hand, lead, "♠3355")
    assert nfd(hand, lead, "♠2222") and nfd(hand, lead, "♠2233") and nfd(hand, lead, "♠3355")
    hand = "♠2222 ♠3 ♠55"
    assert none(hand, lead, "♠2222") and none(hand, lead, "♠2255")
    assert not none(hand, lead, "♠22 ♠5 ♠3")
    assert nfd(hand, lead, "♠2222") and nfd(hand, lead, "♠2255") and nfd(hand, lead, "♠22 ♠5 ♠3")
    for legal in (ltp, both):
        assert legal(hand, lead, "♠2222") and legal(hand, lead, "♠2255")
    # "This play is tenuously legal, since the 2222 is protected by the 355 is not"
    assert ltp(hand, lead, "♠22 ♠5 ♠3")


def test_legal_play_pairs_pair_and_single_lead() -> None:
    # web test_legal_play_pairs: a throw of a pair and a single, ♠222 ♠5 held.
    for policy in WEB_DRAW:
        if policy != "OnlyDrawTractorOnTractor":
            legal = web(policy)
            assert legal("♠222 ♠5", "♠KK ♠A", "♠222") and legal("♠222 ♠5", "♠KK ♠A", "♠22 ♠5")


def test_protected_tuple() -> None:
    # web test_protected_tuple (four decks: ♠2222).
    none, ltp, both, nfd = (
        web(p, "four-decks")
        for p in (
            "NoProtections",
            "LongerTuplesProtected",
            "LongerTuplesProtectedAndOnlyDrawTractorOnTractor",
            "NoFormatBasedDraw",
        )
    )
    hand = "♠2222 ♠5 ♠6 ♠7 ♠8"
    assert not none(hand, "♠KKK", "♠6 ♠7 ♠8")
    assert nfd(hand, "♠KKK", "♠6 ♠7 ♠8") and ltp(hand, "♠KKK", "♠6 ♠7 ♠8")
    hand = "♠2222 ♠55 ♠6 ♠7 ♠8"
    assert not none(hand, "♠KKK", "♠55 ♠6")
    assert nfd(hand, "♠KKK", "♠55 ♠6") and ltp(hand, "♠KKK", "♠55 ♠6")
    assert both(hand, "♠KKK", "♠55 ♠6")
    assert not ltp(hand, "♠KKK", "♠6 ♠7 ♠8")


def test_protected_wider_tractor() -> None:
    # web test_protected_wider_tractor: ♠222 ♠333 are protected from a pair tractor.
    hand, lead, play = "♠222 ♠333 ♠5 ♠6 ♠7 ♠8", "♠6677", "♠5 ♠6 ♠7 ♠8"
    assert not web("NoProtections")(hand, lead, play)
    assert web("NoFormatBasedDraw")(hand, lead, play)
    assert web("LongerTuplesProtected")(hand, lead, play)
    assert not web("OnlyDrawTractorOnTractor")(hand, lead, play)
    assert web("LongerTuplesProtectedAndOnlyDrawTractorOnTractor")(hand, lead, play)


def test_protected_tractor_triple() -> None:
    # web test_protected_tractor_triple: ♥ trump, level 4; a ♠ throw of a pair tractor
    # and a single (the web builds it as a format; here ♠QQJJ ♠A is led).
    def legal(policy: str, play: str) -> bool:
        judge = web(policy, trump=Suit.HEARTS)
        return bool(judge("♠3 ♠5 ♠10 ♠J ♠Q ♠6 ♠888", "♠QQJJ ♠A", play))

    assert not legal("NoProtections", "♠3 ♠5 ♠10 ♠J ♠Q")
    assert legal("NoFormatBasedDraw", "♠3 ♠5 ♠10 ♠J ♠Q")
    assert legal("NoProtections", "♠3 ♠6 ♠888") and legal("NoFormatBasedDraw", "♠3 ♠6 ♠888")
    assert legal("LongerTuplesProtected", "♠3 ♠6 ♠888")
    assert legal("LongerTuplesProtected", "♠3 ♠5 ♠10 ♠J ♠Q")


def test_longer_tuple_bypasses_genuine_false_positive() -> None:
    # web test_longer_tuple_bypasses_genuine_false_positive: ♥ trump; a ♠ throw of a
    # pair tractor and a single; the hand's whole ♠ is ♠666 ♠88: playing it is legal.
    for policy in ("LongerTuplesProtected", "LongerTuplesProtectedAndOnlyDrawTractorOnTractor"):
        legal = web(policy, trump=Suit.HEARTS)
        assert legal("♠666 ♠88 ♣3", "♠6677 ♠5", "♠666 ♠88")
    # With a real pair ♠JJ besides, the triple may not fill the second pair's place.
    assert not web("LongerTuplesProtected", trump=Suit.HEARTS)(
        "♠666 ♠88 ♠JJ", "♠6677 ♠5", "♠666 ♠88"
    )


def test_triple_in_play_does_not_satisfy_pair_when_genuine_pair_available() -> None:
    # web test of that name (three ♥ pairs led; ♠ trump, level 4; bombs make no
    # difference to it here, so the four-deck table runs it with bombs on and off).
    for bombs in ("off", "any-suit"):
        legal = web("LongerTuplesProtected", "four-decks", bombs=bombs)
        hand, lead = "♥KK ♥222 ♥5 ♥6 ♥7 ♥8", "♥10 ♥10 ♥JJ ♥QQ"
        assert not legal(hand, lead, "♥222 ♥5 ♥6 ♥7")
        assert legal(hand, lead, "♥22 ♥KK ♥5 ♥6")
        assert legal("♥222 ♥5 ♥6 ♥7 ♥8 ♥9 ♥J", lead, "♥222 ♥5 ♥6 ♥7")


def test_longer_tuple_guard_requires_enough_genuine_tuples() -> None:
    # web test of that name: "quad filling 2-slot tractor is legal when only 1 genuine
    # pair exists"; a triple filling pair + single is illegal while a real pair is held.
    for bombs in ("off", "any-suit"):
        legal = web("LongerTuplesProtected", "four-decks", bombs=bombs)
        assert legal("♠2222 ♠3 ♠55", "♠QQKK", "♠2222")
        assert not legal("♠222 ♠55 ♠6", "♠KK ♠A", "♠222")
        assert legal("♠222 ♠55 ♠6", "♠KK ♠A", "♠55 ♠2")
        assert legal("♠222 ♠6 ♠7 ♠8", "♠KK ♠A", "♠222")


def test_long_tractor_decomposition_draws_pairs() -> None:
    # web test of that name: level K, ♠ trump; ♠778899 led. The follower's trumps are
    # ♠4 ♠10 ♠A ♥K ♦K ♣K ♠KK: the pair ♠KK must be played, except under suit-only.
    hand, lead = "♠4 ♠10 ♠A ♥K ♦K ♣K ♠KK", "♠778899"
    for policy in WEB_DRAW:
        legal = web(policy, "classic", level=13)
        no_pair = legal(hand, lead, "♠4 ♠10 ♠A ♥K ♦K ♣K")
        assert no_pair == (policy == "NoFormatBasedDraw"), policy
        assert legal(hand, lead, "♠4 ♠10 ♠A ♥K ♠KK")


def test_the_old_strict_reading_is_kept_as_its_own_value() -> None:
    # longer-tuples-strict: two of a triple count as singles, so they never stand in
    # for a real pair held (the web accepts ♠99 here, test_legal_play_pairs' reading).
    ctx = ctx_of("three-decks", 10, Suit.HEARTS, follow_protection="longer-tuples-strict")
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠99") is not None
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠44") is None
    loose = ctx_of("three-decks", 10, Suit.HEARTS, follow_protection="longer-tuples")
    assert follow_error(loose, "♠999 ♠44 ♠3", "♠KK", "♠99") is None


# ---- beating a throw: Trick::compute_winner / _defeats --------------------------------------


def beaters(base: str, level: int, trump: Suit, *plays: str) -> dict[str, int]:
    return {
        v: winner(ctx_of(base, level, trump, throw_beating=v), *plays)
        for v in ("longest-first", "all", "highest", "unit-length")
    }


def test_throw_evaluation_policy_highest_card() -> None:
    # web test of that name: level K, ♠ trump; ♣4 ♣6 led, three trump-ins.
    got = beaters("classic", 13, Suit.SPADES, "♣4 ♣6", "♠2 ♠3", "♠3 ♠4", "♠2 大王")
    assert got["all"] == 2  # "In the "all" case, P3 retains the "winner" status."
    assert got["highest"] == 3  # "P4 wins because P4 played a higher card."


def test_throw_evaluation_policy_trick_unit_length() -> None:
    # web test of that name: level 2, ♠ trump; ♥A ♥KKK ♥99 led.
    got = beaters(
        "three-decks", 2, Suit.SPADES, "♥A ♥KKK ♥99", "♠555 ♠QQ ♠A", "♠555 ♠AA ♠4", "♠444 ♠33 大王"
    )
    assert got["all"] == 1  # "P2 retains the "winner" status"
    assert got["highest"] == 3  # "P4 played the highest card (and matched format)"
    # "P3 wins because P3 matched-or-beat P2's longest tuples."
    assert got["unit-length"] == 2
    assert got["longest-first"] == 1  # ours: the triples tie, so the earlier play keeps it


def test_trump_throw_single_cards() -> None:
    # web test of that name: level 5, ♦ trump; ♣A ♣K led; P3's 小王 ♠5 wins for all.
    got = beaters("classic", 5, Suit.DIAMONDS, "♣A ♣K", "♣5 ♦A", "小王 ♠5", "♠Q ♦A")
    assert set(got.values()) == {2}


def test_play_throw_trick_double_overflip() -> None:
    # web test of that name: level 8, ♥ trump; three ♣ pairs led, trumped three times.
    got = beaters(
        "classic",
        8,
        Suit.HEARTS,
        "♣AA ♣QQ ♣10 ♣10",
        "♠88 ♥99 ♥33",
        "♥88 ♥KK ♥10 ♥10",
        "小王小王 ♥88 ♥KK",
    )
    assert set(got.values()) == {3}


def test_trick_format_multi_parse() -> None:
    # web test of that name: level 2, ♣ trump; ♦88 ♦J ♦Q led. "the 2 can either be a
    # pair of twos or a pair of sixes, and only one of them will win the trick": read
    # as ♣66 and singles ♣2 ♣2, P4 beats ♣55 ♣A ♠2 unit by unit (all) too.
    got = beaters("classic", 2, Suit.CLUBS, "♦88 ♦J ♦Q", "♣55 ♣A ♠2", "♠33 ♣7 ♣8", "♣66 ♣22")
    assert set(got.values()) == {3}


# ---- bombs: is_legal_play and _defeats under bomb_policy ------------------------------------


def bomb_ctx(bombs: str, trump: Suit = Suit.SPADES, order: str = "rank-first") -> TrumpContext:
    return ctx_of("four-decks", 4, trump, bombs=bombs, bomb_order=order)


def test_bomb_beats_tractor_and_higher_bomb_beats_lower() -> None:
    # web test_bomb_beats_tractor, test_higher_bomb_beats_lower_bomb,
    # test_bomb_not_allowed_when_policy_disabled (♠ trump, level 4).
    for order in ("rank-first", "trump-first"):
        ctx = bomb_ctx("any-suit", order=order)
        assert winner(ctx, "♠8899", "♠2222", "♠3 ♠5 ♠6 ♠7", "♠3 ♠5 ♠6 ♠7") == 1
        assert winner(ctx, "♠8899", "♠2222", "♠3333", "♠5 ♠6 ♠7 ♠10") == 2
    assert winner(bomb_ctx("off"), "♠8899", "♠2222", "♠3 ♠5 ♠6 ♠7", "♠3 ♠5 ♠6 ♠7") == 0


def test_trump_bomb_beats_non_trump_bomb() -> None:
    # web test of that name: ♥ trump, level 4; ♠8899 led, ♠2222 then ♥3333.
    for order in ("rank-first", "trump-first"):
        ctx = bomb_ctx("any-suit", Suit.HEARTS, order)
        assert winner(ctx, "♠8899", "♠2222", "♥3333", "♠5 ♠6 ♠7 ♠10") == 2


def test_bomb_order_trump_first_is_the_web_tables() -> None:
    # web _defeats: between bombs of one size "higher rank wins (cmp_effective handles
    # trump > non-trump)", and cmp_effective compares the suit (trump highest) before
    # the rank: a trump ♥2222 beats a plain ♠3333 there; rank-first keeps the rank.
    trump_first = bomb_ctx("any-suit", Suit.HEARTS, "trump-first")
    rank_first = bomb_ctx("any-suit", Suit.HEARTS, "rank-first")
    plays = ("♠8899", "♠3333", "♥2222", "♠5 ♠6 ♠7 ♠10")
    assert winner(trump_first, *plays) == 2
    assert winner(rank_first, *plays) == 1
    # Both trump or both plain: the rank, either way.
    for ctx in (trump_first, rank_first):
        assert winner(ctx, "♠8899", "♠2222", "♠3333") == 2
        assert winner(ctx, "♣8899", "♦2222", "♥5555") == 2


def test_three_identical_cards_not_a_bomb() -> None:
    # web test of that name: ♠222 on ♠889 is no bomb; the leader keeps the trick.
    assert winner(bomb_ctx("any-suit"), "♠88 ♠9", "♠222", "♠3 ♠5 ♠6", "♠3 ♠5 ♠6") == 0


def test_bomb_suit_following() -> None:
    # web test_bomb_suit_following_same_suit_allowed, _off_suit_rejected_when_has_led_suit,
    # _off_suit_allowed_when_void, _trump_bomb_allowed.
    same = bomb_ctx("following-suit")
    assert follow_error(same, "♠2222 ♣3", "♠8899", "♠2222") is None
    assert winner(same, "♠8899", "♠2222", "♠3 ♠5 ♠6 ♠7", "♠3 ♠5 ♠6 ♠7") == 1
    ctx = bomb_ctx("following-suit", Suit.HEARTS)
    assert follow_error(ctx, "♦2222 ♠3", "♠8899", "♦2222") is not None
    assert follow_error(ctx, "♦2222", "♠8899", "♦2222") is None
    assert winner(ctx, "♠8899", "♦2222", "♠3 ♠5 ♠6 ♠7", "♠3 ♠5 ♠6 ♠7") == 1
    assert follow_error(ctx, "♥3333 ♠5", "♠8899", "♥3333") is None
    assert winner(ctx, "♠8899", "♥3333", "♠3 ♠5 ♠6 ♠7", "♠3 ♠5 ♠6 ♠7") == 1


def test_leader_bombs() -> None:
    # web test_leader_bomb_not_beaten_by_lower_bomb, test_higher_bomb_beats_leader_bomb,
    # and test_larger_bomb_beats_smaller_bomb_regardless_of_order (six-card bombs there:
    # four here, as no table holds six identical cards).
    ctx = bomb_ctx("any-suit")
    assert winner(ctx, "♥JJJJ", "♥2222", "♣5 ♣6 ♣7 ♣8", "♣5 ♣6 ♣7 ♣8") == 0
    assert winner(ctx, "♥2222", "♥JJJJ", "♣5 ♣6 ♣7 ♣8", "♣5 ♣6 ♣7 ♣8") == 1
    assert winner(ctx, "♥2222", "♥JJJJ", "♥3333", "♣5 ♣6 ♣7 ♣8") == 1


@pytest.mark.parametrize("value", ["longer-tuples-strict", "unit-length", "trump-first"])
def test_new_values_are_validated_like_the_others(value: str) -> None:
    from rules.ruleset import RuleSet, RuleSetError
    from rules.settings import REGISTRY

    name = next(s.name for s in REGISTRY if value in s.choices)
    rs = apply(preset("four-decks"), {name: value})
    assert REGISTRY.get(name).read(RuleSet.from_json(rs.to_json())) == value
    with pytest.raises(RuleSetError, match=name):
        apply(preset("four-decks"), {name: value + "-x"})
