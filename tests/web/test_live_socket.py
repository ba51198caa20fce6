"""The live table's websocket without a browser: who may connect, what each
client receives, and actions that must change nothing (or happen once)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from sqlalchemy import text

from bot.service import ServiceError
from bot.service.live_access import LiveAccess, link_key, sign
from bot.service.table_options import set_spectator_hands
from bot.web.live.routes import LiveSlot
from bot.web.server import WebServer
from rules.actions import Play
from storage import Database
from tests.support.live_table import CHANNEL, FIRST_USER, GUILD
from tests.support.service_helpers import TEST_LINK_KEY, new_service


class Sock:
    """One client: its socket and every frame it received."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    async def next(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame of ``kind`` (frames before it are kept in ``frames``)."""
        while True:
            msg = await asyncio.wait_for(self.ws.receive(), timeout)
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"socket closed waiting for {kind}: {msg.type}")
            frame = json.loads(msg.data)
            self.frames.append(frame)
            if frame["t"] == kind:
                return frame

    async def send(self, **payload: Any) -> None:
        await self.ws.send_str(json.dumps(payload))


@asynccontextmanager
async def table(tmp_path: Path) -> AsyncIterator[Any]:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'live.db'}")
    await db.upgrade()
    svc = new_service(db, seed="socket")
    slot = LiveSlot()
    slot.attach(svc)
    server = WebServer(db, "127.0.0.1", 0, slot)
    await server.start()
    users = [FIRST_USER + i for i in range(4)]
    st = await svc.lifecycle.create_table(guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0])
    for u in users[1:]:
        await svc.lifecycle.join(CHANNEL, u)
    await svc.lifecycle.start_game(CHANNEL, users[0])
    session = aiohttp.ClientSession()

    class T:
        service, access, url, table_id = svc, slot.access, server.url, st.table.id
        user = users

        @staticmethod
        async def connect(token: str, lang: str = "en") -> Sock:
            ws = await session.ws_connect(f"{server.url}/live/ws")
            sock = Sock(ws)
            await sock.send(t="hello", token=token, lang=lang)
            return sock

        @staticmethod
        async def seat_token(seat: int) -> str:
            assert slot.access is not None
            return await slot.access.seat_link(st.table.id, users[seat])

    try:
        yield T
    finally:
        await session.close()
        await server.stop()
        await db.dispose()


async def test_unknown_forged_and_revoked_tokens_get_nothing(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        good = await t.seat_token(0)
        for token in ("", "x" * 500, good[:-1] + ("A" if good[-1] != "A" else "B"), "../etc"):
            sock = await t.connect(token)
            denied = await sock.next("denied")
            assert "unknown" in denied["text"]
            assert all(f["t"] == "denied" for f in sock.frames)
        assert await t.access.unshare(t.table_id, t.user[0]) == 1
        sock = await t.connect(good)
        await sock.next("denied")
        assert not [f for f in sock.frames if f["t"] == "state"]
        # a new link works, the old one stays revoked
        fresh = await t.seat_token(0)
        assert fresh != good
        assert (await (await t.connect(fresh)).next("state"))["me"] == 0


async def test_links_are_signed_and_a_bad_signature_costs_no_query(tmp_path: Path) -> None:
    """A token is the stored link id signed with the process's key: the id alone (what
    a copy of the database holds), the id under another key, or another bot's token
    opens nothing, and is refused before storage is asked."""
    async with table(tmp_path) as t:
        token = await t.seat_token(1)
        link_id, _, signature = token.partition(".")
        async with t.service.core.db.session() as s:
            stored = set((await s.execute(text("SELECT token FROM table_links"))).scalars())
        assert stored == {link_id} and signature  # the table holds no usable token
        other_key = link_key("another bot's secret", None)
        asked: list[str] = []
        lookup = t.access.links.by_token

        async def counted(link: str) -> Any:
            asked.append(link)
            return await lookup(link)

        t.access.links.by_token = counted  # type: ignore[method-assign]
        for forged in (link_id, sign(other_key, link_id), link_id + "." + "A" * len(signature)):
            sock = await t.connect(forged)
            assert "unknown" in (await sock.next("denied"))["text"]
        assert asked == []
        assert (await (await t.connect(token)).next("state"))["me"] == 1
        assert asked == [link_id]
        # The same secret in another process (a restart, another shard) accepts it.
        again = LiveAccess(t.service.core.db, t.service.queries.status_for_table, TEST_LINK_KEY)
        viewer = await again.by_token(token)
        assert viewer is not None and viewer.seat == 1
        elsewhere = LiveAccess(t.service.core.db, t.service.queries.status_for_table, other_key)
        assert await elsewhere.by_token(token) is None


def test_the_link_key_comes_from_the_secret_else_the_bot_token() -> None:
    assert link_key("s", "bot-token") == link_key("s", None) != link_key("t", None)
    assert link_key(None, "bot-token") == link_key("", "bot-token") != link_key(None, "other")
    assert link_key(None, None) != link_key(None, None)  # no Discord: this process's own


async def test_each_client_sees_its_own_hand_and_a_spectator_none(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        m = t.service.queries.match_of(t.table_id)
        socks = [await t.connect(await t.seat_token(s)) for s in range(4)]
        watcher = await t.connect(await t.access.spectator_link(t.table_id, t.user[2]))
        for s, sock in enumerate(socks):
            state = await sock.next("state")
            shown = sorted(c["id"] for g in state["hand"] for c in g["cards"])
            assert shown == sorted(int(c) for c in m.hand_of(s))
        seen = await watcher.next("state")
        assert seen["hand"] is None and seen["kitty"] is None and seen["spectator"]
        await watcher.send(t="act", id="w1", do="pass")
        refused = await watcher.next("error")
        assert refused["id"] == "w1" and "Spectators" in refused["text"]
        assert len(m.hand.passes) == 0  # nothing reached the table


async def test_an_action_resent_after_a_reconnect_is_applied_once(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        m = t.service.queries.match_of(t.table_id)
        token = await t.seat_token(0)
        sock = await t.connect(token, "zh-CN")
        await sock.next("state")
        await sock.send(t="act", id="p-1", do="pass")
        await sock.next("ack")
        assert m.hand.passes == {0}
        await sock.ws.close()
        again = await t.connect(token, "zh-CN")  # the page resends what it had not seen acked
        await again.next("state")
        await again.send(t="act", id="p-1", do="pass")
        assert (await again.next("ack"))["id"] == "p-1"
        logged = [a for a in m.hand_log if getattr(a, "seat", None) == 0]
        assert len(logged) == 1
        # a second pass with a new id is refused, in the client's language
        await again.send(t="act", id="p-2", do="pass")
        err = await again.next("error")
        assert err["id"] == "p-2" and err["text"] and err["text"].isascii() is False


async def test_out_of_turn_and_unheld_cards_are_refused_with_the_tables_reasons(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        svc = t.service
        m = svc.queries.match_of(t.table_id)
        first = next(s for s in range(4) if m.declaration_options(s))
        await svc.moves.declare(CHANNEL, t.user[first], m.declaration_options(first)[0].cards)
        for s in range(4):
            await svc.moves.pass_(CHANNEL, t.user[s])
        if m.phase == "burying":
            dealer = m.burier
            bury = m.suggest(dealer)
            assert bury is not None
            await svc.moves.bury(CHANNEL, t.user[dealer], bury.cards)  # type: ignore[attr-defined]
        assert m.phase == "playing"
        turn = m.hand.turn
        other = (turn + 1) % 4
        sock = await t.connect(await t.seat_token(other))
        await sock.next("state")
        card = m.hand_of(other)[0]
        await sock.send(t="act", id="a1", do="play", cards=[int(card)])
        assert "turn" in (await sock.next("error"))["text"]
        mine = await t.connect(await t.seat_token(turn))
        await mine.next("state")
        missing = next(c for c in range(54) if c not in m.hand_of(turn))
        await mine.send(t="act", id="a2", do="play", cards=[missing])
        assert "hold" in (await mine.next("error"))["text"]
        for bad in ({"cards": ["x"]}, {"cards": [99]}, {"cards": list(range(70))}, {}):
            await mine.send(t="act", id="a3", do="play", **bad)
            assert (await mine.next("error"))["text"]
        await mine.send(t="act", id="bad id with spaces", do="pass")
        assert (await mine.next("error"))["text"]
        await mine.ws.send_str("not json")
        assert (await mine.next("error"))["text"]
        before = len(m.hand_log)
        assert len(m.hand_log) == before
        lead = m.suggest(turn)
        assert isinstance(lead, Play)
        await mine.send(t="act", id="a4", do="play", cards=[int(c) for c in lead.cards])
        await mine.next("ack")
        state = await sock.next("state")  # the other client sees the lead
        assert [p["seat"] for p in state["trick"]["plays"]] == [turn]


async def test_a_seat_given_up_stops_its_socket(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        token = await t.seat_token(3)
        sock = await t.connect(token)
        await sock.next("state")
        await t.service.lifecycle.leave(CHANNEL, t.user[3])
        await sock.next("closed")
        again = await t.connect(token)
        await again.next("denied")


@pytest.mark.parametrize("lang", ["en", "zh-CN", "zh-TW"])
async def test_the_page_is_served_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    async with table(tmp_path) as t, aiohttp.ClientSession() as http:
        token = await t.seat_token(0)
        async with http.get(f"{t.url}/t/{token}", headers={"Accept-Language": lang}) as r:
            page = await r.text()
            assert r.status == 200
            assert token not in page  # the page holds no part of the table
            assert "script-src 'self'" in r.headers["Content-Security-Policy"]
            assert r.headers["Referrer-Policy"] == "no-referrer"
        sock = await t.connect(token, lang)
        hello = await sock.next("hello")
        words = hello["words"]
        if lang == "en":
            assert words["play"] == "Play"
        else:
            assert all(not w.isascii() for w in words.values() if w.strip())


async def test_spectators_see_hands_one_trick_behind_only_when_the_table_allows(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        svc = t.service
        m = svc.queries.match_of(t.table_id)
        watcher = await t.connect(await t.access.spectator_link(t.table_id, t.user[1]))
        assert (await watcher.next("state"))["hands"] is None
        with pytest.raises(ServiceError):  # only the creator (or a moderator) decides
            await set_spectator_hands(svc.core, CHANNEL, t.user[1], True)
        await set_spectator_hands(svc.core, CHANNEL, t.user[0], True)
        first = next(s for s in range(4) if m.declaration_options(s))
        await svc.moves.declare(CHANNEL, t.user[first], m.declaration_options(first)[0].cards)
        for s in range(4):
            await svc.moves.pass_(CHANNEL, t.user[s])
        dealer = m.burier
        bury = m.suggest(dealer)
        await svc.moves.bury(CHANNEL, t.user[dealer], bury.cards)  # type: ignore[attr-defined]
        hands_seen: list[Any] = []
        while len(m.hand.tricks) < 2:  # two tricks and a lead
            seat = m.hand.turn
            play = m.suggest(seat)
            assert isinstance(play, Play)
            await svc.moves.play(CHANNEL, t.user[seat], play.cards)
            hands_seen.append((await watcher.next("state"))["hands"])
        assert hands_seen[0] is None  # no trick finished yet: nothing to show
        seat = m.hand.turn
        lead = m.suggest(seat)
        await svc.moves.play(CHANNEL, t.user[seat], lead.cards)  # type: ignore[attr-defined]
        now = m.view_for(None).trick_no
        state = await watcher.next("state")
        while state["trick"]["no"] != now or not state["trick"]["plays"]:  # up to the lead
            state = await watcher.next("state")
        shown = sorted(c["id"] for c in state["hands"][seat])
        # one trick behind: the card just led, and the last trick's, still shown
        expected = list(m.hand_of(seat)) + list(lead.cards)  # type: ignore[attr-defined]
        expected += [c for s, cs in m.view_for(None).tricks[-1].plays if s == seat for c in cs]
        assert shown == sorted(int(c) for c in expected)
        assert state["kitty"] is None
        # a seat's own frame never carries the others' hands; its card memory (记牌器)
        # comes where the table allows it, and never to a spectator
        mine = await t.connect(await t.seat_token(0))
        own = await mine.next("state")
        assert own["hands"] is None
        status = svc.queries.cached_status(t.table_id)
        assert status is not None and status.card_memory_on  # classic allows it
        assert "Cards out" in own["memory"] and state["memory"] is None


async def test_clients_that_see_the_same_share_a_frame_and_no_one_else_does(
    tmp_path: Path,
) -> None:
    """Each distinct frame is built once per change (``LiveHub._flush``): two tabs of a
    seat and two spectators of one language get the same frame, a spectator of
    another language their own, and each seat its own hand."""
    async with table(tmp_path) as t:
        m = t.service.queries.match_of(t.table_id)
        seat0 = await t.seat_token(0)
        watch = await t.access.spectator_link(t.table_id, t.user[1])
        other_watch = await t.access.spectator_link(t.table_id, t.user[2])
        socks = {
            "tab1": await t.connect(seat0),
            "tab2": await t.connect(seat0),
            "seat1": await t.connect(await t.seat_token(1)),
            "watch_en": await t.connect(watch),
            "watch_en2": await t.connect(other_watch),
            "watch_zh": await t.connect(watch, "zh-CN"),
        }
        for sock in socks.values():
            await sock.next("state")
        first = next(s for s in range(4) if m.declaration_options(s))
        # a change everyone sees: one flush for all six
        await t.service.moves.declare(CHANNEL, t.user[first], m.declaration_options(first)[0].cards)
        seen = {name: await sock.next("state") for name, sock in socks.items()}
        assert seen["tab1"] == seen["tab2"] and seen["tab1"]["me"] == 0
        assert seen["watch_en"] == seen["watch_en2"] and seen["watch_en"]["hand"] is None
        assert seen["watch_zh"]["header"] != seen["watch_en"]["header"]
        shown = sorted(c["id"] for g in seen["seat1"]["hand"] for c in g["cards"])
        assert shown == sorted(int(c) for c in m.hand_of(1))
        assert seen["seat1"]["hand"] != seen["tab1"]["hand"]


async def test_a_socket_that_cannot_take_a_frame_in_time_is_closed_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.service.live_access import Viewer
    from bot.web.live import hub

    class Stuck:
        """A socket whose send never completes (a client that stopped reading)."""

        def __init__(self, stuck: bool) -> None:
            self.stuck, self.closed, self.sent = stuck, False, []

        async def send_str(self, data: str) -> None:
            if self.stuck:
                await asyncio.Event().wait()
            self.sent.append(data)

        async def close(self) -> None:
            self.closed = True

    monkeypatch.setattr(hub, "SEND_TIMEOUT", 0.05)
    viewer = Viewer(1, CHANNEL, None, None)
    slow, fine = Stuck(True), Stuck(False)
    clients = [hub.Client(slow, viewer, "en"), hub.Client(fine, viewer, "en")]  # type: ignore[arg-type]
    for c in clients:
        c.start()
        c.offer("frame 1")
    await asyncio.sleep(0.2)
    assert slow.closed and not fine.closed and fine.sent == ["frame 1"]
    clients[1].offer("frame 2")
    await asyncio.sleep(0.01)
    assert fine.sent == ["frame 1", "frame 2"]
    for c in clients:
        await c.stop()
