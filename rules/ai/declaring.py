"""The basic player's declarations: a long, strong trump suit measured against an
average hand; weak no-trump avoided; never overriding the partner."""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Action, Declare, Pass
from rules.ai.state import same_team
from rules.cards import NUM_CARDS, Suit
from rules.declare import Declaration, possible_declarations, read_declaration
from rules.ruleset import RuleSet
from rules.trump import TRUMP, TrumpContext
from rules.views import View


def trump_quality(rules: RuleSet, level: int, suit: Suit | None, hand: Sequence[int]) -> float:
    """How much better than an average hand of this size ours is with this trump: the
    share of our cards that would be trump (pairs and top trumps count extra), minus
    the share of the deck that is trump."""
    ctx = TrumpContext.of(rules, level, suit)
    n = sum(hand)
    if n == 0:
        return -1.0
    cards = ctx.suit_cards[TRUMP]
    counts = ctx.suit_counts[TRUMP](hand)
    length = sum(counts)
    pairs = 0
    high = 0
    top = ctx.npos[TRUMP]
    pos = ctx.pos
    seen_ident: dict[int, int] = {}
    ident = ctx.ident
    for c, k in zip(cards, counts, strict=True):
        if k:
            seen_ident[ident[c]] = seen_ident.get(ident[c], 0) + k
            if pos[c] >= top - 4:
                high += k
    pairs = sum(k // 2 for k in seen_ident.values())
    share_deck = len(cards) / NUM_CARDS
    score = (length + 0.5 * pairs + 0.3 * high) / n - share_deck
    if suit is None:
        suit_of, npos = ctx.suit_of, ctx.npos
        aces = sum(
            hand[c] for c in range(52) if suit_of[c] != TRUMP and pos[c] == npos[suit_of[c]] - 1
        )
        score += 0.02 * aces - 0.06  # no-trump needs strength in the plain suits too
    return score


# Taking an opponent's declaration over (and, 炒地皮, its kitty): our best suit must
# be about as good as an average hand's trump.
OVERRIDE_BAR = -0.01
# A steal must also improve on the current trump for us by this much: a suit no better
# than the current one would only hand us a re-bury and show the table our suit.
STEAL_GAIN = 0.10
# Trading our own trump for another of our suits: as much better as a self-override.
SELF_SWITCH = 0.12


def _declaration_of(view: View) -> Declaration | None:
    if not view.declarations:
        return None
    d = view.declarations[-1]
    return read_declaration(view.rules, view.level_rank, d.seat, d.cards)


def choose_declaration(view: View, seat: int, hand: Sequence[int]) -> Declaration | None:
    """The declaration (or reinforcement/override) the basic player makes now, if any."""
    rules = view.rules
    level = view.level_rank
    current = _declaration_of(view)
    options = possible_declarations(rules, level, seat, hand, current)
    if not options:
        return None
    n = sum(hand)
    if n == 0:
        return None
    window = view.phase == "declaring"
    dealt = 1.0 if window else view.dealt / max(view.deal_total, 1)
    if not window and dealt < 0.3:
        return None  # too few cards to judge a suit yet
    quality = {d.suit: trump_quality(rules, level, d.suit, hand) for d in options}
    best = max(options, key=lambda d: (quality[d.suit], d.suit is not None, -d.strength))
    q = quality[best.suit]
    dealer = view.dealer
    our_deal = dealer is not None and _allied(view, dealer, seat)
    if best.suit is None and our_deal:
        q -= 0.05  # the dealer's side wants a trump suit (trump pairs favour it)
    if current is None:
        if not window:
            # Early declarations need a clearly long suit; later ones a good one.
            return best if q >= 0.13 - 0.08 * dealt else None
        if dealer is None:
            return best if q >= -0.02 else None  # hand 1: declaring makes us the dealer
        if our_deal:
            return best if best.suit is not None and q >= -0.08 else None
        return None  # attackers are glad of the no-trump fallback
    if current.seat == seat:
        same = [d for d in options if d.suit == current.suit]
        if same and (window or dealt > 0.85):
            return min(same, key=lambda d: d.strength)  # reinforce: protect our suit
        q_cur = trump_quality(rules, level, current.suit, hand)
        if best.suit != current.suit and q - q_cur >= SELF_SWITCH:
            return best
        return None
    if _allied(view, current.seat, seat):
        return None  # never override the partner
    # An opponent's declaration: take it over when ours is about as good.
    return best if q >= OVERRIDE_BAR else None


def _allied(view: View, a: int, b: int) -> bool:
    """Partners while declaring: fixed partners, or (找朋友) only oneself."""
    return a == b if view.friends_mode else same_team(a, b)


# ---- 炒地皮 (house rule ``kitty_theft``) ---------------------------------------------


def steal_options(view: View, seat: int, hand: Sequence[int]) -> list[Declaration]:
    """The over-declarations ``seat`` could steal the kitty with now ("stealing")."""
    if view.phase != "stealing" or view.steal_turn != seat:
        return []
    current = _declaration_of(view)
    return possible_declarations(view.rules, view.level_rank, seat, hand, current)


def steal_or_pass(view: View, seat: int, hand: Sequence[int]) -> Action:
    """Steal with the judgement the player declares with, else pass.

    * Over an opponent's trump: with a suit about as good as one it would take an
      opponent's declaration over (``OVERRIDE_BAR``) that is also clearly better for us
      than the trump it replaces (``STEAL_GAIN``).
    * Over our own side's trump: the partner's suit is never changed (as when
      declaring); our own only for a much better one (``SELF_SWITCH``, as a
      self-override). When the kitty is the other side's (they buried it last), a
      reinforcement of our trump takes it from them at no cost to the suit: we see
      what they buried and bury our own worst cards instead.
    """
    options = steal_options(view, seat, hand)
    if not options:
        return Pass(seat)
    rules, level = view.rules, view.level_rank
    quality = {d.suit: trump_quality(rules, level, d.suit, hand) for d in options}
    best = max(options, key=lambda d: (quality[d.suit], d.suit is not None, -d.strength))
    q = quality[best.suit]
    now = trump_quality(rules, level, view.trump_suit, hand)
    current = _declaration_of(view)
    if current is not None and _allied(view, current.seat, seat):
        if current.seat == seat and best.suit != current.suit and q - now >= SELF_SWITCH:
            return Declare(seat, best.cards)
        burier = view.burier
        if burier is not None and not _allied(view, burier, seat):
            same = [d for d in options if d.suit == view.trump_suit]
            if same:
                return Declare(seat, min(same, key=lambda d: d.strength).cards)
        return Pass(seat)
    if q >= OVERRIDE_BAR and q - now >= STEAL_GAIN:
        return Declare(seat, best.cards)
    return Pass(seat)
