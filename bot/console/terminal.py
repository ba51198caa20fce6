"""Terminal plumbing for the console table: input that never blocks the event
loop, Ctrl-C that quits at once, red hearts and diamonds, quiet logging.

Why not ``asyncio.to_thread(stdin.readline)``: a thread blocked in ``readline``
cannot be cancelled, so Ctrl-C waited for the next Enter and then ended in a
traceback. Here a pipe or terminal is watched by the event loop itself
(``add_reader``) and a signal simply wakes the waiting reader.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import io
import logging
import os
import re
from collections import deque
from typing import Final, TextIO

TIMEOUT: Final = "\x00timeout"  # readline's answer when nothing came in time


class LineReader:
    """Lines from stdin (a pipe, a terminal, a file or any text stream).

    ``readline`` returns a line, ``None`` at end of input or after ``interrupt``,
    or ``TIMEOUT``. Pipes and terminals are read by the event loop; anything else
    (a regular file, a StringIO) never blocks, so it is read directly.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.interrupted = False
        self._lines: deque[str] = deque()
        self._partial = ""
        self._eof = False
        self._fd: int | None = None
        self._wake = asyncio.Event()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def interactive(self) -> bool:
        """A terminal (someone can answer a question), not a pipe or a file."""
        try:
            return self.stream.isatty()
        except (AttributeError, ValueError, OSError):
            return False

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            fd = self.stream.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            return
        try:
            loop.add_reader(fd, self._readable)
        except (OSError, ValueError, NotImplementedError):
            return  # a regular file: reading it never blocks
        self._fd, self._loop = fd, loop

    def close(self) -> None:
        if self._fd is not None and self._loop is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._fd)
        self._fd = None

    def interrupt(self) -> None:
        """Ctrl-C / SIGTERM: the next (or current) ``readline`` returns None."""
        self.interrupted = True
        self._wake.set()

    def _readable(self) -> None:
        assert self._fd is not None
        try:
            data = os.read(self._fd, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._eof = True
            self.close()
            tail = self._partial + self._decoder.decode(b"", final=True)
            if tail:
                self._lines.append(tail)
            self._partial = ""
        else:
            *done, self._partial = (self._partial + self._decoder.decode(data)).split("\n")
            self._lines.extend(done)
        self._wake.set()

    async def readline(self, timeout: float | None = None) -> str | None:
        if self._fd is None and not self._eof:
            if self.interrupted:
                return None
            line = self.stream.readline()
            if not line:
                self._eof = True
                return None
            return line.rstrip("\n")
        loop = asyncio.get_running_loop()
        until = None if timeout is None else loop.time() + timeout
        while True:
            if self.interrupted:
                return None
            if self._lines:
                return self._lines.popleft()
            if self._eof:
                return None
            self._wake.clear()
            left = None if until is None else until - loop.time()
            if left is not None and left <= 0:
                return TIMEOUT
            try:
                await asyncio.wait_for(self._wake.wait(), left)
            except TimeoutError:
                return TIMEOUT


# ---- colour ---------------------------------------------------------------------------
_RED_CARD = re.compile(r"[♥♦](?:10|[2-9JQKA])*")


def red_suits(markup: str) -> str:
    """Rich markup with every ♥/♦ card (♥A, ♦10, ♥AAKK, a bare ♥) in red."""
    return _RED_CARD.sub(lambda m: f"[red]{m.group(0)}[/red]", markup)


# ---- logging --------------------------------------------------------------------------
class OncePerMessage(logging.Filter):
    """Let each distinct log message through once: a failing timer is retried, and
    the player should read about it once, not at every retry."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message in self._seen:
            return False
        self._seen.add(message)
        return True


class TimerFailures(logging.Handler):
    """Remembers the error code of the service's last "timer failed" warning, so the
    console can say why the table stands still."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.last_code: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if "timer failed" in str(record.msg) and record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            self.last_code = str(args[-1])


def quiet_logging() -> OncePerMessage:
    """Warnings to stderr, each message once (the console's own lines go to stdout)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    once = OncePerMessage()
    handler.addFilter(once)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    return once


# ---- single keys (复盘 at a terminal) --------------------------------------------------
# Escape sequences of the keys the replay understands (xterm, VT100 and rxvt forms).
_KEYS: Final = {
    "\x1b[C": "next",
    "\x1bOC": "next",
    "\x1b[D": "prev",
    "\x1bOD": "prev",
    "\x1b[H": "first",
    "\x1bOH": "first",
    "\x1b[1~": "first",
    "\x1b[7~": "first",
    "\x1b[F": "last",
    "\x1bOF": "last",
    "\x1b[4~": "last",
    "\x1b[8~": "last",
}
_PLAIN_KEYS: Final = {
    "n": "next",
    " ": "next",
    "\r": "next",
    "\n": "next",
    "p": "prev",
    "g": "first",
    "G": "last",
    "q": "quit",
    "Q": "quit",
    "\x04": "quit",  # Ctrl-D
    "\x1b": "quit",  # Esc alone
}


def key_command(keys: str) -> tuple[str, str]:
    """The first command in ``keys`` typed at a terminal and the keys left over.
    Digits are kept as they are (the caller collects a trick number up to Enter);
    an unknown key gives ("", rest)."""
    for seq, command in _KEYS.items():
        if keys.startswith(seq):
            return command, keys[len(seq) :]
    if keys.startswith("\x1b[") or keys.startswith("\x1bO"):
        end = next((i for i, ch in enumerate(keys[2:], 2) if ch.isalpha() or ch == "~"), None)
        return "", keys[end + 1 :] if end is not None else ""  # another key: ignored
    head, rest = keys[:1], keys[1:]
    if head.isdigit() or head in ("\x7f", "\b"):
        return head, rest
    return _PLAIN_KEYS.get(head, ""), rest


class KeyReader:
    """Keys from a terminal without waiting for Enter (cbreak mode: Ctrl-C still
    interrupts). ``read`` returns "next", "prev", "first", "last", "quit", or
    "goto N" once digits are followed by Enter; the terminal is restored on close."""

    def __init__(self, fd: int) -> None:
        import termios
        import tty

        self.fd = fd
        self._saved = termios.tcgetattr(fd)
        tty.setcbreak(fd, termios.TCSANOW)  # keys typed ahead are kept
        self._pending = ""
        self._digits = ""

    def close(self) -> None:
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def read(self) -> str:
        while True:
            if not self._pending:
                data = os.read(self.fd, 64)
                if not data:
                    return "quit"
                self._pending = data.decode("utf-8", "replace")
            command, self._pending = key_command(self._pending)
            if command.isdigit():
                self._digits += command
                os.write(1, command.encode())  # echo the number being typed
            elif command in ("\x7f", "\b") and self._digits:
                self._digits = self._digits[:-1]
                os.write(1, b"\b \b")
            elif command == "next" and self._digits:
                number, self._digits = self._digits, ""
                os.write(1, b"\n")
                return f"goto {number}"
            elif command in ("next", "prev", "first", "last", "quit"):
                self._digits = ""
                return command
