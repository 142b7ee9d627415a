"""Moves of any shape or size: a typed ``InvalidMove`` (never a crash, never a hang) and nothing written.

The engine checks depth, length, int range, string validity and total size before it encodes a move, hands
it to the rules or stores it. Hypothesis throws arbitrary Python values at ``apply``; every outcome must be
either a committed move whose stored text is the canonical JSON, or a typed error with the file unchanged.
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import InvalidMeta, InvalidMove, InvalidOptions, SessionManager, Store
from bot.engine.sessions import MAX_JSON_CHARS, MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_STRING
from bot.games.errors import RuleError
from tests.engine.helpers import ENDLESS, db_dump, registry


def nested(depth: int, leaf=None, container=list):
    value = leaf
    for _ in range(depth):
        value = [value] if container is list else {"k": value}
    return value


HOSTILE = {
    "list nested 5,000 deep": {"action": "pass", "x": nested(5000)},
    "dict nested 5,000 deep": {"action": "pass", "x": nested(5000, container=dict)},
    "just past the depth limit": {"action": "pass", "x": nested(MAX_JSON_DEPTH)},
    "int too big to print": {"type": 10**5000},
    "int past 2**63": {"action": "pass", "n": 2**63},
    "negative int past 2**63": {"action": "pass", "n": -(2**63)},
    "huge string": {"action": "pass", "s": "x" * 50_000_000},
    "string just past the limit": {"action": "pass", "s": "x" * (MAX_JSON_STRING + 1)},
    "huge key": {"action": "pass", "k" * 100_000: 1},
    "huge list": {"action": "pass", "l": [0] * 10_000_000},
    "many small strings": {"action": "pass", "l": ["y" * 4000] * 40},
    "wide dict": {"action": "pass", **{f"k{i}": i for i in range(MAX_JSON_ITEMS + 1)}},
    "lone surrogate in a value": {"action": "pass", "s": "\ud800"},
    "lone surrogate in a key": {"action": "pass", "\udfff": 1},
    "NaN": {"action": "pass", "f": float("nan")},
    "infinity": {"action": "pass", "f": float("-inf")},
    "bytes": {"action": "pass", "b": b"raw"},
    "a set": {"action": "pass", "s": {1, 2}},
    "an object": {"action": "pass", "o": object()},
    "int key": {"action": "pass", 1: "one"},
    "not a dict": [["action", "pass"]],
}


@pytest.fixture
async def game(mgr):
    return await mgr.create("dicerace", 1, 1, 1, "Ann", ENDLESS, 1, seed=7)


@pytest.mark.parametrize("name", list(HOSTILE))
async def test_hostile_move_is_invalid_and_writes_nothing(name, mgr, game, db_path):
    before = db_dump(db_path)
    started = time.perf_counter()
    with pytest.raises(InvalidMove) as caught:
        await mgr.apply(game.id, 1, HOSTILE[name], 0)
    assert time.perf_counter() - started < 1.0, "the check must stop at the first limit crossed"
    assert caught.value.code == "invalid_move" and caught.value.key == "engine.error.invalid_move"
    assert len(str(caught.value)) < 200, "the error never quotes the move"
    assert db_dump(db_path) == before
    assert (await mgr.apply(game.id, 1, {"action": "roll"}, 0)).version == 1, "the game plays on"


async def test_a_move_at_every_limit_is_accepted(mgr, game, db_path):
    """The limits are generous: a move right at each of them is stored and replays."""
    move = {"action": "pass", "deep": nested(MAX_JSON_DEPTH - 2), "n": 2**63 - 1, "m": -(2**63 - 1),
            "s": "é" * MAX_JSON_STRING, "t": ("a", "b")}
    result = await mgr.apply(game.id, 1, move, 0)
    assert result.version == 1
    stored = (await mgr.store.recent_moves(game.id, 1))[0].move
    assert stored["n"] == 2**63 - 1 and stored["t"] == ["a", "b"] and len(stored["s"]) == MAX_JSON_STRING


async def test_total_size_is_bounded(mgr, game):
    move = {"action": "pass", "l": ["z" * (MAX_JSON_STRING - 10)] * (MAX_JSON_CHARS // MAX_JSON_STRING + 1)}
    with pytest.raises(InvalidMove, match="longer than"):
        await mgr.apply(game.id, 1, move, 0)


async def test_bad_unicode_cannot_fail_other_games_in_a_group_commit(mgr):
    """A move the rules accept but SQLite cannot encode would have broken the whole batch it was
    committed with; it is refused before the rules see it, and the other games' moves land."""
    games = [await mgr.create("dicerace", 1, 10 + g, 1, "Ann", ENDLESS, 1, seed=g) for g in range(3)]
    moves = [{"action": "roll"}, {"action": "roll", "note": "\ud83d"}, {"action": "roll"}]
    outcomes = await asyncio.gather(*(mgr.apply(g.id, 1, m, 0) for g, m in zip(games, moves)),
                                    return_exceptions=True)
    assert outcomes[0].version == 1 and outcomes[2].version == 1
    assert isinstance(outcomes[1], InvalidMove)


@pytest.mark.parametrize("what, call, error", [
    ("options", lambda m: m.create("dicerace", 1, 99, 1, "A", {"target": 10**5000}, 1), InvalidOptions),
    ("options", lambda m: m.create("dicerace", 1, 99, 1, "A", {"x": nested(3000)}, 1), InvalidOptions),
    ("meta", lambda m: m.create("dicerace", 1, 99, 1, "A", ENDLESS, 1, meta={"x": nested(3000)}), InvalidMeta),
])
async def test_options_and_meta_get_the_same_checks(what, call, error, mgr, db_path):
    before = db_dump(db_path)
    with pytest.raises(error):
        await call(mgr)
    assert db_dump(db_path) == before


# --------------------------------------------------------------------------------------- fuzzing

LEAVES = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**64), max_value=2**64),
    st.sampled_from([-(10**400), 2**63 - 1, -(2**63 - 1)]),
    st.integers(min_value=4300, max_value=6000).map(lambda digits: 10**digits),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=2),
    st.integers(min_value=0, max_value=3).map(lambda k: "s" * (MAX_JSON_STRING - 1 + k)),
    st.sampled_from([b"bytes", frozenset({1}), 1j]),
)
KEYS = st.one_of(st.text(max_size=8), st.integers(min_value=0, max_value=3))
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4),
                            st.tuples(inner, inner)),
    max_leaves=30)
DEEP = st.one_of(st.integers(min_value=MAX_JSON_DEPTH - 3, max_value=MAX_JSON_DEPTH + 3),
                 st.integers(min_value=1000, max_value=4000)).map(nested)
WIDE = st.integers(min_value=MAX_JSON_ITEMS - 2, max_value=MAX_JSON_ITEMS + 2).map(lambda n: [0] * n)
MOVES = st.builds(
    lambda action, extra: {"action": action, **extra},
    st.sampled_from(["pass", "roll", "boost", "nope"]),
    st.dictionaries(st.text(max_size=6).filter(lambda k: k != "action"), st.one_of(VALUES, DEEP, WIDE),
                    max_size=3))
ANYTHING = st.one_of(MOVES, VALUES)


def _check_outcome(path: Path, move) -> None:
    async def run() -> None:
        store = await Store.open(path)
        try:
            mgr = SessionManager(store, registry())
            game_id = await store.open_game_id(1)
            if game_id is None:
                game_id = (await mgr.create("dicerace", 1, 1, 1, "Ann", ENDLESS, 1, seed=3)).id
            version = (await mgr.load(game_id)).version
            before = db_dump(path)
            started = time.perf_counter()
            try:
                result = await mgr.apply(game_id, 1, move, version)
            except (InvalidMove, RuleError):
                assert db_dump(path) == before
            else:
                assert result.version == version + 1
                db = sqlite3.connect(path)
                try:
                    text = db.execute("SELECT move FROM moves WHERE game_id = ? AND seq = ?",
                                      (game_id, result.version)).fetchone()[0]
                finally:
                    db.close()
                assert len(text) <= MAX_JSON_CHARS
                assert json.loads(text) == json.loads(json.dumps(move, sort_keys=True))
            assert time.perf_counter() - started < 2.0
        finally:
            await store.close()

    asyncio.run(run())


@pytest.fixture(scope="module")
def fuzz_db(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "fuzz.db"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=ANYTHING)
def test_fuzzed_moves_are_stored_or_refused_cleanly(fuzz_db, move):
    _check_outcome(fuzz_db, move)


# ------------------------------------------------------------------------ hostile numbers elsewhere

async def test_hostile_numbers_around_the_move_give_typed_errors(mgr, game, db_path):
    """The version a button carries, an AI seat number and a game id come from outside too; the errors
    that echo them must still format (repr(10**5000) raises) and a game id SQLite cannot bind is unknown."""
    from bot.engine import NotPermitted, StaleMove, UnknownGame

    before = db_dump(db_path)
    with pytest.raises(StaleMove) as stale:
        await mgr.apply(game.id, 1, {"action": "roll"}, 10**5000)
    with pytest.raises(NotPermitted) as seat:
        await mgr.apply_ai(game.id, 10**5000, {"action": "roll"})
    with pytest.raises(UnknownGame) as unknown:
        await mgr.load(10**5000)
    with pytest.raises(UnknownGame):
        await mgr.apply(2**64, 1, {"action": "roll"})
    for caught in (stale, seat, unknown):
        assert len(str(caught.value)) < 200 and "<int>" in str(caught.value)
    assert db_dump(db_path) == before
