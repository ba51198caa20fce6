"""The suggested kitty (issue 18 item 14): ``埋 ♠7 ♣3 ♣3 ♣4 ♣6 ♣6 ♦3 ♦4`` buried two pairs
and split ♠7♠7 while low singles were left. The one suggestion (rules.burying) behind
the panel, the console, 托管 and the AI keeps pairs and tractors, voids a short suit and
buries no point card while anything else will do."""

from __future__ import annotations

from collections import Counter

from rules.actions import Bury, DealCards, Pass
from rules.ai.burying import choose_bury
from rules.burying import suggest_bury
from rules.cards import POINTS, Suit, counts_of
from rules.game import Match, default_bury
from rules.notation import format_cards, parse_cards
from rules.presets import preset
from rules.trump import TRUMP, TrumpContext

RULES = preset("classic")
# The dealer's 33 cards after taking the kitty, ♥ trump at 2 — the suggestion was
# ♣3 ♣3 ♦3 ♣4 ♦4 ♣6 ♣6 ♠7 (the issue's burial, cheapest-first card by card).
ISSUE_HAND = (
    "♠7 ♠7 ♠9 ♠J ♠Q ♠A ♣3 ♣3 ♣4 ♣6 ♣6 ♣8 ♦3 ♦4 ♦8 ♦J "
    "♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A ♠2 ♣2 ♦2 小王 大王"
)


def ctx_for(trump: Suit = Suit.HEARTS) -> TrumpContext:
    return TrumpContext.of(RULES, RULES.levels[0], trump)


def kept_pairs(hand: list[int], buried: list[int]) -> set[int]:
    left = Counter(hand) - Counter(buried)
    return {c for c, k in Counter(hand).items() if k >= 2 and left[c] >= 2}


def test_the_issue_hand_keeps_its_pairs_and_voids_diamonds() -> None:
    ctx = ctx_for()
    hand = parse_cards(ISSUE_HAND)
    buried = default_bury(ctx, counts_of(hand), 8)
    assert len(buried) == 8 and not Counter(buried) - Counter(hand)
    assert kept_pairs(hand, buried) == {c for c, k in Counter(hand).items() if k >= 2}
    assert format_cards(sorted(parse_cards("♠7 ♠7"))) not in format_cards(sorted(buried))
    assert not any(POINTS[c] for c in buried)
    assert not any(ctx.suit_of[c] == TRUMP for c in buried)
    left = Counter(hand) - Counter(buried)
    assert not any(ctx.suit_of[c] == Suit.DIAMONDS for c in left.elements())  # voided


def test_panel_console_tuoguan_and_ai_agree() -> None:
    ctx = ctx_for()
    counts = counts_of(parse_cards(ISSUE_HAND))
    assert sorted(choose_bury(ctx, counts, 8)) == sorted(default_bury(ctx, counts, 8))
    # Match.suggest (the panel's button, the console's 提示 and 托管) buries the same way.
    m = Match(RULES, "bury-suggest", levels=(RULES.levels[0],) * 2, first_dealer=0)
    while m.phase in ("dealing", "declaring"):
        if m.phase == "dealing":
            m.apply(DealCards(4))
        else:
            for s in range(4):
                if m.phase == "declaring" and s not in m.hand.passes:
                    m.apply(Pass(s))
    d = m.dealer
    assert d is not None
    action = m.suggest(d)
    assert isinstance(action, Bury)
    hand = m.hand.hands[d]
    assert sorted(action.cards) == sorted(default_bury(m.context, hand, RULES.kitty_size))


def test_a_tractor_outlasts_a_pair() -> None:
    """Forced to give up pairs, the suggestion gives a lone pair before a tractor."""
    ctx = ctx_for()
    hand = parse_cards(
        "♠3 ♠3 ♠4 ♠4 ♣7 ♣7 ♦9 ♦9 ♠6 ♠6 "
        "♥3 ♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A ♠2 ♣2 ♦2 ♥2 小王 大王 ♥3 ♥4 ♥5 ♥6 ♥7"
    )
    buried = suggest_bury(ctx, counts_of(hand), 4)
    assert sorted(buried) == sorted(parse_cards("♣7 ♣7 ♦9 ♦9")), format_cards(buried)


def test_points_only_when_nothing_else() -> None:
    ctx = ctx_for()
    hand = parse_cards("♠3 ♠5 ♠10 ♠K ♣4 ♥3 ♥4 ♥5 小王 大王")
    assert sorted(suggest_bury(ctx, counts_of(hand), 2)) == sorted(parse_cards("♠3 ♣4"))
    assert not any(POINTS[c] for c in suggest_bury(ctx, counts_of(hand), 2))
