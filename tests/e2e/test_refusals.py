"""Who may click what: simultaneous clicks, a stale button, a user who is not seated, a seated player whose
turn it is not.  Every refusal is a private message in clear words and changes nothing."""
from __future__ import annotations

import asyncio
import copy

from bot.i18n import t
from tests.e2e.flows import (
    answer_of,
    click_first_move,
    game_id_of,
    menu_with_a_move,
    open_lobby,
    private_answer,
    start_guild_game,
    stored_game,
)
from tests.e2e.policy import RandomPlayer, due_players, move_options

EN = "en"


async def test_two_users_race_for_the_last_seat(discord_stub, cast, rollbot):
    stub = discord_stub
    lobby = await open_lobby(stub, cast.games, cast.alice, players=2)
    game_id = game_id_of(lobby)
    bob_ix, carol_ix = await asyncio.gather(stub.click(cast.bob, lobby, label=t("button.join", EN)),
                                            stub.click(cast.carol, lobby, label=t("button.join", EN)))
    await asyncio.gather(bob_ix.wait_ack(), carol_ix.wait_ack())
    game = await stored_game(rollbot.bot, game_id)
    assert len(game.seats) == 2
    winner, loser = (bob_ix, carol_ix) if game.seat_of(cast.bob.id) is not None else (carol_ix, bob_ix)
    assert game.seat_of(loser.user.id) is None
    assert winner.callback_type == 7, "the winner's click updates the lobby message"
    refusal = await private_answer(loser)
    assert refusal.content == t("engine.error.table_full", EN, seats=2)
    await stub.settle()
    stub.assert_clean()


STALE = (t("engine.error.stale_move", EN, group="rp"), t("error.stale_button", EN, group="rp"))


async def open_menus_of_two_due_players(stub, cast):
    """A 3-player game played until two players are due at once (placing starting dice); each of them opens
    "My moves". Returns the game id, the two users and their private menus."""
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    player = RandomPlayer(stub, cast.games, players, seed=7)
    prompt = await player.play(first, until=lambda p: len(due_players(p, players)) >= 2)
    users = due_players(prompt, players)[:2]
    menus = []
    for user in users:
        ix = await stub.click(user, prompt, label=t("button.my_moves", EN))
        menus.append(await menu_with_a_move(stub, user, await private_answer(ix)))
    return game_id, users, menus


async def click_together(stub, clicks):
    """Send the (user, menu) clicks at the same instant; wait for every answer."""
    sent = await asyncio.gather(*(click_first_move(stub, user, menu) for user, menu in clicks))
    answers = await asyncio.gather(*(answer_of(ix) for ix in sent))
    await stub.settle()
    return sent, answers


async def test_two_due_players_click_at_the_same_instant(discord_stub, cast, rollbot):
    """When several players are due at once (placing starting dice), their moves are independent: two clicks
    on the same game version arriving together are both played, in some order, and nobody is refused."""
    stub = discord_stub
    game_id, racers, menus = await open_menus_of_two_due_players(stub, cast)
    before = await stored_game(rollbot.bot, game_id)
    _, answers = await click_together(stub, list(zip(racers, menus)))

    after = await stored_game(rollbot.bot, game_id)
    assert after.version == before.version + 2, [a.content for a in answers]
    assert not [a.content for a in answers if a.content in STALE]
    movers = {record.seat for record in await rollbot.bot.sessions.store.recent_moves(game_id, 2)}
    assert movers == {after.seat_of(user.id) for user in racers}
    stub.assert_clean()


async def test_a_double_click_plays_the_move_once(discord_stub, cast, rollbot):
    """The same player clicking the same move twice at the same instant: one click is played, the other
    is told politely that the button was for an earlier turn."""
    stub = discord_stub
    game_id, (user, _), (menu, _) = await open_menus_of_two_due_players(stub, cast)
    before = await stored_game(rollbot.bot, game_id)
    _, answers = await click_together(stub, [(user, menu), (user, menu)])

    after = await stored_game(rollbot.bot, game_id)
    assert after.version == before.version + 1, "the double click is played once"
    refused = [a for a in answers if a.ephemeral and not move_options(a) and a.content in STALE]
    assert len(refused) == 1, [a.content for a in answers]
    assert refused[0].visible_to == user.id
    stub.assert_clean()


async def test_stale_button_gets_the_earlier_turn_message(discord_stub, cast, rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    as_shown = copy.deepcopy(first.components)          # what an old client keeps showing
    player = RandomPlayer(stub, cast.games, players, seed=1)
    await player.play(first, until=lambda p: player.log.moves >= 3)
    assert not first.buttons, "the first message was summarised: no buttons left"
    first.components = as_shown                         # and clicks: the stand-in lets it, as Discord would
    before = await stored_game(rollbot.bot, game_id)
    posts_before = len(stub.messages(cast.games))

    first_mover = due_players(first, players)[0]
    stale = await click_first_move(stub, first_mover, first)      # the first menu, from version 0
    refusal = await private_answer(stale)
    assert refusal.content == t("error.stale_button", EN, group="rp")
    await stub.settle()
    assert (await stored_game(rollbot.bot, game_id)).version == before.version
    assert len(stub.messages(cast.games)) == posts_before, "a refusal posts nothing in the channel"

    final = await player.play(until=lambda p: player.log.moves >= 6)     # the game goes on as before
    assert final.seq > refusal.seq
    stub.assert_clean()


async def test_user_who_is_not_seated(discord_stub, cast, rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    before = await stored_game(rollbot.bot, game_id)

    move = await private_answer(await click_first_move(stub, cast.dave, first))
    assert move.content == t("error.not_your_game", EN)
    mine = await private_answer(await stub.click(cast.dave, first, label=t("button.my_moves", EN)))
    assert mine.content == t("error.not_your_game", EN)
    play = await private_answer(await stub.run_command(cast.dave, cast.games, "rp play"))
    assert play.content == t("error.not_your_game", EN)
    assert await stub.autocomplete(cast.dave, cast.games, "rp play", focused="move", move="") == []

    # anyone may look at the table
    table_ix = await stub.click(cast.dave, first, label=t("button.table", EN))
    table = await private_answer(table_ix)
    assert table.attachment("table.png")

    await stub.settle()
    assert (await stored_game(rollbot.bot, game_id)).version == before.version
    player = RandomPlayer(stub, cast.games, players, seed=0)
    player.start(first)
    await player.step()                 # the seated player's menu on the same message still works
    stub.assert_clean()


async def test_seated_player_whose_turn_it_is_not(discord_stub, cast, rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    player = RandomPlayer(stub, cast.games, players, seed=2)
    game_id = game_id_of(first)
    checked = 0
    # on several prompts that carry one player's menu, another seated player clicks that menu
    while checked < 6 and not player.finished:
        prompt = player.prompt or first
        due = due_players(prompt, players)
        if len(due) == 1 and move_options(prompt):
            other = next(u for u in players if u not in due)
            before = await stored_game(rollbot.bot, game_id)
            refusal = await private_answer(await click_first_move(stub, other, prompt))
            assert refusal.content == t("error.not_your_turn", EN, players=due[0].payload()["global_name"]), (
                f"{other.username} clicked {due[0].username}'s menu at version {before.version}")
            typed = await private_answer(await stub.run_command(other, cast.games, "rp play"))
            assert typed.content == refusal.content
            assert (await stored_game(rollbot.bot, game_id)).version == before.version
            checked += 1
        if player.prompt is None:
            player.start(first)
        await player.play(until=lambda p: True)
    stub.assert_clean()
