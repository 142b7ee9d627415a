"""Whole games while Discord fails now and then: every move is shown exactly once, none lost, none twice.

The stand-in fails a seeded share of the bot's requests the ways Discord fails them: 503s and 500s that were not
processed, and timeouts after the request WAS processed (the message exists, the bot got no answer), on the
follow-ups that carry a new live message, on edits through an interaction, on channel posts and edits with the
bot token, and on the answers to clicks; the gateway connection drops and is resumed meanwhile. Seeded random
players play a Roll Player game to its end through all of it.

Exactly once is checked against the database: every post the outbox holds is delivered, and the game's public
messages in the channel are exactly the messages the outbox names, each once (a post sent twice would leave a
second message, one lost would leave a post undelivered or a message missing). All earlier live messages were
shrunk to their one-line summaries; only the final result keeps pictures.
"""
from __future__ import annotations

import asyncio
import contextlib

import pytest

from tests.e2e.flows import game_id_of, start_guild_game, telling_the_seed
from tests.e2e.policy import RandomPlayer
from tests.e2e.test_full_games import assert_one_live_message

FOLLOW_UP = "POST /webhooks/{application_id}/{token}"
INTERACTION_EDIT = "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"
CHANNEL_POST = "POST /channels/{channel_id}/messages"
CHANNEL_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"

#: (route, fault) pairs switched on for the whole game, each firing on a seeded share of matching requests
FAULTS = [
    (FOLLOW_UP, {"status": 503}),
    (FOLLOW_UP, {"timeout_after_processing": True}),
    (INTERACTION_EDIT, {"status": 503}),
    (INTERACTION_EDIT, {"timeout_after_processing": True}),
    (CHANNEL_POST, {"status": 503}),
    (CHANNEL_POST, {"status": 500}),
    (CHANNEL_POST, {"timeout_after_processing": True}),
    (CHANNEL_EDIT, {"status": 503}),
    (CHANNEL_EDIT, {"timeout_after_processing": True}),
    (CALLBACK, {"timeout_after_processing": True}),
]


def switch_faults_on(stub, seed: int, probability: float) -> None:
    stub.faults.reseed(seed)
    for route, fault in FAULTS:
        stub.faults.add(route, times=None, probability=probability, **fault)


async def drop_gateway_now_and_then(stub, every: float) -> None:
    """Cut the gateway connection every ``every`` seconds; the bot resumes and gets what it missed."""
    while True:
        await asyncio.sleep(every)
        await stub.drop_gateway()


async def assert_each_post_shown_once(stub, bot, channel, game_id: int, first) -> None:
    posts = await bot.sessions.store.posts(game_id)
    undelivered = [p.id for p in posts if p.delivered_at is None or p.message_id is None]
    assert not undelivered, f"posts never delivered (lost): {undelivered}"
    named = {p.message_id for p in posts}
    shown = [m for m in stub.messages(channel)
             if not m.ephemeral and not m.deleted and m.author.id == stub.application_id and m.id >= first.id]
    ids = [m.id for m in shown]
    assert len(ids) == len(set(ids))
    extra = [m for m in shown if m.id not in named]
    assert not extra, "messages no outbox post names (a post shown twice): " + ", ".join(
        f"{m.id} {m.text[:60]!r}" for m in extra)
    missing = named - set(ids)
    assert not missing, f"outbox posts whose message is not in the channel: {sorted(missing)}"


@pytest.mark.parametrize("seed", [11])
async def test_every_move_shown_once_while_discord_fails(discord_stub, cast, rollbot, seed):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    switch_faults_on(stub, seed, probability=0.08)
    dropping = asyncio.create_task(drop_gateway_now_and_then(stub, every=4.0))

    player = RandomPlayer(stub, cast.games, players, seed=seed, timeout=30.0)
    try:
        async with telling_the_seed(rollbot.bot, game_id):
            final = await player.play(first)
    finally:
        dropping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await dropping
    stub.faults.clear()
    await stub.settle()

    kinds = {f.what for f in stub.faults.injected}
    assert {"status 503", "timeout after processing", "dropped connection"} <= kinds, kinds
    assert player.log.moves >= 60
    await assert_each_post_shown_once(stub, rollbot.bot, cast.games, game_id, first)
    assert stub.last_message(cast.games) is final, "nothing is posted after the final scores"
    assert_one_live_message(stub, cast.games, final)
    stub.assert_clean()
