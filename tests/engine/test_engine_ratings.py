"""Ratings (bot/engine/ratings.py) and the store's side of them, on SQLite and PostgreSQL: written with a game's
results in its final transaction, once per game, per kind, forgotten with the player."""
from __future__ import annotations

import asyncio

import pytest

from bot.engine import errors
from bot.engine.ratings import PROVISIONAL_GAMES, STAND_IN_LEVEL, RatedSeat, Rating, is_rated, rate, without_stand_ins
from bot.engine.store import Db
from tests.engine.test_engine_history_stats import race
from tests.engine.toy_kind import KIND

ALICE, BOB, CARL = 10**18 + 1, 10**18 + 2, 10**18 + 3
GUILD = 7


def test_places_ties_and_bots():
    game = [RatedSeat(0, 1, ALICE), RatedSeat(1, 2, BOB), RatedSeat(2, 2, CARL)]
    new = rate(game, {})
    assert new == rate(game, {})                                     # deterministic
    assert new[ALICE].shown > new[BOB].shown == new[CARL].shown > Rating().shown - 100
    assert all(r.games == 1 and r.provisional for r in new.values())
    # a bot seat is a fixed opponent: never in the result; beating a stronger level earns more
    easy = rate([RatedSeat(0, 1, ALICE), RatedSeat(1, 2, bot_level="easy")], {})
    hard = rate([RatedSeat(0, 1, ALICE), RatedSeat(1, 2, bot_level="hard")], {})
    assert list(easy) == [ALICE] and hard[ALICE].shown > easy[ALICE].shown
    # solo games, bots only and games without places do not count
    for seats in ([RatedSeat(0, 1, ALICE)], [RatedSeat(0, 1, bot_level="easy"), RatedSeat(1, 2, bot_level="hard")],
                  [RatedSeat(0, None, ALICE), RatedSeat(1, None, BOB)]):
        assert not is_rated(seats) and rate(seats, {}) == {}


def test_provisional_until_enough_games():
    current: dict[int, Rating] = {}
    for n in range(1, PROVISIONAL_GAMES + 1):
        current = {**current, **rate([RatedSeat(0, 1, ALICE), RatedSeat(1, 2, BOB)], current)}
        assert current[ALICE].games == n and current[ALICE].provisional == (n < PROVISIONAL_GAMES)
    assert current[ALICE].sigma < Rating().sigma


async def test_a_finished_game_is_rated_once_with_its_results(mgr):
    solo = await race(mgr, None, 60, [(ALICE, "Alice")], target=5)
    assert await mgr.store.rating_changes(solo) == {} and await mgr.store.ratings_of(ALICE) == {}
    done = await race(mgr, GUILD, 61, [(ALICE, "Alice"), (BOB, "Bob"), (CARL, "Carl")])
    rows = await mgr.store.finished_results()
    places = {r.user_id: r.place for r in rows if r.game_id == done}
    want = rate([RatedSeat(i, places[u], u) for i, u in enumerate((ALICE, BOB, CARL))], {})
    assert {u: r for u, r in [(u, (await mgr.store.ratings_of(u))["dicerace"]) for u in want]} == want
    assert await mgr.store.rating_changes(done) == {
        i: (Rating().shown, want[u].shown, 1) for i, u in enumerate((ALICE, BOB, CARL))}
    board = await mgr.store.rating_board(guild_id=GUILD, kind="dicerace", limit=5)
    assert [r for _, r in board] == sorted(want.values(), key=lambda r: -r.shown)
    assert await mgr.store.rating_board(guild_id=GUILD + 1, kind="dicerace", limit=5) == []
    # rating the game a second time fails the whole final transaction (its key is the game and seat)
    with pytest.raises(errors.StorageError):
        await mgr.store._write(lambda db: mgr.store._rate(db, done, [RatedSeat(0, 1, ALICE), RatedSeat(1, 2, BOB)],
                                                          0.0))
    assert (await mgr.store.ratings_of(ALICE))["dicerace"] == want[ALICE]
    # a second game builds on the first
    again = await race(mgr, GUILD, 62, [(ALICE, "Alice"), (BOB, "Bob")], seed=3)
    assert (await mgr.store.ratings_of(ALICE))["dicerace"].games == 2
    assert (await mgr.store.rating_changes(again))[0][0] == want[ALICE].shown


async def test_forget_user_removes_her_ratings(mgr):
    done = await race(mgr, GUILD, 63, [(ALICE, "Alice"), (BOB, "Bob")])
    await mgr.forget_user(ALICE, "Former player")
    assert await mgr.store.ratings_of(ALICE) == {} and "dicerace" in await mgr.store.ratings_of(BOB)
    assert [name for name, _ in await mgr.store.rating_board(guild_id=GUILD, kind="dicerace", limit=5)] == ["Bob"]
    assert set(await mgr.store.rating_changes(done)) == {0, 1}      # the game's changes stay, without her id


async def one_move_short(mgr, channel, players) -> tuple[int, int, int]:
    """A race between ``players`` played to one roll before its end: (game, user to roll, version)."""
    (first, first_name), *rest = players
    game = await mgr.create("dicerace", GUILD, channel, first, first_name, {"target": 12}, len(players), seed=5)
    for user, name in rest:
        await mgr.join(game.id, user, name)
    await mgr.start(game.id, first)
    users = [user for user, _ in players]
    while True:
        view = await mgr.load(game.id)
        seat = KIND.pending(view.state)[0]["seat"]
        if KIND.is_finished(KIND.apply(view.state, seat, {"action": "roll"})[0]):
            return game.id, users[seat], view.version
        await mgr.apply(game.id, users[seat], {"action": "roll"}, view.version)


async def test_two_games_finishing_together_both_count(mgr, monkeypatch):
    one = await one_move_short(mgr, 64, [(ALICE, "Alice"), (BOB, "Bob")])
    two = await one_move_short(mgr, 65, [(ALICE, "Alice"), (CARL, "Carl")])
    fetch = Db.fetch

    async def slow_rating_read(self, sql, *args, **kwargs):     # widen the window between read and write
        rows = await fetch(self, sql, *args, **kwargs)
        if sql.startswith("SELECT user_id, mu, sigma, games FROM ratings"):
            await asyncio.sleep(0.3)
        return rows
    monkeypatch.setattr(Db, "fetch", slow_rating_read)
    await asyncio.gather(*(mgr.apply(g, u, {"action": "roll"}, v) for g, u, v in (one, two)))
    assert (await mgr.store.ratings_of(ALICE))["dicerace"].games == 2      # neither update lost the other


async def test_a_cooperative_game_is_not_rated(mgr, monkeypatch):
    """Seats that win or lose together (``Kind.cooperative``) share one place: rated as a tie, each player's
    uncertainty shrank and the shown rating rose, a lost game too. Such a game keeps its results, unrated."""
    tied = rate([RatedSeat(0, 1, ALICE), RatedSeat(1, 1, BOB), RatedSeat(2, 1, CARL)], {})
    assert tied[ALICE].shown > Rating().shown                  # what a co-op loss showed as "+15"
    monkeypatch.setattr(type(KIND), "cooperative", True)
    done = await race(mgr, GUILD, 66, [(ALICE, "Alice"), (BOB, "Bob"), (CARL, "Carl")])
    assert await mgr.store.rating_changes(done) == {} and await mgr.store.ratings_of(ALICE) == {}
    assert {r.user_id for r in await mgr.store.finished_results() if r.game_id == done} == {ALICE, BOB, CARL}


def test_a_seat_the_bot_played_for_most_of_the_game_counts_as_a_bot():
    seats = [RatedSeat(0, 1, ALICE), RatedSeat(1, 2, BOB), RatedSeat(2, 3, bot_level="easy")]
    # Alice played 4 of her 10 moves, the bot 6; Bob played 6 of 10 himself
    mixed = without_stand_ins(seats, {0: (10, 6), 1: (10, 4), 2: (10, 10)})
    assert mixed == (RatedSeat(0, 1, None, STAND_IN_LEVEL), RatedSeat(1, 2, BOB), RatedSeat(2, 3, bot_level="easy"))
    assert list(rate(mixed, {})) == [BOB]
    assert without_stand_ins(seats, {0: (10, 5), 1: (10, 0)}) == tuple(seats)      # half is not most


async def test_an_absent_player_whose_seat_the_bot_played_is_not_rated(mgr):
    """A tour's player never moved, the bot stood in for every move (idle takeover), and gained 183 points
    against easy bots; now the seat is rated as a bot's, and the players who played are rated against it."""
    game = await mgr.create("dicerace", GUILD, 63, ALICE, "Alice", {"target": 12}, 2)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE)
    while True:
        view = await mgr.load(game.id)
        seat = KIND.pending(view.state)[0]["seat"]
        if seat == 0:
            result = await mgr.apply(game.id, ALICE, {"action": "roll"}, view.version)
        else:                                  # Bob is away: the bot plays every move of his
            result = await mgr.apply_for_seat(game.id, 1, {"action": "roll"}, view.version)
        if result.finished:
            break
    changes = await mgr.store.rating_changes(game.id)
    assert list(changes) == [0] and await mgr.store.ratings_of(BOB) == {}
    places = {r.seat: r.place for r in await mgr.store.finished_results() if r.game_id == game.id}
    want = rate([RatedSeat(0, places[0], ALICE), RatedSeat(1, places[1], bot_level=STAND_IN_LEVEL)], {})
    assert (await mgr.store.ratings_of(ALICE))["dicerace"] == want[ALICE]



async def started(mgr, channel, players=((ALICE, "Alice"), (BOB, "Bob"))):
    (first, name), *rest = players
    game = await mgr.create("dicerace", GUILD, channel, first, name, {"target": 30}, len(players))
    for user, other in rest:
        await mgr.join(game.id, user, other)
    if rest:                                          # a game of one seat starts as it is made
        await mgr.start(game.id, first)
    return game.id


async def roll(mgr, game_id, user):
    view = await mgr.load(game_id)
    await mgr.apply(game_id, user, {"action": "roll"}, view.version)


async def test_a_player_who_leaves_a_rated_game_others_played_loses_it(mgr):
    """As on Board Game Arena: the player who abandons a rated game in which another seat has moved takes last
    place (the others share first), in the same transaction as the end; nothing else abandoned is rated."""
    game = await started(mgr, 80)
    await roll(mgr, game, ALICE)
    await roll(mgr, game, BOB)
    await mgr.abandon(game, ALICE, forfeit=True)
    want = rate([RatedSeat(0, 2, ALICE), RatedSeat(1, 1, BOB)], {})
    assert await mgr.store.ratings_of(ALICE) == {"dicerace": want[ALICE]}
    assert (await mgr.store.ratings_of(BOB))["dicerace"] == want[BOB]
    assert set(await mgr.store.rating_changes(game)) == {0, 1} and (await mgr.load(game)).status == "abandoned"

    before = {user: await mgr.store.ratings_of(user) for user in (ALICE, BOB, CARL)}
    only_mine = await started(mgr, 81)                # only the one who leaves has moved
    await roll(mgr, only_mine, ALICE)
    await mgr.abandon(only_mine, ALICE, forfeit=True)
    nobody = await started(mgr, 82)                   # started, no move at all
    await mgr.abandon(nobody, ALICE, forfeit=True)
    ended = await started(mgr, 83)                    # ended for a deleted channel, by a moderator, by a clock's answer
    await roll(mgr, ended, ALICE)
    await roll(mgr, ended, BOB)
    await mgr.abandon(ended, ALICE, may_manage_channel=True)
    outsider = await started(mgr, 84)                 # a moderator who does not play in it leaves nothing
    await roll(mgr, outsider, ALICE)
    await roll(mgr, outsider, BOB)
    await mgr.abandon(outsider, CARL, may_manage_channel=True, forfeit=True)
    lobby = await mgr.create("dicerace", GUILD, 85, ALICE, "Alice", {"target": 30}, 2)
    await mgr.abandon(lobby.id, ALICE, forfeit=True)
    solo = await started(mgr, 86, ((ALICE, "Alice"),))
    await roll(mgr, solo, ALICE)
    await mgr.abandon(solo, ALICE, forfeit=True)
    for game_id in (only_mine, nobody, ended, outsider, lobby.id, solo):
        assert await mgr.store.rating_changes(game_id) == {}, game_id
    assert {user: await mgr.store.ratings_of(user) for user in (ALICE, BOB, CARL)} == before
