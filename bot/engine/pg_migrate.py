"""``python -m bot.engine migrate-db SQLITE_FILE postgresql://…``: move a deployment from SQLite to PostgreSQL.

Every row of every table (games, seats, moves, results, bot_meta, outbox, player_prefs, away_periods, notices,
daily_attempts, ratings, rating_changes, find_queue) is copied with its id in one transaction, then the copy is
checked row by row against the source and every started game is replayed on the destination and compared with its
snapshot and version (``verify``). A destination that already holds rollbot data is refused unless ``--force``,
which drops it first. The source is opened as the bot opens it, so an older SQLite file is migrated to the current
schema before it is copied.
"""
from __future__ import annotations

import sys

from sqlalchemy import Boolean

from . import schema
from .errors import EngineError, StoreOpenError
from .kinds import KindRegistry
from .store import Store, is_postgres, open_store
from .verify import verify_store

#: Tables in the schema's order (parents first, as a copy fills them), with their columns from the schema: all but the
#: outbox's claims (leases of the old processes). ``leases`` are running processes' too; ``player_guilds`` below.
COPIED_TABLES = {name: [c.name for c in table.c if c.name not in ("claimed_by", "claimed_until")]
                 for name, table in schema.metadata.tables.items() if name not in ("leases", "player_guilds")}

#: Where each copied table's flags (boolean columns: SQLite stores 0/1) sit in its copied columns.
FLAGS = {name: [i for i, c in enumerate(columns) if isinstance(schema.metadata.tables[name].c[c].type, Boolean)]
         for name, columns in COPIED_TABLES.items()}


def _normalised(table: str, rows) -> list[tuple]:
    """Rows as comparable tuples: SQLite's 0/1 flags as booleans, whole-number totals as ints."""
    out = []
    for row in rows:
        values = list(row)
        for flag in FLAGS[table]:
            values[flag] = bool(values[flag])
        if table == "results" and isinstance(values[3], float) and values[3].is_integer():
            values[3] = int(values[3])
        out.append(tuple(values))
    return out


async def table_rows(store, table: str) -> list[tuple]:
    """Every row of one of the shared tables, normalised, in key order (either store)."""
    key = ", ".join(c.name for c in schema.metadata.tables[table].primary_key)
    sql = f"SELECT {', '.join(COPIED_TABLES[table])} FROM {table} ORDER BY {key}"
    return _normalised(table, await store._read(sql))


async def clear_for_copy(store: Store) -> None:
    """Drop every rollbot table and function so the next open recreates them empty (``migrate-db --force``).
    Dropping tables is the only way to empty an append-only log, which is the point of the triggers."""
    async def work(db):
        await db.execute("DROP TABLE IF EXISTS " + ", ".join(schema.metadata.tables) + ", alembic_version CASCADE")
        await db.execute("DROP FUNCTION IF EXISTS rollbot_append_move, rollbot_append_undo, rollbot_check_batch,"
                         " rollbot_moves_append_only, rollbot_note_guild CASCADE")
    await store._write(work)


async def copy_from_sqlite(source: Store, dest: Store) -> dict[str, int]:
    """Copy every row of the SQLite store ``source`` into the empty ``dest``, ids included, in one
    transaction; returns the number of rows per table. The destination's id sequences continue after the
    copied ids."""
    tables = {table: await table_rows(source, table) for table in COPIED_TABLES}
    # Derived data, not counted as copied: which servers a player was seen in. The seats' trigger fills in
    # the same rows again while the seats are copied; the ones noted otherwise (a stats command) come from here.
    seen = [tuple(r) for r in await source._read("SELECT user_id, guild_id, seen_at FROM player_guilds")]

    async def work(db):
        # Bulk COPY on asyncpg's own connection (SQLAlchemy has no COPY; row inserts were four times slower),
        # in the transaction SQLAlchemy began: the SELECT makes sure it is open on the server first.
        await db.execute("SELECT 1")
        raw = (await db.conn.get_raw_connection()).driver_connection
        for table, rows in tables.items():
            columns = COPIED_TABLES[table]
            if not rows:
                continue
            if table == "results":  # NUMERIC goes through the text codec, which COPY's binary format lacks
                await db.conn.execute(schema.results.insert(), [dict(zip(columns, r)) for r in rows])
            else:
                await raw.copy_records_to_table(table, records=rows, columns=columns)
        await db.executemany("INSERT INTO player_guilds (user_id, guild_id, seen_at) VALUES (:u, :g, :s)"
                             " ON CONFLICT DO NOTHING", [{"u": u, "g": g, "s": s} for u, g, s in seen])
        for table in ("games", "outbox"):
            await db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                             f" COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)")
    await dest._write(work)
    return {table: len(rows) for table, rows in tables.items()}


async def compare_copy(source: Store, dest: Store) -> list[str]:
    """Differences between the two stores, table by table (empty when the copy is exact)."""
    problems = []
    for table in COPIED_TABLES:
        mine, theirs = await table_rows(source, table), await table_rows(dest, table)
        if len(mine) != len(theirs):
            problems.append(f"{table}: {len(mine)} rows in the source, {len(theirs)} in the copy")
            continue
        for a, b in zip(mine, theirs):
            if a != b:
                problems.append(f"{table}: row {a[:2]} differs in the copy")
                break
    return problems


async def run_migrate_db(source: str, destination: str, registry: KindRegistry, *, force: bool = False,
                         out=sys.stdout) -> int:
    """Copy, then check the copy row by row and replay every game on it. Exit status: 0 the copy is exact and
    every game replays to its snapshot, 1 it is not, 2 a database cannot be opened or the destination is
    not empty (without ``--force``)."""
    try:
        wrong_way = is_postgres(source) or not is_postgres(destination)
    except StoreOpenError as error:
        print(f"error: {error}", file=out)
        return 2
    if wrong_way:
        print("error: migrate-db copies an SQLite file (SOURCE) into PostgreSQL (DESTINATION postgresql://…)",
              file=out)
        return 2
    try:
        src = await open_store(source, create=False)      # a mistyped path is not an empty database
    except StoreOpenError as error:
        print(f"error: {error}", file=out)
        return 2
    dst = None
    try:
        dst = await open_store(destination)
        present = {table: count for table in COPIED_TABLES
                   if (count := await dst._read_one(f"SELECT count(*) FROM {table}"))}
        if present:
            listed = ", ".join(f"{count} {table}" for table, count in present.items())
            if not force:
                print(f"error: {dst.path} is not empty ({listed}); use --force to replace it", file=out)
                return 2
            await clear_for_copy(dst)
            await dst.close()
            dst = await open_store(destination)
            print(f"dropped what {dst.path} held: {listed}", file=out)
        copied = await copy_from_sqlite(src, dst)
        print("copied " + ", ".join(f"{count} {table}" for table, count in copied.items()), file=out)
        problems = await compare_copy(src, dst)
        report = await verify_store(dst, registry)
    except (StoreOpenError, EngineError) as error:
        print(f"error: {error}", file=out)
        return 2
    finally:
        await src.close()
        if dst is not None:
            await dst.close()
    for problem in problems:
        print(f"copy differs: {problem}", file=out)
    for line in report.problem_lines():
        print(line, file=out)
    if report.integrity != ["ok"]:
        print("integrity check: " + "; ".join(report.integrity), file=out)
    print(f"verified: every row compared; {len(report.checked)} games replayed with kinds "
          f"[{', '.join(registry) or 'none'}]: {len(report.problems)} with problems", file=out)
    return 0 if report.ok and not problems else 1

