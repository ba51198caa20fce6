"""/progress, /stats and /help."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.host import Host
from bot.i18n import language, seat_name
from bot.interactions import locale_of, reply, run
from bot.pictures import render_progress
from rules.cards import rank_name

HELP = {
    "en": """**Shengji (升级 / 拖拉机) — how to play here**
• `/table new` opens a table; `/table join` or the seat buttons seat you; `/table addbot` adds AI players; `/table start` deals.
• Your hand comes by DM (or `/hand`). While cards arrive, declare trump with `/declare` (亮主) or the DM buttons; `/pass` when you are done.
• The dealer gets the kitty and buries with `/bury` (埋底). Then `/play` (出牌) — the `cards` option suggests legal plays.
• Cards: `♠A`, `SA`, `sa`, `A♠`, `黑桃A`, `♥10` or `HT`, several of a suit `♠AAKK`, jokers `小王`/`LJ` and `大王`/`BJ` (`SJ` is the jack of spades). Separate with spaces or commas.
• `/table status`, `/progress` (levels hand by hand), `/stats` (records and leaderboard), `/table rules`.""",
    "zh-CN": """**升级（拖拉机）玩法**
• `/table new` 开桌；`/table join` 或座位按钮入座；`/table addbot` 加电脑；`/table start` 发牌。
• 手牌会私信给你（也可用 `/hand`）。发牌时用 `/declare`（亮主）或私信里的按钮亮主，亮完用 `/pass`。
• 庄家拿底牌后用 `/bury` 埋底，然后用 `/play` 出牌——`cards` 选项会提示合法出法。
• 牌的写法：`♠A`、`SA`、`sa`、`A♠`、`黑桃A`、`♥10` 或 `HT`，同花色多张 `♠AAKK`，`小王`/`LJ`，`大王`/`BJ`。用空格或逗号分隔。
• `/table status` 牌桌，`/progress` 每局级别，`/stats` 战绩与排行，`/table rules` 规则。""",
    "zh-TW": """**升級（拖拉機）玩法**
• `/table new` 開桌；`/table join` 或座位按鈕入座；`/table addbot` 加電腦；`/table start` 發牌。
• 手牌會私訊給你（也可用 `/hand`）。發牌時用 `/declare`（亮主）或私訊裡的按鈕亮主，亮完用 `/pass`。
• 莊家拿底牌後用 `/bury` 埋底，然後用 `/play` 出牌——`cards` 選項會提示合法出法。
• 牌的寫法：`♠A`、`SA`、`sa`、`A♠`、`黑桃A`、`♥10` 或 `HT`，同花色多張 `♠AAKK`，`小王`/`LJ`，`大王`/`BJ`。用空格或逗號分隔。
• `/table status` 牌桌，`/progress` 每局級別，`/stats` 戰績與排行，`/table rules` 規則。""",
}


class Info(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name=_("progress"), description=_("Both teams' levels, hand by hand"))
    async def progress(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)
        hands = await run(
            interaction, lambda: self.bot.service.progress(interaction.channel_id or 0)
        )
        if hands is None:
            return
        if not hands:
            await reply(interaction, "—", ephemeral=True)
            return
        # A text chart: each team's level after every hand, as a bar.
        lines = ["```", " #  dealer trump  pts  result   N/S          E/W"]
        for p in hands[-20:]:
            result = f"{p.winner[:3]} +{p.level_change}"
            bars = [
                rank_name(p.levels_after[t]).rjust(2) + " " + "▇" * (p.levels_after[t] - 1)
                for t in (0, 1)
            ]
            lines.append(
                f"{p.hand_no:>2}  {seat_name(loc, p.dealer):<6} {p.trump:<5} {p.attackers_points:>4}  {result:<8} "
                f"{bars[0]:<12} {bars[1]}"
            )
        lines.append("```")
        # The chart as a picture too (levels hand by hand, take-overs and captured
        # kitties marked); the text table stays for screen readers.
        status = self.bot.service.cached_status_by_channel(interaction.channel_id or 0)
        climb = status.table.rules.levels if status is not None else tuple(range(2, 15))
        lang = status.options.language if status is not None else loc  # the table's
        png = await asyncio.to_thread(render_progress, hands, climb, lang)
        chart = discord.File(io.BytesIO(png), "progress.png")
        await reply(interaction, "\n".join(lines), ephemeral=True, file=chart)

    @app_commands.command(
        name=_("stats"), description=_("A player's record, or this server's leaderboard")
    )
    @app_commands.rename(user=_("user"))
    @app_commands.describe(user=_("Whose record (empty = the leaderboard)"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        guild_id = interaction.guild_id
        if user is not None:
            s = await run(interaction, lambda: self.bot.service.player_stats(user.id, guild_id))
            if s is None:
                return
            text_ = (
                f"**{user.display_name}** — matches {s.matches_won}/{s.matches_played} won · "
                f"hands {s.hands_won}/{s.hands_played} won ({s.hand_win_rate:.0%}) · dealer {s.hands_as_dealer} · "
                f"defending {s.defended_won}/{s.hands_defending} · attacking {s.attacked_won}/{s.hands_attacking} · "
                f"levels gained {s.levels_gained} · points captured {s.points_captured}"
            )
            await reply(interaction, text_, ephemeral=True)
            return
        board = await run(interaction, lambda: self.bot.service.leaderboard(guild_id))
        if board is None:
            return
        lines = [
            f"{i + 1}. <@{p.user_id}> — {p.hands_won}/{p.hands_played} hands, +{p.levels_gained} levels"
            for i, p in enumerate(board)
        ]
        await reply(interaction, "\n".join(lines) or "—", ephemeral=True)

    @app_commands.command(name=_("help"), description=_("How to play and how to type cards"))
    async def help(self, interaction: discord.Interaction) -> None:
        await reply(interaction, HELP[language(locale_of(interaction))], ephemeral=True)
