"""Today's databases (SQLite v6, PostgreSQL v4, made by the hand-written store) are adopted in place and brought
to the head: their games in play load, can be undone and verify, the later revisions' tables work;
``migrate-db`` copies undo entries."""
from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.engine import KindRegistry, SessionManager, Store, UndoAfterReveal
from bot.engine.schema import HEAD
from bot.engine.store import Store as PgStore
from bot.engine.store import dump_json
from bot.engine.verify import verify_store
from tests.engine.helpers import FakeClock
from tests.engine.legacy_schema import postgres_v4, sqlite_v6
from tests.shell.toygame.rules import KIND as PIG

T0 = 1_650_000_000.0
MOVES = [{"type": "roll"}, {"type": "hold"}]
SEED = 3          # the first roll is no 1, so seat 0 rolls then holds


def kinds() -> KindRegistry:
    return KindRegistry([PIG])


def played():
    state = PIG.create(2, SEED, {})
    rows = []
    for seq, move in enumerate(MOVES, 1):
        rows.append((1, seq, 0, 10, dump_json(move), T0 + seq))
        state, _ = PIG.apply(state, 0, move)
    assert state.turn == 1
    return state, rows


GAME = ("INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted,"
        " snapshot, version, created_at, updated_at, started_at, last_activity_at)"
        " VALUES (1, 'pig', 1, 77, 'active', 10, '{{}}', {seed}, 2, {snapshot}, 2, {t}, {t}, {t}, {t})")


async def check_undo_after_upgrade(store, state) -> None:
    mgr = SessionManager(store, kinds(), clock=FakeClock())
    view = await mgr.load(1)
    assert view.version == 2 and PIG.dumps(view.state) == PIG.dumps(state)
    undone = await mgr.undo(1, 10)
    assert undone.undone_seq == 2 and undone.version == 3
    assert (await mgr.load(1)).state.turn == 0
    try:
        await mgr.undo(1, 10)
        raise AssertionError("the roll was taken back")
    except UndoAfterReveal:
        pass
    report = await verify_store(store, kinds())
    assert report.ok, report.problems
    # revision 0002's tables came with the adoption
    assert (await store.set_prefs(10, time_zone="Asia/Seoul")).time_zone == "Asia/Seoul"
    await store.add_away(10, T0 + 10, T0 + 3600, T0)
    assert list(await store.current_away([10, 20], T0 + 60)) == [10]
    assert [g.game_id for g in await store.games_of_user(10, T0)] == [1]


async def test_migrate_db_copies_undo_entries_and_replays_them(tmp_path, pg_url):
    """``migrate-db`` copies the undo entries with the log, and the replay on PostgreSQL agrees."""
    import io

    from bot.engine.pg_migrate import run_migrate_db, table_rows

    path = tmp_path / "undone.db"
    store = await Store.open(path)
    mgr = SessionManager(store, kinds(), clock=FakeClock())
    game = await mgr.create("pig", 1, 78, 10, "Ann", {}, seats_wanted=2, seed=SEED)
    await mgr.join(game.id, 20, "Ben")
    await mgr.start(game.id, 10)
    for move in MOVES:
        await mgr.apply(game.id, 10, move)
    await mgr.undo(game.id, 10)
    await mgr.apply(game.id, 10, {"type": "hold"})
    source_moves = await table_rows(store, "moves")
    await store.close()
    assert [row[-1] for row in source_moves] == [None, None, 2, None]

    out = io.StringIO()
    code = await run_migrate_db(str(path), pg_url, kinds(), out=out)
    assert code == 0, out.getvalue()
    dest = await PgStore.open(pg_url)
    try:
        assert await table_rows(dest, "moves") == source_moves
        report = await verify_store(dest, kinds())
        assert report.ok and report.checked[0].moves == 4
    finally:
        await dest.close()


async def test_a_sqlite_v6_file_made_by_the_hand_written_store_is_adopted_in_place(tmp_path):
    """The last schema before Alembic (v6, today's files: tests/engine/legacy_schema.py is that code's SQL,
    frozen) opens without losing a row: Alembic stamps it at the head, the guarantees hold, its games load and
    play on."""
    path = tmp_path / "v6.db"
    state, rows = played()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    sqlite_v6(db)
    db.execute(GAME.format(seed=SEED, snapshot="?", t=T0), (PIG.dumps(state),))
    db.executemany("INSERT INTO seats VALUES (1, ?, ?, ?, 0)", [(0, 10, "Ann"), (1, 20, "Ben")])
    db.executemany("INSERT INTO moves (game_id, seq, seat, user_id, move, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                   rows)
    db.close()

    store = await Store.open(path)
    assert await store.schema_version() == HEAD and await store.integrity_check() == ["ok"]
    await check_undo_after_upgrade(store, state)
    await store.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM player_guilds").fetchone() == (2,)   # kept up by v5's trigger
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM moves")
    db.close()


async def test_a_postgresql_v4_database_made_by_the_hand_written_store_is_adopted_in_place(pg_url):
    state, rows = played()
    conn = await asyncpg.connect(pg_url)
    try:
        await postgres_v4(conn)
        async with conn.transaction():
            await conn.execute(GAME.format(seed=SEED, snapshot="$1", t=T0), PIG.dumps(state))
            await conn.executemany("INSERT INTO seats VALUES (1, $1, $2, $3, false)", [(0, 10, "Ann"), (1, 20, "Ben")])
            await conn.executemany("INSERT INTO moves (game_id, seq, seat, user_id, move, created_at)"
                                   " VALUES ($1, $2, $3, $4, $5, $6)", rows)
    finally:
        await conn.close()

    store = await PgStore.open(pg_url)
    assert await store.schema_version() == HEAD and await store.integrity_check() == ["ok"]
    await check_undo_after_upgrade(store, state)
    await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('rollbot_schema')") is None
        with pytest.raises(asyncpg.PostgresError, match="append-only"):
            await conn.execute("DELETE FROM moves")
    finally:
        await conn.close()
