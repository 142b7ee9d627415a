"""What several bot processes on one database share: which games a process looks at, and claims with expiry.

A process serves only the games whose Discord events reach it (``bot.sharding.ShardScope``); a store given a
``scope`` lists only those games in its background queries (``game_ids``, ``games_needing_reminder``,
``undelivered_posts`` and ``claim_posts`` without a game). On top of that every piece of background work is
claimed in the database, because shard ranges can overlap for a moment (a restart, a changed layout):

* an outbox post by ``claim_posts`` (a lease per post, by game, so one channel's posts keep their order);
* a reminder by ``claim_reminder``, a conditional update that only one process can win per game version
  and reminder count;
* anything else by ``claim_lease(name, …)``: one owner per name until the lease runs out or is released.

Leases expire, so a process that was killed never blocks the others for longer than the lease.
"""
from __future__ import annotations

from typing import Protocol

#: How long a claim holds when the claimer says nothing else: longer than one send or one reminder round.
DEFAULT_LEASE_SECONDS = 60.0


class Scope(Protocol):
    """Duck type of ``bot.sharding.ShardScope`` (the engine does not import the bot's settings layer)."""

    shard_ids: tuple[int, ...]
    shard_count: int


def scope_sql(scope: Scope | None, guild_column: str = "guild_id") -> str:
    """An SQL condition (SQLite and PostgreSQL alike) true for the games ``scope`` serves; "" for all.
    DMs (no guild) belong to shard 0. Only integers go into the text, never user input."""
    if scope is None or set(scope.shard_ids) >= set(range(scope.shard_count)):
        return ""
    count = int(scope.shard_count)
    ids = ", ".join(str(int(s)) for s in sorted(scope.shard_ids))
    return (f" AND (CASE WHEN {guild_column} IS NULL THEN 0 ELSE ({guild_column} >> 22) % {count} END)"
            f" IN ({ids})")
