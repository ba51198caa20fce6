"""炒地皮 (house rule kitty_theft) in the console: after a bury, your turn to steal
is a prompt (declare CARDS steals, pass / Enter lets the kitty stand); a steal
makes you the burier (the dealer stays) and the bury prompt follows."""

from __future__ import annotations

from bot.console.table import ConsoleTable
from rules.notation import format_cards
from rules.presets import preset
from rules.settings import REGISTRY
from storage import Database
from tests.support.console_helpers import console_table

RULES = REGISTRY.apply(preset("classic"), {"kitty_theft": "on"})
SEED = "console-theft-0"  # the first hand gives seat 0 (you) a steal


async def _to_steal(table: ConsoleTable) -> str | None:
    for _ in range(300):
        asked = await table.pump()
        if asked == "steal":
            return asked
        await table.handle("go" if asked != "declare" else "", asked)
    return None


async def test_console_steal_prompt_declare_and_rebury(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db, "zh-CN", SEED, rules=RULES)
    svc = table.service
    asked = await _to_steal(table)
    assert asked == "steal", buf.getvalue()[-2000:]
    options = table._declaration_options()
    assert options, "the seed gives seat 0 a steal"
    assert "你可以炒地皮" in table.prompt_for(asked) or "你可以炒地皮" in buf.getvalue()
    await table.handle("帮助", asked)
    assert "炒地皮：埋底后轮到你时" in buf.getvalue()
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None
    dealer = match.dealer
    await table.handle("亮 " + format_cards(options[-1].cards, "ascii"), asked)
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None
    assert (match.phase, match.burier, match.dealer) == ("burying", 0, dealer)
    assert await table.pump() == "bury"
    assert "炒地皮——主牌改为" in buf.getvalue()
    await table.handle("go", "bury")  # the suggested bury
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None and match.phase in ("stealing", "playing")
    assert match.burier == 0
    await table.pump()  # the AI seats answer: here all of them let the kitty stand
    match = svc.queries.match_of(table.table_id or 0)
    assert match is not None and match.phase == "playing" and match.burier == 0
    assert "没人炒地皮：开始出牌。" in buf.getvalue()
    await table.handle("底牌", "play")  # the kitty is yours to look at now
    assert "你埋的底：" in buf.getvalue().splitlines()[-1]
