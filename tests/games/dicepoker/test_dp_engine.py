"""Dice poker through the real engine: a duel against the bot seat across a restart, a solo night, stored
results from the kind's ranking, and the move log replaying to the stored snapshot."""
from __future__ import annotations

from bot.engine import SessionManager, Store
from bot.engine.kinds import KindRegistry
from bot.engine.verify import verify_store
from bot.games.dicepoker import ai
from bot.games.dicepoker.kind import KIND

USERS = (701, 702)


async def _drive(mgr, game_id, limit):
    result = None
    for _ in range(limit):
        view = await mgr.load(game_id)
        if view.status != "active":
            break
        seat = KIND.pending(view.state)[0]["seat"]
        move = ai.choose_move(view.state, seat, "best" if seat else "easy", 0)
        if view.seats[seat].is_ai:
            result = await mgr.apply_ai(game_id, seat, move, view.version)
        else:
            assert move in await mgr.legal_moves(game_id, view.seats[seat].user_id)
            result = await mgr.apply(game_id, view.seats[seat].user_id, move, view.version)
    return result


async def test_duel_against_the_bot_across_a_restart_and_a_solo_night(tmp_path):
    registry = KindRegistry([KIND])
    db = tmp_path / "games.db"
    store = await Store.open(db)
    mgr = SessionManager(store, registry)
    game = await mgr.create("dicepoker", 1, 42, USERS[0], "Anja", {"hands": 4}, 2, seed=99)
    await mgr.add_ai(game.id, USERS[0], "Markus")
    await mgr.start(game.id, USERS[0])
    first = await _drive(mgr, game.id, 3)
    assert first.version == 3 and not first.finished
    await store.close()

    store = await Store.open(db)
    mgr = SessionManager(store, registry)
    view = await mgr.game_in_channel(42)
    assert KIND.dumps(view.state) == KIND.dumps(first.state)
    last = await _drive(mgr, game.id, 100)
    assert last.finished and last.version == 8
    solo = await mgr.create("dicepoker", None, 43, USERS[1], "Bo", {"table": "printed"}, 1, seed=5)
    done = await _drive(mgr, solo.id, 100)
    assert done.finished and done.version == 10
    rows = await mgr.store.finished_results(kind="dicepoker")
    by_game = {(r.user_id, r.total) for r in rows}
    assert (USERS[1], done.state["purses"][0]) in by_game
    assert (USERS[0], last.state["purses"][0]) in by_game
    report = await verify_store(store, registry)
    assert report.ok and sorted(c.moves for c in report.checked) == [8, 10]
    await store.close()
