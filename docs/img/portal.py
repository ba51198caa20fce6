"""Draw the Developer Portal pictures of docs/admin.md from ``portal.html`` (schematic
pictures of what to set, not screenshots): ``python docs/img/portal.py`` (needs the
dev extra's Playwright and a Chromium, as the browser tests do)."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
PANELS = {"activities-settings": "portal-1-activities.png", "url-mappings": "portal-2-urls.png"}
PANELS["oauth2"] = "portal-3-oauth2.png"


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 600, "height": 1600}, device_scale_factor=1)
        page.goto((HERE / "portal.html").as_uri())
        for panel, name in PANELS.items():
            page.locator(f"#{panel}").screenshot(path=str(HERE / name))
            print(HERE / name)
        browser.close()


if __name__ == "__main__":
    main()
