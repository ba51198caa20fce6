"""Every picture of ``python -m bot render --sample`` is readable at the size
Discord shows it: scaled to 450 px wide (a narrower picture is shown as is), no
text is drawn below ``MIN_TEXT`` px (the font's em size) and no card narrower
than ``MIN_CARD`` px. The drawing code records what it draws
(``bot.pictures.draw.measuring``), so the check measures every label and fan.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures.cache import CACHE
from bot.pictures.draw import measuring
from bot.pictures.samples import sample_pictures

SHOWN_WIDTH = 450
MIN_TEXT = 12
MIN_CARD = 28
# Sheets of every face for README, not pictures a table posts.
SHEETS = {"card-faces.png", "emoji-faces.png"}


def _measured() -> list[tuple[str, int, float, float]]:
    """(file, width, smallest text, narrowest card) per sample, scaled to 450 px."""
    CACHE.clear()
    out = []
    with measuring() as rec:
        for name, png in sample_pictures():
            width = Image.open(io.BytesIO(png)).width
            scale = min(1.0, SHOWN_WIDTH / width)
            texts = [s for k, s in rec if k == "text"]
            cards = [s for k, s in rec if k == "card"]
            out.append(
                (
                    name,
                    width,
                    min(texts, default=99) * scale,
                    min(cards, default=99) * scale,
                )
            )
            rec.clear()
    return out


@pytest.fixture(scope="module")
def measured() -> list[tuple[str, int, float, float]]:
    return _measured()


def test_every_sample_is_readable_at_discord_size(measured: list) -> None:
    bad = [
        f"{name}: text {t:.1f} px, cards {c:.1f} px"
        for name, _, t, c in measured
        if name not in SHEETS and (t < MIN_TEXT or c < MIN_CARD)
    ]
    assert not bad, "too small at 450 px wide:\n" + "\n".join(bad)


def test_samples_include_friends_pictures(measured: list) -> None:
    names = {m[0] for m in measured}
    for kind in ("table", "table-last-trick", "hand", "summary"):
        assert f"friends-10-{kind}.png" in names
        assert f"friends-5-{kind}.png" in names


def test_the_recorder_sees_text_and_cards(measured: list) -> None:
    # Guards the check itself: a picture that drew nothing would pass vacuously.
    table = next(m for m in measured if m[0] == "showcase-table.png")
    assert table[2] < 99 and table[3] < 99
