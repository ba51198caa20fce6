"""Driving the click-to-play panel in simcord as a person would: open it, pick cards
in its selects, click its buttons. Used by the panel tests (``tests/discord/test_panel.py`` and
others) and by ``bench.discord --via panel``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simcord import InteractionResult
from simcord.results import ResponseMessage

from rules.cards import Card


class Panel:
    """One member's panel message (ephemeral in the channel, or in their DM)."""

    def __init__(self, env: Any, member: Any, channel_id: int, message_id: int) -> None:
        self.env, self.member = env, member
        self.channel_id, self.message_id = channel_id, message_id

    @classmethod
    def of(cls, env: Any, member: Any, result: InteractionResult) -> Panel:
        msg = result.response
        assert msg is not None, result
        return cls(env, member, msg.channel_id, msg.id)

    @property
    def message(self) -> ResponseMessage:
        stored = self.env.backend.get_message(self.channel_id, self.message_id)
        return ResponseMessage(self.env, stored)

    @property
    def content(self) -> str:
        return self.message.content

    def components(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for row in self.message.components:
            out.extend(row.get("components") or [])
        return out

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.components() if c.get("type") == 3]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.components() if c.get("type") == 2]

    def button_id(self, what: str) -> str:
        """The custom id of the panel button ``what`` (play, clear, s0, mem, …)."""
        for b in self.buttons():
            cid = b["custom_id"]
            if cid.split(":")[-1] == what and cid.startswith("sj:pb:"):
                return str(cid)
        raise AssertionError(f"no {what!r} button in {[b['custom_id'] for b in self.buttons()]}")

    def hand(self) -> list[Card]:
        return [Card(int(o["value"].split(".")[0])) for s in self.selects() for o in s["options"]]

    def selected(self) -> list[Card]:
        return [
            Card(int(o["value"].split(".")[0]))
            for s in self.selects()
            for o in s["options"]
            if o.get("default")
        ]

    async def choose(self, cards: Sequence[Card]) -> list[InteractionResult]:
        """Pick exactly ``cards`` (one select interaction per select menu touched)."""
        want: dict[int, int] = {}
        for c in cards:
            want[int(c)] = want.get(int(c), 0) + 1
        results = []
        for select in self.selects():
            values = []
            for o in select["options"]:
                card = int(o["value"].split(".")[0])
                if want.get(card, 0) > 0:
                    want[card] -= 1
                    values.append(o["value"])
            already = [o["value"] for o in select["options"] if o.get("default")]
            if values or already:
                results.append(
                    await self.member.select(self.message, values, custom_id=select["custom_id"])
                )
        assert not any(want.values()), f"cards not in the panel: {want}"
        return results

    async def click(self, what: str) -> InteractionResult:
        got: InteractionResult = await self.member.click(
            self.message, custom_id=self.button_id(what)
        )
        return got
