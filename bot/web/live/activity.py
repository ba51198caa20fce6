"""The live table as a Discord Activity (the Embedded App SDK, vendored in
``static/vendor``; docs/admin.md "The live table and the Discord Activity").

Discord opens the Activity's page (``/``, also ``/activity``) in an iframe on its own
host (``<client id>.discordsays.com``) and proxies every request to ours, so the page
uses relative URLs only. ``static/activity.js`` runs the SDK's handshake, has the user
authorize the application (scopes ``identify`` and ``guilds``), sends the code to
``POST /api/token`` — exchanged here at Discord with the client secret, which never
leaves the server — and opens the table's socket with
``{"t": "hello", "discord": {"access_token", "channel_id"}, "lang"}``.

The socket believes nothing the page says about the user: ``Activity.login`` asks
Discord who the token belongs to (``GET /users/@me``; a 401 is refused) and seats
that user at the table of the channel the page names, as ``LiveAccess.in_channel``
(their seat, else a spectator — who must be able to see the table's channel, as the
Discord client of this process computes it from the channel's permissions; without
one, a member of the table's server, ``GET /users/@me/guilds``). Tokens are never
logged.

Off (no ``ActivitySettings``): ``/activity`` and ``/api/token`` answer 404 saying so.
``LIVE_ACTIVITY_MOCK=1`` (tests and development only) lets ``?mock=1`` run the page
with the SDK's own ``DiscordSDKMock`` outside Discord; the server's checks stay the
same, so mock mode gains nobody anything.
"""

from __future__ import annotations

import html
import json
import logging
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from bot.service import ServiceError, TableService
from bot.service.live_access import ChannelCheck, LiveAccess, Viewer
from bot.service.records import ACTIVE_STATUSES
from bot.text.i18n import language, text
from bot.web.language import page_language

if TYPE_CHECKING:
    from bot.config import Config

log = logging.getLogger(__name__)

STATIC = Path(str(resources.files("bot.web.live") / "static"))
SCOPES = ("identify", "guilds")
CODE_MAX = 200  # an OAuth2 code or access token longer than this is none of Discord's
BODY_MAX = 4096
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)
REFUSED = "live.activity_login"  # the denied frame's words for a token Discord refused

# The table page's policy (routes.PAGE_HEADERS): everything the page loads and every
# connection it opens is its own. It may be framed by the Discord clients the SDK
# talks to (its allowed origins) and by Discord's proxy.
ACTIVITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors "
        "https://discord.com https://*.discord.com https://discordapp.com "
        "https://*.discordapp.com https://*.discordsays.com 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
    "Cache-Control": "private, no-store",
}
JSON_HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}


@dataclass(frozen=True, slots=True)
class ActivitySettings:
    """The application's OAuth2 client (Developer Portal → OAuth2)."""

    client_id: str
    client_secret: str = field(repr=False)
    api_base: str = "https://discord.com/api/v10"
    mock: bool = False  # LIVE_ACTIVITY_MOCK=1: ``?mock=1`` runs the SDK's mock (tests)

    @classmethod
    def of(cls, config: Config) -> ActivitySettings | None:
        """The settings when the Activity is on (``Config.activity_on``), else None."""
        if not config.activity_on:
            return None
        assert config.discord_client_id and config.discord_client_secret
        return cls(
            config.discord_client_id,
            config.discord_client_secret,
            config.discord_api_base,
            config.activity_mock,
        )


@dataclass(frozen=True, slots=True)
class Login:
    """Who a socket's hello logs in as: a viewer, or None and the ``denied`` frame's
    words (a text code); ``locale`` is the user's Discord language when Discord said."""

    viewer: Viewer | None
    locale: str | None = None
    refusal: str = "live.no_access"


@dataclass(frozen=True, slots=True)
class DiscordUser:
    id: int
    locale: str | None


class Unreachable(ServiceError):
    """Discord did not answer (a network failure, a 5xx, a 429): the socket is closed
    and the page tries again, as when storage does not answer."""

    def __init__(self) -> None:
        super().__init__("discord_unreachable")


class Refused(Exception):
    """Discord refused the call: a code used, expired or another application's; an
    access token revoked, expired or forged (its 4xx but 429)."""


def snowflake(value: object) -> int | None:
    """A Discord id sent as a string or a number; None for anything else."""
    found = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
    return int(found) if found.isdigit() and 0 < len(found) <= 20 else None


class DiscordOAuth:
    """The three calls the Activity makes to Discord's API, on one session."""

    def __init__(self, settings: ActivitySettings) -> None:
        self.settings = settings
        self._session: aiohttp.ClientSession | None = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=DISCORD_TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def exchange(self, code: str) -> str:
        """The access token for an authorization code (Refused when Discord says no)."""
        form = {
            "client_id": self.settings.client_id,
            "client_secret": self.settings.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        data = await self._call("POST", "/oauth2/token", data=form)
        token = data.get("access_token") if isinstance(data, dict) else None
        if not isinstance(token, str) or not token:
            raise Refused
        return token

    async def me(self, access_token: str) -> DiscordUser | None:
        """The token's user, or None when Discord refuses the token."""
        try:
            data = await self._call("GET", "/users/@me", token=access_token)
        except Refused:
            return None
        user_id = snowflake(data.get("id")) if isinstance(data, dict) else None
        if user_id is None:
            return None
        locale = data.get("locale")
        return DiscordUser(user_id, locale if isinstance(locale, str) and locale else None)

    async def guild_ids(self, access_token: str) -> set[int]:
        """The servers the token's user is a member of (empty when refused)."""
        try:
            data = await self._call(
                "GET", "/users/@me/guilds", token=access_token, params={"limit": "200"}
            )
        except Refused:
            return set()
        if not isinstance(data, list):
            return set()
        found = (snowflake(g.get("id")) for g in data if isinstance(g, dict))
        return {g for g in found if g is not None}

    async def _call(
        self,
        method: str,
        path: str,
        *,
        data: dict[str, str] | None = None,
        token: str = "",
        params: dict[str, str] | None = None,
    ) -> Any:
        """Discord's JSON answer. A 4xx but 429 raises Refused; no answer, a 5xx or a
        429 raise Unreachable. Only the path and the status are ever logged."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        url = self.settings.api_base + path
        try:
            async with self._http().request(
                method, url, data=data, headers=headers, params=params
            ) as resp:
                status = resp.status
                body = await resp.json(content_type=None) if status < 400 else None
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            log.warning(
                "activity: %s %s: no answer from Discord (%s)", method, path, type(exc).__name__
            )
            raise Unreachable from None
        if status == 429 or status >= 500:
            log.warning("activity: %s %s: Discord answered %s", method, path, status)
            raise Unreachable
        if status >= 400:
            log.info("activity: %s %s: Discord refused (%s)", method, path, status)
            raise Refused
        return body


class Activity:
    """The Activity of a web side: its page, its token exchange, its logins."""

    def __init__(self, settings: ActivitySettings) -> None:
        self.settings = settings
        self.discord = DiscordOAuth(settings)

    async def close(self) -> None:
        await self.discord.close()

    async def login(
        self,
        service: TableService,
        access: LiveAccess,
        said: dict[str, Any],
        can_view: ChannelCheck | None = None,
    ) -> Login:
        """The viewer of a hello's ``discord`` part: the token's user (asked of Discord)
        at the table of the channel the page names. ``can_view``: the Discord client's
        answer to "may this user see that channel?" (None: no client in this process)."""
        token = said.get("access_token")
        if not isinstance(token, str) or not 0 < len(token) <= CODE_MAX:
            return Login(None, refusal=REFUSED)
        user = await self.discord.me(token)
        if user is None:
            return Login(None, refusal=REFUSED)
        channel_id = snowflake(said.get("channel_id"))
        if channel_id is None:
            return Login(None, user.locale, "no_table")
        try:
            status = await service.queries.status(channel_id)  # current, whichever shard owns it
        except ServiceError as exc:
            if exc.code != "no_table":
                raise  # storage: the socket closes and the page tries again
            return Login(None, user.locale, "no_table")
        if status.table.status not in ACTIVE_STATUSES:
            return Login(None, user.locale, "no_table")
        viewer = await access.in_channel(status, user.id)
        if viewer.spectator:
            guild = status.table.guild_id
            if guild is None:
                return Login(None, user.locale, "live.activity_not_member")
            if can_view is not None:
                # A page may name any channel: only one its user can see is shown.
                seen = await can_view(guild, status.table.channel_id, user.id)
                if seen is None:
                    raise Unreachable  # Discord not asked now: the page tries again
                if not seen:
                    return Login(None, user.locale, "live.activity_not_in_channel")
            elif guild not in await self.discord.guild_ids(token):
                return Login(None, user.locale, "live.activity_not_member")
        return Login(viewer, user.locale)

    # ---- HTTP ---------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        """The Activity's page: the table page's markup with relative URLs, the SDK and
        ``activity.js`` (which loads ``table.js`` once logged in)."""

        lang = page_language(request)
        mock = self.settings.mock and request.query.get("mock") == "1"
        page = activity_html(lang, self.settings.client_id, mock)
        return web.Response(text=page, content_type="text/html", headers=ACTIVITY_HEADERS)

    async def token(self, request: web.Request) -> web.Response:
        """``POST /api/token {"code"}``: ``{"access_token"}`` and nothing else."""
        if request.content_type != "application/json":
            return _json({"error": "json_expected"}, 415)
        try:
            raw = await request.content.read(BODY_MAX + 1)
            body = json.loads(raw) if len(raw) <= BODY_MAX else None
        except ValueError:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= CODE_MAX:
            return _json({"error": "bad_request"}, 400)
        try:
            access_token = await self.discord.exchange(code)
        except Refused:
            return _json({"error": "bad_code"}, 401)
        except Unreachable:
            return _json({"error": "discord_unreachable"}, 502)
        return _json({"access_token": access_token})


def _json(payload: dict[str, str], status: int = 200) -> web.Response:
    return web.json_response(payload, status=status, headers=JSON_HEADERS)


TABLE_SCRIPT = re.compile(r'<script src="/live/static/table\.js"[^>]*></script>')


def activity_html(lang: str, client_id: str, mock: bool) -> str:
    """``table.html`` made the Activity's page: the same markup, its URLs relative (so
    they go through Discord's URL mapping), the SDK and ``activity.js`` in place of
    ``table.js``, and what ``activity.js`` needs in ``<meta>`` tags."""
    html_lang = {"en": "en", "zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}[lang]
    page = (STATIC / "table.html").read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html_lang).replace("{{title}}", text(lang, "live.title"))
    scripts = (
        '<script src="live/static/vendor/discord-embedded-app-sdk.js" defer></script>\n'
        '<script src="live/static/activity.js" defer></script>'
    )
    page, found = TABLE_SCRIPT.subn(lambda _m: scripts, page)
    if found != 1:
        raise RuntimeError("table.html no longer loads /live/static/table.js: see activity.py")
    page = page.replace('"/live/static/', '"live/static/')
    metas = [
        ("discord-client-id", client_id),
        ("activity-scopes", " ".join(SCOPES)),
        ("activity-failed", text(lang, REFUSED)),
    ]
    if mock:
        metas.append(("activity-mock", "1"))
    tags = "".join(
        f'<meta name="{name}" content="{html.escape(value, quote=True)}">\n'
        for name, value in metas
    )
    return page.replace("</head>", tags + "</head>", 1)


async def activity_off(request: web.Request) -> web.Response:
    """``/activity`` and ``/api/token`` while the Activity is not configured."""

    lang = page_language(request)
    if request.method != "GET":
        return _json({"error": "activity_off"}, 404)
    words = html.escape(text(lang, "live.activity_off"))
    body = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{words}</title></head><body><p>{words}</p></body></html>"
    )
    return web.Response(
        status=404,
        text=body,
        content_type="text/html",
        headers={"Cache-Control": "no-store", "X-Robots-Tag": "noindex"},
    )


def add_activity_routes(app: web.Application, activity: Activity | None) -> None:
    """The Activity's page (``/`` — where Discord's URL mapping ``/`` lands — and
    ``/activity``) and ``POST /api/token``; while off, ``/activity`` and
    ``/api/token`` say so (404) and ``/`` is not served."""
    if activity is None:
        app.router.add_get("/activity", activity_off)
        app.router.add_post("/api/token", activity_off)
        return
    app.router.add_get("/", activity.page)
    app.router.add_get("/activity", activity.page)
    app.router.add_post("/api/token", activity.token)


def language_of(hello: dict[str, Any], login: Login, fallback: str) -> str:
    """The socket's language: the page's (the SDK's locale), else the user's Discord
    locale, else ``fallback``."""
    said = hello.get("lang")
    if isinstance(said, str) and said:
        return language(said)
    return language(login.locale) if login.locale else fallback
