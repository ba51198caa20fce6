"""The live card table in a real Chromium: people play whole hands by clicking
their cards while someone watches; every frame every socket received is checked
for cards it must not hold."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rules.actions import Play
from rules.cards import Card
from rules.game import Match
from rules.trump import TRUMP
from rules.units import decompose
from tests.support.live_table import LiveWorld, Player, live_world, shoot, until

HAN = "\u4e00-\u9fff"


async def click_cards(player: Player, cards: tuple[Card, ...] | list[Card]) -> None:
    used: Counter[int] = Counter()
    for c in cards:
        k = used[int(c)]
        used[int(c)] += 1
        await player.page.locator(f'#hand button.card[data-card="{int(c)}"]').nth(k).click()


async def press(player: Player, action: str) -> None:
    await player.page.locator(f'#actions button.act[data-do="{action}"]').first.click()


def lead_for(m: Match, seat: int, wanted: list[str]) -> tuple[Card, ...]:
    """A lead of a kind still wanted (tractor, throw, pair) if the hand has one,
    else the suggested lead."""
    ctx = m.context
    by_suit: dict[int, list[Card]] = {}
    for c in m.hand_of(seat):
        by_suit.setdefault(ctx.suit_of[c], []).append(c)
    for kind in wanted:
        for suit, cards in by_suit.items():
            units = decompose(ctx, cards)
            if kind == "tractor" and (found := [u for u in units if u.is_tractor]):
                return found[0].cards
            if kind == "pair" and (found := [u for u in units if u.shape == (2, 1)]):
                return found[0].cards
            if kind == "throw" and suit != TRUMP:
                singles = sorted((u for u in units if u.size == 1), key=lambda u: -u.top)
                if len(singles) >= 2:
                    return singles[0].cards + singles[1].cards
    suggested = m.suggest(seat)
    assert isinstance(suggested, Play)
    return suggested.cards


def kind_of(m: Match, cards: tuple[Card, ...]) -> str:
    units = decompose(m.context, sorted(cards, key=lambda c: m.context.order(c)))
    if len(units) > 1:
        return "throw"
    return "tractor" if units[0].is_tractor else "pair" if units[0].width == 2 else "single"


def moved(world: LiveWorld, before: tuple[int, str]) -> bool:
    return (len(world.match.hand_log), world.match.phase) != before


class Hand:
    """What the test saw of the hand it played: the kinds of lead, and what the
    dealer picked up (the only extra cards a seat may ever be shown)."""

    def __init__(self) -> None:
        self.led: set[str] = set()
        self.kitty: Counter[int] = Counter()
        self.plays = 0


async def play_hand_by_clicking(
    world: LiveWorld, seats: list[Player], *, on_play: object = None
) -> Hand:
    """Every move of the current hand made in the seats' pages, until it is scored.
    ``on_play``: awaited with the number of plays made so far, before each play."""
    seen = Hand()
    wanted = ["tractor", "throw", "pair"]
    declared = False
    n = world.match.players
    for _ in range(800):
        m = world.match
        before = len(m.hand_log), m.phase
        if m.phase == "scored":
            return seen
        if m.phase == "declaring":
            if not declared and not m.hand.declarations:
                seat = next(s for s in range(n) if m.declaration_options(s))
                await press(seats[seat], "declare")
                declared = True
            else:
                seat = next(s for s in range(n) if s not in m.hand.passes)
                await press(seats[seat], "pass")
        elif m.phase == "burying":
            dealer = m.burier
            assert dealer is not None
            seen.kitty = Counter(int(c) for c in m.view_for(dealer).kitty_taken or ())
            await press(seats[dealer], "suggest")
            await seats[dealer].page.locator("#verdict.ok").wait_for()
            await press(seats[dealer], "bury")
        elif m.phase == "calling":  # 找朋友: the suggested calls, as the page fills them
            dealer = m.hand.dealer
            assert dealer is not None
            await press(seats[dealer], "call")
        elif m.phase == "playing":
            seat = m.hand.turn
            assert seat is not None
            if callable(on_play):
                await on_play(seen.plays)
            if m.current_lead() is None:
                cards = lead_for(m, seat, [k for k in wanted if k not in seen.led])
                seen.led.add(kind_of(m, cards))
            else:
                follow = m.suggest(seat)
                assert isinstance(follow, Play)
                cards = follow.cards
            await click_cards(seats[seat], cards)
            await seats[seat].page.locator("#verdict.ok").wait_for()
            await press(seats[seat], "play")
            seen.plays += 1
        else:
            raise AssertionError(f"unexpected phase {m.phase}")
        await until(lambda b=before: moved(world, b), "the move to apply")
    raise AssertionError("the hand did not end")


def check_frames(world: LiveWorld, dealt: dict[int, Counter[int]], seen: Hand, dealer: int) -> None:
    """No frame to a seat holds another seat's card; none to a spectator holds a
    hand; the kitty only for the one who buries, or once the hand is scored."""
    for p in world.players:
        assert p.states(), f"seat {p.seat}: no frames"
        for f in p.states():
            shown = Counter(c["id"] for g in (f["hand"] or []) for c in g["cards"])
            if p.seat is None:
                assert f["hand"] is None
            else:
                allowed = dealt[p.seat] + (seen.kitty if p.seat == dealer else Counter())
                assert not shown - allowed, (p.seat, shown - allowed)
            if f["kitty"] is not None and f["phase"] not in ("scored", "finished"):
                assert p.seat == dealer, (p.seat, f["phase"])


def dealt_hands(m: Match) -> dict[int, Counter[int]]:
    return {s: Counter(int(c) for c in m.hand_of(s)) for s in range(m.players)}


async def test_four_people_play_a_hand_by_clicking_while_a_fifth_watches(
    tmp_path: Path,
) -> None:
    async with live_world(tmp_path, seed="live-1") as world:
        seats = [await world.open(await world.seat_url(s), s) for s in range(3)]
        # the fourth on a phone, portrait
        seats.append(await world.open(await world.seat_url(3), 3, width=390, height=844))
        watcher = await world.open(await world.spectator_url(), None)
        for p in world.players:
            await p.page.locator("#header").filter(has_text="第 1 局").wait_for()
        dealt = dealt_hands(world.match)

        async def on_play(plays: int) -> None:
            if plays == 9:  # mid-trick: seat 1's connection drops; the page comes back
                await world.drop_socket(1)
                await seats[1].page.locator("#conn").wait_for(state="hidden")
            if plays == 22:
                await shoot(seats[0], "live-table-zh-CN")
                await shoot(seats[3], "live-table-phone-zh-CN")
                await shoot(watcher, "live-table-spectator-zh-CN")

        seen = await play_hand_by_clicking(world, seats, on_play=on_play)

        assert {"tractor", "throw", "pair"} <= seen.led, seen.led
        dealer = world.match.view_for(None).history[-1].dealer
        for p in world.players:  # every page shows the end of the hand, kitty face up
            await p.page.locator("#middle .summary").wait_for()
            assert "底牌" in await p.page.inner_text("#middle")
        assert await watcher.page.locator("#hand button").count() == 0
        assert "你正在观战" in await watcher.page.inner_text("#status")
        phone = seats[3].page
        assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
        reconnected = [f for f in seats[1].frames if f["t"] == "hello"]
        assert len(reconnected) == 2  # the socket came back (and was sent the state)
        check_frames(world, dealt, seen, dealer)
        for p in world.players:
            assert not p.errors, p.errors


async def test_six_play_friends_each_in_their_language(tmp_path: Path) -> None:
    """找朋友 at six seats: the calls made on the page, each person's page in their
    own language with no words of another."""
    langs = ["en", "zh-CN", "zh-TW", "en", "zh-CN", "zh-TW"]
    async with live_world(tmp_path, players=6, preset="friends-6", seed="live-6") as world:
        seats = [
            await world.open(await world.seat_url(s), s, locale=langs[s]) for s in range(6)
        ]
        for p in seats:
            await p.page.locator("#hand button.card").first.wait_for()
        dealt = dealt_hands(world.match)
        seen = await play_hand_by_clicking(world, seats)
        m = world.match
        assert m.view_for(None).friend_calls, "the dealer called friends"
        dealer = m.view_for(None).history[-1].dealer
        check_frames(world, dealt, seen, dealer)
        for lang, p in zip(langs, seats, strict=True):
            await p.page.locator("#middle .summary").wait_for()
            words = await p.page.inner_text("#bar") + await p.page.inner_text("#actions")
            words += await p.page.inner_text("#middle")
            has_han = any("\u4e00" <= ch <= "\u9fff" for ch in words)
            assert has_han == (lang != "en"), (lang, words)
            assert not p.errors, p.errors
