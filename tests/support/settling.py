"""simcord settles the bot after each action by polling every 50 ms; the tests and
``bench.discord`` poll every 2 ms instead (the calls made are the same, a whole
hand runs ~20× faster)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import simcord.env as simcord_env
from simcord import Env


@contextlib.contextmanager
def fast_settling(poll: float = 0.002) -> Iterator[None]:
    """Settle with a ``poll``-second interval instead of simcord's 50 ms."""
    original = simcord_env.Env._settle_internal

    async def settle(self: Env, *, idle: float = poll, **kwargs: Any) -> None:
        await original(self, idle=min(idle, poll), **kwargs)

    simcord_env.Env._settle_internal = settle  # type: ignore[method-assign]
    try:
        yield
    finally:
        simcord_env.Env._settle_internal = original  # type: ignore[method-assign]
