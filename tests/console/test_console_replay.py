"""复盘 in the terminal: ``python -m bot replay`` (a record file or a stored hand)
stepped by scripted input and checked against the engine's frames, ``python -m
bot record`` writing the record and the HTML viewer, the friendly refusals, and
the console table's 复盘 command."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console.replay_step import line_command
from bot.console.terminal import LineReader, key_command
from bot.text.i18n import seat_name, text
from bot.text.render import hand_cards, result_text
from rules.game import Match
from rules.presets import preset
from rules.record import parse_record, write_record
from rules.replay import HandReplay, hand_replay
from rules.scripted import next_scripted
from storage import Database, Replays, Store
from tests.support.console_helpers import ROOT, console_env, console_table
from tests.support.database import make_database
from tests.support.replay_helpers import finished_record, open_match, play_hands
from tests.support.tournament_helpers import (
    DIRECTOR,
    drive,
    file_service,
    finished,
    one_deck_event,
    register,
)

SHORT = preset("one-deck").with_overrides(levels=(13, 14))
SEATS = ("North", "East", "South", "West")


def run_bot(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` with ``stdin`` piped in (wide lines: no wrapping)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=console_env(COLUMNS="400", **env),
        timeout=120,
    )


def block(out: str, step: int, steps: int, head: str = "Replay of hand") -> list[str]:
    """The lines printed for one step: from its head line to the keys line."""
    lines = out.splitlines()
    start = next(
        i for i, ln in enumerate(lines) if ln.startswith(head) and f" {step}/{steps} " in ln
    )
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("→"))
    return lines[start:end]


def expected_seats(replay: HandReplay, step: int, lang: str = "en") -> list[str]:
    frame = replay.frame_of_trick(step)
    return [hand_cards(lang, cards) for cards in frame.hands]


def check_step(out: str, replay: HandReplay, step: int) -> list[str]:
    """The step's block shows every seat's cards and the trick as the engine has them."""
    steps = len(replay.trick_frames())
    shown = block(out, step, steps)
    frame = replay.frame_of_trick(step)
    for seat, cards in enumerate(expected_seats(replay, step)):
        row = next(ln for ln in shown if ln.startswith(SEATS[seat]))
        assert row.split(": ", 1)[1] == (cards or "(no cards left)"), (seat, row)
    points = f"Points: attackers {frame.attackers_points}, defenders {frame.defenders_points}"
    assert points in shown
    if step:
        t = frame.trick
        assert t is not None and t.winner is not None
        trick = next(ln for ln in shown if ln.startswith(f"Trick {step} → "))
        assert trick.startswith(f"Trick {step} → {SEATS[t.winner]} (+{t.points}): ")
        for seat, cards in t.plays:
            assert f"{SEATS[seat]}: {hand_cards('en', cards)}" in trick
    return shown


# ---- a record file -----------------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, HandReplay]:
    text = finished_record("one-deck", "console-replay")
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    return path, hand_replay(parse_record(text))


def test_replay_file_steps_through_the_tricks(record_file: tuple[Path, HandReplay]) -> None:
    path, replay = record_file
    steps = len(replay.trick_frames())
    assert steps > 5
    proc = run_bot("replay", str(path), stdin="n\n\n4\np\nG\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = proc.stdout
    start = check_step(out, replay, 0)  # after the bury: the kitty as dealt and as buried
    assert any(ln.startswith("Kitty as dealt: ") for ln in start)
    assert f"Buried by the dealer: {hand_cards('en', replay.buried)}" in start
    dealer = SEATS[replay.dealer]
    assert any(ln.startswith(f"{dealer} (dealer): ") for ln in start)
    for step in (1, 2, 4, 3):  # n, Enter, a number, p
        check_step(out, replay, step)
    heads = [ln.split(" · ")[1] for ln in out.splitlines() if ln.startswith("Replay of hand")]
    assert heads == [f"trick {k}/{steps}" for k in (0, 1, 2, 4, 3, steps)]
    last = check_step(out, replay, steps)  # G: the last trick and the result
    assert all(ln.endswith("(no cards left)") for ln in last if ln.startswith(SEATS))
    result = replay.summary
    assert any(f"Attackers {result.attackers_points} points: " in ln for ln in last)


def test_replay_in_chinese_and_bad_steps(record_file: tuple[Path, HandReplay]) -> None:
    path, replay = record_file
    steps = len(replay.trick_frames())
    proc = run_bot("replay", str(path), "--lang", "zh-CN", stdin=f"2\n{steps + 5}\nxyz\n")
    assert proc.returncode == 0, proc.stderr  # end of input quits too
    out = proc.stdout
    assert f"复盘 第 1 局 · 第 2/{steps} 轮" in out
    frame = replay.frame_of_trick(2)
    shown = block(out, 2, steps, head="复盘")
    for seat, name in enumerate("北东南西"):
        row = next(ln for ln in shown if ln.startswith(name))
        assert row.split("：", 1)[1] == hand_cards("zh-CN", frame.hands[seat]), row
    assert f"没有第 {steps + 5} 轮：这一局共 {steps} 轮。" in out
    assert not re.search(r"North|Trick|Points|attackers", out), out


def test_replay_refuses_what_is_no_finished_hand(tmp_path: Path) -> None:
    missing = run_bot("replay", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2
    assert f"No such file: {tmp_path / 'nope.txt'}" in missing.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text('[Rules "no-such-rules"]\n1. [9] ♠A\n', encoding="utf-8")
    malformed = run_bot("replay", str(bad), "--lang", "zh-TW")
    assert malformed.returncode == 2
    assert f"{bad} 不是能讀懂的牌局記錄。" in malformed.stderr
    # A hand still being played: its record holds no result, and is refused.
    m = Match(SHORT, "unfinished")
    while m.phase != "playing":
        m.apply(next_scripted(m, deal=1000))
    for _ in range(6):
        m.apply(next_scripted(m))
    partial = tmp_path / "partial.txt"
    partial.write_text(write_record(m), encoding="utf-8")
    unfinished = run_bot("replay", str(partial))
    assert unfinished.returncode == 2
    assert "only a hand that is over can be replayed" in unfinished.stderr
    assert "♠" not in unfinished.stdout + unfinished.stderr  # no card of that hand
    none = run_bot("replay", "--db", str(tmp_path / "none.db"))  # no such database
    assert none.returncode == 2 and "No such file" in none.stderr
    for proc in (missing, malformed, unfinished, none):
        assert "Traceback" not in proc.stderr


# ---- a stored hand -----------------------------------------------------------------------


async def stored_table(tmp_path: Path) -> tuple[Path, int, str]:
    """A SQLite file whose table finished hand 1 and is part-way through hand 2;
    returns (file, table id, hand 1's stored record)."""
    db = await make_database("sqlite", tmp_path)
    try:
        store = Store(db)
        table, match = await open_match(
            store, guild=None, channel=7, users=(1, None, None, None), rules=SHORT, seed="cr"
        )
        table = await play_hands(store, table, match, 1)
        for _ in range(3):  # into hand 2: the next hand, dealing
            action = next_scripted(match, deal=10)
            match.apply(action)
            await store.record_action(table, action, match, actor_id=None, idempotency_key=None)
            table = await store.get_table(table.id)
        assert match.hand.hand_no == 2 and match.phase == "dealing"
        hand = await Replays(db).hand_of_table(table.id, 1)
        assert hand is not None
        return tmp_path / "shengji-test.db", table.id, hand.record
    finally:
        await db.dispose()


async def test_replay_and_record_a_stored_hand(tmp_path: Path) -> None:
    db_file, table_id, record = await stored_table(tmp_path)
    replay = hand_replay(parse_record(record))
    ids = ("--table", str(table_id), "--hand", "1")
    proc = run_bot("replay", "--db", str(db_file), *ids, stdin="3\nq\n")
    assert proc.returncode == 0, proc.stderr
    check_step(proc.stdout, replay, 3)
    # DATABASE_URL when there is no --db
    url = f"sqlite+aiosqlite:///{db_file}"
    via_env = run_bot("replay", *ids, stdin="1\nq\n", DATABASE_URL=url)
    assert via_env.returncode == 0, via_env.stderr
    check_step(via_env.stdout, replay, 1)

    out, page = tmp_path / "hand1.txt", tmp_path / "hand1.html"
    written = run_bot("record", "--db", str(db_file), *ids, "--out", str(out), "--html", str(page))
    assert written.returncode == 0, written.stderr
    assert written.stdout.splitlines() == [f"Wrote the record {out}.", f"Wrote the viewer {page}."]
    text = out.read_text(encoding="utf-8")
    assert text == record
    assert parse_record(text).actions == parse_record(record).actions
    viewer = page.read_text(encoding="utf-8")
    embedded = re.search(r'<textarea id="record"[^>]*>\n?(.*?)</textarea>', viewer, re.S)
    assert embedded is not None and html.unescape(embedded.group(1)) == record


async def test_record_writes_the_viewer_in_the_tables_language(tmp_path: Path) -> None:
    """Issue 47 item 8: ``record --html`` wrote the viewer in English for a table played
    in Chinese unless --lang was given; it takes the table's own language now (and
    --lang still wins)."""
    db_file, table_id, _ = await stored_table(tmp_path)
    db = Database(f"sqlite+aiosqlite:///{db_file}")
    try:
        store = Store(db)
        table = await store.get_table(table_id)
        await store.update_table(table.id, table.version, options={"language": "zh-TW"})
    finally:
        await db.dispose()
    ids = ("--db", str(db_file), "--table", str(table_id), "--hand", "1")

    def page_lang(*extra: str) -> str:
        page = tmp_path / "hand1.html"
        proc = run_bot("record", *ids, "--html", str(page), *extra)
        assert proc.returncode == 0, proc.stderr
        found = re.search(r'<html lang="([^"]+)"', page.read_text(encoding="utf-8"))
        assert found is not None
        return found.group(1)

    assert page_lang() == "zh-Hant"
    assert page_lang("--lang", "en") == "en"
    assert page_lang("--lang=zh-CN") == "zh-Hans"


@pytest.mark.slow  # a dozen `python -m bot` processes: in .ci/run's slow pass
async def test_stored_hand_refusals(tmp_path: Path) -> None:
    db_file, table_id, _ = await stored_table(tmp_path)
    db = ("--db", str(db_file))
    cases = {
        ("--table", "999", "--hand", "1"): "There is no table 999 in this database.",
        ("--table", str(table_id), "--hand", "7"): f"Table {table_id} has no hand 7.",
        ("--table", str(table_id), "--hand", "2"): (
            f"Hand 2 of table {table_id} is still being played: its record exists only once "
            "it is over."
        ),
    }
    for args, message in cases.items():
        for command in ("replay", "record"):
            extra = ("--out", str(tmp_path / "x.txt")) if command == "record" else ()
            proc = run_bot(command, *db, *args, *extra)
            assert proc.returncode == 2, (command, args, proc.stdout)
            assert message in proc.stderr, (command, proc.stderr)
            assert "Traceback" not in proc.stderr
            assert "♠" not in proc.stdout + proc.stderr
    assert not (tmp_path / "x.txt").exists()  # nothing written for a refused hand
    no_db = run_bot("replay", "--db", str(tmp_path / "missing.db"), "--table", "1", "--hand", "1")
    assert no_db.returncode == 2 and "No such file" in no_db.stderr
    assert not (tmp_path / "missing.db").exists()  # never created by looking
    chinese = run_bot(
        "record", *db, "--table", "999", "--hand", "1", "--html", "x.html", "--lang", "zh-CN"
    )
    assert "这个数据库里没有第 999 桌。" in chinese.stderr


@pytest.mark.slow  # a dozen `python -m bot` processes: in .ci/run's slow pass
async def test_hands_lists_a_database_and_replay_record_default_to_its_last_hand(
    tmp_path: Path,
) -> None:
    db_file, table_id, record = await stored_table(tmp_path)
    db = Database(f"sqlite+aiosqlite:///{db_file}")
    stored = await Replays(db).hand_of_table(table_id, 1)
    await db.dispose()
    assert stored is not None
    when = stored.finished_at.strftime("%Y-%m-%d %H:%M UTC")
    trump = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}.get(stored.trump, "no-trump")
    result = result_text("en", stored.winner, stored.level_change)
    listed = run_bot("hands", "--db", str(db_file))
    assert listed.returncode == 0, listed.stderr
    # hand 2 is being played: not listed
    assert listed.stdout.splitlines() == [
        f"table {table_id} · hand 1 · {when} · trump {trump} · "
        f"attackers {stored.attackers_points} · {result}"
    ]
    chinese = run_bot("hands", "--db", str(db_file), "--lang", "zh-CN")
    assert chinese.stdout.startswith(f"第 {table_id} 桌 · 第 1 局 · {when} · 主 ")
    # replay and record without --table/--hand: the last finished hand, named
    replay = hand_replay(parse_record(record))
    for args in ((), ("--hand", "1"), ("--table", str(table_id))):
        proc = run_bot("replay", "--db", str(db_file), *args, stdin="3\nq\n")
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(f"Hand 1 of table {table_id}.\n")
        check_step(proc.stdout, replay, 3)
    out = tmp_path / "last.txt"
    written = run_bot("record", "--db", str(db_file), "--out", str(out))
    assert written.returncode == 0, written.stderr
    assert out.read_text(encoding="utf-8") == record
    # a database with no finished hand: said so, without a FILE record does not take
    empty = tmp_path / "empty.db"
    fresh = Database(f"sqlite+aiosqlite:///{empty}")
    await fresh.upgrade()
    await fresh.dispose()
    refused = run_bot("record", "--db", str(empty), "--out", str(tmp_path / "x.txt"))
    assert refused.returncode == 2 and "FILE" not in refused.stderr
    assert "There is no finished hand in this database yet." in refused.stderr
    nothing = run_bot("hands", "--db", str(empty))
    assert nothing.returncode == 0 and "no finished hand" in nothing.stdout
    unknown = run_bot("hands", "--db", str(empty), "--table", "5")
    assert unknown.returncode == 2 and "There is no table 5 in this database." in unknown.stderr


@pytest.mark.slow  # a dozen `python -m bot` processes: in .ci/run's slow pass
async def test_a_board_of_a_round_in_play_is_refused_on_the_command_line(
    tmp_path: Path,
) -> None:
    """Duplicate: table 1 finished board 1 while its twin still has it to play.
    ``replay`` and ``record`` refuse it as /replay does (nothing shown, no file
    written); once the round is over they give it."""
    url, svc, clock = await file_service(tmp_path)
    ev = await one_deck_event(svc, name="board secret", format="duplicate", hands=2)
    await register(svc, ev, 2, 4)
    await svc.tournaments.start(ev.id, DIRECTOR)
    one, _ = await svc.tournaments.store.pairings(ev.id, 1)
    table_id = one.table_id
    assert table_id is not None

    async def a_board_done() -> bool:
        return bool(await svc.tournaments.store.table_hands(table_id))

    await drive(svc, clock, a_board_done)
    event = await svc.tournaments.events.event(ev.id)
    assert event.status == "running"
    ids = ("--db", url, "--table", str(table_id), "--hand", "1")
    out, page = tmp_path / "board.txt", tmp_path / "board.html"
    message = (
        f"Hand 1 of table {table_id} belongs to a tournament round still being played: "
        "it can be replayed once the round is over."
    )
    for proc in (
        run_bot("replay", *ids, stdin="1\nq\n"),
        run_bot("record", *ids, "--out", str(out), "--html", str(page)),
    ):
        assert proc.returncode == 2, proc.stdout
        assert message in proc.stderr and "Traceback" not in proc.stderr
        assert "Kitty" not in proc.stdout and "♠" not in proc.stdout + proc.stderr
    assert not out.exists() and not page.exists()  # nothing written for a secret board
    chinese = run_bot("replay", *ids, "--lang", "zh-CN")
    assert f"第 {table_id} 桌的第 1 局属于仍在进行的比赛轮次" in chinese.stderr
    listed = run_bot("hands", "--db", url)
    line = next(ln for ln in listed.stdout.splitlines() if ln.startswith(f"table {table_id} · "))
    assert line.startswith(f"table {table_id} · hand 1 · ") and "in play" in line
    assert "trump" not in listed.stdout and "attackers" not in listed.stdout
    last = run_bot("replay", "--db", url, stdin="q\n")  # no board of the round in play
    assert last.returncode == 2 and "no finished hand" in last.stderr, last.stdout

    await drive(svc, clock, finished(svc, ev.id))
    await svc.core.db.dispose()
    written = run_bot("record", *ids, "--out", str(out))
    assert written.returncode == 0, written.stderr
    assert parse_record(out.read_text(encoding="utf-8")).headers["Hand"] == "1"
    shown = run_bot("replay", *ids, stdin="q\n")
    assert shown.returncode == 0 and "Kitty as dealt" in shown.stdout, shown.stderr
    listed = run_bot("hands", "--db", url, "--table", str(table_id))
    assert "in play" not in listed.stdout and f"table {table_id} · hand 1 · " in listed.stdout
    assert "trump" in listed.stdout


# ---- keys and lines -------------------------------------------------------------------------


def test_keys_and_lines_mean_the_same_steps() -> None:
    assert key_command("\x1b[C") == ("next", "")
    assert key_command("\x1b[Dn") == ("prev", "n")
    assert key_command("\x1b[H")[0] == key_command("g")[0] == "first"
    assert key_command("\x1b[4~")[0] == key_command("G")[0] == "last"
    assert key_command("\x1b[A") == ("", "")  # ↑: nothing
    assert key_command("q")[0] == "quit" and key_command("7") == ("7", "")
    typed = ("", "n", "p", "g", "G", "12", "q", "复盘?")
    expected = ["next", "next", "prev", "first", "last", "goto 12", "quit", ""]
    assert [line_command(x) for x in typed] == expected


# ---- the console table's 复盘 -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
async def test_console_replay_command(sqlite_db: Database, lang: str) -> None:
    table, buf = await console_table(sqlite_db, locale=lang)
    command = "复盘" if lang != "en" else "replay"
    await table.handle(command, await table.pump())
    early = "No hand of this table is over yet" if lang == "en" else "这一桌还没有打完的牌局"
    assert early in buf.getvalue()
    for _ in range(300):
        asked = await table.pump()
        if asked in ("next", "over"):
            break
        await table.handle("go", asked)
    match = table.service.queries.match_of(table.table_id or 0)
    assert match is not None and match.phase == "scored"
    stored = await Replays(sqlite_db).hand_of_table(table.table_id or 0, 1)
    assert stored is not None
    replay = hand_replay(parse_record(stored.record))
    table.reader = LineReader(io.StringIO("n\n3\nq\nnext\n"))
    mark = len(buf.getvalue())
    assert await table.handle(command, "next")
    out = buf.getvalue()[mark:]
    frame = replay.frame_of_trick(3)
    you = "North (you" if lang == "en" else "北（你"
    north = next(ln for ln in out.splitlines() if ln.startswith(you) and "3/" not in ln)
    assert north.rstrip().endswith(hand_cards(lang, replay.frame_of_trick(0).hands[0]))
    assert any(ln.endswith(hand_cards(lang, frame.hands[2])) for ln in out.splitlines())
    back = "Back at the table." if lang == "en" else "回到牌桌。"
    assert out.rstrip().endswith(back)
    keys = "a number then Enter" if lang == "en" else "数字再按回车"
    assert keys in out
    # the replay read only up to its q: the table goes on with the next line
    assert await table.reader.readline() == "next"
    help_mark = len(buf.getvalue())
    await table.handle("help" if lang == "en" else "帮助", "next")
    assert ("replay [N]" if lang == "en" else "  复盘 [N]") in buf.getvalue()[help_mark:]
    # 复盘 N: hand N of this table (refused like --hand: a hand it does not have)
    table.reader = LineReader(io.StringIO("q\n"))
    mark = len(buf.getvalue())
    await table.handle(f"{command} 1", "next")
    head = "Replay of hand 1 · trick 0/" if lang == "en" else "复盘 第 1 局 · 第 0/"
    assert head in buf.getvalue()[mark:]
    mark = len(buf.getvalue())
    await table.handle(f"{command} 9", "next")
    tid = table.table_id
    missing = f"Table {tid} has no hand 9." if lang == "en" else f"第 {tid} 桌没有第 9 局。"
    assert missing in buf.getvalue()[mark:] and "0/" not in buf.getvalue()[mark:]


def test_replay_at_a_terminal_takes_single_keys(record_file: tuple[Path, HandReplay]) -> None:
    """In a real pseudo-terminal: arrows, a number + Enter, End and q, no Enter needed
    for a key; the terminal's mode is restored on exit."""
    import os
    import pty
    import select
    import termios
    import time

    path, replay = record_file
    steps = len(replay.trick_frames())
    pid, fd = pty.fork()
    if pid == 0:  # the child: python -m bot replay FILE at a terminal
        os.chdir(ROOT)
        os.execve(
            sys.executable,
            [sys.executable, "-m", "bot", "replay", str(path)],
            console_env(COLUMNS="300"),
        )
    out = bytearray()

    def read_until(needle: str, since: int = 0, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while needle not in out[since:].decode("utf-8", "replace"):
            assert time.monotonic() < end, out.decode("utf-8", "replace")[-2000:]
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return

    try:
        before = termios.tcgetattr(fd)
        read_until(f"trick 0/{steps}")
        read_until("q: quit")
        for keys, step in (
            (b"\x1b[C", 1),
            (b"n", 2),
            (b"4\r", 4),
            (b"\x1b[D", 3),
            (b"\x1b[F", steps),
            (b"\x1b[H", 0),
        ):
            mark = len(out)
            os.write(fd, keys)
            read_until(f"trick {step}/{steps}", mark)
        mid = termios.tcgetattr(fd)
        assert not mid[3] & termios.ICANON  # cbreak while it runs
        os.write(fd, b"q")
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert termios.tcgetattr(fd)[3] == before[3]  # the terminal is as it was
    finally:
        os.close(fd)
    text = out.decode("utf-8", "replace")
    heads = re.findall(rf"trick (\d+)/{steps}", text)
    assert heads == ["0", "1", "2", "4", "3", str(steps), "0"], heads
    assert "Traceback" not in text


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_stolen_kitty_replays_and_names_the_thief_as_its_burier(
    tmp_path: Path, lang: str
) -> None:
    """炒地皮: the kitty that counts was buried by the thief, not the dealer."""
    from tests.support.replay_helpers import stolen_record

    record = stolen_record("classic")
    replay = hand_replay(parse_record(record))
    assert replay.burier != replay.dealer
    path = tmp_path / "stolen.txt"
    path.write_text(record, encoding="utf-8")
    done = run_bot("replay", str(path), "--lang", lang, stdin="G\nq\n")
    assert done.returncode == 0, done.stderr
    thief = seat_name(lang, replay.burier)
    cards = hand_cards(lang, replay.buried)
    assert text(lang, "replay.buried_by", who=thief, cards=cards) in done.stdout
    assert text(lang, "replay.buried", cards=cards) not in done.stdout
    if lang == "en":
        check_step(done.stdout, replay, 0)
        check_step(done.stdout, replay, len(replay.trick_frames()))
