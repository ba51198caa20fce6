"""The real bot against the unreliable Discord stand-in (``fake_discord``), with
players who act as people do: they press as soon as it is their turn, wait up to
3 s for an answer, and press again if the application did not respond and their
move does not show on the table.

``fault_world`` starts the stand-in, a guild with a channel and members, and the
bot as in production (``create_bot``: ticker on, real clock, a SQLite file),
connected over the gateway; ``Table`` drives one table's hands with slash
commands. Every ERROR log line is kept in ``World.errors``.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.config import Config
from bot.discord_app.client import create_bot
from bot.service import TableOptions
from rules.actions import Bury, CallFriends, Declare, Play
from rules.friends import format_calls
from rules.game import Match
from rules.notation import format_cards
from tests.support.fake_discord import FakeDiscord, Faults

ROOT = Path(__file__).resolve().parents[2]
ANSWER_SECONDS = 3.0  # Discord's deadline for the first answer to an interaction
FAST = TableOptions(ai_delay=0, deal_seconds=0, turn_seconds=0, next_hand_seconds=0)


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [
            f"{r.name}: {r.getMessage()}" + (" [traceback]" if r.exc_info else "")
            for r in self.records
        ]


@dataclass
class Intent:
    """One move a player meant to make, and how Discord treated it."""

    user: int
    command: str
    options: dict[str, Any]
    tries: int = 0
    acknowledged: bool = False  # some try got its answer in time
    done: bool = False  # the move shows in the game


@dataclass
class World:
    discord: FakeDiscord
    bot: Any
    config: Config
    guild_id: int
    channel_id: int
    members: dict[str, int]
    errors: ErrorLog
    intents: list[Intent] = field(default_factory=list)
    process: subprocess.Popen[str] | None = None  # the bot, when it runs in a child
    child_output: str = ""

    @property
    def service(self) -> Any:
        return self.bot.service

    async def slash(
        self,
        user: int,
        name: str,
        done: Callable[[], bool | Awaitable[bool]] | None = None,
        *,
        tries: int = 6,
        **options: Any,
    ) -> Intent:
        """Press ``/name`` until it is answered, or until ``done()`` says the move shows
        (a player who sees their move on the table does not press again)."""
        intent = Intent(user, name, options)
        self.intents.append(intent)
        for _ in range(tries):
            intent.tries += 1
            record, payload = self.discord.slash_payload(
                user, self.channel_id, self.guild_id, name, options
            )
            self.discord.deliver(payload)
            start = time.monotonic()
            while time.monotonic() - start < ANSWER_SECONDS + 0.5:
                if record.responded:
                    intent.acknowledged = True
                    break
                await asyncio.sleep(0.01)
            if done is None:
                if intent.acknowledged:
                    intent.done = True
                    return intent
                continue
            # The answer may be on its way, or lost; the table tells the player.
            for _ in range(200):
                if await _check(done):
                    intent.done = True
                    return intent
                if intent.acknowledged and record.responded:
                    break
                await asyncio.sleep(0.01)
            if intent.acknowledged:
                return intent
        return intent

    async def restart(self) -> None:
        """Stop the bot as a deploy does and start a new one on the same database."""
        await stop_bot(self)
        self.bot = await start_bot(self.discord, self.config, self.bot.service.core.defaults)

    async def kill_child(self, options: TableOptions = FAST) -> None:
        """kill -9 the bot's process, then start a new bot (in this process) on the same
        database, as a supervisor would."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.child_output = self.process.stdout.read() if self.process.stdout else ""
        self.process = None
        self.bot = await start_bot(self.discord, self.config, options)


async def _check(done: Callable[[], bool | Awaitable[bool]]) -> bool:
    found = done()
    return bool(await found) if inspect.isawaitable(found) else bool(found)


async def start_bot(fake: FakeDiscord, config: Config, options: TableOptions) -> Any:
    """A bot logged in and ready. Like ``run_bot`` in production, a login Discord
    answers with a 5xx is tried again with a fresh client."""
    for attempt in range(6):
        bot = create_bot(config, options=options, emojis=False)
        task = asyncio.ensure_future(bot.start("fake-token"))
        deadline = time.monotonic() + 60
        while not bot.is_ready() and not task.done():
            if time.monotonic() > deadline:
                raise TimeoutError("the bot did not become ready")
            await asyncio.sleep(0.02)
        if bot.is_ready():
            setattr(bot, "_test_task", task)  # noqa: B010  # stop_bot awaits it
            return bot
        exc = task.exception()
        await bot.close()
        if not isinstance(exc, discord.DiscordServerError) or attempt == 5:
            task.result()
        await asyncio.sleep(0.5)
    raise AssertionError("unreachable")


# The bot in a child process, routed to the stand-in: what a kill -9 stops.
CHILD = r"""
import asyncio, sys
from bot.config import Config
from bot.discord_app.client import create_bot
from bot.service import TableOptions
from tests.support.fake_discord import routed_to

api, gateway, url = sys.argv[1:4]

async def main():
    with routed_to(api, gateway):
        config = Config(token="fake-token", database_url=url, log_level="WARNING",
                        dev_guild_id=None, shard_count=None)
        options = TableOptions(ai_delay=0, deal_seconds=0, turn_seconds=0, next_hand_seconds=0)
        bot = create_bot(config, options=options, emojis=False)
        async with bot:
            task = asyncio.ensure_future(bot.start("fake-token"))
            await bot.wait_until_ready()
            await bot.tree.sync()
            print("ready", flush=True)
            await task

asyncio.run(main())
"""


def start_child_bot(fake: FakeDiscord, config: Config) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, fake.api_base, fake.gateway_url, config.database_url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


async def stop_bot(world: World) -> None:
    if world.process is not None:
        world.process.kill()
        world.process.wait(timeout=30)
        return
    bot = world.bot
    if bot is None:
        return
    await bot.close()
    task = getattr(bot, "_test_task", None)
    if task is not None:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def fault_world(
    tmp_path: Path,
    faults: Faults,
    names: tuple[str, ...] = ("alice", "bob", "carol", "dave"),
    options: TableOptions = FAST,
    child: bool = False,
) -> AsyncIterator[World]:
    """``child``: the bot runs in a child process (``World.kill_child`` kills it)."""
    fake = FakeDiscord(faults)
    await fake.start()
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    config = Config(
        token="fake-token",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'faults.db'}",
        log_level="WARNING",
        dev_guild_id=None,
        shard_count=None,
    )
    try:
        with fake.routed():
            guild = fake.guild()
            channel = fake.text_channel(guild)
            members = {n: fake.member(guild, n) for n in names}
            world = World(fake, None, config, guild, channel, members, errors)
            if child:
                world.process = start_child_bot(fake, config)
                await fake.wait_connected(timeout=120)
                while fake.backend.find_command("table", None) is None:
                    await asyncio.sleep(0.05)
            else:
                world.bot = await start_bot(fake, config, options)
                await world.bot.tree.sync()
            fake.armed = True
            try:
                yield world
            finally:
                fake.armed = False
                await stop_bot(world)
    finally:
        logging.getLogger().removeHandler(errors)
        await fake.close()


class Source:
    """Where the players' view of the game comes from: the bot's service (a bot in
    this process) or the database (a bot in another process)."""

    def __init__(self, world: World) -> None:
        self.w = world
        self._store: Any = None

    async def table_id(self) -> int | None:
        if self.w.bot is not None:
            ids = self.w.service.core.table_ids()
            return int(ids[-1]) if ids else None
        with contextlib.suppress(Exception):
            return await self._stored_table_id()
        return None

    async def _stored_table_id(self) -> int | None:
        from sqlalchemy import select

        from storage.models import TableRow

        async with self.store().db.session() as s:
            found = await s.scalar(select(TableRow.id).order_by(TableRow.id.desc()))
        return int(found) if found is not None else None

    def store(self) -> Any:
        if self._store is None:
            from storage import Database
            from storage.tables import Store

            self._store = Store(Database(self.w.config.database_url))
        return self._store

    async def match(self, table_id: int) -> Match | None:
        if self.w.bot is not None:
            return self.w.service.queries.match_of(table_id)  # type: ignore[no-any-return]
        for _ in range(50):  # the bot may hold the write lock a moment
            with contextlib.suppress(Exception):
                return await self.store().load_match(table_id)  # type: ignore[no-any-return]
            await asyncio.sleep(0.05)
        return None

    async def seats(self, table_id: int) -> tuple[Any, ...]:
        if self.w.bot is not None:
            return tuple(self.w.service.queries.cached_status(table_id).table.seats)
        for _ in range(50):
            with contextlib.suppress(Exception):
                return tuple((await self.store().get_table(table_id)).seats)
            await asyncio.sleep(0.05)
        return ()

    async def close(self) -> None:
        if self._store is not None:
            await self._store.db.dispose()
            self._store = None


class Table:
    """Plays the channel's table with slash commands until ``hands`` are scored."""

    def __init__(self, world: World) -> None:
        self.w = world
        self.source = Source(world)
        self.id = 0

    async def match(self) -> Match:
        m = await self.source.match(self.id)
        assert m is not None
        return m

    async def open(self, **new: Any) -> None:
        w = self.w
        names = list(w.members.values())
        owner = names[0]

        async def opened() -> bool:
            return await self.source.table_id() is not None

        await w.slash(owner, "table new", opened, **new)
        found = await self.source.table_id()
        assert found is not None
        self.id = found
        seats = len(await self.source.seats(self.id))
        for user in names[1:seats]:

            async def seated(u: int = user) -> bool:
                return any(s.user_id == u for s in await self.source.seats(self.id))

            await w.slash(user, "table join", seated)
        for _ in range(seats - min(seats, len(names))):
            before = await self._filled()

            async def added(b: int = before) -> bool:
                return await self._filled() > b

            await w.slash(owner, "table addbot", added)

        async def started() -> bool:
            return await self.source.match(self.id) is not None

        await w.slash(owner, "table start", started)

    async def _filled(self) -> int:
        return sum(1 for s in await self.source.seats(self.id) if not s.empty)

    async def play_hands(
        self, hands: int, timeout: float = 240.0, until: Callable[[Match], bool] | None = None
    ) -> None:
        """Play until ``hands`` are scored (or ``until(match)`` holds)."""
        deadline = time.monotonic() + timeout
        while True:
            m = await self.match()
            if until is not None and until(m):
                return
            if m.phase in ("scored", "finished") and m.hand_no >= hands:
                return
            if m.hand_no > hands:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"hand {m.hand_no} stuck in {m.phase}")
            if m.phase == "scored":
                user = next(u for u in self.w.members.values())
                hand = m.hand_no

                async def next_hand(h: int = hand) -> bool:
                    return (await self.match()).hand_no > h

                await self.w.slash(user, "table next", next_hand)
            elif not await self.step(m):
                await asyncio.sleep(0.02)

    @staticmethod
    def _marker(m: Match) -> tuple[object, ...]:
        h = m.hand
        plays = sum(len(t.plays) for t in h.tricks) + (len(h.current.plays) if h.current else 0)
        return (m.hand_no, h.redeals, m.phase, len(h.declarations), len(h.passes), plays)

    async def step(self, m: Match) -> bool:
        """One human move, if a human has one now."""
        marker = self._marker(m)

        async def moved() -> bool:
            return self._marker(await self.match()) != marker

        seats = await self.source.seats(self.id)
        for seat in range(m.rules.players):
            user = seats[seat].user_id
            if user is None:
                continue
            action = m.suggest(seat)
            if m.phase == "declaring" and not m.hand.declarations:
                options = m.declaration_options(seat)
                if options:
                    action = Declare(seat, tuple(options[0].cards))
            if action is None:
                continue
            if isinstance(action, Declare):
                await self.w.slash(
                    user, "declare", moved, cards=format_cards(action.cards, "ascii")
                )
            elif isinstance(action, Bury):
                await self.w.slash(user, "bury", moved, cards=format_cards(action.cards, "ascii"))
            elif isinstance(action, CallFriends):
                await self.w.slash(user, "call", moved, calls=format_calls(action.calls, "ascii"))
            elif isinstance(action, Play):
                await self.w.slash(user, "play", moved, cards=format_cards(action.cards, "ascii"))
            elif m.phase == "declaring":
                await self.w.slash(user, "pass", moved)
            else:
                continue
            return True
        return False
