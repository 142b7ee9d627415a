"""The one store: SQLAlchemy Core over an async engine, SQLite (aiosqlite) or PostgreSQL (asyncpg), chosen by
``ROLLBOT_DB`` (see ``open_store``). Every statement is written once; where the databases differ the store
says so in place (``self.sqlite``).

* SQLite: one writer connection (WAL) behind an ``asyncio.Lock`` held only for the database round trips, and
  a second, read-only connection, so a write waiting for another process's lock never holds up a read. An
  in-memory store has one connection for both.
* PostgreSQL: a pool; each write takes a connection, PostgreSQL serialises conflicting writes row by row.

The guarantees are the database's own (schema.py): a move is ONE statement that checks the game is in play
at version seq - 1 (so two processes can never both apply a move to one game), the move log is append-only
by triggers, one game per channel is a partial unique index. Moves that arrive while a commit is in flight
are committed together (group commit: one transaction, one fsync). Writes run in a shielded task: a
cancelled caller cannot leave a transaction half-open, and a read of a game waits for its writes in flight.
"""
from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from sqlalchemy import Row, bindparam, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from . import errors, ratings, schema
from .away import WINDOW_S, check_away, check_prefs
from .claims import DEFAULT_LEASE_SECONDS, Scope, scope_sql
from .ratings import RatedSeat, Rating
from .records import (
    ACTIVE,
    LOBBY,
    AwayPeriod,
    MoveRecord,
    OutboxPost,
    PlayerPrefs,
    ReminderDue,
    ResultRow,
    Seat,
    SeatResult,
    UserGame,
    from_row,
)
from .schema import APPLICATION_ID, HEAD, NOT_IN_PLAY, OUT_OF_SEQUENCE, REQUIRED_TABLES, REQUIRED_TRIGGERS
from .table import TableMeta

T = TypeVar("T")

SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")
#: FULL: a commit returns only after the WAL is fsynced, so an acknowledged move also survives power loss.
#: On PostgreSQL it maps to ``synchronous_commit`` (NORMAL/OFF may lose the last moves in a server crash,
#: never tear one).
DEFAULT_SYNCHRONOUS = "FULL"
SYNCHRONOUS_COMMIT = {"OFF": "off", "NORMAL": "off", "FULL": "on", "EXTRA": "on"}
#: Advisory lock keys: migrations ("Roll"), the per-game locks of claim_posts ("Outb"), the per-player locks of
#: add_away ("Away") and of rating a finished game ("Rate").
MIGRATION_LOCK, OUTBOX_LOCK, AWAY_LOCK, RATING_LOCK = 0x526F6C6C, 0x4F757462, 0x41776179, 0x52617465
#: PostgreSQL advisory lock class of a server's table queue (``find_queue``): one match decided at a time per server.
FIND_LOCK = 0x46696E64
#: The last versions of the hand-written migrations before Alembic (SQLite ``user_version``, PostgreSQL
#: ``rollbot_schema``): the first Alembic revision adopts a database there; older ones are refused.
LAST_HAND_WRITTEN = {"sqlite": 6, "postgresql": 4}

GAME_COLUMNS = ", ".join(schema.games.c.keys())
#: A log row: ``undoes`` is NULL for an ordinary move and names the seq taken back for an undo entry.
MOVE_COLUMNS = ", ".join(schema.moves.c.keys())
#: A post without its claim (``claimed_by``, ``claimed_until``: the courier's business); ``O_``: of ``outbox o``.
POST_COLUMNS = ", ".join(c.name for c in schema.outbox.c if not c.name.startswith("claimed_"))
O_POST_COLUMNS = ", ".join(f"o.{c.name}" for c in schema.outbox.c if not c.name.startswith("claimed_"))
GAME_SQL = f"SELECT {GAME_COLUMNS} FROM games WHERE id = :g"
SEATS_SQL = "SELECT seat, user_id, name, is_ai FROM seats WHERE game_id = :g ORDER BY seat"
MOVES_SQL = f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = :g ORDER BY seq"
META_SQL = "UPDATE games SET meta = :meta WHERE id = :g"
SEAT_NAME_SQL = "UPDATE seats SET name = :n WHERE game_id = :g AND seat = :s"
MOVE_PARAMS = ("g", "s", "st", "u", "m", "a", "sn", "me", "po")
#: Each seat's moves of a game and how many of them were made for its player (no user on the move: the bot's, and
#: the rules' when their time ran out, which ``bot_moves`` takes out): an undo entry is no move, a move taken back
#: still counts (the rule of ``ratings.without_stand_ins``).
SEAT_MOVES_SQL = ("SELECT seat, COUNT(*) AS n, SUM(CASE WHEN user_id IS NULL THEN 1 ELSE 0 END) AS by_bot FROM moves"
                  " WHERE game_id = :g AND undoes IS NULL GROUP BY seat")
RESULT_SELECT = ("SELECT r.game_id, g.kind, g.guild_id, g.channel_id, g.finished_at, r.seat, r.user_id, s.name,"
                 " s.is_ai, r.total, r.place, g.options,"
                 " (SELECT count(*) FROM seats c WHERE c.game_id = r.game_id) AS players,"
                 " (SELECT count(*) FROM moves m WHERE m.game_id = r.game_id AND m.seat = r.seat"
                 "   AND m.undoes IS NULL) AS moves,"
                 " (SELECT count(*) FROM moves m WHERE m.game_id = r.game_id AND m.seat = r.seat"
                 "   AND m.undoes IS NULL AND m.user_id IS NULL) AS bot_moves, g.meta"
                 " FROM results r JOIN games g ON g.id = r.game_id"
                 " JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat")
#: The games with results: every finished one, and an abandoned one that a player forfeited (``end_game``: rated,
#: with places and no score); any other abandoned game has none.
RESULT_GAMES = "g.status IN ('finished', 'abandoned')"

#: One move with its metadata and post, one statement: SQLite's ``move_commits`` view, PostgreSQL's function.
#: The parameters are MOVE_PARAMS, in that order (``_driver_sql`` relies on it).
APPEND_SQL, UNDO_SQL = ({"sqlite": f"INSERT INTO {view}_commits (game_id, seq, seat, user_id, {column}, created_at,"
                                   " snapshot, meta, post) VALUES (:g, :s, :st, :u, :m, :a, :sn, :me, :po)",
                         "postgresql": f"SELECT rollbot_append_{view}(:g, :s, :st, :u, :m, :a, :sn, :me, :po)"}
                        for view, column in (("move", "move"), ("undo", "undoes")))
#: PostgreSQL's group commit: the whole batch as ONE set-based statement (arrays in, ``unnest``): every game's
#: optimistic UPDATE, the moves and posts of the games it updated, then a check that it updated them all,
#: which otherwise raises and undoes the statement. (SQLite's batch is an executemany in one transaction.)
PG_BATCH_SQL = """
WITH b AS (
    SELECT * FROM unnest(CAST(:g AS bigint[]), CAST(:s AS integer[]), CAST(:st AS integer[]),
                         CAST(:u AS bigint[]), CAST(:m AS text[]), CAST(:a AS float8[]), CAST(:sn AS text[]),
                         CAST(:me AS text[]), CAST(:po AS text[])) AS t(g, s, st, u, m, a, sn, me, po)),
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
#: SQLite's lean path for a move without metadata or post (most moves): the ``move_appends`` view, whose
#: trigger does less than ``move_commits``'s.
LEAN_APPEND_SQL = ("INSERT INTO move_appends (game_id, seq, seat, user_id, move, created_at, snapshot)"
                   " VALUES (:g, :s, :st, :u, :m, :a, :sn)")
POST_SQL = ("INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)"
            " SELECT id, :seq, channel_id, :post, :now FROM games WHERE id = :g")

#: The latest delivered post (with a message) before ``before``, and every delivered post of its message: a
#: message's posts are consecutive among the delivered ones (an edit goes to the latest message, never to an older
#: one), so the query walks the ``outbox_by_game`` index back from ``before`` to the post of another message and
#: no further.
LAST_MESSAGE_POSTS = (
    f"SELECT {O_POST_COLUMNS} FROM outbox o,"
    " (SELECT id, message_id FROM outbox WHERE game_id = :g AND id < :before AND delivered_at IS NOT NULL"
    "   AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1) AS live"
    " WHERE o.game_id = :g AND o.id <= live.id AND o.delivered_at IS NOT NULL AND o.message_id = live.message_id"
    "   AND o.id > COALESCE((SELECT p.id FROM outbox p WHERE p.game_id = :g"
    "     AND p.id < live.id AND p.delivered_at IS NOT NULL AND p.message_id IS NOT NULL"
    "     AND p.message_id <> live.message_id ORDER BY p.id DESC LIMIT 1), 0)"
    " ORDER BY o.id")
PREFS_COLUMNS = ", ".join(schema.player_prefs.c.keys())
QUEUE_SQL = (f"INSERT INTO find_queue ({', '.join(schema.find_queue.c.keys())})"
             f" VALUES ({', '.join(':' + name for name in schema.find_queue.c.keys())})")
AWAY_COLUMNS = ", ".join(schema.away_periods.c.keys())
#: A player's games: open, or finished since ``:since``; open ones first (newest first), then the finished ones
#: (last finished first). One query: the player's seats through ``seats_by_user``, each game's live message (the
#: latest delivered post with a message) by walking ``outbox_by_game`` back from the game's last post, and the
#: seat's result where the game has one (``results``).
GAMES_OF_USER = (
    "SELECT g.id AS game_id, g.kind, g.guild_id, g.channel_id, g.status, g.version, g.created_at, g.started_at,"
    " g.finished_at, g.last_activity_at, g.meta, s.seat,"
    " (SELECT o.message_id FROM outbox o WHERE o.game_id = g.id AND o.delivered_at IS NOT NULL"
    "   AND o.message_id IS NOT NULL ORDER BY o.id DESC LIMIT 1) AS message_id,"
    " r.total, r.place, g.options, (SELECT count(*) FROM seats c WHERE c.game_id = g.id) AS players"
    " FROM seats s JOIN games g ON g.id = s.game_id"
    " LEFT JOIN results r ON r.game_id = g.id AND r.seat = s.seat"
    " WHERE s.user_id = :u AND (g.status IN ('lobby', 'active')"
    "   OR (g.status IN ('finished', 'abandoned') AND g.finished_at >= :since))"
    " ORDER BY g.status IN ('finished', 'abandoned'), COALESCE(g.finished_at, 0) DESC, g.id DESC LIMIT :n OFFSET :o")
#: ``before_id`` for "after every post" (the largest id both databases store).
NO_POST_AFTER = 2 ** 63 - 1


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
#: What a broken connection, a refused statement or a server that went away look like.
DB_ERRORS = (SQLAlchemyError, sqlite3.Error, OSError, TimeoutError)


def dump_json(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces): equal values give equal text, so snapshots compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _posts(rows: list[Row]) -> list[OutboxPost]:
    return [from_row(OutboxPost, r, json_text=("payload",)) for r in rows]


def _moves(rows: Iterable[Row]) -> list[MoveRecord]:
    return [from_row(MoveRecord, r, json_text=("move",)) for r in rows]


def table_of(meta: str | None) -> TableMeta:
    """A games row's ``meta`` column as the table it keeps (here read for the moves the rules made when a player's
    time ran out, ``TableMeta.ruled``)."""
    return TableMeta.of(json.loads(meta) if meta else {})


def bot_moves(moves: Iterable[Row], meta: str | None) -> dict[int, tuple[int, int]]:
    """seat -> (its moves, those the bot played for its player) from ``SEAT_MOVES_SQL``'s rows and the game's meta:
    a move the rules made on a timeout is no move of the bot's (under "Bot stand-in: Never" a duellist who let
    their time run out was rated, and named, as the bot)."""
    table = table_of(meta)
    return {int(r.seat): (int(r.n), int(r.by_bot or 0) - table.ruled_count(int(r.seat))) for r in moves}


def _results(rows: list[Row]) -> list[ResultRow]:
    """Result rows; ``bot_moves`` without the moves the rules made on a timeout (:func:`bot_moves`); ``handed``: the
    seat changed hands during play."""
    tables = [table_of(r.meta) for r in rows]
    return [from_row(ResultRow, r, json_text=("options",), flags=("is_ai",),
                     bot_moves=int(r.bot_moves or 0) - table.ruled_count(int(r.seat)),
                     handed=int(r.seat) in table.handed) for r, table in zip(rows, tables)]


@lru_cache(maxsize=512)
def _sql(statement: str, expanding: tuple[str, ...] = ()):
    clause = text(statement)
    return clause.bindparams(*(bindparam(name, expanding=True) for name in expanding)) if expanding else clause


def _driver_sql(statement: str, dialect: str) -> str:
    """A move statement (named MOVE_PARAMS, in order) in the driver's own placeholders: sqlite3's ``?``,
    asyncpg's ``$1``…, for the group-commit path, which passes tuples straight to the driver."""
    def number(found: re.Match) -> str:
        return "?" if dialect == "sqlite" else f"${MOVE_PARAMS.index(found.group(1)) + 1}"
    return re.sub(r"(?<![:\w]):(\w+)", number, statement)


SQLITE_APPEND, SQLITE_LEAN = _driver_sql(APPEND_SQL["sqlite"], "sqlite"), _driver_sql(LEAN_APPEND_SQL, "sqlite")
PG_APPEND, PG_BATCH = _driver_sql(APPEND_SQL["postgresql"], "pg"), _driver_sql(PG_BATCH_SQL, "pg")


class Db:
    """The connection a unit of work gets: ``execute`` (a Result), ``fetch`` (rows), ``executemany``."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def execute(self, sql: str, params: dict | None = None, expanding: tuple[str, ...] = ()):
        return await self.conn.execute(_sql(sql, expanding), params or {})

    async def fetch(self, sql: str, params: dict | None = None, expanding: tuple[str, ...] = ()) -> list[Row]:
        return list((await self.execute(sql, params, expanding)).all())

    async def executemany(self, sql: str, rows: list[dict]) -> None:
        if rows:
            await self.conn.execute(_sql(sql), rows)


# --------------------------------------------------------------------------------------- the protocol

class Repository(Protocol):
    """What the session manager needs from a store: the reads and writes it makes under a game's lock. ``Store``
    is the one implementation; everything else (outbox, reminders, stats, leases) is the store's own to give,
    and the cogs call it on ``sessions.store`` themselves. tests/engine/test_engine_repository.py checks that
    SessionManager calls nothing else."""

    async def insert_game(self, *, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          creator_name: str, options: dict, seed: int, seats_wanted: int, now: float,
                          snapshot: str | None = None, meta: str | None = None, post: str | None = None) -> int: ...
    async def change_seats(self, game_id: int, seats: Iterable[Seat], now: float, *, replace: bool) -> None: ...
    async def start_game(self, game_id: int, snapshot: str, now: float, meta: str | None = None,
                         post: str | None = None, seat_names: Mapping[int, str] | None = None) -> None: ...
    async def append_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None: ...
    async def append_final_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                                snapshot: str, now: float, results: Iterable[SeatResult],
                                seat_users: dict[int, int | None], final_score: str, meta: str | None = None,
                                post: str | None = None, rated: Sequence[RatedSeat] = ()) -> None: ...
    async def append_undo(self, *, game_id: int, seq: int, seat: int, user_id: int | None, undoes: int,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None: ...
    async def end_game(self, game_id: int, status: str, now: float, rated: Sequence[RatedSeat] = ()) -> None: ...
    async def note_reminder(self, game_id: int, now: float) -> None: ...
    async def claim_reminder(self, game_id: int, version: int, reminder_count: int, now: float) -> bool: ...
    async def set_game_meta(self, game_id: int, meta: dict, post: str | None = None, seq: int = 0,
                            now: float = 0.0, seat_names: Mapping[int, str] | None = None) -> None: ...
    async def hand_over_seat(self, game_id: int, seat: int, former: int, user_id: int, name: str, now: float, *,
                             meta: str | None = None, post: str | None = None, rated: Sequence[RatedSeat] = (),
                             rated_user: int | None = None, seq: int = 0) -> None: ...
    async def game_row(self, game_id: int) -> tuple[Row, list[Row]] | None: ...
    async def open_game_id(self, channel_id: int) -> int | None: ...
    async def last_game_id(self, channel_id: int, kind: str | None = None) -> int | None: ...
    async def moves(self, game_id: int) -> list[MoveRecord]: ...
    async def forget_user(self, user_id: int, name: str) -> list[int]: ...


# ------------------------------------------------------------------------------------- errors, URLs

def _driver_error(error: BaseException) -> BaseException:
    orig = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    return orig.__cause__ if orig.__cause__ is not None and "asyncpg" in type(orig).__module__ else orig


def _is_locked(error: BaseException) -> bool:
    text_ = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text_ or "busy" in text_)


def _is_damage(error: BaseException) -> bool:
    text_ = str(error).lower()
    return "malformed" in text_ or "not a database" in text_ or "corrupt" in text_


def _translate(error: BaseException) -> errors.EngineError:
    if isinstance(error, errors.EngineError):
        return error
    cause = _driver_error(error)
    text_ = str(cause)
    state = getattr(cause, "sqlstate", None)
    constraint = getattr(cause, "constraint_name", None)
    if _is_locked(cause):
        return errors.StorageError(reason=LOCKED_REASON)
    if state == OUT_OF_SEQUENCE or "move out of sequence" in text_ or "moves.game_id, moves.undoes" in text_ \
            or constraint in ("moves_pkey", "moves_undone_once"):
        return errors.StaleMove()
    if state == NOT_IN_PLAY or "game is not in play" in text_:
        return errors.GameNotActive()
    if "games.channel_id" in text_ or constraint == "games_one_open_per_channel":
        return errors.ChannelBusy()
    if "seats.game_id, seats.user_id" in text_ or constraint == "seats_one_per_user":
        return errors.AlreadySeated()
    if isinstance(cause, sqlite3.Error):
        return errors.StorageError(reason=text_)
    return errors.StorageError(reason=f"{type(cause).__name__}: {cause}")


def _damaged(path: str, finding: str) -> errors.StoreOpenError:
    return errors.StoreOpenError(path, f"the file is damaged ({finding}).\n{RESTORE_HELP.format(path=path)}")


#: What the bot's user needs, said the same way whichever step found it missing.
WRITE_ACCESS_HELP = ("give the user the bot runs as write access to it and to its folder (the -wal and -shm files "
                     "live next to it)")


def _open_failure(path: str, cause: BaseException, reading: bool) -> str:
    """Why an SQLite file could not be opened, said so the operator can act: SQLite's own words ("attempt to
    write a readonly database", "unable to open database file") name neither the file nor the cause, and
    which one comes depends on the step (the WAL switch, the first read) that hit the missing permission."""
    text_ = str(cause)
    if reading:
        return text_
    where = Path(path).resolve()
    folder = where.parent
    if "readonly" in text_.lower():
        return f"{where} or its folder is read-only for this process; {WRITE_ACCESS_HELP}"
    if not os.access(folder, os.W_OK | os.X_OK):
        made = "write the -wal and -shm files" if where.exists() else "create the file"
        return f"cannot {made} in {folder}: the folder is not writable for this process; {WRITE_ACCESS_HELP}"
    return f"{text_} ({where})"


def _storable_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


def _consume(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ValueError, SQLAlchemyError):
        return "postgresql://…"


_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
#: Connection parameters asyncpg takes itself; every other query parameter becomes a server setting, so
#: ``?search_path=rollbot`` puts the tables in a schema of their own.
PG_CONNECT_PARAMS = {"ssl", "sslmode", "sslrootcert", "sslcert", "sslkey", "target_session_attrs", "passfile"}


def backend_of(url_or_path: str | os.PathLike) -> tuple[str, str]:
    """("sqlite", path) or ("postgresql", url); StoreOpenError for a scheme neither database speaks."""
    text_ = os.fspath(url_or_path)
    found = _SCHEME.match(text_)
    if found is None:
        return "sqlite", text_
    scheme = found.group(1).lower()
    if scheme in ("postgresql", "postgres"):
        return "postgresql", text_
    if scheme == "sqlite":
        path = text_[len(found.group(0)):]
        if not path.startswith("/"):
            raise errors.StoreOpenError(text_, "an SQLite URL is sqlite:///relative/path.db or "
                                               "sqlite:////absolute/path.db")
        return "sqlite", path[1:] or ":memory:"
    raise errors.StoreOpenError(text_, f"unknown database scheme {scheme!r} (use a file path, sqlite:/// or "
                                       "postgresql://)")


def is_postgres(url_or_path: str | os.PathLike) -> bool:
    return backend_of(url_or_path)[0] == "postgresql"


async def open_store(url_or_path: str | os.PathLike, **options: Any) -> Store:
    """Open the store ``url_or_path`` names (a file path, ``sqlite:///…`` or ``postgresql://…``)."""
    return await Store.open(url_or_path, **options)


def _decode_numeric(value: str) -> int | float:
    """A result total reads back as an int when it is whole (as from SQLite), else as a float."""
    number = Decimal(value)
    return int(number) if number == number.to_integral_value() else float(number)


def read_only_uri(path: str) -> str:
    """The URI that reads the SQLite file ``path`` without writing to it or next to it. A file with a ``-wal``
    (or ``-journal``) beside it may have a bot running on it, whose last commits live there: ``mode=ro`` reads
    them (through the ``-shm`` that is already there). Without one, no process has the file open in WAL mode,
    and ``mode=ro`` would create ``-wal`` and ``-shm`` files and leave them beside a backup (or fail in a
    read-only folder): ``immutable=1`` reads the main file alone, creating and locking nothing."""
    where = Path(path).resolve()
    live = any(Path(f"{where}{suffix}").exists() for suffix in ("-wal", "-journal"))
    return where.as_uri() + ("?mode=ro" if live else "?mode=ro&immutable=1")


def _sqlite_engine(target: str, uri: bool = False) -> AsyncEngine:
    """One aiosqlite connection (StaticPool). AUTOCOMMIT: the driver never begins a transaction by itself;
    the store says BEGIN IMMEDIATE where it wants one, so a single-statement move is one round trip."""
    import aiosqlite

    async def connect():
        return await aiosqlite.connect(target, uri=uri)
    return create_async_engine("sqlite+aiosqlite://", isolation_level="AUTOCOMMIT", poolclass=StaticPool,
                               async_creator=connect)


_heap_settled = False


def _settle_heap() -> None:
    """Once per process, after the first open: hand what importing and opening left on the heap (SQLAlchemy's
    and, on a migration, Alembic's modules, caches and schema objects: a few hundred thousand objects that
    live as long as the process) to ``gc.freeze``, so the cyclic collector's passes stop walking them. Those
    passes, set off by the garbage of the first thousands of moves, cost about a third of the group-commit
    throughput (benchmarks/store.py, 1,000 games). Objects made later are collected as usual."""
    global _heap_settled
    if not _heap_settled:
        _heap_settled = True
        gc.freeze()


@dataclass(slots=True)
class _Append:
    """One move waiting for a group commit; ``taken`` once a batch holds it."""

    params: tuple                       # MOVE_PARAMS' values, in order
    future: asyncio.Future
    taken: bool = False


# --------------------------------------------------------------------------------------------- store

def seatable(entry: dict[str, Any], waiting: Sequence[Any]) -> list[dict[str, Any]]:
    """The players of ``waiting`` (same server, kind, seats and pace, first come first) a new queue ``entry``
    could sit down with: taken one by one, oldest first, while each pair's ratings lie within both players'
    ranges (a range of None takes anyone). :func:`pick_table` seats the first of them; ``/find join`` counts
    them, so that the count a player reads is the table they can get, not everyone who waits (a rating range
    keeps some apart). Rows of ``waiting`` are mappings or named rows; they come back as dicts."""
    def fits(a: dict[str, Any], b: dict[str, Any]) -> bool:
        gap = abs(int(a["rating"]) - int(b["rating"]))
        return all(r is None or gap <= int(r) for r in (a["rating_range"], b["rating_range"]))

    found: list[dict[str, Any]] = []
    for row in waiting:
        candidate = dict(row._mapping) if hasattr(row, "_mapping") else dict(row)
        if all(fits(candidate, seated) for seated in (*found, entry)):
            found.append(candidate)
    return found


def pick_table(entry: dict[str, Any], waiting: Sequence[Any]) -> list[dict[str, Any]]:
    """The players a new queue ``entry`` sits down with: the first ``entry["players"] - 1`` of those it is
    :func:`seatable` with, then the entry itself; [] if there are not enough. The table's entries come back as
    dicts, first come first, the new entry last."""
    others = seatable(entry, waiting)[:int(entry["players"]) - 1]
    return [*others, entry] if len(others) + 1 == entry["players"] else []


class Store:
    """Use ``await Store.open(path_or_url)``; ``:memory:`` gives a private in-memory SQLite database."""

    def __init__(self, engine: AsyncEngine, path: str, synchronous: str, writer: AsyncConnection | None = None):
        self._engine, self._reader_engine = engine, None
        self.dialect = engine.dialect.name
        self.sqlite = self.dialect == "sqlite"
        self.path = path
        self.synchronous = synchronous
        self._writer = self._reader = writer   # SQLite: a file gets a reader of its own once open
        self._lock = self._read_lock = asyncio.Lock()
        self._db = None                      # SQLite: the raw aiosqlite writer (tests read total_changes)
        self._closed = False
        self._pending: list[_Append] = []
        self._flusher: asyncio.Task | None = None
        self._appender: tuple[AsyncConnection, Any] | None = None   # PostgreSQL: see _pg_append
        #: Writes still in flight per game: a read of that game waits for them, so a reload never sees the
        #: game from before a write that is about to land. Reads of other games never wait.
        self._game_writes: dict[int, set[asyncio.Future]] = {}
        self._writes: set[asyncio.Future] = set()
        self._lobby_seats: dict[int, tuple[tuple, ...]] = {}  # see _check_lobby
        #: The games this process serves (``bot.sharding.ShardScope``); None: all. See claims.py.
        self.scope: Scope | None = None

    # ----------------------------------------------------------------------------------------- opening

    @classmethod
    async def open(cls, path: str | os.PathLike = ":memory:", *, synchronous: str = DEFAULT_SYNCHRONOUS,
                   quick_check: bool = True, busy_timeout_ms: int = 2000, create: bool = True,
                   read_only: bool = False, max_size: int = 10, connect_timeout: float = 10.0,
                   command_timeout: float | None = 60.0) -> Store:
        """Open (creating or migrating) the database, refusing with ``StoreOpenError`` one that cannot be
        used: not a rollbot database, too new, read-only, locked, unreachable or damaged.

        ``quick_check`` (on by default) checks the whole database at start (SQLite: ``PRAGMA quick_check``,
        0.2–0.3 s for 10,000 games; PostgreSQL: ``integrity_check``) so damage stops the start with a message
        saying how to restore it; ``verify`` turns it off to report instead. ``busy_timeout_ms``: how long an
        SQLite write waits for another process's lock. ``create=False`` (the tools' sources) refuses an SQLite
        file that does not exist instead of creating an empty one: a mistyped path must not read as a
        database of no games. ``read_only=True`` (``verify``) opens an existing SQLite file without writing to
        it or beside it (see :func:`read_only_uri`) and refuses one that would need migrating with
        ``StoreIsOlder``. ``max_size``/timeouts: the PostgreSQL pool."""
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS_MODES}, got {synchronous!r}")
        backend, target = backend_of(path)
        if backend == "postgresql":
            store = await cls._open_postgres(target, synchronous, quick_check, max_size, connect_timeout,
                                             command_timeout)
        else:
            store = await cls._open_sqlite(target, synchronous, quick_check, busy_timeout_ms,
                                           create=create and not read_only, read_only=read_only)
        _settle_heap()
        return store

    @classmethod
    async def _open_sqlite(cls, path: str, synchronous: str, quick_check: bool, busy_timeout_ms: int, *,
                           create: bool, read_only: bool) -> Store:
        memory = path == ":memory:"
        if not memory:
            where = Path(path)
            if where.is_dir():
                raise errors.StoreOpenError(path, "it is a directory, not a database file")
            if not where.parent.is_dir():
                raise errors.StoreOpenError(path, f"folder {str(where.parent)!r} does not exist")
            if not create and not where.exists():
                raise errors.StoreOpenError(path, f"no such file ({where.resolve()} does not exist); check the path")
        engine = _sqlite_engine(read_only_uri(path), uri=True) if read_only and not memory else _sqlite_engine(path)
        store = writer = reader = reader_engine = None
        try:
            writer = await engine.connect()
            db = Db(writer)
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # Reading the header is the first real access: a file that is not SQLite fails right here.
            version = (await db.fetch("PRAGMA user_version"))[0][0]
            app_id = (await db.fetch("PRAGMA application_id"))[0][0]
            tables = await cls._tables(db, sqlite=True)
            if tables and app_id != APPLICATION_ID:      # every rollbot file, old or new, carries it
                raise errors.StoreOpenError(path, "it is an SQLite database but not a rollbot one")
            if version > LAST_HAND_WRITTEN["sqlite"]:
                raise errors.StoreOpenError(path, f"its schema version {version} is newer than this code "
                                                  "understands; upgrade rollbot")
            if not memory and not read_only:
                mode = (await db.fetch("PRAGMA journal_mode = WAL"))[0][0]
                if str(mode).lower() != "wal":
                    raise errors.StoreOpenError(path, f"cannot switch to WAL journal mode (got {mode!r})")
            await db.execute(f"PRAGMA synchronous = {synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            if quick_check:             # before migrating: a damaged file is never written to
                found = [r[0] for r in await db.fetch("PRAGMA quick_check")]
                if found != ["ok"]:
                    raise _damaged(path, "quick_check: " + "; ".join(found[:5]))
            store = cls(engine, path, synchronous, writer)
            store._db = (await writer.get_raw_connection()).driver_connection
            await store._migrate(writer, read_only=read_only)
            if not memory and not read_only:       # read-only: the one connection reads
                await store._check_writable()
                uri = Path(path).resolve().as_uri() + "?mode=ro"
                reader_engine = _sqlite_engine(uri, uri=True)
                reader = await reader_engine.connect()
                await reader.exec_driver_sql(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                await reader.exec_driver_sql(f"PRAGMA synchronous = {synchronous}")
                store._reader, store._reader_engine, store._read_lock = reader, reader_engine, asyncio.Lock()
        except BaseException as error:
            # The connections first: an engine's dispose leaves a checked-out one open, and its aiosqlite thread
            # would then answer into a closed event loop ("Exception in thread ... Event loop is closed").
            for connection in (reader, writer):
                if connection is not None:
                    await connection.close()
            for closing in (reader_engine, engine):
                if closing is not None:
                    await closing.dispose()
            if isinstance(error, errors.StoreOpenError) or not isinstance(error, DB_ERRORS):
                raise
            cause = _driver_error(error)
            if _is_damage(cause):
                raise _damaged(path, str(cause)) from error
            raise errors.StoreOpenError(path, _open_failure(path, cause, memory or read_only)) from error
        return store

    @classmethod
    async def _open_postgres(cls, url: str, synchronous: str, quick_check: bool, max_size: int,
                             connect_timeout: float, command_timeout: float | None) -> Store:
        shown = redact(url)
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        settings = {k: v for k, v in query.items() if k not in PG_CONNECT_PARAMS}
        settings.setdefault("application_name", "rollbot")   # a URL may name its process (shards, tests)
        settings["synchronous_commit"] = SYNCHRONOUS_COMMIT[synchronous]
        kept = "&".join(f"{k}={v}" for k, v in query.items() if k in PG_CONNECT_PARAMS)
        target = urlunsplit(("postgresql+asyncpg", parts.netloc, parts.path, kept, ""))
        try:
            engine = create_async_engine(
                target, pool_size=max_size, max_overflow=0, pool_reset_on_return=None,
                connect_args={"server_settings": settings, "timeout": connect_timeout,
                              "command_timeout": command_timeout})
        except (*DB_ERRORS, ValueError) as error:
            raise errors.StoreOpenError(shown, f"cannot connect: {type(error).__name__}: {error}") from error

        @event.listens_for(engine.sync_engine, "connect")
        def _numeric_codec(dbapi_connection, _record):
            dbapi_connection.run_async(lambda raw: raw.set_type_codec(
                "numeric", encoder=str, decoder=_decode_numeric, schema="pg_catalog", format="text"))

        store = cls(engine, shown, synchronous)
        try:
            try:
                async with engine.connect() as conn:
                    await conn.exec_driver_sql("SELECT 1")
            except DB_ERRORS as error:
                cause = _driver_error(error)
                raise errors.StoreOpenError(shown, f"cannot connect: {type(cause).__name__}: {cause}") from error
            async with engine.connect() as conn:
                # One transaction under an advisory lock: two processes opening a fresh database at once
                # migrate it once.
                await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                await store._migrate(conn)
                await conn.commit()
            if quick_check:
                found = await store.integrity_check()
                if found != ["ok"]:
                    raise errors.StoreOpenError(shown, "damaged: " + "; ".join(found[:5]))
        except BaseException as error:
            await engine.dispose()
            if isinstance(error, errors.StoreOpenError) or not isinstance(error, (*DB_ERRORS, errors.EngineError)):
                raise
            cause = _driver_error(error)
            raise errors.StoreOpenError(shown, f"{type(cause).__name__}: {cause}") from error
        return store

    async def _migrate(self, conn: AsyncConnection, *, read_only: bool = False) -> None:
        """Bring the schema to ``HEAD`` with Alembic (only imported when there is something to do); a file
        opened ``read_only`` that would need it is refused with ``StoreIsOlder``."""
        db, shown = Db(conn), self.path
        tables = await self._tables(db, self.sqlite)
        if read_only and not tables:
            raise errors.StoreOpenError(shown, "it holds no tables: an empty file, not a rollbot database")
        current = None
        if "alembic_version" in tables:
            current = (await db.fetch("SELECT version_num FROM alembic_version"))[0][0]
        elif tables and not self.sqlite and "rollbot_schema" not in tables:
            raise errors.StoreOpenError(shown, "it is a PostgreSQL database but not a rollbot one "
                                               f"(it has tables: {', '.join(sorted(tables)[:5])})")
        elif tables:                            # made by the hand-written store: adopted at its last version only
            old = (await db.fetch("PRAGMA user_version" if self.sqlite else
                                  "SELECT max(version) FROM rollbot_schema"))[0][0]
            last = LAST_HAND_WRITTEN[self.dialect]
            if old != last:
                raise errors.StoreOpenError(shown, f"its schema version {old} is older than this code adopts "
                                                   f"({last}); open it once with a rollbot from before Alembic "
                                                   f"(it upgrades it to {last}), then with this one")
        if current != HEAD:
            from alembic.script import ScriptDirectory

            from . import migrations
            known = {script.revision for script in ScriptDirectory.from_config(migrations.config()).walk_revisions()}
            if current is not None and current not in known:
                raise errors.StoreOpenError(shown, f"its schema revision {current} is newer than this code "
                                                   f"understands ({HEAD}); upgrade rollbot")
            if read_only:
                raise errors.StoreIsOlder(shown, current)
            try:
                if self.sqlite:
                    await conn.exec_driver_sql("BEGIN IMMEDIATE")
                await conn.run_sync(migrations.upgrade, HEAD)
                if self.sqlite:
                    await conn.exec_driver_sql("COMMIT")
            except Exception as error:
                if self.sqlite and self._db.in_transaction:
                    await conn.exec_driver_sql("ROLLBACK")
                raise errors.StoreOpenError(shown, f"migration to schema revision {HEAD} failed: "
                                                   f"{_driver_error(error)}") from error
            tables = await self._tables(db, self.sqlite)
        if not REQUIRED_TABLES <= tables:
            missing = ", ".join(sorted(REQUIRED_TABLES - tables))
            raise errors.StoreOpenError(shown, f"tables missing: {missing}")

    @staticmethod
    async def _tables(db: Db, sqlite: bool) -> set[str]:
        sql = ("SELECT name FROM sqlite_master WHERE type = 'table'" if sqlite else
               "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
        return {r[0] for r in await db.fetch(sql)}

    async def _check_writable(self) -> None:
        """A file the process may read but not write opens fine and then fails every move: find out now. A
        write statement inside a rolled-back transaction touches nothing but needs write access (and the
        write lock, so a file another process keeps locked is refused here too)."""
        try:
            await self._writer.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                await self._writer.exec_driver_sql("DELETE FROM bot_meta WHERE 0")
            finally:
                await self._writer.exec_driver_sql("ROLLBACK")
        except DB_ERRORS as error:
            cause = _driver_error(error)
            if "readonly" in str(cause).lower():
                raise errors.StoreOpenError(self.path, f"the file is read-only for this process; {WRITE_ACCESS_HELP}"
                                            ) from error
            if _is_locked(cause):
                raise errors.StoreOpenError(self.path, "it is locked by another process (is another bot "
                                                       "running on this file?)") from error
            raise

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._flusher is not None and not self._flusher.done():
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        if self._appender is not None:
            await self._appender[0].close()
        if self.sqlite:
            async with self._read_lock:
                if self._reader is not self._writer:
                    await self._reader.close()
            async with self._lock:
                await self._writer.close()
        for engine in (self._reader_engine, self._engine):
            if engine is not None:
                await engine.dispose()

    # --------------------------------------------------------------------------------- plumbing

    def _check_open(self) -> None:
        if self._closed:
            raise errors.StorageError(reason="the store is closed")

    async def _read(self, sql: str, params: dict | Sequence | None = None, *,
                    expanding: tuple[str, ...] = ()) -> list[Row]:
        return await self._read_together(lambda db: db.fetch(sql, params, expanding), snapshot=False)

    async def _read_one(self, sql: str, params: dict | None = None) -> Any:
        rows = await self._read(sql, params)
        return rows[0][0] if rows else None

    async def _read_together(self, work: Callable[[Db], Awaitable[T]], *, snapshot: bool = True) -> T:
        """Reads that see one moment of the database (SQLite: one read transaction on the reader connection;
        PostgreSQL: a read-only REPEATABLE READ transaction)."""
        self._check_open()
        try:
            if not self.sqlite:
                async with self._engine.connect() as conn:
                    # A lone read needs no transaction (no BEGIN/ROLLBACK round trips); several see one snapshot.
                    await conn.execution_options(**({"isolation_level": "REPEATABLE READ", "postgresql_readonly": True}
                                                    if snapshot else {"isolation_level": "AUTOCOMMIT"}))
                    return await work(Db(conn))
            async with self._read_lock:
                if not snapshot:
                    return await work(Db(self._reader))
                await self._reader.exec_driver_sql("BEGIN")
                try:
                    return await work(Db(self._reader))
                finally:
                    await self._reader.exec_driver_sql("COMMIT")
        except DB_ERRORS as error:
            raise _translate(error) from error

    def _track(self, game_id: int | None, future: asyncio.Future) -> None:
        self._writes.add(future)
        future.add_done_callback(self._writes.discard)
        if game_id is None:
            return
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

    async def _transaction(self, work: Callable[[Db], Awaitable[T]], transaction: bool) -> T:
        """Run ``work`` on the writer (SQLite, under the lock) or a pooled connection (PostgreSQL)."""
        if not self.sqlite:
            async with self._engine.connect() as conn:
                if not transaction:
                    return await work(Db(await conn.execution_options(isolation_level="AUTOCOMMIT")))
                async with conn.begin():
                    return await work(Db(conn))
        async with self._lock:
            conn = self._writer
            try:
                if transaction:
                    await conn.exec_driver_sql("BEGIN IMMEDIATE")
                result = await work(Db(conn))
                if transaction:
                    await conn.exec_driver_sql("COMMIT")
                return result
            except BaseException:
                if self._db.in_transaction:
                    await conn.exec_driver_sql("ROLLBACK")
                raise

    async def _write(self, work: Callable[[Db], Awaitable[T]], *, transaction: bool = True,
                     game_id: int | None = None) -> T:
        self._check_open()

        async def run() -> T:
            try:
                return await self._transaction(work, transaction)
            except DB_ERRORS as error:
                raise _translate(error) from error

        task = asyncio.ensure_future(run())
        task.add_done_callback(_consume)
        self._track(game_id, task)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            # The caller still holds its game's lock: let the write land (or fail) before unwinding, so the
            # next holder of the lock reads the outcome instead of racing the commit.
            await asyncio.wait([task])
            raise

    async def schema_version(self) -> str:
        return await self._read_one("SELECT version_num FROM alembic_version")

    async def _exec(self, sql: str, params: dict, *, game_id: int | None = None) -> int:
        """One statement on the writer (no explicit transaction); the number of rows it changed."""
        async def work(db):
            return (await db.execute(sql, params)).rowcount
        return await self._write(work, transaction=False, game_id=game_id)

    # ---------------------------------------------------------------------------- bot-wide settings

    async def get_meta(self, key: str, default: Any = None) -> Any:
        value = await self._read_one("SELECT value FROM bot_meta WHERE key = :key", {"key": key})
        return default if value is None else json.loads(value)

    async def set_meta(self, key: str, value: Any) -> None:
        await self._exec("INSERT INTO bot_meta (key, value) VALUES (:key, :value)"
                         " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                         {"key": key, "value": dump_json(value)})

    async def claim_meta(self, key: str, value: Any) -> bool:
        """Sets ``key`` only if it is not set yet, in one statement; whether this call set it (a second caller,
        even one racing the first, gets False)."""
        return await self._exec("INSERT INTO bot_meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO NOTHING",
                                {"key": key, "value": dump_json(value)}) == 1

    # ------------------------------------------------------------------------------- games: writes

    async def insert_game(self, *, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                          creator_name: str, options: dict, seed: int, seats_wanted: int, now: float,
                          snapshot: str | None = None, meta: str | None = None, post: str | None = None) -> int:
        """A lobby, or (with ``snapshot``) a game already in play, with the creator in seat 0."""
        status = ACTIVE if snapshot is not None else LOBBY

        async def work(db):
            game_id = (await db.execute(
                "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted,"
                " snapshot, version, created_at, updated_at, started_at, last_activity_at) VALUES (:kind, :guild,"
                " :channel, :status, :creator, :options, :seed, :wanted, :snapshot, 0, :now, :now, :started, :now)"
                " RETURNING id",
                {"kind": kind, "guild": guild_id, "channel": channel_id, "status": status, "creator": creator_id,
                 "options": dump_json(options), "seed": seed, "wanted": seats_wanted, "snapshot": snapshot,
                 "now": now, "started": now if snapshot is not None else None})).scalar_one()
            await db.execute("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (:g, 0, :u, :n, false)",
                             {"g": game_id, "u": creator_id, "n": creator_name})
            await self._bookkeeping(db, game_id, 0, now, meta, post)
            return game_id
        game_id = await self._write(work)
        if status == LOBBY:
            self._remember_seats(game_id, [(0, creator_id, creator_name, False)])
        return game_id

    # Lobby changes are not versioned like moves, and another process may change the same lobby: the store
    # remembers the seats this process last read or wrote for each lobby, and every lobby write first locks
    # the game row and checks the seats are still those. If not, the change was decided on an old picture of
    # the lobby (another process joined, left or started): StaleMove, nothing written, the manager reloads.

    def _remember_seats(self, game_id: int, seats: Iterable[tuple]) -> None:
        self._lobby_seats[game_id] = tuple((s[0], s[1], s[2], bool(s[3])) for s in seats)

    async def _check_lobby(self, db: Db, game_id: int) -> None:
        lock = "" if self.sqlite else " FOR UPDATE"      # SQLite: BEGIN IMMEDIATE already excludes writers
        rows = await db.fetch(f"SELECT status FROM games WHERE id = :g{lock}", {"g": game_id})
        status = rows[0][0] if rows else None
        if status != LOBBY:
            self._lobby_seats.pop(game_id, None)
            raise errors.GameNotInLobby(game_id=game_id, status=status)
        seen = self._lobby_seats.get(game_id)
        if seen is None:
            return  # never read here (a tool working on its own): nothing to compare with
        current = tuple((r[0], r[1], r[2], bool(r[3])) for r in await db.fetch(SEATS_SQL, {"g": game_id}))
        if current != seen:
            self._lobby_seats.pop(game_id, None)
            raise errors.StaleMove(game_id=game_id, reason="the lobby changed in another process")

    async def change_seats(self, game_id: int, seats: Iterable[Seat], now: float, *, replace: bool) -> None:
        """Seat ``seats`` in the lobby, beside those seated (or, with ``replace``, instead of them)."""
        rows = tuple((s.seat, s.user_id, s.name, bool(s.is_ai)) for s in seats)

        async def work(db):
            await self._check_lobby(db, game_id)
            if replace:
                await db.execute("DELETE FROM seats WHERE game_id = :g", {"g": game_id})
            await db.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (:g, :s, :u, :n,"
                                 " :ai)", [{"g": game_id, "s": s, "u": u, "n": n, "ai": ai} for s, u, n, ai in rows])
            await db.execute("UPDATE games SET updated_at = :now, last_activity_at = :now WHERE id = :g",
                             {"g": game_id, "now": now})
        await self._write(work, game_id=game_id)
        if replace or game_id in self._lobby_seats:
            self._remember_seats(game_id, (() if replace else self._lobby_seats[game_id]) + rows)

    async def start_game(self, game_id: int, snapshot: str, now: float, meta: str | None = None,
                         post: str | None = None, seat_names: Mapping[int, str] | None = None) -> None:
        """The lobby becomes a running game, with its first post, its meta and its seats' new names (the bots'
        in the language the start settled), all in one transaction."""
        async def work(db):
            await self._check_lobby(db, game_id)
            await db.execute("UPDATE games SET status = 'active', snapshot = :sn, started_at = :now,"
                             " updated_at = :now, last_activity_at = :now, reminder_count = 0 WHERE id = :g",
                             {"g": game_id, "sn": snapshot, "now": now})
            await self._rename_seats(db, game_id, seat_names)
            await self._bookkeeping(db, game_id, 0, now, meta, post)
        await self._write(work, game_id=game_id)
        self._lobby_seats.pop(game_id, None)

    @staticmethod
    async def _rename_seats(db: Db, game_id: int, seat_names: Mapping[int, str] | None) -> None:
        """Inside a caller's transaction: seats' new names (seat -> name)."""
        if seat_names:
            await db.executemany(SEAT_NAME_SQL, [{"g": game_id, "s": seat, "n": name}
                                                 for seat, name in sorted(seat_names.items())])

    @staticmethod
    async def _bookkeeping(db: Db, game_id: int, seq: int, now: float, meta: str | None, post: str | None) -> None:
        """Inside a caller's transaction: the game's new metadata and the post the change made due."""
        if meta is not None:
            await db.execute(META_SQL, {"g": game_id, "meta": meta})
        if post is not None:
            await db.execute(POST_SQL, {"g": game_id, "seq": seq, "post": post, "now": now})

    async def append_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append one move with its snapshot, metadata and post (one transaction); returns once committed.

        Group commit: moves that arrive while a commit is in flight wait together and are committed in one
        transaction (one fsync), each still checked by the database. If a constraint fails the batch, each
        move is retried alone, so one stale move only fails its own caller; any other failure (locked by
        another process, disk full) fails the whole batch once. A cancelled caller whose move is already in a
        batch waits for that batch (its game's lock is still held); one not yet picked up withdraws it."""
        self._check_open()
        item = _Append((game_id, seq, seat, user_id, move, now, snapshot, meta, post),
                       asyncio.get_running_loop().create_future())
        self._pending.append(item)
        self._track(game_id, item.future)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_appends())
            self._flusher.add_done_callback(_consume)
        try:
            await asyncio.shield(item.future)
        except asyncio.CancelledError:
            if not item.taken:
                self._pending.remove(item)
                item.future.cancel()
                raise
            await asyncio.wait([item.future])
            raise

    async def _flush_appends(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            for item in batch:
                item.taken = True
            try:
                await self._commit_batch(batch)
            except BaseException as error:
                # Something beyond one bad row (the connection itself): no caller may be left waiting.
                self._settle(batch, _translate(error) if isinstance(error, DB_ERRORS)
                             else errors.StorageError(reason=repr(error)))
                if not isinstance(error, Exception):
                    raise

    async def _commit_batch(self, batch: list[_Append]) -> None:
        """Commit the batch in one transaction. Only a constraint failure (one row's fault) is worth retrying
        move by move; anything else (the file locked by another process, disk full, I/O error, damage, a lost
        server) would fail every retry the same way, so the whole batch fails at once with the same error."""
        async with (self._lock if self.sqlite else contextlib.nullcontext()):
            try:
                await self._append_batch([item.params for item in batch])
            except DB_ERRORS as error:
                if len(batch) == 1 or not self._row_fault(error):
                    self._settle(batch, _translate(error))
                    return
            else:
                self._settle(batch, None)
                return
            for index, item in enumerate(batch):
                try:
                    await self._append_batch([item.params])
                except DB_ERRORS as error:
                    if not self._row_fault(error):      # the file, not the row: the rest fail alike
                        self._settle(batch[index:], _translate(error))
                        return
                    self._settle([item], _translate(error))
                else:
                    self._settle([item], None)

    def _row_fault(self, error: BaseException) -> bool:
        """A failure that is one move's fault (a constraint, a stale version, a deadlock or serialisation
        failure between two processes' batches), not the connection's or the file's."""
        cause = _driver_error(error)
        if self.sqlite:
            return isinstance(cause, sqlite3.IntegrityError)
        return str(getattr(cause, "sqlstate", None) or "")[:2] in ("23", "40", "RB")

    @staticmethod
    def _settle(items: list[_Append], error: BaseException | None) -> None:
        for item in items:
            if item.future.done():
                continue
            if error is None:
                item.future.set_result(None)
            else:
                item.future.set_exception(error)

    async def _append_batch(self, rows: list[tuple]) -> None:
        """The batch in one transaction, each move still ONE statement the database checks.

        This is every move's path, so it talks to the driver's own connection (sqlite3 through aiosqlite,
        asyncpg) with plain tuples: SQLAlchemy's per-call work (a greenlet switch, compiling and processing
        parameters row by row) cost about half the throughput here, and the drivers cache the statements
        themselves (sqlite3's statement cache, asyncpg's prepared statements). The SQL is still the one
        written above (``_driver_sql`` only swaps the placeholders)."""
        if not self.sqlite:
            await self._pg_append(rows)
            return
        db = self._db                           # the writer's aiosqlite connection, under self._lock
        plain = [row[:7] for row in rows if row[7] is None and row[8] is None]
        full = [row for row in rows if row[7] is not None or row[8] is not None]
        if len(rows) == 1:                      # one statement: no explicit transaction, one round trip
            await (db.execute(SQLITE_LEAN, plain[0]) if plain else db.execute(SQLITE_APPEND, full[0]))
            return
        try:
            await db.execute("BEGIN IMMEDIATE")
            if plain:
                await db.executemany(SQLITE_LEAN, plain)
            if full:
                await db.executemany(SQLITE_APPEND, full)
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise

    async def _pg_append(self, rows: list[tuple]) -> None:
        """PostgreSQL: one statement (a batch: ``PG_BATCH_SQL``, arrays in) on the connection the group
        commit keeps checked out (one flusher at a time uses it), so a batch costs no pool round trip. A
        failure that is not one move's fault drops that connection; the next batch checks out another."""
        if self._appender is None:
            conn = await self._engine.connect()
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            self._appender = (conn, (await conn.get_raw_connection()).driver_connection)
        conn, raw = self._appender
        try:
            if len(rows) == 1:
                await raw.execute(PG_APPEND, *rows[0])
            else:                               # one lock order across processes: fewer deadlocks
                await raw.execute(PG_BATCH, *map(list, zip(*sorted(rows, key=lambda row: row[0]))))
        except BaseException as error:
            wrapped = DBAPIError(None, None, error) if type(error).__module__.startswith("asyncpg") else error
            if not (isinstance(wrapped, Exception) and self._row_fault(wrapped)):
                self._appender = None           # a lost server, a timeout, a cancelled call: never reuse it
                with contextlib.suppress(Exception):
                    await conn.invalidate()
                    await conn.close()
            if wrapped is error:
                raise
            raise wrapped from error

    async def append_final_move(self, *, game_id: int, seq: int, seat: int, user_id: int | None, move: str,
                                snapshot: str, now: float, results: Iterable[SeatResult],
                                seat_users: dict[int, int | None], final_score: str, meta: str | None = None,
                                post: str | None = None, rated: Sequence[RatedSeat] = ()) -> None:
        """The last move, the finished status, every seat's result, the rating changes of the seats in ``rated``
        (``_rate``), the metadata and the final post: one transaction."""
        rows = [{"g": game_id, "s": r.seat, "u": seat_users.get(r.seat), "t": r.total, "p": r.place}
                for r in results]
        params = dict(zip(MOVE_PARAMS, (game_id, seq, seat, user_id, move, now, snapshot, meta, post)))

        async def work(db):
            await db.execute(APPEND_SQL[self.dialect], params)
            await db.execute("UPDATE games SET status = 'finished', finished_at = :now, final_score = :score"
                             " WHERE id = :g", {"g": game_id, "now": now, "score": final_score})
            await db.executemany("INSERT INTO results (game_id, seat, user_id, total, place)"
                                 " VALUES (:g, :s, :u, :t, :p)", rows)
            if ratings.is_rated(rated):
                await self._rate(db, game_id, rated, now)
        await self._write(work, game_id=game_id)

    async def _rate(self, db: Db, game_id: int, rated: Sequence[RatedSeat], now: float,
                    only: int | None = None) -> None:
        """Rate a finished game's players (``bot.engine.ratings``) in its final transaction: the ratings they
        had, read under that transaction's write lock (SQLite's BEGIN IMMEDIATE; PostgreSQL: per-player
        advisory locks, taken in id order, so two games finishing at once for one player cannot both start
        from her old rating), give the new ones; ``rating_changes``' key (game, seat) makes a second rating of
        one game fail the whole transaction. ``only``: rate that player alone (a player who handed their seat away
        while the game goes on for the others, who are rated at its end)."""
        game = (await db.fetch("SELECT kind, meta FROM games WHERE id = :g", {"g": game_id}))[0]
        kind = game.kind
        # a player's seat the bot played for them most of the game is rated as a bot's (``without_stand_ins``)
        rated = ratings.without_stand_ins(rated, bot_moves(await db.fetch(SEAT_MOVES_SQL, {"g": game_id}), game.meta))
        if not ratings.is_rated(rated):
            return
        users = sorted({s.user_id for s in rated if s.user_id is not None})
        if not self.sqlite:
            await db.execute(f"SELECT pg_advisory_xact_lock({RATING_LOCK}, (u % 2147483647)::integer)"
                             " FROM unnest(CAST(:ids AS bigint[])) AS u ORDER BY u", {"ids": users})
        old = {r.user_id: Rating(r.mu, r.sigma, r.games) for r in await db.fetch(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE kind = :k AND user_id IN :ids",
            {"k": kind, "ids": users}, expanding=("ids",))}
        new = ratings.rate(rated, old)
        if only is not None:
            new = {u: r for u, r in new.items() if u == only}
        await db.executemany(
            "INSERT INTO ratings (user_id, kind, mu, sigma, games, shown, updated_at)"
            " VALUES (:u, :k, :mu, :sigma, :n, :shown, :now) ON CONFLICT (user_id, kind) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, shown = excluded.shown,"
            " updated_at = excluded.updated_at",
            [{"u": u, "k": kind, "mu": r.mu, "sigma": r.sigma, "n": r.games, "shown": r.shown, "now": float(now)}
             for u, r in sorted(new.items())])
        await db.executemany(
            "INSERT INTO rating_changes (game_id, seat, user_id, shown_before, shown_after, games)"
            " VALUES (:g, :s, :u, :b, :a, :n)",
            [{"g": game_id, "s": s.seat, "u": s.user_id, "b": old.get(s.user_id, Rating()).shown,
              "a": new[s.user_id].shown, "n": new[s.user_id].games} for s in rated if s.user_id in new])

    async def append_undo(self, *, game_id: int, seq: int, seat: int, user_id: int | None, undoes: int,
                          snapshot: str, now: float, meta: str | None = None, post: str | None = None) -> None:
        """Append an undo entry taking back move ``undoes``; ``snapshot`` is the state before that move. One
        statement: the database checks the sequence and the named move (``StaleMove``)."""
        await self._exec(UNDO_SQL[self.dialect], dict(zip(MOVE_PARAMS, (game_id, seq, seat, user_id, undoes, now,
                                                                          snapshot, meta, post))), game_id=game_id)

    async def end_game(self, game_id: int, status: str, now: float, rated: Sequence[RatedSeat] = ()) -> None:
        """End an open game without results (``status``: abandoned); with ``rated``, its seats' places, the rating
        changes they make (``_rate``: a rated game abandoned by a player, who forfeits it) and those places as its
        results, without a score, in the same transaction: stats count such a game as played, lost by the one who
        left and won by the others, as the ratings do (a player read "rated games: 3" beside "Played: 2")."""
        async def work(db):
            if (await db.execute("UPDATE games SET status = :st, finished_at = :now, updated_at = :now"
                                 " WHERE id = :g AND status IN ('lobby', 'active')",
                                 {"g": game_id, "st": status, "now": now})).rowcount != 1:
                raise errors.GameNotActive(game_id=game_id)
            if ratings.is_rated(rated):
                await db.executemany("INSERT INTO results (game_id, seat, user_id, total, place)"
                                     " VALUES (:g, :s, :u, NULL, :p)",
                                     [{"g": game_id, "s": r.seat, "u": r.user_id, "p": r.place} for r in rated])
                await self._rate(db, game_id, rated, now)
        await self._write(work, transaction=bool(rated), game_id=game_id)
        self._lobby_seats.pop(game_id, None)

    async def note_reminder(self, game_id: int, now: float) -> None:
        await self._exec("UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = :now WHERE id = :g",
                         {"g": game_id, "now": now}, game_id=game_id)

    async def set_game_meta(self, game_id: int, meta: dict, post: str | None = None, seq: int = 0,
                            now: float = 0.0, seat_names: Mapping[int, str] | None = None) -> None:
        """The game's new metadata; with ``post`` (an outbox post, numbered ``seq``) and ``seat_names`` (seats'
        new names: the bots' in a language the game changed to), all in one transaction."""
        if post is None and not seat_names:
            await self._exec(META_SQL, {"g": game_id, "meta": dump_json(meta)}, game_id=game_id)
            return

        async def work(db):
            await self._rename_seats(db, game_id, seat_names)
            await self._bookkeeping(db, game_id, seq, now, dump_json(meta), post)
        await self._write(work, game_id=game_id)
        seen = self._lobby_seats.get(game_id)
        if seat_names and seen is not None:      # a lobby's seats as this process now knows them
            self._remember_seats(game_id, ((s, u, seat_names.get(s, n), ai) for s, u, n, ai in seen))

    async def hand_over_seat(self, game_id: int, seat: int, former: int, user_id: int, name: str, now: float, *,
                             meta: str | None = None, post: str | None = None, rated: Sequence[RatedSeat] = (),
                             rated_user: int | None = None, seq: int = 0) -> None:
        """A seat of a game in play changes hands (``SessionManager.hand_over``): its new holder and name, the
        game's metadata and post, and the former holder's forfeit (``rated``, of whom only ``rated_user`` is
        rated now: the game goes on for the others), in one transaction. The seat must still be ``former``'s (another
        process may have handed it meanwhile): ``StaleMove``, nothing written."""
        async def work(db):
            lock = "" if self.sqlite else " FOR UPDATE"
            rows = await db.fetch(f"SELECT user_id FROM seats WHERE game_id = :g AND seat = :s{lock}",
                                  {"g": game_id, "s": seat})
            if not rows or rows[0][0] != former:
                raise errors.StaleMove(game_id=game_id)
            await db.execute("UPDATE seats SET user_id = :u, name = :n WHERE game_id = :g AND seat = :s",
                             {"g": game_id, "s": seat, "u": user_id, "n": name})
            await db.execute("UPDATE games SET updated_at = :now WHERE id = :g", {"g": game_id, "now": now})
            if ratings.is_rated(rated):
                await self._rate(db, game_id, rated, now, only=rated_user)
            await self._bookkeeping(db, game_id, seq, now, meta, post)
        await self._write(work, game_id=game_id)

    # -------------------------------------------------------------------------------- games: reads

    async def game_row(self, game_id: int) -> tuple[Row, list[Row]] | None:
        if not _storable_id(game_id):
            self._check_open()
            return None               # no such game can exist (and the database could not even bind it)
        await self._writes_settled(game_id)

        async def work(db):
            rows = await db.fetch(GAME_SQL, {"g": game_id})
            return (rows[0], await db.fetch(SEATS_SQL, {"g": game_id})) if rows else None
        found = await self._read_together(work, snapshot=not self.sqlite)
        if found is not None and found[0].status == LOBBY:
            self._remember_seats(game_id, found[1])
        return found

    async def open_game_id(self, channel_id: int) -> int | None:
        return await self._read_one("SELECT id FROM games WHERE channel_id = :c AND status IN ('lobby', 'active')",
                                    {"c": channel_id})

    async def game_ids(self, statuses: Iterable[str] | None = None) -> list[int]:
        """Ids of the games (of these statuses) this process serves (``scope``), oldest first."""
        which = "TRUE" if statuses is None else "status IN :st"
        rows = await self._read(f"SELECT id FROM games WHERE {which}{scope_sql(self.scope)} ORDER BY id",
                                {"st": list(statuses or ())}, expanding=() if statuses is None else ("st",))
        return [r[0] for r in rows]

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """Every entry of a game's log, oldest first: moves, and undo entries (``undoes`` set)."""
        await self._writes_settled(game_id)
        return _moves(await self._read(MOVES_SQL, {"g": game_id}))

    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first."""
        rows = await self._read(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = :g ORDER BY seq DESC LIMIT :n",
                                {"g": game_id, "n": max(0, int(limit))})
        return _moves(reversed(rows))

    async def moves_between(self, game_id: int, after: int, upto: int) -> list[MoveRecord]:
        """The moves logged after version ``after`` up to version ``upto``, oldest first: what changed between the
        version a menu was built for and the one the caller loaded, however many were logged since."""
        rows = await self._read(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = :g AND seq > :a AND seq <= :b"
                                " ORDER BY seq", {"g": game_id, "a": int(after), "b": int(upto)})
        return _moves(rows)

    async def game_for_replay(self, game_id: int) -> tuple[Row, int, list[MoveRecord]] | None:
        """Game row, seat count and move log from one moment of the database, so they agree with each other
        even while bot processes keep writing."""
        await self._writes_settled(game_id)

        async def work(db):
            rows = await db.fetch(GAME_SQL.replace(" FROM games", ", (SELECT count(*) FROM seats WHERE game_id = :g)"
                                                   " AS seat_count FROM games"), {"g": game_id})
            return (rows[0], rows[0].seat_count, _moves(await db.fetch(MOVES_SQL, {"g": game_id}))) if rows else None
        return await self._read_together(work)

    async def finished_results(self, *, user_id: int | None = None, guild_id: int | None = None,
                               kind: str | None = None, since: float | None = None,
                               limit: int | None = None) -> list[ResultRow]:
        """Every seat's result of the games over (finished, or forfeited: ``RESULT_GAMES``), newest first."""
        where = [RESULT_GAMES]
        params: dict[str, Any] = {}
        for name, condition, value in (("u", "r.user_id =", user_id), ("gu", "g.guild_id =", guild_id),
                                       ("k", "g.kind =", kind), ("since", "g.finished_at >=", since)):
            if value is not None:
                where.append(f"{condition} :{name}")
                params[name] = float(value) if name == "since" else value
        sql = f"{RESULT_SELECT} WHERE {' AND '.join(where)} ORDER BY g.finished_at DESC, r.game_id DESC, r.seat"
        if limit is not None:
            sql += " LIMIT :n"
            params["n"] = int(limit)
        return _results(await self._read(sql, params))

    async def last_game_id(self, channel_id: int, kind: str | None = None) -> int | None:
        """The newest game (of ``kind``, when given) that was played in a channel (open or over; lobbies that
        never started aside)."""
        of_kind = "" if kind is None else " AND kind = :k"
        return await self._read_one(f"SELECT id FROM games WHERE channel_id = :c AND started_at IS NOT NULL{of_kind}"
                                    " ORDER BY id DESC LIMIT 1", {"c": channel_id, "k": kind})

    async def board_results(self, *, guild_id: int, kind: str, since: float | None = None) -> list[ResultRow]:
        """``finished_results`` rows of a server's leaderboard: the games played in it, and the solo games
        (in DMs) of the players seen in it."""
        return _results(await self._read(
            f"{RESULT_SELECT} WHERE {RESULT_GAMES} AND g.kind = :k AND g.finished_at >= :since"
            " AND (g.guild_id = :gu OR (g.guild_id IS NULL AND r.user_id IN"
            "      (SELECT user_id FROM player_guilds WHERE guild_id = :gu)))"
            " ORDER BY g.finished_at DESC, r.game_id DESC, r.seat",
            {"k": kind, "since": -1e300 if since is None else float(since), "gu": guild_id}))

    async def stood_in_seats(self, game_id: int) -> set[int]:
        """The seats of ``game_id`` whose moves the bot played more than half of for their player (a bot seat's
        moves carry no user either: the caller tells them apart), as ratings and stats count them."""
        async def work(db):
            game = await db.fetch("SELECT meta FROM games WHERE id = :g", {"g": game_id})
            meta = game[0].meta if game else None
            return bot_moves(await db.fetch(SEAT_MOVES_SQL, {"g": game_id}), meta)
        return {seat for seat, (n, by_bot) in (await self._read_together(work)).items()
                if ratings.played_by_bot(n, by_bot)}

    async def ratings_of(self, user_id: int) -> dict[str, Rating]:
        """A player's current rating per game kind (kinds never rated absent)."""
        rows = await self._read("SELECT kind, mu, sigma, games FROM ratings WHERE user_id = :u ORDER BY kind",
                                {"u": user_id})
        return {r.kind: Rating(r.mu, r.sigma, r.games) for r in rows}

    async def rating_board(self, *, guild_id: int, kind: str, limit: int) -> list[tuple[str, Rating]]:
        """(name, rating) of the best ``limit`` rated players of a kind among those seen in a server:
        established players by shown rating, then the provisional ones (``ratings.PROVISIONAL_GAMES``); a name
        is the one of the player's latest seat, else (a player who handed their only seat away: it is someone
        else's now) the one they had when they handed it (:meth:`handed_name`)."""
        rows = await self._read(
            "SELECT r.user_id, r.mu, r.sigma, r.games, (SELECT s.name FROM seats s WHERE s.user_id = r.user_id"
            "   ORDER BY s.game_id DESC LIMIT 1) AS name"
            " FROM ratings r JOIN player_guilds p ON p.user_id = r.user_id AND p.guild_id = :gu"
            " WHERE r.kind = :k ORDER BY r.games < :prov, r.shown DESC, r.user_id LIMIT :n",
            {"gu": guild_id, "k": kind, "prov": ratings.PROVISIONAL_GAMES, "n": int(limit)})
        return [(r.name or await self.handed_name(r.user_id) or "?", Rating(r.mu, r.sigma, r.games)) for r in rows]

    async def handed_name(self, user_id: int) -> str | None:
        """The name a player had in the latest game they were rated in and handed their seat away in (its seat row
        names its holder now; the game's hand-over marks keep theirs, ``TableMeta.handed_at``). None: none known."""
        rows = await self._read("SELECT g.meta FROM rating_changes c JOIN games g ON g.id = c.game_id"
                                " WHERE c.user_id = :u ORDER BY c.game_id DESC LIMIT 8", {"u": user_id})
        for row in rows:
            table = table_of(row.meta)
            for seat, formers in table.handed.items():
                marks = table.handed_at.get(seat, ())
                names = [marks[i][1] for i, former in enumerate(formers) if former == user_id and i < len(marks)]
                if any(names):
                    return next(name for name in names if name)
        return None

    async def rating_changes(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """What a finished game did to its rated seats' ratings: {seat: (shown before, shown after, games)}."""
        rows = await self._read("SELECT seat, shown_before, shown_after, games FROM rating_changes"
                                " WHERE game_id = :g ORDER BY seat", {"g": game_id})
        return {r.seat: (r.shown_before, r.shown_after, r.games) for r in rows}

    async def note_player_guild(self, user_id: int, guild_id: int, now: float) -> None:
        await self._exec("INSERT INTO player_guilds (user_id, guild_id, seen_at) VALUES (:u, :gu, :now)"
                         " ON CONFLICT DO NOTHING", {"u": user_id, "gu": guild_id, "now": now})

    async def forget_user(self, user_id: int, name: str) -> list[int]:
        """Anonymise a player in every game that is over: their seats get ``name`` and no user id, their
        results and moves lose the user id (totals and places stay), a game they created names creator 0;
        the servers they were seen in, their settings, away periods, pending turn notices, daily attempts,
        ratings and places in a table queue are forgotten (their games' rating changes lose the user id). Open
        games are not touched. Returns the games changed."""
        async def work(db):
            ids = [r[0] for r in await db.fetch(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE s.user_id = :u AND g.status IN ('finished', 'abandoned') ORDER BY s.game_id", {"u": user_id})]
            over = "(SELECT id FROM games WHERE status IN ('finished', 'abandoned'))"
            params = {"u": user_id, "n": name}
            await db.execute(f"UPDATE seats SET user_id = NULL, name = :n WHERE user_id = :u AND game_id IN {over}",
                             params)
            for table in ("results", "moves"):
                await db.execute(f"UPDATE {table} SET user_id = NULL WHERE user_id = :u AND game_id IN {over}",
                                 params)
            await db.execute(f"UPDATE games SET creator_id = 0 WHERE creator_id = :u AND id IN {over}", params)
            await db.execute("UPDATE rating_changes SET user_id = NULL WHERE user_id = :u", params)
            for table in ("player_guilds", "player_prefs", "away_periods", "notices", "daily_attempts", "ratings",
                          "find_queue"):
                await db.execute(f"DELETE FROM {table} WHERE user_id = :u", params)
            return ids
        return await self._write(work)

    async def games_of_user(self, user_id: int, finished_since: float, *, limit: int = 100,
                            offset: int = 0) -> list[UserGame]:
        """The games ``user_id`` sits in that are open, or ended at ``finished_since`` or later (finished, or
        abandoned: a player away meanwhile learns that way what became of theirs): open ones first, newest first,
        then the ended ones, last ended first; ``limit`` of them from ``offset`` on (one query, ``GAMES_OF_USER``)."""
        rows = await self._read(GAMES_OF_USER, {"u": user_id, "since": float(finished_since),
                                                "n": max(0, int(limit)), "o": max(0, int(offset))})
        return [from_row(UserGame, r, json_text=("meta", "options")) for r in rows]

    # ------------------------------------------------------------------------------------ players

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, PlayerPrefs]:
        """The settings of each player, by user id (``PlayerPrefs``' defaults for one who never set any)."""
        ids = sorted(set(user_ids))
        rows = await self._read(f"SELECT {PREFS_COLUMNS} FROM player_prefs WHERE user_id IN :ids", {"ids": ids},
                                expanding=("ids",)) if ids else []
        found = {r.user_id: from_row(PlayerPrefs, r, flags=("dm_closed_told",)) for r in rows}
        return {u: found.get(u, PlayerPrefs(u)) for u in ids}

    async def get_prefs(self, user_id: int) -> PlayerPrefs:
        return (await self.prefs_of([user_id]))[user_id]

    async def set_prefs(self, user_id: int, **changes: Any) -> PlayerPrefs:
        """Change some of a player's settings (``PlayerPrefs`` fields; quiet hours as the pair ``quiet_start``,
        ``quiet_end``) and return them all. ``PrefsRefused`` (``bot.engine.away.check_prefs``) for a bad one,
        nothing changed. One statement, writing only the settings given, so concurrent changes of different
        settings (a player's choice, the courier noting closed DMs) do not undo each other."""
        changes = check_prefs(changes)
        names = schema.player_prefs.c.keys()
        row = {name: getattr(PlayerPrefs(user_id), name) for name in names} | changes
        update = ", ".join(f"{name} = excluded.{name}" for name in changes or ("user_id",))
        rows = await self._write(lambda db: db.fetch(
            f"INSERT INTO player_prefs ({PREFS_COLUMNS}) VALUES ({', '.join(':' + n for n in names)})"
            f" ON CONFLICT (user_id) DO UPDATE SET {update} RETURNING {PREFS_COLUMNS}", row), transaction=False)
        return from_row(PlayerPrefs, rows[0], flags=("dm_closed_told",))

    async def note_locale(self, user_id: int, locale: str) -> None:
        """Remember the language a player's client uses, for the direct messages the bot sends them. Only a
        player with settings (a row: they chose how to hear of their turns with ``/notify``) is written, and
        only when it changed: everyone else is never sent a direct message, and no click adds a row."""
        await self._exec("UPDATE player_prefs SET locale = :l WHERE user_id = :u AND (locale IS NULL OR locale <> :l)",
                         {"u": user_id, "l": locale})

    async def add_away(self, user_id: int, starts_at: float, ends_at: float, now: float) -> AwayPeriod:
        """Record that the player is away from ``starts_at`` until ``ends_at``; ``AwayRefused`` when the rules
        (``bot.engine.away.check_away``) refuse it, nothing written. The check and the write are one
        transaction, under a per-player lock on PostgreSQL (SQLite's BEGIN IMMEDIATE excludes other writers)."""
        period = AwayPeriod(user_id, float(starts_at), float(ends_at))

        async def work(db):
            if not self.sqlite:
                await db.execute(f"SELECT pg_advisory_xact_lock({AWAY_LOCK},"
                                 " (CAST(:u AS bigint) % 2147483647)::integer)", {"u": user_id})
            near = await self._away(db, user_id, period.starts_at - WINDOW_S, period.ends_at + WINDOW_S)
            check_away(period.starts_at, period.ends_at, float(now), [(p.starts_at, p.ends_at) for p in near])
            await db.execute("INSERT INTO away_periods (user_id, starts_at, ends_at) VALUES (:u, :s, :e)",
                             {"u": user_id, "s": period.starts_at, "e": period.ends_at})
        await self._write(work)
        return period

    async def end_away(self, user_id: int, now: float) -> AwayPeriod | None:
        """The player is back: the period running at ``now`` ends now (one that starts at ``now`` goes). Returns
        it as it now stands, None when the player was not away. Coming periods stay."""
        params = {"u": user_id, "now": float(now)}

        async def work(db):
            rows = await db.fetch(f"DELETE FROM away_periods WHERE user_id = :u AND starts_at = :now"
                                  f" RETURNING {AWAY_COLUMNS}", params)
            rows += await db.fetch(f"UPDATE away_periods SET ends_at = :now WHERE user_id = :u"
                                   f" AND starts_at < :now AND ends_at > :now RETURNING {AWAY_COLUMNS}", params)
            return rows
        rows = await self._write(work)
        return AwayPeriod(user_id, rows[0].starts_at, float(now)) if rows else None

    async def current_away(self, user_ids: Iterable[int], now: float) -> dict[int, AwayPeriod]:
        """The period each of these players is away in at ``now``, by user id (those not away are left out)."""
        ids = sorted(set(user_ids))
        rows = await self._read(f"SELECT {AWAY_COLUMNS} FROM away_periods WHERE user_id IN :ids"
                                " AND ends_at > :now AND starts_at <= :now", {"ids": ids, "now": float(now)},
                                expanding=("ids",)) if ids else []
        return {r.user_id: from_row(AwayPeriod, r) for r in rows}

    async def away_periods(self, user_id: int, since: float, until: float) -> list[AwayPeriod]:
        """The player's periods that overlap [``since``, ``until``), oldest first."""
        return await self._read_together(lambda db: self._away(db, user_id, since, until), snapshot=False)

    @staticmethod
    async def _away(db: Db, user_id: int, since: float, until: float) -> list[AwayPeriod]:
        return [from_row(AwayPeriod, r) for r in await db.fetch(
            f"SELECT {AWAY_COLUMNS} FROM away_periods WHERE user_id = :u AND ends_at > :since AND starts_at < :until"
            " ORDER BY starts_at", {"u": user_id, "since": float(since), "until": float(until)})]

    async def add_notices(self, user_ids: Iterable[int], game_id: int, due_at: float, now: float) -> None:
        """Owe each of these players a direct message about ``game_id`` from ``due_at`` on; one already owed
        for the game stays as it is."""
        rows = [{"u": u, "g": game_id, "now": float(now), "due": float(due_at)} for u in sorted(set(user_ids))]
        if rows:
            await self._write(lambda db: db.executemany(
                "INSERT INTO notices (user_id, game_id, created_at, due_at) VALUES (:u, :g, :now, :due)"
                " ON CONFLICT DO NOTHING", rows))

    async def users_with_due_notices(self, now: float) -> list[int]:
        """The players owed a notice that is due at ``now``, the longest waiting first."""
        rows = await self._read("SELECT user_id FROM notices GROUP BY user_id HAVING min(due_at) <= :now"
                                " ORDER BY min(due_at), user_id", {"now": float(now)})
        return [r.user_id for r in rows]

    async def hold_notices(self, user_id: int, until: float) -> None:
        """Hold every notice owed to the player until ``until`` (their quiet hours end then)."""
        await self._exec("UPDATE notices SET due_at = :until WHERE user_id = :u AND due_at < :until",
                         {"u": user_id, "until": float(until)})

    async def claim_notices(self, user_id: int) -> list[int]:
        """Take every notice owed to the player (due or still gathering), by deleting them: of several
        processes only one gets them, and a crash before the message is sent loses them rather than sending
        them twice. Returns their games, oldest notice first."""
        rows = await self._write(lambda db: db.fetch(
            "DELETE FROM notices WHERE user_id = :u RETURNING game_id, created_at", {"u": user_id}),
            transaction=False)
        return [r.game_id for r in sorted(rows, key=lambda r: (r.created_at, r.game_id))]

    async def add_daily_attempt(self, user_id: int, kind: str, day: str, game_id: int) -> None:
        """Record ``game_id`` as the player's attempt at the kind's daily of ``day`` (one per player, kind, day)."""
        await self._exec("INSERT INTO daily_attempts (user_id, kind, day, game_id) VALUES (:u, :k, :d, :g)",
                         {"u": user_id, "k": kind, "d": day, "g": game_id})

    async def daily_attempt(self, user_id: int, kind: str, day: str) -> int | None:
        """The game of the player's attempt at the kind's daily of ``day``, if any."""
        return await self._read_one("SELECT game_id FROM daily_attempts WHERE user_id = :u AND kind = :k AND day = :d",
                                    {"u": user_id, "k": kind, "d": day})

    async def daily_day_of(self, game_id: int) -> str | None:
        """The day whose daily challenge ``game_id`` is an attempt at (None: not a daily game)."""
        return await self._read_one("SELECT day FROM daily_attempts WHERE game_id = :g", {"g": game_id})

    async def daily_open(self, kind: str, day: str, user_id: int | None = None) -> bool:
        """Whether an attempt at the kind's daily of ``day`` (of one player, or anyone's) is still being played:
        its game is a lobby or in play (a daily started before midnight goes on into the next day)."""
        mine = " AND d.user_id = :u" if user_id is not None else ""
        return await self._read_one(
            "SELECT 1 FROM daily_attempts d JOIN games g ON g.id = d.game_id AND g.status IN ('lobby', 'active')"
            f" WHERE d.kind = :k AND d.day = :d{mine} LIMIT 1", {"k": kind, "d": day, "u": user_id}) is not None

    async def daily_results(self, kind: str, since_day: str, user_id: int | None = None) -> list[Row]:
        """The finished daily games of ``kind`` from ``since_day`` on (of one player, or everyone's): ``day``,
        ``user_id``, ``game_id``, ``name``, ``total`` and ``place`` of the player's seat, the game's ``options``
        (JSON text) and ``finished_at`` (a board's ties: who finished first), oldest day first."""
        return await self._read(
            "SELECT d.day, d.user_id, d.game_id, s.name, r.total, r.place, g.options, g.finished_at"
            " FROM daily_attempts d"
            " JOIN games g ON g.id = d.game_id AND g.status = 'finished'"
            " JOIN results r ON r.game_id = d.game_id AND r.seat = 0"
            " JOIN seats s ON s.game_id = d.game_id AND s.seat = 0"
            f" WHERE d.kind = :k AND d.day >= :since{' AND d.user_id = :u' if user_id is not None else ''}"
            " ORDER BY d.day, d.game_id", {"k": kind, "since": since_day, "u": user_id})

    # ------------------------------------------------------------------------------------ table queue

    async def queue_entries(self, guild_id: int, now: float, kind: str | None = None) -> list[Row]:
        """The server's waiting players (of one kind, or all), first come first; expired entries left out."""
        where = " AND kind = :k" if kind is not None else ""
        return await self._read(
            f"SELECT * FROM find_queue WHERE guild_id = :gu AND expires_at > :now{where}"
            " ORDER BY kind, players, pace, queued_at, user_id",
            {"gu": guild_id, "now": float(now), "k": kind})

    async def queue_entry(self, guild_id: int, user_id: int, now: float) -> Row | None:
        """The player's place in the server's queue, unless it expired."""
        rows = await self._read("SELECT * FROM find_queue WHERE guild_id = :gu AND user_id = :u AND expires_at > :now",
                                {"gu": guild_id, "u": user_id, "now": float(now)})
        return rows[0] if rows else None

    async def leave_queue(self, guild_id: int, user_id: int, now: float) -> bool:
        """Take the player out of the server's queue; False when they were not (or no longer) waiting."""
        return await self._exec("DELETE FROM find_queue WHERE guild_id = :gu AND user_id = :u AND expires_at > :now",
                                {"gu": guild_id, "u": user_id, "now": float(now)}) > 0

    async def queue_and_match(self, entry: dict[str, Any], now: float) -> list[Row]:
        """Put ``entry`` (``find_queue``'s columns but the times; ``expires_at`` included) in its server's queue
        and, in the same transaction, look for a table: the oldest waiting players of the same kind, seat count
        and pace, each rating within every other's range (``rating_range``, None: anyone). A table found is
        claimed by deleting its entries, all of them or nothing (the transaction fails if one is gone), so no
        player is ever seated by two matches, whichever process decides them; on PostgreSQL a per-server
        advisory lock lets one match be decided at a time. Returns the table's entries, first come first (the
        new entry last), or [] while the player waits. Expired entries of the server are dropped on the way."""
        values = {**entry, "queued_at": float(now), "expires_at": float(entry["expires_at"])}

        async def work(db):
            if not self.sqlite:
                await db.execute(f"SELECT pg_advisory_xact_lock({FIND_LOCK}, (CAST(:gu AS bigint) % 2147483647)"
                                 "::integer)", {"gu": values["guild_id"]})
            await db.execute("DELETE FROM find_queue WHERE guild_id = :gu AND (expires_at <= :now OR user_id = :u)",
                             {"gu": values["guild_id"], "now": float(now), "u": values["user_id"]})
            await db.execute(QUEUE_SQL, values)
            waiting = await db.fetch(
                "SELECT * FROM find_queue WHERE guild_id = :gu AND kind = :k AND players = :p AND pace = :pace"
                " AND user_id <> :u ORDER BY queued_at, user_id",
                {"gu": values["guild_id"], "k": values["kind"], "p": values["players"], "pace": values["pace"],
                 "u": values["user_id"]})
            table = pick_table(values, waiting)
            if not table:
                return []
            ids = [row["user_id"] for row in table]
            taken = await db.fetch("DELETE FROM find_queue WHERE guild_id = :gu AND user_id IN :ids RETURNING *",
                                   {"gu": values["guild_id"], "ids": ids}, expanding=("ids",))
            if len(taken) != len(ids):          # someone else seated one of them: decide nothing
                raise errors.QueueChanged()
            by_user = {row.user_id: dict(row._mapping) for row in taken}
            return [by_user[u] for u in ids]
        return await self._write(work)

    async def requeue(self, entries: Sequence[dict[str, Any]]) -> None:
        """Put claimed entries back as they were (their table could not be opened); a player who queued again
        meanwhile keeps the new place."""
        await self._write(lambda db: db.executemany(QUEUE_SQL + " ON CONFLICT DO NOTHING", [dict(e) for e in entries]))

    async def guilds_of(self, user_ids: Iterable[int]) -> dict[int, set[int]]:
        """The servers each of these players was seen in (``player_guilds``)."""
        ids = sorted(set(user_ids))
        rows = await self._read("SELECT user_id, guild_id FROM player_guilds WHERE user_id IN :ids", {"ids": ids},
                                expanding=("ids",)) if ids else []
        found: dict[int, set[int]] = {}
        for row in rows:
            found.setdefault(row.user_id, set()).add(row.guild_id)
        return found

    async def games_needing_reminder(self, now: float, interval_s: float, max_reminders: int
                                     ) -> list[ReminderDue]:
        """Games in play where nobody moved (and nobody was reminded) for ``interval_s``, and fewer than
        ``max_reminders`` reminders went out since the last move. Survives restarts: it is all in the DB."""
        rows = await self._read(
            "SELECT id AS game_id, guild_id, channel_id, kind, version, reminder_count, last_activity_at, meta"
            " FROM games WHERE status = 'active' AND reminder_count < :n"
            " AND last_activity_at <= :t AND COALESCE(last_reminder_at, 0) <= :t"
            f"{scope_sql(self.scope)} ORDER BY last_activity_at", {"n": max_reminders, "t": now - interval_s})
        return [from_row(ReminderDue, r, json_text=("meta",)) for r in rows]

    async def claim_reminder(self, game_id: int, version: int, reminder_count: int, now: float) -> bool:
        """Count a reminder for the game as it was seen (``version``, ``reminder_count``); False when another
        process counted it first or a move came in meanwhile, so only one process sends each reminder."""
        return await self._exec("UPDATE games SET reminder_count = reminder_count + 1, last_reminder_at = :now"
                                " WHERE id = :g AND status = 'active' AND version = :v AND reminder_count = :c",
                                {"g": game_id, "now": now, "v": version, "c": reminder_count}, game_id=game_id) == 1

    async def claim_lease(self, name: str, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None) -> bool:
        """Take or renew the lease ``name`` for ``owner`` until ``now + lease_s``; False while another owner
        holds it. One statement: of two processes racing for a free lease one wins."""
        at = time.time() if now is None else float(now)
        return await self._exec("INSERT INTO leases (name, owner, until) VALUES (:name, :owner, :until)"
                                " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until"
                                " WHERE leases.owner = excluded.owner OR leases.until <= :at",
                                {"name": name, "owner": owner, "until": at + lease_s, "at": at}) == 1

    async def release_claims(self, owner: str) -> None:
        """Give up every lease and post claim of ``owner`` (a clean shutdown), so others need not wait."""
        async def work(db):
            await db.execute("DELETE FROM leases WHERE owner = :o", {"o": owner})
            await db.execute("UPDATE outbox SET claimed_by = NULL, claimed_until = NULL"
                             " WHERE claimed_by = :o AND delivered_at IS NULL", {"o": owner})
        await self._write(work)

    # -------------------------------------------------------------------------------------- outbox

    async def undelivered_posts(self, limit: int = 100, game_id: int | None = None) -> list[OutboxPost]:
        """Posts committed with a change and not delivered yet, oldest first (all games, or one). Several
        processes: use ``claim_posts``."""
        which = " AND o.game_id = :g" if game_id is not None else scope_sql(self.scope, "g.guild_id")
        return _posts(await self._read(f"SELECT {O_POST_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id"
                                       f" WHERE o.delivered_at IS NULL{which} ORDER BY o.id LIMIT :n",
                                       {"g": game_id, "n": int(limit)}))

    async def claim_posts(self, owner: str, limit: int = 100, lease_s: float = DEFAULT_LEASE_SECONDS,
                          now: float | None = None, game_id: int | None = None) -> list[OutboxPost]:
        """Claim undelivered posts (of one game, or of the games this process serves) for ``owner`` until
        ``now + lease_s``, oldest first, so of several processes only one delivers each post. A game with an
        undelivered post another owner holds is skipped whole (one channel's posts keep their order);
        ``owner`` renews its own claims. SQLite's BEGIN IMMEDIATE makes the read and the claim one step
        against other processes; on PostgreSQL a per-game advisory lock, tried without waiting, keeps two
        claimers off the same game, and the claim is read after the lock."""
        at = time.time() if now is None else float(now)
        if game_id is not None:
            # The hot path, right after a move: when ``owner`` already holds every undelivered post of the game
            # for at least half a lease (its moves' posts, ``claim_new_posts``), or none is left, no other
            # process can take them meanwhile and nothing needs writing.
            mine = await self._read(f"SELECT {POST_COLUMNS}, claimed_by, claimed_until FROM outbox"
                                    " WHERE game_id = :g AND delivered_at IS NULL ORDER BY id LIMIT :n",
                                    {"g": game_id, "n": int(limit)})
            if all(r.claimed_by == owner and (r.claimed_until or 0) - at >= lease_s / 2 for r in mine):
                return _posts(mine)
        which = " AND o.game_id = :g" if game_id is not None else scope_sql(self.scope, "g.guild_id")
        params = {"o": owner, "at": at, "n": int(limit), "g": game_id, "until": at + float(lease_s)}

        async def work(db):
            held = [r[0] for r in await db.fetch(
                "SELECT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.delivered_at IS NULL"
                f" AND (o.claimed_until IS NULL OR o.claimed_until <= :at OR o.claimed_by = :o){which}"
                " GROUP BY o.game_id ORDER BY min(o.id) LIMIT :n", params)]
            if held and not self.sqlite:
                held = [r[0] for r in await db.fetch(
                    "SELECT g FROM unnest(CAST(:ids AS bigint[])) AS g"
                    f" WHERE pg_try_advisory_xact_lock({OUTBOX_LOCK}, (g % 2147483647)::integer)", {"ids": held})]
            if not held:
                return []
            rows = await db.fetch(
                "UPDATE outbox SET claimed_by = :o, claimed_until = :until"
                " WHERE id IN (SELECT o.id FROM outbox o WHERE o.game_id IN :ids AND o.delivered_at IS NULL"
                "   AND NOT EXISTS (SELECT 1 FROM outbox x WHERE x.game_id = o.game_id AND x.delivered_at IS NULL"
                "       AND x.claimed_by IS DISTINCT FROM :o AND x.claimed_until > :at)"
                "   ORDER BY o.id LIMIT :n)"
                f" RETURNING {POST_COLUMNS}", {**params, "ids": held}, expanding=("ids",))
            return sorted(rows, key=lambda r: r.id)
        return _posts(await self._write(work))

    async def claim_new_posts(self, owner: str, lease_s: float = DEFAULT_LEASE_SECONDS) -> None:
        """SQLite: from now on every post this store's moves write is claimed by ``owner`` in the move's own
        transaction (a TEMP trigger lives on this connection only), so delivering it right after the move
        needs no write of its own; other processes still see the claim. PostgreSQL: ``claim_posts`` claims
        them when they are delivered (one short statement on a pooled connection), so this does nothing."""
        if not self.sqlite:
            return
        quoted = "'" + owner.replace("'", "''") + "'"

        async def work(db):
            await db.execute("DROP TRIGGER IF EXISTS temp.rollbot_claim_new_posts")
            await db.execute(
                "CREATE TEMP TRIGGER rollbot_claim_new_posts AFTER INSERT ON main.outbox BEGIN"
                f" UPDATE outbox SET claimed_by = {quoted}, claimed_until = NEW.created_at + {float(lease_s)!r}"
                " WHERE id = NEW.id; END")
        await self._write(work, transaction=False)

    async def mark_post_delivered(self, post_id: int, message_id: int | None, now: float) -> None:
        await self._exec("UPDATE outbox SET delivered_at = :now, message_id = :m, attempts = attempts + 1"
                         " WHERE id = :p", {"p": post_id, "now": now, "m": message_id})

    async def note_post_attempt(self, post_id: int) -> None:
        await self._exec("UPDATE outbox SET attempts = attempts + 1 WHERE id = :p", {"p": post_id})

    async def posts(self, game_id: int) -> list[OutboxPost]:
        """Every post of a game, oldest first (delivered or not)."""
        return _posts(await self._read(f"SELECT {POST_COLUMNS} FROM outbox WHERE game_id = :g ORDER BY id",
                                       {"g": game_id}))

    # ---- the live message's posts (one bounded query; the courier's, each delivery) ----
    async def last_message_posts(self, game_id: int, before_id: int | None = None) -> list[OutboxPost]:
        """The delivered posts of the game's latest message before post ``before_id`` (any post: None), oldest
        first: the last is the live message's post, the others were edited into it; empty before the first
        message. See ``LAST_MESSAGE_POSTS``: it reads that message's posts only, not the game's."""
        return _posts(await self._read(LAST_MESSAGE_POSTS, {
            "g": game_id, "before": NO_POST_AFTER if before_id is None else before_id}))

    async def integrity_check(self) -> list[str]:
        """["ok"], or what is wrong: SQLite's ``PRAGMA integrity_check`` (every page); and on both databases
        whether the guarantees are in place (schema revision, tables, append-only triggers present and
        enabled; PostgreSQL checks its own pages, so there also that no index is invalid)."""
        async def work(db):
            found = [r[0] for r in await db.fetch("PRAGMA integrity_check")] if self.sqlite else ["ok"]
            problems = [] if found == ["ok"] else found
            tables = await self._tables(db, self.sqlite)
            version = (await db.fetch("SELECT version_num FROM alembic_version"))[0][0] \
                if "alembic_version" in tables else None
            if version != HEAD:
                problems.append(f"schema revision {version}, expected {HEAD}")
            problems += [f"table {table} missing" for table in sorted(REQUIRED_TABLES - tables)]
            if self.sqlite:
                triggers = {r[0]: False for r in await db.fetch(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'moves'")}
            else:
                triggers = {r[0]: r[1] for r in await db.fetch(
                    "SELECT t.tgname, t.tgenabled = 'D' FROM pg_trigger t"
                    " WHERE t.tgrelid = to_regclass('moves') AND NOT t.tgisinternal")}
                problems += [f"index {r[0]} is not valid" for r in await db.fetch(
                    "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                    " JOIN pg_namespace n ON n.oid = c.relnamespace"
                    " WHERE n.nspname = current_schema() AND NOT (i.indisvalid AND i.indisready)")]
            for name in sorted(REQUIRED_TRIGGERS[self.dialect]):
                if name not in triggers:
                    problems.append(f"trigger {name} missing")
                elif triggers[name]:
                    problems.append(f"trigger {name} disabled")
            return problems or ["ok"]
        return await self._read_together(work, snapshot=not self.sqlite)


