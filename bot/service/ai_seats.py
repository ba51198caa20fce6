"""AI seats: the one AI choice of the service (``ai_move``) and who plays at which
level. AI seats, 托管 (the console's and ``/auto``) and a timed-out person's turn all
come here (through ``Changes.fire`` and ``bot.service.auto``), so one level means
the same play everywhere; an AI's randomness comes from the game state alone."""

from __future__ import annotations

import asyncio
import logging
import random
import traceback
from collections import Counter

from bot.service.state import LiveTable
from rules.actions import Action
from rules.ai import Player, make_player
from rules.game import Match
from storage import TableInfo

THREADED_LEVELS = frozenset({"strong"})  # AI levels that search for a while per move
DEFAULT_LEVEL = "basic"  # a table with no AI player: 托管 and timeouts play at this level

log = logging.getLogger(__name__)


def table_ai_level(table: TableInfo) -> str:
    """The level of the table's AI players (the most seated one; ``basic`` when
    there is none): it also plays for a person on 托管 or timed out."""
    levels = [s.ai_level for s in table.seats if s.user_id is None and s.ai_level is not None]
    return Counter(levels).most_common(1)[0][0] if levels else DEFAULT_LEVEL


def level_for(table: TableInfo, seat: int) -> str:
    """An AI player's own level; for a person's seat, the table's AI level."""
    info = table.seats[seat]
    if info.user_id is None and info.ai_level is not None:
        return info.ai_level
    return table_ai_level(table)


async def ai_move(live: LiveTable, seat: int) -> Action | None:
    """The one AI choice of the service: what the table's AI does in ``seat`` now
    (None: nothing, e.g. no declaration during the deal). AI seats, 托管 (the
    console's and ``/auto``) and a timed-out person's turn all come here, so one
    level means the same play everywhere."""
    m = live.match
    assert m is not None
    player = ai_player(live, seat, level_for(live.table, seat))
    view, rng = m.view_for(seat), rng_for(m, seat)
    try:
        if player.level in THREADED_LEVELS:
            # A search player thinks for up to its budget: off the event loop, so the
            # bot keeps answering everyone else (the view is an immutable snapshot).
            return await asyncio.to_thread(player.choose, view, rng)
        return player.choose(view, rng)
    except Exception as exc:
        if player.level == DEFAULT_LEVEL:
            raise
        # A fault of a stronger level must never stall the table nor throw the
        # match: the default level plays this move, the seat's player starts afresh.
        # Logged by type and place only: an error's words may name cards in a hand.
        where = traceback.extract_tb(exc.__traceback__)[-1]
        log.warning(
            "table %s seat %s: the %s AI failed (%s at %s:%s); %s plays this move",
            live.table.id,
            seat,
            player.level,
            type(exc).__name__,
            where.filename.rsplit("/", 1)[-1],
            where.lineno,
            DEFAULT_LEVEL,
        )
        live.ai_players.pop(seat, None)
        return make_player(DEFAULT_LEVEL).choose(view, rng_for(m, seat))


def ai_player(live: LiveTable, seat: int, level: str) -> Player:
    """The seat's AI player, the same one from move to move while its level stands
    (the strong player carries what it read of the hand from one play to the next)."""
    kept = live.ai_players.get(seat)
    if kept is None or kept[0] != level:
        kept = (level, make_player(level))
        live.ai_players[seat] = kept
    return kept[1]


def actors(m: Match) -> list[int]:
    """The seats that may act now."""
    if m.phase == "declaring":
        return [s for s in range(m.players) if s not in m.hand.passes]
    if m.phase == "stealing" and m.steal_turn is not None:
        return [m.steal_turn]  # 炒地皮: one seat at a time may steal or pass
    if m.phase == "burying" and m.burier is not None:
        return [m.burier]  # the dealer, or a seat that stole the kitty
    if m.phase == "calling" and m.dealer is not None:
        return [m.dealer]
    if m.phase == "playing" and m.turn is not None:
        return [m.turn]
    return []


def rng_for(m: Match, seat: int) -> random.Random:
    """An AI's randomness, derived from the game state alone, so a restarted bot
    makes exactly the moves it would have made."""
    return random.Random(f"{m.seed}/{m.hand_no}/{m.hand.redeals}/{len(m.hand_log)}/{seat}")
