"""The table queue (``find_queue``, revision 0006) on SQLite and PostgreSQL: a match decided and claimed in one
transaction, never seating a player twice even when two processes queue at once; ratings within both players'
ranges; expiry; leaving; forget-me; and revision 0006 on a database made at 0005."""
from __future__ import annotations

import asyncio

import pytest

from bot.engine import migrations
from bot.engine.schema import HEAD
from bot.engine.store import open_store, pick_table
from tests.engine.test_engine_players import engine_for, schema_differences

GUILD, OTHER_GUILD, CHANNEL = 7_000, 8_000, 9_000
NOW = 1_700_000_000.0
HOUR = 3600.0


def entry(user: int, *, kind: str = "dicerace", players: int = 3, pace: str = "normal", rating: int = 1000,
          rating_range: int | None = None, guild: int = GUILD, expires: float = NOW + 24 * HOUR) -> dict:
    return {"guild_id": guild, "user_id": user, "kind": kind, "players": players, "pace": pace, "rating": rating,
            "rating_range": rating_range, "channel_id": CHANNEL + user, "name": f"P{user}", "locale": "en",
            "expires_at": expires}


async def test_a_table_forms_when_enough_wait_and_takes_them_out_of_the_queue(store):
    assert await store.queue_and_match(entry(1), NOW) == []
    assert await store.queue_and_match(entry(2, players=2), NOW + 1) == []       # another table size
    assert await store.queue_and_match(entry(3, pace="slow"), NOW + 2) == []      # another pace
    assert await store.queue_and_match(entry(4, guild=OTHER_GUILD), NOW + 3) == []  # another server
    assert await store.queue_and_match(entry(5), NOW + 4) == []
    table = await store.queue_and_match(entry(6), NOW + 5)
    assert [e["user_id"] for e in table] == [1, 5, 6]                   # first come first, the last one last
    assert table[-1]["channel_id"] == CHANNEL + 6 and table[0]["queued_at"] == NOW
    assert {r.user_id for r in await store.queue_entries(GUILD, NOW + 6)} == {2, 3}
    assert [r.user_id for r in await store.queue_entries(OTHER_GUILD, NOW + 6)] == [4]


async def test_queueing_again_replaces_the_place_and_leaving_and_expiry_end_it(store):
    await store.queue_and_match(entry(1, players=4), NOW)
    await store.queue_and_match(entry(1, players=2), NOW + 10)           # one place per player and server
    assert [(r.players, r.queued_at) for r in await store.queue_entries(GUILD, NOW + 11)] == [(2, NOW + 10)]
    assert await store.leave_queue(GUILD, 1, NOW + 12) is True
    assert await store.leave_queue(GUILD, 1, NOW + 13) is False
    await store.queue_and_match(entry(2, players=2, expires=NOW + HOUR), NOW)
    assert (await store.queue_entry(GUILD, 2, NOW + HOUR - 1)).user_id == 2
    assert await store.queue_entry(GUILD, 2, NOW + HOUR) is None         # expired: gone for everyone
    assert await store.queue_entries(GUILD, NOW + HOUR) == []
    assert await store.queue_and_match(entry(3, players=2), NOW + HOUR) == []   # no table with an expired place


async def test_ratings_must_lie_within_every_players_range():
    new = entry(9, players=2, rating=1000, rating_range=100)
    assert pick_table(new, [entry(1, players=2, rating=1200)]) == []             # outside mine
    assert pick_table(new, [entry(1, players=2, rating=1050, rating_range=20)]) == []   # outside theirs
    found = pick_table(new, [entry(1, players=2, rating=1200), entry(2, players=2, rating=1090)])
    assert [e["user_id"] for e in found] == [2, 9]
    anyone = entry(9, players=3, rating=1050)
    # 1 and 2 both fit the newcomer, but not each other: 1 is older, so 3 is taken instead of 2
    waiting = [entry(1, players=3, rating=1000, rating_range=50), entry(2, players=3, rating=1100),
               entry(3, players=3, rating=1040)]
    assert [e["user_id"] for e in pick_table(anyone, waiting)] == [1, 3, 9]


async def test_two_processes_queueing_at_once_never_seat_a_player_twice(store, db_path):
    """Two stores on one database (two bot processes) queue 24 players for 2-seat tables at the same moment:
    every player ends in exactly one table or still waits, never in two."""
    other = await open_store(db_path)
    try:
        stores = [store, other]
        results = await asyncio.gather(*(stores[user % 2].queue_and_match(entry(user, players=2), NOW + user)
                                         for user in range(1, 25)))
        tables = [[e["user_id"] for e in table] for table in results if table]
        seated = [user for table in tables for user in table]
        waiting = [r.user_id for r in await store.queue_entries(GUILD, NOW + 30)]
        assert len(seated) == len(set(seated)) and not set(seated) & set(waiting)
        assert sorted(seated + waiting) == list(range(1, 25))
        assert all(len(table) == 2 for table in tables) and len(waiting) <= 1
    finally:
        await other.close()


async def test_requeue_puts_claimed_places_back(store):
    await store.queue_and_match(entry(1, players=2), NOW)
    table = await store.queue_and_match(entry(2, players=2), NOW + 1)
    await store.requeue(table)
    assert [(r.user_id, r.queued_at) for r in await store.queue_entries(GUILD, NOW + 2)] == [(1, NOW), (2, NOW + 1)]


async def test_forget_me_removes_a_players_places(store):
    await store.queue_and_match(entry(1), NOW)
    await store.queue_and_match(entry(1, guild=OTHER_GUILD), NOW)
    await store.queue_and_match(entry(2), NOW)
    await store.forget_user(1, "Former player")
    assert [r.user_id for r in await store.queue_entries(GUILD, NOW)] == [2]
    assert await store.queue_entries(OTHER_GUILD, NOW) == []


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
async def test_a_database_at_0005_is_upgraded_to_0006(db_path):
    engine = engine_for(db_path)
    async with engine.begin() as conn:
        await conn.run_sync(migrations.upgrade, "0005")
        tables = await conn.run_sync(lambda sync: set(sync.dialect.get_table_names(sync)))
        assert "ratings" in tables and "find_queue" not in tables
    await engine.dispose()
    store = await open_store(db_path)
    try:
        assert await store.schema_version() == HEAD
        assert await store.queue_and_match(entry(1, players=2), NOW) == []
        assert [e["user_id"] for e in await store.queue_and_match(entry(2, players=2), NOW)] == [1, 2]
    finally:
        await store.close()
    assert await schema_differences(db_path) == []
