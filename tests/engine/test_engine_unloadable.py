"""Issue 28 point 2: the engine never commits a state its own kind's ``loads`` refuses, and ``verify``
reports a stored game whose snapshot does not load.

The rules once took ``{"value": true}`` for ``{"value": 1}`` (``True == 1``) and stored the boolean; the
game's snapshot was then refused on every later load. The rules now refuse such a move; these tests put
the old, lax comparison back to show the engine's own safety net (and ``verify``) catching a kind that
slips.
"""
from __future__ import annotations

import io
import json
import sqlite3

import pytest

from bot.engine import SessionManager, Store, errors, sessions
from bot.engine.__main__ import run_verify
from bot.engine.kinds import KindRegistry
from bot.games.rollforadventure import moves as rfa_moves
from bot.games.rollforadventure import policy
from bot.games.rollforadventure.kind import KIND

SPEC = ["bot.games.rollforadventure.kind:KIND"]


def _lax(move, legal):
    return move if move in legal else None      # the old ``move in legal``: True == 1


async def _game_with_a_one(mgr):
    """A two-hero solo game (seat 0) whose first decision can place a 1."""
    for seed in range(40):
        game = await mgr.create("rollforadventure", None, 100 + seed, 1, "Ann", {}, 1, seed=seed)
        ones = [m for m in KIND.legal_moves(game.state, 0) if m.get("type") == "place" and m.get("value") == 1
                and m["place"] == "memory"]
        if ones:
            return game, ones[0]
    raise AssertionError("no seed with a 1 to place")


async def test_a_move_whose_state_would_not_load_is_refused_and_nothing_is_stored(tmp_path, monkeypatch):
    monkeypatch.setattr(rfa_moves, "offered", _lax)
    store = await Store.open(tmp_path / "g.db")
    try:
        mgr = SessionManager(store, KindRegistry([KIND]))
        game, one = await _game_with_a_one(mgr)
        with pytest.raises(errors.InvalidMove) as refused:
            await mgr.apply(game.id, 1, dict(one, value=True), game.version)
        assert "would not load" in str(refused.value)
        again = await mgr.load(game.id)
        assert again.version == game.version and KIND.dumps(again.state) == KIND.dumps(game.state)
        assert await mgr.move_log(game.id) == []
        await mgr.apply(game.id, 1, one, game.version)              # the game goes on
    finally:
        await store.close()


async def test_verify_reports_a_game_whose_snapshot_does_not_load(tmp_path, monkeypatch):
    path = tmp_path / "g.db"
    monkeypatch.setattr(rfa_moves, "offered", _lax)
    monkeypatch.setattr(sessions, "_stored", lambda kind, state, error, what: (kind.dumps(state), state))
    store = await Store.open(path)
    try:
        mgr = SessionManager(store, KindRegistry([KIND]))
        game, one = await _game_with_a_one(mgr)
        await mgr.apply(game.id, 1, dict(one, value=True), game.version)    # what the old code stored
    finally:
        await store.close()
    snapshot = sqlite3.connect(path).execute("SELECT snapshot FROM games WHERE id = ?", (game.id,)).fetchone()[0]
    with pytest.raises(Exception):
        KIND.loads(snapshot)
    out = io.StringIO()
    assert await run_verify(str(path), SPEC, out) == 1     # even while the lax rules replay it exactly
    assert f"game {game.id} " in out.getvalue() and "the snapshot does not load" in out.getvalue()
    monkeypatch.undo()
    out = io.StringIO()
    assert await run_verify(str(path), SPEC, out) == 1
    assert f"game {game.id} " in out.getvalue() and "the snapshot does not load" in out.getvalue()


async def _stored_game(tmp_path):
    """A game with one move stored in a fresh SQLite file: (path, game, an open connection, its snapshot)."""
    path = tmp_path / "g.db"
    store = await Store.open(path)
    try:
        mgr = SessionManager(store, KindRegistry([KIND]))
        game, one = await _game_with_a_one(mgr)
        await mgr.apply(game.id, 1, one, game.version)
    finally:
        await store.close()
    db = sqlite3.connect(path)
    [snapshot] = db.execute("SELECT snapshot FROM games WHERE id = ?", (game.id,)).fetchone()
    return path, game, db, snapshot


async def test_a_snapshot_an_older_version_stored_loads_and_verifies(tmp_path):
    """Roll for Adventure's state version 2 counts defeats (``defeated``); a game stored by version 1 still
    loads, and ``verify`` compares its snapshot as version 2 stores it with the replay, not its old text."""
    path, game, db, snapshot = await _stored_game(tmp_path)
    old = json.loads(snapshot)
    assert old["v"] == 2 and old.pop("defeated") == 0
    db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(dict(old, v=1)), game.id))
    db.commit()
    db.close()
    out = io.StringIO()
    assert await run_verify(str(path), SPEC, out) == 0, out.getvalue()
    store = await Store.open(path)
    try:
        loaded = await SessionManager(store, KindRegistry([KIND])).load(game.id)
        assert loaded.state["v"] == 2 and loaded.state["defeated"] == 0
    finally:
        await store.close()


def _as_version_1(snapshot: str) -> str:
    """``snapshot`` as Roll for Adventure's state version 1 stored it: no ``defeated`` count, ``"v": 1``, and the
    kind's own compact, sorted JSON (its ``dumps`` then and now)."""
    state = json.loads(snapshot)
    del state["defeated"]
    return json.dumps(dict(state, v=1), sort_keys=True, separators=(",", ":"))


async def test_an_older_game_in_which_a_necromancer_raised_an_enemy_verifies(tmp_path):
    """A version-1 game whose Necromancer raised a defeated enemy out of the discard pile: that version counted
    nothing, so its snapshot loads with the count the pile shows (one too few), while the replay counts every
    defeat. ``verify`` reported "snapshot differs" on a game that was fine; it compares what version 1 stored."""
    path = tmp_path / "g.db"
    store = await Store.open(path)
    try:
        mgr = SessionManager(store, KindRegistry([KIND]))
        game = await mgr.create("rollforadventure", None, 100, 1, "Ann", {"specials": ["necromancer"]}, 1, seed=1)
        state, version, raised = game.state, game.version, False
        while not raised:
            assert version < 200, "seed 1's Necromancer raises an enemy within its first moves"
            move = policy.choose_move(state, KIND.pending(state)[0]["seat"], version)
            played = await mgr.apply(game.id, 1, move, version)
            state, version = played.state, played.version
            raised = any(e["key"] == "rollforadventure.event.raised" for e in played.events)
    finally:
        await store.close()
    db = sqlite3.connect(path)
    [snapshot] = db.execute("SELECT snapshot FROM games WHERE id = ?", (game.id,)).fetchone()
    old = _as_version_1(snapshot)
    assert KIND.loads(old)["defeated"] < json.loads(snapshot)["defeated"], "the raised enemy left the pile"
    db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (old, game.id))
    db.commit()
    db.close()
    out = io.StringIO()
    assert await run_verify(str(path), SPEC, out) == 0, out.getvalue()


async def test_verify_still_reports_an_older_game_whose_stored_fields_differ(tmp_path):
    """What version 1 did store is still compared with the replay: a changed discard pile is found."""
    path, game, db, snapshot = await _stored_game(tmp_path)
    state = json.loads(_as_version_1(snapshot))
    state["turn"] += 1
    db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(state), game.id))
    db.commit()
    db.close()
    out = io.StringIO()
    assert await run_verify(str(path), SPEC, out) == 1
    assert f"game {game.id} " in out.getvalue() and "snapshot differs" in out.getvalue()
