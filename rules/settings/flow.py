"""The hand's flow: who deals the first hand, withdrawing a bid, take-backs (悔牌)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from rules.ruleset import RuleSet, RuleSetError
from rules.ruleset_parts import BidTakeback, FirstDealer, KittyTheft, PlayTakeback
from rules.settings.core import Setting


def _write_kitty_theft(rs: RuleSet, v: str) -> RuleSet:
    if v == "on" and rs.kitty_size <= 0:
        raise RuleSetError("theft_needs_kitty", "kitty_theft needs a kitty (kitty_size > 0)")
    return replace(rs, kitty_theft=cast(KittyTheft, v))


SETTINGS: tuple[Setting, ...] = (
    Setting(
        name="first_dealer",
        group="declaring",
        default="winning-bid",
        description="Who deals the first hand: the winning bid's seat, or the first bidder",
        read=lambda rs: rs.first_dealer,
        write=lambda rs, v: replace(rs, first_dealer=cast(FirstDealer, v)),
        choices=("winning-bid", "first-bid"),
        source="house-rules.md 1b first_landlord_selection_policy (ByWinningBid / ByFirstBid)",
    ),
    Setting(
        name="bid_takeback",
        group="declaring",
        default="off",
        description="The seat whose bid is winning may withdraw it while bids are open",
        read=lambda rs: rs.bid_takeback,
        write=lambda rs, v: replace(rs, bid_takeback=cast(BidTakeback, v)),
        choices=("off", "on"),
        source="house-rules.md 1b bid_takeback_policy (NoBidTakeback / AllowBidTakeback)",
    ),
    Setting(
        name="kitty_theft",
        group="declaring",
        default="off",
        description=(
            "Kitty theft: after a bury the others in turn may over-declare, pick up the kitty, "
            "bury again and change trump (repeatable)"
        ),
        read=lambda rs: rs.kitty_theft,
        write=_write_kitty_theft,
        choices=("off", "on"),
        source="house-rules.md 1b kitty_theft_policy",
    ),
    Setting(
        name="play_takeback",
        group="deck",
        default="off",
        description="Take-backs: the last player of an unfinished trick may take their cards back",
        read=lambda rs: rs.play_takeback,
        write=lambda rs, v: replace(rs, play_takeback=cast(PlayTakeback, v)),
        choices=("off", "last-player", "penalty"),
        source="house-rules.md 1d play_takeback_policy (NoPlayTakeback / AllowPlayTakeback)",
    ),
)
