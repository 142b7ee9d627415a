"""Bookkeeping and the outbox: what the shell decides about a change is committed with that change."""
from __future__ import annotations

import asyncio

import pytest

from bot.engine import Bookkeeping, SessionManager, Store
from bot.engine.errors import StaleMove
from bot.games.errors import RuleError
from tests.engine.helpers import ENDLESS, registry

ALICE, BOB = 100, 200


def log_plan(view, result):
    """Append the move's events to a log in the metadata and post the new version."""
    log = list(view.meta.get("log", []))
    if result is not None:
        log += [e["key"] for e in result.events]
    return Bookkeeping(meta=dict(view.meta, log=log),
                       post={"version": view.version, "due": [p["seat"] for p in
                                                              registry()[view.kind].pending(view.state)]})


async def two_seat_game(mgr, plan=None):
    game = await mgr.create("dicerace", 1, 10, ALICE, "Alice", ENDLESS, 2, seed=7)
    await mgr.join(game.id, BOB, "Bob")
    return await mgr.start(game.id, ALICE, plan=plan)


async def test_start_and_moves_commit_their_post_and_meta(mgr, db_path, clock):
    game = await two_seat_game(mgr, log_plan)
    assert game.meta == {"log": []}
    [first] = await mgr.store.undelivered_posts()
    assert (first.game_id, first.seq, first.channel_id, first.payload) == (game.id, 0, 10,
                                                                            {"version": 0, "due": [0]})
    result = await mgr.apply(game.id, ALICE, {"action": "pass"}, 0, plan=log_plan)
    assert result.version == 1
    posts = await mgr.store.undelivered_posts()
    assert [p.payload for p in posts] == [{"version": 0, "due": [0]}, {"version": 1, "due": [1]}]
    # what a restarted process sees: the same meta and the same posts, read from the file
    store = await Store.open(db_path)
    try:
        fresh = SessionManager(store, registry(), clock=clock)
        assert (await fresh.load(game.id)).meta == {"log": ["toy.passed"]}
        assert [p.id for p in await fresh.store.undelivered_posts()] == [p.id for p in posts]
        await fresh.store.mark_post_delivered(posts[0].id, 555, clock())
        assert [p.id for p in await fresh.store.undelivered_posts()] == [posts[1].id]
        [done, _] = await fresh.store.posts(game.id)
        assert done.message_id == 555 and done.delivered_at == clock.now
    finally:
        await store.close()


async def test_refused_move_writes_neither_meta_nor_post(mgr):
    game = await two_seat_game(mgr, log_plan)
    before = await mgr.store.undelivered_posts()
    with pytest.raises(RuleError):
        await mgr.apply(game.id, ALICE, {"action": "boost", "amount": 9}, 0, plan=log_plan)
    with pytest.raises(StaleMove):
        await mgr.apply(game.id, ALICE, {"action": "pass"}, 5, plan=log_plan)
    assert await mgr.store.undelivered_posts() == before
    assert (await mgr.load(game.id)).meta == {"log": []}


async def test_a_failing_planner_leaves_the_move_unplayed(mgr):
    game = await two_seat_game(mgr)

    def broken(view, result):
        raise RuntimeError("planner bug")

    with pytest.raises(RuntimeError):
        await mgr.apply(game.id, ALICE, {"action": "pass"}, 0, plan=broken)
    assert (await mgr.load(game.id)).version == 0
    assert await mgr.store.recent_moves(game.id) == []


async def test_simultaneous_moves_keep_each_others_bookkeeping(mgr):
    """Many games moving at once (one group commit): every move's log line and post is kept."""
    games = [await mgr.create("dicerace", 1, 100 + n, ALICE, "Alice", ENDLESS, 1, seed=n, plan=log_plan)
             for n in range(12)]
    await asyncio.gather(*(mgr.apply(g.id, ALICE, {"action": "pass"}, 0, plan=log_plan) for g in games))
    for g in games:
        assert (await mgr.load(g.id)).meta["log"] == ["toy.passed"]
        assert [p.seq for p in await mgr.store.posts(g.id)] == [0, 1]


async def test_final_move_commits_its_post(mgr):
    game = await mgr.create("dicerace", 1, 10, ALICE, "Alice", {"target": 5}, 1, seed=3, plan=log_plan)
    while True:
        view = await mgr.load(game.id)
        result = await mgr.apply(game.id, ALICE, {"action": "roll"}, view.version, plan=log_plan)
        if result.finished:
            break
    last = (await mgr.store.posts(game.id))[-1]
    assert last.seq == result.version and last.payload["due"] == []
