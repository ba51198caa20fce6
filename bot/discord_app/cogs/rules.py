"""/rules …: a server's saved house rules (save, list, show, delete, default,
export, import). The table's own settings are edited with the lobby's Rules button."""

from __future__ import annotations

import io
import re

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.host import Host
from bot.discord_app.interactions import locale_of, reply, run
from bot.service import ServiceError
from bot.service.house_rules import EXPORT_MAX_BYTES
from bot.text.i18n import preset_label, text
from bot.text.settings_text import all_setting_lines
from rules.presets import PRESET_NAMES, preset
from rules.ruleset import RuleSet

FIELD_MAX = 1024
CHOICES_MAX = 25


def export_file_name(name: str) -> str:
    """``NAME.json``: saved names are letters (any script, UTF-8 as Discord takes
    it), digits, - and _ already; anything else becomes _."""
    return (re.sub(r"[^\w\-]", "_", name).strip("_") or "rules")[:80] + ".json"


def settings_embed(locale: str, title: str, rules: RuleSet) -> discord.Embed:
    """Every setting in words, a field per group (an embed holds ~30 lines well)."""
    embed = discord.Embed(title=title[:256])
    block: list[str] = []
    heading = ""
    for line in [*all_setting_lines(locale, rules), "**"]:
        if line.startswith("**") and line.endswith("**"):
            if heading and block:
                embed.add_field(
                    name=heading[:256], value="\n".join(block)[:FIELD_MAX], inline=False
                )
            heading, block = line.strip("*"), []
        else:
            block.append(line)
    return embed


class RulesCog(
    commands.GroupCog,
    group_name=_("rules"),
    group_description=_("House rules saved in this server"),
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    def _guild(self, interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise ServiceError("rules_guild_only")
        return interaction.guild_id

    async def saved_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        saved = await self.bot.service.saved_rules.list(interaction.guild_id)
        typed = typed.lower()
        return [
            app_commands.Choice(name=s.name, value=s.name) for s in saved if typed in s.name.lower()
        ][:CHOICES_MAX]

    @app_commands.command(name=_("save"), description=_("Save this table's rules under a name"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("A short name (letters, digits, - or _)"))
    async def save(self, interaction: discord.Interaction, name: str) -> None:
        loc = locale_of(interaction)

        async def go() -> object:
            guild = self._guild(interaction)
            status = await self.bot.service.queries.status(interaction.channel_id or 0)
            return await self.bot.service.saved_rules.save(
                guild, interaction.user.id, name, status.table.rules
            )

        saved = await run(interaction, go)
        if saved is not None:
            await reply(interaction, text(loc, "rules_saved", name=name.strip()), ephemeral=True)

    @app_commands.command(name=_("list"), description=_("The rule sets saved in this server"))
    async def list_(self, interaction: discord.Interaction) -> None:
        loc = locale_of(interaction)

        async def listing() -> tuple[list[str], str | None]:
            guild = self._guild(interaction)
            saved = await self.bot.service.saved_rules.list(guild)
            default = await self.bot.service.saved_rules.default(guild)
            return [s.name for s in saved], default

        got = await run(interaction, listing)
        if got is None:
            return
        names, default = got
        if not names:
            await reply(interaction, text(loc, "rules_none_saved"), ephemeral=True)
            return
        lines = [
            f"- **{n}**" + (" " + text(loc, "rules_default_mark") if n == default else "")
            for n in names
        ]
        await reply(
            interaction, text(loc, "rules_list_head") + "\n" + "\n".join(lines), ephemeral=True
        )

    @app_commands.command(name=_("show"), description=_("Every setting of a saved rule set"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("A saved rule set or a built-in preset"))
    async def show(self, interaction: discord.Interaction, name: str) -> None:
        loc = locale_of(interaction)

        async def go() -> RuleSet:
            return await self._rules_named(interaction, name)

        rules = await run(interaction, go)
        if rules is not None:
            title = name if name not in PRESET_NAMES else preset_label(loc, name)
            await reply(interaction, embed=settings_embed(loc, title, rules), ephemeral=True)

    async def _rules_named(self, interaction: discord.Interaction, name: str) -> RuleSet:
        if name in PRESET_NAMES:
            return preset(name)
        saved = await self.bot.service.saved_rules.get(self._guild(interaction), name)
        return saved.rules

    @show.autocomplete("name")
    async def _show_names(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        loc = locale_of(interaction)
        built = [
            app_commands.Choice(name=preset_label(loc, p)[:100], value=p)
            for p in PRESET_NAMES
            if typed.lower() in p
        ]
        return [*(await self.saved_names(interaction, typed)), *built][:CHOICES_MAX]

    @app_commands.command(
        name=_("delete"), description=_("Delete a saved rule set (its creator or Manage Server)")
    )
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("A rule set saved in this server"))
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        loc = locale_of(interaction)
        perms = interaction.permissions
        manage = bool(perms and perms.manage_guild)

        async def go() -> bool:
            await self.bot.service.saved_rules.delete(
                self._guild(interaction), interaction.user.id, name, can_manage=manage
            )
            return True

        if await run(interaction, go):
            await reply(interaction, text(loc, "rules_deleted", name=name), ephemeral=True)

    @app_commands.command(
        name=_("default"),
        description=_("The server's default rules for /table new (Manage Server)"),
    )
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("A saved rule set or a built-in preset"))
    async def default(self, interaction: discord.Interaction, name: str) -> None:
        loc = locale_of(interaction)
        perms = interaction.permissions
        manage = bool(perms and perms.manage_guild)

        async def go() -> str:
            return await self.bot.service.saved_rules.set_default(
                self._guild(interaction), name, can_manage=manage
            )

        done = await run(interaction, go)
        if done is not None:
            await reply(interaction, text(loc, "rules_default_set", name=done), ephemeral=True)

    @app_commands.command(name=_("export"), description=_("A rule set as a JSON file"))
    @app_commands.rename(name=_("name"))
    @app_commands.describe(name=_("A saved rule set or preset (default: this table's)"))
    async def export(self, interaction: discord.Interaction, name: str | None = None) -> None:
        async def rules_of() -> tuple[RuleSet, str]:
            if name is None:  # this table's: named after the set it is (edited: -custom)
                status = await self.bot.service.queries.status(interaction.channel_id or 0)
                rules = status.table.rules
                called = await self.bot.service.saved_rules.name_of(interaction.guild_id, rules)
                return rules, called
            return await self._rules_named(interaction, name), name

        found = await run(interaction, rules_of)
        if found is None:
            return
        rules, called = found
        data = (rules.to_json() + "\n").encode("utf-8")
        file = discord.File(io.BytesIO(data), filename=export_file_name(called))
        await reply(
            interaction, text(locale_of(interaction), "rules_exported"), file=file, ephemeral=True
        )

    @app_commands.command(name=_("import"), description=_("Save a rule set from a JSON file"))
    @app_commands.rename(file=_("file"), name=_("name"))
    @app_commands.describe(
        file=_("A rule set file from /rules export"),
        name=_("A short name (letters, digits, - or _)"),
    )
    async def import_(
        self, interaction: discord.Interaction, file: discord.Attachment, name: str
    ) -> None:
        loc = locale_of(interaction)

        async def go() -> object:
            if file.size > EXPORT_MAX_BYTES:
                raise ServiceError("rules_file_bad", reason=f"> {EXPORT_MAX_BYTES // 1024} KB")
            payload = await file.read()
            return await self.bot.service.saved_rules.import_json(
                self._guild(interaction), interaction.user.id, name, payload
            )

        if await run(interaction, go) is not None:
            await reply(interaction, text(loc, "rules_saved", name=name), ephemeral=True)

    delete.autocomplete("name")(saved_names)
    default.autocomplete("name")(_show_names)
    export.autocomplete("name")(_show_names)
