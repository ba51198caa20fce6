"""A table service with people at the seats (``Humans``), what it announced
(``Recorder``), and playing until a condition holds."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.service import (
    FakeClock,
    Notice,
    Public,
    ServiceError,
    TableService,
)
from rules.actions import Bury, Play
from rules.cards import NUM_CARDS, Card
from rules.declare import possible_declarations
from rules.events import (
    Event,
)
from rules.game import Match
from rules.notation import format_cards
from rules.trump import TRUMP

CH = 7001


GUILD = 42


HAN = re.compile(r"[\u4e00-\u9fff]")


class Recorder:
    def __init__(self) -> None:
        self.notices: list[Notice] = []

    def __call__(self, n: Notice) -> None:
        self.notices.append(n)

    def public_events(self, kind: type[Event] | None = None) -> list[Event]:
        return [
            n.event
            for n in self.notices
            if isinstance(n, Public)
            and n.event is not None
            and (kind is None or isinstance(n.event, kind))
        ]

    def public(self, kind: str) -> list[Public]:
        return [n for n in self.notices if isinstance(n, Public) and n.kind == kind]


def text_of(cards: Sequence[Card], n: int) -> str:
    """Card text a player might type: symbols, ASCII or lower-case ASCII."""
    style = n % 3
    if style == 0:
        return format_cards(cards)
    ascii_text = format_cards(cards, "ascii")
    return ascii_text if style == 1 else ascii_text.lower()


class Humans:
    """Plays the human seats through the service's public API."""

    def __init__(self, svc: TableService, seats: dict[int, int], declare: bool = True) -> None:
        self.svc = svc
        self.seats = seats  # seat -> user id
        self.declare = declare
        self.calls = 0  # accepted service calls
        self.declarer: int | None = None
        self.lead_pairs = False

    async def move(self, m: Match) -> bool:
        """One move for some human seat that has one; False if none has."""
        svc, seats = self.svc, self.seats
        self.calls += 1
        if m.phase == "declaring":
            if self.declare and not m.hand.declarations:
                for s, user in seats.items():
                    opts = possible_declarations(
                        m.rules, m.hand.level_rank, s, m.hand.hands[s], None
                    )
                    if opts:
                        await svc.moves.declare(CH, user, text_of(opts[0].cards, self.calls))
                        self.declarer = s
                        return True
            for s, user in seats.items():
                if s not in m.hand.passes:
                    await svc.moves.pass_(CH, user)
                    return True
        elif m.phase in ("burying", "playing"):
            for s, user in seats.items():
                a = m.suggest(s)
                if isinstance(a, Bury):
                    await svc.moves.bury(CH, user, text_of(a.cards, self.calls))
                    return True
                if isinstance(a, Play):
                    cards = a.cards
                    if self.lead_pairs and not m.hand.current.plays:  # type: ignore[union-attr]
                        cards = pair_lead(m, s) or cards
                    await svc.moves.play(CH, user, text_of(cards, self.calls))
                    return True
        self.calls -= 1
        return False


def pair_lead(m: Match, seat: int) -> tuple[Card, ...] | None:
    """A pair of a plain suit the seat holds (to lead it), if any."""
    ctx = m.context
    for c in range(NUM_CARDS):
        if m.hand.hands[seat][c] >= 2 and ctx.suit_of[c] != TRUMP:
            return (Card(c), Card(c))
    return None


async def run_until(
    svc: TableService,
    clock: FakeClock,
    table_id: int,
    humans: Humans | None,
    done: Callable[[Match], bool],
    limit: int = 20_000,
) -> Match | None:
    """Let humans move; when none can, move the clock to the next timer and tick."""
    for _ in range(limit):
        m = svc.queries.match_of(table_id)
        if m is None or done(m):
            return m
        if humans is not None and await humans.move(m):
            continue
        deadline = svc.automation.next_deadline()
        assert deadline is not None, f"the table is stuck in {m.phase}"
        if deadline > clock.now():
            clock.advance((deadline - clock.now()).total_seconds())
        await svc.tick()
    raise AssertionError("the table did not get there")


def hand_over(m: Match) -> bool:
    return m.phase in ("scored", "finished")


def check_messages(exc: ServiceError, *contains: str) -> None:
    """The error reads well in all three languages."""
    en, cn, tw = exc.message("en"), exc.message("zh-CN"), exc.message("zh-TW")
    for msg in (en, cn, tw):
        assert msg and "{" not in msg and "}" not in msg, (exc.code, msg)
        for part in contains:
            assert part in msg, (exc.code, part, msg)
    assert cn != en and tw != en, (exc.code, en, cn)
    assert HAN.search(cn) and HAN.search(tw), (cn, tw)
    assert not HAN.search(en.replace("小王", "").replace("大王", "").replace("黑桃", "")), en
    assert str(exc) == en
