"""Sharding as Discord does it: each connection gets the guilds of its shard, a guild's events go to the
connection of its shard, DMs to shard 0's, and an invalid shard is refused."""

from __future__ import annotations

import aiohttp
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from .fixtures import Cast
from .gateway import shard_of
from .server import DiscordStub
from .testbot import ProbeBot


@pytest.fixture(autouse=True)
def gateway_address(discord_stub: DiscordStub, monkeypatch):
    """With a fixed shard range discord.py dials its built-in gateway address, not /gateway/bot's."""
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(discord_stub.gateway_url))


def probe(guild_id: int, shard_id: int, count: int) -> ProbeBot:
    bot = ProbeBot(guild_id)
    bot.shard_ids, bot.shard_count = [shard_id], count      # read when the bot launches its shards
    return bot


@pytest.fixture
def second_guild(discord_stub: DiscordStub):
    first = shard_of(discord_stub.guild.id, 2)
    return discord_stub.world.add_guild("Other Guild", shard=1 - first, shard_count=2)


async def test_each_shard_gets_its_guilds_and_their_events(discord_stub: DiscordStub, cast: Cast, second_guild,
                                                           bot_starter) -> None:
    stub = discord_stub
    home = shard_of(stub.guild.id, 2)
    assert shard_of(second_guild.id, 2) == 1 - home
    elsewhere = stub.world.add_channel("elsewhere", second_guild)
    bots = {home: probe(stub.guild.id, home, 2), 1 - home: probe(stub.guild.id, 1 - home, 2)}
    for shard in (0, 1):
        await bot_starter(bots[shard])
    assert [g.id for g in bots[home].guilds] == [stub.guild.id]
    assert [g.id for g in bots[1 - home].guilds] == [second_guild.id]
    assert {stub.shard_session(s, 2).shard for s in (0, 1)} == {(0, 2), (1, 2)}

    def carried_by(ix) -> list[tuple[int, int]]:
        return [s.shard for s in stub.live_sessions if any(f["d"] is ix.payload for f, _ in s.log.frames)]

    here = await stub.run_command(cast.alice, cast.games, "t ping")
    there = await stub.run_command(cast.alice, elsewhere, "t ping")
    dm = stub.dm_channel(cast.stranger)
    in_dm = await stub.run_command(cast.stranger, dm, "t ping")
    for ix in (here, there, in_dm):
        await ix.wait_response()
    assert carried_by(here) == [(home, 2)] and carried_by(there) == [(1 - home, 2)]
    assert carried_by(in_dm) == [(0, 2)], "DMs go to shard 0"
    assert there.payload["guild_id"] == str(second_guild.id)


async def test_an_invalid_shard_is_refused(discord_stub: DiscordStub) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(discord_stub.gateway_url) as ws:
        await ws.receive_json()                                     # HELLO
        await ws.send_json({"op": 2, "d": {"token": discord_stub.token, "intents": 0, "shard": [2, 2],
                                           "properties": {}}})
        closing = await ws.receive()
        assert ws.close_code == 4010 or closing.data == 4010
