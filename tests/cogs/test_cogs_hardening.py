"""Hostile and careless input at the Discord layer: every one gets a clear private answer and changes nothing."""
from __future__ import annotations

import pytest

from bot.i18n import t


async def start_two_player(harness, alice, bob, place):
    created = await harness.run("new", user=alice, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    started = await harness.click(lobby, user=alice, place=place, label="Start")
    [prompt] = [m for m in started.public() if m.files]
    return await harness.bot.sessions.game_in_channel(place.channel_id), prompt


def due_user(harness, game, users):
    seat = harness.bot.sessions.kinds["rollplayer"].pending(game.state)[0]["seat"]
    return next(u for u in users if u.id == game.seats[seat].user_id)


def refused(result, key, **params):
    message = result.only()
    assert message.ephemeral, message.text()
    assert message.content == t(key, "en", **{"group": "rp", **params}), message.content


@pytest.mark.parametrize("text, key", [
    ("hello", "error.not_a_move"), ("12:x", "error.not_a_move"), ("0:0:zzzzzzzz", "error.not_a_move"),
    ("9" * 5000, "error.not_a_move"), ("1:2:abcdef12:3", "error.not_a_move"), ("::", "error.not_a_move"),
    ("9" * 50 + ":1:abcdef12", "error.not_a_move"),
    # the shape of a move, but for another moment of the game
    ("7:0:abcdef12", "error.stale_choice"), ("0:9999:abcdef12", "error.stale_choice"),
])
async def test_play_with_text_that_was_never_a_move(harness, alice, bob, text, key):
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    mover = due_user(harness, game, [alice, bob])
    refused(await harness.run("play", user=mover, place=place, move=text), key)
    assert (await harness.bot.sessions.load(game.id)).version == game.version


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
async def test_blank_option_values_are_refused(harness, alice, bob, blank):
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    mover = due_user(harness, game, [alice, bob])
    refused(await harness.run("play", user=mover, place=place, move=blank), "error.blank_option", option="move")
    # ``race`` is required: Discord sends no command without it, so "leave it out" would be no way out
    refused(await harness.run("setup sheet", user=mover, place=place, race=blank), "error.blank_required_option",
            option="race")
    assert (await harness.bot.sessions.load(game.id)).version == game.version


@pytest.mark.parametrize("command", ["status", "play", "table", "log", "sheet", "abandon", "refresh"])
async def test_dm_commands_without_a_game_point_to_solo(harness, alice, command):
    refused(await harness.run(command, user=alice, place=harness.dm()), "error.no_game_here_dm")


async def test_a_button_clicked_in_another_channel_is_refused(harness, alice, bob):
    place = harness.channel()
    game, prompt = await start_two_player(harness, alice, bob, place)
    mover = due_user(harness, game, [alice, bob])
    elsewhere = harness.channel(guild_id=place.guild_id)
    option = prompt.selects()[0]["options"][0]["value"]
    refused(await harness.select(prompt, [option], user=mover, place=elsewhere), "error.wrong_channel")
    refused(await harness.click(prompt, user=mover, place=elsewhere, label="Table"), "error.wrong_channel")
    assert (await harness.bot.sessions.load(game.id)).version == game.version
