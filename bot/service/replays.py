"""复盘: finished hands for the replay viewers (``/history``, ``/replay``,
``/record``, the ``/r/<token>`` page), with the checks that keep them honest: only
finished hands exist here (a hand is stored when it is scored), a hand of another
server is as unknown as a hand that never was, and a share link is revoked only
by a player of that hand or someone with Manage Server. Every way to a stored
hand (the command line's ``table_hand`` too) refuses a tournament round in play."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.errors import ServiceError, guarded
from rules.record import parse_record
from rules.replay import HandReplay, hand_replay
from storage import Database, Replays, Store, StoredHand, TableInfo, TableNotFound
from storage.tournaments import Tournaments

HISTORY_MAX = 25  # a Discord select or autocomplete shows at most 25
PAGE = 100  # stored hands read at a time while looking for the last one shown


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One line of a database's list of hands (``python -m bot hands``): no cards.
    A hand of a tournament round still in play is only listed as there
    (``in_play``): its trump and result would tell the other table of the board."""

    table_id: int
    hand_no: int
    finished_at: datetime
    in_play: bool = False
    trump: str | None = None  # S H C D or NT
    winner: str | None = None  # defenders | attackers
    level_change: int = 0
    attackers_points: int | None = None


def replay_of(hand: StoredHand) -> HandReplay:
    """The hand's frames, from its stored record (``replay_bad_record`` if it does not
    read back: a record written by a newer or broken bot)."""
    try:
        return hand_replay(parse_record(hand.record))
    except (ValueError, KeyError, IndexError) as exc:  # RecordError, ReplayError, RuleSetError
        raise ServiceError("replay_bad_record", hand=hand.hand_id) from exc


class ReplayService:
    """Finished hands by number, a channel's and a player's recent hands, share links."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.store = Replays(db)
        self.tournaments = Tournaments(db)

    async def _shown(self, hands: list[StoredHand]) -> list[StoredHand]:
        """Without the hands of tournament rounds still in play."""
        out = []
        for h in hands:
            if not await guarded(self.tournaments.round_in_play(h.table_id)):
                out.append(h)
        return out

    async def history(
        self, guild_id: int | None, channel_id: int, user_id: int, limit: int = 10
    ) -> list[StoredHand]:
        """This channel's hands and the user's hands in this server, newest first
        (without a server, as on the console: the channel's)."""
        limit = max(1, min(limit, HISTORY_MAX))
        if guild_id is None:
            hands: list[StoredHand] = await guarded(
                self.store.recent(channel_id=channel_id, limit=limit)
            )
            return await self._shown([h for h in hands if h.guild_id is None])
        found: list[StoredHand] = await guarded(
            self.store.recent(
                guild_id=guild_id, channel_id=channel_id, user_id=user_id, limit=limit
            )
        )
        return await self._shown(found)

    async def server_hands(self, guild_id: int, limit: int = HISTORY_MAX) -> list[StoredHand]:
        """The server's recent finished hands, newest first (``deal:``'s choices)."""
        found: list[StoredHand] = await guarded(
            self.store.recent(guild_id=guild_id, limit=max(1, min(limit, HISTORY_MAX)))
        )
        return await self._shown(found)

    async def hand(self, guild_id: int | None, hand_id: int) -> StoredHand:
        """Finished hand #``hand_id`` of this server (``replay_not_found`` otherwise,
        the same for another server's hand as for none)."""
        hand: StoredHand | None = await guarded(self.store.hand(hand_id))
        if hand is None or hand.guild_id != guild_id:
            raise ServiceError("replay_not_found", hand=hand_id)
        if await guarded(self.tournaments.round_in_play(hand.table_id)):
            # A tournament round still being played: its boards are secret until it ends.
            raise ServiceError("replay_round_in_play", hand=hand_id)
        return hand

    async def table_hand(self, table_id: int, hand_no: int) -> StoredHand:
        """Hand ``hand_no`` of table ``table_id`` for the command line (``python -m
        bot replay/record``: whoever opens the database, so any server's), refused
        as /replay refuses it: ``replay.unknown_table``, ``replay.unknown_hand``,
        ``replay.in_progress`` (still being played) or ``replay.round_in_play``."""
        where = {"table": table_id, "hand": hand_no}
        hand: StoredHand | None = await guarded(self.store.hand_of_table(table_id, hand_no))
        if hand is None:
            await self._known_table(table_id)
            match = await guarded(Store(self.db).load_match(table_id))
            playing = match is not None and match.hand.hand_no == hand_no
            raise ServiceError("replay.in_progress" if playing else "replay.unknown_hand", **where)
        if await guarded(self.tournaments.round_in_play(hand.table_id)):
            # A tournament round still being played: its boards are secret until it ends.
            raise ServiceError("replay.round_in_play", **where)
        return hand

    async def listing(self, table_id: int | None = None, limit: int = 50) -> list[HandEntry]:
        """The stored hands for the command line (``python -m bot hands``: whoever
        opens the database, so every server's), newest first; ``table_id``: that
        table's only. A hand of a tournament round in play shows nothing of itself."""
        hands: list[StoredHand] = await guarded(
            self.store.recent(table_id=table_id, limit=max(1, limit))
        )
        if not hands and table_id is not None:
            await self._known_table(table_id)
        in_play: dict[int, bool] = {}
        out = []
        for h in hands:
            if h.table_id not in in_play:
                in_play[h.table_id] = await guarded(self.tournaments.round_in_play(h.table_id))
            if in_play[h.table_id]:
                out.append(HandEntry(h.table_id, h.hand_no, h.finished_at, in_play=True))
                continue
            out.append(
                HandEntry(
                    h.table_id,
                    h.hand_no,
                    h.finished_at,
                    trump=h.trump,
                    winner=h.winner,
                    level_change=h.level_change,
                    attackers_points=h.attackers_points,
                )
            )
        return out

    async def last_hand(self, table_id: int | None = None) -> StoredHand:
        """The last finished hand of the database (of table ``table_id`` if given)
        that may be shown — not one of a tournament round in play — for ``python -m
        bot replay/record`` without ``--table``/``--hand``. Refused: ``replay.no_hands``,
        ``replay.unknown_table``, ``replay.no_hands_at_table``."""
        before: int | None = None
        while True:
            page: list[StoredHand] = await guarded(
                self.store.recent(table_id=table_id, before=before, limit=PAGE)
            )
            shown = await self._shown(page)
            if shown:
                return shown[0]
            if len(page) < PAGE:
                break
            before = page[-1].hand_id
        if table_id is None:
            raise ServiceError("replay.no_hands")
        await self._known_table(table_id)
        raise ServiceError("replay.no_hands_at_table", table=table_id)

    async def table_language(self, table_id: int) -> str | None:
        """The language table ``table_id`` was played in, as its options keep it
        (None: none kept, or no such table), for the command line's viewer page."""
        try:
            info: TableInfo = await guarded(Store(self.db).get_table(table_id))
        except ServiceError as exc:
            if exc.code == TableNotFound.code:
                return None
            raise
        found = info.options.get("language")
        return str(found) if found else None

    async def _known_table(self, table_id: int) -> None:
        """``replay.unknown_table`` unless the database has table ``table_id``."""
        try:
            await guarded(Store(self.db).get_table(table_id))
        except ServiceError as exc:
            if exc.code == TableNotFound.code:
                raise ServiceError("replay.unknown_table", table=table_id) from exc
            raise

    async def finished(
        self, *, guild_id: int | None, channel_id: int, hand_id: int | None
    ) -> tuple[StoredHand, HandReplay]:
        """A finished hand and its frames: #``hand_id``, or (None) the last hand
        finished in this channel (``replay_none`` if there is none yet, also while
        a table's first hand is being played)."""
        if hand_id is not None:
            hand = await self.hand(guild_id, hand_id)
        else:
            last: list[StoredHand] = await guarded(
                self.store.recent(guild_id=guild_id, channel_id=channel_id, limit=1)
            )
            if not last or last[0].guild_id != guild_id:
                raise ServiceError("replay_none")
            hand = last[0]
            if await guarded(self.tournaments.round_in_play(hand.table_id)):
                raise ServiceError("replay_round_in_play", hand=hand.hand_id)
        return hand, replay_of(hand)

    async def share(self, guild_id: int | None, hand_id: int, user_id: int) -> str:
        """The hand's share token (its live one if it has one)."""
        hand = await self.hand(guild_id, hand_id)
        token: str = await guarded(self.store.create_link(hand.hand_id, user_id))
        return token

    async def revoke(
        self, guild_id: int | None, hand_id: int, user_id: int, *, manage: bool = False
    ) -> int:
        """Revoke the hand's links (how many were live): a player of that hand may,
        or whoever the front end says has Manage Server (``manage``)."""
        hand = await self.hand(guild_id, hand_id)
        if user_id not in hand.seats and not manage:
            raise ServiceError("replay_revoke_denied", hand=hand_id)
        count: int = await guarded(self.store.revoke_links(hand.hand_id))
        return count

    async def by_token(self, token: str) -> tuple[StoredHand, HandReplay] | None:
        """The hand of a live share token and its frames (None: unknown or revoked;
        ``replay_bad_record`` if its record does not read back)."""
        hand: StoredHand | None = await guarded(self.store.hand_by_token(token))
        if hand is None or await guarded(self.tournaments.round_in_play(hand.table_id)):
            return None
        return hand, replay_of(hand)
