"""Pictures of the game, drawn with Pillow: card faces, the table, a hand, the
hand summary and the level-progress chart. No Discord here: every function takes
views or plain data and returns PNG bytes (cached by content).

Public API (what the Discord layer calls)::

    render_table(view: View, auto: Collection[int] = ()) -> bytes  # the table message
    render_hand(view: View) -> bytes                   # a seat's own hand, for its DM
    render_cards(cards, rules, level, trump) -> bytes  # the same for any cards
    render_summary(summary: HandSummary, rules: RuleSet | None = None) -> bytes
    render_progress(progress: Sequence[HandProgress], levels=range(2, 15)) -> bytes
    card_face(card, width) -> PIL.Image.Image          # one face (shared; do not edit)
    emoji_png(card) -> bytes; emoji_name(card) -> str  # application-emoji faces

Each call costs a few ms of CPU on a cache miss: from asyncio code, run it in a
thread (``asyncio.to_thread``) if the event loop must not wait.
"""

from bot.pictures.cache import CACHE, PictureCache
from bot.pictures.chart import render_progress
from bot.pictures.faces import card_face, emoji_name, emoji_png
from bot.pictures.hand import render_cards, render_hand
from bot.pictures.summary import render_summary
from bot.pictures.table import render_table

__all__ = [
    "CACHE",
    "PictureCache",
    "card_face",
    "emoji_name",
    "emoji_png",
    "render_cards",
    "render_hand",
    "render_progress",
    "render_summary",
    "render_table",
]
