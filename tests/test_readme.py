"""The README's Python examples run and print what the README says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples() -> None:
    assert len(_python_blocks()) >= 2


def test_readme_examples_run() -> None:
    for block in _python_blocks():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {})
        for line in block.splitlines():
            # "print(...)   # expected output" comments must match what was printed.
            m = re.match(r"print\(.*\)\s+#\s+(.+)$", line.strip())
            if m and not m.group(1).startswith(("points", "what")):
                assert m.group(1).strip() in out.getvalue(), (m.group(1), out.getvalue())
