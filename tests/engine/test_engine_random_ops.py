"""Random walks of lobby and game operations by random users: after every step the manager's cache equals
what a fresh manager loads from the database, every started game's snapshot is its replay, and no channel
has two open games."""
from __future__ import annotations

import json
import random

import pytest

from bot.engine import EngineError, SessionManager, Store
from bot.games.errors import RuleError
from tests.engine.helpers import FakeClock, registry

USERS = (1, 2, 3, 4)
CHANNELS = (10, 20)
MOVES = ({"action": "roll"}, {"action": "pass"}, {"action": "boost", "amount": 1},
         {"action": "boost", "amount": 3})
WEIGHTS = {"create": 10, "join": 15, "leave": 5, "start": 12, "move": 10, "play": 40, "abandon": 4,
           "meta": 4}
KIND = registry()["dicerace"]


async def step(mgr, rng, last_game):
    """One random operation; returns its name and whether it succeeded."""
    name = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    channel, user = rng.choice(CHANNELS), rng.choice(USERS)
    game = await mgr.game_in_channel(channel)
    game_id = game.id if game is not None else last_game.get(channel, 999)
    version = game.version if game is not None and rng.random() < 0.8 else rng.choice([None, 0, 1])
    try:
        if name == "create":
            result = await mgr.create("dicerace", 1, channel, user, f"u{user}", {"target": 25},
                                      rng.choice([1, 2, 3]), seed=rng.getrandbits(40))
        elif name == "join":
            result = await mgr.join(game_id, user, f"u{user}")
        elif name == "leave":
            result = await mgr.leave(game_id, user)
        elif name == "start":
            creator = game.creator_id if game is not None and rng.random() < 0.7 else user
            result = await mgr.start(game_id, creator)
        elif name == "abandon":
            result = await mgr.abandon(game_id, user, rng.random() < 0.3)
        elif name == "meta":
            result = await mgr.set_meta_keys(game_id, {rng.choice("ab"): rng.choice([None, 1, "x"])})
        else:
            move = rng.choice(MOVES)
            if name == "play" and game is not None and game.status == "active":
                seat = KIND.pending(game.state)[0]["seat"]
                user = game.seats[seat].user_id
                if rng.random() < 0.7:
                    move = rng.choice(KIND.legal_moves(game.state, seat))
            result = await mgr.apply(game_id, user, move, version)
    except (EngineError, RuleError):
        return name, False
    if name == "create":
        last_game[channel] = result.id
    return name, True


def comparable(view):
    data = {k: getattr(view, k) for k in view.__dataclass_fields__ if k != "state"}
    data["state"] = KIND.dumps(view.state) if view.state is not None else None
    return data


async def check_agreement(mgr, store):
    fresh = SessionManager(store, registry())
    open_channels = []
    for game_id in await store.game_ids():
        view = await mgr.load(game_id)
        assert comparable(view) == comparable(await fresh.load(game_id))
        if view.is_open:
            open_channels.append(view.channel_id)
        row, seats, moves = await store.game_for_replay(game_id)
        if row.snapshot is not None:
            state = KIND.create(seats, row.seed, json.loads(row.options))
            for m in moves:
                state, _ = KIND.apply(state, m.seat, m.move)
            assert KIND.dumps(state) == row.snapshot and row.version == len(moves)
    assert len(open_channels) == len(set(open_channels))


@pytest.mark.parametrize("seed", range(8))
async def test_random_walk_keeps_cache_and_database_equal(seed):
    rng = random.Random(seed)
    store = await Store.open(":memory:")
    clock = FakeClock()
    mgr = SessionManager(store, registry(), clock=clock, cache_size=3)
    last_game: dict[int, int] = {}
    done = {name: 0 for name in WEIGHTS}
    try:
        for _ in range(200):
            clock.advance(1)
            name, ok = await step(mgr, rng, last_game)
            done[name] += ok
            await check_agreement(mgr, store)
    finally:
        await store.close()
    assert done["play"] + done["move"] > 10 and done["create"] >= 2  # the walk really played
