"""The console items of issue 11 (12–18) and issue 14 item 4, each through the real
console: a subprocess for signals, options and a failing store; ``ConsoleTable``
in-process for prompts and wording."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import subprocess
import termios
import time
from io import StringIO
from pathlib import Path

import pytest

from bot.console.table import YOUR_SEAT, ConsoleTable
from bot.text.render import event_line, reader_cards, summary_text
from rules.cards import Card, Suit
from rules.events import HandScored, Played, TrickWon, TrumpFixed
from rules.notation import format_cards, parse_cards
from rules.presets import PRESET_NAMES, PRESETS
from rules.trump import TrumpContext
from storage import Database
from tests.support.console_helpers import CONSOLE, Running, console_table, run_console, to_my_turn

SAVED = "Saved. Run the console again to resume."


# ---- 12: Ctrl-C saves and exits at once --------------------------------------------------
@pytest.mark.parametrize("how", ["pipe", "pty", "ctrl-c-key", "sigterm"])
def test_ctrl_c_saves_and_exits_at_once(tmp_path: Path, how: str) -> None:
    """While the console waits for input: SIGINT (stdin a pipe or a terminal), the
    Ctrl-C key typed into its controlling terminal, or SIGTERM."""
    db = tmp_path / "ctrl-c.db"
    master = slave = None
    extra: dict[str, object] = {}
    if how in ("pty", "ctrl-c-key"):
        master, slave = pty.openpty()
    if how == "ctrl-c-key":
        # A session of its own with the pty as controlling terminal, so the
        # terminal turns the typed ^C into SIGINT for the console.
        extra = {
            "start_new_session": True,
            "preexec_fn": lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        }
    run = Running(
        [*CONSOLE, "--db", str(db)],
        stdin=slave if slave is not None else subprocess.PIPE,
        **extra,
    )
    try:
        run.wait_for("> ")  # waiting for the player, stdin open and silent
        time.sleep(0.3)
        if how == "ctrl-c-key":
            assert master is not None
            os.write(master, b"\x03")
        else:
            run.proc.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGINT)
        started = time.monotonic()
        rc = run.proc.wait(timeout=10)
        assert time.monotonic() - started < 5
    finally:
        run.kill()
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)
    assert rc == 0, run.stderr
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
    assert run.stdout.rstrip().endswith(SAVED)
    again = run_console(db, ["quit"])
    assert again.startswith("Resuming your table #1 (classic) at hand 1.")


# ---- 14.4: a failing timer is backed off, said once, and quit still works --------------
FAILING_STORE = """
import sys
import storage
from rules.actions import Play
from storage.errors import StorageFull

real = storage.Store.record_action

async def record_action(self, table, action, match, **kw):
    if isinstance(action, Play) and action.seat != 0:  # an AI's move: the disk is full
        print("FAILED-WRITE", file=sys.stderr, flush=True)
        raise StorageFull()
    return await real(self, table, action, match, **kw)

storage.Store.record_action = record_action
from bot.console.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def test_failing_timer_backs_off_says_it_once_and_quit_works(tmp_path: Path) -> None:
    db = tmp_path / "full.db"
    run = Running([CONSOLE[0], "-c", FAILING_STORE, "--db", str(db), "--preset", "one-deck"])
    try:
        for _ in range(6):  # deal on, pass, play: until an AI has to move
            run.send("go")
        run.wait_for("The table cannot move on", timeout=60)
        time.sleep(3.5)
        run.send("status")
        run.wait_for("Attackers' points")
        sent = time.monotonic()
        run.send("quit")
        rc = run.proc.wait(timeout=10)
        assert time.monotonic() - sent < 3  # quit is read at once, not after a spin
    finally:
        run.kill()
    assert rc == 0, run.stderr
    # 1 s, 2 s, … between tries: a handful of writes in ~4 s, not ~25 a second
    assert 1 <= run.stderr.count("FAILED-WRITE") <= 5, run.stderr
    assert run.stderr.count("timer failed") <= 1, run.stderr
    assert run.stdout.count("The table cannot move on") == 1
    assert "The game database is full" in run.stdout
    assert "Traceback" not in run.stderr
    assert run.stdout.rstrip().endswith(SAVED)


# ---- 13: --preset bogus, --help ----------------------------------------------------------
def test_unknown_preset_is_a_clear_error_and_help_lists_presets(tmp_path: Path) -> None:
    from tests.support.console_helpers import ROOT, console_env

    bad = subprocess.run(
        [*CONSOLE, "--db", str(tmp_path / "x.db"), "--preset", "bogus"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=console_env(),
        timeout=60,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert "Unknown rule preset 'bogus'. Choose one of: " + ", ".join(PRESET_NAMES) in bad.stderr
    assert not (tmp_path / "x.db").exists()  # nothing was created
    usage = subprocess.run(
        [*CONSOLE, "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=console_env(),
        timeout=60,
    )
    assert usage.returncode == 0
    for name in PRESET_NAMES:
        assert name in usage.stdout
    assert "friends-N" in usage.stdout and "friends-NxD" in usage.stdout  # any 找朋友 table
    assert "--new" in usage.stdout


# ---- 14: --preset on a resumed table, --new -------------------------------------------
async def test_preset_on_resume_is_reported_and_new_starts_fresh(sqlite_db: Database) -> None:
    first, _ = await console_table(sqlite_db, preset_name="one-deck")
    again, buf = await console_table(sqlite_db, preset_name="seed-001", preset_given=True)
    said = buf.getvalue()
    assert again.table_id == first.table_id
    assert f"Resuming your table #{first.table_id} (one-deck) at hand 1." in said
    assert "--preset seed-001 is ignored" in said and "--new" in said
    _, buf2 = await console_table(sqlite_db, preset_name="one-deck", preset_given=True)
    assert "ignored" not in buf2.getvalue()  # the same preset: nothing to say

    fresh, buf3 = await console_table(sqlite_db, preset_name="seed-001", fresh=True)
    assert fresh.table_id != first.table_id
    assert f"New table #{fresh.table_id} (seed-001)" in buf3.getvalue()
    status = fresh.service.queries.cached_status(fresh.table_id or 0)
    assert status is not None and status.table.rules.name == "seed-001"


def test_new_flag_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    run_console(db, ["quit"], "--preset", "one-deck")
    out = run_console(db, ["quit"], "--preset", "tournament")
    assert "--preset tournament is ignored" in out
    out = run_console(db, ["status", "quit"], "--preset", "tournament", "--new")
    assert "New table #2 (tournament)" in out and "Hand 1 · level 2" in out
    assert run_console(db, ["quit"]).startswith("Resuming your table #2 (tournament)")


# ---- 15: only Enter / pass / a declaration deals on -------------------------------------
async def test_commands_during_the_deal_do_not_deal_on(tmp_path: Path) -> None:
    for seed in map(str, range(30)):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'deal-{seed}.db'}")
        await db.upgrade()
        try:
            table, _ = await console_table(db, seed=seed, preset_name="classic")
            asked = await table.pump()
            view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
            assert view is not None
            if asked != "declare" or view.dealt == view.deal_total:
                continue
            dealt = view.dealt
            for cmd in ("help", "s", "h", "hint", "last", "progress", "kitty", "zz"):
                await table.handle(cmd, asked)
                assert await table.pump() == "declare", cmd
                now = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
                assert now is not None and now.dealt == dealt, cmd
            await table.handle("", asked)  # Enter: deal on
            await table.pump()
            now = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
            assert now is not None and now.dealt > dealt
            return
        finally:
            await db.dispose()
    pytest.fail("no seed offered a declaration during the deal")


# ---- 16: progress during hand 1 -----------------------------------------------------------
async def test_progress_in_the_first_hand_says_none_finished(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db)
    await to_my_turn(table)
    mark = len(buf.getvalue())
    await table.handle("progress", "play")
    assert "No hand has finished yet (this is hand 1)." in buf.getvalue()[mark:]


# ---- 17: after an override everyone must pass again -----------------------------------
async def test_override_asks_everyone_to_pass_again(tmp_path: Path) -> None:
    for seed in map(str, range(30)):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'over-{seed}.db'}")
        await db.upgrade()
        try:
            table, _ = await console_table(db, seed=seed, preset_name="classic")
            for _ in range(60):
                asked = await table.pump()
                view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
                assert view is not None
                if asked == "declare":
                    opts = table._declaration_options()
                    first = not view.declarations
                    await table.handle(
                        "declare " + format_cards(opts[0].cards) if first else "", asked
                    )
                    continue
                if asked != "declare_or_pass":
                    break
                prompt = table.prompt_for(asked)
                if len(view.declarations) >= 2:
                    last = view.declarations[-1]
                    assert "Everyone must pass again" in prompt, prompt
                    assert reader_cards("en", format_cards(last.cards)) in prompt  # BJ / LJ
                    return
                assert "pass again" not in prompt
                await table.handle("pass", asked)
        finally:
            await db.dispose()
    pytest.fail("no seed had an override")


# ---- 18: wording and readability --------------------------------------------------------
async def test_dealer_not_decided_yet_is_said_in_words(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    await db.upgrade()
    try:
        table, buf = await console_table(db, preset_name="classic")
        view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
        assert view is not None and view.dealer is None
        table.show_status()
        assert "dealer ?" not in buf.getvalue()
        assert "dealer the last declarer (not decided yet)" in buf.getvalue()
    finally:
        await db.dispose()


def test_no_trump_trick_and_hand_result_wording() -> None:
    nt = event_line("en", TrumpFixed(None, 5, 2, "no-trump"))
    assert nt is not None and "Trump is no-trump" not in nt
    assert nt.startswith("No trump suit this hand: only jokers and level cards (5) are trump")
    assert "无主" in (event_line("zh-CN", TrumpFixed(None, 5, 2, "no-trump")) or "")

    won = event_line("en", TrickWon(2, 16, 20, 120))
    assert won == "South wins trick 16, worth 20. Attackers' total: 120."

    take = HandScored(3, 0, 85, (), 0, 0, 0, 85, "attackers", 0, (2, 2), 1)
    line = summary_text("en", take)
    assert "attackers +0" not in line
    assert (
        "Attackers 85 points: the attackers take over (no level gained); East deals next." in line
    )
    hold = HandScored(3, 0, 35, (), 0, 0, 0, 35, "defenders", 1, (3, 2), 2)
    assert "the defenders hold and go up 1 level; South deals next" in summary_text("en", hold)


def test_played_cards_and_kitty_are_sorted() -> None:
    ctx = TrumpContext.of(PRESETS["classic"], 2, Suit.CLUBS)
    cards = parse_cards("♥6 ♥6 ♦7 ♦7 ♥8 ♣2 小王")
    line = event_line("en", Played(0, tuple(cards), 1, 1), None, ctx)
    assert line == "North: ♥6 ♥6 ♥8 ♦7 ♦7 ♣2 LJ"  # English writes the jokers BJ / LJ
    kitty = tuple(parse_cards("♦K ♠3 ♥5 ♠A"))
    ev = HandScored(1, 0, 0, kitty, 15, 0, 0, 10, "defenders", 2, (4, 2), 2)
    assert "Kitty: ♠3 ♠A ♥5 ♦K (15 pts)" in summary_text("en", ev, None, ctx)


async def you_lead_a_later_trick(tmp_path: Path) -> tuple[ConsoleTable, StringIO, Database]:
    """A console table where you lead a trick after the first (the new trick empty)."""
    for seed in map(str, range(30)):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'lead-{seed}.db'}")
        await db.upgrade()
        table, buf = await console_table(db, seed=seed)
        for _ in range(200):
            asked = await table.pump()
            view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
            if asked == "play" and view is not None and view.trick_no > 1 and not view.current:
                return table, buf, db
            if asked in ("next", "over", None):
                break
            await table.handle("go", asked)
        await db.dispose()
    raise AssertionError("you never led a later trick")


async def test_console_prints_plays_sorted_and_keeps_the_last_trick(tmp_path: Path) -> None:
    table, buf, db = await you_lead_a_later_trick(tmp_path)
    await db.dispose()
    view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
    assert view is not None
    ctx = view.context
    plays = re.findall(r"^(?:North|East|South|West) \((?:AI|you)\): (.+)$", buf.getvalue(), re.M)
    assert plays
    for shown in plays:
        cards = parse_cards(shown)
        assert cards == ctx.sort_cards(cards), shown
    mark = len(buf.getvalue())
    table.show_status()  # you lead: the new trick is empty, the last one stays in view
    panel = buf.getvalue()[mark:]
    last = view.last_trick
    assert last is not None
    assert f"Trick {last.trick_no} → " in panel
    assert f"Trick {view.trick_no}: —" in panel


async def test_hearts_and_diamonds_are_red(sqlite_db: Database) -> None:
    table, buf = await console_table(sqlite_db, colour=True)
    await to_my_turn(table)
    table.show_hand()
    out = buf.getvalue()
    assert re.search(r"\x1b\[31m[♥♦]", out), out[-500:]
    assert not re.search(r"\x1b\[31m[♠♣]", out)


async def dealer_at_bury(tmp_path: Path) -> tuple[ConsoleTable, Database]:
    """A console table where you deal and must bury (you declare what you can)."""
    for seed in ("b", *map(str, range(30))):
        db = Database(f"sqlite+aiosqlite:///{tmp_path / f'bury-{seed}.db'}")
        await db.upgrade()
        table, _ = await console_table(db, seed=seed)
        for _ in range(40):
            asked = await table.pump()
            if asked == "bury":
                return table, db
            if asked not in ("declare", "declare_or_pass"):
                break
            view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
            opts = table._declaration_options()
            if opts and view is not None and not view.declarations:
                await table.handle("declare " + format_cards(opts[0].cards), asked)
            else:
                await table.handle("pass" if asked == "declare_or_pass" else "", asked)
        await db.dispose()
    raise AssertionError("no seed made the console player the dealer")


async def test_dealer_bury_refusals_and_kitty(tmp_path: Path) -> None:
    table, db = await dealer_at_bury(tmp_path)
    try:
        out = table.out.file
        view = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
        assert view is not None and view.hand is not None and view.kitty_taken is not None
        mark = len(out.getvalue())  # type: ignore[attr-defined]
        await table.handle("play " + format_cards(view.hand[:1]), "bury")
        said = out.getvalue()[mark:]  # type: ignore[attr-defined]
        assert "(the table is burying the kitty)" in said
        assert f"Now: Bury {view.rules.kitty_size} cards (e.g. bury " in said

        # Five cards you hold and one you do not: only the missing one is named.
        held = list(view.hand[:5])
        missing = next(Card(c) for c in range(54) if c not in view.hand)
        mark = len(out.getvalue())  # type: ignore[attr-defined]
        await table.handle("bury " + format_cards([*held, missing]), "bury")
        said = out.getvalue()[mark:]  # type: ignore[attr-defined]
        assert f"You do not hold {format_cards([missing])}." in said, said
        for c in held:
            if c != missing:
                assert format_cards([c]) not in said, said
        # Two of a card you hold once: "you have only 1".
        single = next(c for c in view.hand if view.hand.count(c) == 1)
        mark = len(out.getvalue())  # type: ignore[attr-defined]
        rest = [c for c in view.hand if c != single][: view.rules.kitty_size - 2]
        await table.handle("bury " + format_cards([single, single, *rest]), "bury")
        said = out.getvalue()[mark:]  # type: ignore[attr-defined]
        assert f"You have only 1 × {format_cards([single])}." in said, said

        mark = len(out.getvalue())  # type: ignore[attr-defined]
        await table.handle("kitty", "bury")
        ctx = view.context
        taken = format_cards(ctx.sort_cards(view.kitty_taken))
        assert f"The kitty you took: {taken}" in out.getvalue()[mark:]  # type: ignore[attr-defined]
        await table.handle("go", "bury")  # bury the suggestion
        after = table.service.queries.seat_view(table.table_id or 0, YOUR_SEAT)
        assert after is not None and after.buried is not None
        mark = len(out.getvalue())  # type: ignore[attr-defined]
        await table.handle("k", None)
        said = out.getvalue()[mark:]  # type: ignore[attr-defined]
        assert f"The kitty you took: {taken}" in said
        assert f"You buried: {format_cards(ctx.sort_cards(after.buried))}" in said
    finally:
        await db.dispose()
