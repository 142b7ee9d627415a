"""Bot seats in Roll for Adventure: the team policy fills the empty seats of a channel game and plays its
heroes' turns through the same engine path as a person; the person plays theirs by clicks."""
from __future__ import annotations

from rfa_clicks import KIND, click_move, due_seat, latest_turn_post

from bot.games.rollforadventure import policy
from bot.i18n import t


async def test_a_person_and_two_bots_play_to_the_end(harness, alice, fixed_seed):
    harness.bot.bots.pause = 0
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=3, bots=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert [s.is_ai for s in game.seats] == [False, True, True]
    mine = 0
    for _ in range(400):
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if game.status != "active":
            break
        assert due_seat(game) == 0, "only Alice's turns wait for a click"
        move = policy.choose_move(game.state, 0, mine)
        await click_move(harness, latest_turn_post(harness, place), game, move, user=alice, place=place)
        mine += 1
    assert game.status == "finished" and game.state["result"] in ("won", "lost")
    log = await harness.bot.sessions.move_log(game.id)
    assert {m.seat for m in log} == {0, 1, 2} and all(m.user_id is None for m in log if m.seat)
    assert KIND.is_finished(game.state)


async def test_the_live_message_offers_no_menu_while_a_bot_seat_is_due(harness, alice, fixed_seed):
    """A Korean playground tour: while the bot seat was due, the live message carried the bot's moves in a
    select anyone could open (and was refused on). It shows the table and the sheets, no moves."""
    harness.bot.bots.pause = 3600                 # the bot seat stays due while we look
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=2, bots=1)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    mine = 0
    for _ in range(40):
        game = await harness.bot.sessions.load(game.id)
        if due_seat(game) != 0:
            break
        await click_move(harness, latest_turn_post(harness, place), game, policy.choose_move(game.state, 0, mine),
                         user=alice, place=place)
        mine += 1
    assert game.seats[due_seat(game)].is_ai
    live = latest_turn_post(harness, place)
    assert not live.selects(), [s.get("placeholder") for s in live.selects()]
    assert not [b for b in live.buttons() if b["custom_id"].split(":")[1] in ("m", "s")]
    assert t("button.my_moves", "en") not in [b.get("label") for b in live.buttons()]
    assert t("button.table", "en") in [b.get("label") for b in live.buttons()]
