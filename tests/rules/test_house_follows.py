"""House rules, follows and throws (issue 20): hand-checked scenarios per setting value.

Sources: docs/rules.md §3–4 (today's values) and the web table's settings as
summarised in /work/shared/reference/house-rules.md section 1d (``trick_draw_policy``,
``tractor_requirements``, ``throw_evaluation_policy``, ``throw_penalty``, ``bomb_policy``);
the web table's own test cases are in test_house_follows_web.py.
Level 10, hearts trump, so ♠ is a plain suit (docs/rules.md's examples).
"""

from dataclasses import replace

import pytest

from rules import (
    RuleError,
    Suit,
    TrumpContext,
    check_follow,
    check_lead,
    counts_of,
    decompose,
    generate_follow,
    legal_follows,
    make_lead,
    parse_cards,
    preset,
)
from rules.follows import build_legal_follows
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import REGISTRY, apply, diff
from tests.support.play_checks import follow_error, winner

C = parse_cards


def ctx_of(base: str = "classic", **house: str) -> TrumpContext:
    return TrumpContext.of(apply(preset(base), house), 10, Suit.HEARTS)


def all_follows(ctx, hand, lead):
    h, ld = counts_of(C(hand)), make_lead(ctx, C(lead))
    got = {tuple(sorted(f)) for f in legal_follows(ctx, h, ld)}
    built = {tuple(sorted(f)) for f in build_legal_follows(ctx, h, ld)[0]}
    assert got == built
    for f in got:
        check_follow(ctx, h, ld, f)
    check_follow(ctx, h, ld, generate_follow(ctx, h, ld))
    return got


# ---- the registry ----------------------------------------------------------------------------


def test_defaults_are_todays_engine_and_every_value_round_trips():
    classic = preset("classic")
    for s in REGISTRY.in_group("follows"):
        assert s.read(classic) == s.default, s.name
        assert s.source and s.description
    four = preset("four-decks")
    for s in REGISTRY.in_group("follows"):
        for v in s.choices or (str(s.bounds[0]),):
            rs = apply(four, {s.name: v})
            assert s.read(RuleSet.from_json(rs.to_json())) == v
    # Old JSON (no house-rule fields) still loads with the defaults, and the default
    # rule set writes the same JSON as before (no new keys).
    assert "follow_protection" not in classic.to_dict()
    assert RuleSet.from_json(classic.to_json()) == classic
    changed = apply(classic, {"throws": "forbidden", "follow_protection": "both"})
    assert [(s.name, a, b) for s, a, b in diff(changed, classic)] == [
        ("follow_protection", "none", "both"),
        ("throws", "allowed", "forbidden"),
    ]


def test_bad_values_are_refused_by_name():
    with pytest.raises(RuleSetError, match=r"bombs.*4 or more decks"):
        apply(preset("classic"), {"bombs": "any-suit"})
    with pytest.raises(RuleSetError, match="throw_beating"):
        apply(preset("classic"), {"throw_beating": "sometimes"})
    with pytest.raises(RuleSetError, match="tractor_min_width"):
        apply(preset("classic"), {"tractor_min_width": "3"})  # two decks: no triples
    with pytest.raises(RuleSetError):
        replace(preset("classic"), follow_protection="x").validate()


# ---- follow_protection (house-rules.md 1d trick_draw_policy; docs/rules.md §4 for none) ----------


def test_none_a_triple_supplies_a_pair():
    # docs/rules.md §4: a lead pair must be followed by a pair if you hold any pair.
    ctx = ctx_of("three-decks")
    assert follow_error(ctx, "♠999 ♠3", "♠KK", "♠9 ♠3").code == "must_match_shape"
    assert follow_error(ctx, "♠999 ♠3", "♠KK", "♠99") is None


def test_longer_tuples_a_triple_is_not_broken_for_a_pair():
    ctx = ctx_of("three-decks", follow_protection="longer-tuples")
    assert follow_error(ctx, "♠999 ♠3", "♠KK", "♠9 ♠3") is None
    # Breaking it anyway is allowed while no real pair is held...
    assert follow_error(ctx, "♠999 ♠3", "♠KK", "♠99") is None
    # ...and so is ♠99 while ♠44 is held: the web table reads a play by its own tuples
    # (``is_legal_play`` judges the play with NoProtections), so two of the triple are
    # a pair (tests/rules/test_house_follows_web.py has the web's own cases).
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠99") is None
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠44") is None
    err = follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠9 ♠3")
    assert err is not None and err.code == "must_match_shape"
    assert all_follows(ctx, "♠999 ♠44 ♠3", "♠KK") == {tuple(sorted(C(p))) for p in ("♠44", "♠99")}
    assert len(all_follows(ctx, "♠999 ♠3", "♠KK")) == 2  # ♠99 and ♠93: nothing forced


def test_longer_tuples_strict_a_real_pair_held_must_be_played():
    # The stricter reading, kept as its own value: two of a triple count as singles.
    ctx = ctx_of("three-decks", follow_protection="longer-tuples-strict")
    assert follow_error(ctx, "♠999 ♠3", "♠KK", "♠9 ♠3") is None
    err = follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠99")
    assert err is not None and err.code == "must_match_shape"
    assert all_follows(ctx, "♠999 ♠44 ♠3", "♠KK") == {tuple(sorted(C("♠44")))}


def test_longer_tuples_a_triple_tractor_is_not_broken_for_a_pair_tractor():
    for value in ("longer-tuples", "longer-tuples-strict"):
        ctx = ctx_of("three-decks", follow_protection=value)
        # ♠999888 is a tractor of triples; the lead is a tractor of pairs.
        assert follow_error(ctx, "♠999888 ♠3 ♠4", "♠KKQQ", "♠9 ♠8 ♠3 ♠4") is None
    none = ctx_of("three-decks")
    assert follow_error(none, "♠999888 ♠3 ♠4", "♠KKQQ", "♠9 ♠8 ♠3 ♠4") is not None


def test_tractor_on_tractor_a_quad_lead_never_asks_for_a_tractor():
    # Four decks: the seed-003 table for a quad lead lists a tractor of two pairs.
    four = ctx_of("four-decks")
    ttt = ctx_of("four-decks", follow_protection="tractor-on-tractor")
    hand, lead = "♠9988 ♠66 ♠3", "♠KKKK"
    strict = all_follows(four, hand, lead)
    loose = all_follows(ttt, hand, lead)
    assert strict == {tuple(sorted(C("♠9988")))}
    assert tuple(sorted(C("♠9966"))) in loose and strict < loose
    # A tractor lead still draws a tractor.
    assert follow_error(ttt, "♠9988 ♠66 ♠3", "♠KKQQ", "♠9966") is not None


def test_both_combines_the_two():
    ctx = ctx_of("four-decks", follow_protection="both")
    assert follow_error(ctx, "♠999 ♠3 ♠4 ♠5", "♠KK", "♠3 ♠4") is None
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠9 ♠3") is not None
    assert follow_error(ctx, "♠999 ♠44 ♠3", "♠KK", "♠99") is None  # the web's reading
    assert tuple(sorted(C("♠9966"))) in all_follows(ctx, "♠9988 ♠66 ♠3", "♠KKKK")


def test_suit_only_pairs_do_not_draw_pairs():
    ctx = ctx_of(follow_protection="suit-only")
    assert follow_error(ctx, "♠99 ♠3 ♠4", "♠KK", "♠3 ♠4") is None
    assert follow_error(ctx, "♠99 ♠88 ♠3", "♠KKQQ", "♠9 ♠8 ♠3 ♠9") is None
    # The suit still has to be followed.
    assert follow_error(ctx, "♠99 ♠3 ♣4", "♠KK", "♠3 ♣4").code == "must_follow_suit"
    assert len(all_follows(ctx, "♠99 ♠3 ♠4", "♠KK")) == 4  # any two ♠ cards


# ---- tractor_min_length / tractor_min_width (house-rules.md 1d tractor_requirements) -----


def test_tractor_min_length_three():
    ctx = ctx_of(tractor_min_length="3")
    assert [u.shape for u in decompose(ctx, C("♠KKQQ"))] == [(2, 1), (2, 1)]
    assert [u.shape for u in decompose(ctx, C("♠KKQQJJ"))] == [(2, 3)]
    # ♠KKQQ is a throw of two pairs now: beatable by ♠AA.
    res = check_lead(ctx, counts_of(C("♠KKQQ")), C("♠KKQQ"), [counts_of(C("♠AA"))])
    assert res.kind == "failed_throw"
    # Following ♠KKQQJJ: ♠9988 is no tractor, so three pairs is the best group.
    assert follow_error(ctx, "♠9988 ♠55 ♠3", "♠KKQQJJ", "♠9988 ♠5 ♠3") is not None
    assert follow_error(ctx, "♠9988 ♠55 ♠3", "♠KKQQJJ", "♠9988 ♠55") is None
    classic = ctx_of()
    assert [u.shape for u in decompose(classic, C("♠KKQQ"))] == [(2, 2)]


def test_tractor_min_width_three():
    ctx = ctx_of("three-decks", tractor_min_width="3")
    assert [u.shape for u in decompose(ctx, C("♠KKQQ"))] == [(2, 1), (2, 1)]
    assert [u.shape for u in decompose(ctx, C("♠KKKQQQ"))] == [(3, 2)]
    # A triple-tractor lead: a pair tractor is no tractor; two triples come first.
    assert follow_error(ctx, "♠999 ♠777 ♠3", "♠KKKQQQ", "♠999777") is None


# ---- throw_beating (house-rules.md 1d throw_evaluation_policy; docs/rules.md §4 Trumping) --------

# Lead ♠A ♠KK (a throw); two players void in ♠ trump in with ♥.


def test_longest_first_is_todays_rule():
    # docs/rules.md §4: "trump 9 77 beats 5 44 and trump 4 88 over-trumps it".
    ctx = ctx_of()
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥4 ♥88") == 2
    assert winner(ctx, "♠A ♠KK", "♥Q ♥77", "♥4 ♥88") == 2


def test_all_every_unit_must_be_higher():
    ctx = ctx_of(throw_beating="all")
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥4 ♥88") == 1  # 4 < 9: not every unit higher
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥J ♥88") == 2
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥3 ♥4 ♥5") == 1  # no pair: a discard


def test_highest_only_the_highest_card():
    ctx = ctx_of(throw_beating="highest")
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥4 ♥88") == 1  # 9 > 8
    assert winner(ctx, "♠A ♠KK", "♥9 ♥77", "♥4 ♥JJ") == 2


# ---- throws (issue 20: some families forbid 甩牌) and penalty_mode (docs/rules.md §4) ----


def test_throws_forbidden():
    ctx = ctx_of(throws="forbidden")
    with pytest.raises(RuleError) as exc:
        check_lead(ctx, counts_of(C("♠A ♠KK")), C("♠A ♠KK"), [counts_of(C("♣3"))])
    assert exc.value.code == "throws_forbidden"
    # Units still lead, tractors included.
    assert check_lead(ctx, counts_of(C("♠KKQQ")), C("♠KKQQ"), []).kind == "unit"


def test_penalty_per_card_taken_back():
    # docs/rules.md §4: ♠9 88 44 with ♠J out: the player must play ♠9; four cards go back.
    hand, others = C("♠9 ♠88 ♠44"), [counts_of(C("♠J"))]
    per_attempt = check_lead(ctx_of(), counts_of(hand), hand, others)
    assert per_attempt.kind == "failed_throw" and per_attempt.penalty == 10
    per_card = check_lead(ctx_of(penalty_mode="per-card"), counts_of(hand), hand, others)
    assert per_card.penalty == 40 and per_card.lead.cards == tuple(C("♠9"))
    ctx = ctx_of(penalty_mode="per-card", throw_penalty="5")
    assert check_lead(ctx, counts_of(hand), hand, others).penalty == 20


# ---- bombs (house-rules.md 1d bomb_policy) ----------------------------------------------------


def test_bombs_any_suit_beat_any_play_of_the_size():
    ctx = ctx_of("four-decks", bombs="any-suit")
    # A ♣ bomb on a ♠ tractor lead, from a player who holds ♠ cards.
    assert follow_error(ctx, "♠3 ♠4 ♠5 ♠6 ♣7777", "♠KKQQ", "♣7777") is None
    assert winner(ctx, "♠KKQQ", "♠3 ♠4 ♠5 ♠6", "♣7777", "♥AAKK") == 2
    # Bigger rank, then trump: ♠8888 over ♣7777; ♥7777 (trump) over ♣7777.
    assert winner(ctx, "♠KKQQ", "♣7777", "♦8888") == 2
    assert winner(ctx, "♠KKQQ", "♣7777", "♥7777") == 2
    assert winner(ctx, "♠KKQQ", "♥7777", "♣7777") == 1
    assert tuple(C("♣7777")) in all_follows(ctx, "♠3 ♠4 ♠5 ♠6 ♣7777", "♠KKQQ")
    # In trump a bomb ranks as its cards do: level 10s above aces, jokers above both.
    assert winner(ctx, "♥AAAA", "♥10 ♥10 ♥10 ♥10") == 1
    assert winner(ctx, "♠10 ♠10 ♠10 ♠10", "♥10 ♥10 ♥10 ♥10", "♥AAAA") == 1
    assert winner(ctx, "♥10 ♥10 ♥10 ♥10", "小王小王小王小王") == 1


def test_bombs_following_suit():
    ctx = ctx_of("four-decks", bombs="following-suit")
    assert follow_error(ctx, "♠3 ♠4 ♠5 ♠6 ♣7777", "♠KKQQ", "♣7777") is not None
    assert follow_error(ctx, "♠3 ♠4 ♠5 ♠6 ♥7777", "♠KKQQ", "♥7777") is None  # trump
    assert follow_error(ctx, "♠3 ♠4 ♠5 ♠6 ♠7777", "♠KKQQ", "♠7777") is None  # led suit
    assert follow_error(ctx, "♦3 ♣7777", "♠KKQQ", "♣7777") is None  # void: any bomb
    assert all_follows(ctx, "♠3 ♠4 ♠5 ♠6 ♣7777", "♠KKQQ") == {tuple(sorted(C("♠3 ♠4 ♠5 ♠6")))}


def test_bombs_off_a_quad_is_an_ordinary_unit():
    ctx = ctx_of("four-decks")
    assert follow_error(ctx, "♠3 ♠4 ♠5 ♠6 ♣7777", "♠KKQQ", "♣7777") is not None
    assert winner(ctx, "♠KKQQ", "♠3 ♠4 ♠5 ♠6", "♥7777") == 0  # no tractor: a discard


def test_preview_says_throws_are_off():
    from rules.actions import DealCards, Pass
    from rules.game import Match
    from rules.preview import preview_play

    m = Match(apply(preset("classic"), {"throws": "forbidden"}), "preview")
    while m.phase != "playing":
        if m.phase == "dealing":
            m.apply(DealCards(200))
        elif m.phase == "declaring":
            for s in range(4):
                if m.phase == "declaring" and s not in m.hand.passes:
                    m.apply(Pass(s))
        else:
            a = m.suggest(m.dealer)
            assert a is not None
            m.apply(a)
    seat = m.turn
    view = m.view_for(seat)
    ctx = m.context
    by_suit = {}
    for c in view.hand:
        by_suit.setdefault(ctx.suit_of[c], []).append(c)
    cards = next(cs for cs in by_suit.values() if len(decompose(ctx, cs)) > 1)
    assert preview_play(view, cards).code == "throws_forbidden"
