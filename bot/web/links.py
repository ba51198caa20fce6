"""Links to the web side, for any front end that posts one (``/replay``, the live
table's seat and spectator links)."""

from __future__ import annotations

from urllib.parse import quote


def replay_url(public_url: str, token: str) -> str:
    """The page of a shared hand: ``PUBLIC_URL`` + ``/r/<token>``."""
    return f"{public_url.rstrip('/')}/r/{quote(token, safe='')}"


def seat_url(public_url: str, token: str) -> str:
    """The live table for a link's holder (a seat or a spectator): ``/t/<token>``."""
    return f"{public_url.rstrip('/')}/t/{quote(token, safe='')}"
