"""Tournaments on Discord: ``/tournament new|join|checkin|start|status|drop|end``
and the director's ``replace|adjust|log`` (the service is
``TableService.tournaments``). An event's threads and news:
``bot/discord_app/tournament_news.py``."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord_app.channel_access import permission_names
from bot.discord_app.host import Host
from bot.discord_app.interactions import guild_language, locale_of, reply, run
from bot.discord_app.interactions import kept as _kept
from bot.discord_app.interactions import ran as _done
from bot.discord_app.permissions import missing
from bot.discord_app.tournament_news import TournamentNews, log_line, standings_kind
from bot.pictures.standings import render_standings
from bot.service.records import FORMATS
from bot.service.tournament.driver import GRACE_SECONDS
from bot.service.tournament.pairing import MatchPoints
from bot.text.i18n import text

FORMAT_CHOICES = [
    app_commands.Choice(name=_(f, code="slash.fmt_" + f.replace("-", "_")), value=f)
    for f in FORMATS
]


NO_SHOW_CHOICES = [
    app_commands.Choice(name=_("result counts", code="slash.no_show_counts"), value="counts"),
    app_commands.Choice(name=_("team forfeits", code="slash.no_show_forfeit"), value="forfeit"),
]

# Roles whose members run tournaments as if they had Manage Server (any case).
DIRECTOR_ROLES = frozenset({"tournament director", "比赛裁判", "比賽裁判"})


class TournamentCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.news = TournamentNews(bot)
        tours = bot.service.tournaments
        tours.rounds.channels = self.news.thread_for
        tours.rounds.announce = self.news.announce

    tournament = app_commands.Group(
        name=_("tournament"), description=_("Tournaments: Swiss, round robin, knockout, duplicate")
    )

    # ---- which event ------------------------------------------------------------------
    async def _event_id(self, interaction: discord.Interaction, event: int | None) -> int | None:
        """The event named, else this channel's latest one still going (else its last)."""
        loc = locale_of(interaction)
        if interaction.guild_id is None:
            await reply(interaction, text(loc, "tour.guild_only"), ephemeral=True)
            return None
        if event is not None:
            return event
        found = await self.bot.service.tournaments.store.events(guild_id=interaction.guild_id)
        here = [e for e in found if e.channel_id == interaction.channel_id]
        going = [e for e in here if e.status != "finished"]
        if going or here:
            return (going or here)[-1].id
        await reply(interaction, text(loc, "tour.none_here"), ephemeral=True)
        return None

    @staticmethod
    def _manages(interaction: discord.Interaction) -> bool:
        """Manage Server, or a role named for running tournaments (DIRECTOR_ROLES):
        a server can let its organisers run events without giving them the server."""
        perms = getattr(interaction.user, "guild_permissions", None)
        if perms is not None and perms.manage_guild:
            return True
        roles = getattr(interaction.user, "roles", ())
        return any(r.name.strip().casefold() in DIRECTOR_ROLES for r in roles)

    # ---- the commands -----------------------------------------------------------------
    @tournament.command(
        name=_("new"),
        description=_(
            "Create a tournament in this channel (Manage Server)", code="slash.tournament_new_help"
        ),
    )
    @app_commands.rename(
        name=_("name"), format=_("format"), rounds=_("rounds"), hands=_("hands"),
        minutes=_("minutes"), preset=_("preset"), ranked=_("ranked"),
        grace=_("grace", code="slash.tour_grace"), win=_("win", code="slash.tour_win"),
        draw=_("draw", code="slash.tour_draw"), loss=_("loss", code="slash.tour_loss"),
        draw_margin=_("draw_margin", code="slash.tour_draw_margin"),
        no_show=_("no_show", code="slash.tour_no_show"),
    )  # fmt: skip
    @app_commands.describe(
        name=_("The tournament's name", code="slash.tournament_name_help"),
        format=_("Swiss, round robin, knockout or duplicate"),
        rounds=_("How many rounds"),
        hands=_("Hands per round (duplicate: boards)"),
        minutes=_("Minutes per round (instead of hands)"),
        preset=_("Rule set (default: this server's)", code="slash.tournament_preset_help"),
        ranked=_("Tables count for the ladder", code="slash.tournament_ranked_help"),
        grace=_("Minutes before a no-show gets an AI seat (default 3)"),
        win=_("Match points for a win (default 2)"),
        draw=_("Match points for a draw (default 1)"),
        loss=_("Match points for a loss (default 0)"),
        draw_margin=_("A round is a draw within this many levels (default 0: equal)"),
        no_show=_(
            "A no-show: the AI result counts, or the team forfeits (default counts)",
            code="slash.tour_no_show_help",
        ),
    )
    @app_commands.choices(format=FORMAT_CHOICES, no_show=NO_SHOW_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        format: str,
        rounds: app_commands.Range[int, 1, 20],
        hands: app_commands.Range[int, 1, 600] | None = None,
        minutes: app_commands.Range[int, 1, 600] | None = None,
        preset: str | None = None,
        ranked: bool = False,
        grace: app_commands.Range[int, 0, 60] | None = None,
        win: app_commands.Range[int, 0, 10] | None = None,
        draw: app_commands.Range[int, 0, 10] | None = None,
        loss: app_commands.Range[int, 0, 10] | None = None,
        draw_margin: app_commands.Range[int, 0, 12] = 0,
        no_show: str = "counts",
    ) -> None:
        loc = locale_of(interaction)
        base = MatchPoints()
        points = MatchPoints(
            win=base.win if win is None else win,
            draw=base.draw if draw is None else draw,
            loss=base.loss if loss is None else loss,
            draw_margin=draw_margin,
        )
        if interaction.guild_id is None:
            await reply(interaction, text(loc, "tour.guild_only"), ephemeral=True)
            return
        if not self._manages(interaction):
            await reply(interaction, text(loc, "tour.manage_only"), ephemeral=True)
            return
        # The event's news here, a thread per table (duplicate: private ones): refuse
        # now, naming what the bot lacks, rather than fail when the round opens.
        thread = "private_thread" if format == "duplicate" else "thread"
        lacks = missing(interaction.app_permissions, ("table", thread))
        if lacks:
            names = permission_names(loc, lacks)
            await reply(interaction, text(loc, "perm_refused", missing=names), ephemeral=True)
            return
        ev = await run(
            interaction,
            lambda: self.bot.service.tournaments.new_event(
                guild_id=interaction.guild_id,
                director_id=interaction.user.id,
                name=name,
                format=format,
                rounds=rounds,
                hands=hands,
                minutes=minutes,
                channel_id=interaction.channel_id,
                preset_name=preset,
                ranked=ranked,
                points=points,
                grace_seconds=GRACE_SECONDS if grace is None else grace * 60,
                no_show=no_show,
            ),
        )
        if ev is None:
            return
        lang = guild_language(interaction)
        alone = self.bot.service.tournaments.events.individual(ev)
        words = text(
            lang, "tour.created_alone" if alone else "tour.created", event=ev.id, name=ev.name,
            format=text(lang, "fmt." + ev.format), rounds=ev.rounds,
        )  # fmt: skip
        await reply(interaction, words)

    @tournament.command(
        name=_("join"),
        description=_("Enter a team with your partner", code="slash.tournament_join_help"),
    )
    @app_commands.rename(
        partner=_("partner"), second=_("second"), third=_("third"), event=_("event")
    )
    @app_commands.describe(
        partner=_("Your partner (not at a Finding Friends event)"),
        second=_("Duplicate: your team's second pair, first player"),
        third=_("Duplicate: your team's second pair, second player"),
        event=_("Tournament number (default: this channel's)"),
    )
    async def join(
        self,
        interaction: discord.Interaction,
        partner: discord.Member | None = None,
        second: discord.Member | None = None,
        third: discord.Member | None = None,
        event: int | None = None,
    ) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        pair = [(m.id, m.display_name) for m in (second, third) if m is not None]
        if pair and len(pair) != 2:
            await reply(
                interaction, text(locale_of(interaction), "tour.duplicate_team"), ephemeral=True
            )
            return
        ev = await run(interaction, lambda: tours.events.event(event_id))
        if ev is None:
            return
        if partner is not None and tours.events.individual(ev):
            await reply(
                interaction, text(locale_of(interaction), "tour.no_partner"), ephemeral=True
            )
            return
        me = interaction.user
        team = await run(
            interaction,
            lambda: tours.join(
                event_id, me.id, partner.id if partner else None, name=me.display_name,
                partner_name=partner.display_name if partner else "", pair=pair,
            ),
        )  # fmt: skip
        if team is None:
            return
        players = " & ".join(m.display_name for m in (me, partner, second, third) if m is not None)
        code = "tour.joined_alone" if tours.events.individual(ev) else "tour.joined"
        await reply(
            interaction, text(guild_language(interaction), code, team=team + 1, players=players)
        )

    @tournament.command(name=_("checkin"), description=_("Check your team in before the start"))
    @app_commands.rename(event=_("event"))
    @app_commands.describe(event=_("Tournament number (default: this channel's)"))
    async def checkin(self, interaction: discord.Interaction, event: int | None = None) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        team = await run(interaction, lambda: tours.check_in(event_id, interaction.user.id))
        if team is not None:
            code = await self._alone(event_id, "tour.checked_in")
            await reply(interaction, text(guild_language(interaction), code, team=team + 1))

    @tournament.command(
        name=_("start"),
        description=_(
            "Close entries and pair round 1 (director)", code="slash.tournament_start_help"
        ),
    )
    @app_commands.rename(event=_("event"))
    @app_commands.describe(event=_("Tournament number (default: this channel's)"))
    async def start(self, interaction: discord.Interaction, event: int | None = None) -> None:
        tours = self.bot.service.tournaments
        opened = await self._director_step(
            interaction, event, lambda e, u, m: tours.start(e, u, manage=m), "tour.started"
        )
        if opened is False:  # no thread for its tables yet (the tick tries again)
            await reply(
                interaction, text(locale_of(interaction), "tour.tables_later"), ephemeral=True
            )

    @tournament.command(
        name=_("status"),
        description=_("The standings of a tournament", code="slash.tournament_status_help"),
    )
    @app_commands.rename(event=_("event"))
    @app_commands.describe(event=_("Tournament number (default: this channel's)"))
    async def status(self, interaction: discord.Interaction, event: int | None = None) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        ev = await run(interaction, lambda: tours.events.event(event_id))
        if ev is None:
            return
        loc = locale_of(interaction)
        entries = {e.team_no: e for e in await tours.events.entries(event_id)}
        if ev.status == "registering":
            ready = sum(1 for e in entries.values() if e.checked_in and not e.dropped)
            code = "tour.registering_alone" if tours.events.individual(ev) else "tour.registering"
            words = text(
                loc, code, name=ev.name, event=ev.id,
                format=text(loc, "fmt." + ev.format), teams=len(entries), ready=ready,
            )  # fmt: skip
            await reply(interaction, words, ephemeral=True)
            return
        rows = await tours.events.standings(event_id)
        rounds = await tours.store.rounds(event_id)
        played = sum(1 for r in rounds if r.status == "finished")
        head = "tour.final" if ev.status == "finished" else "tour.standings"
        lines = [
            text(loc, head, name=ev.name, round=played),
            *self.news.standing_lines(loc, rows, entries, kind=standings_kind(ev)),
        ]
        png = render_standings(
            self.news.picture_lines(rows, entries), ev.name, played, loc, kind=standings_kind(ev)
        )
        await reply(
            interaction, "\n".join(lines), ephemeral=True,
            file=discord.File(io.BytesIO(png), "standings.png"),
        )  # fmt: skip

    @tournament.command(name=_("drop"), description=_("Your team leaves the tournament"))
    @app_commands.rename(team=_("team", code="slash.tour_team"), event=_("event"))
    @app_commands.describe(
        team=_("Director: the team to take out"),
        event=_("Tournament number (default: this channel's)"),
    )
    async def drop(
        self,
        interaction: discord.Interaction,
        team: app_commands.Range[int, 1, 10000] | None = None,
        event: int | None = None,
    ) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        manage = self._manages(interaction)
        team_no = None if team is None else team - 1  # shown from 1, stored from 0
        dropped = await run(
            interaction,
            lambda: tours.drop(event_id, interaction.user.id, team_no, manage=manage),
        )
        if dropped is not None:
            code = await self._alone(event_id, "tour.dropped")
            await reply(interaction, text(guild_language(interaction), code, team=dropped + 1))

    @tournament.command(
        name=_("end"),
        description=_("Stop the tournament (director)", code="slash.tournament_end_help"),
    )
    @app_commands.rename(event=_("event"))
    @app_commands.describe(event=_("Tournament number (default: this channel's)"))
    async def end(self, interaction: discord.Interaction, event: int | None = None) -> None:
        tours = self.bot.service.tournaments
        await self._director_step(
            interaction, event, lambda e, u, m: tours.end(e, u, manage=m), "tour.ended"
        )

    async def _alone(self, event_id: int, code: str) -> str:
        """``code``, or its words for a 找朋友 event (entries are players, not teams)."""
        ev = await self.bot.service.tournaments.events.event(event_id)
        return code + "_alone" if self.bot.service.tournaments.events.individual(ev) else code

    async def _director_step(
        self,
        interaction: discord.Interaction,
        event: int | None,
        step: Callable[[int, int, bool], Awaitable[object]],
        done_code: str,
    ) -> object:
        """``/tournament start`` and ``end``: the event's step by its director (or
        Manage Server), announced in the server's language. Returns what the step
        returned (None if it was refused)."""
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return None
        manage = self._manages(interaction)
        done = await run(interaction, lambda: _kept(step(event_id, interaction.user.id, manage)))
        if done is None:
            return None
        await reply(interaction, text(guild_language(interaction), done_code, event=event_id))
        await self.bot.after_change()
        return done[0]

    # ---- the director's tools (the service checks director / Manage Server) ----------
    @tournament.command(
        name=_("replace", code="slash.tour_replace"),
        description=_("Put a substitute on a team (director)"),
    )
    @app_commands.rename(
        team=_("team", code="slash.tour_team"), old=_("old", code="slash.tour_old"),
        new=_("new"), reason=_("reason", code="slash.tour_reason"), event=_("event"),
    )  # fmt: skip
    @app_commands.describe(
        team=_("Team number"),
        old=_("The player who leaves the team"),
        new=_("The substitute"),
        reason=_("Why (it is logged)"),
        event=_("Tournament number (default: this channel's)"),
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        team: app_commands.Range[int, 1, 10000],
        old: discord.Member,
        new: discord.Member,
        reason: app_commands.Range[str, 1, 200],
        event: int | None = None,
    ) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        manage = self._manages(interaction)
        done = await run(
            interaction,
            lambda: _done(
                tours.director.replace_player(
                    event_id, interaction.user.id, team_no=team - 1, old_id=old.id,
                    new_id=new.id, new_name=new.display_name, reason=reason, manage=manage,
                )
            ),
        )  # fmt: skip
        if done:
            words = text(
                guild_language(interaction), "tour.replaced",
                team=team, old=old.display_name, new=new.display_name,
            )  # fmt: skip
            await reply(interaction, words, allowed_mentions=discord.AllowedMentions.none())
            await self.news.let_in(await tours.events.event(event_id), new.id)
            await self.bot.after_change()

    @tournament.command(
        name=_("adjust", code="slash.tour_adjust"),
        description=_("Set a finished table's result (director)"),
    )
    @app_commands.rename(
        round=_("round", code="slash.tour_round"), table=_("table"),
        margin=_("margin", code="slash.tour_margin"),
        reason=_("reason", code="slash.tour_reason"), event=_("event"),
    )  # fmt: skip
    @app_commands.describe(
        round=_("Round number"),
        table=_("Table number in that round"),
        margin=_("N/S levels minus E/W's (duplicate: N/S team's IMPs)"),
        reason=_("Why (it is logged)"),
        event=_("Tournament number (default: this channel's)"),
    )
    async def adjust(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, 20],
        table: app_commands.Range[int, 1, 10000],
        margin: app_commands.Range[int, -100, 100],
        reason: app_commands.Range[str, 1, 200],
        event: int | None = None,
    ) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        manage = self._manages(interaction)
        done = await run(
            interaction,
            lambda: _done(
                tours.director.adjust_result(
                    event_id, interaction.user.id, round_no=round, table_no=table,
                    margin=margin, reason=reason, manage=manage,
                )
            ),
        )  # fmt: skip
        if done:
            words = text(
                guild_language(interaction), "tour.adjusted",
                round=round, table=table, margin=margin,
            )  # fmt: skip
            await reply(interaction, words)

    @tournament.command(
        name=_("log", code="slash.tour_log"), description=_("The director's changes (director)")
    )
    @app_commands.rename(event=_("event"))
    @app_commands.describe(event=_("Tournament number (default: this channel's)"))
    async def log(self, interaction: discord.Interaction, event: int | None = None) -> None:
        event_id = await self._event_id(interaction, event)
        if event_id is None:
            return
        tours = self.bot.service.tournaments
        loc = locale_of(interaction)
        ev = await run(interaction, lambda: tours.events.event(event_id))
        if ev is None:
            return
        if interaction.user.id != ev.director_id and not self._manages(interaction):
            await reply(interaction, text(loc, "tournament_not_director"), ephemeral=True)
            return
        lines = await tours.director.log(event_id)
        if not lines:
            await reply(interaction, text(loc, "tour.log_empty", name=ev.name), ephemeral=True)
            return
        words = [text(loc, "tour.log_head", name=ev.name), *map(lambda e: log_line(loc, e), lines)]
        await reply(
            interaction, "\n".join(words)[-2000:], ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )  # fmt: skip
