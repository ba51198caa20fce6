"""Sample situations for every preset, played by the basic AI from a fixed seed:
what ``python -m bot render --sample``, ``bench.render`` and the picture tests draw.

Deterministic: the same preset and seed give the same views (and so the same
pictures), which the golden-image tests rely on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from bot.pictures import showcase
from bot.pictures.chart import render_progress
from bot.pictures.hand import render_hand
from bot.pictures.ladder import render_leaderboard, render_rank_card
from bot.pictures.replay import render_trick
from bot.pictures.summary import render_summary
from bot.pictures.table import render_table
from rules.actions import DealCards, NextHand, Pass
from rules.ai import make_player
from rules.cards import Card
from rules.game import Match
from rules.presets import PRESET_NAMES, preset
from rules.progress import HandProgress
from rules.record import parse_record, write_record
from rules.replay import HandReplay, hand_replay
from rules.views import HandSummary, View

MAX_STEPS = 20_000
FRIENDS_SAMPLES = ("friends-5", "friends-10")


def _step(m: Match, rng: random.Random) -> None:
    """Let the basic AI take the next action(s) of ``m``."""
    player = make_player("basic")
    if m.phase == "dealing":
        m.apply(DealCards(m.deal_total))
        return
    if m.phase == "declaring":
        for s in range(m.rules.players):
            if m.phase != "declaring":
                return
            if s in m.hand.passes:
                continue
            a = player.choose(m.view_for(s), rng)
            m.apply(a if a is not None else Pass(s))
        return
    seat = {"burying": m.burier, "calling": m.dealer, "stealing": m.steal_turn}.get(m.phase, m.turn)
    assert seat is not None
    a = player.choose(m.view_for(seat), rng)
    if a is None:
        a = m.suggest(seat)
    assert a is not None, f"seat {seat} has nothing to do in phase {m.phase}"
    m.apply(a)


def advance(m: Match, until: Callable[[Match], bool], rng: random.Random) -> Match:
    """Play ``m`` on until ``until(m)`` holds (or the hand is scored)."""
    for _ in range(MAX_STEPS):
        if until(m) or m.phase in ("scored", "finished"):
            return m
        _step(m, rng)
    raise RuntimeError("the sample hand does not end")


@dataclass(frozen=True, slots=True)
class Scene:
    """One preset's sample views: a trick in progress, the first card-less moment of
    a trick (last trick faded), the fullest hand, and the scored hand."""

    preset: str
    mid_trick: View
    trick_start: View
    hand: View
    scored: HandSummary


def _mid_trick(m: Match) -> bool:
    # Prefer a trick led with a pair or more (a livelier picture), else any from trick 8.
    v = m.view_for(None)
    if m.phase != "playing" or len(v.current) < 3 or v.trick_no < 3:
        return False
    return len(v.current[0][1]) >= 2 or v.trick_no >= 8


def _trick_start(m: Match) -> bool:
    v = m.view_for(None)
    return m.phase == "playing" and v.trick_no >= 2 and not v.current


def scene(name: str, seed: str = "sample") -> Scene:
    rng = random.Random(f"{seed}/{name}")
    m = Match(preset(name), f"{seed}/{name}", first_dealer=0)
    advance(m, lambda x: x.phase == "playing", rng)
    # The dealer holds the largest hand (after burying, still the most cards shown).
    dealer = m.dealer
    assert dealer is not None
    hand = m.view_for(dealer)
    advance(m, _trick_start, rng)
    trick_start = m.view_for(None)
    advance(m, _mid_trick, rng)
    mid = m.view_for(None)
    advance(m, lambda x: False, rng)
    summary = m.view_for(None).history[-1]
    return Scene(name, mid, trick_start, hand, summary)


def sample_record(name: str, seed: str = "sample") -> str:
    """The record of one whole hand of preset ``name`` played by the basic AI."""
    rng = random.Random(f"{seed}/{name}/record")
    m = Match(preset(name), f"{seed}/{name}", first_dealer=0)
    advance(m, lambda x: False, rng)
    return write_record(m)


def sample_replay(name: str, seed: str = "sample") -> HandReplay:
    """``sample_record`` replayed into frames (what the replay pictures draw)."""
    return hand_replay(parse_record(sample_record(name, seed)))


def showcase_trick(replay: HandReplay) -> int:
    """A lively trick to show (README): from trick 3 to the middle of the hand, the
    first led with a pair or more, else the one with the most points."""
    tricks = range(3, max(3, len(replay.trick_frames()) // 2) + 1)

    def liveliness(n: int) -> tuple[bool, int]:
        t = replay.frame_of_trick(n).trick
        assert t is not None
        return (len(t.plays[0][1]) >= 2, t.points)

    return max(tricks, key=lambda n: (liveliness(n)[0], liveliness(n)[1], -n))


def progress_of(history: list[HandSummary] | tuple[HandSummary, ...]) -> list[HandProgress]:
    """``HandProgress`` rows (as ``storage.stats`` reads them) from a match's history."""
    return [HandProgress.of_summary(h) for h in history]


def sample_match(seed: str = "sample", hands: int = 8, name: str = "classic") -> list[HandProgress]:
    """A few whole hands of one preset, for the progress chart."""
    rng = random.Random(f"{seed}/progress")
    m = Match(preset(name), f"{seed}/progress", first_dealer=0)

    while len(m.history) < hands and m.phase != "finished":
        advance(m, lambda x: False, rng)
        if m.phase == "scored":
            m.apply(NextHand())
    return progress_of(m.history)


def widest_trick(view: View, per_seat: int = 25) -> View:
    """``view`` with every seat showing ``per_seat`` cards (a four-deck throw led
    in one suit, the others following with whatever they hold)."""
    suit = next(cs for cs in view.context.suit_cards if cs)
    lead = tuple(Card(suit[i % len(suit)]) for i in range(per_seat))
    others = [Card(c % 54) for c in range(3 * per_seat)]
    follows = [(s, tuple(others[(s - 1) * per_seat : s * per_seat])) for s in range(1, 4)]
    plays = ((0, lead), *follows)
    return replace(view, current=plays)


def sample_pictures(seed: str = "sample") -> Iterator[tuple[str, bytes]]:
    """(file name, PNG): the fixed showcase scenes (README) and the ranked pictures,
    then every picture of every preset, then the progress chart of a played match (and of a 找朋友 one)."""
    yield "showcase-table.png", render_table(showcase.showcase_table())
    yield "showcase-table-last-trick.png", render_table(showcase.showcase_last_trick())
    yield "showcase-hand.png", render_hand(showcase.showcase_hand())
    yield "showcase-summary.png", render_summary(showcase.SHOWCASE_SUMMARY, preset("classic"))
    yield "showcase-progress.png", render_progress(showcase.SHOWCASE_PROGRESS)
    # /rank's card and /leaderboard, in each language (tiers such as 打J in Chinese).
    for lang in ("en", "zh-CN", "zh-TW"):
        tag = "" if lang == "en" else f"-{lang.lower()}"
        card = render_rank_card(
            "Femi",
            "fixed",
            2,
            showcase.SHOWCASE_STANDING,
            4,
            showcase.SHOWCASE_RECENT,
            lang,
            showcase.SHOWCASE_PARTNER,
        )
        yield f"showcase-rank{tag}.png", card
        board = render_leaderboard(showcase.showcase_board(), "fixed", 2, lang)
        yield f"showcase-leaderboard{tag}.png", board
    # The same scenes with the words in Chinese (the CJK subset font).
    for lang in ("zh-CN", "zh-TW"):
        tag = lang.lower()
        yield f"showcase-table-{tag}.png", render_table(showcase.showcase_table(), (1,), lang)
        yield (
            f"showcase-table-last-trick-{tag}.png",
            render_table(showcase.showcase_last_trick(), lang=lang),
        )
        yield f"showcase-hand-{tag}.png", render_hand(showcase.showcase_hand(), lang)
        yield (
            f"showcase-summary-{tag}.png",
            render_summary(showcase.SHOWCASE_SUMMARY, preset("classic"), lang),
        )
        yield (
            f"showcase-progress-{tag}.png",
            render_progress(showcase.SHOWCASE_PROGRESS, lang=lang),
        )
    # The four-colour deck (``four_colour=True``: ♣ green, ♦ blue).
    yield (
        "showcase-table-four-colour.png",
        render_table(showcase.showcase_table(), four_colour=True),
    )
    yield "showcase-hand-four-colour.png", render_hand(showcase.showcase_hand(), four_colour=True)
    yield "card-faces.png", showcase.card_sheet()
    yield "emoji-faces.png", showcase.emoji_sheet()
    for name in PRESET_NAMES:
        sc = scene(name, seed)
        yield f"{name}-table.png", render_table(sc.mid_trick)
        yield f"{name}-table-last-trick.png", render_table(sc.trick_start)
        yield f"{name}-hand.png", render_hand(sc.hand)
        yield f"{name}-summary.png", render_summary(sc.scored, sc.mid_trick.rules)
        if sc.mid_trick.rules.decks == 4:
            yield f"{name}-table-widest-throw.png", render_table(widest_trick(sc.mid_trick))
    # 找朋友: the fewest and the most seats (ten seats is the tightest table).
    for name in FRIENDS_SAMPLES:
        sc = scene(name, seed)
        yield f"{name}-table.png", render_table(sc.mid_trick)
        yield f"{name}-table-last-trick.png", render_table(sc.trick_start)
        yield f"{name}-hand.png", render_hand(sc.hand)
        yield f"{name}-summary.png", render_summary(sc.scored, sc.mid_trick.rules)
    yield (
        "friends-10-table-zh-cn.png",
        render_table(scene("friends-10", seed).mid_trick, lang="zh-CN"),
    )
    # 复盘: a trick of a finished hand, its start and its end, at four seats and 找朋友.
    for name in ("classic", "four-decks", *FRIENDS_SAMPLES):
        r = sample_replay(name, seed)
        yield f"{name}-replay.png", render_trick(r, showcase_trick(r))
        yield f"{name}-replay-start.png", render_trick(r, 0)
        yield f"{name}-replay-end.png", render_trick(r, len(r.trick_frames()))
    classic = sample_replay("classic", seed)
    yield "classic-replay-zh-cn.png", render_trick(classic, showcase_trick(classic), "zh-CN")
    yield "progress.png", render_progress(sample_match(seed), preset("classic").levels)
    # 找朋友: a line per seat.
    friends = preset("friends-6")
    yield (
        "friends-6-progress.png",
        render_progress(sample_match(seed, name="friends-6"), friends.levels),
    )


def write_samples(directory: Path, seed: str = "sample") -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, png in sample_pictures(seed):
        path = directory / file_name
        path.write_bytes(png)
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    """``python -m bot render --sample DIR [--seed S]``."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m bot render", description="Write sample pictures.")
    ap.add_argument(
        "--sample", metavar="DIR", type=Path, required=True, help="folder to write PNGs to"
    )
    ap.add_argument("--seed", default="sample", help="seed of the sample hands (default: sample)")
    args = ap.parse_args(argv)
    paths = write_samples(args.sample, args.seed)
    for p in paths:
        print(f"{p}  {p.stat().st_size / 1000:.1f} KB")
    print(f"{len(paths)} pictures in {args.sample}")
    return 0
