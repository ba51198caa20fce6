"""Helpers for the simcord scenario tests of the Discord bot (``test_discord_bot.py``).

A ``World`` is one running bot (real discord.py client, real cogs, real presenter,
real table service on a SQLite file) inside simcord's in-memory Discord, with a
guild, a text channel and four members. Everything the tests check about what the
bot *sent* comes from ``env.http_requests`` (the REST log), so an edit that was
later overwritten still counts.

Two small hooks into simcord (version pinned in pyproject):

* ``simcord.interactions.base_payload`` always builds interactions with
  ``locale="en-US"``; ``InteractionHook`` rewrites the locale per user (what a
  Discord client set to 简体中文 sends) and keeps every payload so a test can
  deliver the same interaction (same id) a second time, as Discord does when it
  retries a delivery;
* settling polls every 50 ms by default; ``make_world(fast=True)`` polls every
  2 ms, which keeps a whole hand of ~130 interactions at about a second.
"""

from __future__ import annotations

import contextlib
import copy
import re
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions as simcord_interactions
from simcord import ChannelHandle, Env, GuildHandle, InteractionResult, MemberActor

from bot.config import Config
from bot.discord_app.client import create_bot
from bot.pictures.faces import emoji_name
from bot.service import FakeClock, Public, TableOptions
from rules.actions import Declare
from rules.cards import NUM_CARDS, Card, Suit, counts_of
from rules.errors import RuleError
from rules.events import ThrowFailed, TrumpFixed
from rules.game import Match
from rules.notation import format_cards, parse_cards
from rules.trump import TRUMP
from tests.support.database import migrated_sqlite
from tests.support.settling import fast_settling

NAMES = ("alice", "bob", "carol", "dave")
FAST_OPTIONS = TableOptions(ai_delay=0, deal_seconds=0, turn_seconds=0, next_hand_seconds=0)
EPHEMERAL = 1 << 6

# ---- Discord's documented limits ----
MAX_CONTENT = 2000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_EMBED_TOTAL = 6000
MAX_COMPONENTS = 25
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100

CARD_SYMBOL_RE = re.compile(r"小王|大王|[♠♥♣♦](?:10|[2-9JQKA])")
CARD_ASCII_RE = re.compile(r"(?<![A-Za-z0-9])(?:[SHCD](?:10|[2-9JQKA])|LJ|BJ)(?![A-Za-z0-9])")
# English text writes the jokers BJ / LJ (not inside an emoji's name, <:sj_BJ:…>).
JOKER_TEXT_RE = re.compile(r"(?<![A-Za-z0-9_])(?:LJ|BJ)(?![A-Za-z0-9])")
_SYMBOL_TO_CARD = {format_cards([c]): Card(c) for c in range(NUM_CARDS)}
_ASCII_TO_CARD = {format_cards([c], "ascii"): Card(c) for c in range(NUM_CARDS)}


# ---- simcord hooks ----
class InteractionHook:
    """Per-user interaction locale and a copy of every interaction payload."""

    def __init__(self) -> None:
        self.locales: dict[int, str] = {}
        self.payloads: dict[int, dict[str, Any]] = {}
        self._original: Callable[..., Any] | None = None

    def install(self) -> None:
        original = simcord_interactions.base_payload
        self._original = original

        def base_payload(backend: Any, **kwargs: Any) -> Any:
            record, payload = original(backend, **kwargs)
            locale = self.locales.get(kwargs["user_id"])
            if locale is not None:
                payload["locale"] = locale
            self.payloads[record.id] = payload  # the same dict simcord emits
            return record, payload

        simcord_interactions.base_payload = base_payload

    def uninstall(self) -> None:
        if self._original is not None:
            simcord_interactions.base_payload = self._original
            self._original = None


# ---- the world ----
@dataclass
class World:
    env: Env
    bot: Any
    clock: FakeClock
    guild: GuildHandle
    channel: ChannelHandle
    members: list[MemberActor]
    config: Config
    options: TableOptions
    hook: InteractionHook
    seed: str | None = None
    bots: list[Any] = field(default_factory=list)
    shown: Counter[tuple[int, int]] = field(default_factory=Counter)  # (hand_no, card) -> n
    emojis: bool = False  # bots sync the card emojis at start (see make_world)

    # -- the table --------------------------------------------------------------------------
    @property
    def table_id(self) -> int:
        ids = self.bot.service.core.table_ids()
        assert ids, "no table is open"
        return int(ids[-1])

    @property
    def match(self) -> Match:
        m = self.bot.service.queries.match_of(self.table_id)
        assert m is not None, "the game has not started"
        return m

    def member_at(self, seat: int) -> MemberActor:
        status = self.bot.service.queries.cached_status(self.table_id)
        user_id = status.table.seats[seat].user_id
        return next(m for m in self.members if m.id == user_id)

    # -- messages ---------------------------------------------------------------------------
    def bot_messages(self, channel: ChannelHandle | None = None) -> list[discord.Message]:
        ch = channel or self.channel
        me = self.env.backend.bot_user.id
        return [
            m
            for m in ch.history()
            if m.author.id == me and not m.flags.ephemeral and m.interaction_metadata is None
        ]

    def lobby_message(self, channel: ChannelHandle | None = None) -> discord.Message:
        for m in reversed(self.bot_messages(channel)):
            if any(cid.startswith("sj:join:") for cid in custom_ids(m)):
                return m
        raise AssertionError("no lobby message with seat buttons")

    def table_messages(self, channel: ChannelHandle | None = None) -> list[discord.Message]:
        return [m for m in self.bot_messages(channel) if m.embeds]

    def dm_channel(self, member: MemberActor) -> ChannelHandle:
        return member.user.dm_channel

    def dm_messages(self, member: MemberActor) -> list[discord.Message]:
        me = self.env.backend.bot_user.id
        return [m for m in self.dm_channel(member).history() if m.author.id == me]

    # -- REST log ---------------------------------------------------------------------------
    def requests(self, since: int = 0) -> list[simcord.HttpLogEntry]:
        return list(self.env.http_requests[since:])

    def mark(self) -> int:
        return len(self.env.http_requests)

    # -- acting ----------------------------------------------------------------------------
    async def slash(self, member: MemberActor, name: str, /, **options: Any) -> InteractionResult:
        return await member.slash(self.channel, name, **options)

    async def redeliver(self, result: InteractionResult) -> InteractionResult:
        """Deliver the interaction behind ``result`` again: same interaction id and
        data, as when Discord retries a delivery. It gets a fresh response token so
        the bot can still answer it."""
        backend = self.env.backend
        old = result._interaction
        payload = copy.deepcopy(self.hook.payloads[old.id])
        record = backend.new_interaction(old.type, old.channel_id, old.user_id, old.guild_id)
        # The answer goes to /interactions/{id}/{token}: file the new record under the
        # original id (the first delivery's record stays readable through ``result``).
        backend.interactions.pop(record.id)
        record.id = old.id
        backend.interactions[old.id] = record
        backend.interaction_tokens[record.token] = old.id
        record.source_message_id = old.source_message_id
        record.command_name, record.command_type = old.command_name, old.command_type
        payload["token"] = record.token
        backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
        return InteractionResult(self.env, record)

    async def slash_twice_at_once(
        self, member: MemberActor, name: str, **options: Any
    ) -> InteractionResult:
        """A slash command Discord delivers twice at the same moment: the copy has the
        same interaction id *and token* (one answer slot) and reaches the bot before
        the first delivery is answered."""
        backend = self.env.backend
        original = backend.emit

        def emit(event: str, payload: Any) -> None:
            original(event, payload)
            if event == "INTERACTION_CREATE":
                original(event, copy.deepcopy(payload))

        backend.emit = emit  # type: ignore[method-assign]
        try:
            return await member.slash(self.channel, name, **options)
        finally:
            del backend.emit  # back to the class's method

    async def click_twice_at_once(
        self, actor: Any, message: Any, custom_id: str
    ) -> tuple[InteractionResult, InteractionResult]:
        """A double click: a second click on the same button reaches the bot before the
        first is answered. Unlike a redelivery it is its own interaction (new id and
        token), so the bot acts on both and must refuse the second in words."""
        backend = self.env.backend
        original = backend.emit
        second: list[Any] = []

        def emit(event: str, payload: Any) -> None:
            original(event, payload)
            if event == "INTERACTION_CREATE" and not second:
                old = backend.interactions[int(payload["id"])]
                record = backend.new_interaction(
                    old.type, old.channel_id, old.user_id, old.guild_id
                )
                record.source_message_id = old.source_message_id
                again = copy.deepcopy(payload)
                again["id"], again["token"] = str(record.id), record.token
                second.append(record)
                original(event, again)

        backend.emit = emit  # type: ignore[method-assign]
        try:
            first = await actor.click(message, custom_id=custom_id)
        finally:
            del backend.emit  # back to the class's method
        await self.env.settle()
        return first, InteractionResult(self.env, second[0])

    def new_bot(self, options: TableOptions | None = None) -> Any:
        bot = create_bot(
            self.config,
            clock=self.clock,
            options=options or self.options,
            ticker=False,
            emojis=self.emojis,
        )
        self.bots.append(bot)
        return bot

    async def restart(self) -> None:
        """A new bot process on the same database file; the old one is detached."""
        bot = self.new_bot()
        await self.env.restart_bot(bot)
        self.bot = bot
        self._prepare(bot)

    def _prepare(self, bot: Any) -> None:
        if self.seed is not None:
            # Deterministic deals (TableService draws a random seed per match).
            bot.service.core.seed = lambda: self.seed
        bot.service.core.subscribe(self._on_notice)

    def _on_notice(self, n: Any) -> None:
        """Remember cards a public rules event showed (a failed throw, a flipped card)."""
        if not isinstance(n, Public) or n.event is None:
            return
        match = self.bot.service.queries.match_of(n.table_id)
        hand_no = match.hand_no if match is not None else 0
        if isinstance(n.event, ThrowFailed):
            for c in (*n.event.attempted, *n.event.beater):  # the beater is shown too
                self.shown[(hand_no, int(c))] += 1
        if isinstance(n.event, TrumpFixed) and n.event.flipped is not None:
            self.shown[(hand_no, int(n.event.flipped))] += 1


@contextlib.asynccontextmanager
async def make_world(
    tmp_path: Path,
    *,
    options: TableOptions = FAST_OPTIONS,
    names: Iterable[str] = NAMES,
    fast: bool = True,
    seed: str | None = "discord-tests",
    check_errors: bool = True,
    guild_locale: str | None = None,
    emojis: bool = False,
    live_url: str | None = None,
    live_slot: Any = None,
    settings: dict[str, Any] | None = None,
) -> AsyncIterator[World]:
    """A bot in simcord with a guild, a channel and members. ``guild_locale``: the
    server's preferred language; ``emojis``: sync the card emojis at start as in
    production (off: cards as text alone, the fallback); ``live_url``: the bot
    serves the live table there (PUBLIC_URL, the web side handed the service:
    ``live_slot``, a ``bot.web.live.routes.LiveSlot``, when a test serves it);
    ``settings``: more ``Config`` fields (e.g. ``tests.support.activity.ACTIVITY_CONFIG``)."""
    config = Config(
        token=None,
        database_url=await migrated_sqlite(tmp_path / "shengji-discord.db"),
        log_level="WARNING",
        dev_guild_id=None,
        shard_count=None,
        **{"public_url": live_url, **(settings or {})},
    )
    attach = live_slot.attach if live_slot is not None else (lambda _service, _check: None)
    live: dict[str, Any] = {"on_service": attach} if live_url else {}
    clock = FakeClock()
    hook = InteractionHook()
    hook.install()
    stack = contextlib.ExitStack()
    if fast:
        stack.enter_context(fast_settling())
    bot = create_bot(config, clock=clock, options=options, ticker=False, emojis=emojis, **live)
    try:
        with stack:
            async with simcord.run(bot, check_errors=check_errors) as env:
                await bot.tree.sync()
                guild = env.create_guild("Shengji Club", preferred_locale=guild_locale)
                channel = guild.create_text_channel("shengji")
                members = [guild.add_member(env.create_user(n)) for n in names]
                world = World(
                    env,
                    bot,
                    clock,
                    guild,
                    channel,
                    members,
                    config,
                    options,
                    hook,
                    seed,
                    [bot],
                    emojis=emojis,
                )
                world._prepare(bot)
                try:
                    yield world
                    # Whatever the test did: every body the bot sent fits Discord's limits.
                    problems = limit_violations(env.http_requests)
                    assert not problems, "Discord limits exceeded:\n" + "\n".join(problems[:20])
                    unfilled = placeholder_violations(env.http_requests)
                    assert not unfilled, "unfilled placeholders:\n" + "\n".join(unfilled[:20])
                finally:
                    for b in world.bots:
                        with contextlib.suppress(Exception):
                            await b.database.dispose()
    finally:
        hook.uninstall()


# ---- reading components ----
def walk_components(rows: Iterable[Any]) -> Iterator[dict[str, Any]]:
    for c in rows or ():
        c = c.to_dict() if hasattr(c, "to_dict") else c
        yield c
        yield from walk_components(c.get("components") or ())


def custom_ids(message: Any) -> list[str]:
    rows = message.components
    out = []
    for c in walk_components(rows):
        if c.get("custom_id"):
            out.append(c["custom_id"])
    return out


# ---- table setup through the lobby ----
async def open_table_with_buttons(w: World) -> None:
    """alice opens the table (/table new); bob, carol and dave click Join E/S/W."""
    r = await w.slash(w.members[0], "table new")
    assert r.response is not None and "Table opened" in r.response.content
    lobby = w.lobby_message()
    for seat, member in zip((1, 2, 3), w.members[1:4], strict=True):
        res = await member.click(lobby, custom_id=f"sj:join:{w.table_id}:{seat}")
        assert res.response is not None and res.response.ephemeral, res
        lobby = w.lobby_message()
    status = w.bot.service.queries.cached_status(w.table_id)
    assert [s.user_id for s in status.table.seats] == [m.id for m in w.members[:4]]


async def start_with_button(w: World) -> InteractionResult:
    lobby = w.lobby_message()
    return await w.members[0].click(lobby, custom_id=f"sj:start:{w.table_id}")


# ---- playing ----
async def finish_declaring(w: World, declare: bool = True) -> int | None:
    """One player (the first who can) declares with /declare (value offered by the
    autocomplete), then everybody passes with /pass. Returns the declarer's seat."""
    declarer = None
    if declare:
        for seat in range(4):
            member = w.member_at(seat)
            choices = await member.autocomplete(w.channel, "declare", "cards", "")
            if choices:
                r = await w.slash(member, "declare", cards=choices[0]["value"])
                assert r.response is not None and not r.response.ephemeral, r
                declarer = seat
                break
    for _ in range(12):
        m = w.match
        if m.phase != "declaring":
            break
        for seat in range(4):
            if seat not in m.hand.passes:
                r = await w.slash(w.member_at(seat), "pass")
                assert r.response is not None and r.response.ephemeral
                break
    return declarer


async def bury(w: World) -> None:
    m = w.match
    assert m.phase == "burying"
    dealer = m.dealer
    assert dealer is not None
    member = w.member_at(dealer)
    choices = await member.autocomplete(w.channel, "bury", "cards", "")
    assert len(choices) == 1
    r = await w.slash(member, "bury", cards=choices[0]["value"])
    assert r.response is not None and r.response.ephemeral, r
    assert w.match.phase == "playing"


async def play_one(w: World) -> InteractionResult:
    m = w.match
    seat = m.turn
    assert seat is not None
    action = m.suggest(seat)
    assert action is not None
    return await w.slash(w.member_at(seat), "play", cards=format_cards(action.cards, "ascii"))


async def play_until(
    w: World, done: Callable[[Match], bool], after: Callable[[], None] | None = None
) -> None:
    for _ in range(500):
        m = w.match
        if done(m) or m.phase != "playing":
            return
        r = await play_one(w)
        assert r.response is not None and not r.response.ephemeral, r.response
        if after is not None:
            after()
    raise AssertionError("the hand did not end")


# ---- what is public at a moment ----
def revealed(w: World, match: Match) -> list[int]:
    """How many copies of each card the table has seen so far in this hand."""
    h = match.hand
    played = [0] * NUM_CARDS
    by_seat = [[0] * NUM_CARDS for _ in range(4)]
    for trick in [*h.tricks, *([h.current] if h.current else [])]:
        for seat, cards in trick.plays:
            for c in cards:
                played[c] += 1
                by_seat[seat][c] += 1
    shown_by_seat = [[0] * NUM_CARDS for _ in range(4)]
    for d in h.declarations:
        counts = counts_of(d.cards)
        for c in range(NUM_CARDS):
            shown_by_seat[d.seat][c] = max(shown_by_seat[d.seat][c], counts[c])
    out = list(played)
    for seat in range(4):
        held = h.hands[seat]
        for c in range(NUM_CARDS):
            # a declared card still in the hand was shown; one already played is counted
            out[c] += min(max(0, shown_by_seat[seat][c] - by_seat[seat][c]), held[c])
    for c in range(NUM_CARDS):
        out[c] += w.shown[(match.hand_no, c)]
    if match.phase in ("scored", "finished") and match.history:
        for c in match.history[-1].kitty:
            out[c] += 1
    return out


def strings_in(obj: Any, key: str | None = None) -> Iterator[tuple[str | None, str]]:
    if isinstance(obj, str):
        yield key, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_in(v, k)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings_in(v, key)


def cards_mentioned(body: Any) -> list[int]:
    """For each card, the most copies named in one line of one text of ``body``."""
    most = [0] * NUM_CARDS
    for key, text in strings_in(body):
        if key == "custom_id":
            segments = [text]
            found = lambda s: [_ASCII_TO_CARD[t] for t in CARD_ASCII_RE.findall(s)]  # noqa: E731
        elif key in ("url", "icon_url", "proxy_url", "nonce"):
            continue
        else:
            segments = text.splitlines()
            found = lambda s: [  # noqa: E731
                *(_SYMBOL_TO_CARD[t] for t in CARD_SYMBOL_RE.findall(s)),
                *(_ASCII_TO_CARD[t] for t in JOKER_TEXT_RE.findall(s)),
            ]
        for seg in segments:
            counts = Counter(int(c) for c in found(seg))
            for c, n in counts.items():
                most[c] = max(most[c], n)
    return most


@dataclass
class Leak:
    method: str
    path: str
    cards: str
    text: str


class LeakWatch:
    """Checks every public REST call (channel messages and non-ephemeral interaction
    answers in the guild's channels) against what the table has seen: a call may
    name a card only as many times as copies of it were played, declared, shown by
    a failed throw, or (after the hand summary) buried in the kitty."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.cursor = w.mark()
        self.checked = 0
        self.leaks: list[Leak] = []
        self._deferred: dict[str, bool] = {}  # token -> deferred original is ephemeral

    def _public_channels(self) -> set[int]:
        backend = self.w.env.backend
        return {cid for cid, ch in backend.channels.items() if ch.guild_id is not None}

    def _is_public(self, req: simcord.HttpLogEntry) -> bool:
        backend = self.w.env.backend
        parts = req.path.strip("/").split("/")
        body = req.json if isinstance(req.json, dict) else {}
        public_channels = self._public_channels()
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            return req.method in ("POST", "PATCH") and int(parts[1]) in public_channels
        if parts[0] == "interactions" and parts[-1] == "callback":
            record = backend.interactions.get(int(parts[1]))
            if record is None or record.channel_id not in public_channels:
                return False
            data = body.get("data") or {}
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            if body.get("type") == 5:
                self._deferred[parts[2]] = ephemeral
                return False
            return body.get("type") in (4, 7) and not ephemeral
        if parts[0] == "webhooks" and len(parts) >= 3:
            token = parts[2]
            iid = backend.interaction_tokens.get(token)
            record = backend.interactions.get(iid) if iid is not None else None
            if record is None or record.channel_id not in public_channels:
                return False
            if token in self._deferred:
                # The first answer after a defer completes the deferred message and
                # keeps *its* visibility, whatever flags the followup asks for.
                return not self._deferred.pop(token)
            if req.method == "PATCH":
                return not record.ephemeral
            return not (int(body.get("flags") or 0) & EPHEMERAL)
        return False

    def check(self) -> None:
        requests = self.w.requests(self.cursor)
        self.cursor += len(requests)
        service = self.w.bot.service
        ids = service.core.table_ids()
        match = service.queries.match_of(ids[-1]) if ids else None
        seen = revealed(self.w, match) if match is not None else [0] * NUM_CARDS
        for req in requests:
            if not self._is_public(req):
                continue
            self.checked += 1
            named = cards_mentioned(req.json)
            over = [c for c in range(NUM_CARDS) if named[c] > seen[c]]
            if over:
                texts = " | ".join(t for _, t in strings_in(req.json))
                self.leaks.append(Leak(req.method, req.path, format_cards(over), texts[:300]))


# ---- Discord limits ----
def limit_violations(requests: Iterable[simcord.HttpLogEntry]) -> list[str]:
    """Every breach of Discord's size limits in the bodies the bot sent."""
    out: list[str] = []
    for req in requests:
        body = req.json
        if not isinstance(body, dict):
            continue
        where = f"{req.method} {req.path}"
        if "/callback" in req.path:
            if body.get("type") == 8:
                choices = (body.get("data") or {}).get("choices") or []
                if len(choices) > MAX_CHOICES:
                    out.append(f"{where}: {len(choices)} autocomplete choices")
                for ch in choices:
                    if not 1 <= len(ch["name"]) <= MAX_CHOICE_TEXT:
                        out.append(f"{where}: choice name {ch['name']!r}")
                    if len(str(ch["value"])) > MAX_CHOICE_TEXT:
                        out.append(f"{where}: choice value {ch['value']!r}")
                continue
            body = body.get("data") or {}
        out.extend(f"{where}: {v}" for v in message_violations(body))
    return out


def message_violations(body: dict[str, Any]) -> list[str]:
    out: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        out.append(f"content of {len(content)} characters")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        out.append(f"{len(embeds)} embeds")
    for e in embeds:
        total = 0
        title = e.get("title") or ""
        desc = e.get("description") or ""
        total += len(title) + len(desc)
        if len(title) > MAX_EMBED_TITLE:
            out.append(f"embed title of {len(title)}")
        if len(desc) > MAX_EMBED_DESCRIPTION:
            out.append(f"embed description of {len(desc)}")
        fields = e.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            out.append(f"{len(fields)} embed fields")
        for f in fields:
            total += len(f.get("name") or "") + len(f.get("value") or "")
            if len(f.get("name") or "") > MAX_FIELD_NAME:
                out.append(f"field name of {len(f['name'])}")
            if len(f.get("value") or "") > MAX_FIELD_VALUE:
                out.append(f"field value of {len(f['value'])}")
        if total > MAX_EMBED_TOTAL:
            out.append(f"embed of {total} characters")
    rows = body.get("components") or []
    if len(rows) > MAX_ROWS:
        out.append(f"{len(rows)} action rows")
    interactive = 0
    for row in rows:
        children = row.get("components") or []
        if row.get("type") == 1 and len(children) > MAX_ROW_BUTTONS:
            out.append(f"a row of {len(children)} components")
    for c in walk_components(rows):
        if c.get("type") in (2, 3, 5, 6, 7, 8):
            interactive += 1
        cid = c.get("custom_id")
        if cid is not None and len(cid) > MAX_CUSTOM_ID:
            out.append(f"custom_id of {len(cid)}: {cid[:40]}…")
        label = c.get("label")
        if label is not None and len(label) > MAX_LABEL:
            out.append(f"label of {len(label)}")
    if interactive > MAX_COMPONENTS:
        out.append(f"{interactive} components")
    return out


PLACEHOLDER_RE = re.compile(r"\{[a-z_]+(?:![rsa])?\}")


def placeholder_violations(requests: Iterable[simcord.HttpLogEntry]) -> list[str]:
    """Texts the bot sent with a ``{placeholder}`` its message catalog left unfilled."""
    out = []
    for req in requests:
        for _key, text in strings_in(req.json):
            if PLACEHOLDER_RE.search(text):
                out.append(f"{req.method} {req.path}: {text[:120]!r}")
    return out


# ---- hand DMs and declarations ----
SUIT_ORDER = ["♠", "♥", "♣", "♦"]
# "`    ♠ ( 5)` <:sj_S6:…><:sj_S7:…> ♠6 ♠7": label and count, the emoji faces (when
# the bot has them), then the same cards as text.
HAND_LINE = re.compile(
    r"^`\s*(?P<label>\S+) \(\s*(?P<n>\d+)\)` (?P<faces>(?:<:sj_\w+:\d+>)*) ?(?P<cards>.*)$"
)
FACE = re.compile(r"<:(sj_\w+):(\d+)>")


def faces_of(text: str) -> list[str]:
    """The card emoji names in ``text``, in order (``sj_SA`` …)."""
    return [m[1] for m in FACE.finditer(text)]


def declarations_possible(match: Match, seat: int) -> set[tuple[int, ...]]:
    """Every declaration ``seat`` could make now, found by trying each one on a copy."""
    h = match.hand
    level = h.level_rank
    candidates = [Card.of(s, level) for s in Suit] + [Card.LJ, Card.BJ]
    out: set[tuple[int, ...]] = set()
    for c in candidates:
        for n in range(1, h.hands[seat][c] + 1):
            cards = (c,) * n
            try:
                match.copy().apply(Declare(seat, cards))
            except RuleError:
                continue
            out.add(tuple(sorted(int(x) for x in cards)))
    return out


def declare_ids(message: Any) -> list[str]:
    """The declaration buttons' ids (a hand DM also carries the panel's Play button)."""
    return [c for c in custom_ids(message) if c.startswith("sj:decl:")]


def button_declarations(message: discord.Message) -> set[tuple[int, ...]]:
    out = set()
    for cid in custom_ids(message):
        if cid.startswith("sj:open:"):
            continue  # the play panel's Play button (test_panel.py)
        assert cid.startswith("sj:decl:"), cid
        cards = parse_cards(cid.split(":", 4)[4].replace("-", " "))
        out.add(tuple(sorted(int(c) for c in cards)))
    return out


def parse_dm(content: str) -> list[tuple[str, int, list[Card]]]:
    """The (label, count, cards) groups of a hand DM."""
    groups = []
    for line in content.splitlines()[1:]:
        m = HAND_LINE.match(line)
        if m is None:
            continue
        cards = [Card(c) for c in parse_cards(m["cards"])] if m["cards"].strip() else []
        if m["faces"]:  # the faces show exactly the cards written beside them
            assert faces_of(m["faces"]) == [emoji_name(c) for c in cards], line
        groups.append((m["label"], int(m["n"]), cards))
    return groups


def assert_dm_shows_hand(w: World, seat: int, content: str, trump_label: str = "trump") -> None:
    """The DM lists exactly the seat's hand, grouped by suit, plain suits ♠♥♣♦ then trump."""
    match = w.match
    ctx = match.view_for(seat).shown_context  # during the deal: by the trump declared so far
    groups = parse_dm(content)
    assert groups, content
    labels = [g[0] for g in groups]
    plain = [x for x in labels if x != trump_label]
    assert plain == sorted(plain, key=SUIT_ORDER.index), labels
    if trump_label in labels:
        assert labels[-1] == trump_label, f"trump must come last: {labels}"
    shown: list[int] = []
    for label, n, cards in groups:
        assert n == len(cards), (label, n, cards)
        want = TRUMP if label == trump_label else SUIT_ORDER.index(label)
        assert all(ctx.suit_of[c] == want for c in cards), (label, cards)
        shown.extend(int(c) for c in cards)
    assert counts_of(shown) == list(match.hand.hands[seat]), content


def request_counts(w: World, channel_id: int, since: int = 0) -> Counter[str]:
    out: Counter[str] = Counter()
    for r in w.requests(since):
        parts = r.path.strip("/").split("/")
        if parts[:1] == ["channels"] and parts[1] == str(channel_id) and "messages" in parts:
            out[r.method] += 1
    return out
