"""Restart in the middle of a game: the bot process goes away, a new instance opens the same database, and
a button posted by the old instance still plays its move; the game then runs to its end."""
from __future__ import annotations

from tests.e2e.flows import (
    click_first_move,
    game_id_of,
    menu_with_a_move,
    start_guild_game,
    stop_rollbot,
    stored_game,
    telling_the_seed,
)
from tests.e2e.policy import RandomPlayer, due_players, move_options


async def test_button_from_before_a_restart_continues_the_game(discord_stub, cast, start_rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first_bot = await start_rollbot()
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    player = RandomPlayer(stub, cast.games, players, seed=11)

    # play into round 1 and stop at a prompt that carries move buttons/selects for one player
    old_prompt = await player.play(first, until=lambda p: player.log.moves >= 40 and bool(move_options(p)))
    assert not player.finished, "the game ended before the restart point"
    before = await stored_game(first_bot.bot, game_id)

    await stop_rollbot(stub, first_bot)
    assert first_bot.bot.is_closed()
    second_bot = await start_rollbot()
    assert second_bot.bot is not first_bot.bot

    mark = stub.mark()
    player.typed_share, typed_share = 0.0, player.typed_share
    click = await player.step()                     # clicks a component of old_prompt, posted before the restart
    player.typed_share = typed_share
    assert click is not None and click.message is old_prompt and click.seq > mark
    after = await stored_game(second_bot.bot, game_id)
    assert after.version > before.version, "the click from before the restart did not play its move"

    async with telling_the_seed(second_bot.bot, game_id):
        final = await player.play()
    assert final.seq > old_prompt.seq
    await stub.settle()
    # the new instance went on in the game's live message: edits in place and summaries found the messages the
    # old instance posted (the outbox rows name them), so the game ends with one message that is still live
    assert not old_prompt.images and not old_prompt.buttons, "the message from before the restart was summarised"
    assert [m for m in stub.messages(cast.games) if not m.ephemeral and m.layout and (m.images or m.buttons)] \
        == [final]
    stub.assert_clean()


async def test_stopping_mid_click_finishes_the_answer_first(discord_stub, cast, start_rollbot, monkeypatch):
    """The operator stops the bot while a move is being handled (acknowledged, answer not yet sent): the
    move and its answer still go out before the store closes, and the next instance carries on. (A click
    is answered with its change when that is ready within ``DEFER_AFTER``; here it is acknowledged at once,
    so that the stop comes between the acknowledgement and the answer.)"""
    import cogs.core
    monkeypatch.setattr(cogs.core, "DEFER_AFTER", 0.0)
    stub = discord_stub
    players = [cast.alice, cast.bob]
    first_bot = await start_rollbot()
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    player = RandomPlayer(stub, cast.games, players, seed=13, typed_share=0.0)
    prompt = await player.play(first, until=lambda p: player.log.moves >= 8 and bool(move_options(p)))
    owner = due_players(prompt, players)[0]
    menu = await menu_with_a_move(stub, owner, prompt)      # (an option that is a chain plays its moves)
    before = await stored_game(first_bot.bot, game_id)
    click = await click_first_move(stub, owner, menu)
    await click.wait_ack()
    stopping = stub.now()
    await first_bot.close()                          # no settle: the handler is still running
    answer = await player.outcome(click)
    assert max(answer.created_mono, answer.updated_mono) > stopping, \
        "the answer went out before the stop began: nothing was tested"
    assert not (answer.ephemeral and not move_options(answer)), f"the click was refused: {answer.content!r}"

    second_bot = await start_rollbot()
    after = await stored_game(second_bot.bot, game_id)
    assert after.version == before.version + 1
    player.take_over(answer, owner)
    await player.play(until=lambda p: True)
    stub.assert_clean()
