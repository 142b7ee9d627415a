"""Every bad request: a typed error with a stable code and message key, and nothing written or cached."""
from __future__ import annotations

import asyncio
import math

import pytest

from bot.engine import (
    ChannelBusy,
    EngineError,
    InvalidMeta,
    InvalidMove,
    InvalidOptions,
    NotCreator,
    NotPermitted,
    StaleMove,
    UnknownGame,
)
from bot.engine.errors import (
    AlreadySeated,
    CreatorCannotLeave,
    GameNotActive,
    GameNotInLobby,
    InvalidSeatCount,
    InvalidSeed,
    NotEnoughPlayers,
    NotSeated,
    TableFull,
    UnknownKind,
)
from bot.games.errors import RuleError
from tests.engine.helpers import ENDLESS, db_dump

ALICE, BOB, CARL, DAVE = 100, 200, 300, 400


@pytest.fixture
async def tables(mgr):
    """A lobby (channel 1, duel kind: 2-3 seats), an active 2-seat race (channel 2), a finished solo race
    (channel 3, then free) and an abandoned one (channel 4)."""
    lobby = await mgr.create("diceduel", 1, 1, ALICE, "Alice", ENDLESS, 3, seed=1)
    active = await mgr.create("dicerace", 1, 2, ALICE, "Alice", ENDLESS, 2, seed=2)
    await mgr.join(active.id, BOB, "Bob")
    await mgr.start(active.id, ALICE)
    await mgr.apply(active.id, ALICE, {"action": "roll"}, 0)
    done = await mgr.create("dicerace", 1, 3, ALICE, "Alice", {"target": 5, "coins": 9}, 1, seed=3)
    await mgr.apply(done.id, ALICE, {"action": "boost", "amount": 3}, 0)
    await mgr.apply(done.id, ALICE, {"action": "boost", "amount": 3}, 1)
    gone = await mgr.create("dicerace", 1, 4, ALICE, "Alice", ENDLESS, 2, seed=4)
    await mgr.abandon(gone.id, ALICE)
    return {"lobby": lobby.id, "active": active.id, "done": done.id, "gone": gone.id}


def full_lobby_actions(t):
    return {
        "table_full": lambda m: m.join(t["lobby"], DAVE, "Dave"),
        "table_full_ai": lambda m: m.add_ai(t["lobby"], ALICE, "Robot"),
    }


CASES = {
    # name: (expected error, call)
    "unknown game (apply)": (UnknownGame, lambda m, t: m.apply(999, ALICE, {"action": "roll"}, 0)),
    "unknown game (join)": (UnknownGame, lambda m, t: m.join(999, BOB, "Bob")),
    "unknown game (load)": (UnknownGame, lambda m, t: m.load(999)),
    "unknown kind": (UnknownKind, lambda m, t: m.create("chess", 1, 50, ALICE, "A", {}, 2)),
    "too many seats": (InvalidSeatCount, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A", {}, 5)),
    "too few seats": (InvalidSeatCount, lambda m, t: m.create("diceduel", 1, 50, ALICE, "A", {}, 1)),
    "options not an object": (InvalidOptions, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A", [1], 2)),
    "options not JSON": (InvalidOptions, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A",
                                                                {"x": math.nan}, 2)),
    "options rejected by rules": (RuleError, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A",
                                                                   {"target": 1}, 2)),
    "negative seed": (InvalidSeed, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A", {}, 2, seed=-1)),
    "seed too large": (InvalidSeed, lambda m, t: m.create("dicerace", 1, 50, ALICE, "A", {}, 2, seed=2**63)),
    "channel has a lobby": (ChannelBusy, lambda m, t: m.create("dicerace", 1, 1, BOB, "B", {}, 2)),
    "channel has a game in play": (ChannelBusy, lambda m, t: m.create("dicerace", 1, 2, CARL, "C", {}, 1)),
    "joining twice": (AlreadySeated, lambda m, t: m.join(t["lobby"], ALICE, "Alice")),
    "joining a game in play": (GameNotInLobby, lambda m, t: m.join(t["active"], CARL, "Carl")),
    "joining a finished game": (GameNotInLobby, lambda m, t: m.join(t["done"], CARL, "Carl")),
    "starting with too few": (NotEnoughPlayers, lambda m, t: m.start(t["lobby"], ALICE)),
    "starting by a non-creator": (NotCreator, lambda m, t: m.start(t["lobby"], BOB)),
    "starting twice": (GameNotInLobby, lambda m, t: m.start(t["active"], ALICE)),
    "AI seat by a non-creator": (NotPermitted, lambda m, t: m.add_ai(t["lobby"], BOB, "Robot")),
    "leaving when not seated": (NotSeated, lambda m, t: m.leave(t["lobby"], BOB)),
    "creator leaving": (CreatorCannotLeave, lambda m, t: m.leave(t["lobby"], ALICE)),
    "leaving a game in play": (GameNotInLobby, lambda m, t: m.leave(t["active"], BOB)),
    "move by a user not seated": (NotSeated, lambda m, t: m.apply(t["active"], CARL, {"action": "roll"}, 1)),
    "move in a lobby": (GameNotActive, lambda m, t: m.apply(t["lobby"], ALICE, {"action": "roll"}, 0)),
    "move after the end": (GameNotActive, lambda m, t: m.apply(t["done"], ALICE, {"action": "roll"}, 2)),
    "move in an abandoned game": (GameNotActive, lambda m, t: m.apply(t["gone"], ALICE, {"action": "roll"})),
    "stale move": (StaleMove, lambda m, t: m.apply(t["active"], BOB, {"action": "roll"}, 0)),
    "future version": (StaleMove, lambda m, t: m.apply(t["active"], BOB, {"action": "roll"}, 7)),
    "move not an object": (InvalidMove, lambda m, t: m.apply(t["active"], BOB, "roll", 1)),
    "move not JSON": (InvalidMove, lambda m, t: m.apply(t["active"], BOB, {"action": {1, 2}}, 1)),
    "not your turn (rules)": (RuleError, lambda m, t: m.apply(t["active"], ALICE, {"action": "roll"}, 1)),
    "illegal move (rules)": (RuleError, lambda m, t: m.apply(t["active"], BOB, {"action": "boost",
                                                                                 "amount": 9}, 1)),
    "unknown move (rules)": (RuleError, lambda m, t: m.apply(t["active"], BOB, {"action": "fly"}, 1)),
    "AI move for a human seat": (NotPermitted, lambda m, t: m.apply_ai(t["active"], 1, {"action": "roll"})),
    "abandon by a stranger": (NotPermitted, lambda m, t: m.abandon(t["active"], CARL, False)),
    "abandon a finished game": (GameNotActive, lambda m, t: m.abandon(t["done"], ALICE, True)),
    "abandon twice": (GameNotActive, lambda m, t: m.abandon(t["gone"], ALICE)),
    "reminder for a finished game": (GameNotActive, lambda m, t: m.note_reminder(t["done"])),
    "meta not JSON": (InvalidMeta, lambda m, t: m.set_meta_keys(t["active"], {"k": object()})),
}


@pytest.mark.parametrize("name", sorted(CASES))
async def test_bad_request_is_typed_and_writes_nothing(name, mgr, tables, db_path):
    expected, call = CASES[name]
    views_before = {g: await mgr.load(g) for g in tables.values()}
    before = db_dump(db_path)
    with pytest.raises(expected) as caught:
        await call(mgr, tables)
    error = caught.value
    if isinstance(error, EngineError):
        assert error.code == expected.code and error.key == f"engine.error.{expected.code}"
    else:
        assert error.code and error.key.startswith("toy.")
    assert db_dump(db_path) == before
    for game_id, view in views_before.items():
        assert await mgr.load(game_id) == view  # the cache (or a reload) still shows the same game


async def test_full_table(mgr, tables, db_path):
    await mgr.join(tables["lobby"], BOB, "Bob")
    await mgr.join(tables["lobby"], CARL, "Carl")
    before = db_dump(db_path)
    for name, call in full_lobby_actions(tables).items():
        with pytest.raises(TableFull) as caught:
            await call(mgr)
        assert caught.value.key == "engine.error.table_full", name
    assert db_dump(db_path) == before
    assert len((await mgr.load(tables["lobby"])).seats) == 3


async def test_channel_race_has_one_winner(mgr, db_path):
    """Ten creates in the same channel at once: the database's unique index lets exactly one through."""
    outcomes = await asyncio.gather(*(mgr.create("dicerace", 1, 77, 1000 + i, f"p{i}", {}, 2)
                                      for i in range(10)), return_exceptions=True)
    created = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(created) == 1
    assert all(isinstance(o, ChannelBusy) for o in outcomes if o not in created)
    assert all(o.params["kind"] == "dicerace" for o in outcomes if o not in created)   # who holds the channel
    assert (await mgr.game_in_channel(77)).id == created[0].id


async def test_a_busy_channel_names_the_kind_that_holds_it(mgr, tables):
    """The refusal carries the occupying game's kind (the cogs name its commands), not the kind asked for."""
    with pytest.raises(ChannelBusy) as caught:
        await mgr.create("dicerace", 1, 1, BOB, "Bob", {}, 2)
    assert caught.value.params == {"channel_id": 1, "kind": "diceduel"}


def test_every_error_has_a_distinct_code():
    codes = [cls.code for cls in EngineError.__subclasses__()]
    assert len(codes) == len(set(codes)) and "engine_error" not in codes
