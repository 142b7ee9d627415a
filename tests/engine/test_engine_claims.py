"""Several bot processes on one database (bot/engine/claims.py), on SQLite and on PostgreSQL: a process lists
only the games of its shards, and of two processes only one claims a post, a reminder or a named lease."""
from __future__ import annotations

import pytest

from bot.engine import Bookkeeping, SessionManager
from bot.engine.store import open_store
from bot.sharding import ShardScope
from tests.engine.helpers import ENDLESS, FakeClock, registry

ALICE = 100
T = 1_700_000_000.0


def guild_on(shard: int, count: int = 2, n: int = 1) -> int:
    """A guild id Discord routes to ``shard`` of ``count``."""
    return ((n * count + shard) << 22) | 5


def post_every_version(view, result):
    return Bookkeeping(post={"version": view.version})


@pytest.fixture
async def two_managers(store, db_path):
    """Two processes' views of one database: a store and a session manager each, one shared clock."""
    clock = FakeClock(T)
    other = await open_store(db_path)
    yield [SessionManager(s, registry(), clock=clock) for s in (store, other)], clock
    await other.close()


async def game_with_posts(mgr: SessionManager, guild_id: int | None, channel: int, moves: int = 1) -> int:
    game = await mgr.create("dicerace", guild_id, channel, ALICE, "A", ENDLESS, 1, seed=channel,
                            plan=post_every_version)
    for version in range(moves):
        await mgr.apply(game.id, ALICE, {"action": "pass"}, version, plan=post_every_version)
    return game.id


async def test_only_one_process_claims_each_post(two_managers):
    (a, b), clock = two_managers
    game = await game_with_posts(a, guild_on(0), 301, moves=2)
    claimed = await a.store.claim_posts("bot-a", game_id=game, lease_s=60, now=clock())
    assert [p.seq for p in claimed] == [0, 1, 2]
    assert await b.store.claim_posts("bot-b", lease_s=60, now=clock()) == []
    assert await b.store.claim_posts("bot-b", game_id=game, lease_s=60, now=clock()) == []
    renewed = await a.store.claim_posts("bot-a", lease_s=60, now=clock())
    assert [p.id for p in renewed] == [p.id for p in claimed]  # renewed
    await a.store.mark_post_delivered(claimed[0].id, 42, clock())
    clock.advance(61)                                   # a died: its lease runs out and b takes the rest
    taken = await b.store.claim_posts("bot-b", lease_s=60, now=clock())
    assert [p.id for p in taken] == [p.id for p in claimed[1:]]
    assert await a.store.claim_posts("bot-a", lease_s=60, now=clock()) == []


async def test_a_clean_shutdown_hands_claims_over_at_once(two_managers):
    (a, b), clock = two_managers
    game = await game_with_posts(a, None, 302)
    assert len(await a.store.claim_posts("bot-a", game_id=game, now=clock())) == 2
    await a.store.claim_lease("takeover:1", "bot-a", now=clock())
    await a.store.release_claims("bot-a")
    assert len(await b.store.claim_posts("bot-b", game_id=game, now=clock())) == 2
    assert await b.store.claim_lease("takeover:1", "bot-b", now=clock())


async def test_a_lease_has_one_owner_until_it_runs_out(two_managers):
    (a, b), clock = two_managers
    assert await a.store.claim_lease("clock:7", "bot-a", lease_s=30, now=clock())
    assert not await b.store.claim_lease("clock:7", "bot-b", lease_s=30, now=clock())
    assert await b.store.claim_lease("clock:8", "bot-b", lease_s=30, now=clock())  # another name is another lease
    clock.advance(20)
    assert await a.store.claim_lease("clock:7", "bot-a", lease_s=30, now=clock())           # renewed until T + 50
    clock.advance(20)
    assert not await b.store.claim_lease("clock:7", "bot-b", lease_s=30, now=clock())
    clock.advance(11)
    assert await b.store.claim_lease("clock:7", "bot-b", lease_s=30, now=clock())
    assert not await a.store.claim_lease("clock:7", "bot-a", lease_s=30, now=clock())


async def test_a_reminder_is_sent_by_one_process_only(two_managers):
    (a, b), clock = two_managers
    game = await game_with_posts(a, guild_on(1), 303)
    clock.advance(3600)
    [seen_a] = await a.store.games_needing_reminder(clock(), 600, 3)
    [seen_b] = await b.store.games_needing_reminder(clock(), 600, 3)
    assert seen_a == seen_b
    assert await b.claim_reminder(seen_b)
    assert not await a.claim_reminder(seen_a), "both processes would have reminded"
    assert (await a.load(game)).reminder_count == 1, "the loser reloads the game"
    clock.advance(3600)
    [again] = await a.store.games_needing_reminder(clock(), 600, 3)
    await b.apply(game, ALICE, {"action": "pass"}, again.version)        # a move comes in meanwhile
    assert not await a.claim_reminder(again), "a reminder for a turn that is over"
    assert await a.store.games_needing_reminder(clock(), 600, 3) == []


async def test_a_process_lists_only_the_games_of_its_shards(two_managers):
    (a, _b), clock = two_managers
    ids = {where: await game_with_posts(a, guild, 400 + i, moves=0)
           for i, (where, guild) in enumerate([("shard0", guild_on(0)), ("shard1", guild_on(1)), ("dm", None)])}
    clock.advance(3600)
    for shards, expected in (((0,), {"shard0", "dm"}), ((1,), {"shard1"}), ((0, 1), {"shard0", "shard1", "dm"})):
        a.store.scope = ShardScope(shards, 2)
        served = {ids[w] for w in expected}
        assert set(await a.store.game_ids(["active"])) == served
        assert set(await a.store.game_ids()) == served
        assert {r.game_id for r in await a.store.games_needing_reminder(clock(), 600, 3)} == served
        assert {p.game_id for p in await a.store.undelivered_posts()} == served
    a.store.scope = ShardScope((1,), 2)
    assert {p.game_id for p in await a.store.claim_posts("bot-a", now=clock())} == {ids["shard1"]}
    assert [p.game_id for p in await a.store.claim_posts("bot-a", game_id=ids["dm"], now=clock())] == [ids["dm"]], \
        "a named game is claimed whatever the scope"
    assert [p.game_id for p in await a.store.undelivered_posts(game_id=ids["shard0"])] == [ids["shard0"]]


async def test_sqlite_claims_a_process_s_new_posts_in_the_move_s_own_transaction(tmp_path):
    """The courier's hot path: the post a move wrote is already this process's, so delivering it right after
    the move writes nothing more; another process still sees (and respects) the claim."""
    from bot.engine.store import Store
    path = tmp_path / "hot.db"
    clock = FakeClock(T)
    a_store, b_store = await Store.open(path), await Store.open(path)
    try:
        a, b = SessionManager(a_store, registry(), clock=clock), SessionManager(b_store, registry(), clock=clock)
        await a.store.claim_new_posts("bot-a", 60)
        game = await game_with_posts(a, guild_on(0), 501, moves=1)
        writes = a_store._db.total_changes
        assert [p.seq for p in await a.store.claim_posts("bot-a", game_id=game, lease_s=60, now=clock())] == [0, 1]
        assert a_store._db.total_changes == writes, "the claim cost a write"
        assert await b.store.claim_posts("bot-b", lease_s=60, now=clock()) == []
        clock.advance(45)                      # less than half the lease left: renewed with a write
        assert len(await a.store.claim_posts("bot-a", game_id=game, lease_s=60, now=clock())) == 2
        assert a_store._db.total_changes > writes
        await b.store.claim_new_posts("bot-b", 60)
        other = await game_with_posts(b, guild_on(1), 502, moves=0)
        assert await a.store.claim_posts("bot-a", game_id=other, lease_s=60, now=clock()) == [], "b's new post is b's"
    finally:
        await a_store.close()
        await b_store.close()
