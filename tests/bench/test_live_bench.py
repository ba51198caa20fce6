"""``bench.live`` at a smoke size: real sockets play a table and every timed play is
seen by all five; and how a play is matched with the frames that show it."""

from __future__ import annotations

import re
from typing import Any

from bench import live
from bench.live_clients import choose


def test_the_live_bench_runs_at_a_smoke_size(capsys: Any) -> None:
    assert live.main(["--quick", "--tables", "1", "--seconds", "1", "--warmup", "0.2"]) == 0
    out = capsys.readouterr().out
    row = re.search(
        r"sqlite\s+1 tables × 5 sockets: +([\d,]+) actions .*\(([\d,]+) plays timed\)", out
    )
    assert row is not None, out
    actions, plays = (int(x.replace(",", "")) for x in row.groups())
    assert actions >= plays > 10  # the seats really played through the sockets
    assert "not seen by all 5" not in out and "before t0" not in out
    assert "KiB/socket = RSS delta of the server process per connected socket" in out
    assert "of the event loop" in out  # the server's loop was watched


def test_a_play_is_delivered_by_the_first_frame_at_or_past_it() -> None:
    t0 = 1_000_000
    plays = {
        (7, 1, 99): t0,  # 99 cards left in hands after it
        (7, 1, 98): t0 + 10,  # coalesced with the one before: one frame shows both
        (7, 2, 100): t0 + 50,  # the next hand
        (7, 1, 50): t0 - 5,  # before the window: not counted
    }
    # five sockets; each records (table, hand_no, cards left, arrival) as the hand advances
    sockets = [
        [(7, 1, 100, t0 - 100), (7, 1, 98, t0 + 20 + k), (7, 2, 100, t0 + 60 + k)] for k in range(5)
    ]
    each, every, undelivered, negative = live.latencies(plays, sockets, t0, t0 + 1_000)
    assert every == [14, 14, 24]  # the slowest socket, per play
    assert each == sorted(x + k for x in (20, 10, 10) for k in range(5))
    assert undelivered == 0 and negative == 0
    # a socket that never saw the next hand: that play is not counted, but reported
    sockets[4] = sockets[4][:2]
    _, every, undelivered, _ = live.latencies(plays, sockets, t0, t0 + 1_000)
    assert every == [14, 24] and undelivered == 1


def frame(**over: Any) -> dict[str, Any]:
    can = {"declare": [], "pass": False, "bury": 0, "call": 0, "play": False}
    can.update({"next_hand": False, "take_back": False, "withdraw": False, "auto": False})
    base: dict[str, Any] = {"phase": "playing", "suggest": [], "calls": "", "declarations": []}
    base["can"] = can | over.pop("can", {})
    return base | over


def test_a_seat_acts_as_its_frame_allows() -> None:
    assert choose(frame(can={"play": True}, suggest=[3]), 1) == {"do": "play", "cards": [3]}
    assert choose(frame(), 1) is None  # not its turn
    declaring = frame(phase="declaring", can={"declare": [[5]], "pass": True})
    assert choose(declaring, 2) == {"do": "declare", "cards": [5]}
    declared = declaring | {"declarations": [{"seat": 0, "cards": []}]}
    assert choose(declared, 2) == {"do": "pass"}
    scored = frame(phase="scored", can={"next_hand": True})
    assert choose(scored, 0) == {"do": "next_hand"} and choose(scored, 3) is None
