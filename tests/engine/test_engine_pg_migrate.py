"""``python -m bot.engine migrate-db`` (SQLite → PostgreSQL) and ``verify`` on a PostgreSQL URL."""
from __future__ import annotations

import io
import subprocess
import sys

import asyncpg
import pytest

from bot.engine import Bookkeeping, SessionManager, Store
from bot.engine.__main__ import build_registry, run_verify
from bot.engine.pg_migrate import run_migrate_db, table_rows
from bot.engine.store import Store as PgStore
from tests.engine.helpers import ENDLESS, REPO, FakeClock, registry
from tests.engine.test_engine_migration import write_v6_file

KINDS = ["tests.engine.toy_kind:KIND", "tests.engine.toy_kind:DUEL_KIND"]
TABLES = ("games", "seats", "moves", "results", "bot_meta", "outbox", "player_prefs", "away_periods",
          "notices", "daily_attempts", "ratings", "rating_changes", "find_queue")


def post_version(view, result):
    return Bookkeeping(meta=dict(view.meta, seen=view.version), post={"version": view.version})


async def sqlite_with_everything(path) -> dict[str, list[tuple]]:
    """A v6 file (lobby, game in play, finished game) opened by today's code, played on with posts and
    settings, a player's settings and away period; returns its rows per table."""
    write_v6_file(path)
    store = await Store.open(path)
    mgr = SessionManager(store, registry(), clock=FakeClock())
    active = await mgr.game_in_channel(102)
    await mgr.apply(active.id, [10, 20][0 if active.state.turn == 0 else 1], {"action": "roll"}, 3,
                    plan=post_version)
    solo = await mgr.create("dicerace", None, 200, 7, "Seven", {"target": 5}, 1, seed=4, plan=post_version)
    while not (await mgr.load(solo.id)).status == "finished":
        await mgr.apply(solo.id, 7, {"action": "roll"}, plan=post_version)
    posts = await mgr.store.undelivered_posts()
    await mgr.store.mark_post_delivered(posts[0].id, 999, FakeClock()())
    await store.set_meta("commands_hash", "abc")
    await store.set_prefs(7, notify="both", quiet_start=60, quiet_end=420, time_zone="Europe/Paris",
                          dm_closed_told=True)
    await store.add_away(7, 2e9, 2e9 + 3600, 2e9)
    await store.add_notices([7], solo.id, 2e9 + 180, 2e9)
    await store.add_daily_attempt(7, solo.kind, "2033-05-18", solo.id)
    await store.queue_and_match({"guild_id": 3, "user_id": 7, "kind": "dicerace", "players": 2, "pace": "normal",
                                 "rating": 1000, "rating_range": 50, "channel_id": 4, "name": "Seven",
                                 "locale": "de", "expires_at": 2e9 + 86400}, 2e9)
    rows = {table: await table_rows(store, table) for table in TABLES}
    await store.close()
    return rows


async def test_migrate_db_copies_everything_and_play_continues(tmp_path, pg_url):
    path = tmp_path / "old.db"
    before = await sqlite_with_everything(path)
    out = io.StringIO()
    assert await run_migrate_db(str(path), pg_url, build_registry(KINDS), out=out) == 0, out.getvalue()
    text = out.getvalue()
    counts = {table: len(rows) for table, rows in before.items()}
    assert "copied " + ", ".join(f"{n} {t}" for t, n in counts.items()) in text
    assert "3 games replayed" in text and "0 with problems" in text
    assert counts["games"] == 4 and counts["moves"] >= 6 and counts["outbox"] >= 3

    store = await PgStore.open(pg_url)
    try:
        assert {table: await table_rows(store, table) for table in TABLES} == before
        mgr = SessionManager(store, registry(), clock=FakeClock())
        active = await mgr.game_in_channel(102)
        seat = registry()["dicerace"].pending(active.state)[0]["seat"]
        assert (await mgr.apply(active.id, [10, 20][seat], {"action": "pass"}, active.version)).version == 5
        lobby = await mgr.game_in_channel(101)
        await mgr.join(lobby.id, 20, "Twenty")
        newer = await mgr.create("dicerace", 1, 103, 10, "Ten", ENDLESS, 1, plan=post_version)
        assert newer.id == max(r[0] for r in before["games"]) + 1  # the id sequence continues after the copy
        assert [p.id for p in await mgr.store.posts(newer.id)] == [max(r[0] for r in before["outbox"]) + 1]
        assert await store.get_meta("commands_hash") == "abc"
        assert [(r.user_id, r.total) for r in await mgr.store.finished_results(user_id=10)] == [(10, 6)]
    finally:
        await store.close()


async def test_non_empty_destination_is_refused_unless_forced(tmp_path, pg_url):
    path = tmp_path / "old.db"
    before = await sqlite_with_everything(path)
    store = await PgStore.open(pg_url)
    mgr = SessionManager(store, registry())
    game = await mgr.create("dicerace", 1, 5, 1, "other", ENDLESS, 1)
    await mgr.apply(game.id, 1, {"action": "roll"}, 0)
    await store.close()

    out = io.StringIO()
    assert await run_migrate_db(str(path), pg_url, build_registry(KINDS), out=out) == 2
    assert "is not empty (1 games, 1 seats, 1 moves)" in out.getvalue() and "--force" in out.getvalue()
    store = await PgStore.open(pg_url)
    assert len(await store.game_ids()) == 1  # refused: untouched
    await store.close()

    out = io.StringIO()
    assert await run_migrate_db(str(path), pg_url, build_registry(KINDS), force=True, out=out) == 0, out.getvalue()
    assert "dropped what" in out.getvalue()
    store = await PgStore.open(pg_url)
    try:
        assert await table_rows(store, "games") == before["games"]
    finally:
        await store.close()


async def test_migrate_db_reports_games_it_cannot_replay(tmp_path, pg_url):
    path = tmp_path / "old.db"
    await sqlite_with_everything(path)
    out = io.StringIO()
    assert await run_migrate_db(str(path), pg_url, build_registry([]), out=out) == 1
    assert "is not registered" in out.getvalue()


async def test_migrate_db_refuses_wrong_directions_and_missing_files(tmp_path, pg_url):
    out = io.StringIO()
    assert await run_migrate_db(pg_url, str(tmp_path / "x.db"), build_registry([]), out=out) == 2
    assert await run_migrate_db(str(tmp_path / "no" / "x.db"), pg_url, build_registry([]), out=out) == 2
    assert "does not exist" in out.getvalue()
    assert await run_migrate_db(str(tmp_path / "x.db"), "mysql://h/db", build_registry([]), out=out) == 2
    assert "unknown database scheme" in out.getvalue()


async def test_verify_on_postgresql_finds_a_tampered_snapshot(tmp_path, pg_url):
    await sqlite_with_everything(tmp_path / "old.db")
    assert await run_migrate_db(str(tmp_path / "old.db"), pg_url, build_registry(KINDS), out=io.StringIO()) == 0
    out = io.StringIO()
    assert await run_verify(pg_url, KINDS, out) == 0 and "0 with problems" in out.getvalue()
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("UPDATE games SET snapshot = replace(snapshot, '\"turn\":', '\"turn\": ') WHERE id = 2")
    finally:
        await conn.close()
    out = io.StringIO()
    assert await run_verify(pg_url, KINDS, out) == 1
    assert "game 2 " in out.getvalue() and "snapshot differs" in out.getvalue()
    out = io.StringIO()
    assert await run_verify("postgresql://nobody@127.0.0.1:1/none", KINDS, out) == 2


@pytest.mark.parametrize("command", ["migrate-db", "verify"])
def test_command_line(tmp_path, pg_url, command):
    import asyncio
    asyncio.run(sqlite_with_everything(tmp_path / "old.db"))
    migrate = [sys.executable, "-m", "bot.engine", "migrate-db", str(tmp_path / "old.db"), pg_url, "--kinds", *KINDS]
    done = subprocess.run(migrate, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "copied 4 games" in done.stdout
    if command == "verify":
        done = subprocess.run([sys.executable, "-m", "bot.engine", "verify", pg_url, "--kinds", *KINDS], cwd=REPO,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "checked 3 games" in done.stdout, done.stdout + done.stderr
    else:
        again = subprocess.run(migrate, cwd=REPO, capture_output=True, text=True, timeout=120)
        assert again.returncode == 2 and "not empty" in again.stdout
