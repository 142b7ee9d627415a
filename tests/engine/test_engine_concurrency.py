"""Many clicks at the same instant: exactly the legal, current-version moves land, in order, without gaps;
and one game's lock never holds up another game."""
from __future__ import annotations

import asyncio
import random

from bot.engine import StaleMove
from bot.games.errors import RuleError
from tests.engine.helpers import ENDLESS, replayed_snapshot
from tests.engine.toy_kind import KIND

ALICE, BOB = 100, 200


def expected_outcome(state, seat_of_user, requests):
    """Play the requests one after the other, as the per-game lock (FIFO) must: the reference result."""
    version, outcome = 0, []
    for user, move, expected in requests:
        if expected is not None and expected != version:
            outcome.append("stale")
            continue
        try:
            state, _ = KIND.apply(state, seat_of_user[user], move)
        except RuleError:
            outcome.append("illegal")
            continue
        version += 1
        outcome.append(version)
    return outcome, version


def classify(result):
    if isinstance(result, StaleMove):
        return "stale"
    if isinstance(result, RuleError):
        return "illegal"
    if isinstance(result, BaseException):
        raise result
    return result.version


async def test_sixty_simultaneous_moves_on_one_game(mgr, db_path):
    game = await mgr.create("dicerace", 1, 1, ALICE, "Alice", {**ENDLESS, "coins": 5}, 1, seed=11)
    rng = random.Random(5)
    requests = []
    for i in range(64):
        move = rng.choice([{"action": "roll"}, {"action": "boost", "amount": 2}, {"action": "pass"}])
        expected = rng.choice([None, i // 3, i // 2, i // 4])
        requests.append((ALICE, move, expected))
    reference, applied = expected_outcome(game.state, {ALICE: 0}, requests)

    results = await asyncio.gather(*(mgr.apply(game.id, u, m, v) for u, m, v in requests),
                                   return_exceptions=True)
    outcome = [classify(r) for r in results]

    assert outcome == reference
    assert applied > 10 and "stale" in outcome and "illegal" in outcome  # the test covers all three
    successes = sorted(v for v in outcome if isinstance(v, int))
    assert successes == list(range(1, applied + 1))
    view = await mgr.load(game.id)
    assert view.version == applied
    stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
    assert version == applied and seqs == list(range(1, applied + 1)) and stored == replayed
    assert stored == KIND.dumps(view.state)


async def test_two_players_spamming_only_the_player_on_turn_moves(mgr, db_path):
    game = await mgr.create("dicerace", 1, 2, ALICE, "Alice", ENDLESS, 2, seed=12)
    await mgr.join(game.id, BOB, "Bob")
    view = await mgr.start(game.id, ALICE)
    requests = [(ALICE if i % 3 else BOB, {"action": "roll"}, None) for i in range(60)]
    reference, applied = expected_outcome(view.state, {ALICE: 0, BOB: 1}, requests)
    results = await asyncio.gather(*(mgr.apply(game.id, u, m, v) for u, m, v in requests),
                                   return_exceptions=True)
    assert [classify(r) for r in results] == reference
    stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
    assert version == applied and seqs == list(range(1, applied + 1)) and stored == replayed


async def test_a_held_game_lock_does_not_block_another_game(mgr):
    first = await mgr.create("dicerace", 1, 10, ALICE, "Alice", ENDLESS, 1, seed=1)
    second = await mgr.create("dicerace", 1, 11, BOB, "Bob", ENDLESS, 1, seed=2)
    lock = mgr.game_lock(first.id)
    await lock.acquire()
    try:
        blocked = asyncio.ensure_future(mgr.apply(first.id, ALICE, {"action": "roll"}, 0))
        for version in range(25):  # the other game goes on while the first one's lock is held
            result = await asyncio.wait_for(mgr.apply(second.id, BOB, {"action": "roll"}, version), 5)
            assert result.version == version + 1
        await asyncio.wait_for(mgr.load(second.id), 5)
        await asyncio.sleep(0.01)
        assert not blocked.done()
    finally:
        lock.release()
    assert (await asyncio.wait_for(blocked, 5)).version == 1


async def test_many_games_interleaved_keep_their_own_logs(mgr, db_path):
    games = [await mgr.create("dicerace", 1, 100 + g, ALICE, "Alice", ENDLESS, 1, seed=g) for g in range(20)]
    for version in range(5):
        results = await asyncio.gather(*(mgr.apply(g.id, ALICE, {"action": "roll"}, version) for g in games))
        assert [r.version for r in results] == [version + 1] * len(games)
    for game in games:
        stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
        assert version == 5 and seqs == [1, 2, 3, 4, 5] and stored == replayed


async def test_a_cancelled_caller_leaves_cache_and_database_in_agreement(mgr, db_path):
    game = await mgr.create("dicerace", 1, 12, ALICE, "Alice", ENDLESS, 1, seed=5)
    for step in range(30):
        task = asyncio.ensure_future(mgr.apply(game.id, ALICE, {"action": "roll"}))
        for _ in range(step % 6):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        view = await mgr.load(game.id)
        stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
        assert view.version == version and KIND.dumps(view.state) == stored == replayed
        assert seqs == list(range(1, version + 1))
