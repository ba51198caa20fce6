"""The discord.py client: cogs, persistent buttons, the timer loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.discord_app.activity_button import OpenTableButton, activity_button
from bot.discord_app.cogs.info import Info
from bot.discord_app.cogs.live import LiveCog
from bot.discord_app.cogs.lobby import Lobby
from bot.discord_app.cogs.panel import PanelCog
from bot.discord_app.cogs.play import Play
from bot.discord_app.cogs.ranked import RankedCog
from bot.discord_app.cogs.replay import ReplayCog
from bot.discord_app.cogs.rules import RulesCog
from bot.discord_app.cogs.tournament import TournamentCog
from bot.discord_app.components import DYNAMIC_ITEMS
from bot.discord_app.emojis import TEXT_ONLY, CardEmojis, sync_emojis
from bot.discord_app.host import Delivery
from bot.discord_app.interactions import (
    DELIVERY_CHECKED,
    DISCORD_FAILURES,
    NO_PINGS,
    after_change_quietly,
    answer_failed,
    refuse_duplicate,
)
from bot.discord_app.ladder_roles import LadderRoles
from bot.discord_app.panel.items import PANEL_ITEMS, play_button
from bot.discord_app.presenter import Presenter
from bot.discord_app.replay_view import REPLAY_ITEMS
from bot.discord_app.translator import ShengjiTranslator
from bot.discord_app.viewers import channel_check
from bot.service import Clock, TableOptions, TableService
from bot.service.live_access import ChannelCheck, link_key
from bot.service.metrics import REST_CALLS
from bot.service.records import Database
from bot.service.startup import open_database
from bot.web.links import seat_url

log = logging.getLogger(__name__)

# Waits before each new try when Discord cannot be reached at start-up (then give up).
RETRY_DELAYS: tuple[float, ...] = (5, 15, 30, 60, 120)


def count_rest_calls(http: Any) -> None:
    """/metrics: count every REST call at discord.py's chokepoint, ``HTTPClient.request``
    (the class's method is looked up at each call, so a replaced client still works)."""

    async def counted(route: Any, **kwargs: Any) -> Any:
        REST_CALLS.inc()
        return await type(http).request(http, route, **kwargs)

    http.request = counted


class StartupError(Exception):
    """A start-up failure told as one sentence (which setting, what to do)."""


class ShengjiTree(app_commands.CommandTree):
    """Refuses a second delivery of the same interaction before any command runs
    (a retried /table new must not open a second table)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        bot = interaction.client
        if interaction.type != discord.InteractionType.application_command:
            return True
        delivery = bot.delivery(interaction) if isinstance(bot, _ShengjiCore) else "first"
        if delivery == "first":
            interaction.extras[DELIVERY_CHECKED] = True
            return True
        await refuse_duplicate(interaction, delivery)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.CheckFailure):
            return  # a duplicate delivery, already answered
        cause = getattr(error, "original", error)
        if isinstance(cause, DISCORD_FAILURES):  # Discord failed us: handled, not a bug
            await answer_failed(interaction, cause)
            await after_change_quietly(interaction)
            return
        await super().on_error(interaction, error)


class _ShengjiCore:
    """Shared by the plain and the auto-sharded bot."""

    service: TableService
    presenter: Presenter
    ladder_roles: LadderRoles
    card_emojis: CardEmojis

    def _init_core(
        self,
        config: Config,
        *,
        database: Database | None = None,
        clock: Clock | None = None,
        options: TableOptions | None = None,
        ticker: bool = True,
        emojis: bool = True,
        on_service: Callable[[TableService, ChannelCheck], None] | None = None,
    ) -> None:
        self.config = config
        self._on_service = on_service  # the web side's live table, given the service
        self.database = database or open_database(config.database_url)
        self._clock = clock
        self._options = options
        self._ticker_enabled = ticker
        self._emojis_enabled = emojis  # False: text alone, no emoji calls (tests of text)
        self._ticker: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._seen: OrderedDict[int, str] = OrderedDict()  # interaction id -> token
        self._closed_core = False
        # Card → application emoji, synced at start (text alone until then or if
        # Discord refuses): the one source every message and panel reads.
        self.card_emojis: CardEmojis = TEXT_ONLY
        # Links to the live table only when this process serves it (web side on,
        # PUBLIC_URL set: ``bot.app`` hands it the service).
        public = config.public_url
        self.live_url: str | None = (
            public.rstrip("/") if public and on_service is not None else None
        )

    async def _seat_link(self, table_id: int, user_id: int) -> str:
        """The player's own link to the live table (their hand DM carries it)."""
        assert self.live_url is not None
        return seat_url(self.live_url, await self.service.live.seat_link(table_id, user_id))

    def delivery(self, interaction: discord.Interaction) -> Delivery:
        """See ``bot.discord_app.host.Host.delivery``."""
        token = self._seen.get(interaction.id)
        if token is not None:
            return "copy" if token == interaction.token else "retry"
        self._seen[interaction.id] = interaction.token
        if len(self._seen) > 10_000:
            self._seen.popitem(last=False)
        return "first"

    async def _setup_core(self) -> None:
        bot: commands.Bot = self  # type: ignore[assignment]
        count_rest_calls(bot.http)
        await self.database.upgrade()
        self.service = TableService(
            self.database,
            clock=self._clock,
            defaults=self._options,
            shards=self.config.shards,
            limits=self.config.limits,
            link_key=link_key(self.config.live_link_secret, self.config.token),
        )
        self.presenter = Presenter(bot, self.service, self.service.message_refs)
        if self._on_service is not None:
            self._on_service(self.service, channel_check(bot))
        if self.live_url is not None:
            self.presenter.dms.live_link = self._seat_link
            # A move made at the live table reaches Discord at once (the timer loop
            # flushes), not at the loop's next second.
            self.service.core.subscribe(lambda _notice: self._wake.set())
        self.ladder_roles = LadderRoles(bot, self.service)
        # Before any table is shown: idempotent (found by name, only missing ones
        # are uploaded); a refusal means text alone and one warning line.
        if self._emojis_enabled:
            self.card_emojis = await sync_emojis(bot)
        # Before the start: resumed tournaments open their tables in its threads.
        tournaments = TournamentCog(self)
        restored = await self.service.start()
        log.info("restored %d table(s)", restored)
        await bot.tree.set_translator(ShengjiTranslator())
        await bot.add_cog(Lobby(self))
        await bot.add_cog(Play(self))
        await bot.add_cog(LiveCog(self))
        await bot.add_cog(Info(self))
        await bot.add_cog(PanelCog(self))
        await bot.add_cog(RulesCog(self))
        await bot.add_cog(ReplayCog(self))
        await bot.add_cog(RankedCog(self))
        await bot.add_cog(tournaments)
        bot.add_dynamic_items(*DYNAMIC_ITEMS, *PANEL_ITEMS, *REPLAY_ITEMS, OpenTableButton)
        self.presenter.play_button = play_button
        if self.config.activity_on:  # the live table as a Discord Activity
            self.presenter.activity_button = activity_button
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            bot.tree.copy_global_to(guild=guild)
            await bot.tree.sync(guild=guild)
        if self._ticker_enabled:
            self._ticker = asyncio.create_task(self._tick_loop())

    async def after_change(self) -> None:
        """Flush Discord updates after a change and wake the timer loop."""
        await self.presenter.flush_all()
        await self.ladder_roles.flush()
        self._wake.set()

    async def tick_now(self) -> int:
        """Fire due timers (AI moves, deal steps, AFK) and show the results."""
        fired = await self.service.tick()
        await self.presenter.flush_all()
        await self.ladder_roles.flush()
        return fired

    async def _tick_loop(self) -> None:
        while True:
            try:
                await self.tick_now()
            except Exception:  # keep the loop alive whatever one table does
                log.exception("timer loop")
            deadline = self.service.automation.next_deadline()
            wait = 1.0
            if deadline is not None:
                wait = max(
                    0.05, min(1.0, (deadline - self.service.core.clock.now()).total_seconds())
                )
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def setup_hook(self) -> None:
        await self._setup_core()

    async def close(self) -> None:
        """Stop the timer loop, close the gateway, then let storage finish its writes."""
        if self._closed_core:
            return
        self._closed_core = True
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._ticker
        await super().close()  # type: ignore[misc]  # the discord.py client's close
        await self.database.dispose()


CORE_OPTIONS = ("database", "clock", "options", "ticker", "emojis", "on_service")


class ShengjiBot(_ShengjiCore, commands.Bot):
    def __init__(self, config: Config, **kwargs: Any) -> None:
        core = {k: kwargs.pop(k) for k in CORE_OPTIONS if k in kwargs}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=NO_PINGS,  # pings are opted into per message
            tree_cls=ShengjiTree,
            **kwargs,
        )
        self._init_core(config, **core)


class ShardedShengjiBot(_ShengjiCore, commands.AutoShardedBot):
    def __init__(self, config: Config, **kwargs: Any) -> None:
        core = {k: kwargs.pop(k) for k in CORE_OPTIONS if k in kwargs}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=NO_PINGS,
            shard_count=config.shard_count,
            shard_ids=list(config.shard_ids) if config.shard_ids is not None else None,  # type: ignore[arg-type]  # None: all of them (discord.py's default)
            tree_cls=ShengjiTree,
            **kwargs,
        )
        self._init_core(config, **core)


def create_bot(config: Config, **kwargs: Any) -> ShengjiBot | ShardedShengjiBot:
    """The bot for this configuration (auto-sharded when SHARD_COUNT is set)."""
    # The bot has no voice: discord.py's "PyNaCl / davey is not installed" warnings,
    # logged by the client's constructor, are noise for it.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    if config.shard_count:
        return ShardedShengjiBot(config, **kwargs)
    return ShengjiBot(config, **kwargs)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


async def run_until_signal(bot: discord.Client, main: Awaitable[Any]) -> int:
    """Run ``main`` (the gateway connection) until it ends or SIGINT/SIGTERM arrives;
    on a signal close the bot (gateway, timer loop, storage) and return 0 — Ctrl-C is
    a normal way to stop the bot, not an error with a traceback."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed = []
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # e.g. Windows
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    task = asyncio.ensure_future(main)
    stopper = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            log.info("stop signal received: shutting down")
            await bot.close()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            return 0
        task.result()  # the connection ended on its own: raise what ended it
        return 0
    finally:
        stopper.cancel()
        for sig in installed:
            loop.remove_signal_handler(sig)


async def run_bot(
    config: Config,
    sync_only: bool = False,
    on_service: Callable[[TableService, ChannelCheck], None] | None = None,
) -> int:
    """Run the bot; a refused token or intent raises StartupError at once, an
    unreachable Discord is retried after each of RETRY_DELAYS (logged), then
    StartupError. Ctrl-C stops the waiting too (KeyboardInterrupt, see bot.app)."""
    where = str(config.env_path or "the .env next to the project")
    for attempt in range(len(RETRY_DELAYS) + 1):
        try:
            return await _run_once(config, sync_only, on_service)
        except discord.LoginFailure:
            raise StartupError(
                f"Discord refused DISCORD_TOKEN (from {where} or the environment): open "
                "https://discord.com/developers/applications → your application → Bot → "
                "Reset Token, and put the new token in DISCORD_TOKEN."
            ) from None
        except discord.PrivilegedIntentsRequired:
            raise StartupError(
                "Discord refused a privileged gateway intent the bot asked for: enable it at "
                "https://discord.com/developers/applications → your application → Bot → "
                "Privileged Gateway Intents, or run a version that does not ask for it."
            ) from None
        except (
            OSError,
            aiohttp.ClientError,
            discord.GatewayNotFound,
            discord.DiscordServerError,  # a 5xx at login: Discord's side, tried again too
            TimeoutError,
        ) as exc:
            reason = _network_reason(exc)
            if attempt == len(RETRY_DELAYS):
                if isinstance(exc, discord.DiscordServerError):
                    raise StartupError(
                        f"Discord is not answering ({reason}; tried {attempt + 1}×): it is "
                        "Discord's side — see https://discordstatus.com and start the bot again "
                        "in a few minutes."
                    ) from None
                raise StartupError(
                    f"Cannot reach Discord ({reason}; tried {attempt + 1}×): check this "
                    "machine's network connection (DNS, firewall, proxy) and start the bot again."
                ) from None
            delay = RETRY_DELAYS[attempt]
            log.warning(
                "cannot reach Discord (%s); trying again in %gs (%d of %d; Ctrl-C stops)",
                reason,
                delay,
                attempt + 1,
                len(RETRY_DELAYS),
            )
            await asyncio.sleep(delay)
    raise AssertionError("unreachable")


def _network_reason(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]


async def _run_once(
    config: Config, sync_only: bool, on_service: Callable[[TableService, ChannelCheck], None] | None
) -> int:
    """One try with a fresh client (a failed login leaves discord.py's HTTP session
    half set up, so a retry starts from scratch)."""
    bot = create_bot(config, on_service=on_service)
    assert config.token is not None
    async with bot:
        if sync_only:
            await bot.login(config.token)
            commands_ = await bot.tree.sync()
            print(
                f"synced {len(commands_)} global command(s); Discord may take up to an hour to show them"
            )
            return 0
        return await run_until_signal(bot, bot.start(config.token))
