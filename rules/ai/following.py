"""The basic player's follows: feed points to a partner who is winning for sure; beat
the opponents when the trick is worth it (never ruff a point-less trick); otherwise
play cheap; near the end the dealer's side fights for the tricks that protect the kitty."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Final

from rules.ai.bombs import bomb_worth, winning_bombs
from rules.ai.common import Unseen, beatable, cheapest, highest_unseen, richest
from rules.ai.follow_options import follow_options
from rules.ai.state import Public
from rules.cards import NUM_CARDS, POINTS
from rules.trump import TRUMP, TrumpContext
from rules.units import Unit


def _winning_unit(pub: Public) -> Unit:
    """The most significant unit of the trick's best play so far (shape, suit, top)."""
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    w, length = lead.units[0].shape
    suit = TRUMP if key[0] == 1 else lead.suit
    # Built once per shape, suit and top and context: a frozen dataclass's __init__
    # costs more than the lookup (every follow of a partner's winning trick asks).
    memo: dict[int, Unit] | None = pub.ctx.memo.get("ai_winning_units")
    if memo is None:
        memo = pub.ctx.memo["ai_winning_units"] = {}
    ident = ((w * 64 + length) * 8 + suit) * 256 + key[1]
    got = memo.get(ident)
    if got is None:
        got = memo[ident] = Unit(w, length, suit, key[1], ())
    return got


def _partner_safe(pub: Public, unseen: Unseen, opps_after: Sequence[int]) -> bool:
    """Is the partner's winning play safe from the opponents still to play?"""
    if not opps_after:
        return True
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None and pub.best is not None
    _, key = pub.best
    s = lead.suit
    n = len(lead.cards)
    ruffed = key[0] == 1
    beat: bool | None = None  # beatable(the winning unit): the same for every opponent

    def beaten() -> bool:
        nonlocal beat
        if beat is None:
            beat = beatable(ctx, unseen.counts, _winning_unit(pub))
        return beat

    for o in opps_after:
        void_s = pub.voids[o] >> s & 1
        if void_s:
            if (
                s != TRUMP
                and not pub.voids[o] >> TRUMP & 1
                and unseen.trumps >= n
                and (not ruffed or beaten())
            ):
                return False
            continue
        # Fewer unseen cards of the suit than the lead: the opponent may be void in it
        # without having shown it, and ruff (or over-ruff).
        short = s != TRUMP and unseen.in_suit(s) < n and unseen.trumps >= n
        if ruffed:
            if short and beaten():
                return False
            continue  # else the opponent must follow the led suit
        if len(lead.units) > 1:
            if short:
                return False
            continue  # a throw cannot be beaten in its suit
        if beaten():
            return False
        if s != TRUMP and unseen.trumps and unseen.in_suit(s) < n:
            return False  # the opponent may be void without having shown it
    return True


def choose_follow(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    lead = pub.lead
    assert lead is not None and pub.best is not None
    if len(lead.cards) == 1:
        return [_follow_single(pub, seat, hand, kitty)]
    return _follow_multi(pub, seat, hand, kitty)


def _endgame(pub: Public, seat: int, n: int) -> bool:
    """The dealer's side near the end: win tricks to keep the last one (and the kitty)."""
    return not pub.is_attacker(seat) and pub.sizes[seat] <= 3 * n


# (seats, leader, plays so far, seat) -> the opponents still to play, fixed partners
_FIXED_AFTER: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def _opps_after(pub: Public, seat: int) -> Sequence[int]:
    n = pub.n
    if pub.sides is None:  # fixed partners: ``allies`` is the seat parity
        key = (n, pub.leader, len(pub.trick), seat)
        got = _FIXED_AFTER.get(key)  # a few hundred keys at most: asked every follow
        if got is None:
            got = _FIXED_AFTER[key] = tuple(
                o for o in ((pub.leader + k) % n for k in range(key[2] + 1, n)) if (seat - o) % 2
            )
        return got
    after = [(pub.leader + k) % n for k in range(len(pub.trick) + 1, n)]  # pub.to_play()
    sides = pub.sides  # ``allies`` inlined: a seat of unknown side (0) is nobody's ally
    mine = sides[seat]
    return [o for o in after if o != seat and (mine == 0 or sides[o] != mine)]


def _follow_single(pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None) -> int:
    ctx = pub.ctx
    pos = ctx.pos
    lead = pub.lead
    assert lead is not None and pub.best is not None
    s = lead.suit
    idx, key = pub.best
    partner_winning = pub.allies(pub.trick[idx][0], seat)
    opps_after = _opps_after(pub, seat)
    table = pub.table_points
    unseen = Unseen(pub, seat, hand, kitty)
    if _NATIVE:  # the compiled build: list reads in a C loop beat ``compress``
        held: list[int] = hand if isinstance(hand, list) else list(hand)
        mine = [c for c in ctx.suit_cards[s] if held[c]]
    else:
        mine = list(compress(ctx.suit_cards[s], ctx.suit_counts[s](hand)))  # held, in order
    if mine:
        if partner_winning:
            if _partner_safe(pub, unseen, opps_after):
                return richest(ctx, mine)
            if table >= 10 and key[0] == 0:
                # secure the points with a sure winner of our own
                for c in reversed(mine):
                    if pos[c] <= key[1]:
                        break
                    if not _single_beatable(pub, c, unseen, opps_after):
                        return c
            return cheapest(ctx, mine)
        beaters = [c for c in mine if pos[c] > key[1]] if key[0] == 0 else []
        low = cheapest(ctx, mine)
        if not beaters:
            return low
        endgame = _endgame(pub, seat, 1)
        if not opps_after:
            if table > 0 or POINTS[low] > 0 or endgame:
                return beaters[0]
            return low
        sure = _sure_beaters(pub, beaters, unseen, opps_after)
        if sure and (table > 0 or POINTS[low] > 0 or endgame or any(POINTS[c] for c in sure)):
            return sure[0]
        if table >= 10:
            return beaters[-1]
        return low
    # Void in the led suit.
    if _NATIVE:
        others = [c for c in range(NUM_CARDS) if held[c]]
    else:
        others = list(compress(range(NUM_CARDS), hand))
    if partner_winning:
        if _partner_safe(pub, unseen, opps_after):
            return richest(ctx, others)
        if table >= 10 and s != TRUMP:
            # secure the points with a trump nobody can beat rather than let them go
            need = key[1] if key[0] == 1 else -1
            for c in ctx.suit_cards[TRUMP]:
                if hand[c] and pos[c] > need and not beatable(ctx, unseen.counts, _single(ctx, c)):
                    return c
        return cheapest(ctx, others)
    if s != TRUMP and (table >= 5 or _endgame(pub, seat, 1)):
        need = key[1] if key[0] == 1 else -1
        cand = [c for c in ctx.suit_cards[TRUMP] if hand[c] and pos[c] > need]
        if cand:
            if table >= 10 and any(pub.voids[o] >> s & 1 for o in opps_after):
                for c in cand:  # an opponent after us may over-trump: trump high
                    if not beatable(ctx, unseen.counts, _single(ctx, c)):
                        return c
            return cand[0]
    return cheapest(ctx, others)


def _single(ctx: TrumpContext, c: int) -> Unit:
    """Card ``c`` as a single unit for ``beatable`` (built once per context)."""
    got: tuple[Unit, ...] | None = ctx.memo.get("ai_singles")
    if got is None:
        got = ctx.memo["ai_singles"] = tuple(
            Unit(1, 1, ctx.suit_of[d], ctx.pos[d], ()) for d in range(NUM_CARDS)
        )
    return got[c]


def _single_beatable(pub: Public, c: int, unseen: Unseen, opps_after: Sequence[int]) -> bool:
    """Could an opponent still to play beat our card ``c`` (of the led suit)?"""
    ctx = pub.ctx
    lead = pub.lead
    assert lead is not None
    s = lead.suit
    beat: bool | None = None  # beatable(c): the same for every opponent
    for o in opps_after:
        if pub.voids[o] >> s & 1:
            if s != TRUMP and unseen.trumps and not pub.voids[o] >> TRUMP & 1:
                return True
            continue
        if beat is None:
            beat = beatable(ctx, unseen.counts, _single(ctx, c))
        if beat:
            return True
        if s != TRUMP and unseen.trumps and unseen.in_suit(s) == 0:
            return True
    return False


def _sure_beaters(
    pub: Public, beaters: list[int], unseen: Unseen, opps_after: Sequence[int]
) -> list[int]:
    """``[c for c in beaters if not _single_beatable(pub, c, unseen, opps_after)]``
    (``beaters``: cards of the led suit, weakest first), with the unseen cards read once.
    Only "could an unseen card beat c" depends on ``c``, and that holds exactly for the
    cards below the highest unseen card of the suit."""
    ctx = pub.ctx
    if ctx.rules.two_colour:
        return [c for c in beaters if not _single_beatable(pub, c, unseen, opps_after)]
    lead = pub.lead
    assert lead is not None
    s = lead.suit
    voids = pub.voids
    follows = False  # some opponent after us holds the suit (or may)
    for o in opps_after:
        if voids[o] >> s & 1:
            if s != TRUMP and not voids[o] >> TRUMP & 1 and unseen.trumps:
                return []  # it may ruff any of them
        else:
            follows = True
    if not follows:
        return list(beaters)
    if s != TRUMP and unseen.trumps and unseen.in_suit(s) == 0:
        return []
    hi, pos = highest_unseen(ctx, unseen.counts, s), ctx.pos
    return [c for c in beaters if pos[c] >= hi]


def _safe_after(
    pub: Public, seat: int, cards: Sequence[int], unseen: Unseen, opps_after: Sequence[int]
) -> bool:
    """Would our play ``cards`` win the trick and stay safe from the opponents after us?
    (``unseen`` is the same for the trick with our play in it.)"""
    after = pub.copy()
    after.record(seat, cards)
    return after.winner() == seat and _partner_safe(after, unseen, opps_after)


def _follow_multi(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None
) -> list[int]:
    lead = pub.lead
    assert lead is not None and pub.best is not None
    n = len(lead.cards)
    idx, _ = pub.best
    opts = follow_options(pub, hand)
    opps_after = _opps_after(pub, seat)
    # House rule bombs: only for leads of four or more cards (a bomb matches the lead's
    # size); looked for only when the trick is worth one (see rules.ai.bombs).
    can_bomb = n >= 4 and pub.rules.bombs != "off"
    if pub.allies(pub.trick[idx][0], seat):  # the partner is winning
        unseen = Unseen(pub, seat, hand, kitty)
        if _partner_safe(pub, unseen, opps_after):
            return opts.rich()
        if pub.table_points >= 10:
            # secure the points with a winning play of our own that nobody can beat
            win = opts.win()
            if win is not None and _safe_after(pub, seat, win, unseen, opps_after):
                return win
            if can_bomb and (bombs := winning_bombs(pub, seat, hand)):
                return bombs[0]  # the opponents after us could take the points
        return opts.cheap()
    win = opts.win()
    if win is None:
        if can_bomb and bomb_worth(pub, not opps_after, _endgame(pub, seat, n)):
            bombs = winning_bombs(pub, seat, hand)
            if bombs:
                return bombs[0]  # the weakest bomb that takes the trick
        return opts.cheap()
    table = pub.table_points
    worth = table + sum(POINTS[c] for c in win) >= 10 or _endgame(pub, seat, n)
    if not worth and not opps_after and table > 0:
        worth = True
    return win if worth else opts.cheap()


# True in the compiled build (bot/compiled/build.py), where this module is a C extension
# and plain loops beat the builtins that are fastest in the interpreter.
_NATIVE: Final = not __file__.endswith(".py")
