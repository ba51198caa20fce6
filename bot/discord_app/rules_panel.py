"""The lobby's Rules panel: one select per house rule, grouped, current values marked.

Everyone may open it and look; only the table's creator or a moderator (Manage
Channels, as for ending a table) may change a value (the service refuses anyone
else), and only before the match starts. Every item's
custom id carries the table id (``DynamicItem``), so a panel keeps working after a
restart. A group with more settings than fit (Discord allows five rows: one for
the group select, four for settings) is split into pages.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_app.interactions import answering, bot_of, is_moderator, locale_of, reply, run
from bot.service.house_rules import set_rules
from bot.text.i18n import text
from bot.text.settings_text import (
    base_of,
    group_label,
    setting_help,
    setting_label,
    value_label,
)
from rules.ruleset import RuleSet, RuleSetError
from rules.settings import GROUPS, REGISTRY, Setting

PER_PAGE = 4  # setting selects under the group select (Discord: five rows)
OPTIONS_MAX = 25  # options in one select
LABEL_MAX = 100


def pages(rules: RuleSet) -> list[tuple[str, list[Setting]]]:
    """(page id, settings) for every group this table has, PER_PAGE settings a page."""
    out = []
    for group in GROUPS:
        settings = REGISTRY.in_group(group)
        if group == "friends" and rules.friends is None:
            continue
        for i in range(0, len(settings), PER_PAGE):
            out.append((f"{group}.{i // PER_PAGE}", settings[i : i + PER_PAGE]))
    return out


# Numbers a select offers where the range is too wide to list: multipliers double.
PICKS: dict[str, tuple[int, ...]] = {"kitty_cap": tuple(2**k for k in range(1, 13))}
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def _playable(rules: RuleSet, setting: Setting, n: int) -> bool:
    try:
        REGISTRY.apply(rules, {setting.name: str(n)})
    except RuleSetError:
        return False
    return True


def value_choices(setting: Setting, current: str, rules: RuleSet | None = None) -> list[str]:
    """The values a select offers: every choice, and numbers in the range — only the
    ones this table can play (``rules``), round ones when there are more than fit —
    always with the current value and the default."""
    values = list(setting.choices) or list(setting.examples)
    if not setting.choices and not setting.bounds and current not in values:
        values.insert(0, current)  # a free-form value typed elsewhere (--rule, a file)
    if setting.bounds is not None:
        lo, hi = setting.bounds
        room = OPTIONS_MAX - len(values)
        numbers = [n for n in PICKS.get(setting.name, range(lo, hi + 1)) if lo <= n <= hi]
        if rules is not None:  # a kitty of 7 at four seats, 28 points a step: refused
            numbers = [n for n in numbers if _playable(rules, setting, n)] or numbers
        fixed = {int(v) for v in (current, setting.default) if v.isdigit()}
        for step in NICE_STEPS:  # the first, then round numbers, leaving room for fixed
            picked = {numbers[0], *(n for n in numbers if n % step == 0)}
            if len(picked | fixed) <= room:
                numbers = sorted(picked)
                break
        numbers = sorted({*numbers, *fixed})
        if len(numbers) > room:  # still too many: spread them out, keep the fixed ones
            keep = set(numbers[:: -(-len(numbers) // (room - len(fixed)))]) | fixed
            numbers = sorted(keep)[:room]
        values += [str(n) for n in numbers]
    return values[:OPTIONS_MAX]


def panel_content(locale: str, rules: RuleSet, page: str) -> str:
    """The panel's text: the page's settings, each with its value and one-line help."""
    by_id = dict(pages(rules))
    settings = by_id.get(page) or next(iter(by_id.values()))
    group = settings[0].group
    base = base_of(rules)
    lines = [text(locale, "rules_panel.head", group=group_label(locale, group))]
    for s in settings:
        value = s.read(rules)
        mark = " ✎" if value != s.read(base) else ""
        lines.append(
            f"**{setting_label(locale, s.name)}**: {value_label(locale, s, value)}{mark}"
            f"\n-# {setting_help(locale, s)}"
        )
    lines.append(text(locale, "rules_panel.foot"))
    return "\n".join(lines)[:2000]


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sj:rulesgroup:(?P<table>\d+)",
):
    def __init__(
        self, table_id: int, locale: str = "en", rules: RuleSet | None = None, page: str = ""
    ) -> None:
        options = []
        if rules is not None:
            listed = pages(rules)
            for pid, settings in listed:
                group = settings[0].group
                n = sum(1 for p, s in listed if s[0].group == group)
                label = group_label(locale, group)
                if n > 1:
                    label = f"{label} {int(pid.split('.')[1]) + 1}/{n}"
                options.append(
                    discord.SelectOption(label=label[:LABEL_MAX], value=pid, default=pid == page)
                )
        super().__init__(
            discord.ui.Select(
                custom_id=f"sj:rulesgroup:{table_id}",
                options=options or [discord.SelectOption(label="-", value="-")],
                row=0,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GroupSelect:
        return cls(int(match["table"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        page = self.item.values[0] if self.item.values else ""
        await show_page(interaction, self.table_id, page, edit=True)


class SettingSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sj:ruleset:(?P<table>\d+):(?P<page>[a-z]+\.\d+):(?P<name>[a-z_0-9]+)",
):
    def __init__(
        self,
        table_id: int,
        page: str,
        setting: Setting,
        locale: str = "en",
        rules: RuleSet | None = None,
        row: int = 1,
    ) -> None:
        current = setting.read(rules) if rules is not None else setting.default
        options = [
            discord.SelectOption(
                label=value_label(locale, setting, v)[:LABEL_MAX],
                value=v,
                default=v == current,
            )
            for v in value_choices(setting, current, rules)
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"sj:ruleset:{table_id}:{page}:{setting.name}",
                placeholder=setting_label(locale, setting.name)[:150],
                options=options,
                row=row,
            )
        )
        self.table_id = table_id
        self.page = page
        self.setting = setting

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SettingSelect:
        return cls(int(match["table"]), match["page"], REGISTRY.get(match["name"]))

    @answering
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        value = self.item.values[0] if self.item.values else self.setting.default
        status = await bot.service.queries.status_for_table(self.table_id)
        if status is None:
            await reply(interaction, text(locale_of(interaction), "no_table"), ephemeral=True)
            return
        channel_id, user_id = status.table.channel_id, interaction.user.id
        changes, mod = {self.setting.name: value}, is_moderator(interaction)
        done = await run(
            interaction, lambda: set_rules(bot.service.core, channel_id, user_id, changes, mod)
        )
        if done is None:
            return
        await show_page(interaction, self.table_id, self.page, edit=True)
        await bot.after_change()


def rules_view(table_id: int, locale: str, rules: RuleSet, page: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    by_id = dict(pages(rules))
    if page not in by_id:
        page = next(iter(by_id))
    view.add_item(GroupSelect(table_id, locale, rules, page))
    for row, setting in enumerate(by_id[page], start=1):
        view.add_item(SettingSelect(table_id, page, setting, locale, rules, row))
    return view


async def show_page(
    interaction: discord.Interaction, table_id: int, page: str, *, edit: bool
) -> None:
    """Open the panel (a private answer) or redraw it in place."""
    bot = bot_of(interaction)
    loc = locale_of(interaction)
    status = await bot.service.queries.status_for_table(table_id)
    if status is None:
        await reply(interaction, text(loc, "no_table"), ephemeral=True)
        return
    rules = status.table.rules
    by_id = dict(pages(rules))
    page = page if page in by_id else next(iter(by_id))
    content = panel_content(loc, rules, page)
    view = rules_view(table_id, loc, rules, page)
    if edit and not interaction.response.is_done():
        await interaction.response.edit_message(content=content, view=view)
    elif edit and interaction.message is not None:
        await interaction.followup.edit_message(interaction.message.id, content=content, view=view)
    else:
        await reply(interaction, content, view=view, ephemeral=True)


RULES_ITEMS = (GroupSelect, SettingSelect)
