"""Restart in the middle of a game: the bot process goes away, a new instance opens the same database, and
a button posted by the old instance still plays its move; the game then runs to its end."""
from __future__ import annotations

import asyncio
import sqlite3

from bot.i18n import t
from tests.e2e.flows import (
    click_first_move,
    game_id_of,
    menu_with_a_move,
    start_guild_game,
    stop_rollbot,
    stored_game,
    telling_the_seed,
    turn_post,
)
from tests.e2e.policy import RandomPlayer, due_players, move_options
from tests.e2e.test_bot_seats import PlaysWithBots


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


async def test_stopping_while_a_bot_seats_post_is_on_its_way_records_it(discord_stub, cast, start_rollbot, db_path):
    """The operator stops the bot just as the post of a move the bot made (a bot seat, or a seat it stands in for)
    reaches Discord, before the answer is back: the stop waits for that delivery, so it is recorded and the next
    start does not post it a second time. (Poker #6's final result was posted twice: the stop cancelled the
    bot seat's runner between Discord's accepting the post and the outbox's marking it delivered.)"""
    stub = discord_stub
    first_bot = await start_rollbot()
    first_bot.bot.bots.pause = 0
    created = await stub.run_command(cast.alice, cast.games, "rp new", players=2, bots=1, level="easy")
    lobby = await created.wait_response()
    started = await stub.click(cast.alice, lobby, label=t("button.start", "en"))
    await started.wait_response()
    first = await turn_post(stub, cast.games, started, timeout=30)

    reached, stopping = asyncio.Event(), asyncio.Event()

    async def slow_answer(channel, record) -> bool:
        """The bot token's channel post reaches the stand-in, whose answer comes only after the stop began."""
        if record.route != "POST /channels/{channel_id}/messages" or reached.is_set():
            return True
        reached.set()
        await stopping.wait()
        await asyncio.sleep(0.5)              # the stop is under way (the bot seats' runners are cancelled)
        return True
    stub.channel_post_gate = slow_answer
    player = PlaysWithBots(stub, cast.games, [cast.alice], seed=3, timeout=60, typed_share=0.0)
    playing = asyncio.create_task(player.play(first))
    try:
        await asyncio.wait_for(reached.wait(), 60)
    finally:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
    closing = asyncio.create_task(first_bot.close())
    await asyncio.sleep(0.1)
    stopping.set()
    await closing
    stub.channel_post_gate = None
    with sqlite3.connect(db_path) as conn:
        undelivered = conn.execute("SELECT game_id, seq FROM outbox WHERE delivered_at IS NULL").fetchall()
    assert undelivered == [], "the post that reached Discord was recorded before the bot stopped"
    posted = [m for m in stub.messages(cast.games) if not m.ephemeral and m.attachments]

    await start_rollbot()
    await asyncio.sleep(2)                  # the start-up delivery (on_ready) has had its go
    await stub.settle()
    assert [m for m in stub.messages(cast.games) if not m.ephemeral and m.attachments][:len(posted)] == posted
    texts = [m.text for m in stub.messages(cast.games) if not m.ephemeral and m.attachments]
    assert len(texts) == len(set(texts)), "no post came twice"
