"""The news of tournaments on Discord (the service's hooks, set by the cog): each
table of a round gets its own public thread "T{event}-R{round}-{table}" under the
event's channel, found by name before one is made (a bot restarted between making
a thread and opening its table must not open a second one); the event's channel
gets the pairings, each round's results and standings (text and a picture) and
the final ranking. Also the words of the director's log."""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Literal

import discord

from bot.discord_app.host import Host
from bot.pictures.standings import StandingLine, render_standings
from bot.service.records import EntryInfo, EventInfo, LogEntry
from bot.service.tournament.pairing import BYE, Standing
from bot.service.tournament.rounds import synthetic_channel
from bot.text.i18n import language, text

log = logging.getLogger("bot.discord_app.tournament")

PUBLIC_THREAD: Literal[11] = 11  # Discord's channel types of threads
PRIVATE_THREAD: Literal[12] = 12


def standings_kind(ev: EventInfo) -> str:
    """How an event's standings read (``render_standings``' kinds)."""
    if ev.rules.friends is not None:
        return "alone"
    return "imps" if ev.format == "duplicate" else "teams"


def team_name(entry: EntryInfo | None) -> str:
    return " & ".join(entry.names) if entry is not None else "?"


class TournamentNews:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.client: discord.Client = bot  # type: ignore[assignment]  # the real client
        self._threads: dict[tuple[int, int, int], int] = {}

    def _lang(self, ev: EventInfo) -> str:
        guild = self.client.get_guild(ev.guild_id) if ev.guild_id is not None else None
        if guild is not None and guild.preferred_locale is not None:
            return language(str(guild.preferred_locale))
        return self.bot.service.core.defaults.language

    async def _news_lang(self, ev: EventInfo) -> str:
        """The server's language, asked of Discord while the bot starts (no guild
        cache yet: news a crash held back goes out then, in the right language)."""
        if ev.guild_id is not None and self.client.get_guild(ev.guild_id) is None:
            try:
                guild = await self.client.fetch_guild(ev.guild_id)
            except discord.HTTPException:
                return self._lang(ev)
            if guild.preferred_locale is not None:
                return language(str(guild.preferred_locale))
        return self._lang(ev)

    async def thread_for(
        self, ev: EventInfo, round_no: int, table_no: int
    ) -> tuple[int, int | None]:
        """The table's thread: the one already made for it (by name), else a new one.
        Raw REST calls, so it also works while the bot starts (no cache yet)."""
        if ev.channel_id is None or ev.guild_id is None:
            return synthetic_channel(ev, round_no, table_no), None
        key = (ev.id, round_no, table_no)
        found = self._threads.get(key)
        name = text(self._lang(ev), "tour.thread", event=ev.id, round=round_no, table=table_no)
        if found is None:
            try:
                listing = await self.client.http.get_active_threads(ev.guild_id)
                for t in listing.get("threads", []):
                    if t.get("name") == name and int(t.get("parent_id") or 0) == ev.channel_id:
                        found = int(t["id"])
                        break
            except discord.HTTPException:
                # Not knowing whether it exists, make none: the table waits and is
                # tried again (a second thread would orphan the first one's table).
                log.warning("tournament %s: cannot list the threads", ev.id)
                raise
        # Duplicate: behind screens. The same cards are played at the match's other
        # table, so only the table's four players (and the director) see it.
        private = ev.format == "duplicate"
        if found is None:
            made = await self.client.http.start_thread_without_message(
                ev.channel_id,
                name=name,
                auto_archive_duration=1440,
                type=PRIVATE_THREAD if private else PUBLIC_THREAD,
                invitable=not private,
            )
            found = int(made["id"])
        if private:  # found or made: a crash may have come before everyone was added
            for user_id in await self._seated(ev, round_no, table_no):
                await self.client.http.add_user_to_thread(found, user_id)
        self._threads[key] = found
        return found, ev.channel_id

    async def let_in(self, ev: EventInfo, user_id: int) -> None:
        """A substitute (``/tournament replace``) now seated at a table of the round
        in play: a private (duplicate) thread lets them in."""
        if ev.format != "duplicate" or ev.status != "running":
            return
        tours = self.bot.service.tournaments
        for p in await tours.store.pairings(ev.id, ev.current_round):
            status = self.bot.service.queries.cached_status(p.table_id) if p.table_id else None
            if status is None or user_id not in await self._seated(ev, p.round_no, p.table_no):
                continue
            try:  # the table's own channel: known after a restart too
                await self.client.http.add_user_to_thread(status.table.channel_id, user_id)
            except discord.HTTPException:
                log.warning("tournament %s: cannot add a substitute to a thread", ev.id)

    async def _seated(self, ev: EventInfo, round_no: int, table_no: int) -> list[int]:
        """The people a private table thread is for: its seats and the director —
        unless the director plays in the event (then they would see the other
        table of their own board)."""
        tours = self.bot.service.tournaments
        entries = {e.team_no: e for e in await tours.events.entries(ev.id)}
        playing = any(ev.director_id in e.user_ids for e in entries.values())
        director = [] if playing else [ev.director_id]
        for p in await tours.store.pairings(ev.id, round_no):
            if p.table_no == table_no:
                seats = tours.rounds.seats_of(ev, p, entries)
                users = [s.user_id for s in seats if s.user_id is not None]
                return list(dict.fromkeys([*users, *director]))
        return director

    async def announce(self, ev: EventInfo, what: str, round_no: int) -> None:
        """The event's news in its channel; a failure to post never stops the event."""
        if ev.channel_id is None:
            return
        try:
            await self._post(ev, what, round_no)
        except discord.HTTPException as exc:
            log.warning("tournament %s: news not posted: %s", ev.id, exc)

    async def _post(self, ev: EventInfo, what: str, round_no: int) -> None:
        assert ev.channel_id is not None
        tours = self.bot.service.tournaments
        lang = await self._news_lang(ev)
        entries = {e.team_no: e for e in await tours.events.entries(ev.id)}
        channel = self.client.get_partial_messageable(ev.channel_id)
        if what == "paired":
            lines = [text(lang, "tour.paired", name=ev.name, round=round_no)]
            for p in await tours.store.pairings(ev.id, round_no):
                if p.ew_team == BYE:
                    lines.append(
                        text(lang, "tour.bye_line", team=team_name(entries.get(p.ns_team)))
                    )
                    continue
                thread = self._threads.get((ev.id, round_no, p.table_no))
                if thread is None and p.table_id is not None:
                    status = self.bot.service.queries.cached_status(p.table_id)
                    thread = status.table.channel_id if status is not None else None
                if p.seats:  # 找朋友: a table of individuals, every one named
                    players = ", ".join(team_name(entries.get(t)) for t in p.seats)
                    link = f"<#{thread}>" if thread else "—"
                    lines.append(
                        text(lang, "tour.ring_line", table=p.table_no, players=players, thread=link)
                    )
                    continue
                lines.append(
                    text(
                        lang,
                        "tour.table_line",
                        table=p.table_no,
                        ns=team_name(entries.get(p.ns_team)),
                        ew=team_name(entries.get(p.ew_team)),
                        thread=f"<#{thread}>" if thread else "—",
                    )
                )
            await channel.send(
                "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none()
            )
            return
        rows = await tours.events.standings(ev.id)
        if what == "finished":
            lines = [text(lang, "tour.results", name=ev.name, round=round_no)]
            for p in await tours.store.pairings(ev.id, round_no):
                if p.ew_team == BYE:
                    lines.append(
                        text(lang, "tour.bye_line", team=team_name(entries.get(p.ns_team)))
                    )
                    continue
                if p.seats:  # 找朋友: the levels each player gained
                    players = ", ".join(
                        text(lang, "tour.ring_seat", name=team_name(entries.get(t)), levels=lv)
                        for t, lv in zip(
                            p.seats, p.seat_levels or (0,) * len(p.seats), strict=False
                        )
                    )
                    lines.append(text(lang, "tour.ring_result", table=p.table_no, players=players))
                    continue
                if ev.format == "duplicate":  # a match is two tables: its IMPs, once
                    if p.table_no % 2 == 1:
                        lines.append(
                            text(
                                lang,
                                "tour.match_line",
                                match=(p.table_no + 1) // 2,
                                a=team_name(entries.get(p.ns_team)),
                                b=team_name(entries.get(p.ew_team)),
                                imps=p.ns_raw or 0,
                            )
                        )
                    continue
                lines.append(
                    text(
                        lang,
                        "tour.result_line",
                        table=p.table_no,
                        ns=team_name(entries.get(p.ns_team)),
                        ew=team_name(entries.get(p.ew_team)),
                        diff=p.level_diff or 0,
                    )
                )
            lines += ["", text(lang, "tour.standings", name=ev.name, round=round_no)]
        else:
            lines = [text(lang, "tour.final", name=ev.name)]
        kind = standings_kind(ev)
        lines += self.standing_lines(lang, rows, entries, kind=kind)
        png = render_standings(
            self.picture_lines(rows, entries), ev.name, round_no, lang, kind=kind
        )
        await channel.send(
            "\n".join(lines)[:2000],
            file=discord.File(io.BytesIO(png), "standings.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @staticmethod
    def standing_lines(
        lang: str, rows: Sequence[Standing], entries: dict[int, EntryInfo], *, kind: str = "teams"
    ) -> list[str]:
        code = {"alone": "tour.standing_line_alone", "imps": "tour.standing_line_imps"}
        return [
            text(
                lang,
                code.get(kind, "tour.standing_line"),
                place=s.place,
                team=team_name(entries.get(s.team)),
                points=s.points,
                buchholz=s.buchholz,
                diff=s.level_diff,
            )
            for s in rows[:25]
        ]

    @staticmethod
    def picture_lines(
        rows: Sequence[Standing], entries: dict[int, EntryInfo]
    ) -> list[StandingLine]:
        return [
            StandingLine(
                s.place, team_name(entries.get(s.team)), s.points, s.buchholz, s.level_diff
            )
            for s in rows[:25]
        ]


def log_line(lang: str, e: LogEntry) -> str:
    """One change of the director's log, in words."""
    at = e.at.strftime("%Y-%m-%d %H:%M")
    d = e.detail
    if e.action == "replace":
        return text(
            lang, "tour.log_replace", at=at, actor=e.actor_id, team=int(d["team"]) + 1,
            old=d.get("old_name") or d["old"], new=d.get("new_name") or d["new"], reason=e.reason,
        )  # fmt: skip

    def value(v: dict[str, int | None]) -> str:
        found = v.get("level_diff") if v.get("level_diff") is not None else v.get("ns_raw")
        return "—" if found is None else f"{found:+d}"

    return text(
        lang, "tour.log_adjust", at=at, actor=e.actor_id, round=e.round_no, table=e.table_no,
        before=value(d.get("before", {})), after=value(d.get("after", {})), reason=e.reason,
    )  # fmt: skip
