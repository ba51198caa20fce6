"""Stepping through a 复盘 trick by trick: the same loop for ``python -m bot replay``
(single keys at a terminal, lines from a pipe) and the console table's 复盘
command (its own line reader). Commands arrive as words (``line_command``):
"next", "prev", "first", "last", "quit" or "goto N"."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.console.replay_text import Names, step_lines, steps
from bot.text.i18n import text
from rules.replay import HandReplay

# Lines the replay understands from a pipe or at the console table (any case for
# the words; g / G differ: first / last, like less and vi).
_LINE_WORDS = {
    **dict.fromkeys(("", "n", "next", "下一轮", "下一輪", "\x1b[c", "\x1boc"), "next"),
    **dict.fromkeys(("p", "prev", "back", "上一轮", "上一輪", "\x1b[d", "\x1bod"), "prev"),
    **dict.fromkeys(("g", "first", "home", "第一轮", "第一輪", "\x1b[h", "\x1boh"), "first"),
    **dict.fromkeys(("last", "end", "最后", "最後", "\x1b[f", "\x1bof"), "last"),
    **dict.fromkeys(("q", "quit", "exit", "退出", "返回"), "quit"),
}


def line_command(line: str) -> str:
    """The replay command of a typed line ("" when it is none of them)."""
    word = line.strip()
    if word == "G":
        return "last"
    if word.isdigit():
        return f"goto {int(word)}"
    return _LINE_WORDS.get(word.lower(), "")


async def step_through(
    replay: HandReplay,
    locale: str,
    say: Callable[[str], None],
    read: Callable[[], Awaitable[str | None]],
    *,
    names: Names = None,
    start: int = 0,
    clear: Callable[[], None] | None = None,
) -> None:
    """Show step ``start``, then follow the commands ``read`` returns until "quit"
    or None (end of input). ``clear`` wipes the screen before each step (a terminal)."""
    last = steps(replay)
    step = max(0, min(start, last))
    keys = text(locale, "replay.keys")
    shown: int | None = None
    while True:
        if step != shown:
            if clear is not None:
                clear()
            elif shown is not None:
                say("")  # a blank line between steps on a scrolling screen
            for line in step_lines(locale, replay, step, names):
                say(line)
            say(keys)
            shown = step
        command = await read()
        if command is None or command == "quit":
            return
        if command == "next":
            step = min(step + 1, last)
        elif command == "prev":
            step = max(step - 1, 0)
        elif command == "first":
            step = 0
        elif command == "last":
            step = last
        elif command.startswith("goto "):
            n = int(command.split()[1])
            if n > last:
                say(text(locale, "replay.bad_step", n=n, steps=last))
            else:
                step = n
        else:
            say(keys)
