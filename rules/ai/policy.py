"""The basic player's play (``play_policy``): a lead or a follow from public knowledge
and the acting seat's own cards. Its own module so the compiled build
(``bot/compiled/build.py``) compiles it with the leading and following it calls: the
strong player's play-outs and the inference's walk call it for every play they judge,
and ``rules/ai/basic.py`` (the player class, left as source) re-exports it."""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.common import lead_unit
from rules.ai.following import choose_follow
from rules.ai.leading import choose_lead
from rules.ai.state import Public


def play_policy(
    pub: Public, seat: int, hand: Sequence[int], kitty: Sequence[int] | None = None
) -> list[int]:
    """The basic player's play (lead or follow) from public knowledge and its own cards.

    ``kitty`` is the buried kitty when ``seat`` is the dealer who buried it (else None).
    """
    if not pub.trick:
        return lead_unit(pub.ctx, choose_lead(pub, seat, hand, kitty))
    return choose_follow(pub, seat, hand, kitty)
