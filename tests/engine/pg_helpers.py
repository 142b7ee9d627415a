"""PostgreSQL counterparts of helpers.py for the engine tests: a fresh schema per test, and synchronous
``db_dump`` / ``replayed_snapshot`` that read a database URL instead of a SQLite file.

They are synchronous like the SQLite helpers (tests call them between awaits), so they run asyncpg on a
private event loop in a worker thread; each opens its own connection, so it sees only what was committed.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs, urlsplit, urlunsplit

import asyncpg

from tests.engine.helpers import registry

#: Every table with the columns that identify a row, so a dump lists rows in a stable order.
TABLE_ORDER = {"games": "id", "seats": "game_id, seat", "moves": "game_id, seq", "results": "game_id, seat",
               "bot_meta": "key", "outbox": "id", "player_prefs": "user_id", "away_periods": "user_id, starts_at",
               "notices": "user_id, game_id", "daily_attempts": "user_id, kind, day", "ratings": "user_id, kind",
               "rating_changes": "game_id, seat", "find_queue": "guild_id, user_id",
               "alembic_version": "version_num"}
_names = itertools.count()


def run_sync(coro):
    """Run ``coro`` to completion on a new event loop in another thread (safe inside a running loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def in_schema(url: str, schema: str) -> str:
    """The URL with ``search_path`` set to ``schema`` (asyncpg passes unknown query parameters to the server)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, f"search_path={schema}", parts.fragment))


def schema_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["search_path"][0]


async def _admin(admin_url: str, sql: str) -> None:
    conn = await asyncpg.connect(admin_url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def create_database(admin_url: str) -> str:
    """A new empty schema on the server, named in the URL it returns: as good as a fresh database for the
    store (which works in ``current_schema()``) and far cheaper to make than a real one."""
    name = f"rb_{os.getpid()}_{next(_names)}"
    run_sync(_admin(admin_url, f"CREATE SCHEMA {name}"))
    return in_schema(admin_url, name)


def drop_database(admin_url: str, url: str) -> None:
    run_sync(_admin(admin_url, f"DROP SCHEMA IF EXISTS {schema_of(url)} CASCADE"))


async def fetch(url: str, sql: str, *args) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def _dump(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        lines = []
        for table, order in TABLE_ORDER.items():
            columns = "*"
            for row in await conn.fetch(f"SELECT {columns} FROM {table} ORDER BY {order}"):
                lines.append(f"{table} {tuple(row.values())!r}")
        return lines
    finally:
        await conn.close()


def db_dump(url: str) -> list[str]:
    """Everything committed in the database, one line per row, in a stable order."""
    return run_sync(_dump(url))


def replayed_snapshot(url: str, game_id: int) -> tuple[str, str, int, list[int]]:
    """(stored snapshot, snapshot of seed+options+seats+log replayed, version, logged seqs)."""
    async def read():
        conn = await asyncpg.connect(url)
        try:
            game = await conn.fetchrow("SELECT kind, seed, options, snapshot, version FROM games WHERE id = $1",
                                       game_id)
            seats = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = $1", game_id)
            moves = await conn.fetch("SELECT seq, seat, move FROM moves WHERE game_id = $1 ORDER BY seq", game_id)
            return game, seats, moves
        finally:
            await conn.close()

    game, seats, moves = run_sync(read())
    kind = registry()[game["kind"]]
    state = kind.create(seats, game["seed"], json.loads(game["options"]))
    for move in moves:
        state, _ = kind.apply(state, move["seat"], json.loads(move["move"]))
    return game["snapshot"], kind.dumps(state), game["version"], [m["seq"] for m in moves]
