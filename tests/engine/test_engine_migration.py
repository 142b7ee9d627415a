"""A file written by the hand-written store at its last schema (v6) opens under the current code with its games
intact and playable; an older one is refused, untouched."""
from __future__ import annotations

import json
import sqlite3

import pytest

from bot.engine import SessionManager, Store, StoreOpenError
from bot.engine.schema import HEAD as SCHEMA_VERSION
from bot.engine.store import dump_json
from bot.engine.verify import verify_store
from tests.engine.helpers import ENDLESS, registry
from tests.engine.legacy_schema import SQLITE, sqlite_v6
from tests.engine.toy_kind import KIND

T0 = 1_600_000_000.0


def write_v6_file(path):
    """What today's bot leaves behind (schema v6): a lobby, a game in play with 3 moves, a finished game with
    results."""
    db = sqlite3.connect(path, isolation_level=None)
    sqlite_v6(db)
    insert_game = ("INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed,"
                   " seats_wanted, snapshot, version, created_at, updated_at, started_at, finished_at,"
                   " last_activity_at) VALUES (?, 'dicerace', 1, ?, ?, 10, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    db.execute(insert_game, (1, 101, "lobby", dump_json(ENDLESS), 5, 2, None, 0, T0, T0, None, None, T0))
    db.execute("INSERT INTO seats VALUES (1, 0, 10, 'Ten', 0)")

    state = KIND.create(2, 6, ENDLESS)
    moves = []
    for seq, move in enumerate([{"action": "roll"}, {"action": "pass"}, {"action": "boost", "amount": 1}], 1):
        moves.append((2, seq, state.turn, 10 + state.turn * 10, dump_json(move), T0 + 60 * seq))
        state, _ = KIND.apply(state, state.turn, move)
    db.execute(insert_game, (2, 102, "active", dump_json(ENDLESS), 6, 2, KIND.dumps(state), 3, T0, T0 + 180,
                             T0 + 10, None, T0 + 180))
    db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, 0)", [(2, 0, 10, "Ten"), (2, 1, 20, "Twenty")])
    db.executemany("INSERT INTO moves (game_id, seq, seat, user_id, move, created_at) VALUES (?, ?, ?, ?, ?, ?)", moves)

    solo = KIND.create(1, 7, {"target": 5, "coins": 9})
    solo, _ = KIND.apply(solo, 0, {"action": "boost", "amount": 3})
    solo, _ = KIND.apply(solo, 0, {"action": "boost", "amount": 3})
    db.execute(insert_game, (3, 103, "finished", dump_json({"target": 5, "coins": 9}), 7, 1, KIND.dumps(solo),
                             2, T0, T0 + 30, T0, T0 + 30, T0 + 30))
    db.execute("INSERT INTO seats VALUES (3, 0, 10, 'Ten', 0)")
    db.executemany("INSERT INTO moves (game_id, seq, seat, user_id, move, created_at) VALUES (3, ?, 0, 10, ?, ?)",
                   [(1, dump_json({"action": "boost", "amount": 3}), T0 + 20),
                    (2, dump_json({"action": "boost", "amount": 3}), T0 + 30)])
    db.execute("INSERT INTO results VALUES (3, 0, 10, 6, 1)")
    db.close()
    return state


async def test_v6_file_is_adopted_and_play_continues(db_path):
    expected_state = write_v6_file(db_path)
    store = await Store.open(db_path)
    assert await store.schema_version() == SCHEMA_VERSION
    mgr = SessionManager(store, registry(), clock=lambda: T0 + 10_000)

    lobby = await mgr.game_in_channel(101)
    assert lobby.status == "lobby" and lobby.last_activity_at == T0 and lobby.meta == {}
    active = await mgr.game_in_channel(102)
    assert active.state == expected_state and active.version == 3 and active.reminder_count == 0
    assert active.last_activity_at == T0 + 180
    assert [d.game_id for d in await mgr.store.games_needing_reminder(T0 + 10_000, 3600, 3)] == [2]
    assert [(r.user_id, r.total, r.place) for r in await mgr.store.finished_results()] == [(10, 6, 1)]

    seat = KIND.pending(active.state)[0]["seat"]
    result = await mgr.apply(active.id, [10, 20][seat], {"action": "roll"}, 3)
    assert result.version == 4
    await mgr.join(lobby.id, 20, "Twenty")
    await mgr.start(lobby.id, 10)
    await mgr.set_meta_keys(active.id, {"prompt": 5})

    report = await verify_store(store, registry())
    assert report.ok and len(report.checked) == 3
    await store.close()

    db = sqlite3.connect(db_path)
    assert json.loads(db.execute("SELECT meta FROM games WHERE id = 2").fetchone()[0]) == {"prompt": 5}
    db.close()


async def test_an_older_file_is_refused_untouched(db_path):
    """Only the last hand-written version is adopted: a v5 file names what to do and is left as it was."""
    db = sqlite3.connect(db_path, isolation_level=None)
    for version, script in enumerate(SQLITE[:5], 1):
        db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;")
    db.close()
    with pytest.raises(StoreOpenError, match="schema version 5 is older than this code adopts"):
        await Store.open(db_path)
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 5
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'alembic_version'").fetchone() == (0,)
    db.close()


@pytest.mark.parametrize("made_by", ["this code", "the hand-written store (v6)"])
async def test_verify_and_salvage_work_on_a_new_and_an_adopted_file(tmp_path, made_by):
    """Both kinds of file are rollbot files to the tools: verify checks them, salvage copies them into a new
    file that opens and verifies with the same games."""
    from bot.engine.verify import salvage

    path, copy = tmp_path / "games.db", tmp_path / "salvaged.db"
    if made_by == "this code":
        store = await Store.open(path)
        mgr = SessionManager(store, registry(), clock=lambda: T0)
        game = await mgr.create("dicerace", 1, 101, 10, "Ten", ENDLESS, 1, seed=3)
        await mgr.apply(game.id, 10, {"action": "roll"}, 0)
        await store.set_prefs(10, notify="dm", dm_closed_told=True)
        await store.add_away(10, T0 + 60, T0 + 120, T0)
        await store.add_daily_attempt(10, "dicerace", "2026-11-26", game.id)
        await store.queue_and_match({"guild_id": 1, "user_id": 10, "kind": "dicerace", "players": 2, "pace": "fast",
                                     "rating": 1000, "rating_range": None, "channel_id": 2, "name": "Ten",
                                     "locale": "en", "expires_at": T0 + 3600}, T0)
        await store.close()
    else:
        write_v6_file(path)
    db = sqlite3.connect(path)
    app_id, user_version = db.execute("PRAGMA application_id").fetchone(), db.execute("PRAGMA user_version").fetchone()
    db.close()
    assert app_id[0] != 0 and user_version[0] in (0, 6)
    for where in (path, copy):
        if where == copy:
            report = await salvage(str(path), str(copy))
            assert not report.lost and report.games == (1 if made_by == "this code" else 3)
        store = await Store.open(where)
        try:
            assert await store.schema_version() == SCHEMA_VERSION and await store.integrity_check() == ["ok"]
            checked = await verify_store(store, registry())
            assert checked.ok and len(checked.checked) == (1 if made_by == "this code" else 2)
            if made_by == "this code":        # the players' settings, away periods, daily attempts come along
                assert (await store.get_prefs(10)).dm_closed_told is True
                assert len(await store.away_periods(10, T0, T0 + 3600)) == 1
                assert await store.daily_attempt(10, "dicerace", "2026-11-26") is not None
                assert (await store.queue_entry(1, 10, T0)).pace == "fast"          # and places in a queue
        finally:
            await store.close()


async def test_each_revision_is_logged_on_one_line(db_path, caplog):
    """An operator tour: a first start on an older file logged every revision's whole docstring ("Running upgrade
    0007 -> 0008, A player's language … ", several lines each): one line per revision, its docstring's first."""
    import logging

    caplog.set_level(logging.INFO, logger="alembic")
    write_v6_file(db_path)
    store = await Store.open(db_path)
    await store.close()
    runs = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Running upgrade")]
    assert runs, "the file was migrated"
    assert all("\n" not in line for line in runs), runs
