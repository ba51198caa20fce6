"""The live card table in a real Chromium: four people play a whole hand by
clicking their cards while a fifth watches, in Chinese; every frame every socket
received is checked for cards it must not hold."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rules.actions import Play
from rules.cards import Card
from rules.game import Match
from rules.trump import TRUMP
from rules.units import decompose
from tests.support.live_table import LiveWorld, Player, live_world, shoot, until


async def click_cards(player: Player, cards: tuple[Card, ...] | list[Card]) -> None:
    used: Counter[int] = Counter()
    for c in cards:
        k = used[int(c)]
        used[int(c)] += 1
        await player.page.locator(f'#hand button.card[data-card="{int(c)}"]').nth(k).click()


async def press(player: Player, label: str) -> None:
    await player.page.locator("#actions button.act", has_text=label).first.click()


def lead_for(m: Match, seat: int, wanted: list[str]) -> tuple[tuple[Card, ...], str]:
    """A lead of a kind still wanted (tractor, throw, pair) if the hand has one,
    else the suggested lead."""
    ctx = m.context
    hand = m.hand_of(seat)
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(ctx.suit_of[c], []).append(c)
    for kind in wanted:
        for suit, cards in by_suit.items():
            units = decompose(ctx, cards)
            if kind == "tractor":
                found = [u for u in units if u.is_tractor]
                if found:
                    return found[0].cards, kind
            elif kind == "pair":
                found = [u for u in units if u.width == 2 and u.length == 1]
                if found:
                    return found[0].cards, kind
            elif kind == "throw" and suit != TRUMP:
                singles = sorted((u for u in units if u.size == 1), key=lambda u: -u.top)
                if len(singles) >= 2:
                    return singles[0].cards + singles[1].cards, kind
    suggested = m.suggest(seat)
    assert isinstance(suggested, Play)
    return suggested.cards, "suggested"


def kind_of(m: Match, cards: tuple[Card, ...]) -> str:
    units = decompose(m.context, sorted(cards, key=lambda c: m.context.order(c)))
    if len(units) > 1:
        return "throw"
    u = units[0]
    return "tractor" if u.is_tractor else "pair" if u.width == 2 else "single"


def moved(world: LiveWorld, before: tuple[int, str]) -> bool:
    return (len(world.match.hand_log), world.match.phase) != before


async def play_hand_by_clicking(
    world: LiveWorld, seats: list[Player]
) -> tuple[set[str], Counter[int]]:
    """Every move of hand 1 made in the seats' pages; returns the kinds of lead seen
    and the kitty the dealer picked up."""
    led: set[str] = set()
    kitty: Counter[int] = Counter()
    wanted = ["tractor", "throw", "pair"]
    declared = False
    for _ in range(400):
        m = world.match
        before = len(m.hand_log), m.phase
        if m.phase == "scored":
            return led, kitty
        if m.phase == "declaring":
            if not declared and not m.hand.declarations:
                seat = next(s for s in range(4) if m.declaration_options(s))
                await press(seats[seat], "亮主")
                declared = True
            else:
                seat = next(s for s in range(4) if s not in m.hand.passes)
                await press(seats[seat], "不亮")
        elif m.phase == "burying":
            dealer = m.burier
            assert dealer is not None
            kitty = Counter(int(c) for c in m.view_for(dealer).kitty_taken or ())
            await press(seats[dealer], "提示")
            await seats[dealer].page.locator("#verdict.ok").wait_for()
            await press(seats[dealer], "埋底")
        elif m.phase == "playing":
            seat = m.hand.turn
            assert seat is not None
            if m.current_lead() is None:
                cards, _ = lead_for(m, seat, [k for k in wanted if k not in led])
                led.add(kind_of(m, cards))
            else:
                follow = m.suggest(seat)
                assert isinstance(follow, Play)
                cards = follow.cards
            await click_cards(seats[seat], cards)
            await seats[seat].page.locator("#verdict.ok").wait_for()
            trick = m.hand.current
            if trick is not None and len(m.hand.tricks) == 5 and len(trick.plays) == 2:
                await shoot(seats[seat], "live-table-zh-CN")
            await press(seats[seat], "出牌")
        else:
            raise AssertionError(f"unexpected phase {m.phase}")
        await until(lambda b=before: moved(world, b), "the move to apply")
    raise AssertionError("the hand did not end")


def check_frames(
    world: LiveWorld, dealt: dict[int, Counter[int]], kitty: Counter[int], dealer: int
) -> None:
    """No frame to a seat holds another seat's card; none to a spectator holds a
    hand; the kitty only for the one who buries, or once the hand is scored."""
    for p in world.players:
        assert p.states(), f"seat {p.seat}: no frames"
        for f in p.states():
            shown = Counter(c["id"] for g in (f["hand"] or []) for c in g["cards"])
            if p.seat is None:
                assert f["hand"] is None
            else:
                allowed = dealt[p.seat] + (kitty if p.seat == dealer else Counter())
                assert not shown - allowed, (p.seat, shown - allowed)
            if f["kitty"] is not None and f["phase"] not in ("scored", "finished"):
                assert p.seat == dealer, (p.seat, f["phase"])


async def test_four_people_play_a_hand_by_clicking_while_a_fifth_watches(
    tmp_path: Path,
) -> None:
    async with live_world(tmp_path, seed="live-1") as world:
        seats = [await world.open(await world.seat_url(s), s) for s in range(4)]
        watcher = await world.open(await world.spectator_url(), None)
        for p in world.players:
            await p.page.locator("#header").filter(has_text="第 1 局").wait_for()
        m = world.match
        dealt = {s: Counter(int(c) for c in m.hand_of(s)) for s in range(4)}

        led, kitty = await play_hand_by_clicking(world, seats)

        assert {"tractor", "throw", "pair"} <= led, led
        dealer = world.match.view_for(None).history[-1].dealer
        for p in world.players:  # every page shows the end of the hand, kitty face up
            await p.page.locator("#middle .summary").wait_for()
            assert "底牌" in await p.page.inner_text("#middle")
        assert await watcher.page.locator("#hand button").count() == 0
        assert "你正在观战" in await watcher.page.inner_text("#status")
        check_frames(world, dealt, kitty, dealer)
        for p in world.players:
            assert not p.errors, p.errors
