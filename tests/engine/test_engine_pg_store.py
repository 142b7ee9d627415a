"""The PostgreSQL store itself: opening (fresh, migrated, foreign, too new, unreachable), the guarantees the
database enforces on its own, and choosing the backend from ``ROLLBOT_DB`` syntax."""
from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.engine import SessionManager, StaleMove, StorageError, Store, StoreOpenError
from bot.engine.schema import HEAD as SCHEMA_VERSION
from bot.engine.store import Store as PgStore
from bot.engine.store import backend_of, open_store, redact
from tests.engine import legacy_schema
from tests.engine.helpers import ENDLESS, registry
from tests.engine.legacy_schema import postgres_v4
from tests.engine.pg_helpers import fetch, replayed_snapshot, schema_of
from tests.engine.toy_kind import KIND


async def execute(url: str, sql: str, *args):
    conn = await asyncpg.connect(url)
    try:
        return await conn.execute(sql, *args)
    finally:
        await conn.close()


async def test_fresh_database_gets_the_current_schema_and_reopens_without_migrating(pg_url):
    store = await PgStore.open(pg_url, synchronous="normal")
    assert await store.schema_version() == SCHEMA_VERSION and store.synchronous == "NORMAL"
    assert await store.integrity_check() == ["ok"]
    await store.close()
    store = await PgStore.open(pg_url, quick_check=True)
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()
    versions = [r[0] for r in await fetch(pg_url, "SELECT version_num FROM alembic_version")]
    assert versions == [SCHEMA_VERSION]


async def test_two_processes_opening_a_fresh_database_at_once_migrate_it_once(pg_url):
    stores = await asyncio.gather(*(PgStore.open(pg_url) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
    finally:
        for store in stores:
            await store.close()


async def test_foreign_database_is_refused_and_left_untouched(pg_url):
    await execute(pg_url, "CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreOpenError, match="not a rollbot one"):
        await PgStore.open(pg_url)
    tables = [r[0] for r in await fetch(pg_url, "SELECT table_name FROM information_schema.tables"
                                                " WHERE table_schema = current_schema()")]
    assert tables == ["notes"]


async def test_newer_schema_is_refused(pg_url):
    store = await PgStore.open(pg_url)
    await store.close()
    await execute(pg_url, "UPDATE alembic_version SET version_num = 'f00d'")  # a revision from a later rollbot
    with pytest.raises(StoreOpenError, match="newer than this code"):
        await PgStore.open(pg_url)


async def test_unreachable_server_names_the_url_without_its_password():
    url = "postgresql://bob:secret@127.0.0.1:1/nowhere"
    with pytest.raises(StoreOpenError) as caught:
        await PgStore.open(url, connect_timeout=5)
    assert "secret" not in str(caught.value) and "bob:***@127.0.0.1:1" in str(caught.value)
    assert redact("postgresql://u@h/db") == "postgresql://u@h/db"


async def test_database_enforces_one_open_game_per_channel_and_append_only_log(pg_mgr, pg_url):
    game = await pg_mgr.create("dicerace", 1, 9, 1, "a", ENDLESS, 1)
    await pg_mgr.apply(game.id, 1, {"action": "roll"}, 0)
    insert = ("INSERT INTO games (kind, channel_id, status, creator_id, options, seed, seats_wanted, created_at,"
              " updated_at) VALUES ('dicerace', 9, $1, 2, '{}', 1, 2, 0, 0)")
    with pytest.raises(asyncpg.UniqueViolationError, match="games_one_open_per_channel"):
        await execute(pg_url, insert, "lobby")
    await execute(pg_url, insert, "finished")
    for sql in ("UPDATE moves SET move = '{}'", "DELETE FROM moves", "TRUNCATE moves CASCADE"):
        with pytest.raises(asyncpg.PostgresError, match="append-only"):
            await execute(pg_url, sql)
    append = "SELECT rollbot_append_move($1, $2, 0, 1, '{}', 0, 'x', NULL, NULL)"
    for seq in (5, 1):  # a gap, and a move that is already there
        with pytest.raises(asyncpg.PostgresError, match="out of sequence"):
            await execute(pg_url, append, game.id, seq)
    stored, replayed, version, seqs = replayed_snapshot(pg_url, game.id)
    assert version == 1 and seqs == [1] and stored == replayed


async def test_a_move_written_by_another_process_makes_ours_stale(pg_mgr, pg_url):
    game = await pg_mgr.create("dicerace", 1, 9, 1, "a", ENDLESS, 1)
    passed, _ = KIND.apply(game.state, 0, {"action": "pass"})
    await execute(pg_url, "SELECT rollbot_append_move($1, 1, 0, 1, $2, 0, $3, NULL, NULL)", game.id,
                  '{"action":"pass"}', KIND.dumps(passed))
    with pytest.raises(StaleMove):
        await pg_mgr.apply(game.id, 1, {"action": "roll"}, 0)
    assert pg_mgr.cached_view(game.id) is None
    assert (await pg_mgr.load(game.id)).version == 1


async def test_one_stale_move_in_a_group_commit_fails_alone(pg_mgr, pg_url):
    games = [await pg_mgr.create("dicerace", 1, 40 + g, 1, "a", ENDLESS, 1, seed=g) for g in range(3)]
    passed, _ = KIND.apply(games[1].state, 0, {"action": "pass"})
    await execute(pg_url, "SELECT rollbot_append_move($1, 1, 0, 1, $2, 0, $3, NULL, NULL)", games[1].id,
                  '{"action":"pass"}', KIND.dumps(passed))
    outcomes = await asyncio.gather(*(pg_mgr.apply(g.id, 1, {"action": "roll"}) for g in games),
                                    return_exceptions=True)
    assert outcomes[0].version == 1 and outcomes[2].version == 1 and isinstance(outcomes[1], StaleMove)
    for game in games:
        stored, replayed, version, seqs = replayed_snapshot(pg_url, game.id)
        assert version == 1 and seqs == [1] and stored == replayed


async def test_a_broken_batch_connection_fails_every_waiting_move(pg_mgr, pg_store, monkeypatch):
    games = [await pg_mgr.create("dicerace", 1, 60 + g, 1, "a", ENDLESS, 1, seed=g) for g in range(3)]

    async def broken(batch):
        raise ConnectionResetError("server went away")

    monkeypatch.setattr(pg_store, "_commit_batch", broken)
    outcomes = await asyncio.gather(*(pg_mgr.apply(g.id, 1, {"action": "roll"}) for g in games),
                                    return_exceptions=True)
    assert all(isinstance(o, StorageError) for o in outcomes)
    monkeypatch.undo()
    for game in games:
        assert pg_mgr.cached_view(game.id) is None
        assert (await pg_mgr.apply(game.id, 1, {"action": "roll"}, 0)).version == 1


async def test_closed_store_and_lost_server_give_storage_errors(pg_url, pg_admin_url):
    # The store names its connections after this test's schema, so that killing them spares the other test
    # processes' stores on the same server.
    name = f"rollbot_{schema_of(pg_url)}"
    store = await PgStore.open(f"{pg_url}&application_name={name}")
    mgr = SessionManager(store, registry())
    game = await mgr.create("dicerace", 1, 3, 1, "a", ENDLESS, 1)
    versions = [(await mgr.apply(game.id, 1, {"action": "roll"})).version]   # the group commit keeps a connection
    assert await fetch(pg_admin_url, "SELECT pid FROM pg_stat_activity WHERE application_name = $1", name)
    # Every connection of the pool is killed by the server: the next statements fail cleanly.
    await execute(pg_admin_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                f" WHERE application_name = '{name}' AND datname = current_database()")
    # The first statement on a killed connection fails as a StorageError (not a raw driver error), and
    # nothing is half-applied; the pool then reconnects (the group commit takes a new connection) and play
    # goes on.
    for _ in range(3):
        try:
            versions.append((await mgr.apply(game.id, 1, {"action": "roll"})).version)
        except StorageError:
            versions.append("error")
    assert versions[-1] != "error" and [v for v in versions if v != "error"] == list(range(1, versions[-1] + 1))
    stored, replayed, version, seqs = replayed_snapshot(pg_url, game.id)
    assert stored == replayed and version == versions[-1]
    await store.close()
    await store.close()
    with pytest.raises(StorageError):
        await mgr.apply(game.id, 1, {"action": "roll"})
    with pytest.raises(StorageError):
        await store.get_meta("x")


async def test_fractional_and_whole_totals_read_back_as_from_sqlite(store, backend):
    game_id = await store.insert_game(kind="dicerace", guild_id=1, channel_id=5, creator_id=1, creator_name="a",
                                      options={}, seed=1, seats_wanted=1, now=1.0, snapshot="{}")
    from bot.engine.records import SeatResult
    await store.append_final_move(game_id=game_id, seq=1, seat=0, user_id=1, move="{}", snapshot="{}", now=2.0,
                                  results=[SeatResult(0, 7, 1)], seat_users={0: 1}, final_score="{}")
    [row] = await store.finished_results()
    assert row.total == 7 and type(row.total) is int
    other = await store.insert_game(kind="dicerace", guild_id=1, channel_id=6, creator_id=1, creator_name="a",
                                    options={}, seed=1, seats_wanted=1, now=1.0, snapshot="{}")
    await store.append_final_move(game_id=other, seq=1, seat=0, user_id=1, move="{}", snapshot="{}", now=3.0,
                                  results=[SeatResult(0, 2.5, 1)], seat_users={0: 1}, final_score="{}")
    assert [r.total for r in await store.finished_results()] == [2.5, 7]


async def test_integrity_check_notices_a_disabled_guard(pg_url):
    store = await PgStore.open(pg_url)
    try:
        await execute(pg_url, "ALTER TABLE moves DISABLE TRIGGER moves_no_update")
        assert await store.integrity_check() == ["trigger moves_no_update disabled"]
        await execute(pg_url, "DROP TRIGGER moves_no_delete ON moves")
        assert "trigger moves_no_delete missing" in await store.integrity_check()
    finally:
        await store.close()
    with pytest.raises(StoreOpenError, match="damaged"):
        await PgStore.open(pg_url, quick_check=True)


def test_backend_is_chosen_from_the_syntax(tmp_path):
    assert backend_of("rollbot.db") == ("sqlite", "rollbot.db")
    assert backend_of(tmp_path / "x.db") == ("sqlite", str(tmp_path / "x.db"))
    assert backend_of("sqlite:///games.db") == ("sqlite", "games.db")
    assert backend_of("sqlite:////var/lib/games.db") == ("sqlite", "/var/lib/games.db")
    assert backend_of("sqlite:///:memory:") == ("sqlite", ":memory:")
    assert backend_of("postgresql://u@h:5432/db") == ("postgresql", "postgresql://u@h:5432/db")
    assert backend_of("postgres://u@h/db")[0] == "postgresql"
    with pytest.raises(StoreOpenError, match="unknown database scheme"):
        backend_of("mysql://u@h/db")
    with pytest.raises(StoreOpenError):
        backend_of("sqlite://games.db")


async def test_open_store_opens_either_backend(tmp_path, pg_url):
    sqlite_store = await open_store("sqlite:///" + str(tmp_path / "a.db"))  # four slashes: an absolute path
    pg_store = await open_store(pg_url, synchronous="NORMAL")
    try:
        assert isinstance(sqlite_store, Store) and isinstance(pg_store, PgStore)
        assert (tmp_path / "a.db").exists()
        for store in (sqlite_store, pg_store):
            mgr = SessionManager(store, registry())
            game = await mgr.create("dicerace", 1, 1, 1, "a", ENDLESS, 1)
            assert (await mgr.apply(game.id, 1, {"action": "roll"}, 0)).version == 1
            await store.set_meta("hash", {"x": [1, 2]})
            assert await store.get_meta("hash") == {"x": [1, 2]} and await store.get_meta("nope", 5) == 5
    finally:
        await sqlite_store.close()
        await pg_store.close()


async def test_a_failing_adoption_leaves_the_database_as_it_was(pg_url):
    """A v4 database whose adoption fails (here: a function of the same name that cannot be replaced) stays at
    v4, unstamped (one transaction); fixed, the next open adopts it."""
    conn = await asyncpg.connect(pg_url)
    try:
        await postgres_v4(conn)
        await conn.execute("DROP FUNCTION rollbot_check_batch(BIGINT, BIGINT)")
        await conn.execute("CREATE FUNCTION rollbot_check_batch(p_applied BIGINT, p_wanted BIGINT) RETURNS integer"
                           " LANGUAGE sql AS 'SELECT 1'")
    finally:
        await conn.close()
    with pytest.raises(StoreOpenError, match="migration to schema revision .* failed"):
        await PgStore.open(pg_url)
    assert [r[0] for r in await fetch(pg_url, "SELECT max(version) FROM rollbot_schema")] == [4]
    assert await fetch(pg_url, "SELECT to_regclass('alembic_version') IS NULL") == [(True,)]
    await execute(pg_url, "DROP FUNCTION rollbot_check_batch(BIGINT, BIGINT)")
    store = await PgStore.open(pg_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION and await store.integrity_check() == ["ok"]
        assert await fetch(pg_url, "SELECT to_regclass('rollbot_schema') IS NULL") == [(True,)]
    finally:
        await store.close()


async def test_an_older_database_is_refused_untouched(pg_url):
    conn = await asyncpg.connect(pg_url)
    try:
        async with conn.transaction():
            await conn.execute(legacy_schema.VERSION_TABLE)
            for version, script in enumerate(legacy_schema.POSTGRES[:3], 1):
                await conn.execute(script)
                await conn.execute("INSERT INTO rollbot_schema (version) VALUES ($1)", version)
    finally:
        await conn.close()
    with pytest.raises(StoreOpenError, match="schema version 3 is older than this code adopts"):
        await PgStore.open(pg_url)
    assert [r[0] for r in await fetch(pg_url, "SELECT max(version) FROM rollbot_schema")] == [3]
