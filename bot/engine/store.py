"""The SQLite store: a writer and a reader connection, WAL, forward migrations, and every statement the engine
runs.

Writes go through one ``asyncio.Lock`` because the writer connection is shared: without it a statement from
one task could land inside another task's open transaction. The lock is held only for the database round
trips, never while game rules run, so it serialises I/O (which SQLite serialises anyway) without making one
game wait for another's logic. Writes run in a shielded task: a cancelled caller cannot leave a transaction
half-open on the shared connection. Reads use a second, read-only connection with its own lock (WAL lets a
reader see the last commit while a writer works), so a write that waits for another process's lock never
holds up a read. An in-memory store has one connection for both.

A move is appended with a single INSERT into the ``move_appends`` view (see schema.py): one statement, one
transaction, one round trip. That is what makes thousands of durable moves per second possible.
"""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

import aiosqlite

from . import errors
from .claims import DEFAULT_LEASE_SECONDS, Scope, scope_sql
from .records import ACTIVE, LOBBY, Seat, SeatResult
from .schema import APPLICATION_ID, MIGRATIONS, REQUIRED_TABLES, SCHEMA_VERSION

T = TypeVar("T")

SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")
#: FULL: a commit returns only after the WAL is fsynced, so an acknowledged move also survives power loss
#: (see docs/engine.md). NORMAL would still survive any process crash, but not a power cut.
DEFAULT_SYNCHRONOUS = "FULL"

GAME_COLUMNS = ("id, kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted, snapshot, "
                "version, created_at, updated_at, started_at, finished_at, last_activity_at, "
                "last_reminder_at, reminder_count, meta, final_score")


APPEND_SQL = ("INSERT INTO move_appends (game_id, seq, seat, user_id, move, created_at, snapshot)"
              " VALUES (?, ?, ?, ?, ?, ?, ?)")
#: A move with its metadata and post: one statement (see the ``move_commits`` view in schema.py).
COMMIT_SQL = ("INSERT INTO move_commits (game_id, seq, seat, user_id, move, created_at, snapshot, meta, post)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
META_SQL = "UPDATE games SET meta = ? WHERE id = ?"
#: An outbox row takes the game's channel from the games table: a post always goes where its game lives.
POST_SQL = ("INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)"
            " SELECT id, ?, channel_id, ?, ? FROM games WHERE id = ?")
#: A log row: ``undoes`` is NULL for an ordinary move and names the seq taken back for an undo entry.
MOVE_COLUMNS = "game_id, seq, seat, user_id, move, created_at, undoes"
#: An undo entry with its snapshot, metadata and post: one statement (the ``undo_commits`` view, schema.py).
UNDO_SQL = ("INSERT INTO undo_commits (game_id, seq, seat, user_id, undoes, created_at, snapshot, meta, post)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
POST_COLUMNS = "id, game_id, seq, channel_id, payload, created_at, attempts, delivered_at, message_id"


#: The latest delivered post (with a message) before ``before``, and every delivered post of its message: a
#: message's posts are consecutive among the delivered ones (an edit goes to the latest message, never to an older
#: one), so the query walks the ``outbox_by_game`` index back from ``before`` to the post of another message and
#: no further. Shared by both backends (``{game}`` and ``{before}``: each backend's placeholders).
LAST_MESSAGE_POSTS = (
    "SELECT " + ", ".join(f"o.{c.strip()}" for c in POST_COLUMNS.split(",")) + " FROM outbox o,"
    " (SELECT id, message_id FROM outbox WHERE game_id = {game} AND id < {before} AND delivered_at IS NOT NULL"
    "   AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1) AS live"
    " WHERE o.game_id = {game} AND o.id <= live.id AND o.delivered_at IS NOT NULL AND o.message_id = live.message_id"
    "   AND o.id > COALESCE((SELECT p.id FROM outbox p WHERE p.game_id = {game}"
    "     AND p.id < live.id AND p.delivered_at IS NOT NULL AND p.message_id IS NOT NULL"
    "     AND p.message_id <> live.message_id ORDER BY p.id DESC LIMIT 1), 0)"
    " ORDER BY o.id")
#: ``before_id`` for "after every post" (the largest id both backends store).
NO_POST_AFTER = 2 ** 63 - 1


def dump_json(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces): equal values give equal text, so snapshots compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _consume(task: asyncio.Task) -> None:
    if not task.cancelled():
        task.exception()


#: What the operator does with a damaged file (shown when the bot refuses to start and by ``verify``).
RESTORE_HELP = """\
To restore it: stop the bot and keep a copy of the damaged file (with its -wal and -shm files). Then either
  - put back your last backup (make one while the bot runs with: sqlite3 {path} ".backup 'backup.db'"), or
  - copy every game that can still be read into a new file: python -m bot.engine salvage {path} salvaged.db
    (the sqlite3 shell's  sqlite3 {path} ".recover" | sqlite3 salvaged.db  does the same, where it works)
Check the result with: python -m bot.engine verify salvaged.db
and start the bot on it (ROLLBOT_DB=salvaged.db, or move it into place)."""

LOCKED_REASON = ("the database is locked by another process (another bot or a tool holding a write "
                 "transaction on the same file); nothing was saved")


def _is_locked(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _is_damage(error: sqlite3.Error) -> bool:
    text = str(error).lower()
    return "malformed" in text or "not a database" in text or "corrupt" in text


def _damaged(path: str, finding: str) -> errors.StoreOpenError:
    return errors.StoreOpenError(path, f"the file is damaged ({finding}).\n{RESTORE_HELP.format(path=path)}")


def _storable_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


def _translate(error: sqlite3.Error) -> errors.EngineError:
    text = str(error)
    if _is_locked(error):
        return errors.StorageError(reason=LOCKED_REASON)
    if isinstance(error, sqlite3.IntegrityError):
        if "games.channel_id" in text:
            return errors.ChannelBusy()
        if "seats.game_id, seats.user_id" in text:
            return errors.AlreadySeated()
        if "move out of sequence" in text or "moves.game_id, moves.undoes" in text:
            return errors.StaleMove()
        if "game is not in play" in text:
            return errors.GameNotActive()
    return errors.StorageError(reason=text)


class Store:
    """Use ``await Store.open(path)``; ``:memory:`` gives a private in-memory database for tests."""

    def __init__(self, db: aiosqlite.Connection, path: str, synchronous: str,
                 reader: aiosqlite.Connection | None = None):
        self._db = db
        self.path = path
        self.synchronous = synchronous
        self._lock = asyncio.Lock()
        self._reader = reader if reader is not None else db
        self._read_lock = asyncio.Lock() if reader is not None else self._lock
        self._closed = False
        self._pending: list[tuple[tuple, asyncio.Future]] = []
        #: Writes still in flight per game (their callers may have been cancelled and let go of the game's
        #: lock): a read of that game waits for them, so a reload never sees the game from before a write
        #: that is about to land. Reads of other games never wait.
        self._game_writes: dict[int, set[asyncio.Future]] = {}
        self._flusher: asyncio.Task | None = None
        #: The games this process serves (``bot.sharding.ShardScope``); None: all. See claims.py.
        self.scope: Scope | None = None

    # ----------------------------------------------------------------------------------------- opening

    @classmethod
    async def open(cls, path: str | os.PathLike = ":memory:", *, synchronous: str = DEFAULT_SYNCHRONOUS,
                   busy_timeout_ms: int = 2000, quick_check: bool = True,
                   require_writable: bool = True) -> Store:
        """Open (creating or migrating) the database, refusing with ``StoreOpenError`` a file that cannot
        be used: not a (rollbot) database, too new, read-only, or damaged.

        ``quick_check`` (on by default) scans every page at start-up (``PRAGMA quick_check``; 0.2–0.3 s
        for 10,000 games, see docs/engine.md) so damage deep inside the file stops the start with a message
        saying how to restore it, instead of surfacing later as failed moves; the header, schema and tables
        are always checked. ``busy_timeout_ms`` is how long one write waits for another process's lock
        before it fails with ``StorageError``. ``require_writable=False`` lets a tool that only reads (``verify``)
        open a file it may not write."""
        path = os.fspath(path)
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}, got {synchronous!r}")
        if path != ":memory:":
            where = Path(path)
            if where.is_dir():
                raise errors.StoreOpenError(path, "it is a directory, not a database file")
            if not where.parent.is_dir():
                raise errors.StoreOpenError(path, f"folder {str(where.parent)!r} does not exist")
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise errors.StoreOpenError(path, str(error)) from error
        reader = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            version = await cls._check_header(db, path)
            if path != ":memory:":
                mode = (await db.execute_fetchall("PRAGMA journal_mode = WAL"))[0][0]
                if str(mode).lower() != "wal":
                    raise errors.StoreOpenError(path, f"cannot switch to WAL journal mode (got {mode!r})")
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            if quick_check:             # before migrating: a damaged file is never written to
                found = [r[0] for r in await db.execute_fetchall("PRAGMA quick_check")]
                if found != ["ok"]:
                    raise _damaged(path, "quick_check: " + "; ".join(found[:5]))
            await cls._migrate(db, path, version)
            if path != ":memory:":
                if require_writable:
                    await cls._check_writable(db, path)
                reader = await cls._open_reader(path, busy_timeout_ms, synchronous)
        except errors.StoreOpenError:
            await cls._close_all(db, reader)
            raise
        except sqlite3.Error as error:
            await cls._close_all(db, reader)
            if _is_damage(error):
                raise _damaged(path, str(error)) from error
            raise errors.StoreOpenError(path, str(error)) from error
        return cls(db, path, synchronous, reader)

    @staticmethod
    async def _close_all(*connections: aiosqlite.Connection | None) -> None:
        for connection in connections:
            if connection is not None:
                await connection.close()

    @staticmethod
    async def _check_writable(db: aiosqlite.Connection, path: str) -> None:
        """A file the process may read but not write opens fine and then fails every move: find out now.
        A write statement inside a rolled-back transaction touches nothing but needs write access (and the
        write lock, so a file another process keeps locked is refused here too)."""
        try:
            await db.execute("BEGIN IMMEDIATE")
            try:
                await db.execute("DELETE FROM bot_meta WHERE 0")
            finally:
                await db.execute("ROLLBACK")
        except sqlite3.Error as error:
            if isinstance(error, sqlite3.OperationalError) and "readonly" in str(error).lower():
                raise errors.StoreOpenError(
                    path, "the file is read-only for this process; give the user the bot runs as write access "
                          "to it and to its folder (the -wal and -shm files live next to it)") from error
            if _is_locked(error):
                raise errors.StoreOpenError(path, "it is locked by another process (is another bot running "
                                                  "on this file?)") from error
            raise

    @staticmethod
    async def _open_reader(path: str, busy_timeout_ms: int, synchronous: str) -> aiosqlite.Connection:
        uri = Path(path).resolve().as_uri() + "?mode=ro"
        reader = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        try:
            reader.row_factory = sqlite3.Row
            await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await reader.execute(f"PRAGMA synchronous = {synchronous}")
        except BaseException:
            await reader.close()
            raise
        return reader

    @staticmethod
    async def _check_header(db: aiosqlite.Connection, path: str) -> int:
        # Reading the header is the first real access: a file that is not SQLite fails right here.
        version = (await db.execute_fetchall("PRAGMA user_version"))[0][0]
        app_id = (await db.execute_fetchall("PRAGMA application_id"))[0][0]
        tables = {r[0] for r in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version > SCHEMA_VERSION:
            raise errors.StoreOpenError(
                path, f"its schema version {version} is newer than this code understands ({SCHEMA_VERSION}); "
                      "upgrade rollbot")
        if version == 0 and tables:
            raise errors.StoreOpenError(path, "it is an SQLite database but not a rollbot one")
        if version > 0 and app_id != APPLICATION_ID:
            raise errors.StoreOpenError(path, "it is an SQLite database but not a rollbot one")
        return version

    @staticmethod
    async def _migrate(db: aiosqlite.Connection, path: str, version: int) -> None:
        for target in range(version + 1, SCHEMA_VERSION + 1):
            script = MIGRATIONS[target - 1]
            try:
                await db.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {target};\nCOMMIT;")
            except sqlite3.Error as error:
                if db.in_transaction:
                    await db.execute("ROLLBACK")
                raise errors.StoreOpenError(path, f"migration to schema version {target} failed: {error}") \
                    from error
        tables = {r[0] for r in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not REQUIRED_TABLES <= tables:
            missing = ", ".join(sorted(REQUIRED_TABLES - tables))
            raise errors.StoreOpenError(path, f"tables missing: {missing}")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._flusher is not None and not self._flusher.done():
            await asyncio.shield(self._flusher)
        async with self._read_lock:
            if self._reader is not self._db:
                await self._reader.close()
        async with self._lock:
            await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # --------------------------------------------------------------------------------- plumbing

    def _check_open(self) -> None:
        if self._closed:
            raise errors.StorageError(reason="the store is closed")

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        self._check_open()
        async with self._read_lock:
            try:
                return list(await self._reader.execute_fetchall(sql, params))
            except sqlite3.Error as error:
                raise _translate(error) from error

    def _track(self, game_id: int, future: asyncio.Future) -> None:
        writes = self._game_writes.setdefault(game_id, set())
        writes.add(future)

        def untrack(done: asyncio.Future) -> None:
            writes.discard(done)
            if not writes and self._game_writes.get(game_id) is writes:
                del self._game_writes[game_id]
        future.add_done_callback(untrack)

    async def _writes_settled(self, game_id: int) -> None:
        writes = self._game_writes.get(game_id)
        if writes:
            await asyncio.wait(list(writes))

    async def _write(self, work: Callable[[aiosqlite.Connection], Awaitable[T]], *,
                     transaction: bool = True, game_id: int | None = None) -> T:
        self._check_open()

        async def locked() -> T:
            async with self._lock:
                db = self._db
                try:
                    if transaction:
                        await db.execute("BEGIN IMMEDIATE")
                    result = await work(db)
                    if transaction:
                        await db.execute("COMMIT")
                    return result
                except BaseException as error:
                    if db.in_transaction:
                        await db.execute("ROLLBACK")
                    if isinstance(error, sqlite3.Error):
                        raise _translate(error) from error
                    raise

        task = asyncio.ensure_future(locked())
        task.add_done_callback(_consume)
        if game_id is not None:
            self._track(game_id, task)
        return await asyncio.shield(task)

    async def schema_version(self) -> int:
        return (await self._read("PRAGMA user_version"))[0][0]

    # ---------------------------------------------------------------------------- bot-wide settings

    async def get_meta(self, key: str, default: Any = None) -> Any:
        rows = await self._read("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return json.loads(rows[0][0]) if rows else default

    async def set_meta(self, key: str, value: Any) -> None:
        text = dump_json(value)

        async def work(db):
            await db.execute("INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                             "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, text))
        await self._write(work, transaction=False)

    # ------------------------------------------------------------------------------- games: writes

    async def insert_game(self, *, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          creator_name: str, options: dict, seed: int, seats_wanted: int, now: float,
                          snapshot: str | None = None, meta: str | None = None, post: str | None = None) -> int:
        """A lobby, or (with ``snapshot``) a game already in play, with the creator in seat 0."""
        status = ACTIVE if snapshot is not None else LOBBY

        async def work(db):
            cursor = await db.execute(
                "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted,"
                " snapshot, version, created_at, updated_at, started_at, last_activity_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (kind, guild_id, channel_id, status, creator_id, dump_json(options), seed, seats_wanted,
                 snapshot, now, now, now if snapshot is not None else None, now))
            game_id = cursor.lastrowid
            await db.execute("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, 0, ?, ?, 0)",
                             (game_id, creator_id, creator_name))
            await self._bookkeeping(db, game_id, 0, now, meta, post)
            return game_id
        return await self._write(work)

    async def add_seat(self, game_id: int, seat: Seat, now: float) -> None:
        async def work(db):
            await db.execute("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
                             (game_id, seat.seat, seat.user_id, seat.name, int(seat.is_ai)))
            await db.execute("UPDATE games SET updated_at = ?, last_activity_at = ? WHERE id = ?",
                             (now, now, game_id))
        await self._write(work, game_id=game_id)

    async def replace_seats(self, game_id: int, seats: Iterable[Seat], now: float) -> None:
        rows = [(game_id, s.seat, s.user_id, s.name, int(s.is_ai)) for s in seats]

        async def work(db):
            await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await db.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)",
                                 rows)
            await db.execute("UPDATE games SET updated_at = ?, last_activity_at = ? WHERE id = ?",
                             (now, now, game_id))
        await self._write(work, game_id=game_id)

    async def start_game(self, game_id: int, snapshot: str, now: float, meta: str | None = None,
                         post: str | None = None) -> None:
        async def work(db):
            cursor = await db.execute(
                "UPDATE games SET status = 'active', snapshot = ?, started_at = ?, updated_at = ?,"
                " last_activity_at = ?, reminder_count = 0 WHERE id = ? AND status = 'lobby'",
                (snapshot, now, now, now, game_id))
            if cursor.rowcount != 1:
                raise errors.GameNotInLobby(game_id=game_id)
            await self._bookkeeping(db, game_id, 0, now, meta, post)
        await self._write(work, transaction=meta is not None or post is not None, game_id=game_id)

    @staticmethod
    async def _bookkeeping(db: aiosqlite.Connection, game_id: int, seq: int, now: float, meta: str | None,
                           post: str | None) -> None:
        """Inside a caller's transaction: the game's new metadata and the post the change made due."""
        if meta is not None:
            await db.execute(META_SQL, (meta, game_id))
        if post is not None:
            await db.execute(POST_SQL, (seq, post, now, game_id))

    async def append_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append one move; returns once it is committed.

        ``meta`` (the game's new adapter metadata, JSON) and ``post`` (an outbox payload, JSON) are written
        in the same transaction as the move: the bookkeeping of a turn can never disagree with the move.

        Group commit: moves that arrive while a commit is in flight wait together and are committed in one
        transaction (one fsync), each still checked by the ``move_appends`` trigger. If a constraint fails
        the batch, every move in it is retried alone, so one stale move only fails its own caller; any other
        failure (locked by another process, disk full) fails the whole batch once, with one error.
        """
        self._check_open()
        future = asyncio.get_running_loop().create_future()
        self._pending.append(((game_id, seq, seat, user_id, move, now, snapshot, meta, post), future))
        self._track(game_id, future)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_appends())
            self._flusher.add_done_callback(_consume)
        # Shielded: a cancelled caller does not withdraw a queued move (it may be in the batch being
        # committed), and the game's next read waits for its outcome (see _track).
        await asyncio.shield(future)

    async def _flush_appends(self) -> None:
        while self._pending:
            batch = [item for item in self._pending if not item[1].done()]
            self._pending.clear()
            try:
                await self._commit_batch(batch)
            except BaseException as error:
                # Something beyond one bad row (the connection itself): no caller may be left waiting.
                stuck, self._pending = batch + self._pending, []
                for _, future in stuck:
                    if not future.done():
                        future.set_exception(errors.StorageError(reason=repr(error)))
                raise

    async def _commit_batch(self, batch: list[tuple[tuple, asyncio.Future]]) -> None:
        """Commit the batch in one transaction. Only a constraint failure (a stale or finished game: one
        row's fault) is worth retrying move by move; anything else — the file locked by another process,
        disk full, I/O error, damage — would fail every retry the same way, each waiting the full busy
        timeout under the store lock, so the whole batch fails at once with the same clear error."""
        if not batch:
            return
        async with self._lock:
            try:
                await self._append_batch([params for params, _ in batch])
            except sqlite3.Error as error:
                if len(batch) == 1 or not isinstance(error, sqlite3.IntegrityError):
                    self._settle(batch, _translate(error))
                    return
            else:
                self._settle(batch, None)
                return
            for index, (params, future) in enumerate(batch):
                try:
                    await self._append_batch([params])
                except sqlite3.IntegrityError as error:  # this row's own outcome
                    self._settle([(params, future)], _translate(error))
                except sqlite3.Error as error:           # the file, not the row: the rest fail alike
                    self._settle(batch[index:], _translate(error))
                    return
                else:
                    self._settle([(params, future)], None)

    @staticmethod
    def _settle(items: list[tuple[tuple, asyncio.Future]], error: BaseException | None) -> None:
        for _, future in items:
            if future.done():
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)

    async def _append_batch(self, rows: list[tuple]) -> None:
        """One transaction: each move with its metadata and post is one INSERT into ``move_commits`` (checked
        by its trigger); a single move needs no explicit transaction, so it is one round trip."""
        db = self._db
        plain = [row[:7] for row in rows if row[7] is None and row[8] is None]   # no bookkeeping: the lean view
        full = [row for row in rows if row[7] is not None or row[8] is not None]
        if len(rows) == 1:
            await (db.execute(APPEND_SQL, plain[0]) if plain else db.execute(COMMIT_SQL, full[0]))
            return
        try:
            await db.execute("BEGIN IMMEDIATE")
            if plain:
                await db.executemany(APPEND_SQL, plain)
            if full:
                await db.executemany(COMMIT_SQL, full)
            await db.execute("COMMIT")
        except sqlite3.Error:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise

    async def append_final_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                                snapshot: str, now: float, results: Iterable[SeatResult],
                                seat_users: dict[int, int | None], final_score: str, meta: str | None = None,
                                post: str | None = None) -> None:
        """The last move, the finished status, every seat's result, the metadata and the final post: one
        transaction."""
        rows = [(game_id, r.seat, seat_users.get(r.seat), r.total, r.place) for r in results]

        async def work(db):
            await db.execute(APPEND_SQL, (game_id, seq, seat, user_id, move, now, snapshot))
            await self._bookkeeping(db, game_id, seq, now, meta, post)
            await db.execute("UPDATE games SET status = 'finished', finished_at = ?, final_score = ?"
                             " WHERE id = ?", (now, final_score, game_id))
            await db.executemany("INSERT INTO results (game_id, seat, user_id, total, place)"
                                 " VALUES (?, ?, ?, ?, ?)", rows)
        await self._write(work, game_id=game_id)

    async def append_undo(self, *, game_id: int, seq: int, seat: int, user_id: int | None, undoes: int,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append an undo entry taking back move ``undoes``; ``snapshot`` is the state before that move. One
        statement: the ``undo_commits`` trigger checks the sequence and the named move (``StaleMove``)."""
        async def work(db):
            await db.execute(UNDO_SQL, (game_id, seq, seat, user_id, undoes, now, snapshot, meta, post))
        await self._write(work, transaction=False, game_id=game_id)

    async def end_game(self, game_id: int, status: str, now: float) -> None:
        async def work(db):
            cursor = await db.execute(
                "UPDATE games SET status = ?, finished_at = ?, updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'active')", (status, now, now, game_id))
            if cursor.rowcount != 1:
                raise errors.GameNotActive(game_id=game_id)
        await self._write(work, transaction=False, game_id=game_id)

    async def note_reminder(self, game_id: int, now: float) -> None:
        async def work(db):
            await db.execute("UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = ?"
                             " WHERE id = ?", (now, game_id))
        await self._write(work, transaction=False, game_id=game_id)

    async def set_game_meta(self, game_id: int, meta: dict) -> None:
        text = dump_json(meta)

        async def work(db):
            await db.execute("UPDATE games SET meta = ? WHERE id = ?", (text, game_id))
        await self._write(work, transaction=False, game_id=game_id)

    # -------------------------------------------------------------------------------- games: reads

    async def game_row(self, game_id: int) -> tuple[sqlite3.Row, list[sqlite3.Row]] | None:
        self._check_open()
        if not _storable_id(game_id):
            return None               # no such game can exist (and SQLite could not even bind the value)
        await self._writes_settled(game_id)
        async with self._read_lock:
            try:
                rows = await self._reader.execute_fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?",
                                                           (game_id,))
                if not rows:
                    return None
                seats = await self._reader.execute_fetchall(
                    "SELECT seat, user_id, name, is_ai FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
            except sqlite3.Error as error:
                raise _translate(error) from error
        return rows[0], list(seats)

    async def open_game_id(self, channel_id: int) -> int | None:
        rows = await self._read("SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                                (channel_id,))
        return rows[0][0] if rows else None

    async def game_ids(self, statuses: Iterable[str] | None = None) -> list[int]:
        """Ids of the games (of these statuses) this process serves (``scope``), oldest first."""
        served = scope_sql(self.scope)
        if statuses is None:
            rows = await self._read(f"SELECT id FROM games WHERE TRUE{served} ORDER BY id")
        else:
            wanted = list(statuses)
            marks = ", ".join("?" * len(wanted))
            rows = await self._read(f"SELECT id FROM games WHERE status IN ({marks}){served} ORDER BY id", wanted)
        return [r[0] for r in rows]

    async def moves(self, game_id: int) -> list[sqlite3.Row]:
        return await self._read(f"SELECT {MOVE_COLUMNS} FROM moves"
                                " WHERE game_id = ? ORDER BY seq", (game_id,))

    async def recent_moves(self, game_id: int, limit: int) -> list[sqlite3.Row]:
        rows = await self._read(f"SELECT {MOVE_COLUMNS} FROM moves"
                                " WHERE game_id = ? ORDER BY seq DESC LIMIT ?", (game_id, limit))
        return rows[::-1]

    async def game_for_replay(self, game_id: int) -> tuple[sqlite3.Row, int, list[sqlite3.Row]] | None:
        """Game row, seat count and move log read in one read transaction, so they agree with each other
        even while a bot process keeps writing to the same file."""
        self._check_open()
        await self._writes_settled(game_id)
        async with self._read_lock:
            try:
                await self._reader.execute("BEGIN")
                try:
                    rows = await self._reader.execute_fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?",
                                                           (game_id,))
                    if not rows:
                        return None
                    seat_count = (await self._reader.execute_fetchall(
                        "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,)))[0][0]
                    moves = await self._reader.execute_fetchall(
                        f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ?"
                        " ORDER BY seq", (game_id,))
                finally:
                    await self._reader.execute("COMMIT")
            except sqlite3.Error as error:
                raise _translate(error) from error
        return rows[0], seat_count, list(moves)

    async def finished_results(self, *, user_id: int | None = None, guild_id: int | None = None,
                               kind: str | None = None, since: float | None = None,
                               limit: int | None = None) -> list[sqlite3.Row]:
        where = ["g.status = 'finished'"]
        params: list[Any] = []
        for column, value in (("r.user_id", user_id), ("g.guild_id", guild_id), ("g.kind", kind)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if since is not None:
            where.append("g.finished_at >= ?")
            params.append(since)
        sql = ("SELECT r.game_id, g.kind, g.guild_id, g.channel_id, g.finished_at, r.seat, r.user_id, s.name,"
               " s.is_ai, r.total, r.place, g.options,"
               " (SELECT count(*) FROM seats c WHERE c.game_id = r.game_id) AS players"
               " FROM results r JOIN games g ON g.id = r.game_id"
               " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
               f" WHERE {' AND '.join(where)} ORDER BY g.finished_at DESC, r.game_id DESC, r.seat")
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        return await self._read(sql, params)

    async def last_game_id(self, channel_id: int) -> int | None:
        """The newest game that was played in a channel (open or over; lobbies that never started aside)."""
        rows = await self._read("SELECT id FROM games WHERE channel_id = ? AND started_at IS NOT NULL"
                                " ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0][0] if rows else None

    async def board_results(self, *, guild_id: int, kind: str, since: float | None = None) -> list[sqlite3.Row]:
        """``finished_results`` rows of a server's leaderboard: the games played in it, and the solo games
        (in DMs) of the players seen in it."""
        sql = ("SELECT r.game_id, g.kind, g.guild_id, g.channel_id, g.finished_at, r.seat, r.user_id, s.name,"
               " s.is_ai, r.total, r.place, g.options,"
               " (SELECT count(*) FROM seats c WHERE c.game_id = r.game_id) AS players"
               " FROM results r JOIN games g ON g.id = r.game_id"
               " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat"
               " WHERE g.status = 'finished' AND g.kind = ? AND g.finished_at >= ?"
               " AND (g.guild_id = ? OR (g.guild_id IS NULL AND r.user_id IN"
               "      (SELECT user_id FROM player_guilds WHERE guild_id = ?)))"
               " ORDER BY g.finished_at DESC, r.game_id DESC, r.seat")
        return await self._read(sql, (kind, -1e300 if since is None else since, guild_id, guild_id))

    async def note_player_guild(self, user_id: int, guild_id: int, now: float) -> None:
        async def work(db):
            await db.execute("INSERT OR IGNORE INTO player_guilds (user_id, guild_id, seen_at) VALUES (?, ?, ?)",
                             (user_id, guild_id, now))
        await self._write(work, transaction=False)

    async def forget_user(self, user_id: int, name: str) -> list[int]:
        """Anonymise a player in every game that is over: their seats get ``name`` and no user id, their
        results and moves lose the user id (totals and places stay), a game they created names creator 0, and
        the servers they were seen in are forgotten. Games still open are not touched. Returns the ids of the
        games changed."""
        async def work(db):
            rows = await db.execute_fetchall(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.user_id = ? AND g.status IN ('finished', 'abandoned') ORDER BY s.game_id", (user_id,))
            ids = [r[0] for r in rows]
            over = "(SELECT id FROM games WHERE status IN ('finished', 'abandoned'))"
            await db.execute(f"UPDATE seats SET user_id = NULL, name = ? WHERE user_id = ? AND game_id IN {over}",
                             (name, user_id))
            await db.execute(f"UPDATE results SET user_id = NULL WHERE user_id = ? AND game_id IN {over}",
                             (user_id,))
            await db.execute(f"UPDATE moves SET user_id = NULL WHERE user_id = ? AND game_id IN {over}",
                             (user_id,))
            await db.execute(f"UPDATE games SET creator_id = 0 WHERE creator_id = ? AND id IN {over}", (user_id,))
            await db.execute("DELETE FROM player_guilds WHERE user_id = ?", (user_id,))
            return ids
        return await self._write(work)

    async def games_needing_reminder(self, now: float, interval_s: float, max_reminders: int
                                     ) -> list[sqlite3.Row]:
        return await self._read(
            "SELECT id, guild_id, channel_id, kind, version, reminder_count, last_activity_at, meta"
            " FROM games WHERE status = 'active' AND reminder_count < ?"
            " AND max(last_activity_at, COALESCE(last_reminder_at, 0)) <= ?"
            f"{scope_sql(self.scope)} ORDER BY last_activity_at", (max_reminders, now - interval_s))

    async def claim_reminder(self, game_id: int, version: int, reminder_count: int, now: float) -> bool:
        """Count a reminder for the game as it was seen (``version``, ``reminder_count``); False when another
        process counted it first or a move came in meanwhile, so only one process sends each reminder."""
        async def work(db):
            cursor = await db.execute(
                "UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = ?"
                " WHERE id = ? AND status = 'active' AND version = ? AND reminder_count = ?",
                (now, game_id, version, reminder_count))
            return cursor.rowcount == 1
        return await self._write(work, transaction=False, game_id=game_id)

    async def claim_lease(self, name: str, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None) -> bool:
        """Take or renew the lease ``name`` for ``owner`` until ``now + lease_s``; False while another owner
        holds it."""
        at = time.time() if now is None else now

        async def work(db):
            cursor = await db.execute(
                "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until"
                " WHERE leases.owner = excluded.owner OR leases.until <= ?", (name, owner, at + lease_s, at))
            return cursor.rowcount == 1
        return await self._write(work, transaction=False)

    async def release_claims(self, owner: str) -> None:
        """Give up every lease and post claim of ``owner`` (a clean shutdown), so others need not wait."""
        async def work(db):
            await db.execute("DELETE FROM leases WHERE owner = ?", (owner,))
            await db.execute("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL"
                             " WHERE claimed_by = ? AND delivered_at IS NULL", (owner,))
        await self._write(work)

    # -------------------------------------------------------------------------------------- outbox

    async def undelivered_posts(self, limit: int = 100, game_id: int | None = None) -> list[sqlite3.Row]:
        """Posts still to send, oldest first (all games, or one)."""
        if game_id is None:
            served = scope_sql(self.scope, "g.guild_id")
            columns = ", ".join(f"o.{c.strip()}" for c in POST_COLUMNS.split(","))
            return await self._read(f"SELECT {columns} FROM outbox o JOIN games g ON g.id = o.game_id"
                                    f" WHERE o.delivered_at IS NULL{served} ORDER BY o.id LIMIT ?", (int(limit),))
        return await self._read(f"SELECT {POST_COLUMNS} FROM outbox WHERE delivered_at IS NULL AND game_id = ?"
                                " ORDER BY id LIMIT ?", (game_id, int(limit)))

    async def claim_posts(self, owner: str, limit: int = 100, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None, game_id: int | None = None) -> list[sqlite3.Row]:
        """Claim undelivered posts (of one game, or of the games this process serves) for ``owner`` until
        ``now + lease_s``, oldest first, so of several processes only one delivers each post. A game with an
        undelivered post another owner holds is skipped whole (its posts stay in order); ``owner`` renews
        its own claims. ``BEGIN IMMEDIATE`` makes the read and the claim one step against other processes."""
        at = time.time() if now is None else now
        if game_id is not None:             # the hot path, right after a move: often nothing to write
            mine = await self._own_claims(owner, game_id, int(limit), lease_s, at)
            if mine is not None:
                return mine
        where = "o.game_id = ?" if game_id is not None else f"TRUE{scope_sql(self.scope, 'g.guild_id')}"
        params: tuple = (game_id,) if game_id is not None else ()

        async def work(db):
            ids = [r[0] for r in await db.execute_fetchall(
                f"SELECT o.id FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.delivered_at IS NULL"
                f" AND {where} AND NOT EXISTS (SELECT 1 FROM outbox x WHERE x.game_id = o.game_id"
                "   AND x.delivered_at IS NULL AND x.claimed_by IS NOT ? AND x.claimed_until > ?)"
                " ORDER BY o.id LIMIT ?", (*params, owner, at, int(limit)))]
            if not ids:
                return []
            marks = ", ".join("?" * len(ids))
            await db.execute(f"UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN ({marks})",
                             (owner, at + lease_s, *ids))
            return list(await db.execute_fetchall(
                f"SELECT {POST_COLUMNS} FROM outbox WHERE id IN ({marks}) ORDER BY id", ids))
        return await self._write(work)

    async def _own_claims(self, owner: str, game_id: int, limit: int, lease_s: float, at: float
                          ) -> list[sqlite3.Row] | None:
        """The game's undelivered posts when ``owner`` already holds all of them for at least half a lease
        (posts this process's moves wrote, see ``claim_new_posts``), or none are left: then no other
        process can take them meanwhile and nothing needs writing. None: claim them properly."""
        rows = await self._read(f"SELECT {POST_COLUMNS}, claimed_by, claimed_until FROM outbox"
                                " WHERE game_id = ? AND delivered_at IS NULL ORDER BY id LIMIT ?", (game_id, limit))
        if all(r["claimed_by"] == owner and (r["claimed_until"] or 0) - at >= lease_s / 2 for r in rows):
            return rows
        return None

    async def claim_new_posts(self, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS) -> None:
        """From now on every post this store's moves write is claimed by ``owner`` in the move's own
        transaction (a TEMP trigger lives on this connection only), so delivering it right after the move
        needs no write of its own. The courier's owner; other processes still see the claim."""
        quoted = "'" + owner.replace("'", "''") + "'"

        async def work(db):
            await db.execute("DROP TRIGGER IF EXISTS temp.rollbot_claim_new_posts")
            await db.execute(
                "CREATE TEMP TRIGGER rollbot_claim_new_posts AFTER INSERT ON main.outbox BEGIN"
                f" UPDATE outbox SET claimed_by = {quoted}, claimed_until = NEW.created_at + {float(lease_s)!r}"
                " WHERE id = NEW.id; END")
        await self._write(work, transaction=False)

    async def mark_post_delivered(self, post_id: int, message_id: int | None, now: float) -> None:
        async def work(db):
            await db.execute("UPDATE outbox SET delivered_at = ?, message_id = ?, attempts = attempts + 1"
                             " WHERE id = ?", (now, message_id, post_id))
        await self._write(work, transaction=False)

    async def note_post_attempt(self, post_id: int) -> None:
        async def work(db):
            await db.execute("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", (post_id,))
        await self._write(work, transaction=False)

    async def posts(self, game_id: int) -> list[sqlite3.Row]:
        """Every post of a game, oldest first (delivered or not)."""
        return await self._read(f"SELECT {POST_COLUMNS} FROM outbox WHERE game_id = ? ORDER BY id", (game_id,))

    # ---- the live message's posts (one bounded query; the courier's, each delivery) ----
    async def last_message_posts(self, game_id: int, before_id: int | None = None) -> list[sqlite3.Row]:
        """The delivered posts of the game's latest message before post ``before_id`` (any post: None), oldest
        first; empty before the first message. See ``LAST_MESSAGE_POSTS``: it reads that message's posts only."""
        return await self._read(LAST_MESSAGE_POSTS.format(game=":game", before=":before"),
                                {"game": game_id, "before": NO_POST_AFTER if before_id is None else before_id})

    async def integrity_check(self) -> list[str]:
        return [r[0] for r in await self._read("PRAGMA integrity_check")]
