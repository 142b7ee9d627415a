"""Dice poker end to end through the Discord stand-in: a channel duel between two members by toggling dice
and confirming, and a DM duel against the bot, each to the final match picture; the pictures posted have
exactly the size the renderers give the stored state."""
from __future__ import annotations

import asyncio
import copy
import os
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.games.dicepoker import ai, rules
from bot.i18n import t
from images.dicepoker import render_hand, render_match
from tests.discord_stub.images import png_size
from tests.e2e.conftest import rollbot_settings
from tests.e2e.flows import answer_of, game_id_of, stored_game, telling_the_seed, turn_post

EN = "en"
TOGGLE, CONFIRM = "rp:t:", "rp:c:"
#: where a run leaves the final pictures for a look, if set (``POKER_PICTURES=dir``)
PICTURES = os.environ.get("POKER_PICTURES")


def toggles(message) -> list[dict]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(TOGGLE)]


def kept(message) -> list[int]:
    return [i for i, b in enumerate(toggles(message)) if b.get("style") == 1]


def confirm_id(message) -> str:
    [button] = [b for b in message.buttons if b.get("custom_id", "").startswith(CONFIRM)]
    return button["custom_id"]


async def reroll_by_toggles(stub, user, post, keep: list[int]):
    """Click the dice whose kept state must change (each click edits ``post`` in place), then Confirm."""
    for item in range(len(toggles(post))):
        if (item in keep) != (item in kept(post)):
            ix = await stub.click(user, post, custom_id=toggles(post)[item]["custom_id"])
            await ix.wait_ack()
            assert ix.callback_type == 7, "a toggle updates the message it is on"
            assert await ix.wait_response() is post or (await ix.wait_response()).id == post.id
    assert kept(post) == sorted(keep)
    return await stub.click(user, post, custom_id=confirm_id(post))


async def assert_final_pictures(bot, final, game_id: int) -> None:
    game = await stored_game(bot, game_id)
    assert game.status == "finished"
    names = [s.name for s in game.seats]
    assert [a.filename for a in final.attachments] == ["match.png", "hand.png", "chart.png"]    # + score chart
    assert png_size(final.attachment("hand.png")) == png_size(render_hand(game.state, EN, names))
    assert png_size(final.attachment("match.png")) == png_size(render_match(game.state, EN, names))
    if PICTURES:
        Path(PICTURES).mkdir(parents=True, exist_ok=True)
        for attachment in final.attachments:
            (Path(PICTURES) / f"{game.id}-{attachment.filename}").write_bytes(attachment.data)


def match_post(stub, channel):
    return next((m for m in reversed(stub.messages(channel))
                 if "match.png" in [a.filename for a in m.attachments]), None)


def prompt_of(stub, channel, version: int):
    """The public post whose toggles were built for ``version`` (the decision now due), once it is there."""
    for message in reversed(stub.messages(channel)):
        marks = {b["custom_id"].split(":")[3] for b in toggles(message)}
        if marks == {str(version)} and not message.ephemeral:
            return message
    return None


async def human_due(stub, bot, game_id: int, users: dict[int, object], timeout: float = 30.0):
    """Wait while a bot seat thinks (its AI runs in a worker process) and its post goes out."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        game = await stored_game(bot, game_id)
        if game.status != "active" or game.seats[rules.pending(game.state)[0]["seat"]].user_id in users:
            return game
        assert loop.time() < deadline, "the bot seat did not move"
        await asyncio.sleep(0.05)


async def play_out(stub, bot, channel, post, users: dict[int, object], game_id: int):
    """Every human decision by toggles and Confirm (the easy bot's keep); bot seats play themselves."""
    moves = 0
    while True:
        game = await human_due(stub, bot, game_id, users)
        if game.status != "active":
            final = await stub.wait_until(lambda: match_post(stub, channel), 20, "the match picture")
            return final, moves
        post = await stub.wait_until(lambda: prompt_of(stub, channel, game.version), 20,
                                     f"the prompt of version {game.version}")
        seat = rules.pending(game.state)[0]["seat"]
        user = users.get(game.seats[seat].user_id)
        assert user is not None, "a bot seat is never left waiting for a click"
        keep = ai.choose_move(game.state, seat, "easy")["keep"]
        ix = await reroll_by_toggles(stub, user, post, keep)
        moves += 1
        await ix.wait_ack()
        assert ix.callback_type in (6, 7)      # answered with the edit itself, or deferred then edited
        # the next step: the same message edited (one message per hand) or a new post for the next hand
        await stub.wait_until(lambda: {b["custom_id"].split(":")[3] for b in toggles(post)} != {str(game.version)},
                              20, "the confirmed prompt moves on")


async def test_channel_duel_between_two_members_to_the_match_picture(discord_stub, cast, rollbot):
    stub = discord_stub
    created = await stub.run_command(cast.alice, cast.games, "poker new")
    lobby = await created.wait_response()
    assert t("button.join", EN) in lobby.button_labels
    await (await stub.click(cast.bob, lobby, label=t("button.join", EN))).wait_ack()
    started = await stub.click(cast.alice, lobby, label=t("button.start", EN))
    first = await turn_post(stub, cast.games, started)
    game_id = game_id_of(first)
    assert [a.filename for a in first.attachments] == ["hand.png"] and len(toggles(first)) == 5
    assert cast.bob.id in first.mentions, "the opponent rerolls first"
    async with telling_the_seed(rollbot.bot, game_id):
        final, moves = await play_out(stub, rollbot.bot, cast.games, first,
                                      {cast.alice.id: cast.alice, cast.bob.id: cast.bob}, game_id)
    game = await stored_game(rollbot.bot, game_id)
    assert moves == 2 * len(game.state["history"])
    assert t("play.final_title", EN) in final.text and not final.buttons
    await assert_final_pictures(rollbot.bot, final, game_id)
    await stub.settle()
    assert stub.last_message(cast.games) is final, "nothing is posted after the match"
    stub.assert_clean()


@pytest.fixture
async def quick_rollbot(discord_stub, bot_starter, db_path):
    """A bot whose bot seats move without the pause people need to follow."""
    bot = await create_bot(rollbot_settings(discord_stub, db_path), bot_pause=0)
    return await bot_starter(bot, until="guild")


async def test_dm_duel_against_the_bot_to_the_match_picture(discord_stub, cast, quick_rollbot):
    stub = discord_stub
    dm = stub.dm_channel(cast.stranger)
    solo = await stub.run_command(cast.stranger, dm, "poker solo", opponents=1, level="easy")
    note = await solo.wait_response()
    assert not note.ephemeral, note.content
    first = await turn_post(stub, dm, solo)
    game_id = game_id_of(first)
    game = await stored_game(quick_rollbot.bot, game_id)
    assert game.guild_id is None and [s.is_ai for s in game.seats] == [False, True]
    post = first                          # the bot, the opponent in hand 1, rerolls first
    async with telling_the_seed(quick_rollbot.bot, game_id):
        final, moves = await play_out(stub, quick_rollbot.bot, dm, post, {cast.stranger.id: cast.stranger}, game_id)
    assert moves >= 1 and t("play.final_title", EN) in final.text
    await assert_final_pictures(quick_rollbot.bot, final, game_id)
    stub.assert_clean()


async def test_refusals_in_a_poker_channel(discord_stub, cast, rollbot):
    stub = discord_stub
    created = await stub.run_command(cast.alice, cast.games, "poker new")
    lobby = await created.wait_response()
    as_shown = copy.deepcopy(lobby.components)          # what an old client keeps showing: Join offered
    await (await stub.click(cast.bob, lobby, label=t("button.join", EN))).wait_ack()
    assert lobby.button(label=t("button.join", EN)).get("disabled"), "a full lobby greys Join out"
    lobby.components = as_shown                         # and clicks: the stand-in lets it, as Discord would
    third = await stub.click(cast.carol, lobby, label=t("button.join", EN))
    assert (await answer_of(third)).ephemeral
    started = await stub.click(cast.alice, lobby, label=t("button.start", EN))
    post = await turn_post(stub, cast.games, started)

    outsider = await answer_of(await stub.click(cast.carol, post, custom_id=toggles(post)[0]["custom_id"]))
    assert outsider.ephemeral and outsider.content == t("error.not_your_game", EN)
    early = await answer_of(await stub.click(cast.alice, post, custom_id=toggles(post)[0]["custom_id"]))
    assert early.ephemeral and t("error.not_your_turn", EN, players="\x00").split("\x00")[0] in early.content
    assert kept(post) == [0, 1, 2, 3, 4]

    # bob opens his moves privately, then confirms on the public post: the private toggles are now stale
    mine = await answer_of(await stub.click(cast.bob, post, label=t("button.my_moves", EN)))
    assert mine.ephemeral and len(toggles(mine)) == 5
    await reroll_by_toggles(stub, cast.bob, post, [0, 1, 2, 3, 4])
    await stub.wait_until(lambda: prompt_of(stub, cast.games, 1), 20, "the active player's toggles")
    assert prompt_of(stub, cast.games, 1) is post, "one message per hand: the hand's message is edited"
    stale = await answer_of(await stub.click(cast.bob, mine, custom_id=toggles(mine)[1]["custom_id"]))
    assert stale.ephemeral and stale.content == t("error.stale_button", EN, group="poker")

    rp = await answer_of(await stub.run_command(cast.carol, cast.games, "rp new", players=2))
    assert rp.content == t("engine.error.channel_busy", EN, group="poker")    # the game that holds the channel
    rp_status = await answer_of(await stub.run_command(cast.carol, cast.games, "rp status"))
    assert rp_status.content == t("error.other_game_here", EN, game="Dice Poker", group="poker")

    rp_lobby = await (await stub.run_command(cast.carol, cast.lounge, "rp new", players=2)).wait_response()
    assert not rp_lobby.ephemeral
    busy = await answer_of(await stub.run_command(cast.alice, cast.lounge, "poker new"))
    assert busy.content == t("engine.error.channel_busy", EN, group="rp")
    await stub.settle()
    stub.assert_clean()
