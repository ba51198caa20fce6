"""A real headless Chromium (the system package, driven by Playwright) for the
web page tests.

The ``chromium`` fixture (tests/conftest.py) starts one browser per test module.
Without a Chromium the tests are skipped locally with the reason, and fail under
CI (``CI=true``), where ``.ci/run`` installs it: a missing browser must not let the
browser tests pass unseen. Playwright never downloads a browser here.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """The system Chromium: ``CHROMIUM`` if set, else the Debian/Ubuntu binary names."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing(reason: str) -> NoReturn:
    """Skip the test (locally) or fail it (CI): the browser tests must run in CI."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{reason} (CI must run the browser tests: .ci/chromium.sh installs it)")
    pytest.skip(f"{reason}: install it (apt-get install chromium) to run the browser tests")


def chromium_or_skip() -> str:
    """The system Chromium's path, with Playwright importable; else skip (or fail
    under CI) saying what is missing."""
    path = chromium_path()
    if path is None or not Path(path).exists():
        missing("Chromium is not installed")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing("Playwright is not installed (pip install -e '.[dev]')")
    return path


def launch_chromium() -> Iterator[Any]:
    """Yield a launched headless Chromium browser (Playwright sync API)."""
    path = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class OpenedPage:
    page: Any
    url: str
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)  # every request but the file itself

    def off_page(self) -> list[str]:
        return [u for u in self.requests if not u.startswith("data:")]


def open_file(browser: Any, path: Path, *, width: int = 1280, height: int = 860) -> OpenedPage:
    """Open ``path`` (file://) in a fresh page; every other request the page makes
    is recorded and aborted, and script errors are collected."""
    page = browser.new_page(viewport={"width": width, "height": height})
    url = path.resolve().as_uri()
    opened = OpenedPage(page, url)

    def on_route(route: Any) -> None:
        if route.request.url != url:
            opened.requests.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", on_route)
    page.on("request", lambda r: None if r.url == url else opened.requests.append(r.url))
    page.on("pageerror", lambda e: opened.errors.append(str(e)))
    page.on("console", lambda m: opened.errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    return opened
