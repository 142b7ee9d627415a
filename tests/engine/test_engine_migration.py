"""A file written by the first schema (v1) opens under the current code with its games intact and playable."""
from __future__ import annotations

import json
import sqlite3

import pytest

from bot.engine import SessionManager, Store, StoreOpenError
from bot.engine.migrations.legacy import SCHEMA_V1
from bot.engine.schema import HEAD as SCHEMA_VERSION
from bot.engine.store import dump_json
from bot.engine.verify import verify_store
from tests.engine.helpers import ENDLESS, registry
from tests.engine.toy_kind import KIND

T0 = 1_600_000_000.0


def write_v1_file(path):
    """What a v1 bot left behind: a lobby, a game in play with 3 moves, a finished game with results."""
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(f"BEGIN;\n{SCHEMA_V1}\nPRAGMA user_version = 1;\nCOMMIT;")
    insert_game = ("INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed,"
                   " seats_wanted, snapshot, version, created_at, updated_at, started_at, finished_at)"
                   " VALUES (?, 'dicerace', 1, ?, ?, 10, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    db.execute(insert_game, (1, 101, "lobby", dump_json(ENDLESS), 5, 2, None, 0, T0, T0, None, None))
    db.execute("INSERT INTO seats VALUES (1, 0, 10, 'Ten', 0)")

    state = KIND.create(2, 6, ENDLESS)
    moves = []
    for seq, move in enumerate([{"action": "roll"}, {"action": "pass"}, {"action": "boost", "amount": 1}], 1):
        moves.append((2, seq, state.turn, 10 + state.turn * 10, dump_json(move), T0 + 60 * seq))
        state, _ = KIND.apply(state, state.turn, move)
    db.execute(insert_game, (2, 102, "active", dump_json(ENDLESS), 6, 2, KIND.dumps(state), 3, T0, T0 + 180,
                             T0 + 10, None))
    db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, 0)", [(2, 0, 10, "Ten"), (2, 1, 20, "Twenty")])
    db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)", moves)

    solo = KIND.create(1, 7, {"target": 5, "coins": 9})
    solo, _ = KIND.apply(solo, 0, {"action": "boost", "amount": 3})
    solo, _ = KIND.apply(solo, 0, {"action": "boost", "amount": 3})
    db.execute(insert_game, (3, 103, "finished", dump_json({"target": 5, "coins": 9}), 7, 1, KIND.dumps(solo),
                             2, T0, T0 + 30, T0, T0 + 30))
    db.execute("INSERT INTO seats VALUES (3, 0, 10, 'Ten', 0)")
    db.executemany("INSERT INTO moves VALUES (3, ?, 0, 10, ?, ?)",
                   [(1, dump_json({"action": "boost", "amount": 3}), T0 + 20),
                    (2, dump_json({"action": "boost", "amount": 3}), T0 + 30)])
    db.execute("INSERT INTO results VALUES (3, 0, 10, 6, 1)")
    db.close()
    return state


async def test_v1_file_migrates_and_play_continues(db_path):
    expected_state = write_v1_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == SCHEMA_VERSION
    mgr = SessionManager(store, registry(), clock=lambda: T0 + 10_000)

    lobby = await mgr.game_in_channel(101)
    assert lobby.status == "lobby" and lobby.last_activity_at == T0 and lobby.meta == {}
    active = await mgr.game_in_channel(102)
    assert active.state == expected_state and active.version == 3 and active.reminder_count == 0
    assert active.last_activity_at == T0 + 180  # backfilled from the newest move
    assert [d.game_id for d in await mgr.games_needing_reminder(T0 + 10_000, 3600, 3)] == [2]
    assert [(r.user_id, r.total, r.place) for r in await mgr.finished_results()] == [(10, 6, 1)]

    seat = KIND.pending(active.state)[0]["seat"]
    result = await mgr.apply(active.id, [10, 20][seat], {"action": "roll"}, 3)
    assert result.version == 4
    await mgr.join(lobby.id, 20, "Twenty")
    await mgr.start(lobby.id, 10)
    await mgr.set_meta(active.id, "prompt", 5)

    report = await verify_store(store, registry())
    assert report.ok and len(report.checked) == 3
    await store.close()

    db = sqlite3.connect(db_path)
    assert json.loads(db.execute("SELECT meta FROM games WHERE id = 2").fetchone()[0]) == {"prompt": 5}
    db.close()


async def test_interrupted_migration_leaves_the_old_version(db_path):
    """Each migration commits together with its version bump: a failing one changes nothing."""
    write_v1_file(db_path)
    db = sqlite3.connect(db_path)
    db.execute("CREATE TABLE bot_meta (key TEXT)")  # makes the v2 migration fail half-way
    db.commit()
    db.close()
    with pytest.raises(StoreOpenError, match="migration to schema version 2 failed"):
        await Store.open(db_path)
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
    assert "last_activity_at" not in columns
    db.close()
