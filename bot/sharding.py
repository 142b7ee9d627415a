"""Which Discord shards a bot process runs, and so which games it serves.

Discord splits a bot's guilds over ``shard_count`` gateway connections by ``(guild_id >> 22) % shard_count``
and delivers everything outside servers (direct messages included) to shard 0 only. One process runs a range
of shards (``--shards 0-3 --shard-count 8``); every process of a deployment uses the same PostgreSQL. A
process serves exactly the games whose channel's events reach it: the guild games of its shards, and every
DM game when it runs shard 0. Background work (outbox retries, reminders, idle-seat takeovers) looks only at
served games (``ShardScope``), and claims what it does in the database, so a game is never handled twice.

Pure: no discord, no I/O, so the engine and the settings can both use it.
"""
from __future__ import annotations

from dataclasses import dataclass

#: The bits below a snowflake's timestamp (worker, process, increment); Discord shards on what is left.
SNOWFLAKE_TIMESTAMP_SHIFT = 22
#: A sanity bound for a written range (Discord's biggest bots run a few thousand shards).
MAX_SHARD_COUNT = 65536


class ShardSpecError(ValueError):
    """A shard range or count that cannot be run; the message says why."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord delivers a guild's events to; DMs (no guild) come to shard 0."""
    if guild_id is None or shard_count <= 1:
        return 0
    return (int(guild_id) >> SNOWFLAKE_TIMESTAMP_SHIFT) % shard_count


def parse_shards(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"``, ``"5"`` or ``"0,2,4-6"`` → sorted shard ids, each in ``0 … shard_count - 1``."""
    if not 1 <= shard_count <= MAX_SHARD_COUNT:
        raise ShardSpecError(f"the shard count must be between 1 and {MAX_SHARD_COUNT}, got {shard_count}")
    found: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            raise ShardSpecError(f"empty item in shard list {text!r} (write e.g. 0-3 or 0,2,5)")
        first, dash, last = part.partition("-")
        try:
            low, high = int(first), int(last) if dash else int(first)
        except ValueError:
            raise ShardSpecError(f"{part!r} is not a shard number or range (write e.g. 0-3)") from None
        if low > high:
            raise ShardSpecError(f"shard range {part!r} runs backwards")
        if low < 0 or high >= shard_count:
            raise ShardSpecError(f"shard range {part!r} is outside 0-{shard_count - 1} "
                                 f"(the shard count is {shard_count})")
        found.update(range(low, high + 1))
    return tuple(sorted(found))


def describe_shards(shard_ids: tuple[int, ...]) -> str:
    """The compact form ``parse_shards`` reads: (0, 1, 2, 5) → ``"0-2,5"``."""
    runs: list[list[int]] = []
    for shard in sorted(shard_ids):
        if runs and shard == runs[-1][1] + 1:
            runs[-1][1] = shard
        else:
            runs.append([shard, shard])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


@dataclass(frozen=True)
class ShardScope:
    """The shards one process runs, out of ``shard_count``; ``serves`` says whether a game is this process's."""

    shard_ids: tuple[int, ...]
    shard_count: int

    def __post_init__(self) -> None:
        if not self.shard_ids or any(not 0 <= s < self.shard_count for s in self.shard_ids):
            raise ShardSpecError(f"shards {self.shard_ids} do not fit a shard count of {self.shard_count}")

    @property
    def is_everything(self) -> bool:
        return set(self.shard_ids) == set(range(self.shard_count))

    @property
    def runs_dms(self) -> bool:
        return 0 in self.shard_ids

    def serves(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def label(self) -> str:
        """Names the slot in logs and as the owner of database claims: ``shards 0-3/8``."""
        return f"shards {describe_shards(self.shard_ids)}/{self.shard_count}"


__all__ = ["ShardScope", "ShardSpecError", "describe_shards", "parse_shards", "shard_of"]
