"""Whole games through the stand-in, from the slash command to the final-score picture, played by seeded
random people who click only what the bot offers: 3 players in a guild channel, and a solo game in a DM."""
from __future__ import annotations

import pytest

from bot.i18n import t
from images.rollplayer import render_scores, render_table
from tests.discord_stub.images import png_size
from tests.e2e.flows import game_id_of, start_guild_game, start_solo_game, stored_game, telling_the_seed
from tests.e2e.policy import RandomPlayer, display_name


async def assert_final_pictures_match_store(bot, final, game_id: int) -> None:
    """The posted final pictures have exactly the size the renderers give the stored final state."""
    game = await stored_game(bot, game_id)
    assert game.status == "finished"
    names = [seat.name for seat in game.seats]
    assert png_size(final.attachment("scores.png")) == png_size(render_scores(game.state, "en", names=names))
    assert png_size(final.attachment("table.png")) == png_size(render_table(game.state, "en", names=names))


def assert_one_live_message(stub, channel, final) -> None:
    """The game left one message with pictures or buttons (the final result); every other game message is a
    one-line summary, and every game message but the first and the final one pinged someone who was due."""
    game_messages = [m for m in stub.messages(channel) if not m.ephemeral and m.layout]
    assert [m for m in game_messages if m.images or m.buttons] == [final]
    assert all(len(m.text.splitlines()) == 1 for m in game_messages if m is not final)
    assert final.silent and not final.mentions


@pytest.mark.parametrize("seed", [3])
async def test_three_player_game_to_final_scores(discord_stub, cast, rollbot, seed):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)

    player = RandomPlayer(stub, cast.games, players, seed=seed)
    async with telling_the_seed(rollbot.bot, game_id):
        final = await player.play(first)

    assert player.log.moves >= 60, f"a 3-player game is long; only {player.log.moves} moves were played"
    assert player.log.typed_moves > 0, "some moves were typed with /rp play and its autocomplete"
    for user in players:
        assert display_name(user) in final.text
    await assert_final_pictures_match_store(rollbot.bot, final, game_id)
    await stub.settle()
    assert stub.last_message(cast.games) is final, "nothing is posted after the final scores"
    assert_one_live_message(stub, cast.games, final)
    stub.assert_clean()


async def test_solo_game_in_dm_to_final_scores(discord_stub, cast, rollbot):
    stub = discord_stub
    first = await start_solo_game(stub, cast.stranger)
    game_id = game_id_of(first)
    dm = stub.dm_channel(cast.stranger)

    player = RandomPlayer(stub, dm, [cast.stranger], seed=5)
    async with telling_the_seed(rollbot.bot, game_id):
        final = await player.play(first)

    assert player.log.moves >= 20
    rating_line = t("play.solo_rating", "en", rating="\x00").split("\x00")[0]
    assert rating_line in final.text, f"the solo result names no rating: {final.text!r}"
    game = await stored_game(rollbot.bot, game_id)
    assert game.guild_id is None and game.channel_id == dm.id
    await assert_final_pictures_match_store(rollbot.bot, final, game_id)
    await stub.settle()
    assert all(m.channel is dm for m in player.log.public_posts)
    stub.assert_clean()
