"""The pictures (``bot.pictures``): every picture renders for every preset within
the size budget, shows only public information, is cached by content, and the
fixed scenes below match their golden PNGs (``tests/pictures/golden/``) within a small
tolerance. ``SHENGJI_UPDATE_GOLDEN=1`` rewrites the goldens (look at them first!).

The golden scenes (``bot.pictures.showcase``) are built by hand from fixed cards
(not played by the AI), so a change to the AI or the deal never moves them; only
a drawing change does.
"""

from __future__ import annotations

import io
import os
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.pictures import (
    CACHE,
    card_face,
    render_cards,
    render_hand,
    render_progress,
    render_summary,
    render_table,
)
from bot.pictures.cache import PictureCache
from bot.pictures.hand import shown_trump
from bot.pictures.samples import Scene, sample_pictures, scene, widest_trick
from bot.pictures.showcase import (
    SHOWCASE_PROGRESS,
    SHOWCASE_SUMMARY,
    base_view,
    card_sheet,
    showcase_hand,
    showcase_last_trick,
    showcase_table,
)
from bot.pictures.table_scene import scene_of
from rules.cards import ALL_CARDS, Card, Suit
from rules.game import Match
from rules.notation import parse_cards
from rules.presets import PRESET_NAMES, preset
from rules.views import DeclarationView

GOLDEN = Path(__file__).parent / "golden"
MAX_BYTES = 200_000
HAND_MAX_WIDTH = 400


def _image(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(png)).convert("RGB")


GOLDENS = {
    "table.png": lambda: render_table(showcase_table()),
    "table-last-trick.png": lambda: render_table(showcase_last_trick()),
    "hand.png": lambda: render_hand(showcase_hand()),
    "summary.png": lambda: render_summary(SHOWCASE_SUMMARY, preset("classic")),
    "progress.png": lambda: render_progress(SHOWCASE_PROGRESS),
    "card-faces.png": card_sheet,
    # The words in Chinese (the CJK subset font), the AUTO chip on East included.
    "table-zh-cn.png": lambda: render_table(showcase_table(), (1,), "zh-CN"),
    "summary-zh-tw.png": lambda: render_summary(SHOWCASE_SUMMARY, preset("classic"), "zh-TW"),
    "progress-zh-cn.png": lambda: render_progress(SHOWCASE_PROGRESS, lang="zh-CN"),
}


# A different FreeType or Pillow may move anti-aliased edges a little; a drawing
# change (one rank on one card: ~230 pixels) moves far more than this.
MAX_MEAN = 1.0
MAX_FAR_PIXELS = 60


def _difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """(mean absolute difference per channel, pixels off by more than 64)."""
    diff = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    grey = diff.convert("L").point(lambda v: 255 if v > 64 else 0)
    far = round(ImageStat.Stat(grey).sum[0] / 255)
    return mean, far


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_matches_golden_image(name: str) -> None:
    CACHE.clear()
    png = GOLDENS[name]()
    path = GOLDEN / name
    if os.environ.get("SHENGJI_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png)
    got, want = _image(png), _image(path.read_bytes())
    assert got.size == want.size
    mean, far = _difference(got, want)
    assert mean < MAX_MEAN and far < MAX_FAR_PIXELS, (name, mean, far)


def test_golden_tolerance_catches_a_changed_card() -> None:
    """The tolerance is tight enough that one different card fails the comparison."""
    changed = showcase_table()
    plays = list(changed.current)
    plays[1] = (2, tuple(parse_cards("♥44")))
    other = render_table(replace(changed, current=tuple(plays)))
    mean, far = _difference(_image(other), _image((GOLDEN / "table.png").read_bytes()))
    assert far >= MAX_FAR_PIXELS or mean >= MAX_MEAN, (mean, far)


# ---- every preset --------------------------------------------------------------------
@pytest.fixture(scope="module")
def scenes() -> dict[str, Scene]:
    return {name: scene(name, "tests") for name in PRESET_NAMES}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_picture_renders_for_every_preset(name: str, scenes: dict[str, Scene]) -> None:
    sc = scenes[name]
    rules = preset(name)
    pictures = {
        "table": render_table(sc.mid_trick),
        "last trick": render_table(sc.trick_start),
        "hand": render_hand(sc.hand),
        "summary": render_summary(sc.scored, rules),
    }
    if rules.decks >= 3:
        pictures["widest throw"] = render_table(widest_trick(sc.mid_trick))
    for what, png in pictures.items():
        assert len(png) <= MAX_BYTES, (name, what, len(png))
        im = _image(png)
        assert im.width >= 300 and im.height >= 60, (name, what, im.size)
    assert _image(pictures["hand"]).width <= HAND_MAX_WIDTH
    # The sample hand is the fullest one: the dealer's at the start of play.
    assert sc.hand.hand is not None
    assert len(sc.hand.hand) == (54 * rules.decks - rules.kitty_size) // 4


def test_largest_hand_fits_a_phone() -> None:
    """Four decks, no kitty: 54 cards, plus a hand of all 54 different cards twice."""
    four = scene("four-decks", "tests").hand
    assert four.hand is not None and len(four.hand) == 54
    im = _image(render_hand(four))
    assert im.width <= HAND_MAX_WIDTH and im.height < 1200
    every = render_cards(ALL_CARDS * 2, preset("four-decks"), 2, None)
    assert _image(every).width <= HAND_MAX_WIDTH and len(every) <= MAX_BYTES


def test_every_phase_renders(scenes: dict[str, Scene]) -> None:
    m = Match(preset("classic"), "phases", first_dealer=0)
    assert m.phase == "dealing"
    png = render_table(m.view_for(None))
    assert len(png) <= MAX_BYTES
    for phase in ("declaring", "burying", "scored", "finished"):
        render_table(replace(scenes["classic"].trick_start, phase=phase))  # type: ignore[arg-type]
    no_trump = replace(showcase_table(), trump_suit=None)
    assert render_table(no_trump) != render_table(showcase_table())
    assert render_progress([]) and render_hand(base_view(None))  # empty chart, empty hand


def test_table_shows_winner_and_fades_the_last_trick() -> None:
    sc = scene_of(showcase_table())
    assert sc.winner == 2 and not sc.faded and sc.trick_points == 35 and sc.trump == "H"
    last = scene_of(showcase_last_trick())
    assert last.faded and last.winner == 0 and last.trick_no == 3 and last.trick_points == 15
    assert last.plays == showcase_table().tricks[0].plays


def test_declarations_show_before_play() -> None:
    """While dealing, the table shows each seat's latest declaration (public cards),
    the standing one on gold, and the declared suit as provisional trump; a hand
    groups by the declared suit with a "?"."""
    declared = replace(
        showcase_table(),
        phase="dealing",
        trump_fixed=False,
        trump_suit=None,
        dealer=None,
        turn=None,
        current=(),
        tricks=(),
        dealt=60,
        deal_total=100,
        declarations=(
            DeclarationView(3, (Card.D2,), "L1", Suit.DIAMONDS),
            DeclarationView(1, (Card.S2, Card.S2), "L2", Suit.SPADES),
        ),
    )
    sc = scene_of(declared)
    assert sc.plays == ((3, (Card.D2,)), (1, (Card.S2, Card.S2))) and sc.winner == 1
    assert sc.trump == "S?" and sc.dealt == (60, 100) and not sc.faded
    assert render_table(declared) != render_table(replace(declared, declarations=()))
    hand = replace(showcase_hand(), phase="dealing", trump_fixed=False, trump_suit=None)
    assert shown_trump(hand) == (None, True)
    assert shown_trump(replace(hand, declarations=declared.declarations)) == (Suit.SPADES, True)
    assert shown_trump(showcase_hand()) == (Suit.HEARTS, False)
    assert render_hand(replace(hand, declarations=declared.declarations)) != render_hand(hand)


def test_auto_seats_are_marked() -> None:
    view = showcase_table()
    assert scene_of(view, auto=[1, 3]).auto == {1, 3}
    marked = render_table(view, auto=[1, 3])
    assert marked != render_table(view) and marked == render_table(view, auto=(3, 1))


def test_public_view_only_public_cards() -> None:
    """The table reads the public view: a seat's view gives the very same picture."""
    CACHE.clear()
    seat_view = showcase_hand()
    assert render_table(seat_view) == render_table(replace(seat_view, seat=None, hand=None))


def test_cache_is_keyed_by_content() -> None:
    CACHE.clear()
    a = render_table(showcase_table())
    b = render_table(replace(showcase_table(), passes=(1, 2)))  # not drawn: same key
    assert a is b and CACHE.hits == 1
    c = render_table(replace(showcase_table(), attackers_points=40))
    assert c != a and CACHE.misses == 2
    small = PictureCache(max_entries=2)
    for i in range(3):
        small.get(i, lambda i=i: bytes([i]))
    assert len(small) == 2 and small.get(0, lambda: b"new") == b"new"


def test_card_faces_are_all_different() -> None:
    faces = {card_face(c, 60).tobytes() for c in ALL_CARDS}
    assert len(faces) == 54
    assert card_face(Card.BJ, 60).tobytes() != card_face(Card.LJ, 60).tobytes()


def test_render_sample_writes_every_picture(tmp_path: Path) -> None:
    from bot.__main__ import main

    assert main(["render", "--sample", str(tmp_path / "s")]) == 0
    names = sorted(p.name for p in (tmp_path / "s").iterdir())
    for preset_name in PRESET_NAMES:
        for kind in ("table", "table-last-trick", "hand", "summary"):
            assert f"{preset_name}-{kind}.png" in names
    assert "progress.png" in names and "four-decks-table-widest-throw.png" in names
    assert all((tmp_path / "s" / n).stat().st_size <= MAX_BYTES for n in names)
    assert len(names) == len(list(sample_pictures()))


def test_readme_pictures_are_the_current_drawings() -> None:
    """docs/img holds what ``python -m bot render --sample`` writes for the fixed
    scenes (refresh: copy showcase-*.png and card-faces.png from a sample run)."""
    docs = Path(__file__).parents[2] / "docs" / "img"
    guide = (Path(__file__).parents[2] / "docs" / "players.md").read_text(encoding="utf-8")
    for name in ("table", "hand", "summary", "progress", "card-faces", "table-zh-cn"):
        assert f"img/{name}.png" in guide
        got = _image((docs / f"{name}.png").read_bytes())
        want = _image(GOLDENS[f"{name}.png"]())
        assert got.size == want.size
        mean, far = _difference(got, want)
        assert mean < MAX_MEAN and far < MAX_FAR_PIXELS, (name, mean, far)
