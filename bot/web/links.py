"""Links to the web side, for any front end that posts one (``/replay``)."""

from __future__ import annotations

from urllib.parse import quote


def replay_url(public_url: str, token: str) -> str:
    """The page of a shared hand: ``PUBLIC_URL`` + ``/r/<token>``."""
    return f"{public_url.rstrip('/')}/r/{quote(token, safe='')}"
