"""Claiming outbox posts on PostgreSQL: of several processes exactly one delivers each post, a game's posts
stay with one process (so they go out in order), and a lease that runs out lets another process take over."""
from __future__ import annotations

import asyncio

import pytest

from bot.engine import Bookkeeping, SessionManager
from bot.engine.store import Store as PgStore
from tests.engine.helpers import ENDLESS, FakeClock, registry

ALICE = 100
T = 1_700_000_000.0


def post_every_version(view, result):
    return Bookkeeping(post={"version": view.version})


@pytest.fixture
async def two_stores(pg_url):
    stores = [await PgStore.open(pg_url, max_size=4) for _ in range(2)]
    yield stores
    for store in stores:
        await store.close()


async def games_with_posts(store, games: int, moves: int) -> list[int]:
    mgr = SessionManager(store, registry(), clock=FakeClock(T))
    ids = []
    for g in range(games):
        game = await mgr.create("dicerace", 1, 300 + g, ALICE, "A", ENDLESS, 1, seed=g, plan=post_every_version)
        for version in range(moves):
            await mgr.apply(game.id, ALICE, {"action": "pass"}, version, plan=post_every_version)
        ids.append(game.id)
    return ids


async def test_a_claim_is_exclusive_until_its_lease_runs_out(two_stores):
    a, b = two_stores
    [game] = await games_with_posts(a, 1, 2)
    claimed = await a.claim_posts("bot-a", 10, 60, now=T)
    assert [(p.game_id, p.seq) for p in claimed] == [(game, 0), (game, 1), (game, 2)]
    assert await b.claim_posts("bot-b", 10, 60, now=T + 30) == []
    again = await a.claim_posts("bot-a", 10, 60, now=T + 30)  # the owner renews its own lease
    assert [p.id for p in again] == [p.id for p in claimed]
    await a.mark_post_delivered(claimed[0].id, 42, T + 31)
    taken = await b.claim_posts("bot-b", 10, 60, now=T + 91)  # a's lease ran out: b takes what is left
    assert [p.id for p in taken] == [p.id for p in claimed[1:]]
    assert await a.claim_posts("bot-a", 10, 60, now=T + 92) == []
    for post in taken:
        await b.mark_post_delivered(post.id, 7, T + 93)
    assert await a.claim_posts("bot-a", 10, 60, now=T + 1000) == []  # delivered posts are never claimed
    assert await a.undelivered_posts() == []


async def test_a_game_held_by_one_process_stays_with_it(two_stores):
    a, b = two_stores
    [game, other] = await games_with_posts(a, 2, 0)
    [mine] = await a.claim_posts("bot-a", 1, 60, now=T)  # limit 1: only the first game's post
    assert mine.game_id == game
    mgr = SessionManager(b, registry(), clock=FakeClock(T + 1))
    await mgr.apply(game, ALICE, {"action": "pass"}, 0, plan=post_every_version)  # a new post for game
    theirs = await b.claim_posts("bot-b", 10, 60, now=T + 2)
    assert {p.game_id for p in theirs} == {other}  # game's newer post waits for bot-a, which holds it
    renewed = await a.claim_posts("bot-a", 10, 60, now=T + 3)
    assert [(p.game_id, p.seq) for p in renewed] == [(game, 0), (game, 1)]


async def test_concurrent_claimers_never_share_a_post_or_a_game(two_stores, pg_url):
    a, b = two_stores
    await games_with_posts(a, 12, 3)
    extra = [await PgStore.open(pg_url, max_size=2) for _ in range(2)]
    claimers = [(f"bot-{i}", store) for i, store in enumerate([a, b, *extra])]
    try:
        rounds = await asyncio.gather(*(store.claim_posts(owner, 5, 60, now=T) for owner, store in claimers
                                        for _ in range(3)))
    finally:
        for store in extra:
            await store.close()
    owners: dict[int, set[str]] = {}
    games: dict[int, set[str]] = {}
    for (owner, _), claimed in zip([c for c in claimers for _ in range(3)], rounds):
        for post in claimed:
            owners.setdefault(post.id, set()).add(owner)
            games.setdefault(post.game_id, set()).add(owner)
    assert owners and all(len(o) == 1 for o in owners.values())
    assert all(len(o) == 1 for o in games.values())
    assert len(owners) >= 5 and len(games) >= 2
