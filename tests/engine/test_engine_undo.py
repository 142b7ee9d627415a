"""Undo in the engine (issue 15): an undo entry appended to the log takes back the caller's last move, never
one that revealed something (a roll) nor across another player's move; the log keeps everything, versions
keep counting up, replay from seed + log reproduces the state, and a refused undo writes nothing.

Runs on SQLite and PostgreSQL (the ``store`` fixture), with Pig (tests/shell/toygame), whose roll reveals a
die and whose hold does not, and the dice race, whose kind has no ``reveals`` hook (no undo).
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import KindRegistry, SessionManager, StaleMove, UndoAfterReveal
from bot.engine.errors import GameNotActive, NothingToUndo, NotSeated, UndoAfterOtherPlayer, UndoUnsupported
from bot.engine.records import Bookkeeping, MoveRecord
from bot.engine.store import open_store
from bot.engine.undo import BrokenLog, effective_moves
from bot.engine.verify import verify_store
from tests.engine.helpers import ENDLESS, FakeClock, db_dump
from tests.engine.toy_kind import KIND as RACE
from tests.shell.toygame.rules import KIND as PIG

A, B = 10, 20


def kinds() -> KindRegistry:
    return KindRegistry([PIG, RACE])


def safe_seed(rolls: int) -> int:
    """A seed whose first ``rolls`` Pig rolls are no 1 (so seat 0 keeps its turn while rolling)."""
    for seed in range(1, 10_000):
        state = PIG.create(2, seed, {})
        ok = True
        for _ in range(rolls):
            state, events = PIG.apply(state, 0, {"type": "roll"})
            ok = ok and state.turn == 0
        if ok:
            return seed
    raise AssertionError("no seed found")


async def pig_duel(mgr: SessionManager, seed: int):
    game = await mgr.create("pig", 1, 500, A, "Ann", {}, seats_wanted=2, seed=seed)
    await mgr.join(game.id, B, "Ben")
    await mgr.start(game.id, A)
    return game.id


@pytest.fixture
def umgr(store):
    return SessionManager(store, kinds(), clock=FakeClock())


async def test_hold_is_taken_back_and_the_roll_before_it_stands(umgr, store):
    game_id = await pig_duel(umgr, safe_seed(2))
    await umgr.apply(game_id, A, {"type": "roll"})
    rolled = await umgr.apply(game_id, A, {"type": "roll"})
    held = await umgr.apply(game_id, A, {"type": "hold"})
    assert (await umgr.load(game_id)).state.turn == 1

    assert await umgr.can_undo(game_id, A) is True
    assert await umgr.can_undo(game_id, B) is False
    undone = await umgr.undo(game_id, A, expected_version=held.version)
    assert (undone.undone_seq, undone.undone_move, undone.seat) == (3, {"type": "hold"}, 0)
    assert undone.version == 4 and undone.seq == 4
    view = await umgr.load(game_id)
    assert view.version == 4 and PIG.dumps(view.state) == PIG.dumps(rolled.state)
    assert view.state.turn == 0 and PIG.legal_moves(view.state, 0) == [{"type": "roll"}, {"type": "hold"}]

    # the roll before it revealed a die: it stands, with the reason
    with pytest.raises(UndoAfterReveal):
        await umgr.undo(game_id, A)
    assert await umgr.can_undo(game_id, A) is False
    # a button made before the undo is stale now (versions never go back)
    with pytest.raises(StaleMove):
        await umgr.apply(game_id, A, {"type": "hold"}, expected_version=held.version)
    with pytest.raises(StaleMove):
        await umgr.undo(game_id, A, expected_version=held.version)

    # the log keeps the undone move and says it was undone; play goes on after it
    again = await umgr.apply(game_id, A, {"type": "hold"}, expected_version=4)
    assert again.version == 5
    records = await umgr.store.recent_moves(game_id, 10)
    assert [(r.seq, r.move, r.undoes) for r in records] == [
        (1, {"type": "roll"}, None), (2, {"type": "roll"}, None), (3, {"type": "hold"}, None),
        (4, {}, 3), (5, {"type": "hold"}, None)]
    report = await verify_store(store, kinds())
    assert report.ok, report.problems


async def test_never_across_another_players_move(umgr, store):
    game_id = await pig_duel(umgr, safe_seed(1))
    await umgr.apply(game_id, A, {"type": "roll"})
    await umgr.apply(game_id, A, {"type": "hold"})
    await umgr.apply(game_id, B, {"type": "roll"})
    with pytest.raises(UndoAfterOtherPlayer) as refused:
        await umgr.undo(game_id, A)
    assert refused.value.key == "engine.error.undo_after_other_player"
    assert refused.value.params["since"] == (await store.recent_moves(game_id, 2))[0].seq    # A's hold
    with pytest.raises(UndoAfterReveal):      # B's own roll revealed a die
        await umgr.undo(game_id, B)


async def test_nothing_to_undo_and_who_may_ask(umgr, store):
    game_id = await pig_duel(umgr, 3)
    with pytest.raises(NothingToUndo):
        await umgr.undo(game_id, A)
    with pytest.raises(NotSeated):
        await umgr.undo(game_id, 99)
    race = await umgr.create("dicerace", 1, 501, A, "Ann", ENDLESS, seats_wanted=1, seed=4)
    await umgr.apply(race.id, A, {"action": "pass"})
    with pytest.raises(UndoUnsupported):
        await umgr.undo(race.id, A)
    await umgr.abandon(race.id, A)
    with pytest.raises(GameNotActive):
        await umgr.undo(race.id, A)


async def test_a_bot_move_for_the_seat_is_not_the_players_own(umgr):
    game_id = await pig_duel(umgr, safe_seed(1))
    await umgr.apply(game_id, A, {"type": "roll"})
    await umgr.apply_for_seat(game_id, 0, {"type": "hold"})     # the idle-seat takeover played it
    with pytest.raises(UndoAfterOtherPlayer):
        await umgr.undo(game_id, A)


async def test_a_refused_undo_writes_nothing(umgr, store, db_path):
    game_id = await pig_duel(umgr, safe_seed(1))
    await umgr.apply(game_id, A, {"type": "roll"})
    before = db_dump(db_path)
    for user in (A, B, 99):
        with pytest.raises((UndoAfterReveal, NothingToUndo, NotSeated)):
            await umgr.undo(game_id, user)
    with pytest.raises(StaleMove):
        await umgr.undo(game_id, A, expected_version=0)
    assert db_dump(db_path) == before


async def test_the_undo_commits_its_post_and_meta_with_it(umgr, store):
    game_id = await pig_duel(umgr, safe_seed(1))
    await umgr.apply(game_id, A, {"type": "roll"})
    await umgr.apply(game_id, A, {"type": "hold"})
    seen = []

    def plan(view, result):
        seen.append((view.version, result.undone_seq))
        return Bookkeeping(meta={"note": "undone"}, post={"type": "undo", "seq": result.undone_seq})

    await umgr.undo(game_id, A, plan=plan)
    assert seen == [(3, 2)]
    posts = await umgr.store.posts(game_id)
    assert posts[-1].payload == {"type": "undo", "seq": 2} and posts[-1].seq == 3
    assert (await umgr.load(game_id)).meta == {"note": "undone"}


async def test_the_undo_survives_a_restart(db_path):
    store = await open_store(db_path)
    mgr = SessionManager(store, kinds(), clock=FakeClock())
    game_id = await pig_duel(mgr, safe_seed(2))
    await mgr.apply(game_id, A, {"type": "roll"})
    await mgr.apply(game_id, A, {"type": "hold"})
    await mgr.undo(game_id, A)
    state = PIG.dumps((await mgr.load(game_id)).state)
    await store.close()

    store = await open_store(db_path)
    mgr = SessionManager(store, kinds(), clock=FakeClock())
    view = await mgr.load(game_id)
    assert PIG.dumps(view.state) == state and view.version == 3 and view.state.turn == 0
    with pytest.raises(UndoAfterReveal):        # decided from the log alone: nothing cached survives
        await mgr.undo(game_id, A)
    await mgr.apply(game_id, A, {"type": "roll"})
    assert (await verify_store(store, kinds())).ok
    await store.close()


async def test_the_database_refuses_a_bad_undo_entry(umgr, store):
    game_id = await pig_duel(umgr, safe_seed(1))
    await umgr.apply(game_id, A, {"type": "roll"})
    await umgr.apply(game_id, A, {"type": "hold"})
    snapshot = PIG.dumps(PIG.create(2, 1, {}))
    for undoes, seq in ((7, 3), (3, 3), (2, 2), (2, 4)):      # no such move, itself, out of sequence
        with pytest.raises(StaleMove):
            await store.append_undo(game_id=game_id, seq=seq, seat=0, user_id=A, undoes=undoes,
                                    snapshot=snapshot, now=1.0)
    await umgr.undo(game_id, A)
    await umgr.apply(game_id, A, {"type": "hold"})
    with pytest.raises(StaleMove):                              # the same move taken back twice
        await store.append_undo(game_id=game_id, seq=5, seat=0, user_id=A, undoes=2, snapshot=snapshot, now=1.0)
    with pytest.raises(StaleMove):                              # an undo entry is not a move to take back
        await store.append_undo(game_id=game_id, seq=5, seat=0, user_id=A, undoes=3, snapshot=snapshot, now=1.0)
    assert (await verify_store(store, kinds())).ok


def test_the_log_reads_as_a_stack():
    rows = [MoveRecord(1, 1, 0, A, {"type": "roll"}, 0.0), MoveRecord(1, 2, 0, A, {"type": "hold"}, 0.0),
            MoveRecord(1, 3, 0, A, {}, 0.0, undoes=2), MoveRecord(1, 4, 0, A, {"type": "roll"}, 0.0)]
    assert [m.seq for m in effective_moves(rows)] == [1, 4]
    with pytest.raises(BrokenLog):
        effective_moves(rows[:2] + [replace(rows[2], undoes=1)])
