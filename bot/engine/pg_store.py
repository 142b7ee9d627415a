"""The PostgreSQL store: the same methods, arguments and guarantees as the SQLite ``Store``, over an asyncpg pool.

Where SQLite has one writer and a process-wide lock, PostgreSQL has many connections and many processes, so
every guarantee is the database's own: a move is one call of ``rollbot_append_move`` (see pg_schema.py),
whose ``UPDATE games … WHERE id = $1 AND version = $2 - 1`` must hit exactly the one game row or the call
raises (``StaleMove``), so two processes can never both apply a move to one game; the channel rule is a
partial unique index; the move log is append-only by triggers. No lock is held in Python: the pool hands
each statement its own connection and PostgreSQL serialises conflicting writes row by row.

Writes run in a shielded task (as in the SQLite store): a cancelled caller cannot abandon a transaction
half-way; the caller sees the cancellation, the session manager drops its cached game, and the next read
shows whatever was committed.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from . import errors
from .claims import DEFAULT_LEASE_SECONDS, Scope, scope_sql
from .pg_schema import (
    MIGRATION_LOCK,
    MIGRATIONS,
    NOT_IN_PLAY,
    OUT_OF_SEQUENCE,
    REQUIRED_TABLES,
    REQUIRED_TRIGGERS,
    SCHEMA_VERSION,
    VERSION_TABLE,
)
from .records import ACTIVE, LOBBY, Seat, SeatResult
from .store import GAME_COLUMNS, LAST_MESSAGE_POSTS, NO_POST_AFTER, POST_COLUMNS, SYNCHRONOUS_MODES, dump_json

T = TypeVar("T")

#: What a broken connection, a refused statement or a server that went away look like from asyncpg.
DB_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)

#: ``synchronous`` as the SQLite store takes it, mapped to PostgreSQL's ``synchronous_commit``: FULL waits
#: for the WAL flush before a commit returns (the default); NORMAL/OFF return before it, so a server crash
#: may lose the last acknowledged moves but never tears one (the same trade as SQLite's NORMAL).
SYNCHRONOUS_COMMIT = {"OFF": "off", "NORMAL": "off", "FULL": "on", "EXTRA": "on"}

#: First key of the per-game advisory locks taken while claiming posts ("Outb" in ASCII).
OUTBOX_LOCK = 0x4F757462

APPEND_SQL = "SELECT rollbot_append_move($1, $2, $3, $4, $5, $6, $7, $8, $9)"
#: A whole batch in one statement, so one transaction, set-based: the optimistic UPDATE of every game (each
#: must be at version seq - 1 and in play), the moves and the posts of the games it updated, then a check
#: that it updated them all, which otherwise raises and so undoes the whole statement.
BATCH_APPEND_SQL = """
WITH b AS (
    SELECT * FROM unnest($1::bigint[], $2::integer[], $3::integer[], $4::bigint[], $5::text[], $6::float8[],
                         $7::text[], $8::text[], $9::text[]) AS t(g, s, st, u, m, a, sn, me, po)),
up AS (
    UPDATE games SET snapshot = b.sn, version = b.s, updated_at = b.a, last_activity_at = b.a,
                     reminder_count = 0, meta = COALESCE(b.me, games.meta)
      FROM b WHERE games.id = b.g AND games.version = b.s - 1 AND games.status = 'active'
    RETURNING games.id, games.channel_id),
mv AS (
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at)
    SELECT b.g, b.s, b.st, b.u, b.m, b.a FROM b JOIN up ON up.id = b.g),
po AS (
    INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
    SELECT b.g, b.s, up.channel_id, b.po, b.a FROM b JOIN up ON up.id = b.g WHERE b.po IS NOT NULL)
SELECT rollbot_check_batch((SELECT count(*) FROM up), (SELECT count(*) FROM b))
"""
POST_SQL = ("INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)"
            " SELECT id, $2, channel_id, $3, $4 FROM games WHERE id = $1")
#: A log row: ``undoes`` is NULL for an ordinary move and names the seq taken back for an undo entry.
MOVE_COLUMNS = "game_id, seq, seat, user_id, move, created_at, undoes"
UNDO_SQL = "SELECT rollbot_append_undo($1, $2, $3, $4, $5, $6, $7, $8, $9)"


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://…"
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = parts.username or ""
    return urlunsplit((parts.scheme, f"{user}:***@{host}", parts.path, parts.query, parts.fragment))


def _encode_numeric(value: Any) -> str:
    return str(value)


def _decode_numeric(text: str) -> int | float:
    """A result total reads back as an int when it is whole (as from SQLite), else as a float."""
    number = Decimal(text)
    return int(number) if number == number.to_integral_value() else float(number)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Pool release without asyncpg's default reset query (``RESET ALL; UNLISTEN *; …``), which would cost a
    round trip per statement: the store never changes session state (no SET, LISTEN or cursors; its one
    session advisory lock is released where it is taken), and an open transaction is still rolled back."""


async def _setup_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=_encode_numeric, decoder=_decode_numeric,
                              schema="pg_catalog", format="text")


def _consume(task: asyncio.Task) -> None:
    if not task.cancelled():
        task.exception()


def _translate(error: BaseException) -> errors.EngineError:
    if isinstance(error, asyncpg.PostgresError):
        state = getattr(error, "sqlstate", None)
        if state == OUT_OF_SEQUENCE:
            return errors.StaleMove()
        if state == NOT_IN_PLAY:
            return errors.GameNotActive()
        if isinstance(error, asyncpg.UniqueViolationError):
            constraint = getattr(error, "constraint_name", None)
            if constraint == "games_one_open_per_channel":
                return errors.ChannelBusy()
            if constraint == "seats_one_per_user":
                return errors.AlreadySeated()
            if constraint in ("moves_pkey", "moves_undone_once"):
                return errors.StaleMove()
    return errors.StorageError(reason=f"{type(error).__name__}: {error}")


@dataclass(slots=True)
class _Append:
    """One move waiting for a group commit; ``taken`` once a batch holds it."""

    params: tuple
    future: asyncio.Future
    taken: bool = False


def _rowcount(status: str) -> int:
    """asyncpg's command tag ("UPDATE 1") → the number of rows it touched."""
    return int(status.rsplit(" ", 1)[-1])


class PgStore:
    """Use ``await PgStore.open("postgresql://user@host/db")`` (or ``backends.open_store``)."""

    def __init__(self, pool: asyncpg.Pool, url: str, synchronous: str):
        self._pool = pool
        self.path = redact(url)  # what messages show: never the password
        self.synchronous = synchronous
        self._closed = False
        self._writes: set[asyncio.Task] = set()
        self._pending: list[_Append] = []
        self._flusher: asyncio.Task | None = None
        self._lobby_seats: dict[int, tuple[tuple, ...]] = {}  # see _check_lobby
        #: The games this process serves (``bot.sharding.ShardScope``); None: all. See claims.py.
        self.scope: Scope | None = None

    # ----------------------------------------------------------------------------------------- opening

    @classmethod
    async def open(cls, url: str, *, synchronous: str = "FULL", min_size: int = 1, max_size: int = 10,
                   connect_timeout: float = 10.0, command_timeout: float | None = 60.0,
                   quick_check: bool = True) -> PgStore:
        """Connect (creating or migrating the schema). ``quick_check`` (on by default, as ``Store.open``'s:
        whoever opens the store gets the same refusal as ``python -m bot``) also runs ``integrity_check``
        and refuses a database whose guarantees (triggers, indexes) were tampered with; ``verify`` turns it
        off to report what is wrong instead."""
        shown = redact(url)
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}, got {synchronous!r}")
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, timeout=connect_timeout,
                command_timeout=command_timeout, init=_setup_connection, reset=_keep_session,
                server_settings={"application_name": "rollbot",
                                 "synchronous_commit": SYNCHRONOUS_COMMIT[synchronous]})
        except (*DB_ERRORS, ValueError) as error:
            raise errors.StoreOpenError(shown, f"cannot connect: {type(error).__name__}: {error}") from error
        store = cls(pool, url, synchronous)
        try:
            async with pool.acquire() as conn:
                await cls._migrate(conn, shown)
            if quick_check:
                found = await store.integrity_check()
                if found != ["ok"]:
                    raise errors.StoreOpenError(shown, "damaged: " + "; ".join(found[:5]))
        except errors.StoreOpenError:
            await pool.close()
            raise
        except (*DB_ERRORS, errors.EngineError) as error:
            await pool.close()
            raise errors.StoreOpenError(shown, f"{type(error).__name__}: {error}") from error
        return store

    @staticmethod
    async def _tables(conn: asyncpg.Connection) -> set[str]:
        rows = await conn.fetch("SELECT table_name FROM information_schema.tables"
                                " WHERE table_schema = current_schema()")
        return {r[0] for r in rows}

    @classmethod
    async def _migrate(cls, conn: asyncpg.Connection, shown: str) -> None:
        # A session lock: two processes opening a fresh database at once migrate it once.
        await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            tables = await cls._tables(conn)
            if "rollbot_schema" not in tables:
                if tables:
                    raise errors.StoreOpenError(shown, "it is a PostgreSQL database but not a rollbot one "
                                                       f"(it has tables: {', '.join(sorted(tables)[:5])})")
                version = 0
            else:
                version = await conn.fetchval("SELECT COALESCE(max(version), 0) FROM rollbot_schema")
            if version > SCHEMA_VERSION:
                raise errors.StoreOpenError(
                    shown, f"its schema version {version} is newer than this code understands "
                           f"({SCHEMA_VERSION}); upgrade rollbot")
            for target in range(version + 1, SCHEMA_VERSION + 1):
                try:
                    async with conn.transaction():
                        await conn.execute(VERSION_TABLE)
                        await conn.execute(MIGRATIONS[target - 1])
                        await conn.execute("INSERT INTO rollbot_schema (version) VALUES ($1)", target)
                except DB_ERRORS as error:
                    raise errors.StoreOpenError(shown, f"migration to schema version {target} failed: "
                                                       f"{error}") from error
            tables = await cls._tables(conn)
            if not REQUIRED_TABLES <= tables:
                missing = ", ".join(sorted(REQUIRED_TABLES - tables))
                raise errors.StoreOpenError(shown, f"tables missing: {missing}")
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._flusher is not None and not self._flusher.done():
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        await self._pool.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # --------------------------------------------------------------------------------- plumbing

    def _check_open(self) -> None:
        if self._closed:
            raise errors.StorageError(reason="the store is closed")

    async def _read(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        self._check_open()
        try:
            return await self._pool.fetch(sql, *args)
        except DB_ERRORS as error:
            raise _translate(error) from error

    async def _read_together(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Several reads in one read-only REPEATABLE READ transaction: they see one moment of the database."""
        self._check_open()
        try:
            async with self._pool.acquire() as conn:
                async with conn.transaction(isolation="repeatable_read", readonly=True):
                    return await work(conn)
        except DB_ERRORS as error:
            raise _translate(error) from error

    async def _write(self, work: Callable[[asyncpg.Connection], Awaitable[T]], *,
                     transaction: bool = True) -> T:
        self._check_open()

        async def run() -> T:
            try:
                async with self._pool.acquire() as conn:
                    if not transaction:
                        return await work(conn)
                    async with conn.transaction():
                        return await work(conn)
            except DB_ERRORS as error:
                raise _translate(error) from error

        task = asyncio.ensure_future(run())
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        task.add_done_callback(_consume)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            # The caller still holds its game's lock: let the write land (or fail) before unwinding, so the
            # next holder of the lock reads the outcome instead of racing the commit on another connection.
            while not task.done():
                try:
                    await asyncio.shield(task)
                except asyncio.CancelledError:
                    continue
                except BaseException:
                    break
            raise

    async def schema_version(self) -> int:
        return await self._read_one("SELECT COALESCE(max(version), 0) FROM rollbot_schema")

    async def _read_one(self, sql: str, *args: Any) -> Any:
        rows = await self._read(sql, *args)
        return rows[0][0] if rows else None

    # ---------------------------------------------------------------------------- bot-wide settings

    async def get_meta(self, key: str, default: Any = None) -> Any:
        rows = await self._read("SELECT value FROM bot_meta WHERE key = $1", key)
        return json.loads(rows[0][0]) if rows else default

    async def set_meta(self, key: str, value: Any) -> None:
        text = dump_json(value)

        async def work(conn):
            await conn.execute("INSERT INTO bot_meta (key, value) VALUES ($1, $2)"
                               " ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, text)
        await self._write(work, transaction=False)

    # ------------------------------------------------------------------------------- games: writes

    async def insert_game(self, *, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          creator_name: str, options: dict, seed: int, seats_wanted: int, now: float,
                          snapshot: str | None = None, meta: str | None = None, post: str | None = None) -> int:
        """A lobby, or (with ``snapshot``) a game already in play, with the creator in seat 0."""
        status = ACTIVE if snapshot is not None else LOBBY

        async def work(conn):
            game_id = await conn.fetchval(
                "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted,"
                " snapshot, version, created_at, updated_at, started_at, last_activity_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $10, $11, $10) RETURNING id",
                kind, guild_id, channel_id, status, creator_id, dump_json(options), seed, seats_wanted,
                snapshot, now, now if snapshot is not None else None)
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name, is_ai)"
                               " VALUES ($1, 0, $2, $3, false)", game_id, creator_id, creator_name)
            await self._bookkeeping(conn, game_id, 0, now, meta, post)
            return game_id
        game_id = await self._write(work)
        if status == LOBBY:
            self._remember_seats(game_id, [(0, creator_id, creator_name, False)])
        return game_id

    # Lobby changes are not versioned like moves, and another process may change the same lobby: the store
    # remembers the seats this process last read or wrote for each lobby, and every lobby write first locks
    # the game row and checks the seats are still those. If not, the change was decided on an old picture
    # of the lobby (another process joined, left or started): StaleMove, nothing written, and the session
    # manager reloads. Without the guard a "leave" could silently drop a seat taken elsewhere, or a start
    # could build the state for fewer players than are seated.

    def _remember_seats(self, game_id: int, seats: Iterable[tuple]) -> None:
        self._lobby_seats[game_id] = tuple(tuple(s) for s in seats)

    async def _check_lobby(self, conn: asyncpg.Connection, game_id: int) -> None:
        status = await conn.fetchval("SELECT status FROM games WHERE id = $1 FOR UPDATE", game_id)
        if status != LOBBY:
            self._lobby_seats.pop(game_id, None)
            raise errors.GameNotInLobby(game_id=game_id, status=status)
        seen = self._lobby_seats.get(game_id)
        if seen is None:
            return  # never read here (a tool working on its own): nothing to compare with
        current = tuple(tuple(r) for r in await conn.fetch(
            "SELECT seat, user_id, name, is_ai FROM seats WHERE game_id = $1 ORDER BY seat", game_id))
        if current != seen:
            self._lobby_seats.pop(game_id, None)
            raise errors.StaleMove(game_id=game_id, reason="the lobby changed in another process")

    async def add_seat(self, game_id: int, seat: Seat, now: float) -> None:
        row = (seat.seat, seat.user_id, seat.name, bool(seat.is_ai))

        async def work(conn):
            await self._check_lobby(conn, game_id)
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES ($1, $2, $3, $4, $5)",
                               game_id, *row)
            await conn.execute("UPDATE games SET updated_at = $2, last_activity_at = $2 WHERE id = $1",
                               game_id, now)
        await self._write(work)
        if game_id in self._lobby_seats:
            self._remember_seats(game_id, self._lobby_seats[game_id] + (row,))

    async def replace_seats(self, game_id: int, seats: Iterable[Seat], now: float) -> None:
        rows = [(s.seat, s.user_id, s.name, bool(s.is_ai)) for s in seats]

        async def work(conn):
            await self._check_lobby(conn, game_id)
            await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await conn.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai)"
                                   " VALUES ($1, $2, $3, $4, $5)", [(game_id, *r) for r in rows])
            await conn.execute("UPDATE games SET updated_at = $2, last_activity_at = $2 WHERE id = $1",
                               game_id, now)
        await self._write(work)
        self._remember_seats(game_id, rows)

    async def start_game(self, game_id: int, snapshot: str, now: float, meta: str | None = None,
                         post: str | None = None) -> None:
        async def work(conn):
            await self._check_lobby(conn, game_id)
            await conn.execute(
                "UPDATE games SET status = 'active', snapshot = $2, started_at = $3, updated_at = $3,"
                " last_activity_at = $3, reminder_count = 0 WHERE id = $1", game_id, snapshot, now)
            await self._bookkeeping(conn, game_id, 0, now, meta, post)
        await self._write(work)
        self._lobby_seats.pop(game_id, None)

    @staticmethod
    async def _bookkeeping(conn: asyncpg.Connection, game_id: int, seq: int, now: float, meta: str | None,
                           post: str | None) -> None:
        """Inside a caller's transaction: the game's new metadata and the post the change made due."""
        if meta is not None:
            await conn.execute("UPDATE games SET meta = $2 WHERE id = $1", game_id, meta)
        if post is not None:
            await conn.execute(POST_SQL, game_id, seq, post, now)

    async def append_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append one move with its snapshot, metadata and post; returns once it is committed.

        Group commit, as in the SQLite store: moves that arrive while a commit is in flight wait together and
        go in as one set-based statement (``BATCH_APPEND_SQL``: every game's optimistic version check still
        applies), so one transaction and one WAL flush cover the batch. If the batch fails, each of its moves
        is retried alone, so one stale or refused move only fails its own caller. (Two processes' batches
        that touch the same games in opposite orders can deadlock; PostgreSQL aborts one of them after
        ``deadlock_timeout`` and its moves are retried alone: slower, never wrong.)

        A cancelled caller whose move is already in a batch waits for that batch before the cancellation
        propagates (its game's lock is still held, so the next holder reads the outcome); one whose move
        was not picked up yet withdraws it.
        """
        self._check_open()
        item = _Append((game_id, seq, seat, user_id, move, now, snapshot, meta, post),
                       asyncio.get_running_loop().create_future())
        self._pending.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_appends())
            self._flusher.add_done_callback(_consume)
        try:
            await asyncio.shield(item.future)
        except asyncio.CancelledError:
            if not item.taken:
                self._pending.remove(item)
                raise
            while not item.future.done():
                try:
                    await asyncio.shield(item.future)
                except asyncio.CancelledError:
                    continue
                except BaseException:
                    break
            raise

    async def _flush_appends(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            for item in batch:
                item.taken = True
            try:
                await self._commit_batch(batch)
            except BaseException as error:
                # Beyond one bad row (the connection or the server): nobody may be left waiting.
                for item in batch:
                    if not item.future.done():
                        item.future.set_exception(_translate(error) if isinstance(error, DB_ERRORS)
                                                  else errors.StorageError(reason=repr(error)))
                if not isinstance(error, Exception):
                    raise

    async def _commit_batch(self, batch: list[_Append]) -> None:
        async with self._pool.acquire() as conn:
            if len(batch) > 1:
                rows = sorted((item.params for item in batch), key=lambda params: params[0])  # stable plans
                try:
                    await conn.execute(BATCH_APPEND_SQL, *(list(column) for column in zip(*rows)))
                except asyncpg.PostgresError:
                    pass                    # retried one by one below: one bad move fails only its caller
                else:
                    for item in batch:
                        item.future.set_result(None)
                    return
            for item in batch:
                try:
                    await conn.execute(APPEND_SQL, *item.params)
                except asyncpg.PostgresError as error:
                    item.future.set_exception(_translate(error))
                else:
                    item.future.set_result(None)

    async def append_final_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                                snapshot: str, now: float, results: Iterable[SeatResult],
                                seat_users: dict[int, int | None], final_score: str, meta: str | None = None,
                                post: str | None = None) -> None:
        """The last move, the finished status, every seat's result, the metadata and the final post: one
        transaction."""
        rows = [(game_id, r.seat, seat_users.get(r.seat), r.total, r.place) for r in results]

        async def work(conn):
            await conn.execute(APPEND_SQL, game_id, seq, seat, user_id, move, now, snapshot, meta, post)
            await conn.execute("UPDATE games SET status = 'finished', finished_at = $2, final_score = $3"
                               " WHERE id = $1", game_id, now, final_score)
            await conn.executemany("INSERT INTO results (game_id, seat, user_id, total, place)"
                                   " VALUES ($1, $2, $3, $4, $5)", rows)
        await self._write(work)

    async def append_undo(self, *, game_id: int, seq: int, seat: int, user_id: int | None, undoes: int,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append an undo entry taking back move ``undoes`` (see ``rollbot_append_undo``): one statement."""
        async def work(conn):
            await conn.execute(UNDO_SQL, game_id, seq, seat, user_id, undoes, now, snapshot, meta, post)
        await self._write(work, transaction=False)

    async def end_game(self, game_id: int, status: str, now: float) -> None:
        async def work(conn):
            done = await conn.execute(
                "UPDATE games SET status = $2, finished_at = $3, updated_at = $3"
                " WHERE id = $1 AND status IN ('lobby', 'active')", game_id, status, now)
            if _rowcount(done) != 1:
                raise errors.GameNotActive(game_id=game_id)
        await self._write(work, transaction=False)
        self._lobby_seats.pop(game_id, None)

    async def note_reminder(self, game_id: int, now: float) -> None:
        async def work(conn):
            await conn.execute("UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = $2"
                               " WHERE id = $1", game_id, now)
        await self._write(work, transaction=False)

    async def set_game_meta(self, game_id: int, meta: dict) -> None:
        text = dump_json(meta)

        async def work(conn):
            await conn.execute("UPDATE games SET meta = $2 WHERE id = $1", game_id, text)
        await self._write(work, transaction=False)

    # -------------------------------------------------------------------------------- games: reads

    async def game_row(self, game_id: int) -> tuple[asyncpg.Record, list[asyncpg.Record]] | None:
        async def work(conn):
            row = await conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
            if row is None:
                return None
            seats = await conn.fetch("SELECT seat, user_id, name, is_ai FROM seats WHERE game_id = $1"
                                     " ORDER BY seat", game_id)
            return row, list(seats)
        found = await self._read_together(work)
        if found is not None and found[0]["status"] == LOBBY:
            self._remember_seats(game_id, found[1])
        return found

    async def open_game_id(self, channel_id: int) -> int | None:
        return await self._read_one("SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'active')",
                                    channel_id)

    async def game_ids(self, statuses: Iterable[str] | None = None) -> list[int]:
        """Ids of the games (of these statuses) this process serves (``scope``), oldest first."""
        served = scope_sql(self.scope)
        if statuses is None:
            rows = await self._read(f"SELECT id FROM games WHERE TRUE{served} ORDER BY id")
        else:
            rows = await self._read(f"SELECT id FROM games WHERE status = ANY($1::text[]){served} ORDER BY id",
                                    list(statuses))
        return [r[0] for r in rows]

    async def moves(self, game_id: int) -> list[asyncpg.Record]:
        return await self._read(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 ORDER BY seq", game_id)

    async def recent_moves(self, game_id: int, limit: int) -> list[asyncpg.Record]:
        rows = await self._read(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 ORDER BY seq DESC LIMIT $2",
                                game_id, limit)
        return rows[::-1]

    async def game_for_replay(self, game_id: int) -> tuple[asyncpg.Record, int, list[asyncpg.Record]] | None:
        """Game row, seat count and move log from one snapshot of the database, so they agree with each
        other even while bot processes keep writing."""
        async def work(conn):
            row = await conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
            if row is None:
                return None
            seat_count = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = $1", game_id)
            moves = await conn.fetch(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 ORDER BY seq", game_id)
            return row, seat_count, list(moves)
        return await self._read_together(work)

    async def finished_results(self, *, user_id: int | None = None, guild_id: int | None = None,
                               kind: str | None = None, since: float | None = None,
                               limit: int | None = None) -> list[asyncpg.Record]:
        where = ["g.status = 'finished'"]
        params: list[Any] = []
        for column, value in (("r.user_id", user_id), ("g.guild_id", guild_id), ("g.kind", kind),
                              ("g.finished_at", since)):
            if value is not None:
                params.append(value)
                where.append(f"{column} {'>=' if column == 'g.finished_at' else '='} ${len(params)}")
        sql = ("SELECT r.game_id, g.kind, g.guild_id, g.channel_id, g.finished_at, r.seat, r.user_id, s.name,"
               " s.is_ai, r.total, r.place, g.options,"
               " (SELECT count(*) FROM seats c WHERE c.game_id = r.game_id) AS players"
               " FROM results r JOIN games g ON g.id = r.game_id"
               " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
               f" WHERE {' AND '.join(where)} ORDER BY g.finished_at DESC, r.game_id DESC, r.seat")
        if limit is not None:
            params.append(int(limit))
            sql += f" LIMIT ${len(params)}"
        return await self._read(sql, *params)

    async def last_game_id(self, channel_id: int) -> int | None:
        """The newest game that was played in a channel (open or over; lobbies that never started aside)."""
        return await self._read_one("SELECT id FROM games WHERE channel_id = $1 AND started_at IS NOT NULL"
                                    " ORDER BY id DESC LIMIT 1", channel_id)

    async def board_results(self, *, guild_id: int, kind: str, since: float | None = None
                            ) -> list[asyncpg.Record]:
        """``finished_results`` rows of a server's leaderboard: the games played in it, and the solo games
        (in DMs) of the players seen in it."""
        sql = ("SELECT r.game_id, g.kind, g.guild_id, g.channel_id, g.finished_at, r.seat, r.user_id, s.name,"
               " s.is_ai, r.total, r.place, g.options,"
               " (SELECT count(*) FROM seats c WHERE c.game_id = r.game_id) AS players"
               " FROM results r JOIN games g ON g.id = r.game_id"
               " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
               " WHERE g.status = 'finished' AND g.kind = $1 AND g.finished_at >= $2"
               " AND (g.guild_id = $3 OR (g.guild_id IS NULL AND r.user_id IN"
               "      (SELECT user_id FROM player_guilds WHERE guild_id = $3)))"
               " ORDER BY g.finished_at DESC, r.game_id DESC, r.seat")
        return await self._read(sql, kind, -1e300 if since is None else float(since), guild_id)

    async def note_player_guild(self, user_id: int, guild_id: int, now: float) -> None:
        async def work(conn):
            await conn.execute("INSERT INTO player_guilds (user_id, guild_id, seen_at) VALUES ($1, $2, $3)"
                               " ON CONFLICT DO NOTHING", user_id, guild_id, now)
        await self._write(work, transaction=False)

    async def forget_user(self, user_id: int, name: str) -> list[int]:
        """Anonymise a player in every game that is over (see the SQLite store); returns the games changed."""
        async def work(conn):
            rows = await conn.fetch(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.user_id = $1 AND g.status IN ('finished', 'abandoned') ORDER BY s.game_id", user_id)
            ids = [r[0] for r in rows]
            over = "(SELECT id FROM games WHERE status IN ('finished', 'abandoned'))"
            await conn.execute(f"UPDATE seats SET user_id = NULL, name = $2 WHERE user_id = $1 AND game_id IN {over}",
                               user_id, name)
            for table in ("results", "moves"):
                await conn.execute(f"UPDATE {table} SET user_id = NULL WHERE user_id = $1 AND game_id IN {over}",
                                   user_id)
            await conn.execute(f"UPDATE games SET creator_id = 0 WHERE creator_id = $1 AND id IN {over}", user_id)
            await conn.execute("DELETE FROM player_guilds WHERE user_id = $1", user_id)
            return ids
        return await self._write(work)

    async def games_needing_reminder(self, now: float, interval_s: float, max_reminders: int
                                     ) -> list[asyncpg.Record]:
        return await self._read(
            "SELECT id, guild_id, channel_id, kind, version, reminder_count, last_activity_at, meta"
            " FROM games WHERE status = 'active' AND reminder_count < $1"
            " AND GREATEST(last_activity_at, COALESCE(last_reminder_at, 0)) <= $2"
            f"{scope_sql(self.scope)} ORDER BY last_activity_at", max_reminders, now - interval_s)

    async def claim_reminder(self, game_id: int, version: int, reminder_count: int, now: float) -> bool:
        """Count a reminder for the game as it was seen (``version``, ``reminder_count``); False when another
        process counted it first or a move came in meanwhile, so only one process sends each reminder."""
        async def work(conn):
            done = await conn.execute(
                "UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = $2"
                " WHERE id = $1 AND status = 'active' AND version = $3 AND reminder_count = $4",
                game_id, now, version, reminder_count)
            return _rowcount(done) == 1
        return await self._write(work, transaction=False)

    async def claim_lease(self, name: str, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None) -> bool:
        """Take or renew the lease ``name`` for ``owner`` until ``now + lease_s``; False while another owner
        holds it. One statement: of two processes racing for a free lease the row lock lets one win."""
        at = time.time() if now is None else now

        async def work(conn):
            done = await conn.execute(
                "INSERT INTO leases (name, owner, until) VALUES ($1, $2, $3)"
                " ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until"
                " WHERE leases.owner = EXCLUDED.owner OR leases.until <= $4", name, owner, at + lease_s, at)
            return _rowcount(done) == 1
        return await self._write(work, transaction=False)

    async def release_claims(self, owner: str) -> None:
        """Give up every lease and post claim of ``owner`` (a clean shutdown), so others need not wait."""
        async def work(conn):
            await conn.execute("DELETE FROM leases WHERE owner = $1", owner)
            await conn.execute("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL"
                               " WHERE claimed_by = $1 AND delivered_at IS NULL", owner)
        await self._write(work)

    # -------------------------------------------------------------------------------------- outbox

    async def undelivered_posts(self, limit: int = 100, game_id: int | None = None) -> list[asyncpg.Record]:
        """Posts still to send, oldest first (all games, or one). Several processes: use ``claim_posts``."""
        if game_id is None:
            columns = ", ".join(f"o.{c.strip()}" for c in POST_COLUMNS.split(","))
            return await self._read(f"SELECT {columns} FROM outbox o JOIN games g ON g.id = o.game_id"
                                    f" WHERE o.delivered_at IS NULL{scope_sql(self.scope, 'g.guild_id')}"
                                    " ORDER BY o.id LIMIT $1", int(limit))
        return await self._read(f"SELECT {POST_COLUMNS} FROM outbox WHERE delivered_at IS NULL AND game_id = $1"
                                " ORDER BY id LIMIT $2", game_id, int(limit))

    async def claim_posts(self, owner: str, limit: int = 100, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None, game_id: int | None = None) -> list[asyncpg.Record]:
        """Claim undelivered posts (of one game, or of the games this process serves) for ``owner`` for
        ``lease_s`` seconds, oldest first, so that of several processes only one delivers each post.

        Claims go by game: a game whose oldest undelivered posts another owner holds (lease not expired) is
        skipped entirely, so one channel's posts are never delivered by two processes out of order. A
        per-game transaction-scoped advisory lock, tried without waiting, keeps two concurrent claimers off
        the same game; the claim itself is read after the lock, so it sees any claim committed before.
        An owner re-claiming renews its own lease. Returns the claimed rows.
        """
        at = time.time() if now is None else now

        async def work(conn):
            which = " AND o.game_id = $4" if game_id is not None else scope_sql(self.scope, "g.guild_id")
            candidates = [r[0] for r in await conn.fetch(
                "SELECT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.delivered_at IS NULL"
                f" AND (o.claimed_until IS NULL OR o.claimed_until <= $2 OR o.claimed_by = $1){which}"
                " GROUP BY o.game_id ORDER BY min(o.id) LIMIT $3", owner, at, int(limit),
                *((game_id,) if game_id is not None else ()))]
            if not candidates:
                return []
            held = [r[0] for r in await conn.fetch(
                "SELECT g FROM unnest($1::bigint[]) AS g"
                " WHERE pg_try_advisory_xact_lock($2, (g % 2147483647)::integer)", candidates, OUTBOX_LOCK)]
            if not held:
                return []
            rows = await conn.fetch(
                "UPDATE outbox SET claimed_by = $1, claimed_until = $2 + $3"
                " WHERE id IN (SELECT o.id FROM outbox o WHERE o.game_id = ANY($4::bigint[])"
                "   AND o.delivered_at IS NULL AND NOT EXISTS ("
                "     SELECT 1 FROM outbox x WHERE x.game_id = o.game_id AND x.delivered_at IS NULL"
                "       AND x.claimed_by IS DISTINCT FROM $1 AND x.claimed_until > $2)"
                "   ORDER BY o.id LIMIT $5)"
                f" RETURNING {POST_COLUMNS}", owner, at, float(lease_s), held, int(limit))
            return sorted(rows, key=lambda r: r["id"])
        return await self._write(work)

    async def claim_new_posts(self, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS) -> None:
        """SQLite claims a process's new posts inside the move's transaction; here ``claim_posts`` claims
        them when they are delivered (one short statement on a pooled connection), so this does nothing."""

    async def mark_post_delivered(self, post_id: int, message_id: int | None, now: float) -> None:
        async def work(conn):
            await conn.execute("UPDATE outbox SET delivered_at = $2, message_id = $3, attempts = attempts + 1"
                               " WHERE id = $1", post_id, now, message_id)
        await self._write(work, transaction=False)

    async def note_post_attempt(self, post_id: int) -> None:
        async def work(conn):
            await conn.execute("UPDATE outbox SET attempts = attempts + 1 WHERE id = $1", post_id)
        await self._write(work, transaction=False)

    async def posts(self, game_id: int) -> list[asyncpg.Record]:
        """Every post of a game, oldest first (delivered or not)."""
        return await self._read(f"SELECT {POST_COLUMNS} FROM outbox WHERE game_id = $1 ORDER BY id", game_id)

    # ---- the live message's posts (one bounded query; the courier's, each delivery) ----
    async def last_message_posts(self, game_id: int, before_id: int | None = None) -> list[asyncpg.Record]:
        """The delivered posts of the game's latest message before post ``before_id`` (any post: None), oldest
        first; empty before the first message (``store.LAST_MESSAGE_POSTS``)."""
        return await self._read(LAST_MESSAGE_POSTS.format(game="$1", before="$2"), game_id,
                                NO_POST_AFTER if before_id is None else before_id)

    async def integrity_check(self) -> list[str]:
        """["ok"], or what is wrong with the guarantees the database is meant to enforce: the schema version,
        the tables, the append-only triggers (present and enabled) and the indexes (valid). PostgreSQL checks
        its own pages; this checks that nobody disabled rollbot's rules."""
        problems: list[str] = []

        async def work(conn):
            version = None
            if await conn.fetchval("SELECT to_regclass('rollbot_schema')") is not None:
                version = await conn.fetchval("SELECT COALESCE(max(version), 0) FROM rollbot_schema")
            if version != SCHEMA_VERSION:
                problems.append(f"schema version {version}, expected {SCHEMA_VERSION}")
            tables = {r[0] for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
            for table in sorted(REQUIRED_TABLES - tables):
                problems.append(f"table {table} missing")
            triggers = {r["tgname"]: r["disabled"] for r in await conn.fetch(
                "SELECT t.tgname, t.tgenabled = 'D' AS disabled FROM pg_trigger t"
                " WHERE t.tgrelid = to_regclass('moves') AND NOT t.tgisinternal")}
            for name in sorted(REQUIRED_TRIGGERS):
                if name not in triggers:
                    problems.append(f"trigger {name} missing")
                elif triggers[name]:
                    problems.append(f"trigger {name} disabled")
            for row in await conn.fetch(
                    "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                    " JOIN pg_namespace n ON n.oid = c.relnamespace"
                    " WHERE n.nspname = current_schema() AND NOT (i.indisvalid AND i.indisready)"):
                problems.append(f"index {row[0]} is not valid")
        await self._read_together(work)
        return problems or ["ok"]

