"""Roll for Adventure's undo hook ``reveals`` and its bot (``choose_move``): choosing a hero shows nothing
and can be taken back; every throw (a placement rerolls the rest, a new turn rolls) and every card turned
from the deck does show something; the bot plays whole games through the kind's own protocol."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import KindRegistry, SessionManager, Store, UndoAfterReveal
from bot.games.rollforadventure.kind import KIND


def test_choosing_a_hero_reveals_nothing_and_a_throw_does():
    state = KIND.create(2, 11, {"heroes": "choose"})
    [item] = KIND.pending(state)
    pick = KIND.legal_moves(state, item["seat"])[0]
    assert pick["type"] == "pick_hero"
    picked, _ = KIND.apply(state, item["seat"], pick)
    assert not KIND.reveals(state, pick, picked)
    while KIND.legal_moves(picked, KIND.pending(picked)[0]["seat"])[0]["type"] == "pick_hero":
        seat = KIND.pending(picked)[0]["seat"]
        picked, _ = KIND.apply(picked, seat, KIND.legal_moves(picked, seat)[0])
    seat = KIND.pending(picked)[0]["seat"]
    place = next(m for m in KIND.legal_moves(picked, seat) if m["type"] == "place")
    placed, _ = KIND.apply(picked, seat, place)
    assert KIND.reveals(picked, place, placed)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 4))
def test_the_bot_plays_every_game_to_its_end_and_reveals_matches_the_dice(seed, seats):
    state = KIND.create(seats, seed, {})
    for step in range(2000):
        if KIND.is_finished(state):
            break
        [item] = KIND.pending(state)
        move = KIND.choose_move(state, item["seat"], "normal", seed + step)
        assert move in KIND.legal_moves(state, item["seat"])
        after, _ = KIND.apply(state, item["seat"], move)
        assert KIND.reveals(state, move, after) == (state["rng"] != after["rng"] or state["deck"] != after["deck"])
        state = after
    assert KIND.is_finished(state)


async def test_a_hero_choice_is_taken_back_and_a_throw_is_not(tmp_path):
    store = await Store.open(tmp_path / "rfa.db")
    sessions = SessionManager(store, KindRegistry([KIND]))
    try:
        game = await sessions.create("rollforadventure", 1, 5, 10, "Ann", options={"heroes": "choose"},
                                     seats_wanted=2, seed=11)
        await sessions.join(game.id, 20, "Ben")
        game = await sessions.start(game.id, 10)
        fresh = KIND.dumps(game.state)
        seat = KIND.pending(game.state)[0]["seat"]
        user = game.seats[seat].user_id
        await sessions.apply(game.id, user, KIND.legal_moves(game.state, seat)[0])
        await sessions.undo(game.id, user)
        assert KIND.dumps((await sessions.load(game.id)).state) == fresh
        while KIND.legal_moves(game.state, seat := KIND.pending(game.state)[0]["seat"])[0]["type"] == "pick_hero":
            await sessions.apply(game.id, game.seats[seat].user_id, KIND.legal_moves(game.state, seat)[0])
            game = await sessions.load(game.id)
        user = game.seats[seat].user_id
        place = next(m for m in KIND.legal_moves(game.state, seat) if m["type"] == "place")
        await sessions.apply(game.id, user, place)
        try:
            await sessions.undo(game.id, user)
            raise AssertionError("a throw was taken back")
        except UndoAfterReveal:
            pass
    finally:
        await store.close()
