"""托管 at the console (issue 47 item 1): your seat is played by the table's AI
level — the same choice its AI seats make — for every decision of the hand, at a
pace a person can follow, and 托管 ends with the hand."""

from __future__ import annotations

from collections import deque
from typing import Any

from bot.console.table import ConsoleTable
from bot.console.terminal import TIMEOUT
from bot.console.views import YOU, YOUR_SEAT
from bot.service.ai_seats import rng_for
from bot.service.state import LiveTable
from rules.actions import Action, DealCards, Declare
from rules.ai import make_player
from rules.events import Event
from storage import Database
from tests.support.console_helpers import console_table

LEVEL = "simple"  # not the default (basic): the table's level must be the one that plays
SEED = "auto-19"  # a deal on which North's AI declares in hand 1


class ScriptedReader:
    """``lines`` typed one by one; then nothing more is typed (a timed read times
    out) until the console waits for a line with no time limit: end of input."""

    interactive = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = deque(lines)
        self.waits: list[float | None] = []

    async def readline(self, timeout: float | None = None) -> str | None:
        self.waits.append(timeout)
        if self.lines:
            return self.lines.popleft()
        return None if timeout is None else TIMEOUT


def spy_on_moves(table: ConsoleTable) -> tuple[list[tuple[Action, Action | None]], list[str]]:
    """Every move made as you, with what the table's AI level chooses on the state
    it was made in; and each deal step taken while that AI would have declared."""
    svc = table.service
    real = svc.changes.commit
    moves: list[tuple[Action, Action | None]] = []
    skipped: list[str] = []
    acted = [False]  # your seat acted since the last deal step

    async def commit(
        live: LiveTable, action: Action, actor_id: int | None, *a: Any, **kw: Any
    ) -> list[Event]:
        m = live.match
        assert m is not None
        ai = make_player(LEVEL)
        if actor_id == YOU:
            moves.append((action, ai.choose(m.view_for(YOUR_SEAT), rng_for(m, YOUR_SEAT))))
            acted[0] = True
        elif isinstance(action, DealCards) and m.phase == "dealing":
            wanted = ai.choose(m.view_for(YOUR_SEAT), rng_for(m, YOUR_SEAT))
            if isinstance(wanted, Declare) and not acted[0]:
                skipped.append(f"dealt {m.hand.dealt}: {wanted}")
            acted[0] = False
        return await real(live, action, actor_id, *a, **kw)

    svc.changes.commit = commit  # type: ignore[method-assign]
    return moves, skipped


async def test_tuoguan_plays_the_hand_as_the_tables_ai_and_stops_at_its_end(
    sqlite_db: Database,
) -> None:
    table, buf = await console_table(sqlite_db, seed=SEED, level=LEVEL)
    moves, skipped = spy_on_moves(table)
    reader = ScriptedReader(["托管"])
    await table._loop(reader)  # type: ignore[arg-type]

    # Every decision of the hand was the AI's: declaring, burying, playing.
    assert skipped == []
    assert [made for made, _ in moves] == [wanted for _, wanted in moves]
    assert any(isinstance(made, Declare) for made, _ in moves), "North never declared"
    assert sum(made.kind == "play" for made, _ in moves) >= 12  # the whole hand
    # …and not one move past the hand's end.
    m = table.service.queries.match_of(table.table_id or 0)
    assert m is not None and m.hand_no == 1 and m.phase == "scored"
    assert "Auto-play is over: this hand is finished." in buf.getvalue()
    assert not table.autoplay
    # A visible pace: before each move after the first, the console waits (and
    # listens for a line that takes over).
    paced = [w for w in reader.waits if w is not None]
    assert len(paced) >= len(moves) - 1 and all(w >= 0.5 for w in paced), reader.waits
