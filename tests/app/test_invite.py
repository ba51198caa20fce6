"""``python -m bot invite``: the URL with the permissions every message kind needs."""

from __future__ import annotations

import base64
from pathlib import Path

import discord
import pytest

from bot.__main__ import main
from bot.app import NO_TOKEN
from bot.discord_app.permissions import INVITE_PERMISSIONS, NAMES, client_id_from_token

NEEDED = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "create_public_threads",
    "create_private_threads",  # a duplicate event's tables, behind screens
    "embed_links",
    "attach_files",
)


def test_invite_permissions_cover_every_message_kind() -> None:
    perms = INVITE_PERMISSIONS
    assert all(getattr(perms, p) for p in NEEDED)
    # Nothing more: no history, no external emojis, no admin.
    assert perms.value == discord.Permissions(**{p: True for p in NEEDED}).value == 377957174272


def test_invite_prints_the_url(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("APPLICATION_ID", raising=False)
    token = base64.b64encode(b"123456789012345678").decode().rstrip("=") + ".xx.yy"
    monkeypatch.setenv("DISCORD_TOKEN", token)
    assert client_id_from_token(token) == 123456789012345678
    assert main(["invite"]) == 0
    out = capsys.readouterr().out
    assert (
        "https://discord.com/oauth2/authorize?client_id=123456789012345678"
        "&scope=bot+applications.commands&permissions=377957174272"
    ) in out
    assert main(["invite", "--client-id", "42"]) == 0
    assert "client_id=42&" in capsys.readouterr().out


def test_invite_without_an_id_says_what_it_needs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("APPLICATION_ID", raising=False)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["invite"]) == 2
    out = capsys.readouterr().out
    assert "--client-id" in out and "APPLICATION_ID" in out and "DISCORD_TOKEN" in out


def test_setup_texts_name_every_permission() -> None:
    readme = (Path(__file__).parents[2] / "docs" / "admin.md").read_text(encoding="utf-8")
    setup = readme.split("## Setting up the Discord bot")[1].split("\n## ")[0]
    for p in NEEDED:
        assert NAMES[p] in setup, p
        assert NAMES[p] in " ".join(NO_TOKEN.split()), p
    assert "python -m bot invite" in setup and "python -m bot invite" in NO_TOKEN
