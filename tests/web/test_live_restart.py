"""A bot killed with SIGKILL under a live table: the page says it is reconnecting,
and once a new bot runs on the same database it shows the stored hand again and
plays on."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.live_table import chromium, open_page
from tests.support.processes import ROOT, child_env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_child(url: str, port: int) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.support.live_child", url, str(port)],
        cwd=ROOT,
        env=child_env(),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, "the child bot did not start"
    return proc, json.loads(line)


async def hand_ids(page: Any) -> list[int]:
    ids = await page.eval_on_selector_all(
        "#hand button.card", "els => els.map(e => Number(e.dataset.card))"
    )
    return sorted(ids)


async def test_a_killed_bot_comes_back_and_the_page_with_it(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    proc, first = start_child(url, port)
    try:
        async with chromium() as browser:
            player = await open_page(
                browser, f"{first['url']}/t/{first['tokens'][0]}", 0, locale="en"
            )
            page = player.page
            await page.locator("#hand button.card").first.wait_for()
            before = await hand_ids(page)
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            await page.locator("#conn").wait_for(state="visible")  # "reconnecting"
            proc, again = start_child(url, port)
            assert again["tokens"][0] == first["tokens"][0]  # the stored link still opens it
            await page.locator("#conn").wait_for(state="hidden", timeout=15_000)
            assert await hand_ids(page) == before
            # and it plays on: this seat passes on the new bot
            await page.locator('#actions button.act[data-do="pass"]').click()
            await page.locator('#actions button.act[data-do="pass"]').wait_for(state="detached")
            hellos = [f for f in player.frames if f["t"] == "hello"]
            assert len(hellos) == 2
            assert not player.errors
    finally:
        proc.kill()
        proc.wait(10)
