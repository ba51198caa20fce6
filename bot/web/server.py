"""The web side's aiohttp app: ``/r/<token>`` (a shared hand's viewer), ``/healthz``
and ``/metrics``. Started by ``python -m bot run`` when ``WEB_PORT`` is set
(``bot.app``), next to the Discord client, on its own connection pool to the same
database.

A token page shows the one hand of that token and nothing else: an unknown or
revoked token gets the same 404 page, which names no hand and holds no card.
"""

from __future__ import annotations

import html
import json
import logging
from typing import TYPE_CHECKING

from aiohttp import web

from bot.service.errors import ServiceError
from bot.service.health import tables_open
from bot.service.metrics import ErrorCounter
from bot.service.records import Database
from bot.service.replays import ReplayService
from bot.service.startup import open_database
from bot.text.i18n import text
from bot.web.language import page_language
from bot.web.live.activity import ActivitySettings
from bot.web.live.routes import LiveSlot, add_live_routes
from bot.web.metrics_text import CONTENT_TYPE, metrics_text

if TYPE_CHECKING:
    from bot.config import Config

log = logging.getLogger(__name__)

TOKEN_MAX = 200  # longer is no token of ours: refused before any query
# The viewer is one self-contained file: nothing may leave the page.
VIEWER_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:; font-src data:; base-uri 'none'; form-action 'none'"
    ),
    "Referrer-Policy": "no-referrer",  # the token is in the URL
    "X-Robots-Tag": "noindex",
    "Cache-Control": "private, no-store",
}

DB_KEY = web.AppKey("db", Database)
REPLAYS_KEY = web.AppKey("replays", ReplayService)


def _page(lang: str, title: str, body: str) -> str:
    html_lang = {"en": "en", "zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}.get(lang, "en")
    return (
        f'<!doctype html><html lang="{html_lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(body)}</p></body></html>"
    )


def _not_found(lang: str) -> web.Response:
    title = text(lang, "web.not_found_title")
    return web.Response(
        status=404,
        text=_page(lang, title, text(lang, "web.not_found")),
        content_type="text/html",
        headers={"Cache-Control": "no-store", "X-Robots-Tag": "noindex"},
    )


async def replay_page(request: web.Request) -> web.Response:
    lang = page_language(request)
    token = request.match_info["token"]
    if not token or len(token) > TOKEN_MAX:
        return _not_found(lang)
    try:
        found = await request.app[REPLAYS_KEY].by_token(token)
    except ServiceError as exc:
        log.warning("replay page: %s", exc.code)
        title = text(lang, "web.not_found_title")
        body = _page(lang, title, text(lang, "web.unreadable"))
        return web.Response(status=503, text=body, content_type="text/html")
    if found is None:
        return _not_found(lang)
    hand, replay = found
    from bot.pictures.viewer import viewer_html

    title = text(lang, "web.replay_title", table=hand.table_id, hand=hand.hand_no)
    page = viewer_html(replay, hand.record, lang=lang, title=title)
    return web.Response(text=page, content_type="text/html", headers=VIEWER_HEADERS)


async def healthz(request: web.Request) -> web.Response:
    tables = await tables_open(request.app[DB_KEY])
    body = {
        "status": "ok" if tables is not None else "degraded",
        "database": tables is not None,
        "tables_open": tables,
    }
    return web.Response(
        status=200 if tables is not None else 503,
        text=json.dumps(body),
        content_type="application/json",
    )


async def metrics(request: web.Request) -> web.Response:
    tables = await tables_open(request.app[DB_KEY])
    return web.Response(
        body=metrics_text(tables, tables is not None).encode("utf-8"),
        headers={"Content-Type": CONTENT_TYPE},
    )


def make_app(
    db: Database, replays: ReplayService | None = None, live: LiveSlot | None = None
) -> web.Application:
    app = web.Application()
    app[DB_KEY] = db
    app[REPLAYS_KEY] = replays or ReplayService(db)
    app.router.add_get("/r/{token}", replay_page)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    if live is not None:
        add_live_routes(app, live)
    return app


class WebStartError(Exception):
    """The web side cannot listen where WEB_HOST / WEB_PORT say (one sentence)."""


class WebServer:
    """The app on ``host:port`` (port 0: any free one, see ``port``)."""

    def __init__(
        self, db: Database, host: str = "127.0.0.1", port: int = 0, live: LiveSlot | None = None
    ) -> None:
        self.db = db
        self.live = live
        self.host = host
        self.requested_port = port
        self.runner: web.AppRunner | None = None
        self.port = port

    async def start(self) -> None:
        self.runner = web.AppRunner(make_app(self.db, live=self.live), access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.requested_port)
        try:
            await site.start()
        except OSError as exc:
            await self.runner.cleanup()
            self.runner = None
            raise WebStartError(
                f"The web side cannot listen on {self.host}:{self.requested_port} "
                f"(WEB_HOST / WEB_PORT): {exc.strerror or exc}. Pick a free port or "
                "unset WEB_PORT."
            ) from exc
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None


class WebSide:
    """The running web side of ``python -m bot run`` (``start_web``); ``stop`` ends it."""

    def __init__(self, server: WebServer, db: Database, errors: ErrorCounter) -> None:
        self.server, self.db, self.errors = server, db, errors

    @property
    def live(self) -> LiveSlot | None:
        """The live table (``PUBLIC_URL`` set), to attach the table service to."""
        return self.server.live

    async def stop(self) -> None:
        await self.server.stop()
        logging.getLogger().removeHandler(self.errors)
        await self.db.dispose()


async def start_web(config: Config) -> WebSide:
    """Serve on WEB_HOST:WEB_PORT with its own pool on DATABASE_URL; errors logged
    from now on are counted for ``/metrics``. WebStartError if it cannot listen."""
    assert config.web_port is not None
    db = open_database(config.database_url)
    # The live table needs an address players can open: off without PUBLIC_URL.
    live = LiveSlot(ActivitySettings.of(config)) if config.public_url else None
    if config.activity_enabled and not config.activity_on:
        log.warning(
            "ACTIVITY_ENABLED=1 but %s unset: the Discord Activity stays off",
            ", ".join(config.activity_missing()),
        )
    server = WebServer(db, config.web_host, config.web_port, live)
    try:
        await server.start()
    except WebStartError:
        await db.dispose()
        raise
    errors = ErrorCounter()
    logging.getLogger().addHandler(errors)
    log.info("web side on %s (public URL %s)", server.url, config.public_url or "not set")
    return WebSide(server, db, errors)
