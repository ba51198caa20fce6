"""The clock of running tournaments (``TournamentService.driver``): each tick
drives the current round's tables — the next hand (duplicate: the next board, a
fresh single-hand match from its fixed deal), a table that has played enough is
ended (the hand in progress finishes first), seated players who have not moved by
the grace time get an AI seat — and a round whose tables are all done is scored
and followed by the next. ``resume`` picks running events up after a start."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime, timedelta

from bot.service.changes import Changes
from bot.service.core import Core
from bot.service.errors import ServiceError, guarded
from bot.service.lifecycle import Lifecycle
from bot.service.notices import Public
from bot.service.state import LiveTable
from bot.service.tournament.duplicate import board_match
from bot.service.tournament.events import Events
from bot.service.tournament.friends import seat_levels
from bot.service.tournament.pairing import BYE
from bot.service.tournament.results import board_imps, level_diff
from bot.service.tournament.rounds import RETRY, Rounds
from rules.actions import NextHand
from storage import SeatInfo
from storage.tournaments import EventInfo, PairingInfo

log = logging.getLogger("bot.service.tournament")

GRACE_SECONDS = 180  # a seated player who has not moved by then gets an AI seat


class RoundDriver:
    def __init__(
        self, core: Core, changes: Changes, lifecycle: Lifecycle, events: Events, rounds: Rounds
    ) -> None:
        self.core = core
        self.changes = changes
        self.lifecycle = lifecycle
        self.events = events
        self.rounds = rounds
        self.store = events.store
        self._checked: set[tuple[int, int, int]] = set()  # tables checked for no-shows
        # table: (hands, first seen scored): the pause between hands
        self._scored_seen: dict[int, tuple[int, datetime]] = {}
        self._resumed_at: datetime | None = None  # when this service took the events up

    # ---- the clock --------------------------------------------------------------------
    async def resume(self) -> int:
        """After a start: every running event's current round carries on, and the
        news a crash kept from going out is posted."""
        # The grace time counts from now too: players could not move while the bot
        # was down (their seats are not taken the moment it is back).
        self._resumed_at = self.core.clock.now()
        events: list[EventInfo] = await guarded(self.store.events(statuses=("running",)))
        for ev in events:
            if not self.core.shards.owns(ev.guild_id):
                continue
            self.rounds.running[ev.id] = ev  # one that fails here is tried again by ``tick``
            try:
                await self._resume_event(ev)
            except Exception:
                log.exception("tournament %s: not resumed (tried again on the tick)", ev.id)
                self.rounds.retry_at.setdefault(ev.id, self.core.clock.now())
        for ev in await guarded(self.store.finals_unannounced()):
            if self.core.shards.owns(ev.guild_id):
                try:
                    rounds = await guarded(self.store.rounds(ev.id))
                    last = rounds[-1] if rounds else None
                    # (an event ended by its director mid-round has no results to post)
                    if last and last.status == "finished" and "finished" not in last.news:
                        await self.rounds.post_news(ev, "finished", ev.current_round)
                    await self.rounds.post_news(ev, "final", ev.current_round)
                except Exception:
                    log.exception("tournament %s: final news not posted", ev.id)
        return len(self.rounds.running)

    async def _resume_event(self, ev: EventInfo) -> None:
        rounds = await guarded(self.store.rounds(ev.id))
        for r in rounds:
            if r.status == "finished" and "finished" not in r.news:
                await self.rounds.post_news(ev, "finished", r.round_no)
        if not rounds or rounds[-1].status == "finished":
            await self.rounds.next_round(ev)  # a crash came between the two writes
        elif await self.rounds.open_tables(ev) and "paired" not in rounds[-1].news:
            await self.rounds.post_news(ev, "paired", rounds[-1].round_no)

    async def tick(self) -> int:
        """Drive the running events' tables: the next hand, a finished table, the
        no-shows, the end of a round. Returns how many changes it made."""
        changed = 0
        for ev in list(self.rounds.running.values()):
            try:
                changed += await self._drive(ev)
            except ServiceError as exc:  # storage busy or down: tried again
                log.warning("tournament %s: delayed: %s", ev.id, exc.code)
                self.rounds.retry_at.setdefault(ev.id, self.core.clock.now())
            except Exception:  # one event's bug must not stop the others
                log.exception("tournament %s: not driven (tried again)", ev.id)
                self.rounds.retry_at.setdefault(ev.id, self.core.clock.now())
        return changed

    async def _drive(self, ev: EventInfo) -> int:
        rounds = await guarded(self.store.rounds(ev.id))
        now = self.core.clock.now()
        if not rounds or rounds[-1].status == "finished":
            # Only after the next round failed to open (else ``start`` or the round's
            # end is opening it): tried again, then at most every RETRY.
            if ev.id not in self.rounds.retry_at or now < self.rounds.retry_at[ev.id]:
                return 0
            self.rounds.retry_at[ev.id] = now + RETRY
            await self.rounds.next_round(await self.events.event(ev.id))
            return 1
        current = rounds[-1]
        tables: list[PairingInfo] = await guarded(self.store.pairings(ev.id, current.round_no))
        changed = 0
        if ev.id in self.rounds.retry_at and now >= self.rounds.retry_at[ev.id]:
            # Tables a front end could not make a channel for (no thread yet).
            late = any(p.table_id is None and p.ew_team != BYE for p in tables)
            fresh = await self.events.event(ev.id)
            if await self.rounds.open_tables(fresh) and late:
                # Their players get the whole grace time (and a round by time its minutes).
                await guarded(self.store.restart_round(ev.id, current.round_no, now))
                current = replace(current, started_at=now)
                if "paired" not in current.news:
                    await self.rounds.post_news(fresh, "paired", current.round_no)
            tables = await guarded(self.store.pairings(ev.id, current.round_no))
            changed += 1
        grace = timedelta(seconds=int(ev.settings.get("grace", GRACE_SECONDS)))
        grace_from = max(current.started_at, self._resumed_at or current.started_at)
        for p in tables:
            if p.status != "open" or p.table_id is None:
                continue
            key = (ev.id, p.round_no, p.table_no)
            if now >= grace_from + grace and not p.checked and key not in self._checked:
                changed += await self._no_shows(ev, p)
                if key in self._checked:  # stored: a restart does not check it again
                    await guarded(self.store.set_checked(*key))
            changed += await self._advance(ev, p, current.started_at, now)
        tables = await guarded(self.store.pairings(ev.id, current.round_no))
        if all(p.status == "done" or p.ew_team == BYE for p in tables):
            await self._finish_round(ev, current.round_no, tables)
            changed += 1
        return changed

    async def _advance(
        self, ev: EventInfo, p: PairingInfo, started: datetime, now: datetime
    ) -> int:
        """A table between hands plays the next one, or is done (ended, its result
        stored); one in the middle of a hand plays on."""
        assert p.table_id is not None
        async with self.core.locks(p.table_id):
            live = self.core.live_table(p.table_id)
            if live is not None and (live.match is None or live.match.phase != "scored"):
                return 0  # a hand in play (it finishes, whatever the clock says)
            hands = await guarded(self.store.table_hands(p.table_id))
            target = ev.hands  # per table (duplicate: boards); None: by time
            if target is not None:
                enough = len(hands) >= target
            else:
                enough = now >= started + timedelta(minutes=ev.minutes or 0)
            if live is not None and not enough:
                # The players see the hand's result before the next one: the pause
                # of a table's own next hand, from when this tick first saw it scored.
                played, seen = self._scored_seen.get(p.table_id, (-1, now))
                if played != len(hands):
                    self._scored_seen[p.table_id] = (len(hands), now)
                    seen = now
                if now < seen + timedelta(seconds=self.core.defaults.next_hand_seconds):
                    return 0
                del self._scored_seen[p.table_id]
                if ev.format == "duplicate":  # the next board: a fresh single-hand match
                    if await self._other_table_behind(ev, p, len(hands)):
                        return 0  # no board is played at one table while the other holds it
                    boards = await guarded(self.store.boards(ev.id))
                    board = (p.board_no or 1) + len(hands)
                    await self.lifecycle.begin(live, board_match(ev.rules, boards[board], board))
                else:
                    await self.changes.commit(live, NextHand(), None, None)
                    await self.changes.follow_up(live)
                return 1
            self._scored_seen.pop(p.table_id, None)
            if live is not None:
                await self._close(live)
        # Gone from play (ended here, or its match was won): its result is stored.
        await guarded(
            self.store.finish_table(
                ev.id,
                p.round_no,
                p.table_no,
                level_diff=level_diff(hands),
                ns_raw=None,
                hands=len(hands),
                seat_levels=seat_levels(hands[0].levels_before, hands[-1].levels_after)
                if p.seats and hands
                else (),
            )
        )
        return 1

    async def _other_table_behind(self, ev: EventInfo, p: PairingInfo, played: int) -> bool:
        """Duplicate: the match's other table (odd table n, even n + 1) has not yet
        finished the board this one just played. Both start each board together, so
        no board is half played at one table while the other plays it."""
        other_no = p.table_no + 1 if p.table_no % 2 else p.table_no - 1
        for o in await guarded(self.store.pairings(ev.id, p.round_no)):
            if o.table_no == other_no:
                if o.status == "done":
                    return False
                if o.table_id is None:
                    return True
                return len(await guarded(self.store.table_hands(o.table_id))) < played
        return False

    async def end_table(self, table_id: int) -> None:
        async with self.core.locks(table_id):
            live = self.core.live_table(table_id)
            if live is not None:
                await self._close(live)

    async def _close(self, live: LiveTable) -> None:
        """End a tournament table (caller holds its lock)."""
        t = live.table
        if t.status not in ("lobby", "playing"):
            return
        live.table = await guarded(self.core.store.end_match(t.id, t.version))
        self.core.forget(live)
        await self.core.emit([Public(t.id, t.channel_id, "table_ended")])

    async def _no_shows(self, ev: EventInfo, p: PairingInfo) -> int:
        """Seated players who have not moved by the grace time get an AI seat."""
        assert p.table_id is not None
        acted = await guarded(self.store.actors(p.table_id))
        marked = list(p.no_shows)
        async with self.core.locks(p.table_id):
            live = self.core.live_table(p.table_id)
            if live is None:
                return 0
            for s in live.table.seats:
                if s.user_id is None or s.user_id in acted:
                    continue
                ai = SeatInfo(s.seat, None, "basic", f"AI ({s.display_name})")
                note = Public(
                    live.table.id,
                    live.table.channel_id,
                    "seat_to_ai",
                    params={"seat": s.seat, "name": s.display_name},
                )
                await self.changes.replace_seat(live, ai, note)
                marked.append(s.seat)
        self._checked.add((ev.id, p.round_no, p.table_no))
        if marked != list(p.no_shows):
            await guarded(self.store.set_no_shows(ev.id, p.round_no, p.table_no, marked))
            return 1
        return 0

    async def _finish_round(self, ev: EventInfo, round_no: int, tables: list[PairingInfo]) -> None:
        table_imps: dict[int, int] = {}
        if ev.format == "duplicate":
            by_no = {p.table_no: p for p in tables}
            for p in tables:
                if p.table_no % 2 == 0 or p.ew_team == BYE or p.table_id is None:
                    continue
                other = by_no[p.table_no + 1]
                assert other.table_id is not None
                first = await guarded(self.store.table_hands(p.table_id))
                second = await guarded(self.store.table_hands(other.table_id))
                won = board_imps(first, second, p.board_no or 1, ev.rules)
                table_imps[p.table_no], table_imps[other.table_no] = won, -won
        # A knockout ends when one team is left (``_next_round`` sees it).
        last = round_no >= ev.rounds and ev.format != "knockout"
        await guarded(
            self.store.finish_round(
                ev.id, round_no, self.core.clock.now(), last=last, table_imps=table_imps
            )
        )
        await self.rounds.post_news(ev, "finished", round_no)
        if last:
            self.rounds.running.pop(ev.id, None)
            await self.rounds.post_news(ev, "final", round_no)
            return
        await self.rounds.next_round(await self.events.event(ev.id))
