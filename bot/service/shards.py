"""Which tables this process owns when several bot processes share one database.

Discord splits guilds over shards by ``(guild_id >> 22) % shard_count``; a process
running shards ``SHARD_IDS`` of ``SHARD_COUNT`` owns the tables of those guilds: it
loads them at start and fires their timers. Tables without a guild (the console,
DMs) belong to shard 0, where Discord delivers DMs. Any process may still *act*
on any table (a DM button reaches shard 0): every write checks the table's
version, and a refusal is only given on a current copy.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardConfigError(ValueError):
    """SHARD_COUNT / SHARD_IDS that make no sense (the message says why and how)."""


@dataclass(frozen=True, slots=True)
class Shards:
    count: int = 1
    ids: frozenset[int] | None = None  # None: every shard (the one-process default)

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.ids is None or self.shard_of(guild_id) in self.ids

    @property
    def shared(self) -> bool:
        """Other processes run the other shards on the same database."""
        return self.ids is not None and len(self.ids) < self.count

    @classmethod
    def parse(cls, count: str | None, ids: str | None) -> Shards:
        """From SHARD_COUNT ("4") and SHARD_IDS ("0,1" or "2-3"); both optional."""
        if not count:
            if ids:
                raise ShardConfigError("SHARD_IDS is set but SHARD_COUNT is not: set both.")
            return cls()
        if not count.strip().isdigit() or int(count) < 1:
            raise ShardConfigError(f"SHARD_COUNT={count!r} must be a whole number ≥ 1.")
        n = int(count)
        if not ids:
            return cls(n)
        chosen: set[int] = set()
        for part in ids.replace(" ", "").split(","):
            lo, _, hi = part.partition("-")
            if not lo.isdigit() or (hi and not hi.isdigit()):
                raise ShardConfigError(
                    f"SHARD_IDS={ids!r} must list shard numbers, e.g. 0,1 or 0-3."
                )
            chosen.update(range(int(lo), int(hi or lo) + 1))
        if not chosen or max(chosen) >= n:
            raise ShardConfigError(
                f"SHARD_IDS={ids!r} must be shard numbers from 0 to {n - 1} (SHARD_COUNT={n})."
            )
        return cls(n, frozenset(chosen))
