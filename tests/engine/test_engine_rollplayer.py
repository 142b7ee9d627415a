"""Roll Player through the engine: the real kind plugs in via the default registry, plays, survives a
restart, finishes with per-user results, and its log replays to the stored snapshot."""
from __future__ import annotations

import random

from bot.engine import SessionManager, Store, default_registry
from bot.engine.verify import verify_store

USERS = (501, 502)


async def play(mgr, game_id, rng, limit):
    """Random legal moves for whoever is pending, at most ``limit``; returns the last result (or None)."""
    result = None
    for _ in range(limit):
        view = await mgr.load(game_id)
        if view.status != "active":
            break
        kind = mgr.kinds[view.kind]
        seat = kind.pending(view.state)[0]["seat"]
        user = view.seats[seat].user_id
        move = rng.choice(await mgr.legal_moves(game_id, user))
        result = await mgr.apply(game_id, user, move, view.version)
    return result


async def test_rollplayer_two_seats_across_a_restart(db_path):
    registry = default_registry()
    assert "rollplayer" in registry
    rng = random.Random(8)
    store = await Store.open(db_path)
    mgr = SessionManager(store, registry)
    game = await mgr.create("rollplayer", 1, 42, USERS[0], "Ann", {}, 2, seed=1234)
    await mgr.join(game.id, USERS[1], "Ben")
    await mgr.start(game.id, USERS[0])
    first = await play(mgr, game.id, rng, 12)
    assert first.version == 12 and not first.finished
    await store.close()

    store = await Store.open(db_path)
    mgr = SessionManager(store, registry)
    view = await mgr.game_in_channel(42)
    assert view.version == 12 and registry["rollplayer"].dumps(view.state) == registry["rollplayer"].dumps(
        first.state)
    last = await play(mgr, game.id, rng, 2000)
    assert last.finished
    rows = await mgr.store.finished_results(kind="rollplayer")
    ranking = last.score["ranking"]  # Roll Player ranks with its own tie-breakers; the engine keeps that
    assert sorted((r.user_id, r.place, r.total) for r in rows) == sorted(
        (USERS[e["index"]], e["place"], e["total"]) for e in ranking)
    report = await verify_store(store, registry)
    assert report.ok and [c.moves for c in report.checked] == [last.version]
    await store.close()
