"""The living table as the picture shows it (``TableScene``, also its cache key), read
from the public ``rules.views.View`` only (``scene_of``), so it can show nothing
hidden; and the picture's size, its seat badges' radius and its smallest words.
``bot.pictures.table`` draws it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.pictures.faces import FaceStyle
from bot.pictures.words import lang_of
from rules.cards import Card
from rules.play import make_lead
from rules.tricks import trick_points, trick_winner
from rules.views import View

WIDTH, HEIGHT = 720, 480
BADGE_R = 20
# The smallest words: 20 px at 720 wide is 12.5 px where Discord shows it (450 px).
LABEL = 20


@dataclass(frozen=True, slots=True)
class TableScene:
    """Everything the table picture shows (also its cache key)."""

    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    faded: bool
    winner: int | None
    trick_no: int
    trick_points: int
    trump: str  # "S" "H" "C" "D", "NT", "" (not known yet); "?" suffix: declared only
    level: int
    levels: tuple[int, ...]  # per team (four seats) or per seat (找朋友)
    dealer: int | None
    attackers_points: int
    turn: int | None
    hand_no: int
    phase: str
    dealt: tuple[int, int]  # cards dealt / to deal, while dealing
    auto: frozenset[int] = frozenset()  # seats handed to the AI for now (托管)
    lang: str = "en"  # the language of the words drawn (``bot.text.i18n``)
    players: int = 4
    team: frozenset[int] = frozenset()  # 找朋友: the dealer and the friends revealed
    calls: tuple[tuple[int, Card, int | None], ...] = ()  # 找朋友: (nth, card, joined seat)
    four_colour: bool = False  # the four-colour deck (♣ green, ♦ blue)

    @property
    def faces(self) -> FaceStyle:
        return FaceStyle(self.lang, self.four_colour)


def _trump_code(view: View) -> str:
    if view.trump_fixed:
        return "NT" if view.trump_suit is None else view.trump_suit.letter
    if view.declarations:
        d = view.declarations[-1]
        return ("NT" if d.trump_suit is None else d.trump_suit.letter) + "?"
    return ""


def scene_of(
    view: View, auto: Collection[int] = (), lang: str = "en", four_colour: bool = False
) -> TableScene:
    plays: tuple[tuple[int, tuple[Card, ...]], ...] = view.current
    faded = False
    winner: int | None = None
    trick_no = view.trick_no
    last = view.last_trick
    declaring = view.phase in ("dealing", "declaring")
    if declaring and view.declarations:
        # Before play: each seat's latest declaration (public cards), the standing one
        # on gold.
        latest = {d.seat: d.cards for d in view.declarations}
        plays = tuple(latest.items())
        winner = view.declarations[-1].seat
    elif not plays and last is not None and view.phase in ("playing", "scored", "finished"):
        plays, faded, winner, trick_no = last.plays, True, last.winner, last.trick_no
    elif plays:
        ctx = view.context
        try:
            lead = make_lead(ctx, plays[0][1])
            winner = plays[trick_winner(ctx, lead, [c for _, c in plays])][0]
        except ValueError:  # not a lead the rules accept: draw it, crown nobody
            winner = None
    return TableScene(
        plays=plays,
        faded=faded,
        winner=winner,
        trick_no=trick_no,
        trick_points=trick_points([c for _, c in plays]),
        trump=_trump_code(view),
        level=view.level_rank,
        levels=view.levels,
        dealer=view.dealer,
        attackers_points=view.attackers_points,
        turn=view.turn if view.phase == "playing" else None,
        hand_no=view.hand_no,
        phase=view.phase,
        dealt=(view.dealt, view.deal_total) if view.phase == "dealing" else (0, 0),
        auto=frozenset(auto),
        lang=lang_of(lang),
        players=view.players,
        team=frozenset([view.dealer, *view.friends]) if view.dealer is not None else frozenset(),
        calls=tuple((c.call.nth, c.call.card, c.joined) for c in view.friend_calls),
        four_colour=four_colour,
    )
