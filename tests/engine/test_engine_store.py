"""Opening files (good, corrupt, foreign, too new) and the guarantees the database itself enforces."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.engine import SessionManager, StaleMove, StorageError, Store, StoreOpenError
from bot.engine.schema import HEAD as SCHEMA_VERSION
from tests.engine.helpers import ENDLESS, registry, replayed_snapshot


async def test_new_file_is_wal_with_current_schema(db_path):
    store = await Store.open(db_path, synchronous="normal")
    assert await store.schema_version() == SCHEMA_VERSION
    assert store.synchronous == "NORMAL"
    await store.close()
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    store = await Store.open(db_path)  # reopening an up-to-date file migrates nothing
    assert await store.schema_version() == SCHEMA_VERSION and store.synchronous == "FULL"
    await store.close()


async def test_memory_store_works():
    store = await Store.open(":memory:")
    mgr = SessionManager(store, registry())
    game = await mgr.create("dicerace", None, 5, 1, "solo", ENDLESS, 1)
    assert (await mgr.apply(game.id, 1, {"action": "roll"}, 0)).version == 1
    await store.close()


async def test_corrupt_file_names_the_file(tmp_path):
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database, just some bytes " * 200)
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(path)
    assert str(path) in str(caught.value) and caught.value.path == str(path)
    assert "not a database" in caught.value.reason


async def test_damaged_header_names_the_file(db_path):
    store = await Store.open(db_path)
    await store.close()
    data = bytearray(db_path.read_bytes())
    data[:16] = b"garbage garbage!"
    db_path.write_bytes(bytes(data))
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(db_path)
    assert str(db_path) in str(caught.value)


async def test_directory_and_missing_folder_are_refused(tmp_path):
    with pytest.raises(StoreOpenError, match="directory"):
        await Store.open(tmp_path)
    with pytest.raises(StoreOpenError, match="does not exist"):
        await Store.open(tmp_path / "no" / "such" / "games.db")


async def test_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreOpenError, match="not a rollbot one"):
        await Store.open(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("notes",)]  # left untouched
    db.close()


async def test_newer_schema_is_refused(db_path):
    store = await Store.open(db_path)
    await store.close()
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA user_version = 7")   # a hand-written version after the last one
    db.close()
    with pytest.raises(StoreOpenError, match="newer than this code"):
        await Store.open(db_path)


async def test_bad_synchronous_setting(db_path):
    with pytest.raises(ValueError):
        await Store.open(db_path, synchronous="SOMETIMES")


async def test_database_enforces_one_open_game_per_channel_and_append_only_log(mgr, db_path):
    game = await mgr.create("dicerace", 1, 9, 1, "a", ENDLESS, 1)
    await mgr.apply(game.id, 1, {"action": "roll"}, 0)
    db = sqlite3.connect(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="games.channel_id"):
            db.execute("INSERT INTO games (kind, channel_id, status, creator_id, options, seed, seats_wanted,"
                       " created_at, updated_at) VALUES ('dicerace', 9, 'lobby', 2, '{}', 1, 2, 0, 0)")
        db.execute("INSERT INTO games (kind, channel_id, status, creator_id, options, seed, seats_wanted,"
                   " created_at, updated_at) VALUES ('dicerace', 9, 'finished', 2, '{}', 1, 2, 0, 0)")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE moves SET move = '{}' WHERE game_id = ?", (game.id,))
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM moves WHERE game_id = ?", (game.id,))
        with pytest.raises(sqlite3.IntegrityError, match="out of sequence"):
            db.execute("INSERT INTO move_appends VALUES (?, 5, 0, 1, '{}', 0, 'x')", (game.id,))
        with pytest.raises(sqlite3.IntegrityError, match="out of sequence"):
            db.execute("INSERT INTO move_appends VALUES (?, 1, 0, 1, '{}', 0, 'x')", (game.id,))
        db.rollback()
    finally:
        db.close()


async def test_a_move_written_by_another_process_makes_ours_stale(mgr, db_path):
    """Two bots on one file must not fork a game: the append trigger rejects the second move 1."""
    game = await mgr.create("dicerace", 1, 9, 1, "a", ENDLESS, 1)
    kind = registry()["dicerace"]
    passed, _ = kind.apply(game.state, 0, {"action": "pass"})
    db = sqlite3.connect(db_path)
    db.execute("INSERT INTO move_appends VALUES (?, 1, 0, 1, ?, 0, ?)",
               (game.id, '{"action":"pass"}', kind.dumps(passed)))
    db.commit()
    db.close()
    with pytest.raises(StaleMove):
        await mgr.apply(game.id, 1, {"action": "roll"}, 0)
    assert mgr.cached_view(game.id) is None  # dropped, so the next read shows the other process's move
    assert (await mgr.load(game.id)).version == 1


async def test_a_closed_store_refuses_work(db_path):
    store = await Store.open(db_path)
    mgr = SessionManager(store, registry())
    game = await mgr.create("dicerace", 1, 3, 1, "a", ENDLESS, 1)
    await store.close()
    await store.close()  # closing twice is harmless
    with pytest.raises(StorageError):
        await mgr.apply(game.id, 1, {"action": "roll"}, 0)
    with pytest.raises(StorageError):
        await store.get_meta("x")


async def test_one_bad_move_in_a_group_commit_fails_alone(mgr, db_path):
    """Three games' moves commit as one batch; one game was moved on by another writer, so the batch
    fails and each move is retried alone: the other two land, the stale one is reported."""
    games = [await mgr.create("dicerace", 1, 40 + g, 1, "a", ENDLESS, 1, seed=g) for g in range(3)]
    kind = registry()["dicerace"]
    passed, _ = kind.apply(games[1].state, 0, {"action": "pass"})
    db = sqlite3.connect(db_path)
    db.execute("INSERT INTO move_appends VALUES (?, 1, 0, 1, ?, 0, ?)",
               (games[1].id, '{"action":"pass"}', kind.dumps(passed)))
    db.commit()
    db.close()
    outcomes = await asyncio.gather(*(mgr.apply(g.id, 1, {"action": "roll"}) for g in games),
                                    return_exceptions=True)
    assert outcomes[0].version == 1 and outcomes[2].version == 1 and isinstance(outcomes[1], StaleMove)
    for game in games:
        stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
        assert version == 1 and seqs == [1] and stored == replayed
    assert (await mgr.load(games[1].id)).state == passed


async def test_quick_check_finds_damage_inside_the_file(db_path):
    store = await Store.open(db_path)
    mgr = SessionManager(store, registry())
    for channel in range(200):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1)
        for version in range(5):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
    await store.close()  # the last connection checkpoints the WAL into the file
    page_size = 4096
    data = bytearray(db_path.read_bytes())
    assert len(data) > 20 * page_size
    last_page = len(data) // page_size - 1
    data[last_page * page_size + 8:(last_page + 1) * page_size] = b"\xa5" * (page_size - 8)
    db_path.write_bytes(bytes(data))
    store = await Store.open(db_path, quick_check=False)  # header, schema and tables are fine: no scan, no notice
    await store.close()
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(db_path, quick_check=True)
    assert str(db_path) in str(caught.value)


async def test_a_failing_connection_fails_every_waiting_move(mgr, store, monkeypatch):
    """If the batch commit itself breaks (not just one row), every caller gets a StorageError instead of
    waiting forever, and the games reload from the database afterwards."""
    games = [await mgr.create("dicerace", 1, 60 + g, 1, "a", ENDLESS, 1, seed=g) for g in range(3)]

    async def broken(rows):
        raise OSError("disk went away")

    monkeypatch.setattr(store, "_append_batch", broken)
    outcomes = await asyncio.gather(*(mgr.apply(g.id, 1, {"action": "roll"}) for g in games),
                                    return_exceptions=True)
    assert all(isinstance(o, StorageError) for o in outcomes)
    monkeypatch.undo()
    for game in games:
        assert mgr.cached_view(game.id) is None
        assert (await mgr.apply(game.id, 1, {"action": "roll"}, 0)).version == 1
