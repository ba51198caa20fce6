"""Which of our languages a web page speaks: ``?lang=`` if given, else the
browser's first Accept-Language (the replay page, the live table, the Activity)."""

from __future__ import annotations

from aiohttp import web

from bot.text.i18n import language


def page_language(request: web.Request) -> str:
    asked = request.query.get("lang")
    if not asked:
        header = request.headers.get("Accept-Language", "")
        asked = header.split(",")[0].split(";")[0].strip()
    return language(asked or None)
