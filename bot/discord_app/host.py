"""What cogs, buttons and interaction helpers need from the bot.

A Protocol, so those modules depend on this small interface instead of importing
``bot.discord_app.client`` (which imports them): no import circle, and the click-to-play panel
or a test can stand in with anything that has these members.
"""

from __future__ import annotations

from typing import Literal, Protocol

import discord

from bot.discord_app.emojis import CardEmojis
from bot.discord_app.ladder_roles import LadderRoles
from bot.service import TableService

Delivery = Literal["first", "copy", "retry"]


class PresenterHooks(Protocol):
    """The presenter's part the interaction handlers use."""

    def remember_user(self, user: discord.abc.User) -> None: ...

    def turn_ping(self, table_id: int) -> int | None:
        """The user to mention as next to play, or None (see ``Presenter.turn_ping``)."""
        ...

    def touch(self, table_id: int, channel_id: int) -> None:
        """Show the table message again at the next flush (see ``Presenter.touch``)."""
        ...

    def fallback_note(self, channel_id: int, locale: str | None) -> str | None:
        """Once per missing channel permission: how the table goes on without it."""
        ...


class Host(Protocol):
    service: TableService
    ladder_roles: LadderRoles  # tier roles (/ladder roles)
    card_emojis: CardEmojis  # card faces for messages and select options (text alone if off)
    live_url: str | None  # PUBLIC_URL when the live table is served (links), else None

    @property
    def presenter(self) -> PresenterHooks: ...

    def delivery(self, interaction: discord.Interaction) -> Delivery:
        """``first`` for a new interaction id; for one seen before (Discord may deliver
        twice), ``copy`` when it shares the first delivery's token (its answer slot is
        the original's: never answer it) and ``retry`` when it has a fresh token."""
        ...

    async def after_change(self) -> None:
        """Flush Discord updates after a change and wake the timer loop."""
        ...
