"""REST calls per hand when Discord is slow and unreliable (``python -m bench.discord
--faults``).

The real bot (discord.py over HTTP and a websocket, ticker on, real clock) against
the loopback Discord stand-in of the tests (``tests/support/fake_discord.py``):
0–400 ms on every answer, 10 % 429 (``retry_after`` 0.05–1 s), 5 % 500/502/503 not
applied, the gateway cut every 12–30 s. Four people play two-deck hands with slash
commands, pressing again when an answer does not come within 3 s. Each run is
compared with the same table under latency alone (no refusal, no error, no cut).

Printed per hand: the requests the bot made (every try, retries included), split
into global-rate-limited calls (channel messages and DMs) and interaction answers,
how many Discord refused with 429 or 5xx, and the seconds the hand took.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.fake_discord import FakeDiscord, Faults
from tests.support.fault_world import Table, fault_world


@dataclass
class FaultHand:
    run: str
    hand: int
    kinds: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.kinds[k] for k in ("global", "answer"))


def _tally(fake: FakeDiscord, start: int, row: FaultHand) -> int:
    for q in fake.requests[start:]:
        kind = "answer" if q.path.startswith(("/interactions/", "/webhooks/")) else "global"
        row.kinds[kind] += 1
        if q.status == 429:
            row.kinds["429"] += 1
        elif q.status >= 500:
            row.kinds["5xx"] += 1
    return len(fake.requests)


async def _run(name: str, faults: Faults, hands: int, workdir: Path) -> list[FaultHand]:
    rows: list[FaultHand] = []
    path = workdir / name.replace(" ", "-")
    path.mkdir()
    async with fault_world(path, faults) as w:
        t = Table(w)
        await t.open()
        cursor = len(w.discord.requests)
        for hand in range(1, hands + 1):
            row = FaultHand(name, hand)
            started = time.monotonic()
            await t.play_hands(hand)
            row.seconds = time.monotonic() - started
            cursor = _tally(w.discord, cursor, row)
            rows.append(row)
    return rows


def run(hands: int, seed: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        rows: list[FaultHand] = []
        for name, faults in (
            ("latency alone", Faults.polite(seed=seed)),
            ("fault mix", Faults(seed=seed)),
        ):
            rows += asyncio.run(_run(name, faults, hands, Path(tmp)))
    print("REST requests of the bot per two-deck hand, four people by slash commands.")
    print(
        f"{'run':>15}  {'hand':>4}  {'global':>6}  {'answers':>7}  {'429':>4}  "
        f"{'5xx':>4}  {'all':>4}  {'seconds':>7}"
    )
    for r in rows:
        print(
            f"{r.run:>15}  {r.hand:>4}  {r.kinds['global']:>6}  {r.kinds['answer']:>7}  "
            f"{r.kinds['429']:>4}  {r.kinds['5xx']:>4}  {r.total:>4}  {r.seconds:>7.1f}"
        )
    print(
        "\nglobal = channel messages, DMs and DM channels (Discord's global rate limit);"
        "\nanswers = interaction callbacks and followups; 429 and 5xx are counted in both"
        " (a refused try is a request too)."
    )
    return 0
