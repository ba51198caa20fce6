"""The docs (README.md and docs/*.md): every Python example runs and prints what it
says, every relative link reaches a file and a heading that exist, and the README
stays short."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces → -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        base = slug(heading)
        name, n = base, 0
        while name in found:  # a repeated heading gets -1, -2, …
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found | set(re.findall(r'<a id="([^"]+)"></a>', text))


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def test_the_readme_is_short_and_starts_with_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    assert ".venv/bin/python -m bot" in blocks[0]
    assert ".venv/bin/python -m pytest" in blocks[1]


def test_the_docs_have_examples() -> None:
    assert sum(len(python_blocks(p)) for p in PAGES) >= 2


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_runs_and_prints_what_it_says(page: Path) -> None:
    for block in python_blocks(page):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, page.name, "exec"), {})
        for line in block.splitlines():
            # "print(...)   # expected output" comments must match what was printed.
            m = re.match(r"print\(.*\)\s+#\s+(.+)$", line.strip())
            if m and not m.group(1).startswith(("points", "what")):
                assert m.group(1).strip() in out.getvalue(), (m.group(1), out.getvalue())


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path) -> None:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for groups in LINK.findall(text):
        target = groups[0] or groups[1]
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no such heading")
    assert not broken, broken
