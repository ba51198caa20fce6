"""The self-contained HTML replay viewer (bot/pictures/viewer.py), in a real
headless Chromium: step to trick k and compare every seat's cards, the trick,
its winner and the points with the engine's frames (rules.replay); the seat
selector hides the other hands; the page speaks the table's language; no
request ever leaves the page. Plus fast checks of the file itself.

``SHENGJI_UPDATE_GOLDEN=1`` also writes the README's screenshot
(docs/replay-viewer.png; look at it first).
"""

from __future__ import annotations

import html
import os
import re
import struct
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.pictures.viewer import CSP, viewer_html
from bot.text.i18n import seat_name, text
from rules.notation import format_cards
from rules.record import parse_record
from rules.replay import Frame, HandReplay, hand_replay
from tests.support.browser_helpers import OpenedPage, missing, open_file
from tests.support.replay_helpers import finished_record

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "docs" / "replay-viewer.png"
NAMES = ["Ann", "Bo", "Cy", "Dee"]


def replay_of(preset: str = "classic", seed: str = "replay-1") -> tuple[str, HandReplay]:
    record = finished_record(preset, seed)
    return record, hand_replay(parse_record(record))


def write_page(tmp_path: Path, name: str, **kw: Any) -> tuple[Path, str, HandReplay]:
    record, replay = replay_of(kw.pop("preset", "classic"))
    page = viewer_html(replay, record, **kw)
    path = tmp_path / f"{name}.html"
    path.write_text(page, encoding="utf-8")
    return path, record, replay


class _Record(HTMLParser):
    """The text of <textarea id="record">, as the browser's parser reads it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = False
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = tag == "textarea" and ("id", "record") in attrs

    def handle_endtag(self, tag: str) -> None:
        self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.found.append(data)


def embedded_record(page: str) -> str:
    p = _Record()
    p.feed(page)
    text = "".join(p.found)
    return text[1:] if text.startswith("\n") else text  # HTML drops a textarea's first newline


# ---- the file, without a browser ---------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "friends-8"])
def test_the_embedded_record_is_the_stored_one(preset: str) -> None:
    record, replay = replay_of(preset)
    page = viewer_html(replay, record, lang="en")
    assert embedded_record(page) == record
    assert parse_record(embedded_record(page)).headers == parse_record(record).headers


def test_a_record_with_markup_in_it_stays_verbatim_and_inert() -> None:
    record, _ = replay_of()
    tricky = record + "; </textarea><script>alert(1)</script> & <!-- x\n"
    page = viewer_html(hand_replay(parse_record(tricky)), tricky, lang="en")
    assert embedded_record(page) == tricky
    assert "<script>alert(1)" not in page


def test_names_are_escaped() -> None:
    record, replay = replay_of()
    names = ['<script>alert("x")</script>', '<img src="http://a.invalid/a.png">', "A&B", "Zoë"]
    page = viewer_html(replay, record, lang="en", names=names, title="<b>Title</b>")
    assert "<script>alert(" not in page and "<img src=" not in page and "<b>Title" not in page
    assert html.escape('North (<script>alert("x")</script>)') in page  # the seat picker
    assert "&lt;b&gt;Title&lt;/b&gt;" in page
    assert "Zoë" in page


def test_the_page_is_one_offline_file_of_a_reasonable_size() -> None:
    record, replay = replay_of("friends-8")
    page = viewer_html(replay, record, lang="zh-CN")
    size = len(page.encode("utf-8"))
    print(f"friends-8 viewer: {size} bytes, {len(replay.frames)} frames")
    assert size < 250_000
    assert f'content="{CSP}"' in page
    # nothing to fetch: no external address, no src= at all
    assert not re.search(r"https?://|\bsrc=|@import|url\((?!#)", page)


# ---- in the browser ---------------------------------------------------------------------------

STATE_JS = """() => {
  const cards = (el) => [...el.querySelectorAll('[data-card]')].map((c) => c.dataset.card);
  const seats = [...document.querySelectorAll('#table .seat')].map((el) => ({
    seat: Number(el.dataset.seat),
    up: cards(el.querySelector('.hand')),
    down: el.querySelectorAll('.hand .back').length,
    name: el.querySelector('.name').textContent,
  }));
  const plays = [...document.querySelectorAll('#table .play')].map((el) => ({
    seat: Number(el.dataset.seat), cards: cards(el), winner: el.classList.contains('winner'),
  }));
  const score = document.getElementById('scorebox').dataset;
  return {
    frame: Number(document.body.dataset.frame), seats, plays,
    attackers: Number(score.attackers), defenders: Number(score.defenders),
    status: document.getElementById('status').textContent,
    kitty: cards(document.getElementById('kitty')),
    buried: cards(document.getElementById('buried')),
    summary: !document.getElementById('summarybox').hidden,
    calls: [...document.querySelectorAll('#calls li')].map((li) => li.textContent),
  };
}"""


def codes(cards: tuple[Any, ...]) -> list[str]:
    return format_cards(cards, "ascii").split() if cards else []


def state(p: OpenedPage) -> dict[str, Any]:
    result: dict[str, Any] = p.page.evaluate(STATE_JS)
    return result


def assert_shows(
    p: OpenedPage, frame: Frame, *, lang: str, players: int, seat: int | None = None
) -> dict[str, Any]:
    """The page shows ``frame``: each hand (face up for ``seat``, or all), the trick,
    the winner's mark and the points."""
    st = state(p)
    assert st["frame"] == frame.index
    for s, shown in enumerate(sorted(st["seats"], key=lambda x: x["seat"])):
        hand = codes(frame.hands[s])
        if seat is None or seat == s:
            assert shown["up"] == hand, f"seat {s} at frame {frame.index}"
            assert shown["down"] == 0
        else:
            assert shown["up"] == [] and shown["down"] == len(hand), f"seat {s} must be face down"
    played = {s: codes(c) for s, c in frame.trick.plays} if frame.trick else {}
    for play in st["plays"]:
        assert play["cards"] == played.get(play["seat"], []), play
        winner = frame.trick.winner if frame.trick else None
        assert play["winner"] == (play["seat"] == winner), play
    assert (st["attackers"], st["defenders"]) == (frame.attackers_points, frame.defenders_points)
    if frame.kind == "trick":
        assert frame.trick is not None and frame.trick.winner is not None
        assert seat_name(lang, frame.trick.winner, players) in st["status"]
        assert st["status"].startswith("★")
    return st


def test_stepping_shows_the_engines_frames(chromium: Any, tmp_path: Path) -> None:
    path, _, replay = write_page(tmp_path, "classic", lang="en", names=NAMES)
    p = open_file(chromium, path)
    assert_shows(p, replay.frames[0], lang="en", players=4)
    # play by play with the → key and back with ◀
    for i in range(1, 7):
        p.page.keyboard.press("ArrowRight")
        assert_shows(p, replay.frames[i], lang="en", players=4)
    p.page.click("#prev")
    assert_shows(p, replay.frames[5], lang="en", players=4)
    p.page.keyboard.press("ArrowLeft")
    assert_shows(p, replay.frames[4], lang="en", players=4)
    # trick by trick: the "jump to" list, ↓, and the hands shrink as cards are played
    sizes = []
    for k in (1, 3, 7, len(replay.trick_frames())):
        p.page.select_option("#trick", str(k))
        st = assert_shows(p, replay.frame_of_trick(k), lang="en", players=4)
        sizes.append(sum(len(s["up"]) for s in st["seats"]))
        assert sum(pl["winner"] for pl in st["plays"]) == 1
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 0
    p.page.click("#first")
    p.page.keyboard.press("ArrowDown")
    assert_shows(p, replay.frame_of_trick(1), lang="en", players=4)
    p.page.click("#next")
    assert_shows(p, replay.frames[replay.trick_frames()[0] + 1], lang="en", players=4)
    # the end: the summary, the kitty, the final points
    p.page.click("#last")
    st = assert_shows(p, replay.frames[-1], lang="en", players=4)
    assert (
        st["summary"]
        and st["kitty"] == codes(replay.kitty)
        and st["buried"] == codes(replay.buried)
    )
    summary = p.page.inner_text("#summary")
    assert str(replay.summary.attackers_points) in summary
    assert p.page.is_disabled("#next") and p.page.is_disabled("#last")
    names = sorted(st["seats"], key=lambda x: x["seat"])
    assert [n["name"] for n in names] == [f"{seat_name('en', s)} ({NAMES[s]})" for s in range(4)]
    assert p.errors == [] and p.off_page() == []


def test_a_seat_sees_only_its_own_hand_and_the_plays(chromium: Any, tmp_path: Path) -> None:
    path, _, replay = write_page(tmp_path, "seats", lang="en")
    p = open_file(chromium, path)
    seat = (replay.dealer + 1) % 4  # not the dealer: the kitty stays hidden
    p.page.select_option("#seat", str(seat))
    p.page.select_option("#trick", "3")
    st = assert_shows(p, replay.frame_of_trick(3), lang="en", players=4, seat=seat)
    assert st["kitty"] == [] and st["buried"] == []
    assert text("en", "viewer.kitty_hidden") in p.page.inner_text("#kitty")
    # the chosen seat sits at the bottom of the table
    seat_box = '#table .seat[data-seat="{}"]'
    box = {
        s["seat"]: p.page.locator(seat_box.format(s["seat"])).bounding_box() for s in st["seats"]
    }
    assert max(box, key=lambda s: box[s]["y"]) == seat
    p.page.keyboard.press("ArrowRight")  # the next play, still from that seat
    assert_shows(
        p, replay.frames[replay.frame_of_trick(3).index + 1], lang="en", players=4, seat=seat
    )
    p.page.keyboard.press("End")  # the hand is over: the kitty is shown
    st = assert_shows(p, replay.frames[-1], lang="en", players=4, seat=seat)
    assert st["buried"] == codes(replay.buried)
    p.page.select_option("#seat", str(replay.dealer))
    p.page.keyboard.press("Home")
    st = assert_shows(p, replay.frames[0], lang="en", players=4, seat=replay.dealer)
    assert st["kitty"] == codes(replay.kitty)  # the dealer picked it up
    p.page.select_option("#seat", "all")
    assert_shows(p, replay.frames[0], lang="en", players=4)
    assert p.errors == []


_WALK_TEXT_JS = """() => {
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (n.parentElement.closest('svg, script, style, noscript, textarea, .card')) continue;
    if (n.textContent.trim()) out.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    if (el.closest('.card')) continue;
    out.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '');
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW"])
def test_a_chinese_page_has_no_english(chromium: Any, tmp_path: Path, lang: str) -> None:
    path, _, replay = write_page(tmp_path, lang, lang=lang, preset="friends-8")
    p = open_file(chromium, path, width=390, height=844)  # a phone
    seen: list[str] = []
    for frame in (0, 5, replay.trick_frames()[2], len(replay.frames) - 1):
        p.page.evaluate(f"window.replayViewer.show({frame})")
        seen += p.page.evaluate(_WALK_TEXT_JS)
    words = sorted({w for t in seen for w in re.findall(r"[A-Za-z]{2,}", t)})
    assert words == [], words
    assert any("朋友" in t for t in seen)  # the friend calls are shown
    jokers = p.page.locator('[data-card="BJ"] text').all_text_contents()
    assert "".join(jokers) == "大王" or not jokers
    # a phone: no sideways scrolling
    assert p.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert p.errors == [] and p.off_page() == []


def test_an_english_page_has_no_chinese_and_names_jokers_bj_lj(
    chromium: Any, tmp_path: Path
) -> None:
    path, _, replay = write_page(tmp_path, "en", lang="en", preset="friends-8")
    p = open_file(chromium, path)
    seen: list[str] = []
    for frame in (0, len(replay.frames) - 1):
        p.page.evaluate(f"window.replayViewer.show({frame})")
        seen += p.page.evaluate(_WALK_TEXT_JS)
    assert not [t for t in seen if re.search(r"[\u3400-\u9fff]", t)]
    labels = p.page.evaluate(
        "[...document.querySelectorAll('.card[data-card$=J]')]"
        ".map(c => c.dataset.card + '=' + c.getAttribute('aria-label'))"
    )
    assert {"BJ=BJ", "LJ=LJ"} & set(labels)
    assert p.errors == []


def test_no_request_leaves_the_page(chromium: Any, tmp_path: Path) -> None:
    names = ['<img src="http://127.0.0.1:9/x.png">', "B", "C", "D"]
    path, _, _ = write_page(tmp_path, "offline", lang="en", names=names)
    p = open_file(chromium, path)
    for key in ("End", "Home", "ArrowDown", "ArrowRight"):
        p.page.keyboard.press(key)
    p.page.click("details.recordbox summary")
    # the name is shown as text, and even a script's fetch is refused by the policy
    assert names[0] in p.page.inner_text('#table .seat[data-seat="0"] .name')
    refused = p.page.evaluate(
        "fetch('http://127.0.0.1:9/leak').then(() => 'sent', () => 'refused')"
    )
    assert refused == "refused"
    assert p.page.input_value("#record") == finished_record("classic", "replay-1")
    assert p.off_page() == [], p.off_page()


def _multi_card_trick(replay: HandReplay) -> Frame:
    """The first finished trick led with four cards or more."""
    return next(
        f
        for f in replay.frames
        if f.kind == "trick" and f.trick is not None and len(f.trick.plays[0][1]) >= 4
    )


@pytest.mark.parametrize(("width", "height"), [(1200, 800), (390, 844)])
def test_a_multi_card_trick_fits_one_screen(
    chromium: Any, tmp_path: Path, width: int, height: int
) -> None:
    """Issue 47 item 8: at 1200×900 a 4-card trick stacked each play's cards one
    under another and pushed South's play, South's hand and "North wins trick 5"
    below the fold. Plays now lie flat; at 1200×800 and on a 390 px phone the trick,
    every seat's play, South's hand and the winner line are all on the first screen."""
    path, _, replay = write_page(tmp_path, "fit", lang="en", names=NAMES)
    frame = _multi_card_trick(replay)
    assert frame.trick is not None and len(frame.trick.plays[0][1]) >= 4
    p = open_file(chromium, path, width=width, height=height)
    p.page.evaluate(f"window.replayViewer.show({frame.index})")
    assert_shows(p, frame, lang="en", players=4)
    assert p.page.evaluate("window.scrollY") == 0
    boxes = {
        "trick": p.page.locator("#table .centre").bounding_box(),
        "winner line": p.page.locator("#status").bounding_box(),
        "South's hand": p.page.locator('#table .seat[data-seat="2"] .hand').bounding_box(),
    }
    for s in range(4):
        boxes[f"seat {s}'s play"] = p.page.locator(f'#table .play[data-seat="{s}"]').bounding_box()
    for what, box in boxes.items():
        assert box is not None, what
        inside = box["x"] >= 0 and box["y"] >= 0
        inside = inside and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        assert inside, (what, box)
    # Each play's cards in one row: every card of a play at the same height.
    tops = p.page.evaluate(
        "[...document.querySelectorAll('#table .play')].map(p => "
        "[...p.querySelectorAll('.card')].map(c => Math.round(c.getBoundingClientRect().y)))"
    )
    assert all(len(set(t)) <= 1 for t in tops), tops
    assert p.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert p.errors == []


def test_screenshot(chromium: Any, tmp_path: Path) -> None:
    path, _, _ = write_page(tmp_path, "shot", lang="en", names=NAMES)
    p = open_file(chromium, path, width=1280, height=820)
    p.page.select_option("#trick", "4")
    shot = tmp_path / "replay-viewer.png"
    p.page.screenshot(path=str(shot))
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1280, 820)
    if os.environ.get("SHENGJI_UPDATE_GOLDEN"):  # 256 colours: a third of the bytes
        image = Image.open(shot).convert("RGB")
        image.quantize(256, method=Image.Quantize.MEDIANCUT).save(SCREENSHOT, optimize=True)
    assert SCREENSHOT.exists(), "run with SHENGJI_UPDATE_GOLDEN=1 to write docs/replay-viewer.png"


@pytest.mark.parametrize(
    ("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)]
)
def test_a_missing_browser_fails_under_ci_and_skips_locally(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="Chromium is not installed"):
        missing("Chromium is not installed")


def test_a_take_back_is_a_step_of_its_own(chromium: Any, tmp_path: Path) -> None:
    record = finished_record("classic", "replay-undo", (("play_takeback", "last-player"),), 2)
    replay = hand_replay(parse_record(record))
    undo = next(f for f in replay.frames if f.kind == "undo")
    path = tmp_path / "undo.html"
    path.write_text(viewer_html(replay, record, lang="zh-CN"), encoding="utf-8")
    p = open_file(chromium, path)
    p.page.evaluate(f"window.replayViewer.show({undo.index - 1})")
    before = assert_shows(p, replay.frames[undo.index - 1], lang="zh-CN", players=4)
    p.page.keyboard.press("ArrowRight")
    st = assert_shows(p, undo, lang="zh-CN", players=4)
    assert st["status"] == text("zh-CN", "viewer.took_back", who=seat_name("zh-CN", undo.seat or 0))
    # the cards are back in the hand and off the table
    prev = replay.frames[undo.index - 1].trick
    assert prev is not None
    taken = prev.plays[-1][1]
    assert sum(len(s["up"]) for s in st["seats"]) == sum(
        len(s["up"]) for s in before["seats"]
    ) + len(taken)
    assert sum(len(pl["cards"]) for pl in st["plays"]) == sum(
        len(pl["cards"]) for pl in before["plays"]
    ) - len(taken)
    assert p.errors == []


def test_a_stolen_kitty_is_seen_by_who_held_it(chromium: Any, tmp_path: Path) -> None:
    """炒地皮: seen from the thief's seat the buried kitty is its own bury; the dealer
    saw the kitty as dealt but never the thief's bury; the end shows both to all."""
    from tests.support.replay_helpers import stolen_record

    record = stolen_record("classic")
    replay = hand_replay(parse_record(record))
    assert replay.burier != replay.dealer
    path = tmp_path / "stolen.html"
    page = viewer_html(replay, record, lang="en")
    assert embedded_record(page) == record
    path.write_text(page, encoding="utf-8")
    p = open_file(chromium, path)
    p.page.select_option("#seat", str(replay.burier))
    st = assert_shows(p, replay.frames[0], lang="en", players=4, seat=replay.burier)
    assert st["buried"] == codes(replay.buried) and st["kitty"] == []
    p.page.select_option("#seat", str(replay.dealer))
    st = assert_shows(p, replay.frames[0], lang="en", players=4, seat=replay.dealer)
    assert st["kitty"] == codes(replay.kitty) and st["buried"] == []
    p.page.keyboard.press("End")
    st = assert_shows(p, replay.frames[-1], lang="en", players=4, seat=replay.dealer)
    assert st["buried"] == codes(replay.buried) and st["kitty"] == codes(replay.kitty)
    p.page.select_option("#seat", "all")
    p.page.keyboard.press("Home")
    for k in (1, len(replay.trick_frames())):
        p.page.select_option("#trick", str(k))
        assert_shows(p, replay.frame_of_trick(k), lang="en", players=4)
    assert p.errors == [] and p.off_page() == []
