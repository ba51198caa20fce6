"""Finished hands for the replay tests: stored in a real database the way the bot
stores them (every action through ``Store.record_action``), or one hand played out
by the basic AI at every seat as its record text (what storage keeps and
``/record`` hands out)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from rules.actions import DealCards, Pass, Play, TakeBack
from rules.ai import make_player
from rules.game import Match
from rules.presets import preset
from rules.record import write_record
from rules.ruleset import RuleSet
from rules.scripted import next_scripted
from rules.settings import apply
from storage import SeatInfo, Store, TableInfo


def seats_of(users: Sequence[int | None]) -> list[SeatInfo]:
    """Seat i is ``users[i]``, or an AI where that is None."""
    return [
        SeatInfo(i, u, None, f"player {i}")
        if u is not None
        else SeatInfo(i, None, "basic", f"AI {i}")
        for i, u in enumerate(users)
    ]


async def open_match(
    store: Store,
    *,
    guild: int | None,
    channel: int,
    users: Sequence[int | None],
    rules: RuleSet,
    seed: str,
    table: TableInfo | None = None,
) -> tuple[TableInfo, Match]:
    """A table in play (a new one, or a new match at ``table``)."""
    if table is None:
        creator = next((u for u in users if u is not None), 1)
        table = await store.create_table(
            guild_id=guild, channel_id=channel, creator_id=creator, rules=rules
        )
        table = await store.update_table(table.id, table.version, seats=seats_of(users))
    match = Match(rules, seed)
    return await store.start_match(table.id, table.version, match), match


async def play_hands(store: Store, table: TableInfo, match: Match, hands: int) -> TableInfo:
    """Play until ``hands`` more hands of the match are scored, recording every action."""
    goal = len(match.history) + hands
    while len(match.history) < goal:
        assert match.phase != "finished"
        action = next_scripted(match, deal=1000)
        match.apply(action)
        seat = getattr(action, "seat", None)
        actor = None if seat is None else table.seats[seat].user_id
        await store.record_action(table, action, match, actor_id=actor, idempotency_key=None)
        table = await store.get_table(table.id)
    return table


@cache
def finished_record(
    preset_name: str = "classic",
    seed: str = "replay-1",
    house: tuple[tuple[str, str], ...] = (),
    take_back: int | None = None,
) -> str:
    """The record of hand 1 of a match under ``preset_name`` (with the ``house``
    rule changes), played to its end; with ``take_back`` the ``take_back``-th play
    of the hand is taken back (悔牌, needs ``play_takeback``) and played again."""
    rules = apply(preset(preset_name), dict(house))
    plays = 0
    m = Match(rules, seed)
    rng = random.Random(seed)
    players = [make_player("basic") for _ in range(rules.players)]
    for _ in range(10_000):
        if m.phase in ("scored", "finished"):
            return write_record(m)
        if m.phase == "dealing":
            m.apply(DealCards(rules.players * rules.hand_size))
        elif m.phase == "declaring":
            for s in range(rules.players):
                if m.phase == "declaring" and s not in m.hand.passes:
                    a = players[s].choose(m.view_for(s), rng)
                    m.apply(a if a is not None else Pass(s))
        else:
            s = m.dealer if m.phase in ("burying", "calling") else m.turn
            assert s is not None
            a = players[s].choose(m.view_for(s), rng)
            assert a is not None, f"seat {s} had nothing to do in {m.phase}"
            m.apply(a)
            if isinstance(a, Play):
                plays += 1
                if plays == take_back:
                    m.apply(TakeBack(s))
    raise AssertionError("the hand did not finish")


@cache
def stolen_record(preset_name: str = "classic") -> str:
    """The record of a finished hand under ``preset_name`` with 炒地皮 (house rule
    ``kitty_theft``) where the kitty was stolen at least once: random players,
    the first seed whose hand has a steal."""
    rules = apply(preset(preset_name), {"kitty_theft": "on"})
    for i in range(200):
        seed = f"thief-{i}"
        rng = random.Random(seed)
        m = Match(rules, seed, first_dealer=rng.randrange(rules.players))
        players = [make_player("random") for _ in range(rules.players)]
        m.apply(DealCards(m.deal_total))
        for _ in range(1000):
            if m.phase in ("scored", "finished"):
                break
            if m.phase == "declaring":
                s = next(s for s in range(rules.players) if s not in m.hand.passes)
            elif m.phase == "stealing":
                s = m.steal_turn
            elif m.phase == "burying":
                s = m.burier
            else:
                s = m.dealer if m.phase == "calling" else m.turn
            assert s is not None, m.phase
            a = players[s].choose(m.view_for(s), rng)
            m.apply(a if a is not None else Pass(s))
        if m.phase in ("scored", "finished") and m.burier != m.dealer:
            return write_record(m)
    raise AssertionError("no hand had its kitty stolen")
