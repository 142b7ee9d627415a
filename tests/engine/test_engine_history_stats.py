"""The engine's side of history and stats, on SQLite and PostgreSQL: the whole move log, the channel's last
game, a server's leaderboard rows (its games + its players' solo games in DMs), and forget-me (with the player's
settings and away periods)."""
from __future__ import annotations

import pytest

from bot.engine import errors
from bot.engine.records import PlayerPrefs
from tests.engine.toy_kind import KIND

ALICE, BOB, CARL = 100, 200, 300
GUILD, OTHER_GUILD = 7, 8


async def race(mgr, guild, channel, players, *, target=12, seed=1):
    """A finished race between ``players`` [(user_id, name)] in ``channel``; returns its id."""
    (first, first_name), *rest = players
    game = await mgr.create("dicerace", guild, channel, first, first_name, {"target": target}, len(players),
                            seed=seed)
    for user, name in rest:
        await mgr.join(game.id, user, name)
    if len(players) > 1:
        await mgr.start(game.id, first)
    users = [user for user, _ in players]
    while True:
        view = await mgr.load(game.id)
        seat = KIND.pending(view.state)[0]["seat"]
        result = await mgr.apply(game.id, users[seat], {"action": "roll"}, view.version)
        if result.finished:
            return game.id


async def test_move_log_and_last_game_of_a_channel(mgr):
    assert await mgr.last_game_in_channel(50) is None
    lobby = await mgr.create("dicerace", GUILD, 50, ALICE, "Alice", {"target": 12}, 2)
    assert await mgr.last_game_in_channel(50) is None            # a lobby never played is no history
    await mgr.abandon(lobby.id, ALICE)
    done = await race(mgr, GUILD, 50, [(ALICE, "Alice"), (BOB, "Bob")])
    log = await mgr.move_log(done)
    view = await mgr.load(done)
    assert [r.seq for r in log] == list(range(1, view.version + 1)) and all(r.move == {"action": "roll"}
                                                                            for r in log)
    assert (await mgr.last_game_in_channel(50)).id == done
    assert (await mgr.last_game_in_channel(50, "dicerace")).id == done
    assert await mgr.last_game_in_channel(50, "rollplayer") is None            # only that kind's games
    with pytest.raises(errors.UnknownGame):
        await mgr.move_log(10**12)


async def test_board_rows_are_the_servers_games_and_its_players_solo_games(mgr, clock):
    duel = await race(mgr, GUILD, 60, [(ALICE, "Alice"), (BOB, "Bob")])
    await race(mgr, OTHER_GUILD, 61, [(CARL, "Carl"), (BOB, "Bob")])
    alice_solo = await race(mgr, None, 62, [(ALICE, "Alice")], target=5)
    carl_solo = await race(mgr, None, 63, [(CARL, "Carl")], target=5)
    rows = await mgr.store.board_results(guild_id=GUILD, kind="dicerace")
    assert {(r.game_id, r.user_id) for r in rows} == {(duel, ALICE), (duel, BOB), (alice_solo, ALICE)}
    assert {r.options["target"] for r in rows} == {12, 5}
    # Carl is seen in the server once he uses a command there; the board then lists his solo game too
    await mgr.store.note_player_guild(CARL, GUILD, clock())
    await mgr.store.note_player_guild(CARL, GUILD, clock())                      # twice is once
    rows = await mgr.store.board_results(guild_id=GUILD, kind="dicerace")
    assert (carl_solo, CARL) in {(r.game_id, r.user_id) for r in rows}
    # since: only what finished from then on
    clock.advance(3600)
    later = await race(mgr, GUILD, 64, [(BOB, "Bob"), (ALICE, "Alice")])
    recent = await mgr.store.board_results(guild_id=GUILD, kind="dicerace", since=clock.now)
    assert {r.game_id for r in recent} == {later}
    assert await mgr.store.board_results(guild_id=GUILD, kind="other") == []


async def test_forget_user_anonymises_finished_games_only(mgr):
    done = await race(mgr, GUILD, 70, [(ALICE, "Alice"), (BOB, "Bob")])
    solo = await race(mgr, None, 71, [(ALICE, "Alice")], target=5)
    running = await mgr.create("dicerace", GUILD, 72, ALICE, "Alice", {"target": 10**6}, 2)
    await mgr.join(running.id, BOB, "Bob")
    await mgr.start(running.id, ALICE)
    await mgr.apply(running.id, ALICE, {"action": "roll"})
    before = {(r.game_id, r.seat): (r.total, r.place) for r in await mgr.store.finished_results()}
    for user in (ALICE, BOB):
        await mgr.store.set_prefs(user, notify="dm")
        await mgr.store.add_away(user, 100.0, 200.0, 100.0)
        await mgr.store.add_notices([user], running.id, 150.0, 100.0)
    await mgr.store.add_daily_attempt(ALICE, "dicerace", "2026-11-26", solo)
    await mgr.store.add_daily_attempt(BOB, "dicerace", "2026-11-26", running.id)

    changed = await mgr.forget_user(ALICE, "Former player")
    assert changed == sorted([done, solo])
    assert await mgr.store.finished_results(user_id=ALICE) == []
    after = await mgr.store.finished_results()
    assert {(r.game_id, r.seat): (r.total, r.place) for r in after} == before      # results are kept
    assert {r.name for r in after if r.user_id is None} == {"Former player"}
    view = await mgr.load(done)                                   # the cache was dropped: read anew
    assert [(s.user_id, s.name) for s in view.seats] == [(None, "Former player"), (BOB, "Bob")]
    assert all(r.user_id != ALICE for r in await mgr.move_log(done))
    assert view.creator_id == 0 and (await mgr.load(solo)).creator_id == 0
    # her settings and away periods are gone, Bob's stay
    assert await mgr.store.get_prefs(ALICE) == PlayerPrefs(ALICE) and (await mgr.store.get_prefs(BOB)).notify == "dm"
    assert list(await mgr.store.current_away([ALICE, BOB], 150.0)) == [BOB]
    assert await mgr.store.users_with_due_notices(150.0) == [BOB]                 # her pending notices too
    assert await mgr.store.daily_attempt(ALICE, "dicerace", "2026-11-26") is None   # and her daily attempts
    assert await mgr.store.daily_attempt(BOB, "dicerace", "2026-11-26") == running.id
    # the server's board keeps the duel (with an anonymous seat) and loses her solo game
    board = await mgr.store.board_results(guild_id=GUILD, kind="dicerace")
    assert {(r.game_id, r.user_id) for r in board} == {(done, None), (done, BOB)}
    # the running game is untouched and goes on
    still = await mgr.load(running.id)
    assert still.seat_of(ALICE) == 0 and still.creator_id == ALICE
    assert (await mgr.move_log(running.id))[0].user_id == ALICE
    await mgr.apply(running.id, BOB, {"action": "roll"})
    assert await mgr.forget_user(ALICE, "Former player") == []    # nothing left to forget


async def test_the_move_log_still_refuses_every_other_change(mgr, store):
    done = await race(mgr, GUILD, 80, [(ALICE, "Alice"), (BOB, "Bob")])
    write = store._write
    for sql in ("UPDATE moves SET move = '{}' WHERE game_id = {g}",
                "UPDATE moves SET user_id = NULL, seat = 1 - seat WHERE game_id = {g}",
                "UPDATE moves SET user_id = 5 WHERE game_id = {g}",
                "DELETE FROM moves WHERE game_id = {g}"):
        async def work(db, sql=sql):
            await db.execute(sql.replace("{g}", str(done)))
        with pytest.raises(errors.EngineError):
            await write(work)
    assert len(await mgr.move_log(done)) == (await mgr.load(done)).version


async def test_result_rows_tell_a_seat_the_bot_played_most_of(mgr):
    """A result row knows how many of its seat's moves the bot played for the player (``apply_for_seat``): more than
    half, and it is the bot's game more than theirs (``stood_in``), as ``stood_in_seats`` says of the game."""
    game = await mgr.create("dicerace", GUILD, 70, ALICE, "Alice", {"target": 12}, 2)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE)
    while True:
        view = await mgr.load(game.id)
        seat = KIND.pending(view.state)[0]["seat"]
        if seat == 1:                                     # Bob is away: the bot plays every move of his
            result = await mgr.apply_for_seat(game.id, 1, {"action": "roll"}, view.version)
        else:
            result = await mgr.apply(game.id, ALICE, {"action": "roll"}, view.version)
        if result.finished:
            break
    rows = {r.user_id: r for r in await mgr.store.finished_results(kind="dicerace")}
    assert rows[BOB].stood_in and rows[BOB].bot_moves == rows[BOB].moves > 0
    assert not rows[ALICE].stood_in and rows[ALICE].bot_moves == 0 < rows[ALICE].moves
    assert await mgr.store.stood_in_seats(game.id) == {1}
