"""The live message's posts read by one bounded query (``last_message_posts``, on both backends): the delivered
posts of the game's latest message before a post, the same as picked out of all the game's posts, without
reading them all."""
from __future__ import annotations

from bot.engine import Bookkeeping
from bot.engine.store import LAST_MESSAGE_POSTS
from tests.engine.helpers import ENDLESS

ALICE, BOB = 100, 200


def post_plan(view, result):
    return Bookkeeping(meta=view.meta, post={"version": view.version})


def picked_out(posts, before_id):
    """What the courier worked out from every post of the game before (the reference)."""
    delivered = [p for p in posts if p.id < before_id and p.delivered_at is not None and p.message_id is not None]
    if not delivered:
        return []
    return [p for p in delivered if p.message_id == delivered[-1].message_id]


async def test_the_latest_messages_posts_before_each_post(mgr, clock):
    game = await mgr.create("dicerace", 1, 10, ALICE, "Alice", ENDLESS, 2, seed=7)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE, plan=post_plan)
    for version in range(7):
        await mgr.apply(game.id, (ALICE, BOB)[version % 2], {"action": "pass"}, version, plan=post_plan)
    other = await mgr.create("dicerace", 1, 11, ALICE, "Alice", ENDLESS, 2, seed=8)   # another game's posts
    await mgr.join(other.id, BOB, "Bob")
    await mgr.start(other.id, ALICE, plan=post_plan)
    [theirs] = await mgr.store.posts(other.id)
    await mgr.store.mark_post_delivered(theirs.id, 30, clock())
    posts = await mgr.store.posts(game.id)
    assert len(posts) == 8
    assert await mgr.store.last_message_posts(game.id) == []                       # nothing delivered yet
    # message 10 (a post and an edit), a post given up, message 20 (three posts), message 10 again is
    # impossible (an edit goes to the latest message); the last post is not delivered yet
    for post, message in zip(posts, (10, 10, None, 20, 20, 20, 40)):
        await mgr.store.mark_post_delivered(post.id, message, clock())
    posts = await mgr.store.posts(game.id)
    ids = [p.id for p in posts]
    assert [p.id for p in await mgr.store.last_message_posts(game.id)] == [ids[6]]
    assert [p.id for p in await mgr.store.last_message_posts(game.id, ids[6])] == ids[3:6]
    assert [p.id for p in await mgr.store.last_message_posts(game.id, ids[4])] == [ids[3]]
    assert [p.id for p in await mgr.store.last_message_posts(game.id, ids[3])] == ids[0:2]
    assert await mgr.store.last_message_posts(game.id, ids[0]) == []
    for before in [*ids, ids[-1] + 1]:
        assert await mgr.store.last_message_posts(game.id, before) == picked_out(posts, before), before
    assert [p.id for p in await mgr.store.last_message_posts(other.id)] == [theirs.id]


def test_the_query_reads_a_range_of_the_games_index_not_the_table():
    """SQLite's plan: every read of the outbox is a search of ``outbox_by_game`` by game and id range."""
    import sqlite3

    from sqlalchemy import create_engine

    from bot.engine.schema import metadata

    engine = create_engine("sqlite://")
    with engine.begin() as conn:
        metadata.create_all(conn)
        db = conn.connection.dbapi_connection
        assert isinstance(db, sqlite3.Connection)
        plan = [row[-1] for row in db.execute("EXPLAIN QUERY PLAN " + LAST_MESSAGE_POSTS, {"g": 1, "before": 9})]
    reads = [line for line in plan if "outbox" in line or line.startswith(("SCAN o", "SCAN p", "SEARCH"))]
    assert len(reads) == 3 and all("USING INDEX outbox_by_game (game_id=? AND id" in line for line in reads), plan
